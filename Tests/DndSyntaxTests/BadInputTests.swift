import Foundation
import Testing

@testable import DndSyntax

/// The ids of the diagnostics for `bytes`.
private func diagnosticIDs(_ bytes: [UInt8]) -> [String] {
  Parser.parse(SourceFile(name: "bad", bytes: bytes)).diagnostics.map(\.id)
}

private func diagnosticIDs(_ text: String) -> [String] {
  diagnosticIDs(Array(text.utf8))
}

/// How long a test of the suite may take before it counts as hung: a
/// minute, or ten under a sanitizer (`scripts/sanitizers.sh` sets
/// `DND_SANITIZER`), where the ten-megabyte inputs run many times slower and
/// two cores are shared by every test running at once.
private let hangLimit: Int = ProcessInfo.processInfo.environment["DND_SANITIZER"] == nil ? 1 : 10

/// Whatever the input, the lexer and parser return, with diagnostics where
/// something is wrong, and without crashing, hanging or overflowing the stack.
@Suite(.timeLimit(.minutes(hangLimit)))
struct BadInputTests {
  @Test func emptyInputIsAnEmptyScript() {
    let result = Parser.parse(SourceFile(name: "empty", text: ""))
    #expect(result.diagnostics.isEmpty)
    #expect(result.script.items.isEmpty)
    #expect(diagnosticIDs("\n\n  \t\n// only a comment\n").isEmpty)
  }

  @Test func binaryBytesGiveABoundedNumberOfErrors() {
    // A fixed pseudo-random sequence (a linear congruential generator).
    var state: UInt32 = 42
    // No NUL, which would make it a binary file, told in one message (below).
    let bytes = (0..<65_536).map { _ -> UInt8 in
      state = state &* 1_103_515_245 &+ 12_345
      return max(1, UInt8(truncatingIfNeeded: state >> 16))
    }
    let ids = diagnosticIDs(bytes)
    #expect(!ids.isEmpty)
    #expect(ids.count <= SyntaxLimits.maxErrors + 1)
  }

