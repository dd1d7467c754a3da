import Testing

@testable import DndReport

/// A stretch of the text trace that says one thing over and over is folded
/// into its first rounds, a line that counts the rest, and its last round.
@Suite struct TraceRepeatsTests {
  /// Entries from letters: each letter an event, timed by its position.
  private func entries(_ letters: String) -> [TraceRepeats.Entry] {
    letters.enumerated().map { offset, letter in
      TraceRepeats.Entry(time: "\(offset)s", shape: [String(letter)], lines: ["\(offset)s \(letter)"])
    }
  }

  private func fold(_ letters: String) -> [String] {
    TraceRepeats(longestRound: 3, fewestRounds: 4, roundsShown: 2, indent: "").lines(of: entries(letters))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let letters: String
    let lines: [String]
    var testDescription: String { letters }
  }

  static let cases: [Case] = [
    // Fewer rounds than the least that folds: every line.
    Case(letters: "aaa", lines: ["0s a", "1s a", "2s a"]),
    Case(letters: "abcd", lines: ["0s a", "1s b", "2s c", "3s d"]),
    // One event over and over: two shown, the rest counted, the last shown.
    Case(
      letters: "aaaaaa",
      lines: ["0s a", "1s a", "… the event above, 3 more times from 2s to 4s …", "5s a"]),
    // Only one left between: its time alone.
    Case(
      letters: "xaaaay",
      lines: ["0s x", "1s a", "2s a", "… the event above, 1 more time at 3s …", "4s a", "5s y"]),
    // A round of two events.
    Case(
      letters: "ababababc",
      lines: [
        "0s a", "1s b", "2s a", "3s b", "… the 2 events above, 1 more time from 4s to 5s …", "6s a", "7s b",
        "8s c",
      ]),
  ]

  @Test(arguments: cases)
  func folds(_ example: Case) {
    #expect(fold(example.letters) == example.lines)
  }

  @Test func countsAreGrouped() {
    let lines = TraceRepeats(indent: "  ").lines(of: entries(String(repeating: "a", count: 12_000)))
    #expect(lines.count == 4)
    #expect(lines[2] == "  … the event above, 11,997 more times from 2s to 11998s …")
  }
}
