import DndCheck
import DndSyntax

/// Members, methods and subscripts: dispatched on the receiver's case, then
/// on the member's symbol. Core values (arrays, strings, dictionaries,
/// numbers, ranges, tuples) are handled here; objects and the binding's
/// types answer for themselves.
extension Interpreter {
  /// `value.member`
  func member(of value: Value, _ symbol: Symbol, at range: SourceRange) throws -> Value {
    switch value {
    case .object(let object):
      return try located(range) { try object.getMember(symbol, interpreter: self) }
    case .array(let elements):
      if let result = try arrayProperty(elements, symbol) { return result }
    case .string(let box):
      if let result = try stringProperty(box.value, symbol, at: range) { return result }
    case .dictionary(let box):
      if let result = dictionaryProperty(box, symbol) { return result }
    case .tuple(let box):
      if let element = box.element(labelled: symbol) { return element }
    case .int, .double:
      if let result = numberProperty(value, symbol) { return result }
    case .range(let box):
      switch symbol.known {
      case .lowerBound?: return .int(box.lower)
      case .upperBound?: return .int(box.upper)
      case .count?:
        guard let count = box.exactCount else { throw RuntimeError(.integerOverflow("count"), at: range) }
        return .int(count)
      case .isEmpty?: return .bool(box.count == 0)
      case .first?: return box.count > 0 ? .int(box.lower) : .nil
      case .last?: return box.last.map { .int($0) } ?? .nil
      default: break
      }
    case .type(let builtin):
      return try staticMember(of: builtin, symbol, at: range)
    case .nil:
      throw RuntimeError(.nilMember(name(of: symbol)), at: range)
    default: break
    }
    if symbol == Symbol(.description) { return .string(try describe(value, at: range)) }
    // `xs.sorted` (its closure on the next line, where it is no trailing
    // closure): the name is a method of the value, not a missing member.
    let member = name(of: symbol)
    var isCoreValue = false
    switch value {
    case .array, .string, .dictionary, .range: isCoreValue = true
    default: break
    }
    if isCoreValue, DiagnosticMessage.coreMethodNames.contains(member) {
      throw RuntimeError(.methodWithoutCall(member, type: value.typeName), at: range)
    }
    throw RuntimeError(.unknownMember(member, type: value.typeName), at: range)
  }

  /// `value.member = newValue`, through `modify` so value types write back.
  func setMember(of value: inout Value, _ symbol: Symbol, to newValue: Value, at range: SourceRange) throws {
    if let object = uniqueObject(&value) {
      try setMember(of: object, symbol, to: newValue, at: range)
      return
    }
    if value.isNil { throw RuntimeError(.nilMember(name(of: symbol)), at: range) }
    // `t.y += 1` for `var t = (x: 1, y: 2)`: the labelled element, in a new tuple.
    if case .tuple(let box) = value, let position = box.labels.firstIndex(of: symbol) {
      try checkNesting(newValue, at: range)
      var elements = box.elements
      elements[position] = newValue
      value = .tuple(TupleBox(elements, labels: box.labels))
      return
    }
    throw RuntimeError(.cannotSetMember(name(of: symbol), type: value.typeName), at: range)
  }

  /// Sets a member of an object (already made unique if it is a value type).
  func setMember(of object: NativeObject, _ symbol: Symbol, to newValue: Value, at range: SourceRange) throws
  {
    lastNativeCallRange = range
    do {
      try object.setMember(symbol, to: newValue, interpreter: self)
    } catch let error as RuntimeError {
      throw error.range == nil ? error.located(at: range) : error
    }
  }

  func tupleElement(of value: Value, _ position: Int, at range: SourceRange) throws -> Value {
    guard case .tuple(let box) = value, position >= 0, position < box.elements.count else {
      if value.isNil { throw RuntimeError(.nilMember(String(position)), at: range) }
      throw RuntimeError(.unknownMember(String(position), type: value.typeName), at: range)
    }
    return box.elements[position]
  }

  /// `Type.member`: a few core constants, otherwise the native type's.
  func staticMember(of builtin: Builtin, _ symbol: Symbol, at range: SourceRange) throws -> Value {
    switch (builtin, symbol.known) {
    case (.int, .max?): return .int(Int.max)
    case (.int, .min?): return .int(Int.min)
    case (.double, .pi?), (.cgFloat, .pi?), (.float, .pi?): return .double(Double.pi)
    case (.double, .infinity?), (.cgFloat, .infinity?): return .double(Double.infinity)
    // `UIDropProposal.init` is the type's initialiser, which calling the type runs.
    case (_, .`init`?) where builtin.kind == .type: return .type(builtin)
    default: break
    }
    guard let native = natives[builtin] else {
      if builtin.isCore {
        throw RuntimeError(.unknownMember(name(of: symbol), type: builtin.spelling), at: range)
      }
      throw RuntimeError(.notImplemented("\(builtin.spelling).\(name(of: symbol))"), at: range)
    }
    return try located(range) { try native.staticMember(symbol, interpreter: self) }
  }

