// Expressions, from the loosest operator to the tightest, as in Swift. Each
// step of an operator chain or a postfix chain counts as a level of nesting,
// since it deepens the tree that later stages walk recursively.

extension Parser.State {
  // expression = ternary ;
  mutating func parseExpression() -> Expr {
    guard enterNesting() else { return Expr(.error, range: missingRange) }
    defer { leaveNesting() }
    return parseTernary()
  }

  /// Every level below starts by reading a unary operand; it is read here
  /// first, and when no operator follows (most operands) it is the whole
  /// expression, without a trip down and up the ten levels. Otherwise it is
  /// handed down as the first operand of the innermost level.
  // ternary = disjunction [ "?" expression ":" ternary ] ;
  mutating func parseTernary() -> Expr {
    let operand = parseUnary()
    if !continuesExpression(token.kind) { return operand }
    let condition = parseDisjunction(first: operand)
    guard at(.question), enterNesting() else { return condition }
    defer { leaveNesting() }
    advance()
    let then = parseExpression()
    expect(.colon, .expectedColonInConditional)
    let otherwise = parseTernary()
    return Expr(
      .ternary(condition: condition, then: then, otherwise: otherwise),
      range: condition.range.union(otherwise.range))
  }

  // disjunction = conjunction { "||" conjunction } ;
  mutating func parseDisjunction(first: Expr? = nil) -> Expr {
    var left = parseConjunction(first: first)
    var levels = 0
    defer { leaveNesting(levels) }
    while at(.pipePipe), enterNesting() {
      levels += 1
      advance()
      left = binary(.or, left, parseConjunction())
    }
    return left
  }

  // conjunction = comparison { "&&" comparison } ;
  mutating func parseConjunction(first: Expr? = nil) -> Expr {
    var left = parseComparison(first: first)
    var levels = 0
    defer { leaveNesting(levels) }
    while at(.ampAmp), enterNesting() {
      levels += 1
      advance()
      left = binary(.and, left, parseComparison())
    }
    return left
  }

  // comparison = coalescing [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" | "===" | "!==" ) coalescing ] ;
  mutating func parseComparison(first: Expr? = nil) -> Expr {
    let left = parseCoalescing(first: first)
    guard let op = comparisonOperator(token.kind) else { return left }
    advance()
    let result = binary(op, left, parseCoalescing())
    if comparisonOperator(token.kind) != nil {
      // "a < b < c": non-associative, as in Swift. Read the rest to stay in step.
      report(.chainedComparison, at: token.range)
      advance()
      _ = parseCoalescing()
    }
    return result
  }

  // coalescing = cast [ "??" coalescing ] ;
  mutating func parseCoalescing(first: Expr? = nil) -> Expr {
    let left = parseCast(first: first)
    guard at(.questionQuestion), enterNesting() else { return left }
    defer { leaveNesting() }
    advance()
    return binary(.nilCoalescing, left, parseCoalescing())
  }

  // cast = rangeExpr { ( "as?" | "as!" | "as" | "is" ) type } ;
  mutating func parseCast(first: Expr? = nil) -> Expr {
    var value = parseRangeExpr(first: first)
    var levels = 0
    defer { leaveNesting(levels) }
    while let kind = castKind(token.kind), enterNesting() {
      levels += 1
      advance()
      let type = parseType()
      value = Expr(.cast(value, kind, type), range: value.range.union(type.range))
    }
    return value
  }

  // rangeExpr = additive [ ( "..<" | "..." ) additive ] ;
  mutating func parseRangeExpr(first: Expr? = nil) -> Expr {
    let lower = parseAdditive(first: first)
    guard at(.halfOpenRange) || at(.closedRange) else { return lower }
    let isClosed = at(.closedRange)
    let operatorRange = token.range
    advance()
    guard canBeginExpression(token.kind), !(token.isAtStartOfLine && isClosed) else {
      report(.oneSidedRange, at: operatorRange)
      return lower
    }
    let upper = parseAdditive()
    return Expr(.range(lower: lower, upper: upper, isClosed: isClosed), range: lower.range.union(upper.range))
  }

