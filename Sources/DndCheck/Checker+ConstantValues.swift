import DndSyntax

/// `let origin = CGPoint(x: 0, y: 0); origin.x = 5` is refused by Swift: a
/// `let` holding a value (a struct) makes its properties constant too, where
/// a `let` holding an object (a view) does not. Values carry no types here,
/// so the rule applies when the declaration itself shows a value type: an
/// annotation, an initializer call, `.zero` or `.identity`, or a property
/// UIKit always types as one (`frame`, `bounds`, `center`, a session's
/// `location(in:)`). Anything else is left alone rather than guessed.
extension Checker {
  /// The geometry structs a script builds; the names as written.
  static let valueTypeNames: Set<String> = [
    "CGPoint", "Point", "CGSize", "Size", "CGRect", "Rect", "IndexPath", "CGAffineTransform",
  ]

  /// The value type `decl`, a `let`, is known to hold, with its article
  /// ("a CGPoint"); nil for a `var` or when nothing says.
  static func valueType(of decl: VarDecl) -> String? {
    guard decl.isConstant else { return nil }
    if case .named(let names)? = decl.type?.kind, names.count == 1, valueTypeNames.contains(names[0].text) {
      return DiagnosticMessage.withArticle(names[0].text)
    }
    return decl.initializer.flatMap(valueType(of:)).map(DiagnosticMessage.withArticle)
  }

  private static func valueType(of expr: Expr) -> String? {
    switch expr.kind {
    case .parenthesized(let inner):
      return valueType(of: inner)
    case .call(let callee, _, _):
      if case .identifier(let name) = callee.kind, valueTypeNames.contains(name) { return name }
      if case .member(_, let method, _) = callee.kind, method.text == "location" { return "CGPoint" }
      return nil
    case .member(let base, let name, _):
      if case .identifier(let type) = base.kind, valueTypeNames.contains(type),
        name.text == "zero" || name.text == "identity"
      {
        return type
      }
      switch name.text {
      case "frame", "bounds": return "CGRect"
      case "center": return "CGPoint"
      default: return nil
      }
    default:
      return nil
    }
  }
}
