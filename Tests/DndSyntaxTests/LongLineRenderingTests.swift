import DndSyntax
import Testing

/// A diagnostic on a very long line (minified code, a 10 MB line of
/// garbage) shows a stretch of the line around its range, cut with "...",
/// so that rendering a hundred of them takes no longer than on short lines.
@Suite struct LongLineRenderingTests {
  private func render(_ text: String, at offset: Int, length: Int = 1) -> [String] {
    let file = SourceFile(name: "long.dnd", text: text)
    let message = DiagnosticMessage(id: "test", "here")
    let diagnostic = Diagnostic(message, at: SourceRange(start: offset, end: offset + length))
    return DiagnosticRenderer(file: file).render(diagnostic).split(separator: "\n").map(String.init)
  }

  @Test func aLongLineIsCutAroundTheRange() {
    let text = String(repeating: "a", count: 5_000) + "@" + String(repeating: "b", count: 5_000)
    let lines = render(text, at: 5_000)
    #expect(lines[0] == "long.dnd:1:5001: error: here")
    let shown = String(repeating: "a", count: 200) + "@" + String(repeating: "b", count: 299)
    #expect(lines[1] == "   1 | ..." + shown + "...")
    // The caret sits under the "@": the gutter, the ellipsis, then 200 columns.
    #expect(lines[2] == "     | " + String(repeating: " ", count: 203) + "^")
  }

  @Test func theStartOfALongLineIsNotCut() {
    let text = "@" + String(repeating: "b", count: 5_000)
    let lines = render(text, at: 0)
    #expect(lines[1] == "   1 | @" + String(repeating: "b", count: 299) + "...")
    #expect(lines[2] == "     | ^")
  }

  /// A range running to the end of a long line is underlined to the end of
  /// the part shown, not ten million columns on.
  @Test func anUnderlineStopsAtTheEndOfThePartShown() {
    let text = String(repeating: "x", count: 10_000)
    let lines = render(text, at: 10, length: 9_000)
    let underline = String(repeating: " ", count: 10) + "^" + String(repeating: "~", count: 299)
    #expect(lines[2] == "     | " + underline)
  }

  @Test func aCutNeverSplitsACharacter() {
    let text = String(repeating: "é", count: 3_000)
    let lines = render(text, at: 3_001)
    #expect(!lines[1].contains("\u{FFFD}"))
    #expect(lines[1].hasPrefix("   1 | ...é"))
  }

  @Test func aHundredDiagnosticsOnATenMegabyteLineRenderQuickly() {
    let text = String(repeating: "@", count: 10_000_000)
    let file = SourceFile(name: "huge.dnd", text: text)
    let diagnostics = (0..<100).map {
      Diagnostic(
        DiagnosticMessage(id: "test", "here"), at: SourceRange(start: $0 * 100_000, end: $0 * 100_000 + 1))
    }
    let rendered = DiagnosticRenderer(file: file).render(diagnostics)
    #expect(rendered.utf8.count < 100 * 1_000)
  }

  /// Lines up to the threshold are shown whole, as before.
  @Test func linesUpToTheThresholdAreShownWhole() {
    let text = String(repeating: "a", count: 999) + "@"
    let lines = render(text, at: 999)
    #expect(lines[1] == "   1 | " + text)
  }
}
