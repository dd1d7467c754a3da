/// A JSON document as plain data, with a reader and a writer of its own (no
/// Foundation): `JSON.encode` and `JSON.decode` for scripts, and the file a
/// `UserDefaults` store is saved in.
///
/// Objects keep their members' order, so writing is deterministic: a
/// dictionary is written in the order the script filled it. Integers and
/// doubles stay apart (`3` reads as an Int, `3.0` as a Double), as
/// `JSONSerialization` keeps them apart in an `NSNumber`.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([Member])

  /// One member of an object.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// How deeply arrays and objects may nest, reading or writing. The reader
  /// and writer recurse, and a document from a script or a file must not
  /// overflow the stack; JSON written by people nests a handful of levels.
  public static let maxDepth = 200

  /// The value of `key` in an object; nil for other values.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

// MARK: - Writing

extension JSONValue {
  /// The document as UTF-8 text: compact, or indented by two spaces a level.
  /// Nil for a double that is not finite (JSON has no NaN or infinity) or
  /// for nesting deeper than `maxDepth`.
  public func encoded(pretty: Bool = false) -> [UInt8]? {
    var out: [UInt8] = []
    guard write(to: &out, pretty: pretty, depth: 0) else { return nil }
    if pretty { out.append(UInt8(ascii: "\n")) }
    return out
  }

