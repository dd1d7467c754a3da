import DndCheck

/// Printing, as Swift's `print` shows values: `[1, 2]`, `["a": 1]`,
/// `(offset: 0, element: "x")`, `nil` for nil (there is no `Optional(...)`:
/// the language has no optional wrapper to show).
extension Value: CustomStringConvertible {
  /// The text `print` shows for this value. Symbols (tuple labels, enum
  /// cases) are spelt with `symbols`.
  public func description(symbols: SymbolTable) -> String {
    var text = ""
    write(to: &text, symbols: symbols, quoted: false)
    return text
  }

  /// The text for this value inside a collection: strings quoted and escaped.
  public func debugDescription(symbols: SymbolTable) -> String {
    var text = ""
    write(to: &text, symbols: symbols, quoted: true)
    return text
  }

  /// `debugDescription` for a message: past `limit` bytes it stops building
  /// and ends with "..." (a failed expectation on a huge array).
  func debugDescription(symbols: SymbolTable, limit: Int) -> String {
    var text = ""
    write(to: &text, symbols: symbols, quoted: true, limit: limit)
    guard text.utf8.count > limit else { return text }
    return String(text.prefix(limit)) + "..."
  }

  /// Writes the value's text after `text`. Past `limit` UTF-8 bytes it
  /// stops, at the next element (the caller checks the length): twenty
  /// strings of 60 MB make a description no script may hold, and building
  /// it whole first would take gigabytes.
  func write(to text: inout String, symbols: SymbolTable, quoted: Bool, depth: Int = 0, limit: Int = .max) {
    // Collections nested deeper than anyone reads are cut short, so that
    // printing a pathological value cannot exhaust the native stack.
    if depth > Value.maxPrintedDepth {
      text += "..."
      return
    }
    if text.utf8.count > limit { return }
    switch self {
    case .nil: text += "nil"
    case .bool(let value): text += value ? "true" : "false"
    case .int(let value): text += decimal(value)
    case .double(let value): text += value.description
    case .string(let box): text += quoted ? box.value.debugDescription : box.value
    case .array(let elements):
      text += "["
      for (position, element) in elements.enumerated() {
        if text.utf8.count > limit { return }
        if position > 0 { text += ", " }
        element.write(to: &text, symbols: symbols, quoted: true, depth: depth + 1, limit: limit)
      }
      text += "]"
    case .dictionary(let box):
      if box.count == 0 {
        text += "[:]"
        return
      }
      text += "["
      for (position, key) in box.keys.enumerated() {
        if text.utf8.count > limit { return }
        if position > 0 { text += ", " }
        key.write(to: &text, symbols: symbols, quoted: true, depth: depth + 1, limit: limit)
        text += ": "
        box.value(at: position).write(to: &text, symbols: symbols, quoted: true, depth: depth + 1, limit: limit)
      }
      text += "]"
    case .tuple(let box):
      text += "("
      for (position, element) in box.elements.enumerated() {
        if text.utf8.count > limit { return }
        if position > 0 { text += ", " }
        if position < box.labels.count, let label = box.labels[position] {
          text += symbols.name(of: label) + ": "
        }
        element.write(to: &text, symbols: symbols, quoted: true, depth: depth + 1, limit: limit)
      }
      text += ")"
    case .closure, .builtinFunction: text += "(Function)"
    case .type(let builtin): text += builtin.spelling
    case .range(let box): text += "\(box.lower)\(box.isClosed ? "..." : "..<")\(box.upper)"
    case .enumCase(let symbol): text += symbols.name(of: symbol)
    case .object(let object): text += quoted ? object.debugDescription : object.description
    }
  }

  /// Printed without the program's symbol table: names a script invented
  /// (tuple labels, enum cases) show as `#id`. Prefer
  /// `Interpreter.describe(_:)`.
  public var description: String { description(symbols: .knownMembers) }

  /// How deeply nested collections are printed before "...".
  static let maxPrintedDepth = 200

  /// The name of the value's type, for messages: "Int", "[Value]", "UILabel".
  public var typeName: String {
    switch self {
    case .nil: return "nil"
    case .bool: return "Bool"
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .array: return "Array"
    case .dictionary: return "Dictionary"
    case .tuple(let box):
      // Spelled as Swift spells a tuple's type, `(Int, Int)` (labels are
      // left out: naming them needs the program's symbols).
      return "(" + box.elements.map(\.typeName).joined(separator: ", ") + ")"
    case .closure, .builtinFunction: return "function"
    case .type(let builtin): return "\(builtin.spelling).Type"
    case .range: return "Range"
    case .enumCase: return "enum case"
    case .object(let object): return object.typeName
    }
  }
}

extension Value {
  /// What a type mismatch names: the type, or for an enum case the case
  /// itself (`.automatic`), so that a case given where another enum's is
  /// expected is named rather than called "enum case".
  var mismatchName: String {
    if case .enumCase(let symbol) = self, let known = symbol.known { return "." + known.spelling }
    return typeName
  }
}

/// `String(number)`, the same text, written digit by digit into the
/// string's own storage: the standard library's generic formatting costs
/// several times as much, and `String(i)` is common in scripts (keys,
/// labels, records' names).
func decimal(_ number: Int) -> String { decimal(number, after: []) }

/// The UTF-8 bytes `prefix` followed by `String(number)`, made at once:
/// `"n" + String(i)` without the intermediate string. The digits are
/// counted by comparisons (no division), then written from the end.
func decimal(_ number: Int, after prefix: [UInt8]) -> String {
  let magnitude = number.magnitude
  var digits = 1
  var bound: UInt = 10
  // Int.min has 19 digits; 10^19 still fits in a UInt.
  while digits < 19 && magnitude >= bound {
    digits += 1
    bound &*= 10
  }
  let sign = number < 0 ? 1 : 0
  let length = prefix.count + sign + digits
  return String(unsafeUninitializedCapacity: length) { buffer in
    var position = 0
    for byte in prefix {
      buffer[position] = byte
      position += 1
    }
    if sign != 0 { buffer[position] = 0x2D }
    var remaining = magnitude
    var end = length
    repeat {
      end -= 1
      buffer[end] = UInt8(truncatingIfNeeded: remaining % 10) &+ 0x30
      remaining /= 10
    } while remaining != 0
    return length
  }
}

/// The number of characters of `String(number)`.
func decimalLength(_ number: Int) -> Int {
  var length = number < 0 ? 2 : 1
  var rest = number.magnitude / 10
  while rest != 0 {
    length += 1
    rest /= 10
  }
  return length
}
