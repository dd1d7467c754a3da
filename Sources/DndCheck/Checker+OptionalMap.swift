import DndSyntax

/// `Optional.map` where the receiver is known to be optional. At run time
/// an optional is its value, so `map` on a string or an array would be the
/// collection's and go through its elements (`info["age"].flatMap { Int($0) }`
/// gave `[4, 2]`). Where the script shows the optional, a name declared
/// `String?` or `[T]?`, a dictionary looked up by a string literal, a
/// collection's `first`, `last`, `first(where:)`, `randomElement()` and the
/// like, or `as?`, the call is read as Swift reads it:
/// `{ value in value == nil ? nil : f(value!) }(receiver)`. Optionals are
/// flat here, so `flatMap` is the same. `receiver?.map` stays the
/// collection's, as in Swift.
extension Checker {
  /// The methods of a collection whose result is optional.
  static let optionalResults: Set<String> = [
    "first", "last", "randomElement", "popLast", "min", "max", "firstIndex", "lastIndex",
  ]

  /// The call rewritten as the optional's `map`, or nil when it is not one.
  func optionalMapCall(_ base: Expr, method: Name, arguments: [Argument], range: SourceRange) -> Expr? {
    guard method.text == "map" || method.text == "flatMap", arguments.count == 1, arguments[0].label == nil,
      isKnownOptional(base)
    else { return nil }
    // A name no script can write, so nothing inside `f` can mean it.
    let name = "optional value"
    func value() -> Expr { Expr(.identifier(name), range: base.range) }
    let transform = arguments[0].value
    let isNil = Expr(.binary(.equal, value(), Expr(.nilLiteral, range: base.range)), range: range)
    let applied = Expr(
      .call(
        callee: Expr(.parenthesized(transform), range: transform.range),
        arguments: [Argument(label: nil, value: Expr(.forceUnwrap(value()), range: base.range))]),
      range: range)
    let body = Expr(.ternary(condition: isNil, then: Expr(.nilLiteral, range: range), otherwise: applied), range: range)
    let closure = Closure(
      parameters: [Parameter(name: Name(name, range: base.range), type: nil, range: base.range)],
      hasParameterClause: true, body: Block(statements: [Stmt(.expression(body), range: range)], range: range))
    return Expr(.call(callee: Expr(.closure(closure), range: range), arguments: [Argument(label: nil, value: base)]),
      range: range)
  }

  /// Whether the script shows `expr` to be an optional (see above).
  func isKnownOptional(_ expr: Expr) -> Bool {
    if isOptionalCollection(expr) { return true }
    switch expr.kind {
    case .member(_, let name, false): return name.text == "first" || name.text == "last"
    case .call(let callee, _, false):
      guard case .member(_, let name, false) = callee.kind else { return false }
      return Checker.optionalResults.contains(name.text)
    case .subscripted(_, let arguments, false):
      guard arguments.count == 1, arguments[0].label == nil, case .string = arguments[0].value.kind else {
        return false
      }
      return true
    case .cast(_, .conditional, _): return true
    case .parenthesized(let inner): return isKnownOptional(inner)
    default: return false
    }
  }
}
