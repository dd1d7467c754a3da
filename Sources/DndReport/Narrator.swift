import DndInterpreter
import DndRuntime

/// Turns one run's trace into notes for `Explainer`, in the lecture's terms.
///
/// It walks the events in order, keeping what a later note needs to say why:
/// the views hit-testing passed over, each target's last proposal, the
/// source's answer about moves, and for each drag how it ended. Events a
/// student need not see (previews, animators, every drag sample) are left to
/// the trace; warnings and exceptions are always told.
///
/// This file walks the trace and tells the lift; `Narrator+Calls.swift`
/// tells the delegates' answers, `Narrator+Steps.swift` the runtime's steps,
/// warnings and exceptions, and sums up.
struct Narrator {
  let run: ScenarioResult
  var events: [TraceEvent] { run.trace }
  var notes: [Note] = []
  /// The last proposal narrated for each drag and view (`proposalKey`), so repeats are not told again.
  var proposals: [String: String] = [:]
  /// The last change UIKit made to each list's proposal, by drag and view, so repeats are not told again.
  var adjustments: [String: String] = [:]
  /// Views whose passing over by hit-testing was told (during drags).
  var toldSkips: Set<String> = []
  /// What happened to each drag, for the summary.
  var drags: [Int: DragStory] = [:]
  var noDragReasons: [String] = []
  var exceptions: [String] = []
  /// The drag of the latest delegate call: an exception about the view tree
  /// carries no session, but the handler that raised it ran for this drag.
  var lastCallSession: Int?
  var offMainQueue: [String] = []
  var showsSessions: Bool

  /// What became of one drag.
  struct DragStory {
    var source: String
    var began = false
    var target: String?
    var operation: String?
    var dropped = false
    /// The source heard the drag end.
    var ended = false
    var cancelReason: String?
    var transferred = false
    /// Some of its data was loaded (a drop may take none: a local move).
    var loaded = false
    /// A load of its data ended in an error.
    var loadFailed = false
    /// The drag came from a table or collection view, whose drag delegate
    /// has no willAdd or sessionDidTransferItems.
    var sourceIsList = false
    var moveRefused: String?
    var noProposal: [String: String] = [:]
    var refusedBy: [String] = []
    var passedOver: [String] = []
    /// Views with a drop interaction under the finger that a view on top
    /// of them kept from being asked, with that view.
    var covered: [(view: String, by: String)] = []
    /// The app under the finger at the latest sample, when the drag could
    /// not reach it, and why; a later move clears it.
    var unreachable: (app: String, why: String)?
    /// What each interaction's canHandle last answered this drag (by view
    /// and interaction): a second false is told.
    var canHandleAnswers: [String: Bool] = [:]
    /// Items joined the drag since its last sample: the canHandle calls that
    /// follow re-ask because the items changed, not because the drag arrived.
    var itemsJustAdded = false
    /// UIKit raised this exception while the drag was on (in its drop, say).
    var exception: String?
  }

  init(run: ScenarioResult) {
    self.run = run
    showsSessions = Set(run.trace.compactMap(\.session)).count > 1
  }

  // MARK: The walk

  func narrate() -> Story {
    var copy = self
    var index = 0
    while index < copy.events.count {
      index = copy.tell(index)
    }
    return Story(notes: copy.notes, summary: copy.summary())
  }

  mutating func add(
    _ event: TraceEvent, _ text: String, rule: UIKitRule? = nil, tone: TerminalStyle.Tone? = nil
  ) {
    notes.append(
      Note(
        time: event.time, phase: event.phase ?? notes.last?.phase,
        session: event.session ?? notes.last?.session,
        showsSession: showsSessions, text: text, rule: rule, tone: tone))
  }

  mutating func story(_ event: TraceEvent) -> DragStory {
    drags[event.session ?? 0] ?? DragStory(source: event.view ?? event.app ?? "the source")
  }

  mutating func update(_ event: TraceEvent, _ change: (inout DragStory) -> Void) {
    let key = event.session ?? 0
    var entry = drags[key] ?? DragStory(source: event.view ?? event.app ?? "the source")
    change(&entry)
    drags[key] = entry
  }

  /// Tells the event at `index`; returns the index of the next one to tell.
  private mutating func tell(_ index: Int) -> Int {
    let event = events[index]
    if event.phase == .drag, event.session != nil { update(event) { $0.began = true } }
    switch event.kind {
    case .warning:
      tellWarning(event)
      return index + 1
    case .exception:
      tellException(event)
      return index + 1
    case .call, .defaultUsed:
      if event.kind == .call { lastCallSession = event.session }
      tellCall(event)
      return index + 1
    case .step:
      if event.name == "longPress" { return tellLongPress(at: index) }
      tellStep(event)
      return index + 1
    }
  }

  // MARK: Lift

