// Scenario steps: what the simulated fingers do, and what to check after.
// The words after a step keyword ("to", "called", "on", ...) are contextual:
// they are identifiers everywhere else.

extension Parser {
  /// The step a word that starts a statement may have meant: a near
  /// spelling of a step's keyword (`longpress`, `relase`), or a word for
  /// what a step does (`dragTo`, `drop`). The parser asks about a word
  /// followed by more (`longpress source`), the checker about an unknown
  /// name standing alone (`drop`).
  public static func stepSuggestion(for word: String) -> String? {
    if let step = stepSynonyms[word.lowercased()] { return step }
    return Suggestions.closest(to: word, in: stepWords)
  }

  static let stepWords = ["longPress", "drag", "tap", "release", "cancel", "wait", "settle", "expect"]

  /// Words a newcomer writes for a step, lowercased.
  static let stepSynonyms = [
    "dragto": "drag to", "dragthrough": "drag through", "moveto": "drag to", "move": "drag to",
    "press": "longPress", "hold": "longPress", "lift": "longPress", "longtap": "longPress",
    "drop": "release", "sleep": "wait", "assert": "expect",
  ]
}

extension Parser.State {
  // stepStatement = longPressStep | dragStep | tapStep | releaseStep | cancelStep
  //   | waitStep | settleStep | expectStep ;
  mutating func parseStepStatement() -> Stmt {
    let start = token.range.start
    if let use = stepWordAsValue() {
      // `drag.isEnabled = true`, `release = 1`: the word named a value.
      report(.reservedWordAsName(text(at: token.range), use: use), at: token.range)
      synchronize()
      return Stmt(.error, range: range(from: start))
    }
    let step: Step
    switch token.kind {
    case .kwLongPress: step = parseLongPressStep()
    case .kwDrag: step = parseDragStep()
    case .kwTap: step = parseTapStep()
    case .kwRelease: step = parseReleaseStep()
    case .kwCancel: step = parseCancelStep()
    case .kwWait: step = parseWaitStep()
    case .kwSettle: step = parseSettleStep()
    default: step = parseExpectStep()
    }
    return Stmt(.step(step), range: range(from: start))
  }

  /// What the step word at hand begins, when the tokens after it use it as
  /// a value instead: a member touching it (`drag.x`; `expect .copy == p`
  /// is a step) or an assignment to it.
  mutating func stepWordAsValue() -> String? {
    let next = peek()
    guard !next.isAtStartOfLine else { return nil }
    switch next.kind {
    case .dot where next.range.start == token.range.end: break
    case .questionDot where next.range.start == token.range.end: break
    case .equal, .plusEqual, .minusEqual, .starEqual, .slashEqual, .percentEqual: break
    default: return nil
    }
    return Self.dndWordUse(text(at: token.range))
  }

  // longPressStep = "longPress" expression [ "for" expression ] ;
  mutating func parseLongPressStep() -> Step {
    advance()
    skipWordBeforeTarget(of: "longPress")
    let target = readStepOperand(after: "longPress")
    var duration: Expr?
    if at(.kwFor) && !token.isAtStartOfLine {
      advance()
      duration = readStepOperand(after: "for")
    }
    return .longPress(target: target, duration: duration)
  }

  // dragStep = "drag" ( "to" | "through" ) expression { "," expression } ;
  mutating func parseDragStep() -> Step {
    advance()
    let isThrough = isWord("through")
    guard (isThrough || isWord("to")) && !token.isAtStartOfLine else {
      if isWord("from") && !token.isAtStartOfLine {
        // `drag from a to b`: the drag goes on from where the long press
        // lifted. The rest is read, so that a target spread over lines
        // reports nothing more.
        report(.dragFrom, at: token.range)
        advance()
        if !token.isAtStartOfLine { _ = parseExpression() }
        // `to` may start the next line here: after `drag from`, it hardly begins a statement.
        if (isWord("to") || isWord("through")) && !peek().isAtStartOfLine {
          advance()
          repeat { _ = parseExpression() } while consume(.comma) != nil
        }
      } else {
        report(.expectedDragDirection, at: missingRange)
      }
      return .drag(isThrough: false, targets: [])
    }
    let direction = text(token)
    advance()
    var targets = [readStepOperand(after: direction)]
    while consume(.comma) != nil { targets.append(parseExpression()) }
    return .drag(isThrough: isThrough, targets: targets)
  }

  // tapStep = "tap" expression ;
  mutating func parseTapStep() -> Step {
    advance()
    skipWordBeforeTarget(of: "tap")
    return .tap(readStepOperand(after: "tap"))
  }

  // releaseStep = "release" ;
  mutating func parseReleaseStep() -> Step {
    advance()
    reportArguments(to: "release")
    return .release
  }

  // cancelStep = "cancel" ;
  mutating func parseCancelStep() -> Step {
    advance()
    reportArguments(to: "cancel")
    return .cancel
  }

  // waitStep = "wait" expression ;
  mutating func parseWaitStep() -> Step {
    advance()
    return .wait(readStepOperand(after: "wait"))
  }