  // MARK: - Methods

  /// `value.method(arguments)` for a method that does not change `value`
  /// (or changes a temporary copy of it).
  func callMethod(on value: Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange) throws
    -> Value
  {
    if let mapped = try optionalMap(value, symbol, arguments, at: range) { return mapped }
    switch value {
    case .object(let object):
      // `loader?(data, nil)`: a callable object (a completion handler) called through `f?(x)`.
      if symbol.known == .callAsFunction, object.isCallable { return try callValue(value, arguments, at: range) }
      return try located(range) { try object.callMethod(symbol, arguments, interpreter: self) }
    case .array(let elements):
      if Interpreter.isMutating(symbol) {
        var copy = value
        return try callMutatingMethod(on: &copy, symbol, arguments, at: range)
      }
      return try arrayMethod(elements, symbol, arguments, at: range)
    case .string(let box):
      if Interpreter.isMutating(symbol) {
        var copy = value
        return try callMutatingMethod(on: &copy, symbol, arguments, at: range)
      }
      return try stringMethod(box.value, symbol, arguments, at: range)
    case .dictionary(let box):
      if Interpreter.isMutating(symbol) {
        var copy = Value.dictionary(DictionaryBox(copying: box))
        return try callMutatingMethod(on: &copy, symbol, arguments, at: range)
      }
      return try dictionaryMethod(box, symbol, arguments, at: range)
    case .int, .double:
      return try numberMethod(value, symbol, arguments, at: range)
    case .range:
      return try rangeMethod(value, symbol, arguments, at: range)
    case .type(let builtin):
      // `CGRect.init(x: 0, y: 0, width: 10, height: 10)`, as Swift code often spells it.
      if symbol == Symbol(.`init`), builtin.kind == .type { return try callBuiltin(builtin, arguments, at: range) }
      guard let native = natives[builtin] else {
        if builtin.isCore { break }
        throw RuntimeError(.notImplemented("\(builtin.spelling).\(name(of: symbol))"), at: range)
      }
      return try located(range) { try native.callStatic(symbol, arguments, interpreter: self) }
    case .nil:
      throw RuntimeError(.nilMember(name(of: symbol)), at: range)
    case .closure, .builtinFunction:
      // `f?(x)`, which the checker makes a method call so that a nil `f` gives nil.
      if symbol.known == .callAsFunction { return try callValue(value, arguments, at: range) }
    default: break
    }
    throw noMethod(symbol, on: value, arguments, at: range)
  }

  /// Swift's `Optional.map` and `Optional.flatMap`: values are not kept
  /// apart from their optionals at run time, so `map` on nil, or on a value
  /// no collection method applies to (an IndexPath, a number, an object),
  /// can only be the optional's: nil stays nil, anything else is passed to
  /// the closure. (`coordinator.destinationIndexPath.map { $0.item }`.) On
  /// a string, an array, a dictionary or a range `map` stays the
  /// collection's; an IndexPath is taken as a value, not as Foundation's
  /// collection of indexes (a choice: drop code maps the optional).
  private func optionalMap(_ value: Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange)
    throws -> Value?
  {
    guard symbol.known == .map || symbol.known == .flatMap, arguments.count == 1, arguments.hasLabels(nil) else {
      return nil
    }
    // Only with a function to call: `session.map(1)` stays an unknown method.
    switch arguments[0] {
    case .closure, .builtinFunction: break
    case .object(let object) where object.isCallable: break
    default: return nil
    }
    switch value {
    case .string, .array, .dictionary, .range: return nil
    case .nil: return .nil
    default: return try callback(arguments[0], value, at: range)
    }
  }

  /// `target.method(arguments)` for a method that changes `target` in place.
  func callMutatingMethod(
    on target: inout Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange
  )
    throws -> Value
  {
    // `if case`, not `switch`: a switch keeps a copy of `target` alive
    // through its cases, so the collection would never be uniquely
    // referenced and every change would copy it.
    if case .array = target { return try arrayMutatingMethod(&target, symbol, arguments, at: range) }
    if case .dictionary = target {
      return try dictionaryMutatingMethod(&target, symbol, arguments, at: range)
    }
    if case .string = target { return try stringMutatingMethod(&target, symbol, arguments, at: range) }
    if case .nil = target { throw RuntimeError(.nilMember(name(of: symbol)), at: range) }
    if let object = uniqueObject(&target) {
      return try located(range) { try object.callMethod(symbol, arguments, interpreter: self) }
    }
    return try callMethod(on: target, symbol, arguments, at: range)
  }

