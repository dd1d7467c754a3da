import DndCheck
import DndSyntax

/// Array properties and methods, as Swift's `Array` has them.
extension Interpreter {
  func arrayProperty(_ elements: [Value], _ symbol: Symbol) throws -> Value? {
    switch symbol.known {
    case .count?: return .int(elements.count)
    case .isEmpty?: return .bool(elements.isEmpty)
    case .first?: return elements.first ?? .nil
    case .last?: return elements.last ?? .nil
    case .indices?: return .range(RangeBox(lower: 0, upper: elements.count, isClosed: false))
    default: return nil
    }
  }

  /// `a.contains { x in x > 1 }` is `a.contains(where:)`: Swift drops the
  /// label of a trailing closure, so a method whose closure parameter is
  /// labelled `where:` or `by:` gets that label back when its only argument
  /// is an unlabelled function. (`contains(f)` cannot mean "contains the
  /// function f": functions are not equatable in Swift either.)
  func labellingTrailingClosure(_ known: KnownMember, _ arguments: Arguments) -> Arguments {
    guard arguments.count == 1, arguments.label(0) == nil else { return arguments }
    switch arguments[0] {
    case .closure, .builtinFunction: break
    default: return arguments
    }
    let label: KnownMember
    switch known {
    case .contains, .first, .last, .firstIndex, .lastIndex, .removeAll: label = .where
    case .sorted, .sort, .min, .max: label = .by
    default: return arguments
    }
    return Arguments(arguments.values, labels: [Symbol(label)])
  }

