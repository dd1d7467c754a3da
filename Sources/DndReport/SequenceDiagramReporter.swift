import DndInterpreter
import DndRuntime
import DndSyntax

/// The trace as a Mermaid sequence diagram for `dnd run --trace=mermaid`:
/// one diagram for the whole run, every scenario after a note with its title.
///
/// Participants, declared up front in this order: the finger, UIKit (hit-
/// testing, set-down decisions, animations), then for each interaction the
/// trace meets the interaction and its delegate side by side (the delegate
/// only if it was asked something), then any other app the drag came from,
/// then the queues completions ran on. A table or collection view is one
/// participant that calls each of its blocks (`dataSource`, `dropDelegate`,
/// ...), each drawn as a participant of its own; its cells count as the
/// list. A delegate call is an arrow from the interaction to its delegate,
/// its answer a dashed arrow back; a method the script does not implement is
/// a crossed arrow carrying UIKit's default. Phases, warnings, exceptions
/// and what the script printed are notes.
///
/// Mermaid is picky: identifiers here are short generated words (`I1`, `D1`,
/// `Q1`) that no keyword begins, and every text goes through `escape`, which
/// writes `#`, `;`, `%`, `<` and `>` as Mermaid entity codes and keeps each
/// line free of line breaks (see `docs/trace-json.md` for the data itself).
public struct SequenceDiagramReporter: Sendable {
  /// Messages longer than this are shortened with an ellipsis.
  public var maximumTextLength: Int

  public init(maximumTextLength: Int = 160) {
    self.maximumTextLength = max(20, maximumTextLength)
  }

  /// The diagram of a run.
  public func render(_ result: ScriptRunResult) -> String {
    render(result.reportedRuns)
  }

  /// The diagram of some runs, in order.
  public func render(_ runs: [ScenarioResult]) -> String {
    var cast = Cast()
    for run in runs {
      for event in run.trace { cast.meet(event) }
    }
    var lines = ["sequenceDiagram"]
    lines += cast.declarations.map { "  participant \($0.id) as \(escape($0.label))" }
    let span = "\(cast.first),\(cast.last)"
    for run in runs {
      let title = run.title.map { "Scenario \"\($0)\"" } ?? "Top level"
      lines.append("  Note over \(span): \(escape(title))")
      var drawer = Drawer(cast: cast, reporter: self, span: span)
      // A run that only printed shows no trace (`TraceEvent.showsUIKit`), so no phase heading either.
      drawer.headsPhases = run.trace.showsUIKit
      var printed = run.printed[...]
      // What was printed before the first event comes first.
      while let text = printed.first, text.afterEvent <= 0 {
        drawer.printed(text.text)
        printed = printed.dropFirst()
      }
      for (index, event) in run.trace.enumerated() {
        drawer.draw(event)
        while let text = printed.first, text.afterEvent <= index + 1 {
          drawer.printed(text.text)
          printed = printed.dropFirst()
        }
      }
      for text in printed { drawer.printed(text.text) }
      lines += drawer.lines
      lines.append("  Note over \(span): \(escape(outcomeText(run.outcome)))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func outcomeText(_ outcome: ScenarioOutcome) -> String {
    switch outcome {
    case .passed: "PASS"
    case .failedExpectation(let diagnostic), .runtimeError(let diagnostic): "FAIL: " + diagnostic.message
    case .uncaughtException(let name, _, _): "FAIL: uncaught " + name
    }
  }

  /// Text safe inside a Mermaid message, note or participant label: one line,
  /// at most `maximumTextLength` characters, never empty, with the characters
  /// Mermaid's lexer treats specially written as entity codes.
  public func escape(_ text: String) -> String {
    var flat = text.map { $0.isNewline ? " " : String($0) }.joined()
    if flat.count > maximumTextLength { flat = String(flat.prefix(maximumTextLength - 1)) + "…" }
    if flat.allSatisfy({ $0 == " " }) { flat = "(empty)" }
    var out = ""
    for character in flat {
      switch character {
      case "#": out += "#35;"
      case ";": out += "#59;"
      case "%": out += "#37;"
      case "<": out += "#60;"
      case ">": out += "#62;"
      case "\t": out += " "
      default:
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
          out.append(character)
        }
      }
    }
    return out
  }
}

/// Who takes part, found by a pass over the events before drawing.
private struct Cast {
  /// A declared participant: its identifier and its label.
  struct Participant {
    var id: String
    var label: String
  }

