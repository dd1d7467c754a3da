import Foundation

/// `String(format:_:)`: the printf conversions Swift code uses to show
/// numbers (`"%.2f"`, `"%03d"`, `"%@"`). Each conversion is checked against
/// its value before anything is formatted: where Swift would print garbage or
/// crash (`%d` given a Double, `%f` given an Int, `%s` given a String, too few
/// values), the script gets an error that says what to write. Extra values
/// are ignored, as in Swift. Each number is formatted by Foundation from a
/// conversion rebuilt out of the checked parts, with exactly one value of
/// the type it expects.
enum StringFormat {
  /// Widths and precisions above this are refused (a named limit: "%1000000d"
  /// would otherwise make a string of a million characters in one step).
  static let maxWidth = 100

  struct Failure: Error {
    let message: String
  }

  /// One conversion: `%-08.3f` is flags "-0", width 8, precision 3, "f".
  private struct Conversion {
    var flags = ""
    var width: Int?
    var precision: Int?
    var letter: UInt8 = 0
    /// Length modifiers written before the letter (`l` in `%ld`), which change nothing.
    var modifiers = ""

    /// The conversion as Foundation reads it, `length` before the letter.
    func spec(length: String = "") -> String {
      var text = "%" + flags
      if let width { text += String(width) }
      if let precision { text += "." + String(precision) }
      return text + length + String(UnicodeScalar(letter))
    }
  }

  static func format(_ template: String, _ values: [Value], describe: (Value) -> String) throws(Failure) -> String {
    let bytes = Array(template.utf8)
    var out = ""
    var literal: [UInt8] = []
    var index = 0
    var used = 0
    func flushLiteral() {
      out += String(decoding: literal, as: UTF8.self)
      literal.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        literal.append(byte)
        index += 1
        continue
      }
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "%") {
        literal.append(byte)
        index += 1
        continue
      }
      flushLiteral()
      let conversion = try parse(bytes, &index)
      guard used < values.count else {
        throw Failure(
          message: "the format has more conversions than values: '\(conversion.spec())' has no value to show")
      }
      out += try render(conversion, values[used], describe: describe)
      used += 1
    }
    flushLiteral()
    return out
  }

  /// Reads the flags, width, precision, length and letter after a '%'.
  private static func parse(_ bytes: [UInt8], _ index: inout Int) throws(Failure) -> Conversion {
    var conversion = Conversion()
    func number() throws(Failure) -> Int? {
      var value: Int?
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
        if let value, value > maxWidth {
          throw Failure(message: "a width or precision in a format is at most \(maxWidth)")
        }
      }
      return value
    }
    while index < bytes.count, "-+ 0#".utf8.contains(bytes[index]) {
      conversion.flags.append(Character(UnicodeScalar(bytes[index])))
      index += 1
    }
    conversion.width = try number()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      conversion.precision = try number() ?? 0
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "$") {
      // Quote what was written: the digits before '$', and the conversion after it.
      let position = String(conversion.flags) + (conversion.width.map(String.init) ?? "")
      let letter = index + 1 < bytes.count ? String(UnicodeScalar(bytes[index + 1])) : ""
      throw Failure(
        message: "positional conversions ('%\(position)$\(letter)') are not part of dnd; give the values in order")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
      throw Failure(message: "a width or precision taken from the values ('*') is not part of dnd; write the number")
    }
    // Length modifiers change nothing here: every Int is 64 bits.
    let modifiersStart = index
    while index < bytes.count, "hlqLzjt".utf8.contains(bytes[index]) { index += 1 }
    guard index < bytes.count else {
      // `%q`, `%l`: a length modifier read as a conversion's letter.
      if index > modifiersStart {
        let modifiers = String(decoding: bytes[modifiersStart..<index], as: UTF8.self)
        throw Failure(
          message: "the format ends after '\(modifiers)', a length modifier that only comes before a conversion "
            + "letter (as in '%ld'); write the letter, or '%%' for a percent sign")
      }
      throw Failure(message: "the format ends in the middle of a conversion; write '%%' for a percent sign")
    }
    conversion.letter = bytes[index]
    conversion.modifiers = String(decoding: bytes[modifiersStart..<index], as: UTF8.self)
    index += 1
    return conversion
  }

  private static func render(_ c: Conversion, _ value: Value, describe: (Value) -> String) throws(Failure) -> String {
    let letter = Character(UnicodeScalar(c.letter))
    switch letter {
    case "d", "i", "u", "x", "X", "o":
      guard case .int(let number) = value else {
        let fix = value.doubleValue != nil ? "; write Int(x), or use %f for a Double" : ""
        throw Failure(message: "'\(c.spec())' shows an Int, not a value of type '\(value.typeName)'\(fix)")
      }
      // `h` and `hh` narrow the value to 16 and 8 bits first, as C does (Foundation's "%hhd" of 300 is 44).
      let signed = letter == "d" || letter == "i"
      var narrowed = number
      switch c.modifiers {
      case "hh": narrowed = signed ? Int(Int8(truncatingIfNeeded: number)) : Int(UInt8(truncatingIfNeeded: number))
      case "h": narrowed = signed ? Int(Int16(truncatingIfNeeded: number)) : Int(UInt16(truncatingIfNeeded: number))
      default: break
      }
      let spec = c.spec(length: "l")
      return String(format: spec, narrowed)
    case "f", "F", "e", "E", "g", "G", "a", "A":
      guard case .double(let number) = value else {
        let fix = value.typeName == "Int" ? "; write Double(x), or use %d for an Int" : ""
        throw Failure(message: "'\(c.spec())' shows a Double, not a value of type '\(value.typeName)'\(fix)")
      }
      // The C library writes a NaN's sign ("-nan" for 0.0 / 0.0 here), which
      // differs between systems; Swift's "nan", "inf", "-inf" are the same
      // everywhere. Width, '-', '+' and ' ' still apply.
      guard number.isFinite else {
        var text = number.isNaN ? "nan" : number > 0 ? "inf" : "-inf"
        // '+' and ' ' mark a value without a minus sign, as printf does.
        if !text.hasPrefix("-") {
          if c.flags.contains("+") { text = "+" + text } else if c.flags.contains(" ") { text = " " + text }
        }
        if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c.letter) { text = text.uppercased() }
        let padding = String(repeating: " ", count: max(0, (c.width ?? 0) - text.count))
        return c.flags.contains("-") ? text + padding : padding + text
      }
      return String(format: c.spec(), number)
    case "@":
      // Only '-' (left-justify) and the width mean anything for an object;
      // nil is Objective-C's nil object, which Foundation writes "(null)".
      let text = value == .nil ? "(null)" : describe(value)
      let padding = String(repeating: " ", count: max(0, (c.width ?? 0) - text.count))
      return c.flags.contains("-") ? text + padding : padding + text
    case "s":
      throw Failure(message: "'%s' takes a C string, which Swift's String is not; use '%@' for a String")
    default:
      // `%q `: the modifier was taken for a letter (`%lc` is a C conversion, told as `%c` is).
      if !c.modifiers.isEmpty, !"cCSpn".utf8.contains(c.letter) {
        throw Failure(
          message: "'\(c.modifiers)' is a length modifier, which only comes before a conversion letter (as in "
            + "'%ld'); after it comes '\(letter)', which is none: use %d for an Int, %f for a Double, %@ for anything")
      }
      throw Failure(
        message: "'%\(letter)' is not a conversion dnd formats; use %d for an Int, %f for a Double, %@ for anything")
    }
  }
}
