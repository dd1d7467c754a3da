// The switch statement: `switch subject { case p1, p2: ... default: ... }`.
// `case` and `default` are contextual words (`default:` is also an argument
// label, as in `d[k, default: 0]`): they are labels only at the start of an
// item inside a switch's braces.

extension Parser {
  /// The words of a switch, all contextual (for tools such as the fuzzer's dictionary).
  public static let switchWords = ["switch", "case", "default"]
}

extension Parser.State {
  // switchStatement = "switch" expression "{" switchCase { switchCase } "}" ;
  mutating func parseSwitchStatement() -> Stmt {
    let start = token.range.start
    // Counts toward nesting, as a block does: its cases hold statements.
    guard enterNesting() else { return Stmt(.error, range: token.range) }
    defer { leaveNesting() }
    let keyword = token.range
    advance()
    let subject: Expr
    if at(.leftBrace) {
      report(.expectedExpression(after: "switch"), at: missingRange.emptyAtStart)
      subject = Expr(.error, range: missingRange.emptyAtStart)
    } else {
      // A "{" after the subject opens the cases, never a trailing closure.
      let saved = allowsTrailingClosure
      allowsTrailingClosure = false
      subject = parseExpression()
      allowsTrailingClosure = saved
    }
    guard let open = expect(.leftBrace, .expectedBody(of: "this 'switch'")) else {
      return Stmt(.switchStatement(subject: subject, cases: []), range: range(from: start))
    }
    var cases: [SwitchCase] = []
    let errorsBefore = errorCount
    readItems(closer: .rightBrace) { state in
      if state.atCaseLabel() {
        state.parseSwitchCase(into: &cases)
        return
      }
      let statement = state.parseStatement()
      guard !cases.isEmpty else {
        state.report(.statementOutsideCase, at: statement.range)
        return
      }
      cases[cases.count - 1].body.append(statement)
      cases[cases.count - 1].range = cases[cases.count - 1].range.union(statement.range)
    }
    expectClosing(.rightBrace, opener: open, construct: "this 'switch'")
    // Only when all else was read: a broken label loses its line, and a
    // statement before any case is reported already.
    if errorCount > errorsBefore {
      // Reported already.
    } else if cases.isEmpty {
      report(.emptySwitch, at: keyword)
    } else if let empty = cases.first(where: { $0.body.isEmpty }) {
      report(.caseWithoutStatements(empty.isDefault ? "default" : "case"), at: empty.labelRange)
    }
    return Stmt(.switchStatement(subject: subject, cases: cases), range: range(from: start))
  }

  /// At `case` or at `default` followed by ":" or a line break.
  mutating func atCaseLabel() -> Bool {
    if isWord("case") { return true }
    guard isWord("default") else { return false }
    let next = peek()
    return next.kind == .colon || next.isAtStartOfLine || next.kind == .rightBrace
  }

  /// Reads one label, and the statement after its ":" when it is on the
  /// same line (the rest of the case's statements are read as items of the
  /// switch's braces). The order of labels is checked here: nothing after
  /// `default:`.
  // switchCase = ( "case" casePatterns | "default" ) ":" statement { statement } ;
  mutating func parseSwitchCase(into cases: inout [SwitchCase]) {
    let start = token.range.start
    let isDefault = isWord("default")
    let word = token.range
    advance()
    var patterns: [Expr]?
    if let last = cases.last, last.isDefault {
      report(isDefault ? .duplicateDefault : .caseAfterDefault, at: word)
      return
    }
    if !isDefault { patterns = parseCasePatterns() }
    if !panicMode {
      expect(.colon, .expectedColonAfterCase(isDefault ? "'default'" : "the patterns of this 'case'"))
    }
    let label = range(from: start)
    // Kept when broken too, so that the statements below belong to it.
    cases.append(SwitchCase(patterns: patterns, body: [], labelRange: label, range: label))
    if panicMode { return }
    if token.isAtStartOfLine || token.kind == .semicolon || token.kind == .rightBrace || token.kind == .endOfFile
      || atCaseLabel()
    {
      return
    }
    let statement = parseStatement()
    cases[cases.count - 1].body.append(statement)
    cases[cases.count - 1].range = cases[cases.count - 1].range.union(statement.range)
  }

  /// Where a parenthesized pattern starting here ends, when it holds a "_"
  /// of its own (`(_, 2)`), looking ahead on its line only.
  mutating func wildcardTupleEnd() -> UInt32? {
    var depth = 1
    var sawWildcard = false
    var distance = 1
    while distance < 64 {
      let next = peek(distance)
      if next.isAtStartOfLine || next.kind == .endOfFile { return nil }
      switch next.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket:
        depth -= 1
        if depth == 0 { return sawWildcard ? next.range.end : nil }
      case .underscore: sawWildcard = true
      default: break
      }
      distance += 1
    }
    return nil
  }

  /// Patterns are expressions. What Swift's patterns add to them (bindings,
  /// `where`, tuples, `is`) is reported with what to write instead.
  // casePatterns = expression { "," expression } ;
  mutating func parseCasePatterns() -> [Expr] {
    var patterns: [Expr] = []
    repeat {
      if bindsInPattern() {
        report(.caseValueBinding, at: token.range)
        return patterns
      }
      if token.kind == .kwIs {
        report(.caseTypePattern, at: token.range)
        return patterns
      }
      if token.kind == .leftParen, let end = wildcardTupleEnd() {
        // `case (_, 2):` is no expression; say what the tuple pattern is
        // before the "_" would be reported as a missing value.
        let range = SourceRange(file: file.id, start: Int(token.range.start), end: Int(end))
        report(.caseTuplePattern, at: range)
        skip(until: [.colon, .rightBrace])
        return patterns
      }
      guard canBeginExpression(token.kind), token.kind != .leftBrace else {
        report(.expectedExpression(after: patterns.isEmpty ? "case" : ","), at: missingRange)
        return patterns
      }
      let pattern = parseExpression()
      if case .tuple = pattern.kind {
        report(.caseTuplePattern, at: pattern.range)
        return patterns
      }
      patterns.append(pattern)
      if isWord("where") {
        report(.caseWhereClause, at: token.range)
        return patterns
      }
    } while consume(.comma) != nil
    return patterns
  }

  /// Whether the pattern ahead has `let` or `var` before its ":" on this
  /// line (`case let x`, `case .some(let x)`, `case (let a, 0)`).
  private mutating func bindsInPattern() -> Bool {
    var candidate = token
    var distance = 1
    // Bounded: a pattern is short, and a runaway line is not one.
    while distance < 64 {
      switch candidate.kind {
      case .kwLet, .kwVar: return true
      case .colon, .endOfFile, .leftBrace, .rightBrace: return false
      default: break
      }
      candidate = peek(distance)
      distance += 1
      if candidate.isAtStartOfLine { return false }
    }
    return false
  }
}