  /// Where an interaction lives: its app, view and name.
  struct Place: Hashable {
    var app: String?
    var view: String?
    var interaction: String?

    /// The table or collection view whose block this is, if it is one.
    var list: Place? {
      Cast.isListBlock(interaction) ? Place(app: app, view: view, interaction: nil) : nil
    }
  }

  private(set) var interactions: [Place] = []
  /// The places that got a delegate call or default: only they need a delegate participant.
  private var asked: Set<Place> = []
  /// The table and collection views among the places, each drawn once as
  /// the caller of its blocks (`dataSource`, `dragDelegate`, ...).
  private(set) var lists: [Place] = []
  private(set) var otherApps: [String] = []
  private(set) var queues: [String] = []
  private var namesApps = false

  mutating func meet(_ event: TraceEvent) {
    if let app = event.app, event.view == nil, event.interaction == nil, event.name == "dragFromItemSource",
      !otherApps.contains(app)
    {
      otherApps.append(app)
    }
    if let place = Self.interactionPlace(of: event) {
      if !interactions.contains(place) {
        interactions.append(place)
        namesApps = namesApps || Set(interactions.compactMap(\.app)).count > 1
        if let list = place.list, !lists.contains(list) { lists.append(list) }
      }
      // A built-in interaction's default is drawn on itself: no delegate was asked.
      if event.kind == .call || (event.kind == .defaultUsed && !isBuiltIn(event.interaction)) {
        asked.insert(place)
      }
    }
    if event.queue != "main", !queues.contains(event.queue) { queues.append(event.queue) }
    // The main queue is drawn where work reaches it from elsewhere: a
    // `loadObjects` completion, or a block the script queued on it.
    if event.name == "loadObjectsCompletion" || (event.name == "blockRan" && event.queue == "main"),
      !queues.contains("main")
    {
      queues.insert("main", at: 0)
    }
  }

  /// The interaction a call, default or step belongs to, if it names a view.
  /// A list's cell (`gallery[0, 0]`) stands for its list: the list's blocks
  /// answer for every cell.
  static func interactionPlace(of event: TraceEvent) -> Place? {
    guard var view = event.view else { return nil }
    // A cell's drag state changes in its list: drawn on the list's lifeline,
    // as the drag delegate's steps are (the trace names no block, since the
    // method is the cell's own).
    let interaction = event.name == "dragStateDidChange" ? "dragDelegate" : event.interaction
    switch event.kind {
    case .call, .defaultUsed:
      break
    case .step, .warning, .exception:
      guard interaction != nil else { return nil }
    }
    if isListBlock(interaction), let bracket = view.firstIndex(of: "[") {
      view = String(view[..<bracket])
    }
    return Place(app: event.app, view: view, interaction: interaction)
  }

  /// The blocks of a table or collection view, and the closures the app
  /// hands it (batch updates, a placeholder's handlers, a commit's block):
  /// the list itself calls them.
  static func isListBlock(_ interaction: String?) -> Bool {
    switch interaction {
    case "dataSource", "dragDelegate", "dropDelegate", "delegate", "performBatchUpdates", "placeholder",
      "placeholderContext":
      true
    default: false
    }
  }

  var declarations: [Participant] {
    var list = [Participant(id: "Finger", label: "Finger"), Participant(id: "UIKit", label: "UIKit")]
    var declaredLists: Set<Place> = []
    for (index, place) in interactions.enumerated() {
      let view = (namesApps ? place.app.map { $0 + "." } ?? "" : "") + (place.view ?? "")
      let interaction = place.interaction ?? "view"
      if let owner = place.list {
        // The list once, then each of its blocks as the one it calls.
        if declaredLists.insert(owner).inserted, let id = listID(owner) {
          list.append(Participant(id: id, label: view))
        }
        list.append(Participant(id: "D\(index + 1)", label: "\(view) \(interaction)"))
        continue
      }
      list.append(Participant(id: "I\(index + 1)", label: "\(view) \(interaction)"))
      if asked.contains(place) {
        list.append(Participant(id: "D\(index + 1)", label: "\(view) \(Self.delegateWord(for: interaction))"))
      }
    }
    for (index, app) in otherApps.enumerated() {
      list.append(Participant(id: "A\(index + 1)", label: "\(app) (another app)"))
    }
    for (index, queue) in queues.enumerated() {
      list.append(Participant(id: "Q\(index + 1)", label: "\(queue) queue"))
    }
    return list
  }