  // additive = multiplicative { ( "+" | "-" ) multiplicative } ;
  mutating func parseAdditive(first: Expr? = nil) -> Expr {
    var left = parseMultiplicative(first: first)
    var levels = 0
    defer { leaveNesting(levels) }
    while let op = additiveOperator(), enterNesting() {
      levels += 1
      advance()
      left = binary(op, left, parseMultiplicative())
    }
    return left
  }

  // multiplicative = unary { ( "*" | "/" | "%" ) unary } ;
  mutating func parseMultiplicative(first: Expr? = nil) -> Expr {
    var left = first ?? parseUnary()
    var levels = 0
    defer { leaveNesting(levels) }
    while let op = multiplicativeOperator(token.kind), enterNesting() {
      levels += 1
      advance()
      left = binary(op, left, parseUnary())
    }
    return left
  }

  // unary = ( "-" | "!" ) unary | postfix ;
  mutating func parseUnary() -> Expr {
    guard at(.minus) || at(.bang) else {
      // Swift's `try` and `await` are reported and skipped in a loop, not by
      // recursion: a long run of them must not exhaust the native stack.
      var skipped = false
      while token.kind == .identifier && (skipTry() || skipAwait()) { skipped = true }
      if skipped && (at(.minus) || at(.bang)) { return parseUnary() }
      return parsePostfix()
    }
    guard enterNesting() else { return Expr(.error, range: token.range) }
    defer { leaveNesting() }
    let op = token
    advance()
    // Swift reads a minus touching an integer literal as part of it, so
    // that Int.min can be written; only that magnitude needs it.
    if op.kind == .minus, token.kind == .integer, token.range.start == op.range.end, isIntMinMagnitude(token) {
      let literal = token
      advance()
      return parsePostfix(from: Expr(.integer(Int.min), range: op.range.union(literal.range)))
    }
    let operand = parseUnary()
    return Expr(.unary(op.kind == .minus ? .negate : .not, operand), range: op.range.union(operand.range))
  }

  // postfix = primary { memberSuffix | callSuffix | subscriptSuffix | trailingClosures | forceUnwrap } ;
  mutating func parsePostfix(from start: Expr? = nil) -> Expr {
    // `start`: a primary already parsed (Int.min's literal, by `parseUnary`).
    var expr = start ?? parsePrimary()
    var levels = 0
    defer { leaveNesting(levels) }
    while true {
      switch token.kind {
      case .dot, .questionDot:
        break
      case .bang:
        // As in Swift, a postfix "!" touches what it unwraps; "a !b" is not one.
        if token.range.start != expr.range.end || token.isAtStartOfLine { return expr }
      case .leftParen, .leftBracket:
        // On a new line these begin a statement rather than call or subscript.
        if token.isAtStartOfLine { return expr }
      case .question:
        if !startsOptionalSubscript() && !startsOptionalCall() { return expr }
      case .leftBrace:
        if token.isAtStartOfLine || !allowsTrailingClosure || startsPropertyObserver() { return expr }
      case .less:
        // `Set<String>()`: Swift's generic arguments, touching a type's name.
        guard case .identifier(let name) = expr.kind, name.first?.isUppercase == true,
          token.range.start == expr.range.end, startsGenericArguments()
        else { return expr }
        skipGenericArguments(of: name, from: expr.range.start)
        continue
      default:
        return expr
      }
      guard enterNesting() else { return expr }
      levels += 1
      switch token.kind {
      case .dot, .questionDot: expr = parseMemberSuffix(of: expr)
      case .leftParen: expr = parseCallSuffix(of: expr)
      case .question where startsOptionalCall(): expr = parseCallSuffix(of: expr)
      case .leftBracket, .question: expr = parseSubscriptSuffix(of: expr)
      case .bang: expr = parseForceUnwrap(of: expr)
      default: expr = parseTrailingClosures(of: expr)
      }
    }
  }

  /// At `{ didSet {` or `{ willSet {` after a variable's initial value:
  /// Swift's property observer, not a trailing closure (parseVarDecl
  /// reports it).
  mutating func startsPropertyObserver() -> Bool {
    let word = peek()
    return (isWord("didSet", word) || isWord("willSet", word)) && peek(2).kind == .leftBrace
  }

