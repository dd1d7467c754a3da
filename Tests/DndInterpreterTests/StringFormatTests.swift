import Testing

@testable import DndInterpreter

/// `String(format:)`: each conversion with its flags, and each mistake Swift
/// would turn into garbage or a crash, refused with what to write.
@Suite struct StringFormatTests {
  /// A value of a test case (`Value` itself is not `Sendable`).
  enum Arg: Sendable {
    case int(Int), double(Double), string(String), none

    var value: Value {
      switch self {
      case .none: .nil
      case .int(let number): .int(number)
      case .double(let number): .double(number)
      case .string(let text): .string(text)
      }
    }
  }

  private func format(_ template: String, _ values: [Arg]) -> String {
    do {
      return try StringFormat.format(template, values.map(\.value)) { "\($0)" }
    } catch {
      return "error: " + error.message
    }
  }

  @Test(arguments: [
    ("%d", [Arg.int(-5)], "-5"),
    ("%i|%u", [.int(3), .int(4)], "3|4"),
    ("%05d", [.int(42)], "00042"),
    ("%-5d|", [.int(42)], "42   |"),
    ("%+d % d", [.int(7), .int(7)], "+7  7"),
    ("%x %X %o %#x", [.int(255), .int(255), .int(8), .int(255)], "ff FF 10 0xff"),
    ("%lld %ld %hd", [.int(1), .int(2), .int(3)], "1 2 3"),
    // `h` and `hh` narrow to 16 and 8 bits, as Foundation's C formatting does.
    ("%hhd %hhu %hd %hx", [.int(300), .int(-1), .int(70_000), .int(-1)], "44 255 4464 ffff"),
    ("%@|%5@", [.none, .none], "(null)|(null)"),
    ("%.3f", [.double(3.14159)], "3.142"),
    ("%8.2f|", [.double(2.5)], "    2.50|"),
    ("%f", [.double(1)], "1.000000"),
    ("%e %g", [.double(1234.5), .double(0.0001)], "1.234500e+03 0.0001"),
    ("100%%", [], "100%"),
    ("%@ and %@", [.string("a"), .int(1)], "a and 1"),
    ("[%3@][%-3@]", [.string("a"), .string("b")], "[  a][b  ]"),
    ("%d", [.int(1), .int(2)], "1"),
    ("café %d", [.int(1)], "café 1"),
  ])
  func conversions(template: String, values: [Arg], expected: String) {
    #expect(format(template, values) == expected)
  }

  @Test(arguments: [
    ("%d", [Arg.double(2.5)], "'%d' shows an Int, not a value of type 'Double'; write Int(x), or use %f for a Double"),
    ("%f", [.int(3)], "'%f' shows a Double, not a value of type 'Int'; write Double(x), or use %d for an Int"),
    ("%s", [.string("x")], "'%s' takes a C string, which Swift's String is not; use '%@' for a String"),
    ("%d %d", [.int(1)], "the format has more conversions than values: '%d' has no value to show"),
    ("%1$@", [.string("x")], "positional conversions ('%1$@') are not part of dnd; give the values in order"),
    ("%2$d %1$d", [.int(1), .int(2)], "positional conversions ('%2$d') are not part of dnd; give the values in order"),
    (
      "%*d", [.int(3), .int(1)],
      "a width or precision taken from the values ('*') is not part of dnd; write the number"
    ),
    ("%101d", [.int(1)], "a width or precision in a format is at most 100"),
    ("%.101f", [.double(1)], "a width or precision in a format is at most 100"),
    ("50%", [], "the format ends in the middle of a conversion; write '%%' for a percent sign"),
    // `%lc` is a C conversion (a wide character), not a modifier before nothing.
    ("%lc", [.int(1)], "'%c' is not a conversion dnd formats; use %d for an Int, %f for a Double, %@ for anything"),
    (
      "a %q b", [.int(1)],
      "'q' is a length modifier, which only comes before a conversion letter (as in '%ld'); after it comes ' ', "
        + "which is none: use %d for an Int, %f for a Double, %@ for anything"
    ),
    (
      "%q", [.int(1)],
      "the format ends after 'q', a length modifier that only comes before a conversion letter (as in '%ld'); "
        + "write the letter, or '%%' for a percent sign"
    ),
    ("%k", [.int(1)], "'%k' is not a conversion dnd formats; use %d for an Int, %f for a Double, %@ for anything"),
  ])
  func mistakes(template: String, values: [Arg], message: String) {
    #expect(format(template, values) == "error: " + message)
  }
}