  // settleStep = "settle" ;
  mutating func parseSettleStep() -> Step {
    advance()
    reportArguments(to: "settle")
    return .settle
  }

  /// The forms are told apart by their first words: "not called", "called
  /// NAME", "exception NAME", "warning" (alone or with a string); anything
  /// else is a Boolean expression, so `expect called == 2` still works.
  // expectStep = "expect" ( expectCall | expectException | expectWarning | expression ) ;
  mutating func parseExpectStep() -> Step {
    advance()
    if !token.isAtStartOfLine {
      let next = peek()
      let nextOnLine = !next.isAtStartOfLine
      // `expect called` alone stays an expression (a Bool named `called`);
      // the checker says what to write when no such name is declared.
      if isWord("not") && isWord("called", next) && nextOnLine
        || isWord("called") && next.kind == .identifier && nextOnLine
      {
        return parseExpectCall()
      }
      if isWord("exception") && next.kind == .identifier && nextOnLine { return parseExpectException() }
      if isWord("not") && isWord("exception", next) && nextOnLine {
        report(.expectNotException, at: token.range.union(next.range))
        advance()
        return parseExpectException()
      }
      if isWord("warning") && endsWarningWord(next) || isWord("not") && isWord("warning", next) && nextOnLine
        && endsWarningWord(peek(2))
      {
        return parseExpectWarning()
      }
    }
    return .expect(readStepOperand(after: "expect"))
  }

  // expectCall = [ "not" ] "called" IDENT [ "on" expression ] [ "times" expression ] ;
  mutating func parseExpectCall() -> Step {
    let negated = isWord("not")
    if negated { advance() }
    advance()  // "called"
    let method = expectName(.expectedName(for: "the delegate method", example: "'expect called performDrop'"))
    var receiver: Expr?
    if isWord("on") && !token.isAtStartOfLine {
      advance()
      receiver = readStepOperand(after: "on")
    }
    var times: Expr?
    if isWord("times") && !token.isAtStartOfLine {
      advance()
      times = readStepOperand(after: "times")
    }
    return .expectCall(negated: negated, method: method, on: receiver, times: times)
  }

  // expectException = "exception" IDENT ;
  mutating func parseExpectException() -> Step {
    advance()
    let name = expectName(
      .expectedName(for: "the exception", example: "'expect exception NSInternalInconsistencyException'"))
    return .expectException(name)
  }

  /// Whether `next` may follow the word "warning" of an `expect warning`
  /// step (its text, or the end of the step), so that `expect warning == x`
  /// still reads as an expression.
  private func endsWarningWord(_ next: RawToken) -> Bool {
    next.kind == .string && !next.isAtStartOfLine || next.isAtStartOfLine || next.kind == .semicolon
      || next.kind == .rightBrace || next.kind == .endOfFile
  }

  // expectWarning = [ "not" ] "warning" [ STRING ] ;
  mutating func parseExpectWarning() -> Step {
    let start = token.range.start
    let negated = isWord("not")
    if negated { advance() }
    advance()
    var text: String?
    if token.kind == .string && !token.isAtStartOfLine {
      let textToken = token
      advance()
      text = plainText(of: textToken, what: "the text of an expected warning")
    }
    return .expectWarning(negated: negated, text: text, range: range(from: start))
  }

  /// `longPress at Point(1, 1)`, `tap on trash`: a word before the target,
  /// which a step takes directly. Reported with a fix-it that removes the
  /// word, which is skipped so the target is still read. `at` alone, or
  /// followed by what continues an expression (`at.center`, `at(1)`), is
  /// a name and stays.
  private mutating func skipWordBeforeTarget(of step: String) {
    guard !token.isAtStartOfLine, isWord("at") || isWord("on") else { return }
    let next = peek()
    guard !next.isAtStartOfLine else { return }
    switch next.kind {
    case .identifier, .integer, .double, .string, .kwSelf:
      let removal = SourceRange(file: file.id, start: Int(token.range.start), end: Int(next.range.start))
      report(
        .stepWordBeforeTarget(step: step, word: text(token)), at: token.range,
        fixIts: [Diagnostic.FixIt(range: removal, replacement: "")])
      advance()
    default:
      return
    }
  }

  /// `release()`, `settle()`: a step without operands written as a call.
  private mutating func reportArguments(to step: String) {
    guard at(.leftParen) && !token.isAtStartOfLine else { return }
    let next = peek()
    let call = SourceRange(file: file.id, start: Int(token.range.start), end: Int(next.range.end))
    let fixIts = next.kind == .rightParen ? [Diagnostic.FixIt(range: call, replacement: "")] : []
    report(.stepTakesNoArguments(step), at: token.range, fixIts: fixIts)
    // Read as an expression, so that parentheses spread over lines report nothing more.
    _ = parseExpression()
  }

  /// The expression a step needs, which must start on the step's line.
  private mutating func readStepOperand(after word: String) -> Expr {
    guard !token.isAtStartOfLine else {
      report(.expectedExpression(after: word), at: missingRange)
      return Expr(.error, range: missingRange)
    }
    return parseExpression()
  }
}
