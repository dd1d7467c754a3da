// Statements: blocks, control flow, and expression statements.

extension Parser.State {
  /// `construct` names what the block belongs to, for messages ("function 'f'");
  /// `afterCondition` says a condition comes just before (`if`, `for`, `while`).
  // block = "{" { statement } "}" ;
  mutating func parseBlock(of construct: @autoclosure () -> String, afterCondition: Bool = false) -> Block {
    let start = token.range.start
    guard enterNesting() else { return Block(statements: [], range: missingRange.emptyAtStart) }
    defer { leaveNesting() }
    if afterCondition, token.kind == .equal {
      // `if x = 1 {`: Swift's classic slip, which deserves more than "expected '{'".
      report(.assignmentAsComparison, at: token.range, fixIts: [.init(range: token.range, replacement: "==")])
      return Block(statements: [], range: missingRange.emptyAtStart)
    }
    guard let open = expect(.leftBrace, .expectedBody(of: construct())) else {
      return Block(statements: [], range: missingRange.emptyAtStart)
    }
    var statements: [Stmt] = []
    statements.reserveCapacity(Parser.State.listCapacity)
    readItems(closer: .rightBrace) { state in statements.append(state.parseStatement()) }
    expectClosing(.rightBrace, opener: open, construct: construct())
    return Block(statements: statements, range: range(from: start))
  }

  // statement = varDecl | tupleDecl | funcDecl | ifStatement | guardStatement | forStatement
  //   | whileStatement | switchStatement | returnStatement | breakStatement
  //   | continueStatement | stepStatement | discardStatement | expressionStatement ;
  mutating func parseStatement() -> Stmt {
    switch token.kind {
    case .underscore where peek().kind == .equal, .kwLet where peek().kind == .underscore,
      .kwVar where peek().kind == .underscore:
      return parseDiscardStatement()
    case .kwLet where peek().kind == .leftParen, .kwVar where peek().kind == .leftParen:
      let declaration = parseTupleDecl()
      return Stmt(.tuple(declaration), range: declaration.range)
    case .kwLet, .kwVar:
      let declaration = parseVarDecl()
      if token.kind == .comma, !token.isAtStartOfLine {
        // `let a = 1, b = 2`: the first is kept, the rest of the line skipped.
        report(.multipleBindings, at: token.range)
        synchronize()
      }
      return Stmt(.variable(declaration), range: declaration.range)
    case .kwFunc:
      let declaration = parseFuncDecl()
      return Stmt(.function(declaration), range: declaration.range)
    case .kwIf: return parseIfStatement()
    case .kwGuard: return parseGuardStatement()
    case .kwFor: return parseForStatement()
    case .kwWhile: return parseWhileStatement()
    case .kwReturn: return parseReturnStatement()
    case .kwBreak: return parseBreakStatement()
    case .kwContinue: return parseContinueStatement()
    case .kwLongPress, .kwDrag, .kwTap, .kwRelease, .kwCancel, .kwWait, .kwSettle, .kwExpect:
      return parseStepStatement()
    case .kwApp, .kwDevice, .kwScenario:
      report(.declarationNotAtTopLevel(text(token)), at: token.range)
      return Stmt(.error, range: token.range)
    case .kwElse:
      report(.elseWithoutIf, at: token.range)
      return Stmt(.error, range: token.range)
    case .identifier
    where isOneOf(Parser.viewKinds, token) && peek().kind == .identifier
      && peek(2).kind == .leftBrace:
      // A view outside an app: read it for its own errors, keep nothing.
      let start = token.range.start
      report(.viewOutsideApp(text(token)), at: token.range)
      _ = parseViewDecl()
      return Stmt(.error, range: range(from: start))
    case .identifier where peek().kind == .colon && [.kwFor, .kwWhile].contains(peek(2).kind):
      // `outer: for ...`: reported, and the loop read as if unlabelled.
      report(.labelledStatement(text(token)), at: token.range)
      advance()
      advance()
      return parseStatement()
    case .identifier where isWord("switch") && startsSwitch():
      return parseSwitchStatement()
    case .identifier where isWord("case") || (isWord("default") && peek().kind == .colon):
      // A label outside a switch (inside one, the switch reads it first).
      report(.caseOutsideSwitch(text(token)), at: token.range)
      return Stmt(.error, range: token.range)
    case .identifier where isWord("fallthrough") && endsStatement(peek()):
      report(.fallthroughNotSupported, at: token.range)
      let word = token.range
      advance()
      return Stmt(.error, range: word)
    default:
      switch skipSwiftOnlyWord() {
      case .none: break
      case .skipped: return Stmt(.error, range: token.range)
      case .modifiersSkipped: return parseStatement()
      }
      guard canBeginExpression(token.kind) else {
        report(.expectedStatement(found: describe(token)), at: token.range)
        return Stmt(.error, range: token.range)
      }
      return parseExpressionStatement()
    }
  }

