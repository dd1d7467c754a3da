import DndCheck
import DndSyntax

/// Dictionary properties and methods. Entries keep insertion order; a
/// dictionary's elements are `(key:, value:)` tuples.
extension Interpreter {
  func dictionaryProperty(_ box: DictionaryBox, _ symbol: Symbol) -> Value? {
    switch symbol.known {
    case .count?: return .int(box.count)
    case .isEmpty?: return .bool(box.count == 0)
    case .keys?: return .array(box.keys)
    case .values?: return .array(box.values)
    default: return nil
    }
  }

  func dictionaryMethod(_ box: DictionaryBox, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange)
    throws -> Value
  {
    let value = Value.dictionary(box)
    switch symbol.known {
    case .filter? where arguments.hasLabels(nil):
      let result = DictionaryBox()
      for entry in try sequenceElements(value, at: range) where try predicate(arguments[0], entry, at: range)
      {
        guard case .tuple(let pair) = entry else { continue }
        // The new dictionary hashes the key again.
        try chargeWalk(of: pair.elements[0], at: range)
        result.set(pair.elements[1], for: pair.elements[0])
      }
      return .dictionary(result)
    case .map?, .forEach?, .sorted?, .contains?, .first?, .compactMap?, .allSatisfy?, .reduce?:
      return try arrayMethod(sequenceElements(value, at: range), symbol, arguments, at: range)
    case .mapValues? where arguments.hasLabels(nil):
      let result = DictionaryBox()
      for (key, element) in zip(box.keys, box.values) {
        let mapped = try callback(arguments[0], element, at: range)
        try checkNesting(mapped, at: range)
        try chargeWalk(of: key, at: range)
        result.set(mapped, for: key)
      }
      return .dictionary(result)
    default: break
    }
    throw noMethod(symbol, on: value, arguments, at: range)
  }

  func dictionaryMutatingMethod(
    _ target: inout Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange
  ) throws -> Value {
    guard case .dictionary(var box) = target else { return .nil }
    target = .nil
    if !isKnownUniquelyReferenced(&box) { box = DictionaryBox(copying: box) }
    defer { target = .dictionary(box) }
    switch symbol.known {
    case .removeValue? where arguments.hasLabels(.forKey):
      try chargeWalk(of: arguments[0], at: range)
      return box.remove(arguments[0]) ?? .nil
    case .updateValue? where arguments.hasLabels(nil, .forKey):
      try checkNesting(arguments.values, at: range)
      try chargeWalk(of: arguments[1], at: range)
      if box[arguments[1]] == nil { try checkCount(box.count + 1, at: range) }
      return box.set(arguments[0], for: arguments[1]) ?? .nil
    case .removeAll? where arguments.isEmpty:
      box.removeAll()
      return .nil
    default:
      return try dictionaryMethod(box, symbol, arguments, at: range)
    }
  }

  // MARK: - Numbers and ranges

  func numberProperty(_ value: Value, _ symbol: Symbol) -> Value? {
    switch (value, symbol.known) {
    case (.int(let number), .magnitude?): return number == Int.min ? nil : .int(Swift.abs(number))
    case (.double(let number), .magnitude?): return .double(Swift.abs(number))
    case (.double(let number), .isNaN?): return .bool(number.isNaN)
    case (_, .description?): return .string(describe(value))
    default: return nil
    }
  }

  func numberMethod(_ value: Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange) throws
    -> Value
  {
    switch (value, symbol.known) {
    case (.int(let number), .isMultiple?) where arguments.hasLabels(.of):
      let divisor = try intArgument(arguments[0], of: "isMultiple(of:)", at: range)
      if divisor == 0 { return .bool(number == 0) }
      return .bool(number.remainderReportingOverflow(dividingBy: divisor).partialValue == 0)
    case (.double(let number), .rounded?) where arguments.isEmpty:
      return .double(number.rounded())
    case (.double(let number), .rounded?) where arguments.hasLabels(nil):
      // `rounded(.down)` and the other rules of FloatingPointRoundingRule.
      guard case .enumCase(let symbol) = arguments[0], let known = symbol.known,
        let rule = Self.roundingRules[known]
      else {
        throw RuntimeError(
          .wrongArgumentType(
            "rounded(_:)", expected: "a rounding rule such as .down, .up or .towardZero",
            found: arguments[0].typeName), at: range)
      }
      return .double(number.rounded(rule))
    case (.double(let number), .squareRoot?) where arguments.isEmpty:
      return .double(number.squareRoot())
    case (.int, .rounded?) where arguments.isEmpty || arguments.hasLabels(nil):
      return value
    default:
      throw noMethod(symbol, on: value, arguments, at: range)
    }
  }

  /// The cases of `FloatingPointRoundingRule`, by their spelling.
  static let roundingRules: [KnownMember: FloatingPointRoundingRule] = [
    .up: .up, .down: .down, .towardZero: .towardZero, .awayFromZero: .awayFromZero,
    .toNearestOrAwayFromZero: .toNearestOrAwayFromZero, .toNearestOrEven: .toNearestOrEven,
  ]

  func rangeMethod(_ value: Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange) throws
    -> Value
  {
    guard case .range(let box) = value else { return .nil }
    if symbol == Symbol(.contains), arguments.hasLabels(nil) {
      guard case .int(let number) = arguments[0] else { return .bool(false) }
      return .bool(box.contains(number))
    }
    return try arrayMethod(sequenceElements(value, at: range), symbol, arguments, at: range)
  }
}