  // forceUnwrap = "!" ;
  mutating func parseForceUnwrap(of operand: Expr) -> Expr {
    advance()
    return Expr(.forceUnwrap(operand), range: range(from: operand.range.start))
  }

  // memberSuffix = ( "." | "?." ) ( IDENT | KEYWORD | INT ) ;
  mutating func parseMemberSuffix(of base: Expr) -> Expr {
    let isOptional = at(.questionDot)
    advance()
    let name: Name
    if token.kind == .identifier || token.kind == .integer || token.kind.isKeyword {
      name = tokenName
      advance()
    } else {
      report(.expectedMemberName, at: missingRange)
      name = Name("", range: missingRange.emptyAtStart)
    }
    return Expr(.member(base: base, name: name, isOptional: isOptional), range: range(from: base.range.start))
  }

  // callSuffix = [ "?" ] "(" [ argumentList ] ")" ;
  mutating func parseCallSuffix(of callee: Expr) -> Expr {
    let isOptional = consume(.question) != nil
    let open = token
    advance()
    let arguments = at(.rightParen) ? [] : parseArgumentList(closer: .rightParen)
    expectClosing(.rightParen, opener: open, construct: "this call")
    let kind = ExprKind.call(callee: callee, arguments: arguments, isOptional: isOptional)
    return Expr(kind, range: range(from: callee.range.start))
  }

  /// A missing "," between two arguments on a line is reported and the next
  /// argument read anyway; a trailing "," is allowed.
  // argumentList = argument { "," argument } [ "," ] ;
  mutating func parseArgumentList(closer: TokenKind) -> [Argument] {
    let saved = allowsTrailingClosure
    allowsTrailingClosure = true
    defer { allowsTrailingClosure = saved }
    var arguments: [Argument] = []
    arguments.appendToList(parseArgument())
    while true {
      if consume(.comma) != nil {
        if at(closer) { break }
      } else if !panicMode && !at(closer) && canBeginExpression(token.kind) {
        reportMissingComma(between: "arguments")
      } else {
        break
      }
      let before = progress
      arguments.appendToList(parseArgument())
      if progress == before { break }
    }
    return arguments
  }

  // argument = [ ( IDENT | KEYWORD ) ":" ]
  //            ( expression | "<" | "<=" | ">" | ">=" | "==" | "!=" | "+" | "-" | "*" | "/" ) ;
  mutating func parseArgument() -> Argument {
    let label = consumeLabel()
    if let spelling = Parser.State.operatorsAsFunctions[token.kind], [.rightParen, .comma].contains(peek().kind),
      let operation = BinaryOperator(rawValue: spelling)
    {
      // `sorted(by: >)`: Swift passes the operator's function.
      let range = token.range
      advance()
      return Argument(label: label, value: Expr(.operatorFunction(operation), range: range))
    }
    return Argument(label: label, value: parseExpression())
  }

  /// The operators Swift code passes as functions (`sorted(by: >)`,
  /// `reduce(0, +)`), by token.
  static let operatorsAsFunctions: [TokenKind: String] = [
    .less: "<", .lessEqual: "<=", .greater: ">", .greaterEqual: ">=", .equalEqual: "==", .bangEqual: "!=",
    .plus: "+", .minus: "-", .star: "*", .slash: "/",
  ]

  // subscriptSuffix = [ "?" ] "[" argumentList "]" ;
  mutating func parseSubscriptSuffix(of base: Expr) -> Expr {
    let isOptional = consume(.question) != nil
    let open = token
    advance()
    let arguments = parseArgumentList(closer: .rightBracket)
    expectClosing(.rightBracket, opener: open, construct: "this subscript")
    let kind = ExprKind.subscripted(base: base, arguments: arguments, isOptional: isOptional)
    return Expr(kind, range: range(from: base.range.start))
  }

  /// Whether the "?" here makes an optional subscript: it touches the value
  /// before it and a "[" after it (`x?[i]`); otherwise it is a conditional's.
  mutating func startsOptionalSubscript() -> Bool {
    guard token.range.start == previous.end else { return false }
    let next = peek()
    return next.kind == .leftBracket && next.range.start == token.range.end
  }

