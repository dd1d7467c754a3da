import DndCheck

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
    // Labels are not compared (a choice: Swift would not compile tuples
    // whose labels differ, and dnd has no types to refuse them with).
    // Element by element, with no shortcut for the same tuple: Swift's tuple
    // `==` has none, so a NaN inside makes a tuple unequal to itself.
    case (.tuple(let a), .tuple(let b)):
      return a.elements.count == b.elements.count && zip(a.elements, b.elements).allSatisfy { $0 == $1 }
    case (.closure(let a), .closure(let b)): return a === b
    case (.builtinFunction(let a), .builtinFunction(let b)): return a == b
    case (.type(let a), .type(let b)): return a == b
    case (.range(let a), .range(let b)):
      return a.lower == b.lower && a.upper == b.upper && a.isClosed == b.isClosed
    case (.enumCase(let a), .enumCase(let b)): return a == b
    // The checker makes a written `.none` nil (Optional's); a UIKit property
    // whose type has a `.none` case (a session's progressIndicatorStyle)
    // still answers that case, which must equal it.
    case (.nil, .enumCase(let member)), (.enumCase(let member), .nil): return member == Value.none
    case (.object(let a), .object(let b)): return a === b || a.isEqual(to: b)
    // `.identity` compared with a transform, as Swift infers it.
    case (.object(let object), .enumCase(let member)), (.enumCase(let member), .object(let object)):
      return object.equalsImplicitMember(member)
    default: return false
    }
  }

  /// The implicit member `.none`.
  static let none = Symbol(KnownMember.none)

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
    case .enumCase(let symbol):
      // `.none` equals nil, so it hashes as nil does.
      if symbol == Value.none { hasher.combine(0) } else { hasher.combine(symbol) }
    case .object(let object): object.hash(into: &hasher)
    }
  }
}

/// The hash `KeyIndex` files a dictionary key under: consistent with `==`
/// (equal values hash alike), 32 bits, well mixed in every bit. Ints,
/// Doubles and objects that say so (`NativeObject.keyHash`) are hashed by
/// a multiply and a fold instead of `Hasher`, which costs hundreds of
/// instructions a key; everything else goes through `hash(into:)`.
extension Value {
  @inline(__always)
  var keyHash: UInt32 {
    switch self {
    case .int(let number):
      // An Int equals the Double of the same number, so both hash that
      // number; below 2^53 every Int is exactly a Double.
      if number >= -(1 << 53) && number <= 1 << 53 { return Value.mixKey(number) }
      return Value.numberKeyHash(Double(number))
    case .double(let number): return Value.numberKeyHash(number)
    case .object(let object): return Value.foldKey(object.keyHash)
    default:
      var hasher = Hasher()
      hash(into: &hasher)
      return Value.foldKey(hasher.finalize())
    }
  }

  /// A Double's key hash: an integral one hashes as that Int (0.0 and -0.0
  /// alike), any other by its bits (NaN equals nothing, so any hash does).
  static func numberKeyHash(_ number: Double) -> UInt32 {
    if let integral = Int(exactly: number) { return mixKey(integral) }
    return mixKey(Int(truncatingIfNeeded: number.bitPattern))
  }

  /// Spreads a number over 32 bits (consecutive numbers land far apart and
  /// aligned addresses lose their low zero bits).
  @inline(__always)
  static func mixKey(_ number: Int) -> UInt32 {
    foldKey(Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
  }

  /// The 64 bits of a hash folded into 32.
  @inline(__always)
  static func foldKey(_ hash: Int) -> UInt32 {
    let bits = UInt64(truncatingIfNeeded: hash)
    return UInt32(truncatingIfNeeded: bits ^ (bits >> 32))
  }

  /// `==` for two keys, with the comparisons a hashed lookup meets most
  /// (the same Int, the same object) answered before the general switch.
  @inline(__always)
  static func sameKey(_ stored: Value, _ key: Value) -> Bool {
    switch (stored, key) {
    case (.int(let a), .int(let b)): return a == b
    case (.object(let a), .object(let b)): return a === b || a.isEqual(to: b)
    default: return stored == key
    }
  }
}
