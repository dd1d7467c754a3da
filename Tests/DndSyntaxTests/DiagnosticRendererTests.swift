import Testing

@testable import DndSyntax

/// Exact-text tests of the diagnostic renderer: the only tests in the project
/// that compare whole rendered diagnostics (everything else matches ids).
@Suite struct DiagnosticRendererTests {
  private static let unknownName = DiagnosticMessage(id: "unknownName", "unknown name 'lable'")
  private static let shadow = DiagnosticMessage(id: "shadow", severity: .warning, "'x' shadows a variable")

  /// A diagnostic over the first occurrence of `marked` in `source`.
  private func diagnostic(
    _ message: DiagnosticMessage, in file: SourceFile, at marked: String, occurrence: Int = 0,
    notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
  ) -> Diagnostic {
    Diagnostic(message, at: range(of: marked, in: file, occurrence: occurrence), notes: notes, fixIts: fixIts)
  }

  private func range(of text: String, in file: SourceFile, occurrence: Int = 0) -> SourceRange {
    let needle = Array(text.utf8)
    var found = 0
    var offset = 0
    while offset + needle.count <= file.bytes.count {
      if Array(file.bytes[offset..<offset + needle.count]) == needle {
        if found == occurrence {
          return SourceRange(file: file.id, start: offset, end: offset + needle.count)
        }
        found += 1
      }
      offset += 1
    }
    Issue.record("'\(text)' not in the source")
    return .none
  }