  /// Whether the "<" here opens Swift's generic arguments rather than a
  /// comparison: names, dots, commas, colons, brackets and "?" up to the
  /// matching ">", then "(" or "." (`Set<String>()`, `Array<Int>.init`).
  mutating func startsGenericArguments() -> Bool {
    var depth = 1
    var distance = 1
    while distance < 32 {
      switch peek(distance).kind {
      case .identifier, .dot, .comma, .colon, .leftBracket, .rightBracket, .question: break
      case .less: depth += 1
      case .greater:
        depth -= 1
        if depth == 0 {
          let next = peek(distance + 1).kind
          return next == .leftParen || next == .dot
        }
      default: return false
      }
      distance += 1
    }
    return false
  }

  /// Whether the "?" here calls an optional function: it touches the value
  /// before it and a "(" after it (`changeAspectRatio?()`).
  mutating func startsOptionalCall() -> Bool {
    guard token.range.start == previous.end else { return false }
    let next = peek()
    return next.kind == .leftParen && next.range.start == token.range.end
  }

  /// The closures join the arguments of the call they follow, or make a call
  /// of `callee` without parentheses (`list.forEach { ... }`).
  // trailingClosures = closure { IDENT ":" closure } ;
  mutating func parseTrailingClosures(of callee: Expr) -> Expr {
    var function = callee
    var arguments: [Argument] = []
    var isOptional = false
    if case .call(let calledFunction, let existing, let optional) = callee.kind {
      function = calledFunction
      arguments = existing
      isOptional = optional
    }
    arguments.appendToList(Argument(label: nil, value: parseClosure(), isTrailingClosure: true))
    while token.kind == .identifier, peek().kind == .colon, peek(2).kind == .leftBrace {
      let label = tokenName
      advance()
      advance()
      arguments.appendToList(Argument(label: label, value: parseClosure(), isTrailingClosure: true))
    }
    let kind = ExprKind.call(callee: function, arguments: arguments, isOptional: isOptional)
    return Expr(kind, range: range(from: callee.range.start))
  }

  /// Literals and names are read by helpers: this function is on every
  /// level of a nested expression, so its own stack frame stays small.
  // primary = INT | DOUBLE | stringLiteral | "true" | "false" | "nil" | "self"
  //   | IDENT | implicitMember | parenthesized | collectionLiteral | closure ;
  mutating func parsePrimary() -> Expr {
    switch token.kind {
    case .integer: return integerLiteral()
    case .double: return doubleLiteral()
    case .string, .multilineString: return parseStringLiteral()
    case .kwTrue, .kwFalse, .kwNil, .kwSelf, .identifier: return wordExpression()
    case .dot: return parseImplicitMember()
    case .leftParen: return parseParenthesized()
    case .leftBracket: return parseCollectionLiteral()
    case .leftBrace: return parseClosure()
    case .halfOpenRange, .closedRange:
      // `..<2`, `...5`: reported, and the bound read on for its own errors.
      report(.oneSidedRange, at: token.range)
      advance()
      return canBeginExpression(token.kind) ? parseAdditive() : missingExpression()
    default: return missingExpression()
    }
  }

  // implicitMember = "." ( IDENT | KEYWORD ) ;
  mutating func parseImplicitMember() -> Expr {
    let start = token.range.start
    advance()
    guard token.kind == .identifier || token.kind.isKeyword else {
      // `.5`: a number written without its leading digit, as Swift refuses too.
      if token.kind == .integer, token.range.start == previous.end {
        let digits = text(token)
        report(
          .leadingDotNumber(digits), at: SourceRange(file: file.id, start: Int(start), end: Int(token.range.end)),
          fixIts: [.init(range: SourceRange(file: file.id, start: Int(start), end: Int(token.range.end)),
            replacement: "0." + digits)])
        advance()
        return Expr(.error, range: range(from: start))
      }
      report(.expectedMemberName, at: missingRange)
      return Expr(.error, range: range(from: start))
    }
    let name = tokenName
    advance()
    return Expr(.implicitMember(name), range: range(from: start))
  }

