import DndCheck
import DndSyntax

/// String properties and methods. Characters are one-character strings.
extension Interpreter {
  func stringProperty(_ text: String, _ symbol: Symbol, at range: SourceRange) throws -> Value? {
    switch symbol.known {
    case .count?:
      // Counting characters reads every byte.
      try chargeBulk(bytes: text.utf8.count, at: range)
      return .int(text.count)
    case .isEmpty?: return .bool(text.isEmpty)
    case .first?: return text.first.map { .string(String($0)) } ?? .nil
    case .last?: return text.last.map { .string(String($0)) } ?? .nil
    case .description?: return .string(text)
    // Swift's UTF8View, as the bytes it holds (for `Data(text.utf8)`,
    // `Array(text.utf8)` and `text.utf8.count`): an array, so within the
    // collection limit (a string may hold more bytes than an array elements).
    case .utf8?:
      try checkCount(text.utf8.count, at: range)
      try chargeBulk(elements: text.utf8.count, at: range)
      return .array(text.utf8.map { .int(Int($0)) })
    default: return nil
    }
  }

  func stringMethod(_ text: String, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange) throws
    -> Value
  {
    let value = Value.string(text)
    guard let known = symbol.known else { throw noMethod(symbol, on: value, arguments, at: range) }
    func argument(_ position: Int) throws -> String {
      try stringArgument(arguments[position], of: known.spelling, at: range)
    }
    switch known {
    case .hasPrefix, .hasSuffix, .starts, .prefix, .suffix: break
    // The rest go over the whole text (or may): a step per 64 bytes.
    default: try chargeBulk(bytes: text.utf8.count, at: range)
    }
    switch known {
    // A letter may grow in another case ("ΐ" is six bytes upper-cased).
    case .uppercased where arguments.isEmpty:
      let result = text.uppercased()
      try checkLength(result.utf8.count, at: range)
      return .string(result)
    case .lowercased where arguments.isEmpty:
      let result = text.lowercased()
      try checkLength(result.utf8.count, at: range)
      return .string(result)
    case .hasPrefix where arguments.hasLabels(nil): return .bool(text.hasPrefix(try argument(0)))
    case .starts where arguments.hasLabels(.with): return .bool(text.hasPrefix(try argument(0)))
    case .hasSuffix where arguments.hasLabels(nil): return .bool(text.hasSuffix(try argument(0)))
    case .contains where arguments.hasLabels(nil) && !Self.isFunction(arguments[0]):
      // Foundation's answer (what an iOS app gets): no string contains the empty one.
      // `firstRange(of:)` searches in linear time; Foundation's `contains`
      // compared anew at each offset (a million characters against ten
      // thousand ran for minutes, as one step).
      let piece = try argument(0)
      return .bool(!piece.isEmpty && text.firstRange(of: piece) != nil)
    case .split where arguments.label(0) == Symbol(.separator):
      // `split(separator:)`, with `maxSplits:` and `omittingEmptySubsequences:` as Swift has them.
      let separator = try argument(0)
      guard !separator.isEmpty else { throw RuntimeError(.emptySeparator, at: range) }
      var maxSplits = Int.max
      var omitting = true
      for position in 1..<arguments.count {
        switch arguments.label(position)?.known {
        case .maxSplits?: maxSplits = try nonNegativeCount(arguments[position], of: "maxSplits", at: range)
        case .omittingEmptySubsequences?:
          guard case .bool(let flag) = arguments[position] else {
            throw RuntimeError(
              .wrongArgumentType(
                "omittingEmptySubsequences", expected: "a Bool", found: arguments[position].typeName), at: range)
          }
          omitting = flag
        default: throw noMethod(symbol, on: value, arguments, at: range)
        }
      }
      try checkPieces(of: text, separatedBy: separator, maxSplits: maxSplits, omitting: omitting, at: range)
      let pieces = text.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
      try checkCount(pieces.count, at: range)
      return .array(pieces.map { .string(String($0)) })
    case .components where arguments.hasLabels(.separatedBy):
      let separator = try argument(0)
      guard !separator.isEmpty else { throw RuntimeError(.emptySeparator, at: range) }
      try checkPieces(of: text, separatedBy: separator, maxSplits: .max, omitting: false, at: range)
      let pieces = text.split(separator: separator, omittingEmptySubsequences: false)
      try checkCount(pieces.count, at: range)
      return .array(pieces.map { .string(String($0)) })
    case .replacingOccurrences where arguments.hasLabels(.of, .with):
      let old = try argument(0)
      let new = try argument(1)
      if old.isEmpty { return value }
      let result = text.replacing(old, with: new)
      try checkLength(result.utf8.count, at: range)
      return .string(result)
    case .trimmingCharacters where arguments.hasLabels(.in):
      return .string(trimmed(text, arguments[0]))
    case .prefix where arguments.hasLabels(nil):
      let kept = String(text.prefix(try nonNegativeCount(arguments[0], of: "prefix", at: range)))
      try chargeBulk(bytes: kept.utf8.count, at: range)
      return .string(kept)
    case .suffix where arguments.hasLabels(nil):
      let kept = String(text.suffix(try nonNegativeCount(arguments[0], of: "suffix", at: range)))
      try chargeBulk(bytes: kept.utf8.count, at: range)
      return .string(kept)
    case .dropFirst, .dropLast:
      var count = 1
      if arguments.hasLabels(nil) {
        count = try nonNegativeCount(arguments[0], of: known.spelling, at: range)
      } else if !arguments.isEmpty {
        break
      }
      return .string(String(known == .dropFirst ? text.dropFirst(count) : text.dropLast(count)))
    case .reversed where arguments.isEmpty:
      return .string(String(text.reversed()))
    case .data where arguments.hasLabels(.using):
      // Swift's answer is optional: nil only for an encoding that cannot
      // spell the text, and UTF-8 spells any.
      guard case .enumCase(let encoding) = arguments[0], encoding.known == .utf8 else {
        let message = "data(using:) models the encoding .utf8 only; write 'text.data(using: .utf8)'"
        throw RuntimeError(.invalidArgument(message), at: range)
      }
      return .object(DataObject(utf8Of: text))
    case .filter:
      // A String's filter gives a String, as in Swift.
      let kept = try arrayMethod(characters(of: text, at: range), symbol, arguments, at: range)
      guard case .array(let characters) = kept else { return kept }
      return .string(characters.compactMap(\.stringValue).joined())
    case .map, .forEach, .contains, .sorted, .enumerated, .compactMap, .allSatisfy, .first, .flatMap:
      // The sequence methods see the string as its characters.
      return try arrayMethod(characters(of: text, at: range), symbol, arguments, at: range)
    default: break
    }
    throw noMethod(symbol, on: value, arguments, at: range)
  }

