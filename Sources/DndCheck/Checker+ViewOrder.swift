import DndSyntax

/// `label a { text = b.text }` with `b` declared further down: every view
/// exists from the start (so views may name each other in any order), but
/// their properties are set in the order the script writes them
/// (SceneBuilder.swift), so `b.text` is still UIKit's default there. The
/// script runs, and the value is silently nil: a warning says why.
///
/// Closures are not looked into: they run later, when every view is set up.
extension Checker {
  /// Warns about each member of a later view that a view property's value reads.
  /// `enclosing` names the view whose property this is and its ancestors,
  /// whose own properties above it are set already.
  mutating func checkViewOrder(_ value: Expr, property: PropertyAssignment, enclosing: [String]) {
    for (view, member, range) in Checker.viewMembersRead(in: value) where !enclosing.contains(view) {
      guard let slot = globalIndex[view], case .view = globals[slot].kind else { continue }
      let declared = globals[slot].range
      guard declared.file == property.range.file, declared.start > property.range.start else { continue }
      report(
        .viewReadBeforeSetUp(view, member: member), at: range,
        notes: [Diagnostic.Note("'\(view)' is declared here, below", at: declared)])
    }
  }

  /// `name.member` reads in an expression, outside closures: the name, the
  /// member and where the read is.
  static func viewMembersRead(in expr: Expr) -> [(String, String, SourceRange)] {
    switch expr.kind {
    case .member(let base, let name, _):
      if case .identifier(let view) = base.kind { return [(view, name.text, expr.range)] }
      return viewMembersRead(in: base)
    case .call(let callee, let arguments, _):
      return viewMembersRead(in: callee) + arguments.flatMap { viewMembersRead(in: $0.value) }
    case .subscripted(let base, let arguments, _):
      return viewMembersRead(in: base) + arguments.flatMap { viewMembersRead(in: $0.value) }
    case .forceUnwrap(let inner), .unary(_, let inner), .parenthesized(let inner), .cast(let inner, _, _):
      return viewMembersRead(in: inner)
    case .binary(_, let left, let right), .range(let left, let right, _):
      return viewMembersRead(in: left) + viewMembersRead(in: right)
    case .ternary(let condition, let then, let otherwise):
      return viewMembersRead(in: condition) + viewMembersRead(in: then) + viewMembersRead(in: otherwise)
    case .array(let elements), .tuple(let elements, _):
      return elements.flatMap { viewMembersRead(in: $0) }
    default:
      return []
    }
  }
}
