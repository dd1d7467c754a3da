import DndSyntax

/// Swift types a number literal by where it goes: `let y: Double = 3` is
/// 3.0, `[1, 1.5]` is an array of Doubles, and `(a + b) / 2` in a function
/// returning a Double divides by 2.0. Values carry no static type in dnd,
/// so an integer literal would stay an Int there and `/` would divide
/// whole numbers. The checker gives such literals the fractional type
/// where the script says it: a declaration or parameter annotated
/// `Double`, `CGFloat` or `Float` (and assignments to it), a function
/// declared to return one, an argument for such a parameter of a global
/// function; and, as Swift infers, the elements of an array or dictionary
/// literal, or the branches of `?:`, when one of them is a fractional
/// literal and the others integer literals; the elements of a collection
/// or tuple typed with Doubles (`typedLiterals`); a variable whose first
/// value is a fractional literal; and arithmetic holding a fractional
/// literal (`mixesLiterals`). Only literals, and arithmetic
/// made of them and other values, are retyped; a variable holding an Int
/// stays one (Swift would not compile passing it as a Double).
extension Checker {
  /// The annotations that make a literal fractional.
  static let fractionalTypeNames: Set<String> = ["Double", "CGFloat", "Float", "TimeInterval"]

  /// Whether `type` is `Double` (or `CGFloat`, ...), optional or not.
  /// `String?`, `[T]?`, `[K: V]?`: at run time the value is the string or
  /// the collection itself, so `map` on it is the collection's, where
  /// Swift's would be the optional's.
  static func isOptionalCollection(_ type: TypeRef?) -> Bool {
    guard case .optional(let wrapped)? = type?.kind else { return false }
    switch wrapped.kind {
    case .array, .dictionary: return true
    case .named(let names): return names.count == 1 && (names[0].text == "String" || names[0].text == "Substring")
    default: return false
    }
  }

  /// A name declared an optional collection, read directly (not through `?.`).
  func isOptionalCollection(_ expr: Expr) -> Bool {
    guard case .identifier(let name) = expr.kind else { return false }
    if let local = visibleLocal(name) { return local.isOptionalCollection }
    if let slot = globalIndex[name] { return optionalCollectionGlobals.contains(slot) }
    return false
  }

  static func isFractional(_ type: TypeRef?) -> Bool {
    guard let type else { return false }
    switch type.kind {
    case .named(let names): return names.count == 1 && fractionalTypeNames.contains(names[0].text)
    case .optional(let wrapped): return isFractional(wrapped)
    default: return false
    }
  }

  /// `expr` with its integer literals made fractional, through the
  /// arithmetic (`+ - * /`, negation, parentheses) and `?:` branches that
  /// give it its value; calls, names and `%` are left as they are.
  static func fractional(_ expr: Expr) -> Expr {
    switch expr.kind {
    case .integer(let value):
      return Expr(.double(Double(value)), range: expr.range)
    case .unary(.negate, let operand):
      return Expr(.unary(.negate, fractional(operand)), range: expr.range)
    case .parenthesized(let inner):
      return Expr(.parenthesized(fractional(inner)), range: expr.range)
    case .binary(let op, let left, let right) where [.add, .subtract, .multiply, .divide].contains(op):
      return Expr(.binary(op, fractional(left), fractional(right)), range: expr.range)
    case .binary(.nilCoalescing, let left, let right):
      return Expr(.binary(.nilCoalescing, left, fractional(right)), range: expr.range)
    case .ternary(let condition, let then, let otherwise):
      return Expr(
        .ternary(condition: condition, then: fractional(then), otherwise: fractional(otherwise)), range: expr.range)
    default:
      return expr
    }
  }

