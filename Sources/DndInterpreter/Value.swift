import DndCheck

/// A value of the language.
///
/// One enum, no `Any`: every payload is a scalar or a single reference, so a
/// value is 9 bytes (16 with padding) and copying one is at most one retain.
/// Arrays are Swift arrays (one reference, copy on write); strings,
/// dictionaries, tuples and ranges are boxed. Runtime objects of the UIKit
/// model (views, sessions, items, providers, proposals, index paths, points)
/// are `NativeObject` subclasses that the binding provides.
///
/// Arrays, strings and dictionaries have Swift's value semantics: a box is
/// changed in place only while uniquely referenced (`isKnownUniquelyReferenced`),
/// otherwise the change goes to a copy.
public enum Value {
  case `nil`
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(StringBox)
  case array([Value])
  case dictionary(DictionaryBox)
  case tuple(TupleBox)
  /// A function or closure written in the script.
  case closure(Closure)
  /// A builtin function used as a value: `arr.forEach(print)`.
  case builtinFunction(Builtin)
  /// A type used as a value: `String`, `UIImage.self`.
  case type(Builtin)
  case range(RangeBox)
  /// `.copy` before context gives it a type; the binding compares symbols.
  case enumCase(Symbol)
  case object(NativeObject)

  /// A string value.
  @inline(__always)
  public static func string(_ text: String) -> Value { .string(StringBox(text)) }

