import DndCheck
import DndSyntax

/// The builtin functions and the core types' initializers. Every other
/// builtin is constructed by its registered `NativeType`.
extension Interpreter {
  func callBuiltin(_ builtin: Builtin, _ arguments: Arguments, at range: SourceRange?) throws -> Value {
    switch builtin {
    case .print: return try print(arguments, at: range)
    case .min, .max: return try extreme(builtin == .min, arguments, at: range)
    case .abs:
      guard arguments.hasLabels(nil) else { break }
      switch arguments[0] {
      case .int(let number):
        guard number != Int.min else { throw RuntimeError(.integerOverflow("abs"), at: range) }
        return .int(Swift.abs(number))
      case .double(let number): return .double(Swift.abs(number))
      default: break
      }
    case .stride: return try stride(arguments, at: range)
    case .zip:
      // Pairs as far as the shorter sequence goes, as Swift's zip; an array
      // of tuples here, where Swift gives a lazy sequence.
      guard arguments.count == 2, arguments.label(0) == nil, arguments.label(1) == nil else {
        let message = "zip takes two sequences without labels, as in zip(names, counts)"
        throw RuntimeError(.invalidArgument(message), at: range)
      }
      let first = try sequenceElements(arguments[0], at: range)
      let second = try sequenceElements(arguments[1], at: range)
      try chargeBulk(elements: min(first.count, second.count), at: range)
      return .array(Swift.zip(first, second).map { .tuple(TupleBox([$0, $1])) })
    case .string, .nsString, .character: return try makeString(builtin, arguments, at: range)
    case .int: return try makeInt(arguments, at: range)
    case .double, .float, .cgFloat:
      guard arguments.hasLabels(nil) else { break }
      switch arguments[0] {
      case .int(let number): return .double(Double(number))
      case .double: return arguments[0]
      case .string(let box): return Double(box.value).map { .double($0) } ?? .nil
      default: break
      }
    case .bool:
      guard arguments.hasLabels(nil) else { break }
      switch arguments[0] {
      case .bool: return arguments[0]
      case .string(let box): return Bool(box.value).map { .bool($0) } ?? .nil
      default: break
      }
    case .array:
      if arguments.isEmpty { return .array([]) }
      if arguments.hasLabels(.repeating, .count) {
        let count = try nonNegativeCount(arguments[1], of: "Array(repeating:count:)", at: range)
        try checkCount(count, at: range)
        try checkNesting(arguments[0], at: range)
        try chargeBulk(elements: count, at: range)
        return .array(Array(repeating: arguments[0], count: count))
      }
      if arguments.hasLabels(nil) {
        let elements = try sequenceElements(arguments[0], at: range)
        // An array's copy shares its storage; a range or a text is made anew.
        if case .array = arguments[0] {} else { try chargeBulk(elements: elements.count, at: range) }
        return .array(elements)
      }
    case .dictionary:
      if arguments.isEmpty { return .dictionary(DictionaryBox()) }
    case .any, .anyObject, .nsObject:
      break
    default:
      guard let native = natives[builtin] else {
        throw RuntimeError(.notImplemented(builtin.spelling), at: range)
      }
      return try located(range) { try native.construct(arguments, interpreter: self) }
    }
    throw RuntimeError(.notConstructible(builtin.spelling), at: range)
  }

  /// `print(a, b, separator: ", ", terminator: "")`
  private func print(_ arguments: Arguments, at range: SourceRange?) throws -> Value {
    var separator = " "
    var terminator = "\n"
    var items: [Value] = []
    for position in 0..<arguments.count {
      switch arguments.label(position)?.known {
      case .separator?: separator = try stringArgument(arguments[position], of: "print", at: range)
      case .terminator?: terminator = try stringArgument(arguments[position], of: "print", at: range)
      default: items.append(arguments[position])
      }
    }
    var text = ""
    for (position, item) in items.enumerated() {
      if position > 0 { text += separator }
      // Stops building past what the output limit has left (checked below).
      item.write(to: &text, symbols: program.symbols, quoted: false, limit: limits.maxOutputBytes - outputBytes)
    }
    text += terminator
    outputBytes += text.utf8.count
    guard outputBytes <= limits.maxOutputBytes else {
      throw RuntimeError(.outputTooLarge(limits.maxOutputBytes), at: range)
    }
    host.output(text)
    return .nil
  }

  private func extreme(_ isMin: Bool, _ arguments: Arguments, at range: SourceRange?) throws -> Value {
    guard var best = arguments.values.first else {
      throw RuntimeError(.notConstructible(isMin ? "min" : "max"), at: range)
    }
    for candidate in arguments.values.dropFirst() {
      let better = isMin ? try lessThan(candidate, best, at: range) : try lessThan(best, candidate, at: range)
      if better { best = candidate }
    }
    return best
  }

