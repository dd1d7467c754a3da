import DndCheck
import DndSyntax

/// The extension point for runtime objects: the binding subclasses this for
/// views, sessions, items, providers, proposals, index paths, points, rects,
/// images, colours...
///
/// Members are dispatched on interned symbols: compare `member.known` with
/// a `KnownMember` case (an integer comparison), never a string. A new
/// member needs a new case: the checker refuses any member name that is not
/// one (nor one the script declares) before the script runs. Throw a
/// `RuntimeError` without a range to fail; the interpreter points it at
/// the script expression that made the call.
///
/// Objects are references by default. A subclass standing for a Swift value
/// type (CGPoint, CGRect, IndexPath) returns true from `isValueType` and
/// implements `copy()`; the interpreter then copies it before changing it
/// through a path (`view.frame.origin.x = 10`) unless it holds the only
/// reference, and writes the result back.
open class NativeObject {
  public init() {}

  /// The type name used in messages and by default in printing: "UILabel".
  open var typeName: String { "object" }

  /// What `print` shows.
  open var description: String { typeName }

  /// What `print` shows inside a collection.
  open var debugDescription: String { description }

  /// True for objects modelling Swift value types.
  open var isValueType: Bool { false }

  /// A copy, for value types about to be changed while shared.
  open func copy() -> NativeObject { self }

  /// Whether `x as? T` / `x is T` succeeds for the builtin type `T`.
  open func isInstance(of type: Builtin) -> Bool { false }

  /// Value equality for value types; identity by default.
  open func isEqual(to other: NativeObject) -> Bool { self === other }

  /// Whether this equals `.member` written where Swift would infer this
  /// object's type (`transform == .identity`); no object does by default.
  open func equalsImplicitMember(_ member: Symbol) -> Bool { false }

  open func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The hash a large dictionary files this object under as a key: it must
  /// agree with `isEqual(to:)` as `hash(into:)` does. The default is what
  /// `hash(into:)` gives; an object equal only to itself (that overrides
  /// neither) may return `identityKeyHash`, which is much cheaper.
  open var keyHash: Int {
    var hasher = Hasher()
    hash(into: &hasher)
    return hasher.finalize()
  }

  /// A hash of this object's identity, for `keyHash` of objects equal only
  /// to themselves.
  ///
  /// Objects made one after another mostly lie in one 4 KB page. The page
  /// number, mixed, gives the upper 24 of the 32 bits `KeyIndex` uses, and
  /// the place in the page (in malloc's 16-byte steps) the lowest 8: the
  /// objects of one page then have their home slots in one window of 256,
  /// so a large table filled in the order the objects were made (a view's
  /// id by view) touches a few cache lines per page instead of one per key.
  /// The place is mixed with the page's bits too, so that small tables
  /// (under 256 slots) spread the objects of different pages apart.
  public final var identityKeyHash: Int {
    let address = UInt64(UInt(bitPattern: ObjectIdentifier(self)))
    // The page number times 2^64 / golden ratio; its top 32 bits are well mixed.
    let page = ((address >> 12) &* 0x9E37_79B9_7F4A_7C15) >> 32
    let place = (address >> 4) & 0xFF
    // The high 32 bits are zero, so `Value.foldKey` keeps this as it is.
    return Int(truncatingIfNeeded: page ^ place)
  }

  /// `object.member`
  open func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
  }

  /// `object.first.second`, or `object.first.second.third`, read at once:
  /// what reading the members one by one gives, without making the value
  /// objects in between (a view's frame, the frame's size). Nil when this
  /// object has no shortcut for the chain, which is then read one member
  /// at a time; a shortcut never throws, so errors keep their ranges.
  open func memberChain(_ first: Symbol, _ second: Symbol, _ third: Symbol?) -> Value? { nil }

  /// `object.member = value`
  open func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
  }

  /// `object.member(arguments)`. The default reads the member and calls it
  /// if it is a function, so a stored closure property can be called.
  open func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    let function = try getMember(member, interpreter: interpreter)
    return try interpreter.call(function, arguments.values)
  }

  /// `object[arguments]`
  open func subscriptGet(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.notSubscriptable(typeName))
  }

  /// `object[arguments] = value`
  open func subscriptSet(_ arguments: Arguments, to value: Value, interpreter: Interpreter) throws {
    throw RuntimeError(.notSubscriptable(typeName))
  }

  /// True for objects that override `call` (a completion handler), so that
  /// `f?(x)` calls them.
  open var isCallable: Bool { false }

  /// `object(arguments)`: for objects that stand for a function.
  open func call(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.notCallable(typeName))
  }

  /// The elements `for x in object` visits; nil if it is not a sequence.
  open func sequence(interpreter: Interpreter) throws -> [Value]? { nil }
}

/// The arguments of a call: values and their labels (nil when unlabelled).
public struct Arguments {
  public var values: [Value]
  public var labels: [Symbol?]

  public init(_ values: [Value], labels: [Symbol?] = []) {
    self.values = values
    self.labels = labels.isEmpty ? Array(repeating: nil, count: values.count) : labels
  }

  public var count: Int { values.count }
  public var isEmpty: Bool { values.isEmpty }

  public subscript(position: Int) -> Value { values[position] }

  /// The label of argument `position`, if it has one.
  public func label(_ position: Int) -> Symbol? {
    position < labels.count ? labels[position] : nil
  }

  /// Whether the labels are exactly these (nil for an unlabelled argument):
  /// `arguments.hasLabels(nil, .at)` for `insert(x, at: 0)`.
  public func hasLabels(_ expected: KnownMember?...) -> Bool {
    guard expected.count == values.count else { return false }
    for (position, label) in expected.enumerated() where self.label(position) != label.map(Symbol.init) {
      return false
    }
    return true
  }

  /// The value labelled `label`, if any.
  public func value(labelled label: KnownMember) -> Value? {
    let symbol = Symbol(label)
    guard let position = labels.firstIndex(of: symbol) else { return nil }
    return values[position]
  }
}
