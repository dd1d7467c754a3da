import DndInterpreter
import DndReport
import DndSyntax
import Testing

/// The text trace colours only when asked (a terminal, or `--color=always`):
/// phase headings bold, warnings yellow, exceptions red, PASS green, FAIL red.
@Suite struct TraceTextReporterStyleTests {
  private func report(_ run: ScriptRun, color: Bool) -> String {
    TraceTextReporter(
      renderer: DiagnosticRenderer(file: run.file, useColor: color), files: [run.file],
      style: TerminalStyle(useColor: color)
    ).render(run.result)
  }

  @Test func withoutColourThereAreNoEscapeCodes() throws {
    let run = try ScriptRun.example("09-move-and-copy.dnd")
    #expect(!report(run, color: false).contains("\u{1B}["))
  }

  @Test func warningsPhasesAndOutcomesAreColouredOnATerminal() throws {
    let run = try ScriptRun.example("09-move-and-copy.dnd")
    let text = report(run, color: true)
    #expect(text.contains("\u{1B}[1m" + "Lift" + "\u{1B}[0m"))
    #expect(text.contains("\u{1B}[32mPASS\u{1B}[0m"))
    let warning = try #require(text.split(separator: "\n").first { $0.contains("! warning:") })
    #expect(warning.hasPrefix("\u{1B}[33m"))
  }

  /// A failed expectation is followed by what the drag did in words (the
  /// explanation's "In short"), and where to read more; a pass is not.
  @Test func aFailedExpectationSaysWhatTheDragDid() throws {
    let failing = try ScriptRun(
      scene(
        sourceSetup: "",
        steps: "longPress source\n  drag to target\n  release\n  settle\n  expect target.text == \"Hi\""))
    let text = report(failing, color: false)
    #expect(text.contains("\n  In short: no drag started: hit-testing passed over `source`"), "\(text)")
    #expect(text.contains("\n  ('dnd explain' tells the run step by step, with the UIKit rules.)\n"))
    let passing = try ScriptRun(scene(steps: "longPress source\n  drag to target\n  release\n  settle"))
    #expect(!report(passing, color: false).contains("In short"))
  }

  @Test func exceptionsAreRed() throws {
    let run = try ScriptRun.example("12-paste-configuration.dnd")
    let text = report(run, color: true)
    let exception = try #require(text.split(separator: "\n").first { $0.contains("X uncaught exception") })
    #expect(exception.hasPrefix("\u{1B}[1;31m"))
  }

  @Test(arguments: [TerminalStyle.Tone.bold, .red, .green, .yellow])
  func aStyleWithoutColourReturnsTheTextUnchanged(_ tone: TerminalStyle.Tone) {
    #expect(TerminalStyle(useColor: false).apply(tone, "text") == "text")
    #expect(TerminalStyle(useColor: true).apply(tone, "") == "")
    #expect(TerminalStyle(useColor: true).apply(tone, "text") == "\u{1B}[\(tone.rawValue)mtext\u{1B}[0m")
  }
}
