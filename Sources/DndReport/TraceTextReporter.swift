import DndInterpreter
import DndRuntime
import DndSyntax

/// The trace as text for `dnd run`: per scenario its title, its events
/// grouped by phase (Lift, Drag, Set down, Data transfer) with the virtual
/// time, the queue, the view and UIKit's spelling of each call with its
/// result, what the script printed where it printed it, warnings and
/// exceptions marked, and a PASS or FAIL line with the failure rendered as
/// a diagnostic. Lines fit in `width` columns (long ones wrap under their
/// text).
///
/// Markers: `>` a delegate method the script implements, `-` UIKit's
/// default for one it does not, `!` a warning, `X` an exception, `|`
/// printed text; runtime steps have none.
public struct TraceTextReporter: Sendable {
  public var renderer: DiagnosticRenderer
  public var files: [SourceFile]
  public var width: Int
  /// Colours phase headings, warnings, exceptions and the outcome (on a terminal).
  public var style: TerminalStyle

  public init(
    renderer: DiagnosticRenderer, files: [SourceFile], width: Int = 100,
    style: TerminalStyle = TerminalStyle(useColor: false)
  ) {
    self.renderer = renderer
    self.files = files
    self.width = max(60, width)
    self.style = style
  }

  /// The whole run: what the top level printed (and its trace, if it
  /// drove fingers), each scenario, and a summary line.
  public func render(_ result: ScriptRunResult) -> String {
    var out = ""
    let topLevel = result.topLevel
    if !result.scenarios.isEmpty || topLevel.trace.showsUIKit {
      out += Self.legend + "\n\n"
    }
    if !topLevel.trace.showsUIKit && topLevel.outcome.passed {
      out += topLevel.printed.map(\.text).joined()
    } else {
      out += render(topLevel)
    }
    for scenario in result.scenarios {
      if !out.isEmpty && !out.hasSuffix("\n\n") { out += out.hasSuffix("\n") ? "\n" : "\n\n" }
      out += render(scenario)
    }
    if !result.scenarios.isEmpty {
      let failed = result.scenarios.filter { !$0.outcome.passed }.count
      let count = result.scenarios.count
      out += "\n\(count) scenario\(count == 1 ? "" : "s"): \(count - failed) passed, \(failed) failed\n"
    }
    return out
  }

  /// What the drag did, in the lecture's terms, under a failed expectation:
  /// it is most often a drag that never started or a drop that never came.
  private func summary(of result: ScenarioResult) -> String {
    let summary = Narrator(run: result).narrate().summary
    guard !summary.isEmpty else { return "" }
    let wrapper = Explainer(files: files, width: width)
    var out = ""
    for line in summary { out += wrapper.wrap(line, indent: "  ", hanging: "    ").joined(separator: "\n") + "\n" }
    return out + "  ('dnd explain' tells the run step by step, with the UIKit rules.)\n"
  }

  /// The markers, explained once at the top.
  public static let legend =
    "> a handler of the script   - UIKit's default   ! warning   X exception   | printed"

