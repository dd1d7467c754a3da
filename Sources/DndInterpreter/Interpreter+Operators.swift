import DndCheck
import DndSyntax

/// Arithmetic and comparison. Integer overflow and division by zero are
/// runtime errors (Swift traps on them). An Int meeting a Double is widened
/// to Double, which Swift does for literals and the language does always.
extension Interpreter {
  func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value, at range: SourceRange) throws -> Value
  {
    // Nested `if case` rather than a switch on the pair, which would copy
    // both values (a retain each) on the hottest path.
    if case .int(let a) = left {
      if case .int(let b) = right { return try integerArithmetic(op, a, b, at: range) }
      if case .double(let b) = right { return try doubleArithmetic(op, Double(a), b, left, right, at: range) }
    } else if case .double(let a) = left {
      if case .double(let b) = right { return try doubleArithmetic(op, a, b, left, right, at: range) }
      if case .int(let b) = right { return try doubleArithmetic(op, a, Double(b), left, right, at: range) }
    }
    switch op {
    case .equal: return .bool(try equal(left, right, at: range))
    case .notEqual: return .bool(try !equal(left, right, at: range))
    case .identical: return .bool(identical(left, right))
    case .notIdentical: return .bool(!identical(left, right))
    case .add:
      switch (left, right) {
      case (.string(let a), .string(let b)):
        try checkLength(a.value.utf8.count + b.value.utf8.count, at: range)
        return .string(a.value + b.value)
      case (.array(let a), .array(let b)):
        try checkCount(a.count + b.count, at: range)
        return .array(a + b)
      default: break
      }
    case .less, .lessEqual, .greater, .greaterEqual:
      if case .string(let a) = left, case .string(let b) = right {
        return .bool(compare(op, a.value, b.value))
      }
      // Tuples of the same size compare element by element, as in Swift;
      // index paths (Comparable in Foundation) by section, then item.
      if Interpreter.comparesInOrder(left, right) {
        let less = try lessThan(left, right, at: range)
        let greater = try lessThan(right, left, at: range)
        switch op {
        case .less: return .bool(less)
        case .greater: return .bool(greater)
        case .lessEqual: return .bool(!greater)
        default: return .bool(!less)
        }
      }
    default: break
    }
    throw RuntimeError(.operandTypes(op.rawValue, left: left.typeName, right: right.typeName), at: range)
  }

  @inline(__always)
  private func integerArithmetic(_ op: BinaryOperator, _ a: Int, _ b: Int, at range: SourceRange) throws
    -> Value
  {
    let result: (partialValue: Int, overflow: Bool)
    switch op {
    case .add: result = a.addingReportingOverflow(b)
    case .subtract: result = a.subtractingReportingOverflow(b)
    case .multiply: result = a.multipliedReportingOverflow(by: b)
    case .divide:
      if b == 0 { throw RuntimeError(.divisionByZero, at: range) }
      result = a.dividedReportingOverflow(by: b)
    case .remainder:
      if b == 0 { throw RuntimeError(.divisionByZero, at: range) }
      result = a.remainderReportingOverflow(dividingBy: b)
    case .equal: return .bool(a == b)
    case .notEqual: return .bool(a != b)
    case .less: return .bool(a < b)
    case .lessEqual: return .bool(a <= b)
    case .greater: return .bool(a > b)
    case .greaterEqual: return .bool(a >= b)
    case .identical, .notIdentical, .and, .or, .nilCoalescing:
      throw RuntimeError(.operandTypes(op.rawValue, left: "Int", right: "Int"), at: range)
    }
    if result.overflow { throw RuntimeError(.integerOverflow(op.rawValue), at: range) }
    return .int(result.partialValue)
  }

  private func doubleArithmetic(
    _ op: BinaryOperator, _ a: Double, _ b: Double, _ left: Value, _ right: Value, at range: SourceRange
  ) throws -> Value {
    switch op {
    case .add: return .double(a + b)
    case .subtract: return .double(a - b)
    case .multiply: return .double(a * b)
    case .divide: return .double(a / b)
    case .remainder: return .double(a.truncatingRemainder(dividingBy: b))
    case .equal: return .bool(a == b)
    case .notEqual: return .bool(a != b)
    case .less: return .bool(a < b)
    case .lessEqual: return .bool(a <= b)
    case .greater: return .bool(a > b)
    case .greaterEqual: return .bool(a >= b)
    case .identical, .notIdentical, .and, .or, .nilCoalescing:
      throw RuntimeError(.operandTypes(op.rawValue, left: left.typeName, right: right.typeName), at: range)
    }
  }

  private func compare<T: Comparable>(_ op: BinaryOperator, _ a: T, _ b: T) -> Bool {
    switch op {
    case .less: return a < b
    case .lessEqual: return a <= b
    case .greater: return a > b
    default: return a >= b
    }
  }

  /// `===`: the same object or closure; nil is identical to nil.
  private func identical(_ left: Value, _ right: Value) -> Bool {
    switch (left, right) {
    case (.object(let a), .object(let b)): return a === b
    case (.closure(let a), .closure(let b)): return a === b
    case (.nil, .nil): return true
    default: return false
    }
  }

  func unary(_ op: UnaryOperator, _ value: Value, at range: SourceRange) throws -> Value {
    switch (op, value) {
    case (.negate, .int(let number)):
      let (result, overflow) = Int(0).subtractingReportingOverflow(number)
      if overflow { throw RuntimeError(.integerOverflow("-"), at: range) }
      return .int(result)
    case (.negate, .double(let number)): return .double(-number)
    case (.not, .bool(let flag)): return .bool(!flag)
    default: throw RuntimeError(.operandType(op.rawValue, type: value.typeName), at: range)
    }
  }

  /// Tuples of one size, or two index paths: compared part by part.
  static func comparesInOrder(_ left: Value, _ right: Value) -> Bool {
    switch (left, right) {
    case (.tuple(let a), .tuple(let b)): return a.elements.count == b.elements.count
    case (.object(let a), .object(let b)): return a is IndexPathObject && b is IndexPathObject
    default: return false
    }
  }

  /// `a < b` for sorting and `min`/`max`: numbers, strings, tuples, index paths.
  func lessThan(_ left: Value, _ right: Value, at range: SourceRange?) throws -> Bool {
    switch (left, right) {
    case (.object(let a as IndexPathObject), .object(let b as IndexPathObject)):
      return (a.section, a.item) < (b.section, b.item)
    case (.int(let a), .int(let b)): return a < b
    case (.string(let a), .string(let b)): return a.value < b.value
    case (.tuple(let a), .tuple(let b)) where a.elements.count == b.elements.count:
      // The first elements that differ decide.
      for (x, y) in zip(a.elements, b.elements) {
        if try lessThan(x, y, at: range) { return true }
        if try lessThan(y, x, at: range) { return false }
      }
      return false
    default:
      if let a = left.doubleValue, let b = right.doubleValue { return a < b }
      throw RuntimeError(.operandTypes("<", left: left.typeName, right: right.typeName), at: range)
    }
  }
}
