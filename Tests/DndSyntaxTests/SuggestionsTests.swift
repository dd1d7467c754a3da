import DndSyntax
import Testing

/// "Did you mean": the nearest name within a third of the name's length, a
/// case-only difference first, and no search at all for very long names.
@Suite struct SuggestionsTests {
  @Test(arguments: [
    ("perfromDrop", ["performDrop", "sessionDidEnd"], "performDrop"),
    ("perfomDrop", ["performDrop"], "performDrop"),
    ("PerformDrop", ["performdrop", "PerformDrop2"], "performdrop"),
    ("sessionDidUpdat", ["sessionDidEnter", "sessionDidUpdate"], "sessionDidUpdate"),
    ("xyz", ["performDrop"], nil),
    ("canHandle", ["canHandle"], nil),
    // Ties go to the earlier candidate.
    ("cat", ["bat", "cab"], "bat"),
    // A case-only difference wins, in any script.
    ("Ärger", ["Ärgex", "ärger"], "ärger"),
  ] as [(String, [String], String?)])
  func nearestName(name: String, candidates: [String], expected: String?) {
    #expect(Suggestions.closest(to: name, in: candidates) == expected)
  }

  @Test func namesPastTheLengthLimitGetNoSuggestion() {
    let long = String(repeating: "a", count: Suggestions.maxLength + 1)
    #expect(Suggestions.closest(to: long, in: [long + "b"]) == nil)
    // A name within the limit still finds a longer candidate (a scenario's title).
    let title = String(repeating: "a", count: 120)
    #expect(Suggestions.closest(to: title, in: [title + "bbbbbbbbbb"]) == title + "bbbbbbbbbb")
    let atLimit = String(repeating: "a", count: Suggestions.maxLength)
    let typo = String(repeating: "a", count: Suggestions.maxLength - 1) + "b"
    #expect(Suggestions.closest(to: atLimit, in: [typo]) == typo)
  }

  @Test(arguments: [
    ("kitten", "sitting", 3),
    ("perfromDrop", "performDrop", 1),
    ("", "abc", 3),
    ("abc", "abc", 0),
  ])
  func damerauLevenshtein(a: String, b: String, distance: Int) {
    #expect(Suggestions.editDistance(a, b) == distance)
  }
}