  // parenthesized = "(" tupleElement { "," tupleElement } ")" ;
  mutating func parseParenthesized() -> Expr {
    let open = token
    advance()
    let saved = allowsTrailingClosure
    allowsTrailingClosure = true
    defer { allowsTrailingClosure = saved }
    if at(.rightParen) { return emptyParentheses(open) }
    let first = parseTupleElement()
    var elements = [first.value]
    var labels = [first.label]
    while true {
      if consume(.comma) == nil {
        guard !panicMode && !at(.rightParen) && canBeginExpression(token.kind) else { break }
        reportMissingComma(between: "the elements of this tuple")
      }
      let before = progress
      let element = parseTupleElement()
      elements.appendToList(element.value)
      labels.append(element.label)
      if progress == before { break }
    }
    expectClosing(
      .rightParen, opener: open, construct: elements.count > 1 ? "this tuple" : "these parentheses")
    if elements.count == 1 {
      if let label = first.label { report(.labelOnSingleValue, at: label.range) }
      return Expr(.parenthesized(first.value), range: range(from: open.range.start))
    }
    let hasLabels = labels.contains { $0 != nil }
    return Expr(.tuple(elements, labels: hasLabels ? labels : []), range: range(from: open.range.start))
  }

  // tupleElement = [ ( IDENT | KEYWORD ) ":" ] expression ;
  mutating func parseTupleElement() -> (label: Name?, value: Expr) {
    let label = consumeLabel()
    return (label, parseExpression())
  }

  /// `item:` before an argument, a tuple's element or a tuple type's: a
  /// name or a keyword (`in:`, `default:`) and a colon, read and returned;
  /// nil, reading nothing, when there is none.
  mutating func consumeLabel() -> Name? {
    guard token.kind == .identifier || token.kind.isKeyword, peek().kind == .colon else { return nil }
    let label = tokenName
    advance()
    advance()
    return label
  }

  // collectionLiteral = "[" [ expression ( { "," expression }
  //   | ":" expression { "," expression ":" expression } ) [ "," ] | ":" ] "]" ;
  mutating func parseCollectionLiteral() -> Expr {
    let open = token
    advance()
    let saved = allowsTrailingClosure
    allowsTrailingClosure = true
    defer { allowsTrailingClosure = saved }
    if let empty = emptyCollection(open) { return empty }
    let first = parseExpression()
    let isDictionary = consume(.colon) != nil
    var elements: [Expr] = []
    var entries: [DictionaryEntry] = []
    if isDictionary {
      entries.appendToList(DictionaryEntry(key: first, value: parseExpression()))
    } else {
      elements.appendToList(first)
    }
    let what = isDictionary ? "the entries of this dictionary" : "the elements of this array"
    while true {
      if consume(.comma) != nil {
        if at(.rightBracket) { break }
      } else if !panicMode && !at(.rightBracket) && canBeginExpression(token.kind) {
        reportMissingComma(between: what)
      } else {
        break
      }
      let before = progress
      let element = parseExpression()
      if isDictionary {
        expect(.colon, .expectedColonInDictionary)
        entries.appendToList(DictionaryEntry(key: element, value: parseExpression()))
      } else {
        elements.appendToList(element)
      }
      if progress == before { break }
    }
    expectClosing(
      .rightBracket, opener: open, construct: isDictionary ? "this dictionary literal" : "this array literal")
    let kind: ExprKind = isDictionary ? .dictionary(entries) : .array(elements)
    return Expr(kind, range: range(from: open.range.start))
  }

