import DndCheck
import DndSyntax

/// Expressions: literals, variables, members, calls, operators, casts,
/// collection literals and closures.
extension Interpreter {
  /// Evaluates an expression. The hottest kinds (variables, integer
  /// literals, operators, calls of global functions) are answered by this
  /// small function, whose prologue is cheap; the rest go to `evalAny`,
  /// whose many cases make every call to it spill more registers.
  func eval(_ expr: CheckedExpr, _ frame: Frame) throws -> Value {
    switch expr.kind {
    case .local(let slot): return frame.base[slot]
    case .integer(let value): return .int(value)
    case .binary(let op, let left, let right):
      return try binary(op, left, right, frame, at: expr.range)
    case .callGlobal(let slot, let arguments):
      if case .closure(let closure) = globals[slot] {
        return try callClosure(closure, arguments, frame, at: expr.range)
      }
      return try evalAny(expr, frame)
    default:
      return try evalAny(expr, frame)
    }
  }

  /// Evaluates any expression.
  func evalAny(_ expr: CheckedExpr, _ frame: Frame) throws -> Value {
    switch expr.kind {
    case .integer(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(_, let literal): return .string(registers.pointee.literals[literal])
    case .bool(let value): return .bool(value)
    case .nilLiteral: return .nil
    case .local(let slot): return frame.base[slot]
    case .capture(let index): return frame.captures[index].current
    case .global(let slot): return globals[slot]
    case .globalChecked(let slot):
      guard globalReady[slot] else {
        throw RuntimeError(.uninitializedGlobal(program.globals[slot].name), at: expr.range)
      }
      return globals[slot]
    case .builtin(let builtin):
      switch builtin.kind {
      case .function: return .builtinFunction(builtin)
      case .type: return .type(builtin)
      case .value:
        guard let native = natives[builtin] else {
          throw RuntimeError(.notImplemented(builtin.spelling), at: expr.range)
        }
        return try located(expr.range) { try native.value(interpreter: self) }
      }
    case .enumCase(let symbol): return .enumCase(symbol)
    case .interpolation(let parts): return try interpolate(parts, frame, at: expr.range)
    case .member(let base, let symbol, let optional):
      let value = try eval(base, frame)
      if optional && value.isNil { return .nil }
      return try member(of: value, symbol, at: expr.range)
    case .tupleElement(let base, let index, let optional):
      let value = try eval(base, frame)
      if optional && value.isNil { return .nil }
      return try tupleElement(of: value, index, at: expr.range)
    case .callGlobal(let slot, let arguments):
      if case .closure(let closure) = globals[slot] {
        return try callClosure(closure, arguments, frame, at: expr.range)
      }
      return try callValue(globals[slot], evalArguments(arguments, frame), at: expr.range)
    case .callBuiltin(let builtin, let arguments):
      return try callBuiltin(builtin, evalArguments(arguments, frame), at: expr.range)
    case .callValue(let callee, let arguments):
      let function = try eval(callee, frame)
      if case .closure(let closure) = function {
        return try callClosure(closure, arguments, frame, at: expr.range)
      }
      return try callValue(function, evalArguments(arguments, frame), at: expr.range)
    case .callMethod(let base, let symbol, let arguments, let optional):
      let receiver = try eval(base, frame)
      if optional && receiver.isNil { return .nil }
      return try callMethod(on: receiver, symbol, evalArguments(arguments, frame), at: expr.range)
    case .callMutating(let target, let symbol, let arguments, let optional):
      // As in Swift, the target first, then the arguments; a nil optional
      // link (`list?.append(f())`, `d["k"]?.append(f())`) ends the call
      // before the arguments are evaluated.
      guard let place = try resolve(target, frame) else { return .nil }
      if optional, try read(place.path, place, frame).isNil { return .nil }
      let values = try evalArguments(arguments, frame)
      // A variable is changed where it lives: no closure, no path.
      if case .variable(let ref) = place.path.kind, let slot = variablePointer(ref, frame) {
        if optional && slot.pointee.isNil { return .nil }
        return try callMutatingMethod(on: &slot.pointee, symbol, values, at: expr.range)
      }
      var result = Value.nil
      try modify(place, frame) { receiver in
        if optional && receiver.isNil { return }
        result = try self.callMutatingMethod(on: &receiver, symbol, values, at: expr.range)
      }
      return result
    case .subscripted(let base, let arguments, let optional):
      let value = try eval(base, frame)
      if optional && value.isNil { return .nil }
      // `a[i]` and `d[k]` without building an argument list.
      if arguments.count == 1, arguments.labels[0] == nil {
        let index = try eval(arguments.values[0], frame)
        if case .array(let elements) = value, case .int(let position) = index {
          guard position >= 0, position < elements.count else {
            throw RuntimeError(.indexOutOfRange(position, count: elements.count), at: expr.range)
          }
          return elements[position]
        }
        if case .dictionary(let box) = value {
          try chargeWalk(of: index, at: expr.range)
          return box[index] ?? .nil
        }
        return try subscriptGet(value, Arguments([index], labels: [nil]), at: expr.range)
      }
      return try subscriptGet(value, subscriptArguments(arguments, of: value, frame), at: expr.range)
    case .unary(let op, let operand):
      return try unary(op, eval(operand, frame), at: expr.range)
    case .binary(let op, let left, let right):
      return try binary(op, left, right, frame, at: expr.range)
    case .ternary(let condition, let then, let otherwise):
      return try isTrue(eval(condition, frame), at: condition.range)
        ? eval(then, frame) : eval(otherwise, frame)
    case .cast(let operand, let kind, let type):
      return try cast(eval(operand, frame), kind, type, at: expr.range)
    case .forceUnwrap(let operand):
      let value = try eval(operand, frame)
      if value.isNil { throw RuntimeError(.unwrappedNil, at: expr.range) }
      return value
    case .range(let lower, let upper, let isClosed):
      let low = try integer(eval(lower, frame), at: lower.range)
      let high = try integer(eval(upper, frame), at: upper.range)
      guard low <= high else { throw RuntimeError(.invalidRange(low, high), at: expr.range) }
      return .range(RangeBox(lower: low, upper: high, isClosed: isClosed))
    case .array(let elements):
      try checkCount(elements.count, at: expr.range)
      var values: [Value] = []
      values.reserveCapacity(elements.count)
      for element in elements { values.append(try eval(element, frame)) }
      try checkNesting(values, at: expr.range)
      return .array(values)
    case .dictionary(let keys, let values):
      let box = DictionaryBox(capacity: keys.count)
      for (key, value) in zip(keys, values) {
        // Left to right, as in Swift: the key, then the value.
        let keyValue = try eval(key, frame)
        let element = try eval(value, frame)
        try checkNesting(element, at: expr.range)
        try checkNesting(keyValue, at: expr.range)
        if box.set(element, for: keyValue) != nil {
          let shown = keyValue.debugDescription(symbols: program.symbols, limit: 200)
          throw RuntimeError(.duplicateDictionaryKey(shown), at: expr.range)
        }
      }
      return .dictionary(box)
    case .tuple(let elements, let labels):
      let values = try elements.map { try eval($0, frame) }
      try checkNesting(values, at: expr.range)
      return .tuple(TupleBox(values, labels: labels))
    case .closure(let code):
      return .closure(makeClosure(code, frame))
    }
  }

  private func interpolate(_ parts: [InterpolationPart], _ frame: Frame, at range: SourceRange) throws
    -> Value
  {
    var text = ""
    for part in parts {
      switch part {
      case .text(let piece): text += piece
      case .value(let expr):
        // Stops building past the limit; the check below throws.
        let limit = limits.maxStringLength
        try eval(expr, frame).write(to: &text, symbols: program.symbols, quoted: false, limit: limit)
      }
    }
    try checkLength(text.utf8.count, at: range)
    try chargeBulk(bytes: text.utf8.count, at: range)
    return .string(text)
  }

  /// A subscript's arguments. `dict[key, default: value]` evaluates
  /// `value` only when the key is missing, as Swift's autoclosure does
  /// (nil stands in for it otherwise: the key's own value is used).
  func subscriptArguments(_ arguments: CheckedArguments, of collection: Value, _ frame: Frame) throws -> Arguments {
    guard arguments.count == 2, arguments.labels[0] == nil, arguments.labels[1] == Symbol(.default),
      case .dictionary(let box) = collection
    else { return try evalArguments(arguments, frame) }
    let key = try eval(arguments.values[0], frame)
    let fallback = box[key] == nil ? try eval(arguments.values[1], frame) : Value.nil
    return Arguments([key, fallback], labels: arguments.labels)
  }

  func evalArguments(_ arguments: CheckedArguments, _ frame: Frame) throws -> Arguments {
    var values: [Value] = []
    values.reserveCapacity(arguments.count)
    for value in arguments.values { values.append(try eval(value, frame)) }
    return Arguments(values, labels: arguments.labels)
  }

  // MARK: - Calls

  /// Calls a script closure, evaluating the arguments straight into the
  /// callee's frame (no argument array).
  func callClosure(_ closure: Closure, _ arguments: CheckedArguments, _ frame: Frame, at range: SourceRange)
    throws -> Value
  {
    let base = stackTop
    let count = arguments.count
    try reserveStack(base + count)
    for position in 0..<count {
      let value = try eval(arguments.values[position], frame)
      stack[base + position] = value
      // Calls made while evaluating later arguments start above this one.
      stackTop = base + position + 1
    }
    return try invokeCompiled(
      closure.compiled, captures: closure.captures, argumentCount: count, base: base, at: range)
  }

  /// Calls any callable value with evaluated arguments.
  func callValue(_ function: Value, _ arguments: Arguments, at range: SourceRange?) throws -> Value {
    switch function {
    case .closure(let closure):
      let base = stackTop
      try reserveStack(base + arguments.count)
      for (position, argument) in arguments.values.enumerated() { stack[base + position] = argument }
      return try invokeCompiled(
        closure.compiled, captures: closure.captures, argumentCount: arguments.count, base: base, at: range)
    case .builtinFunction(let builtin), .type(let builtin):
      return try callBuiltin(builtin, arguments, at: range)
    case .object(let object):
      return try located(range) { try object.call(arguments, interpreter: self) }
    default:
      throw RuntimeError(.notCallable(function.typeName), at: range)
    }
  }

  /// Runs native code, pointing an error without a location at `range`.
  @inline(__always)
  func located<T>(_ range: SourceRange?, _ body: () throws -> T) throws -> T {
    if let range { lastNativeCallRange = range }
    do {
      return try body()
    } catch let error as RuntimeError {
      guard let range, error.range == nil else { throw error }
      throw error.located(at: range)
    }
  }

  // MARK: - Operators

  private func binary(
    _ op: BinaryOperator, _ left: CheckedExpr, _ right: CheckedExpr, _ frame: Frame, at range: SourceRange
  )
    throws -> Value
  {
    switch op {
    case .and:
      guard try isTrue(eval(left, frame), at: left.range) else { return .bool(false) }
      return .bool(try isTrue(eval(right, frame), at: right.range))
    case .or:
      if try isTrue(eval(left, frame), at: left.range) { return .bool(true) }
      return .bool(try isTrue(eval(right, frame), at: right.range))
    case .nilCoalescing:
      let value = try eval(left, frame)
      return value.isNil ? try eval(right, frame) : value
    default:
      let a = try eval(left, frame)
      let b = try eval(right, frame)
      // Int with Int: the common case, answered as the instructions answer it.
      if case .int(let x) = a, case .int(let y) = b, let result = intResult(op, x, y) { return result }
      return try arithmetic(op, a, b, at: range)
    }
  }

  // MARK: - Casts

  private func cast(_ value: Value, _ kind: CastKind, _ type: CheckedType, at range: SourceRange) throws
    -> Value
  {
    switch kind {
    case .check: return .bool(matches(value, type))
    case .conditional: return matches(value, type) ? value : .nil
    case .forced:
      guard matches(value, type) else {
        throw RuntimeError(.forcedCastFailed(value.typeName, to: type.spelling), at: range)
      }
      return value
    case .plain:
      // `5 as Double`: a number literal takes the type it is given.
      if case .int(let number) = value, case .builtin(let builtin) = type,
        builtin == .double || builtin == .float || builtin == .cgFloat
      {
        return .double(Double(number))
      }
      return value
    }
  }

  /// Whether `value as? type` succeeds.
  func matches(_ value: Value, _ type: CheckedType) -> Bool {
    switch type {
    case .optional(let wrapped): return value.isNil || matches(value, wrapped)
    case .array(let element):
      guard case .array(let elements) = value else { return false }
      return elements.allSatisfy { matches($0, element) }
    case .dictionary(let keyType, let valueType):
      guard case .dictionary(let box) = value else { return false }
      return box.keys.allSatisfy { matches($0, keyType) } && box.values.allSatisfy { matches($0, valueType) }
    case .builtin(let builtin):
      switch (builtin, value) {
      case (_, .nil): return false
      case (.any, _): return true
      case (.anyObject, .object), (.anyObject, .closure), (.nsObject, .object): return true
      case (.int, .int), (.bool, .bool), (.array, .array), (.dictionary, .dictionary): return true
      case (.double, .double), (.float, .double), (.cgFloat, .double): return true
      case (.string, .string), (.nsString, .string): return true
      case (.character, .string(let box)): return box.value.count == 1
      case (_, .object(let object)):
        if let native = natives[builtin] { return native.matches(value) }
        return object.isInstance(of: builtin)
      default: return false
      }
    }
  }

  // MARK: - Limits

  @inline(__always)
  func checkCount(_ count: Int, at range: SourceRange?) throws {
    if count > limits.maxCollectionCount {
      throw RuntimeError(.collectionTooLarge(limits.maxCollectionCount), at: range)
    }
  }

  @inline(__always)
  func checkLength(_ length: Int, at range: SourceRange?) throws {
    if length > limits.maxStringLength {
      throw RuntimeError(.stringTooLong(limits.maxStringLength), at: range)
    }
  }
}

extension CheckedType {
  /// The type as a script writes it: `[String]`, `UIImage?`.
  public var spelling: String {
    switch self {
    case .builtin(let builtin): return builtin.spelling
    case .array(let element): return "[\(element.spelling)]"
    case .dictionary(let key, let value): return "[\(key.spelling): \(value.spelling)]"
    case .optional(let wrapped): return "\(wrapped.spelling)?"
    }
  }
}