  /// A closure or a builtin function: `"hello".contains { $0 == "l" }` is
  /// the sequence method, not the substring test.
  static func isFunction(_ value: Value) -> Bool {
    switch value {
    case .closure, .builtinFunction: true
    default: false
    }
  }

  /// `trimmingCharacters(in: .whitespaces)` and `.whitespacesAndNewlines`.
  private func trimmed(_ text: String, _ set: Value) -> String {
    guard case .enumCase(let symbol) = set else { return text }
    guard symbol == Symbol(.whitespaces) || symbol == Symbol(.whitespacesAndNewlines) else { return text }
    let newlines = symbol == Symbol(.whitespacesAndNewlines)
    // Unicode's spaces (a no-break space, an em space), as Foundation's sets hold.
    let drop: (Character) -> Bool = { $0.isWhitespace && (newlines || !$0.isNewline) }
    var result = Substring(text)
    while let first = result.first, drop(first) { result = result.dropFirst() }
    while let last = result.last, drop(last) { result = result.dropLast() }
    return String(result)
  }

  func stringMutatingMethod(
    _ target: inout Value, _ symbol: Symbol, _ arguments: Arguments, at range: SourceRange
  )
    throws -> Value
  {
    let isAppend = symbol == Symbol(.append) && (arguments.hasLabels(nil) || arguments.hasLabels(.contentsOf))
    if isAppend {
      // Before anything else holds the string, so it can grow in place.
      try appendString(&target, try stringArgument(arguments[0], of: "append", at: range), at: range)
      return .nil
    }
    guard let text = target.stringValue else { return .nil }
    switch symbol.known {
    case .removeAll? where arguments.isEmpty:
      target = .string("")
      return .nil
    case .removeFirst? where arguments.isEmpty, .removeLast? where arguments.isEmpty:
      var changed = text
      guard !changed.isEmpty else { throw RuntimeError(.emptyCollection(name(of: symbol)), at: range) }
      let removed = symbol == Symbol(.removeFirst) ? changed.removeFirst() : changed.removeLast()
      target = .string(changed)
      return .string(String(removed))
    default:
      return try stringMethod(text, symbol, arguments, at: range)
    }
  }
}

extension Interpreter {
  /// Counts the pieces `split` or `components` would make before they are
  /// made: 64 MB of commas are 64 million pieces, gigabytes before the
  /// collection limit could count them. Only a text long enough to pass the
  /// limit is searched, once, without keeping the pieces.
  func checkPieces(
    of text: String, separatedBy separator: String, maxSplits: Int, omitting: Bool, at range: SourceRange
  ) throws {
    let limit = limits.maxCollectionCount
    guard text.utf8.count / max(separator.utf8.count, 1) >= limit else { return }
    var pieces = 0
    var splits = 0
    var rest = text[...]
    while splits < maxSplits, let found = rest.firstRange(of: separator) {
      if !omitting || found.lowerBound > rest.startIndex {
        pieces += 1
        splits += 1
      }
      rest = rest[found.upperBound...]
      if pieces > limit { break }
    }
    if !omitting || !rest.isEmpty { pieces += 1 }
    try checkCount(pieces, at: range)
  }
}