  /// "drag delegate", "drop delegate", or what answers for built-in ones.
  static func delegateWord(for interaction: String) -> String {
    if interaction == "pasteConfiguration" { return "paste(itemProviders:)" }
    if interaction.hasPrefix("textDrop") { return "textDropDelegate" }
    if interaction.lowercased().contains("drag") { return "drag delegate" }
    if interaction.lowercased().contains("drop") { return "drop delegate" }
    if interaction.lowercased().contains("spring") { return "spring-loading handler" }
    return "delegate"
  }

  var first: String { "Finger" }
  var last: String { declarations.last?.id ?? "UIKit" }

  func interactionID(_ place: Place) -> String? {
    if let owner = place.list { return listID(owner) }
    return interactions.firstIndex(of: place).map { "I\($0 + 1)" }
  }

  func listID(_ list: Place) -> String? {
    lists.firstIndex(of: list).map { "L\($0 + 1)" }
  }

  func delegateID(_ place: Place) -> String? {
    interactions.firstIndex(of: place).map { "D\($0 + 1)" }
  }

  func appID(_ app: String) -> String? {
    otherApps.firstIndex(of: app).map { "A\($0 + 1)" }
  }

  func queueID(_ queue: String) -> String? {
    queues.firstIndex(of: queue).map { "Q\($0 + 1)" }
  }
}

/// Draws one scenario's events.
private struct Drawer {
  let cast: Cast
  let reporter: SequenceDiagramReporter
  let span: String
  var lines: [String] = []
  private var lastTime: VirtualTime?
  private var lastPhase: (session: Int?, phase: DragPhase)?
  private var toldBeforeAnyDrag = false
  /// False for a run whose trace the text report does not show.
  var headsPhases = true
  private var showsSessions = false
  /// The delegate whose call ran last: loads it starts come from it.
  private var lastCaller = "UIKit"
  /// The delegates whose calls are running, by depth (`TraceEvent.callDepth`):
  /// a load started after a nested call returned (performDropWith after a
  /// placeholder's cellUpdateHandler) comes from the outer one.
  private var callers: [String] = []
  /// Whose code an event at `depth` runs in: the call it is inside, or
  /// (outside every call: a completion, a queued block) the delegate called last.
  private func caller(at depth: Int) -> String {
    depth > 0 && depth <= callers.count ? callers[depth - 1] : lastCaller
  }
  /// Who asked for loads, so completions go back to them.
  private var loadRequester = "UIKit"
  /// The loads not yet completed, oldest first: what they load (their
  /// argument, a class or a type) and whose code asked (UIKit for the
  /// item loads of a session's `loadObjects`). A completion goes to the
  /// oldest load of its argument started by the same side (the trace marks
  /// UIKit's), since the trace does not pair a load with its completion.
  private var pendingLoads: [(argument: String, owner: String)] = []
  /// The `loadObjects` calls waiting for their completion on the main queue.
  private var pendingSessionLoads: [(argument: String, owner: String)] = []
  /// Whose completion the last completion event ran.
  private var completionOwner: String?
  /// Whose code a queued block belongs to. The trace does not say who
  /// queued it: the delegate that asked for loads (blocks are mostly queued
  /// from their completions, and the calls after a drop are often the
  /// source's), else the delegate called last; the script's top level when
  /// no delegate ran.
  private var blockOwner: String {
    let owner = loadRequester != "UIKit" ? loadRequester : lastCaller
    return owner == "UIKit" ? "Finger" : owner
  }
  /// Whose code runs after the last event drawn, for printed text.
  private var printer = "Finger"