  // discardStatement = ( "_" | ( "let" | "var" ) "_" [ ":" type ] ) "=" expression ;
  mutating func parseDiscardStatement() -> Stmt {
    let start = token.range.start
    if token.kind != .underscore { advance() }
    advance()
    // The annotation says what is dropped; nothing checks it.
    if consume(.colon) != nil { _ = parseType() }
    expect(.equal, .expectedDiscardedValue)
    let value = parseExpression()
    return Stmt(.discard(value), range: range(from: start))
  }

  /// `switch` followed on its line by a subject or the "{" (which is
  /// reported as a missing subject); `switch = 1` or `switch.x` stays a name.
  mutating func startsSwitch() -> Bool {
    let next = peek()
    guard !next.isAtStartOfLine else { return false }
    if next.kind == .dot { return false }
    return canBeginExpression(next.kind) || next.kind.isKeyword
  }

  /// Whether `next` ends the statement before it: a line break, ";" or "}".
  func endsStatement(_ next: RawToken) -> Bool {
    next.isAtStartOfLine || next.kind == .semicolon || next.kind == .rightBrace || next.kind == .endOfFile
  }

  // ifStatement = "if" conditionList block [ "else" ( ifStatement | block ) ] ;
  mutating func parseIfStatement() -> Stmt {
    let start = token.range.start
    // Counts toward nesting: a long "else if" chain recurses here.
    guard enterNesting() else { return Stmt(.error, range: token.range) }
    defer { leaveNesting() }
    advance()
    let conditions = parseConditionList(after: "if")
    let then = parseBlock(of: "this 'if'", afterCondition: true)
    var otherwise: ElseClause?
    if consume(.kwElse) != nil {
      if at(.kwIf) {
        otherwise = .elseIf(parseIfStatement())
      } else {
        otherwise = .block(parseBlock(of: "this 'else'"))
      }
    }
    return Stmt(
      .ifStatement(conditions: conditions, then: then, otherwise: otherwise), range: range(from: start))
  }

  // guardStatement = "guard" conditionList "else" block ;
  mutating func parseGuardStatement() -> Stmt {
    let start = token.range.start
    advance()
    let conditions = parseConditionList(after: "guard")
    if token.kind == .equal {
      report(.assignmentAsComparison, at: token.range, fixIts: [.init(range: token.range, replacement: "==")])
    }
    expect(.kwElse, .expectedElseAfterGuard)
    let otherwise = parseBlock(of: "this 'guard'")
    return Stmt(.guardStatement(conditions: conditions, otherwise: otherwise), range: range(from: start))
  }

  /// A "{" in the conditions opens the body, never a trailing closure.
  // conditionList = condition { "," condition } ;
  mutating func parseConditionList(after keyword: String) -> [Condition] {
    let saved = allowsTrailingClosure
    allowsTrailingClosure = false
    defer { allowsTrailingClosure = saved }
    var conditions = [parseCondition(after: "'\(keyword)'")]
    while consume(.comma) != nil { conditions.append(parseCondition(after: "','")) }
    return conditions
  }