  func arrayMethod(_ elements: [Value], _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange)
    throws -> Value
  {
    let value = Value.array(elements)
    guard let known = symbol.known else { throw noMethod(symbol, on: value, arguments, at: range) }
    let arguments = labellingTrailingClosure(known, arguments)
    switch known {
    case .contains:
      if arguments.hasLabels(nil) { return .bool(try position(of: arguments[0], in: elements, at: range) != nil) }
      if arguments.hasLabels(.where) {
        return .bool(try elements.contains { try predicate(arguments[0], $0, at: range) })
      }
    case .firstIndex, .lastIndex:
      let first = known == .firstIndex
      var index: Int?
      if arguments.hasLabels(.of) {
        index = try position(of: arguments[0], in: elements, fromEnd: !first, at: range)
      } else if arguments.hasLabels(.where) {
        let test = { (element: Value) in try self.predicate(arguments[0], element, at: range) }
        index = first ? try elements.firstIndex(where: test) : try elements.lastIndex(where: test)
      } else {
        break
      }
      return index.map { .int($0) } ?? .nil
    case .first, .last:
      guard arguments.hasLabels(.where) else { break }
      let test = { (element: Value) in try self.predicate(arguments[0], element, at: range) }
      return (known == .first ? try elements.first(where: test) : try elements.last(where: test)) ?? .nil
    case .map where arguments.hasLabels(nil):
      let mapped = try elements.map { try callback(arguments[0], $0, at: range) }
      try checkNesting(mapped, at: range)
      return .array(mapped)
    case .filter where arguments.hasLabels(nil):
      return .array(try elements.filter { try predicate(arguments[0], $0, at: range) })
    case .compactMap where arguments.hasLabels(nil):
      let mapped = try elements.map { try callback(arguments[0], $0, at: range) }.filter { !$0.isNil }
      try checkNesting(mapped, at: range)
      return .array(mapped)
    case .flatMap where arguments.hasLabels(nil):
      var result: [Value] = []
      for element in elements {
        let mapped = try callback(arguments[0], element, at: range)
        // A closure giving a sequence is flattened, as in Swift: an array, a
        // string (its characters) or a range (its numbers).
        switch mapped {
        case .array, .string, .range:
          result.append(contentsOf: try sequenceElements(mapped, at: range))
        default:
          try checkNesting(mapped, at: range)
          result.append(mapped)
        }
        try checkCount(result.count, at: range)
      }
      return .array(result)
    case .forEach where arguments.hasLabels(nil):
      for element in elements { _ = try callback(arguments[0], element, at: range) }
      return .nil
    case .reduce where arguments.hasLabels(nil, nil):
      var accumulator = arguments[0]
      for element in elements { accumulator = try callback(arguments[1], accumulator, element, at: range) }
      return accumulator
    case .starts where arguments.hasLabels(.with):
      // Another array only: Swift's `starts(with:)` takes any sequence of
      // the same element type, which for a script is an array.
      guard case .array(let prefix) = arguments[0] else {
        throw RuntimeError(
          .wrongArgumentType("starts(with:)", expected: "an array", found: arguments[0].typeName), at: range)
      }
      return .bool(try starts(elements, with: prefix, at: range))
    case .allSatisfy where arguments.hasLabels(nil):
      return .bool(try elements.allSatisfy { try predicate(arguments[0], $0, at: range) })
    case .sorted:
      // About n log n comparisons; with `by:`, the closure's calls pay for themselves.
      let log = Int.bitWidth - elements.count.leadingZeroBitCount
      if arguments.isEmpty {
        try chargeBulk(elements: elements.count * log, at: range)
        return .array(try elements.sorted { try lessThan($0, $1, at: range) })
      }
      if arguments.hasLabels(.by) {
        return .array(try elements.sorted { try predicate(arguments[0], $0, $1, at: range) })
      }
    case .reversed where arguments.isEmpty:
      try chargeBulk(elements: elements.count, at: range)
      return .array(elements.reversed())
    case .enumerated where arguments.isEmpty:
      try chargeBulk(elements: elements.count, at: range)
      let labels = [Symbol(.offset), Symbol(.element)]
      let pairs = elements.enumerated().map {
        Value.tuple(TupleBox([.int($0.offset), $0.element], labels: labels))
      }
      try checkNesting(pairs, at: range)
      return .array(pairs)
    case .joined:
      var separator = ""
      if arguments.hasLabels(.separator) {
        separator = try stringArgument(arguments[0], of: "joined(separator:)", at: range)
      } else if !arguments.isEmpty {
        break
      }
      // An array of arrays, joined without a separator, is their elements.
      if arguments.isEmpty, !elements.isEmpty, elements.allSatisfy({ if case .array = $0 { true } else { false } }) {
        var flat: [Value] = []
        for case .array(let inner) in elements {
          flat.append(contentsOf: inner)
          try checkCount(flat.count, at: range)
        }
        try chargeBulk(elements: elements.count + flat.count, at: range)
        return .array(flat)
      }
      try chargeBulk(elements: elements.count, at: range)
      let pieces = try elements.map { try stringArgument($0, of: "joined", at: range) }
      let text = pieces.joined(separator: separator)
      try checkLength(text.utf8.count, at: range)
      try chargeBulk(bytes: text.utf8.count, at: range)
      return .string(text)
    case .min, .max:
      // `min()`, or `min(by: areInIncreasingOrder)`.
      let ordered: (Value, Value) throws -> Bool
      if arguments.isEmpty {
        ordered = { try self.lessThan($0, $1, at: range) }
      } else if arguments.hasLabels(.by) {
        ordered = { try self.predicate(arguments[0], $0, $1, at: range) }
      } else {
        break
      }
      guard var best = elements.first else { return .nil }
      if arguments.isEmpty { try chargeBulk(elements: elements.count, at: range) }
      for element in elements.dropFirst() {
        let better = known == .min ? try ordered(element, best) : try ordered(best, element)
        if better { best = element }
      }
      return best
    case .prefix, .suffix, .dropFirst, .dropLast:
      var count = 1
      if arguments.hasLabels(nil) {
        count = try nonNegativeCount(arguments[0], of: known.spelling, at: range)
      } else if !arguments.isEmpty || known == .prefix || known == .suffix {
        break
      }
      // What is copied: the prefix or suffix kept, or all but what is dropped.
      let kept = min(count, elements.count)
      try chargeBulk(elements: known == .prefix || known == .suffix ? kept : elements.count - kept, at: range)
      switch known {
      case .prefix: return .array(Array(elements.prefix(count)))
      case .suffix: return .array(Array(elements.suffix(count)))
      case .dropFirst: return .array(Array(elements.dropFirst(count)))
      default: return .array(Array(elements.dropLast(count)))
      }
    default: break
    }
    throw noMethod(symbol, on: value, arguments, at: range)
  }

