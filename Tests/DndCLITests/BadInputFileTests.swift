import DndCLI
import Foundation
import Testing

/// Bad input too large to keep as spec files, made on the fly: each gives
/// diagnostics and an exit status, never a crash, a hang or a flood of text.
@Suite struct BadInputFileTests {
  /// Bytes from a fixed linear congruential sequence: "binary garbage",
  /// the same on every run.
  static func garbage(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  static let inputs: [(name: String, bytes: [UInt8], status: Int32)] = [
    ("ten-megabyte-line", Array(("let x = " + String(repeating: "1 + ", count: 2_499_990) + "1").utf8),
     65),
    ("ten-megabytes-of-at-signs", [UInt8](repeating: UInt8(ascii: "@"), count: 10_000_000), 65),
    ("ten-megabyte-string", Array(("print(\"" + String(repeating: "a", count: 9_999_990) + "\")").utf8), 0),
    ("nested-brackets", Array(("x = " + String(repeating: "[", count: 100_000)).utf8), 65),
    ("nested-braces", [UInt8](repeating: 0x7B, count: 100_000) + [UInt8](repeating: 0x7D, count: 99_999), 65),
    ("binary", garbage(count: 1_000_000, seed: 7), 65),
    ("nul-bytes", [UInt8](repeating: 0, count: 100_000), 65),
    ("over-the-size-limit", [UInt8](repeating: UInt8(ascii: " "), count: 16 << 20 + 1), 74),
  ]

  @Test(arguments: inputs.map(\.name))
  func aHugeOrBinaryFileGivesDiagnosticsNotACrash(_ name: String) throws {
    guard let input = Self.inputs.first(where: { $0.name == name }) else { return }
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let path = scratch.path + "/\(name).dnd"
    try Data(input.bytes).write(to: URL(fileURLWithPath: path))
    for command in ["check", "run"] {
      let result = dnd([command, "--color=never", path], engine: .live)
      let expected = command == "check" && input.status == 0 ? 0 : input.status
      #expect(result.status == expected, "\(command): \(result.error.prefix(300))")
      // A few hundred diagnostics at most, each with a snippet cut to a window.
      #expect(result.error.utf8.count < 200_000, "\(command) wrote \(result.error.utf8.count) bytes")
    }
  }
}