  init(cast: Cast, reporter: SequenceDiagramReporter, span: String) {
    self.cast = cast
    self.reporter = reporter
    self.span = span
  }

  private func escape(_ text: String) -> String { reporter.escape(text) }

  /// The text of an event: time when it moved on, then `body`.
  private mutating func stamped(_ event: TraceEvent, _ body: String) -> String {
    defer { lastTime = event.time }
    guard event.time != lastTime else { return body }
    return "[\(event.time)] " + body
  }

  private mutating func message(_ from: String, _ arrow: String, _ to: String, _ text: String) {
    lines.append("  \(from)\(arrow)\(to): \(escape(text))")
  }

  private mutating func note(over participant: String, _ text: String) {
    lines.append("  Note over \(participant): \(escape(text))")
  }

  /// A runtime step's own `->` (a batch update's "section 0: 2 -> 3", a
  /// move's "[0, 3]->[0, 0]") as the diagram's `→`: escaped, `>` would show
  /// as an entity code beside the arrows drawn. What the script printed
  /// keeps its own.
  private static func arrows(_ text: String) -> String {
    text.contains("->") ? text.replacingOccurrences(of: "->", with: "→") : text
  }

  /// The arguments as `name=value` words; a long press's `cause` is left to
  /// the note that gives the reason in words.
  private static func arguments(_ event: TraceEvent) -> String {
    event.arguments.filter { $0.name != "cause" }.map { " \($0.name)=\($0.value)" }.joined()
  }

  mutating func draw(_ event: TraceEvent) {
    defer {
      switch (event.kind, event.name) {
      case (.call, _): printer = lastCaller
      case (_, "loadCompleted"), (_, "loadObjectsCompletion"): printer = completionOwner ?? loadRequester
      case (_, "blockRan"): printer = blockOwner
      default: printer = "Finger"
      }
    }
    if event.phase == nil { headBeforeAnyDrag() }
    if let phase = event.phase {
      if event.session.map({ $0 > 1 }) ?? false { showsSessions = true }
      // An event outside any session (the long press before the lift) keeps the drag it leads to.
      let session = event.session ?? lastPhase?.session
      if lastPhase?.phase != phase || (showsSessions && lastPhase?.session != session) {
        lastPhase = (session, phase)
        let name = phase.title
        let title = showsSessions ? "Drag \(event.session ?? 1): \(name)" : name
        lines.append("  Note over \(span): \(escape(title))")
      }
    }
    let place = Cast.interactionPlace(of: event)
    let interaction = place.flatMap(cast.interactionID) ?? "UIKit"
    let delegate = place.flatMap(cast.delegateID)
    switch event.kind {
    case .call:
      let target = delegate ?? "UIKit"
      if event.name == "dataSourceUpdates" {
        // The app's code commits; UIKit then runs the block it was given. (One
        // event: drawn as one arrow, the list seemed to call commitInsertion.)
        // The committer: inside a handler, that handler's code; else whatever
        // code ran last (a queued block, a completion, or the scenario itself).
        let committer = event.callDepth > 0 ? caller(at: event.callDepth) : printer
        message(committer, "->>", interaction, stamped(event, "commitInsertion(dataSourceUpdates:)"))
        message(interaction, "->>", target, "dataSourceUpdates block" + Self.arguments(event))
      } else {
        message(interaction, "->>", target, stamped(event, event.method + Self.arguments(event)))
      }
      if let result = event.result { message(target, "-->>", interaction, result) }
      lastCaller = target
      callers = Array(callers.prefix(event.callDepth)) + [target]
    case .defaultUsed where isBuiltIn(event.interaction):
      // A paste configuration or a text view answers for itself: no delegate is asked.
      let text = event.name + Self.arguments(event) + (event.result.map { " → " + $0 } ?? "")
      message(interaction, "-->>", interaction, stamped(event, text))
    case .defaultUsed:
      let target = delegate ?? "UIKit"
      // The crossed arrow says "not implemented"; the short name keeps the default in view.
      var text = event.name + Self.arguments(event) + " (not implemented)"
      // Defaults that say so themselves ("1 (not implemented)") say it once.
      if let result = event.result { text += " → " + Self.dropSuffix(" (not implemented)", from: result) }
      message(interaction, "-x", target, stamped(event, text))
    case .warning:
      note(
        over: participant(for: event, fallback: interaction),
        stamped(event, "warning: " + (event.message ?? "")))
    case .exception:
      let text = "exception \(event.exceptionName ?? ""): \(event.message ?? "")"
      note(over: participant(for: event, fallback: interaction), stamped(event, text))
    case .step:
      drawStep(event, interaction: interaction)
    }
  }