  // condition = ( "let" | "var" ) ( IDENT | "self" | "_" ) [ ":" type ] [ "=" expression ] | expression ;
  mutating func parseCondition(after keyword: @autoclosure () -> String) -> Condition {
    let start = token.range.start
    if startsCasePattern() {
      // `if case let x? = value`: Swift's pattern, reported; read up to the body.
      let word = keyword().filter { $0 != "'" }
      report(.casePatternOutsideSwitch(["guard", "while"].contains(word) ? word : "if"), at: token.range)
      skip(until: [.leftBrace, .kwElse, .comma])
      let missing = Expr(.error, range: range(from: start))
      return Condition(.expression(missing), range: missing.range)
    }
    switch token.kind {
    case .kwLet, .kwVar:
      let isConstant = token.kind == .kwLet
      let binding = isConstant ? "let" : "var"
      advance()
      // `guard let self = self else`, as closures with `[weak self]` write;
      // `if let _ = value` tests the value without naming it.
      let name: Name
      if token.kind == .underscore {
        name = Name("_", range: token.range)
        advance()
      } else {
        name = expectNameOrSelf(.expectedName(for: "this '\(binding)'", example: "'if let photo = photos.first'"))
      }
      var type: TypeRef?
      if consume(.colon) != nil { type = parseType() }
      let value: Expr
      if !name.text.isEmpty && name.text != "_" && (at(.leftBrace) || at(.comma) || at(.kwElse)) {
        // `if let photo {`: the shorthand for `if let photo = photo {`; the
        // value shares the name's range, which is how the formatter knows.
        value = Expr(name.text == "self" ? .selfReference : .identifier(name.text), range: name.range)
      } else {
        expect(.equal, .expectedBindingValue(binding, name: name.text))
        value = parseExpression()
      }
      return Condition(
        .binding(isConstant: isConstant, name: name, type: type, value: value), range: range(from: start))
    case .leftBrace:
      // "if {": the condition is missing; leave the "{" for the body.
      report(.expectedCondition(after: keyword()), at: missingRange.emptyAtStart)
      let missing = Expr(.error, range: missingRange.emptyAtStart)
      return Condition(.expression(missing), range: missing.range)
    default:
      let condition = parseExpression()
      return Condition(.expression(condition), range: condition.range)
    }
  }

  // forStatement = "for" ( IDENT | "_" | tuplePattern ) "in" expression [ "where" expression ] block ;
  mutating func parseForStatement() -> Stmt {
    let start = token.range.start
    advance()
    var variable: Name?
    var pattern: [PatternPart]?
    // `for var row in grid`: said, then read as what follows it.
    if at(.kwVar) || at(.kwLet) {
      report(.forVariableKeyword(at(.kwVar) ? "var" : "let"), at: token.range)
      advance()
    }
    if startsCasePattern() {
      report(.casePatternOutsideSwitch("for"), at: token.range)
      skip(until: [.kwIn, .leftBrace])
    } else if at(.leftParen) {
      pattern = parseTuplePattern(example: "'for (index, item) in items.enumerated()'")
    } else if consume(.underscore) == nil {
      variable = expectName(.expectedName(for: "the loop variable", example: "'for item in items { ... }'"))
    }
    expect(.kwIn, .expectedInAfterForVariable)
    let saved = allowsTrailingClosure
    allowsTrailingClosure = false
    let sequence = parseExpression()
    // `where` is a contextual word: only here, after the sequence, is it one.
    var filter: Expr?
    if isWord("where") {
      advance()
      if at(.leftBrace) {
        // "where {": the condition is missing; leave the "{" for the body.
        report(.expectedCondition(after: "'where'"), at: missingRange.emptyAtStart)
        filter = Expr(.error, range: missingRange.emptyAtStart)
      } else {
        filter = parseExpression()
      }
    }
    allowsTrailingClosure = saved
    let body = parseBlock(of: "this 'for'", afterCondition: true)
    return Stmt(
      .forStatement(variable: variable, sequence: sequence, body: body, pattern: pattern, filter: filter),
      range: range(from: start))
  }

  /// Whether the word here is Swift's `case` opening a pattern (`case let`,
  /// `case .copy`, `case 1`) after `if`, `guard` or `for`; a variable named
  /// `case` is followed by an operator, `in` or the end of the condition.
  mutating func startsCasePattern() -> Bool {
    guard isWord("case") else { return false }
    switch peek().kind {
    case .kwLet, .kwVar, .dot, .identifier, .integer, .string, .leftParen: return true
    default: return false
    }
  }

  /// Reads tokens up to one of `kinds` (left in place) or the end of the
  /// file, after a construct reported as not part of dnd.
  mutating func skip(until kinds: [TokenKind]) {
    while !kinds.contains(token.kind) && !at(.endOfFile) { advance() }
  }

  /// The most names a tuple pattern reads (a tuple of the language has no
  /// more use than that); past it the list ends and ")" is expected.
  static let maxTuplePatternNames = 16