  private func write(to out: inout [UInt8], pretty: Bool, depth: Int) -> Bool {
    guard depth <= Self.maxDepth else { return false }
    switch self {
    // Text is appended straight from the strings' UTF-8 views: a script may
    // encode a whole model after every change (and an exploration runs the
    // script thousands of times), and each `Array(text.utf8)` allocated.
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): out.append(contentsOf: String(number).utf8)
    case .double(let number):
      guard number.isFinite else { return false }
      // Swift's shortest round-tripping form; "1.0" keeps a whole double a double.
      out.append(contentsOf: number.description.utf8)
    case .string(let text): Self.writeString(text, to: &out)
    case .array(let elements):
      let (open, close) = (UInt8(ascii: "["), UInt8(ascii: "]"))
      return writeList(elements.count, open: open, close: close, to: &out, pretty: pretty, depth: depth) {
        elements[$0].write(to: &$1, pretty: pretty, depth: depth + 1)
      }
    case .object(let members):
      let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
      return writeList(members.count, open: open, close: close, to: &out, pretty: pretty, depth: depth) {
        Self.writeString(members[$0].key, to: &$1)
        $1.append(UInt8(ascii: ":"))
        if pretty { $1.append(UInt8(ascii: " ")) }
        return members[$0].value.write(to: &$1, pretty: pretty, depth: depth + 1)
      }
    }
    return true
  }

  /// `[a,b]` or, pretty, one element a line.
  private func writeList(
    _ count: Int, open: UInt8, close: UInt8, to out: inout [UInt8], pretty: Bool, depth: Int,
    element: (Int, inout [UInt8]) -> Bool
  ) -> Bool {
    out.append(open)
    for index in 0..<count {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      if pretty { Self.newline(depth + 1, to: &out) }
      guard element(index, &out) else { return false }
    }
    if pretty && count > 0 { Self.newline(depth, to: &out) }
    out.append(close)
    return true
  }

  private static func newline(_ depth: Int, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  /// A string with the escapes JSON requires, and no others.
  private static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: copied whole rather than byte by byte (a
    // gallery saved as JSON after every change of every explored order).
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
          return false
        }
        out.append(contentsOf: bytes)
        return true
      } ?? false
    if plain {
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += Array("\\\"".utf8)
      case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
      case UInt8(ascii: "\n"): out += Array("\\n".utf8)
      case UInt8(ascii: "\r"): out += Array("\\r".utf8)
      case UInt8(ascii: "\t"): out += Array("\\t".utf8)
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

// MARK: - Reading

extension JSONValue {
  /// Reads a whole document (RFC 8259: any value at the top, white space
  /// around it). Nil if the bytes are not JSON, are not UTF-8, or nest
  /// deeper than `maxDepth`.
  public init?(decoding bytes: [UInt8]) {
    var reader = JSONReader(bytes: bytes)
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipWhitespace()
    guard reader.position == bytes.count else { return nil }
    self = value
  }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  /// Consumes `word` if it comes next.
  mutating func take(_ word: String) -> Bool {
    let expected = Array(word.utf8)
    guard position + expected.count <= bytes.count,
      bytes[position..<position + expected.count].elementsEqual(expected)
    else { return false }
    position += expected.count
    return true
  }

  mutating func value(depth: Int) -> JSONValue? {
    guard depth <= JSONValue.maxDepth else { return nil }
    skipWhitespace()
    switch current {
    case UInt8(ascii: "n")?: return take("null") ? .null : nil
    case UInt8(ascii: "t")?: return take("true") ? .bool(true) : nil
    case UInt8(ascii: "f")?: return take("false") ? .bool(false) : nil
    case UInt8(ascii: "\"")?: return string().map(JSONValue.string)
    case UInt8(ascii: "[")?: return array(depth: depth)
    case UInt8(ascii: "{")?: return object(depth: depth)
    case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): return number()
    default: return nil
    }
  }

  mutating func array(depth: Int) -> JSONValue? {
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if take("]") { return .array(elements) }
    while true {
      guard let element = value(depth: depth + 1) else { return nil }
      elements.append(element)
      skipWhitespace()
      if take("]") { return .array(elements) }
      guard take(",") else { return nil }
    }
  }

  mutating func object(depth: Int) -> JSONValue? {
    position += 1
    var members: [JSONValue.Member] = []
    skipWhitespace()
    if take("}") { return .object(members) }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\""), let key = string() else { return nil }
      skipWhitespace()
      guard take(":"), let value = value(depth: depth + 1) else { return nil }
      // A repeated key: the last one wins, as in JSONSerialization.
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = value
      } else {
        members.append(JSONValue.Member(key, value))
      }
      skipWhitespace()
      if take("}") { return .object(members) }
      guard take(",") else { return nil }
    }
  }

  /// `-? int frac? exp?`; an Int when there is neither fraction nor
  /// exponent and it fits, a Double otherwise.
  mutating func number() -> JSONValue? {
    let start = position
    _ = take("-")
    guard let first = current, (0x30...0x39).contains(first) else { return nil }
    position += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    var isInteger = true
    if take(".") {
      isInteger = false
      guard skipDigits() > 0 else { return nil }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard skipDigits() > 0 else { return nil }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else { return nil }
    return .double(double)
  }

  @discardableResult
  mutating func skipDigits() -> Int {
    let start = position
    while let byte = current, (0x30...0x39).contains(byte) { position += 1 }
    return position - start
  }

  /// A string literal, escapes decoded; nil for a control character, a bad
  /// escape, a lone surrogate or invalid UTF-8.
  mutating func string() -> String? {
    position += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() -> Bool {
      guard !run.isEmpty else { return true }
      guard let text = String(validating: run, as: UTF8.self) else { return false }
      scalars.append(contentsOf: text.unicodeScalars)
      run.removeAll(keepingCapacity: true)
      return true
    }
    while let byte = current {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return flush() ? String(scalars) : nil
      case UInt8(ascii: "\\"):
        guard flush(), let scalar = escape() else { return nil }
        scalars.append(scalar)
      case 0..<0x20:
        return nil
      default:
        run.append(byte)
      }
    }
    return nil
  }

  /// The character after a backslash (already consumed).
  mutating func escape() -> Unicode.Scalar? {
    guard let byte = current else { return nil }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let high = hex4() else { return nil }
      if (0xD800...0xDBFF).contains(high) {
        guard take("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      }
      return Unicode.Scalar(high)
    default: return nil
    }
  }

  mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    let text = String(decoding: bytes[position..<position + 4], as: UTF8.self)
    guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
      let value = UInt32(text, radix: 16)
    else { return nil }
    position += 4
    return value
  }
}