  /// What the script printed, as a note over the code that most likely
  /// printed it: the delegate just called, the code a completion ran, or
  /// else the scenario itself (over the finger).
  mutating func printed(_ text: String) {
    var body = text
    if body.hasSuffix("\n") { body.removeLast() }
    headBeforeAnyDrag()
    // What the script printed is shown as printed: its own "->" stays.
    lines.append("  Note over \(printer): \(escape("print: " + body))")
  }

  /// Heads what comes before the first drag (a list's first layout, text
  /// printed first), once, as the text trace does.
  private mutating func headBeforeAnyDrag() {
    guard headsPhases, lastPhase == nil, !toldBeforeAnyDrag else { return }
    toldBeforeAnyDrag = true
    lines.append("  Note over \(span): Before any drag")
  }

  /// A queue off the main one, an interaction on the event's view, or the fallback.
  private func participant(for event: TraceEvent, fallback: String) -> String {
    if event.queue != "main", let queue = cast.queueID(event.queue) { return queue }
    guard fallback == "UIKit", let view = event.view else { return fallback }
    let place = cast.interactions.first { $0.view == view && (event.app == nil || $0.app == event.app) }
    return place.flatMap(cast.interactionID) ?? fallback
  }

  /// What a load or its completion is for: its class or type.
  private static func loadArgument(_ event: TraceEvent) -> String {
    event.arguments.first.map { $0.name + "=" + $0.value } ?? ""
  }

  /// The owner of the oldest pending load of `argument` (UIKit's when
  /// `byUIKit`, else the script's), taken off the list.
  private static func take(
    _ argument: String, byUIKit: Bool? = nil, from loads: inout [(argument: String, owner: String)]
  ) -> String? {
    let index = loads.firstIndex { load in
      load.argument == argument && (byUIKit.map { $0 == (load.owner == "UIKit") } ?? true)
    }
    guard let index else { return nil }
    return loads.remove(at: index).owner
  }

  private static func dropSuffix(_ suffix: String, from text: String) -> String {
    text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
  }