  @Test func errorHeaderGutterAndUnderline() {
    let file = SourceFile(name: "hello.dnd", text: "let label = 2\nlet b = lable + 1\n")
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    #expect(
      text == """
        hello.dnd:2:9: error: unknown name 'lable'
           2 | let b = lable + 1
             |         ^~~~~

        """)
  }

  @Test func colourWrapsEachPartInAnsiCodes() {
    let file = SourceFile(name: "hello.dnd", text: "let b = lable\n")
    let text = DiagnosticRenderer(file: file, useColor: true)
      .render(diagnostic(Self.unknownName, in: file, at: "lable"))
    let e = "\u{1B}["
    #expect(
      text == """
        \(e)1mhello.dnd:1:9:\(e)0m \(e)1;31merror:\(e)0m \(e)1munknown name 'lable'\(e)0m
        \(e)34m   1 |\(e)0m let b = lable
        \(e)34m     |\(e)0m         \(e)1;32m^~~~~\(e)0m

        """)
  }

  @Test func colourPaintsOnlyTheFixItTextNotTheSpacesBeforeIt() {
    let file = SourceFile(name: "a.dnd", text: "f(lable)\n")
    let lable = range(of: "lable", in: file)
    let text = DiagnosticRenderer(file: file, useColor: true).render(
      Diagnostic(Self.unknownName, at: lable, fixIts: [.init(range: lable, replacement: "label")]))
    #expect(text.hasSuffix("\u{1B}[34m     |\u{1B}[0m   \u{1B}[1;32mlabel\u{1B}[0m\n"))
  }

  @Test func notesCarryTheirOwnLocationAndSnippet() {
    let file = SourceFile(name: "a.dnd", text: "let label = 2\nlet b = lable\n")
    let note = Diagnostic.Note("'label' declared here", at: range(of: "label", in: file))
    let plain = Diagnostic.Note("names are case-sensitive")
    let text = DiagnosticRenderer(file: file)
      .render(diagnostic(Self.unknownName, in: file, at: "lable", notes: [note, plain]))
    #expect(
      text == """
        a.dnd:2:9: error: unknown name 'lable'
           2 | let b = lable
             |         ^~~~~
        a.dnd:1:5: note: 'label' declared here
           1 | let label = 2
             |     ^~~~~
        note: names are case-sensitive

        """)
  }

  @Test func identicalNotesInARowAreShownOnceWithACount() {
    let file = SourceFile(name: "r.dnd", text: "func down(_ n) {\n  return down(n + 1)\n}\ndown(0)\n")
    let inner = Diagnostic.Note(
      "in function 'down', called from line 2", at: range(of: "down(n + 1)", in: file))
    let outer = Diagnostic.Note("in function 'down', called from line 4", at: range(of: "down(0)", in: file))
    let message = DiagnosticMessage(id: "callDepthExceeded", "too many nested calls")
    let text = DiagnosticRenderer(file: file).render(
      Diagnostic(message, at: range(of: "down(n + 1)", in: file), notes: [inner, inner, inner, outer]))
    #expect(
      text == """
        r.dnd:2:10: error: too many nested calls
           2 |   return down(n + 1)
             |          ^~~~~~~~~~~
        r.dnd:2:10: note: in function 'down', called from line 2
           2 |   return down(n + 1)
             |          ^~~~~~~~~~~
        note: the note above repeats 2 more times
        r.dnd:4:1: note: in function 'down', called from line 4
           4 | down(0)
             | ^~~~~~~

        """)
  }

  @Test func fixItOnTheSameLineShowsTheReplacementUnderTheUnderline() {
    let file = SourceFile(name: "a.dnd", text: "let b = lable + 1\n")
    let lable = range(of: "lable", in: file)
    let text = DiagnosticRenderer(file: file).render(
      diagnostic(Self.unknownName, in: file, at: "lable", fixIts: [.init(range: lable, replacement: "label")])
    )
    #expect(
      text == """
        a.dnd:1:9: error: unknown name 'lable'
           1 | let b = lable + 1
             |         ^~~~~
             |         label

        """)
  }

  @Test func twoFixItsOnOneLineShareTheReplacementLine() {
    let file = SourceFile(name: "a.dnd", text: "f(lable, lable)\n")
    let first = range(of: "lable", in: file)
    let second = range(of: "lable", in: file, occurrence: 1)
    let text = DiagnosticRenderer(file: file).render(
      Diagnostic(
        Self.unknownName, at: first,
        fixIts: [.init(range: second, replacement: "label"), .init(range: first, replacement: "label")]))
    #expect(
      text == """
        a.dnd:1:3: error: unknown name 'lable'
           1 | f(lable, lable)
             |   ^~~~~
             |   label  label

        """)
  }

  @Test func removalsInsertionsAndOtherLinesBecomeNotes() {
    let file = SourceFile(name: "a.dnd", text: "let a = [1,,]\nlet b = 2\n")
    let commas = range(of: ",,", in: file)
    let b = range(of: "b", in: file)
    let fixIts: [Diagnostic.FixIt] = [
      .init(range: SourceRange(start: Int(commas.start) + 1, end: Int(commas.end)), replacement: ""),
      .init(range: range(of: "let b", in: file), replacement: "var b"),
      .init(range: SourceRange(start: Int(b.start), end: Int(b.start)), replacement: "_"),
    ]
    let message = DiagnosticMessage(id: "emptyElement", "expected an element")
    let text = DiagnosticRenderer(file: file).render(Diagnostic(message, at: commas, fixIts: fixIts))
    #expect(
      text == """
        a.dnd:1:11: error: expected an element
           1 | let a = [1,,]
             |           ^~
        a.dnd:1:12: note: fix-it: remove ','
           1 | let a = [1,,]
             |            ^
        a.dnd:2:1: note: fix-it: replace 'let b' with 'var b'
           2 | let b = 2
             | ^~~~~
        a.dnd:2:5: note: fix-it: insert '_'
           2 | let b = 2
             |     ^

        """)
  }

  @Test func tabsExpandToTabStopsAndTheUnderlineFollows() {
    let file = SourceFile(name: "t.dnd", text: "\tif\tlable {\n")
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    #expect(
      text == """
        t.dnd:1:5: error: unknown name 'lable'
           1 |     if  lable {
             |         ^~~~~

        """)
  }

  @Test(arguments: [
    // Two-byte Latin, header column counts bytes (é is 2), underline counts cells.
    ("let é = lable", "t.dnd:1:10:", "        ^~~~~"),
    // CJK characters are two cells wide.
    ("let 名前 = lable", "t.dnd:1:14:", "           ^~~~~"),
    // An emoji is two cells; a ZWJ family is one character of two cells.
    ("\"🐶\" + lable", "t.dnd:1:10:", "       ^~~~~"),
    ("\"👨‍👩‍👧\" + lable", "t.dnd:1:24:", "       ^~~~~"),
    // A combining accent adds no cell.
    ("\"e\u{301}\" + lable", "t.dnd:1:9:", "      ^~~~~"),
  ])
  func multibyteTextStaysAligned(line: String, location: String, underline: String) {
    let file = SourceFile(name: "t.dnd", text: line + "\n")
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix(location) == true)
    #expect(lines.count == 4)
    #expect(lines.dropFirst(2).first == "     | " + underline[...])
  }

  @Test func anUnderlineIsAsWideAsTheWideTextItCovers() {
    let file = SourceFile(name: "t.dnd", text: "let x = 名前\n")
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "名前"))
    #expect(text.hasSuffix("     |         ^~~~\n"))
  }

  @Test func controlCharactersAndInvalidUTF8AreShownAsReplacementCharacters() {
    var bytes = Array("let s = ".utf8)
    bytes += [0x1B, 0x5B, 0x32, 0x4A, 0xFF, 0xC3]  // ESC [ 2 J, then two invalid bytes
    bytes += Array(" + lable\n".utf8)
    let file = SourceFile(name: "b.dnd", bytes: bytes)
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    #expect(
      text == """
        b.dnd:1:18: error: unknown name 'lable'
           1 | let s = \u{FFFD}[2J\u{FFFD}\u{FFFD} + lable
             |                  ^~~~~

        """)
    #expect(!text.contains("\u{1B}"))
  }

  /// A right-to-left override would reorder the rest of the line on screen,
  /// and a line separator break it: shown as replacement characters, so the
  /// caret stays under the name.
  @Test func bidirectionalControlsAndSeparatorsAreShownAsReplacementCharacters() {
    let file = SourceFile(name: "b.dnd", text: "let s = \"\u{202E}ab\u{2028}\" + lable\n")
    let text = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    #expect(
      text == """
        b.dnd:1:22: error: unknown name 'lable'
           1 | let s = "\u{FFFD}ab\u{FFFD}" + lable
             |                  ^~~~~

        """)
  }

  @Test func anEmptyRangeAtTheEndOfALineGetsACaretAfterTheLastCharacter() {
    let file = SourceFile(name: "e.dnd", text: "app Demo {\n")
    let message = DiagnosticMessage(id: "expectedClosingBrace", "expected '}' to close '{' at line 1")
    let text = DiagnosticRenderer(file: file).render(
      Diagnostic(message, at: SourceRange(file: 0, start: 10, end: 10)))
    #expect(
      text == """
        e.dnd:1:11: error: expected '}' to close '{' at line 1
           1 | app Demo {
             |           ^

        """)
  }

  @Test func aRangeOverSeveralLinesIsUnderlinedToTheEndOfItsFirstLine() {
    let file = SourceFile(name: "m.dnd", text: "let s = \"abc\ndef\"\n")
    let message = DiagnosticMessage(id: "unterminatedString", "unterminated string literal")
    let text = DiagnosticRenderer(file: file).render(
      Diagnostic(message, at: SourceRange(file: 0, start: 8, end: 17)))
    #expect(
      text == """
        m.dnd:1:9: error: unterminated string literal
           1 | let s = "abc
             |         ^~~~

        """)
  }

  @Test func warningsAndTheirColour() {
    let file = SourceFile(name: "w.dnd", text: "var x = 1\n")
    let plain = DiagnosticRenderer(file: file).render(diagnostic(Self.shadow, in: file, at: "x"))
    #expect(plain.hasPrefix("w.dnd:1:5: warning: 'x' shadows a variable\n"))
    let coloured = DiagnosticRenderer(file: file, useColor: true).render(
      diagnostic(Self.shadow, in: file, at: "x"))
    #expect(coloured.hasPrefix("\u{1B}[1mw.dnd:1:5:\u{1B}[0m \u{1B}[1;35mwarning:\u{1B}[0m"))
  }

  @Test func theGutterWidensForLongFiles() {
    let text = String(repeating: "\n", count: 12_344) + "lable\n"
    let file = SourceFile(name: "long.dnd", text: text)
    let rendered = DiagnosticRenderer(file: file).render(diagnostic(Self.unknownName, in: file, at: "lable"))
    #expect(
      rendered == """
        long.dnd:12345:1: error: unknown name 'lable'
        12345 | lable
              | ^~~~~

        """)
  }

  @Test func aRangeBeyondTheEndOfTheFileIsShownAtTheEnd() {
    let file = SourceFile(name: "a.dnd", text: "let a = 1")
    var range = SourceRange(start: 4_000_000_000, end: 4_000_000_001)
    let text = DiagnosticRenderer(file: file).render(Diagnostic(Self.unknownName, at: range))
    #expect(
      text == """
        a.dnd:1:10: error: unknown name 'lable'
           1 | let a = 1
             |          ^

        """)
    range.end = 2
    #expect(DiagnosticRenderer(file: file).render(Diagnostic(Self.unknownName, at: range)) == text)
  }

  @Test func aDiagnosticInAnUnknownFileHasNoLocationOrSnippet() {
    let file = SourceFile(name: "a.dnd", text: "x\n", id: 0)
    let stray = Diagnostic(Self.unknownName, at: SourceRange(file: 7, start: 0, end: 1))
    #expect(DiagnosticRenderer(file: file).render(stray) == "error: unknown name 'lable'\n")
  }

  @Test func snippetsComeFromTheFileTheRangeNames() {
    let first = SourceFile(name: "one.dnd", text: "lable\n", id: 0)
    let second = SourceFile(name: "two.dnd", text: "let label = 1\n", id: 1)
    let note = Diagnostic.Note("'label' declared here", at: SourceRange(file: 1, start: 4, end: 9))
    let text = DiagnosticRenderer(files: [first, second]).render(
      Diagnostic(Self.unknownName, at: SourceRange(file: 0, start: 0, end: 5), notes: [note]))
    #expect(
      text == """
        one.dnd:1:1: error: unknown name 'lable'
           1 | lable
             | ^~~~~
        two.dnd:1:5: note: 'label' declared here
           1 | let label = 1
             |     ^~~~~

        """)
  }

  @Test func severalDiagnosticsRenderInOrder() {
    let file = SourceFile(name: "a.dnd", text: "lable\nx\n")
    let text = DiagnosticRenderer(file: file).render([
      diagnostic(Self.unknownName, in: file, at: "lable"), diagnostic(Self.shadow, in: file, at: "x"),
    ])
    #expect(
      text == """
        a.dnd:1:1: error: unknown name 'lable'
           1 | lable
             | ^~~~~
        a.dnd:2:1: warning: 'x' shadows a variable
           2 | x
             | ^

        """)
  }

  @Test(arguments: [
    (ColorMode.always, false, [String: String](), true),
    (.always, false, ["NO_COLOR": "1"], true),
    (.never, true, [:], false),
    (.auto, true, [:], true),
    (.auto, false, [:], false),
    (.auto, true, ["NO_COLOR": "1"], false),
    (.auto, true, ["NO_COLOR": ""], true),
  ])
  func colorModeDecision(mode: ColorMode, terminal: Bool, environment: [String: String], expected: Bool) {
    #expect(mode.usesColor(streamIsTerminal: terminal, environment: environment) == expected)
  }

  /// Arbitrary bytes and ranges, from a fixed seed: rendering never traps,
  /// and every line it writes is free of raw control characters.
  @Test func arbitraryInputRendersWithoutTrapping() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, bound)))
    }
    let alphabet: [UInt8] = Array("ab \t\n\r{}\"é名🐶".utf8) + [0, 0x1B, 0x7F, 0xC3, 0xFF, 0x80]
    for _ in 0..<300 {
      let bytes = (0..<next(60)).map { _ in alphabet[next(alphabet.count)] }
      let file = SourceFile(name: "f.dnd", bytes: bytes)
      func anyRange() -> SourceRange {
        let start = next(bytes.count + 3)
        return SourceRange(start: start, end: start + next(8))
      }
      let notes = (0..<next(3)).map { _ in Diagnostic.Note("n", at: next(2) == 0 ? nil : anyRange()) }
      let fixIts = (0..<next(3)).map { _ in
        Diagnostic.FixIt(range: anyRange(), replacement: ["", "x", "é\t", "a\nb"][next(4)])
      }
      let coloured = next(2) == 0
      let text = DiagnosticRenderer(file: file, useColor: coloured)
        .render(Diagnostic(Self.unknownName, at: anyRange(), notes: notes, fixIts: fixIts))
      // Escape codes come only from the renderer's own colouring.
      let allowed: Set<Unicode.Scalar> = coloured ? ["\n", "\u{1B}"] : ["\n"]
      let controls = text.unicodeScalars.filter { $0.value < 0x20 && !allowed.contains($0) }
      #expect(controls.isEmpty, "\(bytes)")
    }
  }
}
