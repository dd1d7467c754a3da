// Texts the trace and the runtime's labels are made of, written byte by
// byte into a buffer on the stack instead of interpolated. A drag's trace
// gives the finger's point at every touch, the location at every drop
// proposal and a name for every visible cell at every layout pass, in every
// order an explorer runs; interpolation and `+` grew the string once per part.

/// Writes the bytes of a short text into a buffer (see `shortText`).
struct TextWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var end = 0

  fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Callers size the buffer for their longest text; a byte past its end
  /// is dropped rather than written out of bounds (release builds do not
  /// check a buffer pointer's subscript).
  mutating func put(_ byte: UInt8) {
    guard end < buffer.count else { return }
    buffer[end] = byte
    end += 1
  }

  mutating func put(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      for byte in bytes { put(byte) }
    }
  }

  /// `[section, item]`, as an index path is printed.
  mutating func putIndexPath(section: Int, item: Int) {
    put(UInt8(ascii: "["))
    put(Int64(section))
    put(UInt8(ascii: ","))
    put(UInt8(ascii: " "))
    put(Int64(item))
    put(UInt8(ascii: "]"))
  }

  /// A number in decimal, as `String(number)` spells it.
  mutating func put(_ number: Int64) {
    if number < 0 { put(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      put(UInt8(ascii: "0") + UInt8((magnitude / divisor) % 10))
      divisor /= 10
    }
  }
}

/// The text `write` writes, which must be at most `capacity` bytes long.
func shortText(capacity: Int, _ write: (inout TextWriter) -> Void) -> String {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
    var writer = TextWriter(buffer)
    write(&writer)
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writer.end]), as: UTF8.self)
  }
}

/// The number `formatNumber` writes as whole digits (finite, whole, below
/// 1e15 in size), as an integer; nil for the others.
func wholeNumber(_ value: Double) -> Int64? {
  guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return nil }
  return Int64(value)
}

/// `point.description` (`(512, 300)`), written byte by byte when both
/// coordinates are whole numbers, as they nearly always are; otherwise the
/// description itself.
func pointText(_ point: Point) -> String {
  guard let x = wholeNumber(point.x), let y = wholeNumber(point.y) else { return point.description }
  // "(" + two numbers of at most 20 characters + ", " + ")".
  return shortText(capacity: 48) { text in
    text.put(UInt8(ascii: "("))
    text.put(x)
    text.put(UInt8(ascii: ","))
    text.put(UInt8(ascii: " "))
    text.put(y)
    text.put(UInt8(ascii: ")"))
  }
}

/// A string value as the trace shows it: in quotes, with a quote, a
/// backslash and the control characters escaped as Swift writes them, so
/// that a newline in a label's text does not break the trace's layout.
func quotedForTrace(_ text: String) -> String {
  // Most texts need no escape: checked byte by byte, then quoted as they are.
  let plain = text.utf8.allSatisfy { byte in
    byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }
  if plain { return "\"" + text + "\"" }
  var quoted = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": quoted += "\\\""
    case "\\": quoted += "\\\\"
    case "\n": quoted += "\\n"
    case "\t": quoted += "\\t"
    case "\r": quoted += "\\r"
    case "\0": quoted += "\\0"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        quoted += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        quoted.unicodeScalars.append(scalar)
      }
    }
  }
  return quoted + "\""
}
