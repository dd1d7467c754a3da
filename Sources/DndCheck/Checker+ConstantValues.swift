import DndSyntax

/// `let origin = CGPoint(x: 0, y: 0); origin.x = 5` is refused by Swift: a
/// `let` holding a value (a struct) makes its properties constant too, where
/// a `let` holding an object (a view) does not. Values carry no types here,
/// so the rule applies when the declaration itself shows a value type (an
/// annotation, an initializer call, `.zero`, a property UIKit
/// always types as one: `frame`, `bounds`, `center`, `origin`, `size`, a
/// session's `location(in:)`, a labelled tuple) and the member assigned is
/// one of that type's.
/// Anything else is left alone rather than guessed.
extension Checker {
  /// The geometry structs a script builds, the names as written, and the
  /// members a script may set on a `var` of one (a rect's `width` is read
  /// only, as in Swift; a transform's fields are not settable here, so the
  /// advice to write `var` would not help).
  static let valueTypeMembers: [String: Set<String>] = {
    let point: Set<String> = ["x", "y"]
    let size: Set<String> = ["width", "height"]
    let rect: Set<String> = ["origin", "size"]
    let indexPath: Set<String> = ["item", "row", "section"]
    return [
      "CGPoint": point, "Point": point, "CGSize": size, "Size": size, "CGRect": rect, "Rect": rect,
      "IndexPath": indexPath,
    ]
  }()

  /// Whether `member` is a stored property of the value type `type`.
  static func isMember(_ member: String, of type: String) -> Bool {
    // A tuple's members are its labels (positions are checked as elements).
    if type == tupleType { return true }
    return valueTypeMembers[type]?.contains(member) ?? false
  }

  /// What a `let` holding a labelled tuple is called in the message.
  static let tupleType = "tuple"

  /// The value type `decl`, a `let`, is known to hold; nil for a `var` or
  /// when nothing says.
  static func valueType(of decl: VarDecl) -> String? {
    guard decl.isConstant else { return nil }
    if case .named(let names)? = decl.type?.kind, names.count == 1, valueTypeMembers[names[0].text] != nil {
      return names[0].text
    }
    if case .tuple(_, let labels)? = decl.type?.kind, !labels.isEmpty { return tupleType }
    return decl.initializer.flatMap(valueType(of:))
  }

  private static func valueType(of expr: Expr) -> String? {
    switch expr.kind {
    case .parenthesized(let inner):
      return valueType(of: inner)
    // `let size = (width: 4, height: 3)`: its labels are as constant as it is.
    case .tuple(_, let labels) where !labels.isEmpty:
      return tupleType
    case .call(let callee, let arguments, _):
      if case .identifier(let name) = callee.kind, valueTypeMembers[name] != nil { return name }
      if case .member(_, let method, _) = callee.kind, method.text == "location",
        arguments.count == 1, arguments[0].label?.text == "in"
      {
        return "CGPoint"
      }
      return nil
    case .member(let base, let name, _):
      if case .identifier(let type) = base.kind, valueTypeMembers[type] != nil, name.text == "zero" {
        return type
      }
      switch name.text {
      case "frame", "bounds": return "CGRect"
      case "center", "origin": return "CGPoint"
      case "size": return "CGSize"
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The member a path names right after its variable: `x` in `origin.x`,
  /// and in `self.origin.x` (an app's variable reached through `self`).
  static func memberAfterVariable(of target: Expr) -> String? {
    guard let (root, names) = memberNames(of: target) else { return nil }
    let index: Int
    if case .selfReference = root.kind { index = 1 } else { index = 0 }
    return index < names.count ? names[index] : nil
  }

  /// The root of a path and the member names from it (`origin` and `[x]`
  /// for `origin.x`; `Notes` and `[origin, x]` for `Notes.origin.x`),
  /// through subscripts, `!` and parentheses; nil when no member is named.
  static func memberNames(of target: Expr) -> (root: Expr, names: [String])? {
    var names: [String] = []
    var current = target
    while true {
      switch current.kind {
      case .member(let base, let name, _):
        names.append(name.text)
        current = base
      case .subscripted(let base, _, _), .forceUnwrap(let base), .parenthesized(let base):
        current = base
      default:
        return names.isEmpty ? nil : (current, names.reversed())
      }
    }
  }
}