  // closure = "{" [ captureList [ closureParameters ] [ "->" type ] "in"
  //   | closureParameters [ "->" type ] "in" ] { statement } "}" ;
  mutating func parseClosure() -> Expr {
    let open = token
    guard enterNesting() else { return Expr(.error, range: token.range) }
    defer { leaveNesting() }
    advance()
    let saved = allowsTrailingClosure
    allowsTrailingClosure = true
    defer { allowsTrailingClosure = saved }
    var parameters: [Parameter] = []
    let captures = closureHasCaptureList() ? parseCaptureList() : []
    let hasParameterClause = closureHasParameterClause()
    var returnType: TypeRef?
    if hasParameterClause {
      parameters = parseClosureParameters()
      if consume(.arrow) != nil { returnType = parseType() }
      if expect(.kwIn, .expectedInAfterClosureParameters) == nil {
        // The lookahead saw an "in" close by: skip to it, so the rest of the
        // clause is not read as statements.
        while !at(.kwIn) && !at(.endOfFile) { advance() }
        consume(.kwIn)
      }
    } else if !captures.isEmpty {
      // `{ [weak self] in`: the lookahead saw the "in".
      if consume(.arrow) != nil { returnType = parseType() }
      expect(.kwIn, .expectedInAfterClosureParameters)
    }
    var statements: [Stmt] = []
    statements.reserveCapacity(Parser.State.listCapacity)
    shorthandCounts.append(hasParameterClause ? nil : 0)
    readItems(closer: .rightBrace) { state in statements.append(state.parseStatement()) }
    // `{ $0 > $1 }`: the parameters are the shorthand arguments it uses.
    if let count = shorthandCounts.popLast() ?? nil, count > 0 {
      let at = open.range.emptyAtStart
      parameters = (0..<count).map { Parameter(name: Name("$\($0)", range: at), type: nil, range: at) }
    }
    expectClosing(.rightBrace, opener: open, construct: "this closure")
    let body = Block(statements: statements, range: range(from: open.range.start))
    let closure = Closure(
      parameters: parameters, hasParameterClause: hasParameterClause, returnType: returnType, body: body,
      captures: captures)
    return Expr(.closure(closure), range: body.range)
  }

  // captureList = "[" captureItem { "," captureItem } "]" ;
  mutating func parseCaptureList() -> [CaptureItem] {
    guard let open = consume(.leftBracket) else { return [] }
    var items: [CaptureItem] = []
    items.appendToList(parseCaptureItem())
    while consume(.comma) != nil { items.appendToList(parseCaptureItem()) }
    expectClosing(.rightBracket, opener: open, construct: "this capture list")
    return items
  }

  // captureItem = [ "weak" | "unowned" ] ( IDENT | "self" ) ;
  mutating func parseCaptureItem() -> CaptureItem {
    let start = token.range.start
    var ownership = CaptureItem.Ownership.strong
    if token.kind == .identifier, peek().kind == .identifier || peek().kind == .kwSelf {
      let word = tokenName
      if let known = CaptureItem.Ownership(rawValue: word.text), known != .strong {
        ownership = known
      } else {
        report(.unknownCaptureOwnership(word.text), at: word.range)
      }
      advance()
    }
    let name = expectNameOrSelf(.expectedName(for: "this capture", example: "'{ [weak self] in ... }'"))
    return CaptureItem(ownership: ownership, name: name, range: range(from: start))
  }

  // closureParameters = closureParameter { "," closureParameter }
  //   | "(" [ closureParameter { "," closureParameter } ] ")" ;
  mutating func parseClosureParameters() -> [Parameter] {
    var parameters: [Parameter] = []
    if let open = consume(.leftParen) {
      if !at(.rightParen) {
        parameters.appendToList(parseClosureParameter())
        while consume(.comma) != nil { parameters.appendToList(parseClosureParameter()) }
      }
      expectClosing(.rightParen, opener: open, construct: "the parameters of this closure")
      return parameters
    }
    parameters.appendToList(parseClosureParameter())
    while consume(.comma) != nil { parameters.appendToList(parseClosureParameter()) }
    return parameters
  }

  // closureParameter = ( IDENT | "_" ) [ ":" type ] ;
  mutating func parseClosureParameter() -> Parameter {
    let start = token.range.start
    let name: Name
    if token.kind == .underscore {
      name = tokenName
      advance()
    } else {
      name = expectName(.expectedName(for: "this closure parameter", example: "'{ strings in ... }'"))
    }
    var type: TypeRef?
    if consume(.colon) != nil { type = parseType() }
    return Parameter(name: name, type: type, range: range(from: start))
  }

  // stringLiteral = STRING | MULTILINE_STRING ;
  mutating func parseStringLiteral() -> Expr {
    let literal = token
    advance()
    guard let decoded = decodeStringLiteral(literal) else { return Expr(.error, range: literal.range) }
    return Expr(.string(decoded), range: literal.range)
  }

  /// A name, or `self` where it may stand as one (a capture, `guard let self`).
  mutating func expectNameOrSelf(_ message: DiagnosticMessage) -> Name {
    guard token.kind == .kwSelf else { return expectName(message) }
    let name = Name("self", range: token.range)
    advance()
    return name
  }
}
