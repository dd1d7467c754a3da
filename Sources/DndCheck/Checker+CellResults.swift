import DndSyntax

/// `cellForRowAt` / `cellForItemAt` return a cell: in UIKit the method's
/// type is UITableViewCell / UICollectionViewCell, so returning the text
/// itself ("Venice") does not compile. Here a returned value that is plainly
/// not a cell (a literal, or a builtin type's initializer) is reported when
/// checking; anything else is checked when the handler returns
/// (ListBinding.swift).
extension Checker {
  /// Reports each `return` (or single expression) of a cell handler whose
  /// value cannot be a cell.
  mutating func checkCellResults(_ decl: FuncDecl, method: DelegateMethod) {
    guard method.name == "cellForRowAt" || method.name == "cellForItemAt" else { return }
    let cellType = method.name == "cellForRowAt" ? "UITableViewCell" : "UICollectionViewCell"
    let statements = decl.body.statements
    if statements.count == 1, case .expression(let expr) = statements[0].kind {
      reportNonCell(expr, handler: method.name, cellType: cellType)
      return
    }
    for case let (_, value?) in Checker.returns(in: statements) {
      reportNonCell(value, handler: method.name, cellType: cellType)
    }
  }

  private mutating func reportNonCell(_ expr: Expr, handler: String, cellType: String) {
    guard let (found, label) = Checker.nonCellDescription(Checker.unparenthesized(expr)) else { return }
    let fixIts = label.map { label in
      [Diagnostic.FixIt(range: expr.range, replacement: "\(cellType)(\(label): \(file.text(expr.range)))")]
    }
    report(
      .cellHandlerReturnsNonCell(handler, cellType: cellType, found: found, label: label), at: expr.range,
      fixIts: fixIts ?? [])
  }

  /// What a value that cannot be a cell is ("a String"), and the label of
  /// the cell initializer that would show it (`text`, `image`), if any.
  static func nonCellDescription(_ expr: Expr) -> (String, String?)? {
    switch expr.kind {
    case .string: return ("a String", "text")
    case .integer: return ("an Int", nil)
    case .double: return ("a Double", nil)
    case .bool: return ("a Bool", nil)
    case .nilLiteral: return ("nil", nil)
    case .array: return ("an array", nil)
    case .dictionary: return ("a dictionary", nil)
    case .tuple: return ("a tuple", nil)
    case .range: return ("a range", nil)
    case .closure: return ("a closure", nil)
    case .binary(let op, let left, let right):
      switch op {
      case .equal, .notEqual, .identical, .notIdentical, .less, .lessEqual, .greater, .greaterEqual, .and, .or:
        return ("a Bool", nil)
      case .add:
        // `"Photo " + name` joins strings.
        let isText = { (side: Expr) -> Bool in
          if case .string = unparenthesized(side).kind { return true }
          return false
        }
        return isText(left) || isText(right) ? ("a String", "text") : nil
      default: return nil
      }
    case .unary(.not, _): return ("a Bool", nil)
    case .call(let callee, _, false):
      guard case .identifier(let name) = callee.kind, let builtin = Builtin.named(name), builtin.kind == .type
      else { return nil }
      switch builtin {
      case .cell, .uiTableViewCell, .uiCollectionViewCell, .any, .anyObject, .nsObject: return nil
      case .uiImage: return ("a UIImage", "image")
      case .string, .nsString: return ("a String", "text")
      default: return ("a \(builtin.spelling)", nil)
      }
    default: return nil
    }
  }
}
