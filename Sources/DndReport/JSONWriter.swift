/// A JSON value with its object keys in the order given, so that output is
/// byte-for-byte stable (Foundation's encoder sorts keys or leaves them in
/// hash order; neither reads well nor keeps a documented order).
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number already written as JSON (see `number(_:)` and `seconds(_:)`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// A whole number.
  public static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// An optional string: `null` when absent.
  public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

  /// Microseconds as seconds, exactly: 325000 is `0.325`, 2000000 is `2`.
  public static func seconds(microseconds: Int64) -> JSONValue {
    let sign = microseconds < 0 ? "-" : ""
    let magnitude = microseconds.magnitude
    let whole = magnitude / 1_000_000
    var fraction = String(magnitude % 1_000_000)
    guard fraction != "0" else { return .number(sign + String(whole)) }
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return .number(sign + String(whole) + "." + fraction)
  }

  /// The value on one line, without spaces.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let text): out += text
    case .string(let value): JSONValue.writeString(value, to: &out)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.writeString(member.0, to: &out)
        out += ":"
        member.1.write(to: &out)
      }
      out += "}"
    }
  }

  /// A string literal: quotes, backslashes and control characters escaped
  /// (RFC 8259 §7); everything else as UTF-8.
  private static func writeString(_ value: String, to out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