  /// The mutating methods, changing `target` (an array) in place.
  func arrayMutatingMethod(
    _ target: inout Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange
  )
    throws -> Value
  {
    guard case .array(var elements) = target else { return .nil }
    let arguments = symbol.known.map { labellingTrailingClosure($0, arguments) } ?? arguments
    // Take the array out of `target` so that its buffer is not shared.
    target = .nil
    defer { target = .array(elements) }
    switch symbol.known {
    case .append?:
      if arguments.hasLabels(nil) {
        try checkCount(elements.count + 1, at: range)
        try checkNesting(arguments[0], at: range)
        elements.append(arguments[0])
        return .nil
      }
      if arguments.hasLabels(.contentsOf) {
        let more = try sequenceElements(arguments[0], at: range)
        try checkCount(elements.count + more.count, at: range)
        elements.append(contentsOf: more)
        return .nil
      }
    case .insert?:
      if arguments.hasLabels(.contentsOf, .at) {
        // The drop of several items at one index path inserts them together.
        let more = try sequenceElements(arguments[0], at: range)
        let index = try intArgument(arguments[1], of: "insert(contentsOf:at:)", at: range)
        guard index >= 0, index <= elements.count else {
          throw RuntimeError(.indexOutOfRange(index, count: elements.count), at: range)
        }
        try checkCount(elements.count + more.count, at: range)
        elements.insert(contentsOf: more, at: index)
        return .nil
      }
      guard arguments.hasLabels(nil, .at) else { break }
      let index = try intArgument(arguments[1], of: "insert(_:at:)", at: range)
      guard index >= 0, index <= elements.count else {
        throw RuntimeError(.indexOutOfRange(index, count: elements.count), at: range)
      }
      try checkCount(elements.count + 1, at: range)
      try checkNesting(arguments[0], at: range)
      elements.insert(arguments[0], at: index)
      return .nil
    case .remove?:
      guard arguments.hasLabels(.at) else { break }
      let index = try arrayIndex(arguments[0], count: elements.count, at: range)
      return elements.remove(at: index)
    case .removeFirst?, .removeLast?:
      if arguments.hasLabels(nil) {
        // `removeFirst(2)`: as many as asked, or Swift stops the program.
        let count = try nonNegativeCount(arguments[0], of: name(of: symbol), at: range)
        guard count <= elements.count else {
          throw RuntimeError(
            .invalidArgument("\(name(of: symbol))(\(count)) on \(elements.count) elements: there are not enough"),
            at: range)
        }
        if symbol == Symbol(.removeFirst) { elements.removeFirst(count) } else { elements.removeLast(count) }
        return .nil
      }
      guard arguments.isEmpty else { break }
      guard !elements.isEmpty else { throw RuntimeError(.emptyCollection(name(of: symbol)), at: range) }
      return symbol == Symbol(.removeFirst) ? elements.removeFirst() : elements.removeLast()
    case .popLast?:
      guard arguments.isEmpty else { break }
      return elements.popLast() ?? .nil
    case .removeAll?:
      if arguments.isEmpty {
        elements.removeAll()
        return .nil
      }
      if arguments.hasLabels(.where) {
        try elements.removeAll { try predicate(arguments[0], $0, at: range) }
        return .nil
      }
    case .sort?:
      if arguments.isEmpty {
        try elements.sort { try lessThan($0, $1, at: range) }
        return .nil
      }
      if arguments.hasLabels(.by) {
        try elements.sort { try predicate(arguments[0], $0, $1, at: range) }
        return .nil
      }
    case .reverse?:
      guard arguments.isEmpty else { break }
      elements.reverse()
      return .nil
    case .swapAt?:
      guard arguments.hasLabels(nil, nil) else { break }
      let first = try arrayIndex(arguments[0], count: elements.count, at: range)
      let second = try arrayIndex(arguments[1], count: elements.count, at: range)
      elements.swapAt(first, second)
      return .nil
    default:
      break
    }
    throw noMethod(symbol, on: .array(elements), arguments, at: range)
  }
}