  // tuplePattern = "(" patternPart "," patternPart { "," patternPart } ")" ;
  mutating func parseTuplePattern(example: String) -> [PatternPart] {
    let open = token
    advance()
    var parts: [PatternPart] = []
    repeat {
      guard let part = parsePatternPart(example: example) else { break }
      parts.append(part)
    } while consume(.comma) != nil && parts.count < Parser.State.maxTuplePatternNames
    if parts.count == 1, at(.rightParen), let part = parts.first {
      // Swift reads `(x)` as `x`; dnd keeps parentheses as a tuple (so the
      // formatter writes them back), and no value is a tuple of one.
      let text = text(at: part.range)
      report(
        .singlePartPattern(text), at: part.range,
        fixIts: [.init(range: open.range.union(token.range), replacement: text)])
    }
    expectClosing(.rightParen, opener: open, construct: "the names of the tuple's elements")
    return parts
  }

  // patternPart = IDENT | "_" | tuplePattern ;
  mutating func parsePatternPart(example: String) -> PatternPart? {
    // Nil past the nesting limit, which is reported.
    if let wildcard = consume(.underscore) { return .wildcard(wildcard.range) }
    guard at(.leftParen) else {
      return .name(expectName(.expectedName(for: "this element", example: example)))
    }
    let start = token.range.start
    guard enterNesting() else { return nil }
    defer { leaveNesting() }
    // `((a), b)`: one name in parentheses is a pattern of one part, not
    // Swift's grouping, which `parseTuplePattern` reports (a choice).
    let inner = parseTuplePattern(example: example)
    return .tuple(inner, range: range(from: start))
  }

  // tupleDecl = ( "let" | "var" ) tuplePattern [ ":" type ] "=" expression ;
  mutating func parseTupleDecl() -> TupleDecl {
    let start = token.range.start
    let isConstant = token.kind == .kwLet
    let keyword = isConstant ? "let" : "var"
    advance()
    let parts = parseTuplePattern(example: "'\(keyword) (width, height) = size'")
    var type: TypeRef?
    if consume(.colon) != nil { type = parseType() }
    var value = Expr(.error, range: missingRange)
    if expect(.equal, .tupleDeclWithoutValue(keyword)) != nil { value = parseExpression() }
    return TupleDecl(isConstant: isConstant, parts: parts, type: type, value: value, range: range(from: start))
  }

  // whileStatement = "while" conditionList block ;
  mutating func parseWhileStatement() -> Stmt {
    let start = token.range.start
    advance()
    let conditions = parseConditionList(after: "while")
    let body = parseBlock(of: "this 'while'", afterCondition: true)
    return Stmt(.whileStatement(conditions: conditions, body: body), range: range(from: start))
  }

  /// The value must start on the line of the `return`.
  // returnStatement = "return" [ expression ] ;
  mutating func parseReturnStatement() -> Stmt {
    let start = token.range.start
    advance()
    var value: Expr?
    if !token.isAtStartOfLine && canBeginExpression(token.kind) { value = parseExpression() }
    return Stmt(.returnStatement(value), range: range(from: start))
  }

  // breakStatement = "break" ;
  mutating func parseBreakStatement() -> Stmt {
    let keyword = token
    advance()
    return Stmt(.breakStatement, range: keyword.range)
  }

  // continueStatement = "continue" ;
  mutating func parseContinueStatement() -> Stmt {
    let keyword = token
    advance()
    return Stmt(.continueStatement, range: keyword.range)
  }

  // expressionStatement = expression [ assignmentOperator expression ] ;
  mutating func parseExpressionStatement() -> Stmt {
    let target = parseExpression()
    guard let op = parseAssignmentOperator() else { return Stmt(.expression(target), range: target.range) }
    let value = parseExpression()
    if token.kind == .equal, !token.isAtStartOfLine {
      // `a = b = 2`: Swift's assignment has no value to pass on.
      report(.chainedAssignment, at: token.range)
    }
    return Stmt(.assignment(target: target, op: op, value: value), range: target.range.union(value.range))
  }

  // assignmentOperator = "=" | "+=" | "-=" | "*=" | "/=" | "%=" ;
  mutating func parseAssignmentOperator() -> AssignmentOperator? {
    let op: AssignmentOperator
    switch token.kind {
    case .equal: op = .assign
    case .plusEqual: op = .add
    case .minusEqual: op = .subtract
    case .starEqual: op = .multiply
    case .slashEqual: op = .divide
    case .percentEqual: op = .remainder
    default: return nil
    }
    advance()
    return op
  }
}