  /// One scenario (or the top level): title, grouped events, outcome.
  /// `invariantsBroken` (an explored order's replay) turns a pass of the
  /// expectations into a FAIL that points at the invariants listed after.
  /// `excusedFault` (a replay under a fault whose order passes) heads a
  /// failed expectation or stop as not held, not as a FAIL.
  public func render(
    _ result: ScenarioResult, invariantsBroken: Bool = false, excusedFault: String? = nil
  ) -> String {
    var out = ""
    if let title = result.title {
      let heading = "Scenario \(quoted(title))"
      let place = location(result.range).map { "(\($0))" }.orEmpty
      // A long title puts its place on a line of its own, so lines fit the width.
      let fits = heading.count + 2 + place.count <= width
      out += heading + (place.isEmpty ? "" : (fits ? "  " : "\n  ") + place) + "\n"
    } else {
      out += "Top level\n"
    }
    out += events(result.trace, printed: result.printed)
    let name = result.title.map { " " + quoted($0) } ?? " top level"
    switch result.outcome {
    case .passed where invariantsBroken:
      out += style.apply(.boldRed, "FAIL") + name + ": its expectations hold, but an invariant broke (below)\n"
    case .passed:
      out += style.apply(.green, "PASS") + name + "\n"
    // (A `where` binds only the pattern before it: each pattern has its own.)
    case .failedExpectation(let diagnostic) where excusedFault != nil,
      .runtimeError(let diagnostic) where excusedFault != nil:
      let fault = excusedFault.orEmpty
      out += style.apply(.yellow, "NOT HELD") + name + ": under the fault '\(fault)', not a failure (below)\n"
      out += renderer.render(diagnostic) + summary(of: result)
    case .failedExpectation(let diagnostic):
      out += style.apply(.boldRed, "FAIL") + name + "\n" + renderer.render(diagnostic) + summary(of: result)
    case .runtimeError(let diagnostic):
      out += style.apply(.boldRed, "FAIL") + name + "\n" + renderer.render(diagnostic)
    case .uncaughtException(let exceptionName, _, let diagnostic):
      out += style.apply(.boldRed, "FAIL") + name + ": uncaught \(exceptionName)\n"
      out += renderer.render(diagnostic)
    }
    return out
  }

  /// The events grouped by drag session and phase, in order of first
  /// appearance; an event without a phase (a tap, a warning) joins the group
  /// of the event before it, except `wait` and `settle`, which join the
  /// group opened last, printed last: time passes in them, and in the group
  /// of the event before, a `settle` at 0.5s could print above a `wait` at
  /// 0s. Printed text follows the event it came after. A long run of
  /// events that say the same thing over and over is folded (`TraceRepeats`).
  /// `startingIn` is the phase of the events before these, when they are
  /// the end of a longer trace (the REPL's `:trace N`, an input's events):
  /// events without a phase of their own at the start belong to it.
  public func events(_ events: [TraceEvent], printed: [PrintedText], startingIn phase: DragPhase? = nil) -> String {
    var groups: [(key: GroupKey, entries: [TraceRepeats.Entry])] = []
    let columns = Columns(events, width: width)
    let showsSessions = Set(events.compactMap(\.session)).count > 1
    var key = GroupKey(session: nil, phase: phase)
    var printedIndex = 0
    func add(_ entry: TraceRepeats.Entry, to key: GroupKey) {
      if let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].entries.append(entry)
      } else {
        groups.append((key, [entry]))
      }
    }
    func printedEntry(_ text: String) -> TraceRepeats.Entry {
      let lines = columns.printed(text)
      return TraceRepeats.Entry(time: "", shape: lines, lines: lines)
    }
    while printedIndex < printed.count, printed[printedIndex].afterEvent == 0 {
      add(printedEntry(printed[printedIndex].text), to: key)
      printedIndex += 1
    }
    for (index, event) in events.enumerated() {
      let session = showsSessions ? event.session ?? liftSession(after: index, events) ?? key.session : nil
      key = GroupKey(session: session, phase: event.phase ?? key.phase)
      if event.phase == nil, event.kind == .step, event.name == "wait" || event.name == "settle",
        let last = groups.last
      {
        key = last.key
      }
      var lines = columns.lines(for: event)
      // The time leads the first line; without it, two events that say the same are alike.
      var shape = lines
      if let first = shape.first { shape[0] = String(first.dropFirst(columns.queueColumn)) }
      if event.kind == .warning { lines = lines.map { style.apply(.yellow, $0) } }
      if event.kind == .exception { lines = lines.map { style.apply(.boldRed, $0) } }
      while printedIndex < printed.count, printed[printedIndex].afterEvent <= index + 1 {
        let text = columns.printed(printed[printedIndex].text)
        lines += text
        shape += text
        printedIndex += 1
      }
      add(TraceRepeats.Entry(time: event.time.description, shape: shape, lines: lines), to: key)
    }
    for text in printed[printedIndex...] { add(printedEntry(text.text), to: key) }
    let repeats = TraceRepeats(indent: String(repeating: " ", count: columns.queueColumn))
    var out = ""
    for group in groups {
      out += "  " + style.apply(.bold, group.key.title(showingSession: showsSessions)) + "\n"
      out += repeats.lines(of: group.entries).map { $0 + "\n" }.joined()
    }
    return out
  }

  /// For a lift event without a session (the long press that will start a
  /// drag, before its session exists): the session of the next event that
  /// has one, if that event is part of a lift. A second drag's long press
  /// then opens that drag's group instead of joining the first drag's.
  private func liftSession(after index: Int, _ events: [TraceEvent]) -> Int? {
    guard events[index].phase == .lift else { return nil }
    for event in events[(index + 1)...] where event.session != nil {
      return event.phase == .lift ? event.session : nil
    }
    return nil
  }

  private func location(_ range: SourceRange) -> String? {
    guard let file = files.first(where: { $0.id == range.file }) else { return nil }
    return "\(file.name):\(file.location(of: Int(range.start)).line)"
  }
}