  /// A long press, with the views hit-testing passed over just after it.
  private mutating func tellLongPress(at index: Int) -> Int {
    let event = events[index]
    var next = index + 1
    var skipped: [TraceEvent] = []
    while next < events.count, events[next].name == "hitTestSkipped", events[next].session == nil {
      skipped.append(events[next])
      next += 1
    }
    let point = event.argument("point") ?? "?"
    let hit = event.argument("hitView").flatMap { $0 == "none" ? nil : $0 }
    let passed = skipped.map { "`\($0.view ?? "?")`" }
    let why = skipped.map(Self.refusal).joined(separator: "; ")
    switch event.argument("cause") {
    case nil:
      let holder = holderOfDragInteraction(from: hit)
      var text = "The long press at \(point) lands on `\(hit ?? "?")`"
      if let holder, holder != hit {
        text += ", inside `\(holder)`, whose drag interaction takes it"
      } else {
        text += ", whose drag interaction takes it"
      }
      text +=
        ": the Lift begins. After the lift delay (the model's 0.325 s, a recent UIKit's value) UIKit asks "
        + "the drag delegate which items to lift (itemsForBeginning)."
      if !skipped.isEmpty { text += " On the way hit-testing passed over \(list(passed)): \(why)." }
      add(event, text, rule: skipped.isEmpty ? .fourPhases : .hitTestSkips)
    case "noDragInteraction"?:
      if !skipped.isEmpty {
        let text =
          "The long press at \(point) is on \(list(passed)), but \(why), so hit-testing passes over it "
          + "and the touch goes to `\(hit ?? "no view")`. Neither that view nor its superviews has a drag "
          + "interaction: no drag starts. To let \(list(passed)) start a drag, set its "
          + "isUserInteractionEnabled to true."
        add(event, text, rule: .hitTestSkips, tone: .yellow)
        noDragReasons.append(
          "no drag started: hit-testing passed over \(list(passed)) (\(why)), so the long press reached "
            + "`\(hit ?? "no view")`, which has no drag interaction.")
      } else {
        add(
          event,
          "The long press at \(point) lands on `\(hit ?? "?")`; neither it nor any of its superviews has a "
            + "drag interaction, so nothing lifts: no drag starts.", rule: .needsDragInteraction,
          tone: .yellow)
        noDragReasons.append("no drag started: `\(hit ?? "?")` and its superviews have no drag interaction.")
      }
    case "disabledByDefault"?:
      add(
        event,
        "The long press at \(point) reaches a drag interaction, but it is disabled: this is an iPhone, where "
          + "UIDragInteraction.isEnabledByDefault is false. No drag starts. Set the interaction's isEnabled "
          + "to true to allow drags.", rule: .disabledByDefaultOnIPhone, tone: .yellow)
      noDragReasons.append("no drag started: on iPhone a drag interaction is disabled until you enable it.")
    case "listDisabledByDefault"?:
      add(
        event,
        "The long press at \(point) reaches `\(hit ?? "?")`, whose drag interaction is off: on iPhone before "
          + "iOS 15 a table or collection view's dragInteractionEnabled starts false. No drag starts. Set "
          + "dragInteractionEnabled to true to allow drags.", rule: .listDragDisabledOnIPhone, tone: .yellow)
      noDragReasons.append(
        "no drag started: on iPhone before iOS 15 a table or collection view's drags are off by default.")
    case "disabled"? where event.interaction == "dragDelegate":
      // A table or collection view the script turned off (dragInteractionEnabled = false);
      // the step's result names it ("dragDelegate on list is disabled").
      let owner =
        event.result?.components(separatedBy: " on ").dropFirst().first?
        .components(separatedBy: " is disabled").first ?? hit ?? "?"
      add(
        event,
        "The long press at \(point) reaches `\(owner)`, whose dragInteractionEnabled the script set to "
          + "false, so it ignores the touch: no drag starts.", tone: .yellow)
      noDragReasons.append("no drag started: `\(owner)`'s dragInteractionEnabled is false.")
    case "disabled"?:
      add(
        event,
        "The long press at \(point) reaches a drag interaction whose isEnabled is false, so it ignores the "
          + "touch: no drag starts.", rule: .disabledInteraction, tone: .yellow)
      noDragReasons.append("no drag started: the drag interaction is disabled (isEnabled is false).")
    case "noView"?:
      var text = "No view takes the touch at \(point)"
      if !skipped.isEmpty { text += ": hit-testing passed over \(list(passed)) (\(why))" }
      add(event, text + ". No drag starts.", rule: skipped.isEmpty ? nil : .hitTestSkips, tone: .yellow)
      noDragReasons.append("no drag started: no view takes the touch at \(point).")
    default:
      add(event, "There is no app on the screen at \(point): no drag starts.", tone: .yellow)
      noDragReasons.append("no drag started: there is no app at \(point).")
    }
    return next
  }

  /// "`source` is a UILabel whose isUserInteractionEnabled is false".
  static func refusal(_ event: TraceEvent) -> String {
    let view = "`\(event.view ?? "?")`"
    if event.argument("isHidden") != nil { return "\(view) is hidden" }
    if let alpha = event.argument("alpha") { return "\(view) has alpha \(alpha), below 0.01" }
    let kind = event.argument("class").map { "a \($0) " } ?? "a view "
    return "\(view) is \(kind)whose isUserInteractionEnabled is false"
  }

  /// The view holding the drag interaction that takes a touch on `view`:
  /// itself or the nearest superview with one (read from the scene).
  func holderOfDragInteraction(from view: String?) -> String? {
    guard let view, let scene = run.scene else { return view }
    for app in scene.apps {
      if let path = Self.path(to: view, in: app.window) {
        return path.reversed().first { $0.isDragSource }?.name ?? view
      }
    }
    return view
  }

  /// The views from `root` down to the view named `name`.
  static func path(to name: String, in root: ViewSnapshot) -> [ViewSnapshot]? {
    if root.name == name { return [root] }
    for child in root.subviews {
      if let rest = path(to: name, in: child) { return [root] + rest }
    }
    return nil
  }

  func list(_ names: [String]) -> String {
    switch names.count {
    case 0: return "no view"
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
  }
}
