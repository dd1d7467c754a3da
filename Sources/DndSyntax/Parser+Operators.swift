// The operators of the expression grammar: which token is which operator,
// and how a binary node is built.

extension Parser.State {
  /// A binary node covering both operands.
  func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr) -> Expr {
    Expr(.binary(op, left, right), range: left.range.union(right.range))
  }

  /// Whether a token after an operand may continue the expression with a
  /// binary, ternary, cast or range operator (a "-" may still turn out to
  /// begin the next statement: `additiveOperator` decides).
  @inline(__always)
  func continuesExpression(_ kind: TokenKind) -> Bool {
    switch kind {
    case .question, .pipePipe, .ampAmp, .equalEqual, .bangEqual, .equalEqualEqual, .bangEqualEqual, .less,
      .lessEqual, .greater, .greaterEqual, .questionQuestion, .asQuestion, .asBang, .kwAs, .kwIs,
      .halfOpenRange, .closedRange, .plus, .minus, .star, .slash, .percent:
      return true
    default:
      return false
    }
  }

  func comparisonOperator(_ kind: TokenKind) -> BinaryOperator? {
    switch kind {
    case .equalEqual: return .equal
    case .bangEqual: return .notEqual
    case .equalEqualEqual: return .identical
    case .bangEqualEqual: return .notIdentical
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    default: return nil
    }
  }

  func multiplicativeOperator(_ kind: TokenKind) -> BinaryOperator? {
    switch kind {
    case .star: return .multiply
    case .slash: return .divide
    case .percent: return .remainder
    default: return nil
    }
  }

  func castKind(_ kind: TokenKind) -> CastKind? {
    switch kind {
    case .asQuestion: return .conditional
    case .asBang: return .forced
    case .kwAs: return .plain
    case .kwIs: return .check
    default: return nil
    }
  }

  /// "+" or "-" continuing an additive expression. A "-" starting a line and
  /// touching what follows ("-1") is a prefix minus beginning a new
  /// statement, as in Swift; "- 1" continues the line before.
  func additiveOperator() -> BinaryOperator? {
    switch token.kind {
    case .plus: return .add
    case .minus:
      guard token.isAtStartOfLine else { return .subtract }
      let next = Int(token.range.end)
      guard next < bytes.count else { return .subtract }
      let byte = bytes[next]
      let touches = byte != .space && byte != .tab && byte != .newline && byte != .carriageReturn
      return touches ? nil : .subtract
    default: return nil
    }
  }

  /// Reports a "," missing between two list elements, with a fix-it.
  mutating func reportMissingComma(between what: String) {
    let gap = SourceRange(file: file.id, start: Int(previous.end), end: Int(previous.end))
    report(.expectedComma(between: what), at: gap, fixIts: [Diagnostic.FixIt(range: gap, replacement: ",")])
  }
}
