/// Equality as Swift's `==` sees it (an Int equals the Double of the same
/// number, objects decide for themselves), and hashing consistent with it,
/// so any value may be a dictionary key.
extension Value: Equatable, Hashable {
  public static func == (lhs: Value, rhs: Value) -> Bool {
    switch (lhs, rhs) {
    case (.nil, .nil): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .int(let b)): return a == Double(b)
    case (.string(let a), .string(let b)): return a === b || a.value == b.value
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a === b || equal(a, b)
    case (.tuple(let a), .tuple(let b)): return a === b || a.elements == b.elements
    case (.closure(let a), .closure(let b)): return a === b
    case (.builtinFunction(let a), .builtinFunction(let b)): return a == b
    case (.type(let a), .type(let b)): return a == b
    case (.range(let a), .range(let b)):
      return a.lower == b.lower && a.upper == b.upper && a.isClosed == b.isClosed
    case (.enumCase(let a), .enumCase(let b)): return a == b
    case (.object(let a), .object(let b)): return a === b || a.isEqual(to: b)
    default: return false
    }
  }

  /// Same keys with equal values, in any order (as Swift compares them).
  private static func equal(_ a: DictionaryBox, _ b: DictionaryBox) -> Bool {
    guard a.count == b.count else { return false }
    for (position, key) in a.keys.enumerated() {
      guard let other = b[key], other == a.value(at: position) else { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .nil: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    // Ints hash as Doubles so that 1 and 1.0, which are equal, hash alike.
    case .int(let value): hasher.combine(Double(value))
    case .double(let value): hasher.combine(value)
    case .string(let box): hasher.combine(box.value)
    case .array(let elements): hasher.combine(elements)
    case .dictionary(let box): hasher.combine(box.count)
    case .tuple(let box): hasher.combine(box.elements)
    case .closure(let closure): hasher.combine(ObjectIdentifier(closure))
    case .builtinFunction(let builtin): hasher.combine(builtin.rawValue)
    case .type(let builtin): hasher.combine(builtin.rawValue)
    case .range(let box):
      hasher.combine(box.lower)
      hasher.combine(box.upper)
    case .enumCase(let symbol): hasher.combine(symbol)
    case .object(let object): object.hash(into: &hasher)
    }
  }
}
