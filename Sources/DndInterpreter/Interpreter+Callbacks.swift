import DndCheck
import DndSyntax

/// Calling script closures from core methods (`map`, `filter`, `sorted(by:)`)
/// without building an argument array for each element.
extension Interpreter {
  func callback(_ function: Value, _ argument: Value, at range: SourceRange?) throws -> Value {
    guard case .closure(let closure) = function else {
      return try callValue(function, Arguments([argument]), at: range)
    }
    let count = closure.compiled.parameterCount
    if count > 1, case .tuple(let tuple) = argument {
      // `dictionary.map { key, value in ... }`, `zip(a, b).map { $0 == $1 }`:
      // Swift gives a closure of n parameters an n-tuple's elements one by one.
      guard tuple.elements.count == count else {
        throw RuntimeError(.tupleClosureArity(parameters: count, elements: tuple.elements.count), at: range)
      }
      let base = stackTop
      try reserveStack(base + count)
      for (offset, element) in tuple.elements.enumerated() { stack[base + offset] = element }
      return try invokeCompiled(
        closure.compiled, captures: closure.captures, argumentCount: count, base: base, at: range)
    }
    let base = stackTop
    try reserveStack(base + 1)
    stack[base] = argument
    return try invokeCompiled(
      closure.compiled, captures: closure.captures, argumentCount: 1, base: base, at: range)
  }

  func callback(_ function: Value, _ first: Value, _ second: Value, at range: SourceRange?) throws -> Value {
    guard case .closure(let closure) = function else {
      return try callValue(function, Arguments([first, second]), at: range)
    }
    let base = stackTop
    try reserveStack(base + 2)
    stack[base] = first
    stack[base + 1] = second
    return try invokeCompiled(
      closure.compiled, captures: closure.captures, argumentCount: 2, base: base, at: range)
  }

  /// A callback that must answer a Bool (`filter`, `sorted(by:)`).
  func predicate(_ function: Value, _ argument: Value, at range: SourceRange?) throws -> Bool {
    let result = try callback(function, argument, at: range)
    guard case .bool(let flag) = result else {
      throw RuntimeError(
        .wrongArgumentType("the closure", expected: "a Bool result", found: result.typeName), at: range)
    }
    return flag
  }

  func predicate(_ function: Value, _ first: Value, _ second: Value, at range: SourceRange?) throws -> Bool {
    let result = try callback(function, first, second, at: range)
    guard case .bool(let flag) = result else {
      throw RuntimeError(
        .wrongArgumentType("the closure", expected: "a Bool result", found: result.typeName), at: range)
    }
    return flag
  }

  /// An Int argument of a core method.
  func intArgument(_ value: Value, of method: String, at range: SourceRange?) throws -> Int {
    guard case .int(let number) = value else {
      throw RuntimeError(.wrongArgumentType(method, expected: "an Int", found: value.typeName), at: range)
    }
    return number
  }

  /// A count for `prefix`, `dropFirst` and the like: Swift stops the
  /// program on a negative one ("Can't take a prefix of negative length").
  func nonNegativeCount(_ value: Value, of method: String, at range: SourceRange?) throws -> Int {
    let count = try intArgument(value, of: method, at: range)
    guard count >= 0 else {
      throw RuntimeError(
        .invalidArgument("'\(method)' was given a count of \(count); a count cannot be negative"), at: range)
    }
    return count
  }

  /// A String argument of a core method.
  func stringArgument(_ value: Value, of method: String, at range: SourceRange?) throws -> String {
    guard case .string(let box) = value else {
      throw RuntimeError(.wrongArgumentType(method, expected: "a String", found: value.typeName), at: range)
    }
    return box.value
  }
}