/// A group of the trace: one phase of one drag.
private struct GroupKey: Equatable {
  var session: Int?
  var phase: DragPhase?

  func title(showingSession: Bool) -> String {
    let name: String
    switch phase {
    case .lift?: name = "Lift"
    case .drag?: name = "Drag"
    case .setDown?: name = "Set down"
    case .dataTransfer?: name = "Data transfer"
    case nil: name = "Before any drag"
    }
    guard showingSession, let session else { return name }
    return "Drag \(session): \(name)"
  }
}

/// The column layout of one result: widths from its own events.
private struct Columns {
  let width: Int
  let timeWidth: Int
  let queueWidth: Int
  let placeWidth: Int

  /// Whether places name their app: only when more than one app (or
  /// source) appears.
  let namesApps: Bool

  init(_ events: [TraceEvent], width: Int) {
    self.width = width
    namesApps = Set(events.compactMap(\.app)).count > 1
    timeWidth = events.map { $0.time.description.count }.max() ?? 2
    queueWidth = min(14, events.map(\.queue.count).max() ?? 4)
    var widest = 0
    for event in events { widest = max(widest, Columns.place(of: event, namingApps: namesApps).count) }
    placeWidth = min(20, widest)
  }

  /// "source", or "Demo.source" when apps are named; the app alone for an
  /// event of no particular view. A call to a named interaction adds its
  /// name ("zone.images"), as `expect called ... on zone.images` writes it:
  /// two interactions of one kind on a view are told apart.
  static func place(of event: TraceEvent, namingApps: Bool) -> String {
    guard let view = event.kind == .call ? event.namedPlace : event.view else { return event.app ?? "" }
    guard namingApps, let app = event.app else { return view }
    return app + "." + view
  }

  /// A place too wide for its column, cut with an ellipsis so that the cut
  /// shows ("Gallery.gallery[0, …").
  static func clip(_ place: String, to width: Int) -> String {
    place.count <= width ? place : String(place.prefix(max(0, width - 1))) + "…"
  }

  /// Where the queue column begins: after the indent and the time.
  var queueColumn: Int { 4 + timeWidth + 1 }

  /// The event's lines: time, queue, place, marker, then its text, wrapped.
  func lines(for event: TraceEvent) -> [String] {
    let time =
      String(repeating: " ", count: max(0, timeWidth - event.time.description.count)) + event.time.description
    let place = Columns.clip(Columns.place(of: event, namingApps: namesApps), to: placeWidth)
    let prefix =
      "    " + time + " " + pad(String(event.queue.prefix(queueWidth)), queueWidth) + " "
      + pad(place, placeWidth)
      + " " + marker(event)
    return wrap(text(of: event), prefix: prefix)
  }

