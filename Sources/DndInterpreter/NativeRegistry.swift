import DndCheck

/// The registration point for the builtins the interpreter does not
/// implement itself (every `Builtin` with `isCore == false`: `UIDragItem`,
/// `NSItemProvider`, `Rect`, `UIColor`, ...).
///
/// The binding subclasses `NativeType` once per builtin and registers an
/// instance; the interpreter looks it up by the builtin's id (an array
/// index, no hashing) when a script constructs the type, reads or calls a
/// static member (`UIColor.red`, `DispatchQueue.main`), or casts to it.
open class NativeType {
  public let builtin: Builtin

  public init(_ builtin: Builtin) { self.builtin = builtin }

  /// The value of a builtin of kind `.value` (`lastProposal`).
  open func value(interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.notImplemented(builtin.spelling))
  }

  /// `Type(arguments)`
  open func construct(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.notConstructible(builtin.spelling))
  }

  /// `Type.member`
  open func staticMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    throw RuntimeError(.unknownMember(interpreter.name(of: member), type: builtin.spelling))
  }

  /// `Type.member(arguments)`. The default reads the static member and calls it.
  open func callStatic(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    let function = try staticMember(member, interpreter: interpreter)
    return try interpreter.call(function, arguments.values)
  }

  /// Whether `value as? Type` succeeds. The default asks the object.
  open func matches(_ value: Value) -> Bool {
    if case .object(let object) = value { return object.isInstance(of: builtin) }
    return false
  }
}

/// The native types of one run, indexed by builtin id.
public final class NativeRegistry {
  private var types: [NativeType?]

  public init() {
    types = Array(repeating: nil, count: Builtin.allCases.count)
  }

  /// Registers (or replaces) the implementation of `type.builtin`.
  public func register(_ type: NativeType) {
    types[Int(type.builtin.rawValue)] = type
  }

  public subscript(builtin: Builtin) -> NativeType? {
    types[Int(builtin.rawValue)]
  }
}