  /// A file with several NUL bytes near its start (a program, an image) is
  /// one error at the first, not a hundred; a stray NUL in text is still
  /// reported where it is.
  @Test(arguments: [
    ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00], ["binaryFile"], 7),
    ([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 0, count: 16) + [0xFF, 0xFF], ["binaryFile"], 4),
    ([0x78, 0x00, 0x0A, 0x78, 0x00, 0x0A, 0x78, 0x00, 0x0A], Array(repeating: "unexpectedCharacter", count: 3), 1),
    (Array("let x = 1\n".utf8) + [0, 0, 0, 0], ["binaryFile"], 10),
  ] as [([UInt8], [String], Int)])
  func binaryFilesAreOneError(bytes: [UInt8], ids: [String], offset: Int) {
    let result = Parser.parse(SourceFile(name: "bad", bytes: bytes))
    #expect(result.diagnostics.map(\.id) == ids)
    #expect(result.diagnostics.first.map { Int($0.range.start) } == offset)
  }

  @Test func invalidUTF8IsReportedOnce() {
    #expect(
      diagnosticIDs([0x6C, 0x65, 0x74, 0x20, 0xC3, 0x28, 0x20, 0x3D, 0x20, 0x31]).first == "invalidUTF8")
    #expect(diagnosticIDs([0xFF, 0xFE, 0xFD, 0x0A, 0x78]) == ["invalidUTF8"])
  }

  @Test func nulBytesAreUnexpectedCharacters() {
    #expect(diagnosticIDs([0x78, 0x00, 0x0A]) == ["unexpectedCharacter"])
  }

  @Test(
    arguments: [
      ("comment", "// " + String(repeating: "x", count: 10_000_000), [String]()),
      ("string", "let s = \"" + String(repeating: "x", count: 10_000_000) + "\"", []),
      ("name", String(repeating: "x", count: 10_000_000), []),
      ("chain", "x = 1" + String(repeating: " + 1", count: 2_500_000), ["nestingTooDeep", "tooManyTokens"]),
    ] as [(String, String, [String])])
  func aTenMegabyteLine(what: String, source: String, expected: [String]) {
    #expect(diagnosticIDs(source) == expected, "\(what)")
  }

  /// 100,000 openers, with and without their closers: one diagnostic naming
  /// the limit, and the stack survives (even in a debug build, on a test
  /// thread). The other nesting constructs go 10,000 deep, far past the limit.
  @Test(arguments: [
    String(repeating: "(", count: 100_000),
    String(repeating: "[", count: 100_000),
    String(repeating: "{", count: 100_000),
    String(repeating: "-", count: 100_000) + "1",
    "x = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
    String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000),
    "x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
    String(repeating: "!", count: 10_000) + "x",
    "f" + String(repeating: "(g", count: 10_000),
    "if a { }" + String(repeating: " else if a { }", count: 10_000),
    "app A {" + String(repeating: " view v {", count: 10_000),
    "let t: " + String(repeating: "[", count: 10_000) + "Int",
    "a" + String(repeating: ".b", count: 10_000),
    "a" + String(repeating: " ? b : c", count: 10_000),
    "a" + String(repeating: " ?? b", count: 10_000),
    "x = " + String(repeating: "{ ", count: 10_000),
    String(repeating: "func f() {\n", count: 10_000),
    String(repeating: "\"\\(", count: 1_000) + "1" + String(repeating: ")\"", count: 1_000),
  ])
  func deepNestingGivesOneDiagnostic(source: String) {
    #expect(diagnosticIDs(source) == ["nestingTooDeep"], "\(source.prefix(20))")
  }

  /// Swift's `try` and `await` are skipped, not nested: 100,000 of them in a
  /// row (the parser once recursed per word and overflowed the stack at about
  /// 90,000) give their diagnostics and no crash.
  @Test(arguments: ["try ", "await ", "try? ", "try! "])
  func aLongRunOfEffectWordsDoesNotNest(word: String) {
    let ids = diagnosticIDs("let x = " + String(repeating: word, count: 100_000) + "f()")
    #expect(!ids.isEmpty && !ids.contains("nestingTooDeep"))
    // With a `-` between them each level nests, and the nesting limit holds.
    #expect(!diagnosticIDs("let x = " + String(repeating: word + "-", count: 100_000) + "1").isEmpty)
  }

  /// Each "(" is one level, and the expression statement around them one more.
  @Test func theNestingLimitIsExact() {
    func nested(_ depth: Int) -> String {
      "x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    }
    #expect(diagnosticIDs(nested(SyntaxLimits.maxNestingDepth - 1)) == [])
    #expect(diagnosticIDs(nested(SyntaxLimits.maxNestingDepth)) == ["nestingTooDeep"])
  }

  @Test(
    arguments: [
      ("let s = \"abc", "unterminatedString"),
      ("let s = \"\"\"\nabc\n", "unterminatedMultilineString"),
      ("let s = \"\\(", "unterminatedString"),
      ("app A {\n  view v {\n    /* abc", "unterminatedBlockComment"),
      ("/* /* */", "unterminatedBlockComment"),
    ] as [(String, String)])
  func unterminatedAtEndOfFileGivesOneDiagnostic(source: String, id: String) {
    #expect(diagnosticIDs(source) == [id])
  }

  @Test func aSourceOverTheSizeLimitIsRefused() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: SyntaxLimits.maxSourceBytes + 1)
    #expect(diagnosticIDs(bytes) == ["sourceTooLarge"])
  }

  @Test func parsingStopsAfterTooManyErrors() {
    let ids = diagnosticIDs(String(repeating: "let = 1\n", count: 500))
    #expect(ids.count == SyntaxLimits.maxErrors + 1)
    #expect(ids.last == "tooManyErrors")
  }

  @Test func everyLimitIsNamedInItsMessage() {
    let nesting = DiagnosticMessage.nestingTooDeep(SyntaxLimits.maxNestingDepth)
    #expect(nesting.text.contains("\(SyntaxLimits.maxNestingDepth)"))
    #expect(DiagnosticMessage.tooManyTokens.text.contains("\(SyntaxLimits.maxTokens)"))
    #expect(DiagnosticMessage.tooManyErrors.text.contains("\(SyntaxLimits.maxErrors)"))
    #expect(DiagnosticMessage.sourceTooLarge(bytes: 1).text.contains("\(SyntaxLimits.maxSourceBytes)"))
  }
}