  /// `stride(from:to:by:)` and `stride(from:through:by:)`, as an array.
  private func stride(_ arguments: Arguments, at range: SourceRange?) throws -> Value {
    let through = arguments.hasLabels(.from, .through, .by)
    guard through || arguments.hasLabels(.from, .to, .by) else {
      throw RuntimeError(.invalidArgument("stride takes 'from:', 'to:' or 'through:', and 'by:'"), at: range)
    }
    if case .int(let start) = arguments[0], case .int(let end) = arguments[1],
      case .int(let step) = arguments[2]
    {
      guard step != 0 else {
        throw RuntimeError(.invalidArgument("stride's step must not be zero"), at: range)
      }
      let span = (Double(end) - Double(start)) / Double(step)
      try checkCount(Int(min(max(span + 1, 0), Double(limits.maxCollectionCount + 1))), at: range)
      // Counted by hand with overflow checks: near Int.max, the standard
      // library's stride would trap stepping past the end.
      var values: [Value] = []
      var current = start
      while step > 0 ? (through ? current <= end : current < end) : (through ? current >= end : current > end)
      {
        values.append(.int(current))
        let (next, overflow) = current.addingReportingOverflow(step)
        if overflow { break }
        current = next
      }
      try chargeBulk(elements: values.count, at: range)
      return .array(values)
    }
    guard let start = arguments[0].doubleValue, let end = arguments[1].doubleValue,
      let step = arguments[2].doubleValue, step != 0, step.isFinite, start.isFinite, end.isFinite
    else {
      throw RuntimeError(.invalidArgument("stride needs numbers and a non-zero step"), at: range)
    }
    try checkCount(
      Int(min(max((end - start) / step + 1, 0), Double(limits.maxCollectionCount + 1))), at: range)
    let sequence: [Double] =
      through
      ? Array(Swift.stride(from: start, through: end, by: step))
      : Array(Swift.stride(from: start, to: end, by: step))
    try chargeBulk(elements: sequence.count, at: range)
    return .array(sequence.map { .double($0) })
  }

  private func makeString(_ builtin: Builtin, _ arguments: Arguments, at range: SourceRange?) throws -> Value
  {
    if arguments.isEmpty { return .string("") }
    if arguments.hasLabels(.repeating, .count) {
      let piece = try stringArgument(arguments[0], of: "String(repeating:count:)", at: range)
      let count = try nonNegativeCount(arguments[1], of: "String(repeating:count:)", at: range)
      let (length, overflow) = piece.utf8.count.multipliedReportingOverflow(by: count)
      try checkLength(overflow ? Int.max : length, at: range)
      try chargeBulk(bytes: length, at: range)
      // An empty piece gives "" at once: repeating it would take `count` turns
      // (Int.max of them) to build nothing.
      return .string(piece.isEmpty ? "" : String(repeating: piece, count: count))
    }
    if builtin == .string, arguments.label(0)?.known == .format,
      (1..<arguments.count).allSatisfy({ arguments.label($0) == nil })
    {
      let template = try stringArgument(arguments[0], of: "String(format:)", at: range)
      let text: String
      do throws(StringFormat.Failure) {
        // Each `%@` stops building past the string limit; the length check below throws.
        let limit = limits.maxStringLength
        text = try StringFormat.format(template, Array(arguments.values.dropFirst())) { [program] value in
          var text = ""
          value.write(to: &text, symbols: program.symbols, quoted: false, limit: limit)
          return text
        }
      } catch {
        throw RuntimeError(.invalidArgument("String(format:): " + error.message), at: range)
      }
      try checkLength(text.utf8.count, at: range)
      return .string(text)
    }
    if builtin == .string && arguments.hasLabels(.data, .encoding) {
      let text = try located(range) { try DataObject.text(arguments) }
      if case .string(let box) = text { try checkLength(box.value.utf8.count, at: range) }
      return text
    }
    guard arguments.hasLabels(nil) || (builtin == .string && arguments.hasLabels(.describing)) else {
      throw RuntimeError(.notConstructible(builtin.spelling), at: range)
    }
    // `String(chars)` for an array of Characters (`String("cba".sorted())`):
    // their text, as in Swift, not the array's description.
    if builtin == .string, arguments.hasLabels(nil), case .array(let elements) = arguments[0],
      !elements.isEmpty, elements.allSatisfy({ $0.stringValue?.count == 1 })
    {
      let text = elements.compactMap(\.stringValue).joined()
      try checkLength(text.utf8.count, at: range)
      return .string(text)
    }
    let text = try describe(arguments[0], at: range)
    if builtin == .character && text.count != 1 {
      throw RuntimeError(.invalidArgument("a Character holds exactly one character"), at: range)
    }
    return .string(text)
  }

  /// `Int(3.9)` is 3; `Int("12")` is 12 and `Int("x")` nil, as in Swift.
  private func makeInt(_ arguments: Arguments, at range: SourceRange?) throws -> Value {
    guard arguments.hasLabels(nil) else { throw RuntimeError(.notConstructible("Int"), at: range) }
    switch arguments[0] {
    case .int: return arguments[0]
    case .double(let number):
      guard let converted = Int(exactly: number.rounded(.towardZero)) else {
        // A NaN's sign shows in its description ("-nan" for 0.0 / 0.0 here):
        // named without it, as `print` shows it.
        let (shown, why) = number.isNaN ? ("nan", "it is not a number") : (number.description, "it is out of range")
        throw RuntimeError(.invalidArgument("\(shown) cannot be converted to an Int: \(why)"), at: range)
      }
      return .int(converted)
    case .string(let box): return Int(box.value).map { .int($0) } ?? .nil
    default: throw RuntimeError(.notConstructible("Int"), at: range)
    }
  }
}
