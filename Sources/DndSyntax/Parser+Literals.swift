// Literal values, names, the expression that is missing, empty brackets,
// and the lookahead that tells a closure's parameter clause from its body.

extension Parser.State {
  /// `true`, `false`, `nil`, `self` or a name.
  mutating func wordExpression() -> Expr {
    let current = token
    advance()
    switch current.kind {
    case .kwTrue: return Expr(.bool(true), range: current.range)
    case .kwFalse: return Expr(.bool(false), range: current.range)
    case .kwNil: return Expr(.nilLiteral, range: current.range)
    case .kwSelf: return Expr(.selfReference, range: current.range)
    default:
      let name = name(of: current)
      if bytes[Int(current.range.start)] == .dollar { noteShorthandArgument(name, at: current.range) }
      return Expr(.identifier(name), range: current.range)
    }
  }

  /// `$0` makes its closure take at least one argument, `$2` three (as in
  /// Swift, the highest number used decides). Outside a closure, or in one
  /// with a parameter list, it is an error.
  mutating func noteShorthandArgument(_ name: String, at range: SourceRange) {
    guard let last = shorthandCounts.indices.last, let count = shorthandCounts[last] else {
      report(.shorthandOutsideClosure(name, hasParameters: !shorthandCounts.isEmpty), at: range)
      return
    }
    // The lexer stops a number it cannot hold at the name limit; a closure
    // has at most `maxShorthandArguments`.
    guard let number = Int(name.dropFirst()), number < Parser.State.maxShorthandArguments else {
      report(.shorthandOutOfRange(name), at: range)
      return
    }
    shorthandCounts[last] = max(count, number + 1)
  }

  /// The most shorthand arguments a closure may take.
  static let maxShorthandArguments = 16

  /// Where an expression should be but is not. A lexer error token stands
  /// for the expression (it is already reported); anything else is reported.
  mutating func missingExpression() -> Expr {
    if token.kind == .error {
      let current = token
      advance()
      panicMode = true
      return Expr(.error, range: current.range)
    }
    let after = previous.end > previous.start ? text(at: previous) : nil
    // `x++`, `1 << 4`: an operator of C's that dnd (like Swift) lacks, read
    // as two; say which rather than that an expression is missing.
    if let after, token.range.start == previous.end, text(at: token.range) == after {
      switch after {
      case "+", "-":
        report(.noIncrementOperator(after + after), at: previous.union(token.range))
        return Expr(.error, range: missingRange.emptyAtStart)
      case "<", ">":
        report(.noShiftOperator(after + after), at: previous.union(token.range))
        return Expr(.error, range: missingRange.emptyAtStart)
      default: break
      }
    }
    // `x--`: the second '-' was read as a prefix minus with nothing after it.
    if after == "-", previous.start > 0 {
      let before = SourceRange(file: previous.file, start: Int(previous.start) - 1, end: Int(previous.start))
      if text(at: before) == "-" {
        report(.noIncrementOperator("--"), at: before.union(previous))
        return Expr(.error, range: missingRange.emptyAtStart)
      }
    }
    // `print(drag)` after `let drag = ...`: the word is dnd's, not a value.
    // (At the start of a line it is the next statement: the value is missing.)
    if token.kind.isKeyword, !token.isAtStartOfLine, let word = Self.dndWordUse(text(at: token.range)) {
      report(.reservedWordAsName(text(at: token.range), use: word), at: token.range)
      advance()
      return Expr(.error, range: previous)
    }
    report(.expectedExpression(after: after), at: missingRange)
    return Expr(.error, range: missingRange.emptyAtStart)
  }

  /// `()`, which is not a value in dnd.
  mutating func emptyParentheses(_ open: RawToken) -> Expr {
    report(.emptyParentheses, at: open.range.union(token.range))
    advance()
    return Expr(.error, range: range(from: open.range.start))
  }

  /// `[]` or `[:]` after the "[" (already consumed), or nil.
  mutating func emptyCollection(_ open: RawToken) -> Expr? {
    if consume(.rightBracket) != nil { return Expr(.array([]), range: range(from: open.range.start)) }
    guard at(.colon) && peek().kind == .rightBracket else { return nil }
    advance()
    advance()
    return Expr(.dictionary([]), range: range(from: open.range.start))
  }