  /// `expr` with its literals typed as `type` types them: fractional for a
  /// `Double` (`CGFloat`, `Float`), and element by element in an array,
  /// dictionary or tuple literal of such types (`let widths: [CGFloat] =
  /// [100, 50]`, `-> (x: Double, y: Double)`); an unlabelled tuple literal
  /// takes the type's labels.
  static func typedLiterals(_ expr: Expr, as type: TypeRef?) -> Expr {
    guard let type else { return expr }
    switch (type.kind, expr.kind) {
    case (.named, _): return isFractional(type) ? fractional(expr) : expr
    case (.optional(let wrapped), _): return typedLiterals(expr, as: wrapped)
    case (.array(let element), .array(let elements)):
      return Expr(.array(elements.map { typedLiterals($0, as: element) }), range: expr.range)
    case (.dictionary(let key, let value), .dictionary(let entries)):
      let typed = entries.map { entry in
        DictionaryEntry(key: typedLiterals(entry.key, as: key), value: typedLiterals(entry.value, as: value))
      }
      return Expr(.dictionary(typed), range: expr.range)
    case (.tuple(let types, let typeLabels), .tuple(let elements, let labels)) where types.count == elements.count:
      let typed = zip(elements, types).map { typedLiterals($0, as: $1) }
      // `-> (x: Double, y: Double) { (1, 2) }` is `(x: 1.0, y: 2.0)`, as in Swift.
      return Expr(.tuple(typed, labels: labels.isEmpty ? typeLabels : labels), range: expr.range)
    case (_, .parenthesized(let inner)):
      return Expr(.parenthesized(typedLiterals(inner, as: type)), range: expr.range)
    default: return expr
    }
  }

  /// `var total = 0.0`: Swift infers a Double from the literal, so later
  /// literals given to the variable are Doubles too (`total += 1 / 2`).
  static func infersDouble(_ decl: VarDecl) -> Bool {
    guard decl.type == nil, let initializer = decl.initializer else { return false }
    return numberLiteral(initializer) == true
  }

  /// Whether arithmetic (`+ - * /`, negation, parentheses) holds both a
  /// fractional literal and an integer one: Swift then types them all
  /// `Double`, so `1 / 3 * 100.0` is 33.3, not 0.
  static func mixesLiterals(_ expr: Expr) -> Bool {
    var fractional = false
    var integer = false
    func visit(_ expr: Expr) {
      switch expr.kind {
      case .integer: integer = true
      case .double: fractional = true
      case .unary(.negate, let operand), .parenthesized(let operand): visit(operand)
      case .binary(let op, let left, let right) where [.add, .subtract, .multiply, .divide].contains(op):
        visit(left)
        visit(right)
      default: break
      }
    }
    visit(expr)
    return fractional && integer
  }

  /// The literals of a collection or of `?:`'s branches, all fractional
  /// when one is and the rest are integer literals (`[1, 1.5, 2]`).
  static func unifyingLiterals(_ elements: [Expr]) -> [Expr] {
    var sawFractional = false
    for element in elements {
      switch numberLiteral(element) {
      case nil: return elements
      case true?: sawFractional = true
      case false?: break
      }
    }
    return sawFractional ? elements.map(fractional) : elements
  }

  /// Whether `expr` is a number literal (possibly negated or in
  /// parentheses), and if so whether it is fractional; nil otherwise.
  private static func numberLiteral(_ expr: Expr) -> Bool? {
    switch expr.kind {
    case .integer: return false
    case .double: return true
    case .unary(.negate, let operand), .parenthesized(let operand): return numberLiteral(operand)
    default: return nil
    }
  }

  /// A parameter declared fractional gets fractional default literals.
  static func withFractionalDefaults(_ decl: FuncDecl) -> FuncDecl {
    guard decl.parameters.contains(where: { isFractional($0.type) && $0.defaultValue != nil }) else {
      return decl
    }
    var decl = decl
    for index in decl.parameters.indices where isFractional(decl.parameters[index].type) {
      decl.parameters[index].defaultValue = decl.parameters[index].defaultValue.map(fractional)
    }
    return decl
  }

  /// Whether an assignment's target is a variable declared fractional.
  func isFractionalVariable(_ target: Expr) -> Bool {
    guard case .identifier(let name) = target.kind else { return false }
    if let local = visibleLocal(name) { return local.isFractional }
    return globalIndex[name].map { fractionalGlobals.contains($0) } ?? false
  }
}