  private mutating func drawStep(_ event: TraceEvent, interaction: String) {
    let result = event.result.map { " → " + $0 } ?? ""
    switch event.name {
    case "longPress":
      let target = event.interaction == nil ? "UIKit" : interaction
      message("Finger", "->>", target, stamped(event, "long press" + Self.arguments(event)))
      if let text = event.result { note(over: target, text) }
    case "touchMoved":
      message("Finger", "->>", "UIKit", stamped(event, "move to " + (event.argument("point") ?? "?")))
    case "touchUp", "touchCancelled":
      let verb = event.name == "touchUp" ? "lift the finger at " : "touch cancelled at "
      message("Finger", "->>", "UIKit", stamped(event, verb + (event.argument("point") ?? "?")))
    case "dragFromItemSource":
      let source = event.app.flatMap(cast.appID) ?? "UIKit"
      message("Finger", "->>", source, stamped(event, "long press on \(event.argument("item") ?? "an item")"))
      if let text = event.result { message(source, "->>", "UIKit", "drag begins with " + text) }
    case "setDown", "systemCancel":
      let target = event.interaction == nil ? "UIKit" : interaction
      let text = (event.name == "setDown" ? "set down" : "system cancel") + Self.arguments(event) + result
      if target == "UIKit" {
        note(over: "UIKit", stamped(event, text))
      } else {
        message("UIKit", "->>", target, stamped(event, text))
      }
    case "loadObjects(ofClass:)":
      // A method of the session: UIKit loads each item and calls back on the main queue.
      // A text view's built-in drop asks for itself.
      let requester = event.byUIKit ? "UIKit" : caller(at: event.callDepth)
      loadRequester = requester
      pendingSessionLoads.append((Self.loadArgument(event), requester))
      message(requester, "->>", "UIKit", stamped(event, event.name + Self.arguments(event)))
    case "loadObject(ofClass:)", "loadDataRepresentation(forTypeIdentifier:)",
      "loadFileRepresentation(forTypeIdentifier:)", "loadInPlaceFileRepresentation(forTypeIdentifier:)",
      "loadItem(forTypeIdentifier:options:)":
      let queue = cast.queues.first { $0 != "main" }.flatMap(cast.queueID) ?? "UIKit"
      let argument = Self.loadArgument(event)
      let owner = event.byUIKit ? "UIKit" : caller(at: event.callDepth)
      if !event.byUIKit { loadRequester = owner }
      pendingLoads.append((argument, owner))
      message(owner, "->>", queue, stamped(event, event.name + Self.arguments(event)))
    case "loadCompleted":
      let queue = cast.queueID(event.queue) ?? "UIKit"
      let owner =
        Self.take(Self.loadArgument(event), byUIKit: event.byUIKit, from: &pendingLoads)
        ?? (event.byUIKit ? "UIKit" : loadRequester)
      completionOwner = owner
      if owner != "UIKit" { loadRequester = owner }
      message(queue, "->>", owner, stamped(event, "completion" + Self.arguments(event) + result))
    case "loadObjectsCompletion":
      let queue = cast.queueID("main") ?? "UIKit"
      let owner = Self.take(Self.loadArgument(event), from: &pendingSessionLoads) ?? loadRequester
      completionOwner = owner
      if owner != "UIKit" { loadRequester = owner }
      message(queue, "->>", owner, stamped(event, "loadObjects completion" + Self.arguments(event) + result))
    case "blockRan":
      // The queue runs the block the app gave it, back in the app's code.
      let queue = cast.queueID(event.queue) ?? "UIKit"
      let line = event.argument("line").map { " (line \($0))" } ?? ""
      let text = stamped(event, event.method + " block" + line)
      if blockOwner == "Finger" { note(over: "Finger", text) } else { message(queue, "->>", blockOwner, text) }
    case "settle", "wait":
      note(over: "Finger", stamped(event, event.name + Self.arguments(event)))
    default:
      let text = Self.arrows(event.name + Self.arguments(event) + result)
      // The app's own call of a list's method (`performBatchUpdates(_:completion:)`,
      // `drop(_:toItemAt:)`): inside a handler, an arrow from that handler's
      // code to the list; elsewhere (a completion, whose owner the trace does
      // not name) a note on the list. A commit's arrow is its block's call
      // (`dataSourceUpdates` above); its step is what the list did.
      if !event.byUIKit, event.name.hasSuffix(")"), let list = listParticipant(of: event) {
        if event.callDepth > 0, event.name != "commitInsertion(dataSourceUpdates:)" {
          message(caller(at: event.callDepth), "->>", list, stamped(event, text))
        } else {
          note(over: list, stamped(event, text))
        }
        return
      }
      // The source's end of a drag from another app is that app's.
      if event.view == nil, event.interaction == nil, let app = event.app.flatMap(cast.appID) {
        note(over: app, stamped(event, text))
        return
      }
      let over = event.view == nil && event.interaction == nil ? "UIKit" : interaction
      let onView = over == "UIKit" ? event.view.map { " (\($0))" } ?? "" : ""
      note(over: over, stamped(event, text + onView))
    }
  }

  /// The lifeline of the table or collection view an event names, if the
  /// diagram draws one.
  private func listParticipant(of event: TraceEvent) -> String? {
    guard var view = event.view else { return nil }
    if let bracket = view.firstIndex(of: "[") { view = String(view[..<bracket]) }
    let list = cast.lists.first { $0.view == view && (event.app == nil || $0.app == event.app) }
    return list.flatMap(cast.listID)
  }
}

/// UIKit's own drop interactions: a paste configuration's and a text view's.
private func isBuiltIn(_ interaction: String?) -> Bool {
  interaction == "pasteConfiguration" || interaction == "textDropInteraction"
}