  /// A tuple without labels.
  public static func tuple(_ elements: [Value]) -> Value { .tuple(TupleBox(elements)) }

  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }

  /// The Swift string, if this is a string.
  public var stringValue: String? {
    if case .string(let box) = self { return box.value }
    return nil
  }

  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The number as a Double, for an Int or a Double.
  public var doubleValue: Double? {
    switch self {
    case .double(let value): return value
    case .int(let value): return Double(value)
    default: return nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [Value]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The native object, if this is one of the given class.
  public func object<T: NativeObject>(as type: T.Type) -> T? {
    if case .object(let object) = self { return object as? T }
    return nil
  }
}

/// A string. Immutable in practice: the interpreter appends in place only
/// when it holds the only reference (`s += x` in a loop stays linear).
public final class StringBox {
  public var value: String
  public init(_ value: String) { self.value = value }
}

/// A dictionary that keeps insertion order, so printing and iteration are
/// deterministic (Swift's own order is not).
///
/// Small dictionaries (most of a script's: records of a few fields) find
/// keys by a linear scan, which for a handful of keys beats hashing; the
/// hash index is built once a dictionary grows past `indexThreshold`.
///
/// The values of a dictionary of up to `inlineCount` keys are stored in the
/// box itself, so that a record (whose keys array is shared) is a single
/// allocation; from the next key on they move to an array of their own.
public final class DictionaryBox {
  public private(set) var keys: [Value]
  /// The values while `spilled` is false: the first `count` of these.
  private var value0 = Value.nil
  private var value1 = Value.nil
  private var value2 = Value.nil
  private var value3 = Value.nil
  /// The values once the dictionary has had more than `inlineCount` keys.
  private var spilledValues: [Value] = []
  private var spilled = false
  private var index: KeyIndex?

  /// Keys up to which a scan is used instead of a hash index.
  static let indexThreshold = 8
  /// Values up to which they are stored in the box.
  static let inlineCount = 4

  public init() {
    keys = []
  }

  /// An empty dictionary with room for `capacity` keys (a literal's count),
  /// so that filling it does not grow its arrays step by step.
  public init(capacity: Int) {
    keys = []
    keys.reserveCapacity(capacity)
    if capacity > DictionaryBox.inlineCount {
      spilled = true
      spilledValues.reserveCapacity(capacity)
    }
  }

  /// A record: a literal whose keys are distinct constant strings. `keys`
  /// is the literal's shape, one array shared by every dictionary the
  /// literal makes (a change to one copies it first, as Swift arrays do).
  /// The `keys.count` values are moved out of the registers at `start`,
  /// which are left nil. At most `indexThreshold` keys.
  init(shape keys: [Value], moving start: UnsafeMutablePointer<Value>) {
    self.keys = keys
    let count = keys.count
    if count > DictionaryBox.inlineCount {
      spilled = true
      spilledValues.reserveCapacity(count)
      for position in 0..<count { spilledValues.append(take(start + position)) }
      return
    }
    if count > 0 { value0 = take(start) }
    if count > 1 { value1 = take(start + 1) }
    if count > 2 { value2 = take(start + 2) }
    if count > 3 { value3 = take(start + 3) }
  }

  /// A copy, for a change to a dictionary that is shared.
  public init(copying other: DictionaryBox) {
    keys = other.keys
    value0 = other.value0
    value1 = other.value1
    value2 = other.value2
    value3 = other.value3
    spilledValues = other.spilledValues
    spilled = other.spilled
    index = other.index
  }

  public var count: Int { keys.count }

  /// The values in the order of `keys` (an array made for the caller while
  /// they are stored in the box).
  public var values: [Value] {
    if spilled { return spilledValues }
    var result: [Value] = []
    result.reserveCapacity(count)
    for position in 0..<count { result.append(value(at: position)) }
    return result
  }

  /// The value of the key at `position` in `keys`.
  @inline(__always)
  public func value(at position: Int) -> Value {
    if spilled { return spilledValues[position] }
    switch position {
    case 0: return value0
    case 1: return value1
    case 2: return value2
    default: return value3
    }
  }

  @inline(__always)
  private func setValue(_ value: Value, at position: Int) {
    if spilled {
      spilledValues[position] = value
      return
    }
    switch position {
    case 0: value0 = value
    case 1: value1 = value
    case 2: value2 = value
    default: value3 = value
    }
  }

  /// The key's `keyHash` when the dictionary is indexed; 0 when it is
  /// scanned, which needs none. Computed once for a lookup and an insertion.
  @inline(__always)
  private func hashIfIndexed(_ key: Value) -> UInt32 { index == nil ? 0 : key.keyHash }

  /// The position of a key, if present; `hash` is `hashIfIndexed(key)`.
  @inline(__always)
  private func position(of key: Value, hash: UInt32) -> Int? {
    if let index { return index.position(of: key, hash: hash, in: keys) }
    // String keys (a record's fields) compared as strings, without the
    // general equality's switch over both values. A literal key is found by
    // its box first (a record's keys are the literals' boxes), so that the
    // other fields' text is not compared.
    if case .string(let wanted) = key {
      for position in keys.indices {
        if case .string(let candidate) = keys[position], candidate === wanted { return position }
      }
      for position in keys.indices {
        if case .string(let candidate) = keys[position], candidate.value == wanted.value { return position }
      }
      return nil
    }
    for position in keys.indices where keys[position] == key { return position }
    return nil
  }

  /// The value of the string key whose box is `key` (a string literal's,
  /// as in a record's shape), nil when absent. Keys are compared by box
  /// first, so that a record's field is found without comparing text, and
  /// read in place (`addressFirst`: `Value.objectPayloadFirst()` holds);
  /// otherwise as `self[key]`.
  @inline(__always)
  func value(forLiteral key: UnsafeMutablePointer<StringBox>, addressFirst: Bool) -> Value {
    if index == nil && addressFirst {
      let wanted = UnsafeRawPointer(key).load(as: UnsafeRawPointer.self)
      let found: Int? = keys.withUnsafeBufferPointer { keys in
        guard let base = keys.baseAddress else { return nil }
        for position in 0..<keys.count {
          guard case .string = keys[position] else { continue }
          if UnsafeRawPointer(base + position).load(as: UnsafeRawPointer.self) == wanted { return position }
        }
        return nil
      }
      if let found { return value(at: found) }
    }
    return self[.string(key.pointee)] ?? .nil
  }

  /// Whether no key and no value is an array, a dictionary or a tuple: the
  /// dictionary is one level deep (read without copying keys or values).
  var isFlat: Bool {
    let flatKeys = keys.withUnsafeBufferPointer { keys in keys.allSatisfy { $0.isLeaf } }
    if !flatKeys { return false }
    if spilled {
      for value in spilledValues where !value.isLeaf { return false }
      return true
    }
    let count = keys.count
    return (count < 1 || value0.isLeaf) && (count < 2 || value1.isLeaf) && (count < 3 || value2.isLeaf)
      && (count < 4 || value3.isLeaf)
  }

  public subscript(key: Value) -> Value? {
    // An indexed dictionary has more keys than fit inline: its values are spilled.
    if let index, spilled { return index.value(of: key, hash: key.keyHash, keys: keys, values: spilledValues) }
    guard let position = position(of: key, hash: hashIfIndexed(key)) else { return nil }
    return value(at: position)
  }

  /// Sets a value, keeping an existing key's position; returns the old value.
  @discardableResult
  public func set(_ value: Value, for key: Value) -> Value? {
    let hash = hashIfIndexed(key)
    if let position = position(of: key, hash: hash) {
      let old = self.value(at: position)
      setValue(value, at: position)
      return old
    }
    add(value, for: key, hash: hash)
    return nil
  }

  /// Sets a value, keeping an existing key's position; `beforeAdding` runs
  /// first when the key is new (a check of the count, which may throw).
  /// One lookup, where `self[key] == nil` and then `set` made two.
  func set(_ value: Value, for key: Value, beforeAdding: () throws -> Void) rethrows {
    let hash = hashIfIndexed(key)
    if let position = position(of: key, hash: hash) {
      setValue(value, at: position)
      return
    }
    try beforeAdding()
    add(value, for: key, hash: hash)
  }

  /// Appends a key that is not present, indexing it once there are many;
  /// `hash` is `hashIfIndexed(key)`.
  private func add(_ value: Value, for key: Value, hash: UInt32) {
    let position = keys.count
    keys.append(key)
    if spilled {
      spilledValues.append(value)
    } else if position < DictionaryBox.inlineCount {
      setValue(value, at: position)
    } else {
      // The fifth key: every value moves to an array.
      spilledValues = [value0, value1, value2, value3, value]
      value0 = .nil
      value1 = .nil
      value2 = .nil
      value3 = .nil
      spilled = true
    }
    if let index = uniqueIndex() {
      index.insert(hash: hash, position: position)
    } else if keys.count > DictionaryBox.indexThreshold {
      index = KeyIndex(keys)
    }
  }

  /// Removes a key; returns its value.
  @discardableResult
  public func remove(_ key: Value) -> Value? {
    let hash = hashIfIndexed(key)
    guard let position = position(of: key, hash: hash) else { return nil }
    let old = value(at: position)
    let last = keys.count - 1
    keys.remove(at: position)
    if spilled {
      spilledValues.remove(at: position)
    } else {
      for later in position..<last { setValue(value(at: later + 1), at: later) }
      setValue(.nil, at: last)
    }
    uniqueIndex()?.remove(hash: hash, position: position)
    return old
  }

  /// The index, copied first if a copy of this box shares it (copying a
  /// box shares the index until one of them changes, as it shares `keys`).
  private func uniqueIndex() -> KeyIndex? {
    guard var current = index else { return nil }
    index = nil
    if !isKnownUniquelyReferenced(&current) { current = KeyIndex(copying: current) }
    index = current
    return current
  }

  public func removeAll() {
    keys = []
    value0 = .nil
    value1 = .nil
    value2 = .nil
    value3 = .nil
    spilledValues = []
    spilled = false
    index = nil
  }

  /// Whether every value satisfies `predicate`, without making an array.
  func allValues(_ predicate: (Value) -> Bool) -> Bool {
    for position in 0..<count where !predicate(value(at: position)) { return false }
    return true
  }
}

extension Value {
  /// Whether the value is not a collection (an array, a dictionary or a
  /// tuple), for the nesting limit.
  @inline(__always)
  var isLeaf: Bool {
    switch self {
    case .array, .dictionary, .tuple: false
    default: true
    }
  }
}

/// The value of a register that dies here, moved out (the register is nil).
@inline(__always)
func take(_ register: UnsafeMutablePointer<Value>) -> Value {
  let value = register.move()
  register.initialize(to: .nil)
  return value
}

/// A tuple: `(1, "a")`, or with labels `(offset: 0, element: x)`.
public final class TupleBox {
  public let elements: [Value]
  /// One label (or nil) per element; empty when no element has one.
  public let labels: [Symbol?]

  public init(_ elements: [Value], labels: [Symbol?] = []) {
    self.elements = elements
    self.labels = labels
  }

  /// The element labelled `label`.
  public func element(labelled label: Symbol) -> Value? {
    guard let position = labels.firstIndex(of: label) else { return nil }
    return elements[position]
  }
}

/// `a..<b` or `a...b` over integers.
public final class RangeBox {
  public let lower: Int
  public let upper: Int
  public let isClosed: Bool

  public init(lower: Int, upper: Int, isClosed: Bool) {
    self.lower = lower
    self.upper = upper
    self.isClosed = isClosed
  }

  /// The number of integers in the range; Int.max when there are more (a
  /// limit check then refuses it). `Int.max - 1...Int.max` has two.
  public var count: Int { exactCount ?? Int.max }

  /// The number of integers in the range, or nil when it does not fit in an
  /// Int (`0...Int.max`), where Swift's `count` traps.
  public var exactCount: Int? {
    let (distance, overflow) = upper.subtractingReportingOverflow(lower)
    if overflow { return nil }
    guard distance >= 0 else { return 0 }
    guard isClosed else { return distance }
    let (closed, over) = distance.addingReportingOverflow(1)
    return over ? nil : closed
  }

  /// The largest integer in the range, if it has any.
  public var last: Int? {
    if isClosed { return lower <= upper ? upper : nil }
    return lower < upper ? upper - 1 : nil
  }

  public func contains(_ value: Int) -> Bool {
    value >= lower && (isClosed ? value <= upper : value < upper)
  }
}

/// A closure: its code and the variables it captured. Captured variables
/// are shared cells, so the closure and its creator see each other's writes.
public final class Closure {
  public let code: FunctionCode
  /// The code's compiled form, which calls run.
  let compiled: CompiledFunction
  /// A `let`, so that a call passes it on without retaining it.
  public let captures: [Cell]

  init(compiled: CompiledFunction, captures: [Cell]) {
    self.code = compiled.code
    self.compiled = compiled
    self.captures = captures
  }
}

/// A variable captured by a closure. While the frame declaring it is alive
/// the cell points at the frame's slot ("open"); when its block ends the
/// value moves into the cell ("closed"), as with Lua's upvalues.
public final class Cell {
  var value: Value
  var slot: UnsafeMutablePointer<Value>?

  init(slot: UnsafeMutablePointer<Value>) {
    self.value = .nil
    self.slot = slot
  }

  init(value: Value) {
    self.value = value
    self.slot = nil
  }

  /// Frees a chain of closures one link at a time. `f = { g() }` in a loop
  /// (each closure capturing the one before) builds a chain that Swift would
  /// otherwise free recursively, a few native frames per link, until the
  /// stack runs out. Here each closure held only by the chain goes first,
  /// while its cells are still held here, so no release goes deeper than
  /// one link.
  deinit {
    guard case .closure = value else { return }
    var pending: [Cell] = []
    var next = value
    value = .nil
    while true {
      if let cells = Cell.cellsOfDying(&next) { pending += cells }
      // A cell only the chain holds gives up its value; others stay as they are.
      guard var cell = pending.popLast() else { return }
      if isKnownUniquelyReferenced(&cell), cell.slot == nil {
        next = cell.value
        cell.value = .nil
      }
    }
  }

  /// The cells of the closure in `value` when nothing else holds it: the
  /// closure is freed here (`value` becomes nil), its cells are not, as the
  /// array returned still holds them.
  private static func cellsOfDying(_ value: inout Value) -> [Cell]? {
    guard case .closure(var closure) = value else { return nil }
    value = .nil
    guard isKnownUniquelyReferenced(&closure) else { return nil }
    return closure.captures
  }

  @inline(__always)
  var current: Value {
    get {
      if let slot { return slot.pointee }
      return value
    }
    set {
      if let slot { slot.pointee = newValue } else { value = newValue }
    }
  }
}