  static func isMutating(_ symbol: Symbol) -> Bool {
    switch symbol.known {
    case .append?, .insert?, .remove?, .removeFirst?, .removeLast?, .removeAll?, .removeValue?,
      .updateValue?, .sort?, .reverse?, .swapAt?, .popLast?:
      return true
    default:
      return false
    }
  }

  /// "Array has no method 'insert(_:, at:)'".
  func noMethod(_ symbol: Symbol, on value: Value, _ arguments: Arguments, at range: SourceRange?)
    -> RuntimeError
  {
    // `items.count()`: a property called as a method (values only, whose
    // properties are read without side effects).
    if arguments.count == 0, let range, (try? member(of: value, symbol, at: range)) != nil {
      if case .object = value {} else {
        return RuntimeError(.propertyCalled(name(of: symbol), type: value.typeName), at: range)
      }
    }
    let labels = (0..<arguments.count).map { position in
      arguments.label(position).map { name(of: $0) + ":" } ?? "_:"
    }
    return RuntimeError(
      .noMatchingMethod(name(of: symbol), type: value.typeName, labels: labels.joined()), at: range)
  }

  // MARK: - Subscripts

  /// `value[arguments]`
  func subscriptGet(_ value: Value, _ arguments: Arguments, at range: SourceRange) throws -> Value {
    switch value {
    case .array(let elements):
      guard arguments.count == 1 else { break }
      if case .range(let box) = arguments[0] {
        guard box.lower >= 0, box.lower <= elements.count, box.count <= elements.count - box.lower else {
          let written = "\(box.lower)\(box.isClosed ? "..." : "..<")\(box.upper)"
          throw RuntimeError(.rangeOutOfRange(written, count: elements.count), at: range)
        }
        return .array(Array(elements[box.lower..<(box.lower + box.count)]))
      }
      let index = try arrayIndex(arguments[0], count: elements.count, at: range)
      return elements[index]
    case .dictionary(let box):
      let (key, fallback) = try dictionaryKey(arguments, at: range)
      return box[key] ?? fallback ?? .nil
    case .object(let object):
      return try located(range) { try object.subscriptGet(arguments, interpreter: self) }
    case .nil:
      throw RuntimeError(.nilMember("[]"), at: range)
    default: break
    }
    throw RuntimeError(.notSubscriptable(value.typeName), at: range)
  }

  /// Changes `collection[arguments]` in place.
  func modifySubscript(
    _ collection: inout Value, _ arguments: Arguments, at range: SourceRange,
    _ body: (inout Value) throws -> Void
  ) throws {
    // `if case`, not `switch`, for the reason given in `callMutatingMethod`.
    if case .array(var elements) = collection, arguments.count == 1 {
      let index = try arrayIndex(arguments[0], count: elements.count, at: range)
      collection = .nil
      defer { collection = .array(elements) }
      try body(&elements[index])
      return
    }
    if case .dictionary(var box) = collection {
      let (key, fallback) = try dictionaryKey(arguments, at: range)
      collection = .nil
      if !isKnownUniquelyReferenced(&box) { box = DictionaryBox(copying: box) }
      defer { collection = .dictionary(box) }
      var value = box[key] ?? fallback ?? .nil
      try body(&value)
      // As in Swift, storing nil removes the key.
      if value.isNil {
        box.remove(key)
      } else {
        if box[key] == nil { try checkCount(box.count + 1, at: range) }
        box.set(value, for: key)
      }
      return
    }
    if let object = uniqueObject(&collection) {
      var value = try located(range) { try object.subscriptGet(arguments, interpreter: self) }
      try body(&value)
      try located(range) { try object.subscriptSet(arguments, to: value, interpreter: self) }
      return
    }
    if case .nil = collection { throw RuntimeError(.nilMember("[]"), at: range) }
    throw RuntimeError(.notSubscriptable(collection.typeName), at: range)
  }

  /// An array index, checked against the count.
  func arrayIndex(_ value: Value, count: Int, at range: SourceRange?) throws -> Int {
    guard case .int(let index) = value else {
      throw RuntimeError(
        .wrongArgumentType("subscript", expected: "an Int index", found: value.typeName), at: range)
    }
    guard index >= 0, index < count else {
      throw RuntimeError(.indexOutOfRange(index, count: count), at: range)
    }
    return index
  }

  /// `dict[key]` or `dict[key, default: value]`.
  private func dictionaryKey(_ arguments: Arguments, at range: SourceRange) throws -> (Value, Value?) {
    // Hashing a key walks all of it.
    try chargeWalk(of: arguments[0], at: range)
    if arguments.count == 1 { return (arguments[0], nil) }
    if arguments.count == 2, arguments.label(1) == Symbol(.default) { return (arguments[0], arguments[1]) }
    throw RuntimeError(
      .invalidArgument("a dictionary subscript takes a key, and optionally 'default:'"), at: range)
  }
}