  /// Printed text, one line per line, under the text column. A line too
  /// long for the width goes on under its `|`, two columns further in, so
  /// that the part on the next line is still seen as printed.
  func printed(_ text: String) -> [String] {
    var body = text
    if body.hasSuffix("\n") { body.removeLast() }
    let indent = String(repeating: " ", count: 4 + timeWidth + 1 + queueWidth + 1 + placeWidth + 1)
    return body.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      wrap(String(line), prefix: indent + "| ", continuation: indent + "| ")
    }
  }

  private func marker(_ event: TraceEvent) -> String {
    switch event.kind {
    case .call: "> "
    case .defaultUsed: "- "
    case .warning: "! "
    case .exception: "X "
    case .step: "  "
    }
  }

  private func text(of event: TraceEvent) -> String {
    var parts: [String]
    switch event.kind {
    case .warning:
      parts = ["warning: " + (event.message ?? "")]
    case .exception:
      parts = ["uncaught exception \(event.exceptionName ?? "")" + (event.message.map { ": " + $0 } ?? "")]
    case .call, .defaultUsed, .step:
      parts = [event.method]
      if let interaction = event.interaction, event.kind == .step, event.name != interaction {
        parts.append("[\(interaction)]")
      }
      // A long press's `cause` is for programs; the result says the same in words.
      parts += event.arguments.filter { $0.name != "cause" }.map { "\($0.name)=\($0.value)" }
    }
    var line = parts.joined(separator: " ")
    if let result = event.result { line += " -> " + result }
    if let source = event.sourceLocation { line += "  (at \(source))" }
    return line
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// Wraps `text` after `prefix` at word boundaries, continuing lines under
  /// the text (indented by two). A word longer than the room (a long
  /// selector) is broken after one of its colons, dots or opening
  /// parentheses, or else where it must.
  /// Linear in the text: a word is held as characters and cut from the
  /// front (a printed line of a million characters took minutes when each
  /// cut counted and copied the rest).
  private func wrap(_ text: String, prefix: String, continuation: String? = nil) -> [String] {
    let room = max(20, width - prefix.count)
    var lines: [String] = []
    var current = ""
    var currentCount = 0
    let pieces = text.split(separator: " ", omittingEmptySubsequences: false)
    var index = 0
    // What is left of a word broken across lines, or a word put back for the next line.
    var rest: ArraySlice<Character>?
    while rest != nil || index < pieces.count {
      let word: ArraySlice<Character>
      if let left = rest {
        word = left
        rest = nil
      } else {
        word = ArraySlice(pieces[index])
        index += 1
      }
      let space = currentCount == 0 ? 0 : 1
      if currentCount + space + word.count <= room {
        if space == 1 { current += " " }
        current += String(word)
        currentCount += space + word.count
        continue
      }
      let free = room - currentCount - space
      if word.count > room - 2, free >= 8, let cut = Self.breakPoint(in: word, before: free) {
        if space == 1 { current += " " }
        current += String(word.prefix(cut))
        rest = word.dropFirst(cut)
      } else if currentCount == 0 || current == "  " {
        let cut = Self.breakPoint(in: word, before: room - currentCount) ?? (room - currentCount)
        current += String(word.prefix(cut))
        rest = word.dropFirst(cut)
      } else {
        rest = word
      }
      lines.append(current)
      current = "  "
      currentCount = 2
    }
    if current != "  " { lines.append(current) }
    let indent = continuation ?? String(repeating: " ", count: prefix.count)
    return lines.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }
  }

  /// The length of the longest prefix of `word` that ends with a colon, a
  /// dot or an opening parenthesis and is at most `limit` long (only those
  /// first characters are looked at): `Context.` / `commitInsertion(` /
  /// `dataSourceUpdates:)` rather than a cut inside a name. Nil when that
  /// prefix is a stub (a lone `(` on a line): under 8 characters and under
  /// a third of the room.
  private static func breakPoint(in word: ArraySlice<Character>, before limit: Int) -> Int? {
    var best: Int?
    for (offset, character) in word.prefix(max(0, limit)).enumerated()
    where character == ":" || character == "." || character == "(" {
      best = offset + 1
    }
    guard let best, best >= 8 || best * 3 >= limit else { return nil }
    return best
  }
}

extension Optional where Wrapped == String {
  fileprivate var orEmpty: String { self ?? "" }
}

/// A scenario title in double quotes, as the script wrote it: only `"` and
/// `\` are escaped (`debugDescription` would also escape apostrophes).
func quoted(_ title: String) -> String {
  var text = "\""
  for character in title {
    if character == "\"" || character == "\\" { text.append("\\") }
    text.append(character)
  }
  return text + "\""
}
