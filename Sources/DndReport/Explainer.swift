import DndInterpreter
import DndRuntime
import DndSyntax

/// `dnd explain`: a run narrated for a student who has just watched the
/// lecture. For each scenario, in the order things happened and under the
/// phase they belong to: which phase begins and why, what each answer of the
/// delegates means, and above all why something did not happen (no drag, a
/// view that was not a target, no performDrop, a view touched off the main
/// queue). Each rule an explanation rests on is stated once per scenario,
/// with where UIKit documents it; the documents are listed at the end.
///
/// The narration reads only the trace and the scene (`Narrator`); this type
/// lays it out: a time column, text wrapped to `width` columns.
public struct Explainer: Sendable {
  public var files: [SourceFile]
  public var style: TerminalStyle
  public var width: Int

  public init(files: [SourceFile], style: TerminalStyle = TerminalStyle(useColor: false), width: Int = 100) {
    self.files = files
    self.style = style
    self.width = max(60, width)
  }

  /// The whole run, then the sources cited.
  public func explain(_ result: ScriptRunResult) -> String {
    var sections: [String] = []
    var cited: Set<UIKitSource> = []
    for run in result.runs(showingPrintsAlone: false) {
      let story = Narrator(run: run).narrate()
      sections.append(render(run, story))
      for rule in story.rules { cited.formUnion(rule.sources) }
    }
    var out = sections.joined(separator: "\n")
    if !cited.isEmpty {
      out += "\n" + style.apply(.bold, "Where UIKit documents these rules") + "\n"
      out += "(D numbers are pages under https://developer.apple.com/documentation/)\n"
      for source in cited.sorted() {
        out +=
          wrap("\(source.tag): \(source.location)", indent: "  ", hanging: "    ").joined(separator: "\n")
          + "\n"
      }
    }
    return out
  }

  /// The notes a run's narration produces, for tests.
  public func notes(for run: ScenarioResult) -> [String] {
    Narrator(run: run).narrate().notes.map(\.text)
  }

  /// The ids of the rules a run's narration cites, in order of first mention.
  public func ruleIDs(for run: ScenarioResult) -> [String] {
    Narrator(run: run).narrate().rules.map(\.id)
  }

  /// The "In short" lines of a run.
  public func summary(of run: ScenarioResult) -> [String] {
    Narrator(run: run).narrate().summary
  }

  /// One scenario: its title, the notes by phase, the outcome and a summary.
  private func render(_ run: ScenarioResult, _ story: Story) -> String {
    var out = style.apply(.bold, title(of: run)) + "\n"
    let timeWidth = story.notes.compactMap { $0.time?.description.count }.max() ?? 2
    var heading: String?
    var headings: Set<String> = []
    var statedRules: Set<String> = []
    for note in story.notes {
      let phase = note.phase.map { note.showsSession ? "Drag \(note.session ?? 1): \($0.title)" : $0.title }
      if let phase, phase != heading {
        heading = phase
        // Phases overlap in time (data arrives while the drop animates), so one may come back.
        let again = !headings.insert(phase).inserted
        out += "  " + style.apply(.bold, phase + (again ? " (continued)" : "")) + "\n"
      }
      let time = note.time?.description ?? ""
      let prefix = "    " + String(repeating: " ", count: max(0, timeWidth - time.count)) + time + "  "
      let hanging = String(repeating: " ", count: prefix.count)
      var lines = wrap(note.text, indent: prefix, hanging: hanging)
      if let tone = note.tone {
        lines = lines.map { line in
          let body = line.dropFirst(prefix.count)
          return String(line.prefix(prefix.count)) + style.apply(tone, String(body))
        }
      }
      out += lines.joined(separator: "\n") + "\n"
      if let rule = note.rule {
        let text: String
        if statedRules.insert(rule.id).inserted {
          text = "Rule: \(rule.text) (\(rule.citation))"
        } else {
          text = "Rule: as above (\(rule.citation))"
        }
        out +=
          wrap(text, indent: hanging + "  ", hanging: hanging + "    ")
          .map { style.apply(.dim, $0) }.joined(separator: "\n") + "\n"
      }
    }
    out += wrap(outcome(of: run), indent: "  ", hanging: "    ").joined(separator: "\n") + "\n"
    for line in story.summary {
      out += wrap(line, indent: "  ", hanging: "    ").joined(separator: "\n") + "\n"
    }
    return out
  }

  private func title(of run: ScenarioResult) -> String {
    let heading = run.title.map { "Scenario \"\($0)\"" } ?? "Top level"
    guard let place = location(run.range) else { return heading }
    // A long title puts its place on a line of its own, so lines fit the width.
    return heading + (heading.count + place.count + 3 <= width ? " (" : "\n  (") + place + ")"
  }

  private func outcome(of run: ScenarioResult) -> String {
    switch run.outcome {
    case .passed:
      return style.apply(.green, "PASS") + ": every expectation holds."
    case .failedExpectation(let diagnostic):
      return style.apply(.boldRed, "FAIL") + " at \(location(diagnostic.range) ?? "?"): \(diagnostic.message)"
    case .runtimeError(let diagnostic):
      return style.apply(.boldRed, "FAIL") + ": the script stopped at \(location(diagnostic.range) ?? "?"): "
        + diagnostic.message
    case .uncaughtException(let name, let reason, _):
      return style.apply(.boldRed, "FAIL") + ": UIKit raised \(name) (\(reason)); the app would crash."
    }
  }

  private func location(_ range: SourceRange) -> String? {
    guard let file = files.first(where: { $0.id == range.file }) else { return nil }
    return "\(file.name):\(file.location(of: Int(range.start)).line)"
  }

  /// Words wrapped into lines of at most `width` columns: the first after
  /// `indent`, the rest after `hanging`. A word longer than a line stays whole.
  public func wrap(_ text: String, indent: String, hanging: String) -> [String] {
    var lines: [String] = []
    var current = indent
    var empty = true
    for word in text.split(separator: " ") {
      if !empty, current.count + 1 + word.count > width {
        lines.append(current)
        current = hanging + word
      } else {
        current += (empty ? "" : " ") + word
      }
      empty = false
    }
    lines.append(current)
    return lines
  }
}

/// One sentence or two of the narration, at a moment of the run.
struct Note {
  var time: VirtualTime?
  var phase: DragPhase?
  var session: Int?
  /// Whether the phase heading names the drag (several drags in the run).
  var showsSession = false
  var text: String
  var rule: UIKitRule?
  /// Warnings and exceptions stand out.
  var tone: TerminalStyle.Tone?
}

/// The narration of one run.
struct Story {
  var notes: [Note]
  /// "In short: ..." lines: what happened to each drag, and why not.
  var summary: [String]

  /// The rules cited, in order of first mention.
  var rules: [UIKitRule] {
    var seen: Set<String> = []
    return notes.compactMap(\.rule).filter { seen.insert($0.id).inserted }
  }
}