  /// The value of an integer token: decimal or 0x hex, "_" ignored.
  mutating func integerLiteral() -> Expr {
    let literal = token
    advance()
    var index = Int(literal.range.start)
    let end = Int(literal.range.end)
    var radix = 10
    if end - index > 2 && bytes[index + 1] == .lowerX {
      radix = 16
      index += 2
    }
    var value = 0
    var overflow = false
    while index < end {
      let byte = bytes[index]
      index += 1
      if byte == .underscore { continue }
      let digit = Int(radix == 16 ? byte.hexValue : byte &- 0x30)
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
      let (sum, carried) = shifted.addingReportingOverflow(digit)
      value = sum
      overflow = overflow || overflowed || carried
    }
    if overflow {
      report(.integerOverflow(text(literal)), at: literal.range)
      return Expr(.error, range: literal.range)
    }
    return Expr(.integer(value), range: literal.range)
  }

  /// Whether an integer token's magnitude is 2⁶³, Int.min's (in decimal or
  /// hex, "_" ignored), which only a minus in front of it fits in an Int.
  func isIntMinMagnitude(_ literal: RawToken) -> Bool {
    let digits = bytes[Int(literal.range.start)..<Int(literal.range.end)].filter { $0 != .underscore }
    return digits.elementsEqual("9223372036854775808".utf8) || digits.elementsEqual("0x8000000000000000".utf8)
  }

  /// The value of a double token, "_" ignored.
  mutating func doubleLiteral() -> Expr {
    let literal = token
    advance()
    var digits = ""
    for byte in bytes[Int(literal.range.start)..<Int(literal.range.end)] where byte != .underscore {
      digits.unicodeScalars.append(Unicode.Scalar(byte))
    }
    guard let value = Double(digits), value.isFinite else {
      report(.doubleOverflow(text(literal)), at: literal.range)
      return Expr(.error, range: literal.range)
    }
    return Expr(.double(value), range: literal.range)
  }

  /// Looks past the "{" of a closure for a parameter clause: names (with
  /// types) up to "in", or a parenthesised list followed by "in". Bounded, so
  /// a long closure body is not scanned.
  mutating func closureHasParameterClause(from start: Int = 0) -> Bool {
    let limit = start + 64
    var distance = start
    if kind(at: start) == .leftParen {
      var openParens = 0
      while distance < limit {
        switch kind(at: distance) {
        case .leftParen:
          openParens += 1
        case .rightParen:
          openParens -= 1
          if openParens == 0 {
            let next = peek(distance + 1).kind
            return next == .kwIn || next == .arrow && typeThenIn(from: distance + 2, limit: limit)
          }
        case .endOfFile, .leftBrace, .rightBrace:
          return false
        default:
          break
        }
        distance += 1
      }
      return false
    }
    while distance < limit {
      switch kind(at: distance) {
      case .kwIn:
        return distance > start
      case .arrow:
        return distance > start && typeThenIn(from: distance + 1, limit: limit)
      case .identifier, .underscore, .comma, .colon, .dot, .leftBracket, .rightBracket, .question, .bang:
        distance += 1
      default:
        return false
      }
    }
    return false
  }

  /// Looks past the "{" of a closure for a capture list (`[weak self]`,
  /// `[count, unowned view]`) followed by "in", a return type or a
  /// parameter clause. An array literal never has two names in a row, or a
  /// name then "]" then "in", so the two cannot be confused.
  mutating func closureHasCaptureList() -> Bool {
    guard token.kind == .leftBracket else { return false }
    var distance = 1
    while distance < 64 {
      switch peek(distance).kind {
      case .identifier, .kwSelf, .comma:
        distance += 1
      case .rightBracket:
        guard distance > 1 else { return false }
        let next = peek(distance + 1).kind
        return next == .kwIn || next == .arrow || closureHasParameterClause(from: distance + 1)
      default:
        return false
      }
    }
    return false
  }

  /// The kind of the token `distance` ahead (0 is the current one).
  private mutating func kind(at distance: Int) -> TokenKind {
    distance == 0 ? token.kind : peek(distance).kind
  }

  /// Whether the tokens from `distance` on can spell a return type followed
  /// by "in" (`-> Int in`, `-> (Int) -> [String] in`), within `limit`.
  private mutating func typeThenIn(from start: Int, limit: Int) -> Bool {
    var distance = start
    while distance < limit {
      switch peek(distance).kind {
      case .kwIn:
        return distance > start
      case .identifier, .dot, .comma, .colon, .leftBracket, .rightBracket, .leftParen, .rightParen, .question,
        .bang, .arrow:
        distance += 1
      default:
        return false
      }
    }
    return false
  }
}
