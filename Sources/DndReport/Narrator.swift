import DndInterpreter
import DndRuntime

/// Turns one run's trace into notes for `Explainer`, in the lecture's terms.
///
/// It walks the events in order, keeping what a later note needs to say why:
/// the views hit-testing passed over, each target's last proposal, the
/// source's answer about moves, and for each drag how it ended. Events a
/// student need not see (previews, animators, every drag sample) are left to
/// the trace; warnings and exceptions are always told.
struct Narrator {
  let run: ScenarioResult
  private var events: [TraceEvent] { run.trace }
  private var notes: [Note] = []
  /// The last proposal narrated for each view, so repeats are not told again.
  private var proposals: [String: String] = [:]
  /// Views whose passing over by hit-testing was told (during drags).
  private var toldSkips: Set<String> = []
  /// What happened to each drag, for the summary.
  private var drags: [Int: DragStory] = [:]
  private var noDragReasons: [String] = []
  private var exceptions: [String] = []
  private var offMainQueue: [String] = []
  private var showsSessions: Bool

  /// What became of one drag.
  private struct DragStory {
    var source: String
    var began = false
    var target: String?
    var operation: String?
    var dropped = false
    var cancelReason: String?
    var transferred = false
    var moveRefused: String?
    var noProposal: [String: String] = [:]
    var refusedBy: [String] = []
    var passedOver: [String] = []
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

  private mutating func add(
    _ event: TraceEvent, _ text: String, rule: UIKitRule? = nil, tone: TerminalStyle.Tone? = nil
  ) {
    notes.append(
      Note(
        time: event.time, phase: event.phase ?? notes.last?.phase,
        session: event.session ?? notes.last?.session,
        showsSession: showsSessions, text: text, rule: rule, tone: tone))
  }

  private mutating func story(_ event: TraceEvent) -> DragStory {
    drags[event.session ?? 0] ?? DragStory(source: event.view ?? event.app ?? "the source")
  }

  private mutating func update(_ event: TraceEvent, _ change: (inout DragStory) -> Void) {
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
        ": the Lift begins. After the lift delay (0.325 s) UIKit asks the interaction's delegate "
        + "which items to lift (itemsForBeginning)."
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
  private static func refusal(_ event: TraceEvent) -> String {
    let view = "`\(event.view ?? "?")`"
    if event.argument("isHidden") != nil { return "\(view) is hidden" }
    if let alpha = event.argument("alpha") { return "\(view) has alpha \(alpha), below 0.01" }
    let kind = event.argument("class").map { "a \($0) " } ?? "a view "
    return "\(view) is \(kind)whose isUserInteractionEnabled is false"
  }

  /// The view holding the drag interaction that takes a touch on `view`:
  /// itself or the nearest superview with one (read from the scene).
  private func holderOfDragInteraction(from view: String?) -> String? {
    guard let view, let scene = run.scene else { return view }
    for app in scene.apps {
      if let path = Self.path(to: view, in: app.window) {
        return path.reversed().first { $0.isDragSource }?.name ?? view
      }
    }
    return view
  }

  /// The views from `root` down to the view named `name`.
  private static func path(to name: String, in root: ViewSnapshot) -> [ViewSnapshot]? {
    if root.name == name { return [root] }
    for child in root.subviews {
      if let rest = path(to: name, in: child) { return [root] + rest }
    }
    return nil
  }

  private func list(_ names: [String]) -> String {
    switch names.count {
    case 0: return "no view"
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
  }
}

// MARK: Calls

extension Narrator {
  private mutating func tellCall(_ event: TraceEvent) {
    let implemented = event.kind == .call
    let view = "`\(event.view ?? event.app ?? "?")`"
    let result = event.result ?? ""
    switch event.name {
    case "itemsForBeginning":
      if !implemented {
        add(event, "itemsForBeginning is not implemented, which counts as returning no items.")
      } else if result.hasPrefix("0 ") {
        add(event, "UIKit asks \(view)'s drag delegate for items (itemsForBeginning); it returns none.")
      } else {
        update(event) { $0.source = event.view ?? $0.source }
        add(
          event,
          "UIKit asks \(view)'s drag delegate for items (itemsForBeginning); it returns \(result), so "
            + "\(view) lifts off the screen under the finger.", rule: .itemIsAPromise)
      }
    case "sessionWillBegin":
      update(event) { $0.began = true }
      add(
        event, "sessionWillBegin: the lift is done and the finger is moving, so the drag has begun.",
        rule: .beginsOnMove)
    case "sessionAllowsMoveOperation":
      let allowed = result.hasPrefix("true")
      let how = implemented ? "sessionAllowsMoveOperation returns \(result)" : "UIKit's default, true"
      if allowed {
        add(event, "The source allows moves inside its app (\(how)).")
      } else {
        update(event) { $0.moveRefused = "the source does not allow moves" }
        add(
          event,
          "The source does not allow moves (sessionAllowsMoveOperation returns false): a move proposed in "
            + "this app will become a cancel.", rule: .moveNeedsPermission)
      }
    case "sessionIsRestrictedToDraggingApplication":
      if result.hasPrefix("true") {
        add(
          event, "The source keeps the drag inside its own app: other apps never see this session.",
          rule: .restrictedSession)
      }
    case "canHandle", "canPaste":
      tellCanHandle(event, implemented: implemented)
    case "sessionDidUpdate", "proposalForDrop":
      tellProposal(event, implemented: implemented)
    case "sessionDidExit":
      proposals[event.view ?? ""] = nil
      add(event, "The drag leaves \(view); it is no longer the target there.")
    case "performDrop":
      update(event) { $0.dropped = true }
      add(
        event,
        "performDrop on \(view): the drop is accepted. This is where the delegate asks for the data.",
        rule: .performDropLoads)
    case "paste":
      update(event) { $0.dropped = true }
      add(event, "UIKit hands the item providers to \(view)'s paste(itemProviders:), as if they were pasted.")
    case "previewForCancelling":
      let fades = !implemented || result.hasPrefix("nil")
      let how = implemented ? "returns nil" : "is not implemented"
      add(
        event,
        fades
          ? "The drag is cancelled; with no cancel preview (previewForCancelling \(how)) the item fades "
            + "where it is."
          : "The drag is cancelled; the preview flies back to where it came from.", rule: .cancelPreview)
    case "didEndWith":
      add(event, "The drag is over for the source: didEndWith \(event.argument("operation") ?? "").")
    case "sessionDidTransferItems":
      update(event) { $0.transferred = true }
      add(event, "sessionDidTransferItems: every piece of data the destination asked for has arrived.")
    case "previewForLifting", "willAnimateLiftWith", "sessionDidMove", "prefersFullSizePreviewsForSession",
      "sessionDidEnter", "previewForDropping", "willAnimateDropWith", "willAnimateCancelWith",
      "sessionDidEnd",
      "concludeDrop", "willEndWith", "previewProvider":
      // Part of the choreography, shown by the trace; nothing a student must decide here.
      break
    default:
      guard implemented else { break }
      let answer = event.result.map { "; it returns \($0)" } ?? ""
      add(event, "UIKit calls \(event.method) on \(view)\(answer).")
    }
  }

  private mutating func tellCanHandle(_ event: TraceEvent, implemented: Bool) {
    let view = "`\(event.view ?? "?")`"
    let result = event.result ?? ""
    let yes = result.hasPrefix("true")
    if event.interaction == "pasteConfiguration" || event.name == "canPaste" {
      add(
        event,
        yes
          ? "The drag is over \(view), whose paste configuration accepts these items: it acts as a drop "
            + "target."
          : "The drag is over \(view), but its paste configuration does not accept these items.")
      if !yes { update(event) { $0.refusedBy.append(event.view ?? "?") } }
      return
    }
    if yes {
      let how =
        implemented
        ? "its drop delegate's canHandle says true" : "canHandle is not implemented, which means yes"
      add(event, "The drag reaches \(view); \(how), so \(view) will consider the drag.")
    } else {
      update(event) { $0.refusedBy.append(event.view ?? "?") }
      add(
        event,
        "The drag reaches \(view), but canHandle says false: \(view) ignores this drag, with no "
          + "sessionDidEnter, sessionDidUpdate or performDrop.", rule: .canHandleFalse, tone: .yellow)
    }
  }

  private mutating func tellProposal(_ event: TraceEvent, implemented: Bool) {
    let name = event.view ?? "?"
    let view = "`\(name)`"
    let result = event.result ?? ""
    if !implemented, result.hasPrefix("cancel (not implemented") {
      guard proposals[name] != "none" else { return }
      proposals[name] = "none"
      update(event) { $0.noProposal[name] = "it has no sessionDidUpdate" }
      add(
        event, "\(view) has no sessionDidUpdate, so it proposes nothing and cannot take the drop.",
        rule: .needsSessionDidUpdate, tone: .yellow)
      return
    }
    if result.contains("not recorded") {
      guard proposals[name] != "unrecorded" else { return }
      proposals[name] = "unrecorded"
      update(event) { $0.noProposal[name] = "it has no performDrop, so its proposal is not recorded" }
      add(
        event,
        "sessionDidUpdate on \(view) answers \(result.split(separator: " ").first ?? ""), but \(view) has no "
          + "performDrop, so UIKit never records the proposal: \(view) cannot take the drop.",
        rule: .needsPerformDrop, tone: .yellow)
      return
    }
    let operation = String(result.split(separator: " ").first ?? "")
    guard proposals[name] != operation else { return }
    proposals[name] = operation
    let source = implemented ? "sessionDidUpdate proposes" : "The default proposal is"
    let text: String
    switch operation {
    case "copy":
      text = "\(source) copy on \(view), so the drag shows a green plus: letting go here drops a copy."
    case "move":
      text =
        "\(source) move on \(view): no plus badge; letting go here moves the items, if the source "
        + "allows moves."
    case "forbidden":
      text = "\(source) forbidden on \(view): the drag shows a 'no entry' badge, and letting go here cancels."
    default:
      text = "\(source) cancel on \(view): letting go here cancels the drag."
    }
    add(event, text, rule: .proposals)
  }
}

// MARK: Steps, warnings, exceptions

extension Narrator {
  private mutating func tellStep(_ event: TraceEvent) {
    let view = "`\(event.view ?? event.app ?? "?")`"
    switch event.name {
    case "hitTestSkipped":
      let name = event.view ?? "?"
      guard toldSkips.insert(name).inserted else { return }
      update(event) { $0.passedOver.append(name) }
      add(
        event,
        "The finger is over \(view), but \(Self.refusal(event)): hit-testing passes over it, so it cannot "
          + "be a drop target.", rule: .hitTestSkips, tone: .yellow)
    case "noLift":
      noDragReasons.append("no drag started: \(event.result ?? "no items").")
      add(
        event, "With no items there is no lift: the long press is an ordinary touch and no drag begins.",
        rule: .liftNeedsItems, tone: .yellow)
    case "longPressFailed":
      noDragReasons.append("no drag started: the finger moved before the long press was recognised.")
      add(
        event, "The finger moved before the lift delay passed, so the long press failed: no drag.",
        tone: .yellow)
    case "liftCancelled":
      noDragReasons.append("the finger lifted during the lift, so the drag never began.")
      add(
        event,
        "The finger lifted during the lift animation: it runs backwards and the drag never begins "
          + "(no sessionWillBegin, willEnd or didEnd).")
    case "liftAbandoned":
      noDragReasons.append("the lift ended before the drag began (\(event.result ?? "")).")
      add(event, "The drag never began: \(event.result ?? "the lift was abandoned").")
    case "dragFromItemSource":
      update(event) {
        $0.source = "\(event.app ?? "another app")'s \(event.argument("item") ?? "item")"
        $0.began = true
      }
      add(
        event,
        "A drag starts in another app, \(event.app ?? "?"), with its item \(event.argument("item") ?? "?") "
          + "(\(event.result ?? "")). It is already lifted there; this app sees it arrive.")
    case "touchMoved":
      let point = event.argument("point") ?? "?"
      if event.phase == .lift, let index = events.firstIndex(of: event),
        events[(index + 1)...].first(where: { $0.session == event.session })?.phase == .drag
      {
        add(event, "The finger moves to \(point): the Lift is over and the Drag begins.")
      } else {
        add(event, "The finger moves to \(point).")
      }
    case "touchUp":
      add(event, "The finger lifts at \(event.argument("point") ?? "?").")
    case "touchCancelled":
      add(event, "The system cancels the touch at \(event.argument("point") ?? "?").")
    case "setDown", "systemCancel":
      tellSetDown(event)
    case "appNotReachable":
      add(
        event,
        "The finger is over \(event.app ?? "another app"), but the drag cannot go there: "
          + "\(event.result ?? "").", rule: .restrictedSession, tone: .yellow)
    case "dropInteractionBusy":
      add(
        event,
        "\(view)'s drop interaction is busy with another drag and takes one session at a time "
          + "(allowsSimultaneousDropSessions is false): this drag is ignored there.",
        rule: .oneSessionAtATime, tone: .yellow)
    case "loadObjects(ofClass:)":
      add(
        event,
        "The drop asks the session for \(event.argument("class") ?? "objects") (loadObjects); they arrive "
          + "later, and its completion runs on the main queue.", rule: .loadObjectsOnMain)
    case "loadObject(ofClass:)", "loadDataRepresentation(forTypeIdentifier:)",
      "loadFileRepresentation(forTypeIdentifier:)", "loadInPlaceFileRepresentation(forTypeIdentifier:)",
      "loadItem(forTypeIdentifier:)":
      guard !partOfSessionLoad(event) else { return }
      add(
        event,
        "The script asks an item provider for \(event.arguments.first?.value ?? "data") (\(event.name)); "
          + "its completion will run on a background queue.", rule: .providerOnBackground)
    case "loadCompleted":
      add(
        event,
        "An item provider delivers \(event.result ?? "its data") on the \(event.queue) queue, "
          + "a background queue.")
    case "loadObjectsCompletion":
      add(
        event,
        "loadObjects' completion runs on the main queue with \(event.result ?? "the objects"): "
          + "the place to update views.")
    case "itemsTransferred":
      update(event) { $0.transferred = true }
      add(
        event,
        "Every piece of data the destination asked for has arrived; the source would now hear "
          + "sessionDidTransferItems.")
    case "dragEnded":
      add(event, "The drag is over for the source: it ended with \(event.argument("operation") ?? "?").")
    case "settle":
      add(event, "Time passes until nothing is left to run (settle).")
    case "wait":
      add(event, "Time passes: \(event.argument("seconds") ?? "?") s.")
    default:
      break
    }
  }

  /// Whether a provider load is the one a `loadObjects` just before it started.
  private func partOfSessionLoad(_ event: TraceEvent) -> Bool {
    guard let index = events.firstIndex(of: event) else { return false }
    return events[..<index].reversed().prefix { $0.time == event.time }.contains {
      $0.name == "loadObjects(ofClass:)"
    }
  }

  private mutating func tellSetDown(_ event: TraceEvent) {
    let operation = event.argument("operation") ?? "cancel"
    let drops = event.result == "drop"
    let target = event.view
    update(event) {
      $0.target = target
      $0.operation = operation
    }
    if event.name == "systemCancel" {
      update(event) { $0.cancelReason = "the system cancelled the touch" }
      add(event, "The touch was cancelled, so the drag is cancelled whatever was proposed.", tone: .yellow)
      return
    }
    if drops, let target {
      add(
        event,
        "The last proposal of `\(target)` was \(operation), so the drop happens: UIKit calls its "
          + "performDrop.",
        rule: .lastProposalDecides)
      return
    }
    let current = story(event)
    let reason: String
    if let target {
      if let refused = current.moveRefused, proposals[target] == "move" {
        reason = "`\(target)` proposed move, but \(refused), so UIKit turned it into cancel"
      } else if let missing = current.noProposal[target] {
        reason = "`\(target)` could not take the drop: \(missing)"
      } else {
        reason = "the last proposal of `\(target)` was \(operation)"
      }
    } else if !current.passedOver.isEmpty {
      reason =
        "no drop target was under the finger (hit-testing passed over "
        + list(current.passedOver.map { "`\($0)`" }) + ")"
    } else if !current.refusedBy.isEmpty {
      reason =
        "no drop target was under the finger (" + list(current.refusedBy.map { "`\($0)`" })
        + " said no to canHandle)"
    } else {
      reason = "no drop target was under the finger"
    }
    update(event) { $0.cancelReason = reason }
    add(
      event, "The drag is cancelled, and performDrop is not called: \(reason).", rule: .lastProposalDecides,
      tone: .yellow)
  }

  private mutating func tellWarning(_ event: TraceEvent) {
    let message = event.message ?? ""
    let at = event.sourceLocation.map { " (at \($0))" } ?? ""
    if message.hasPrefix("Main Thread Checker") {
      offMainQueue.append(event.view ?? "a view")
      add(
        event,
        "Main Thread Checker: `\(event.view ?? "a view")` was changed on the \(event.queue) queue\(at), a "
          + "background queue. UIKit must only be used on the main queue: wrap the change in "
          + "DispatchQueue.main.async { ... }. Xcode prints: \(message)", rule: .mainThreadOnly, tone: .yellow
      )
    } else if message.contains("sourceOperationMask") {
      let view = event.view ?? "the target"
      let why =
        story(event).moveRefused.map { $0 + " (see above)" }
        ?? "the source does not allow it (a drag from another app is always a copy)"
      update(event) { $0.moveRefused = $0.moveRefused ?? "moves are not allowed for this drag" }
      add(
        event,
        "`\(view)` proposed move, but \(why): UIKit quietly treats the move as cancel and only logs: "
          + message, rule: .moveNeedsPermission, tone: .yellow)
    } else if message.contains("outside dropInteraction(_:performDrop:)") {
      add(
        event, "A load was asked for outside performDrop\(at), so it fails. UIKit logs: \(message)",
        rule: .loadOnlyInPerformDrop, tone: .yellow)
    } else {
      add(event, "Warning\(at): \(message)", tone: .yellow)
    }
  }

  private mutating func tellException(_ event: TraceEvent) {
    let name = event.exceptionName ?? "an exception"
    let reason = event.message ?? ""
    exceptions.append(name)
    let at = event.sourceLocation.map { " (at \($0))" } ?? ""
    let rule: UIKitRule? = reason.contains("paste") ? .pasteNeedsPasteMethod : nil
    add(event, "UIKit raises \(name)\(at): \(reason). In an app this ends the app.", rule: rule, tone: .red)
  }

  // MARK: Summary

  /// What happened, in a line per drag and per reason nothing happened.
  func summary() -> [String] {
    var lines = noDragReasons.map { "In short: " + $0 }
    for key in drags.keys.sorted() {
      guard let drag = drags[key], drag.began || drag.target != nil || drag.dropped else { continue }
      let name =
        showsSessions
        ? "drag \(key) from \(Self.quoted(drag.source))" : "the drag from \(Self.quoted(drag.source))"
      var line = "In short: " + name
      if drag.dropped, let target = drag.target {
        line += " was dropped on `\(target)` as a \(drag.operation ?? "copy")"
        line += drag.transferred ? ", and its data arrived." : "."
      } else if drag.dropped {
        line += " was dropped" + (drag.transferred ? ", and its data arrived." : ".")
      } else if let reason = drag.cancelReason {
        line += " was cancelled: \(reason)."
      } else if drag.operation == nil {
        line += " was still in progress when the scenario ended."
      } else {
        line += " ended."
      }
      lines.append(line)
    }
    for name in exceptions { lines.append("In short: UIKit raised \(name), which would end the app.") }
    if !offMainQueue.isEmpty {
      let views = Array(Set(offMainQueue)).sorted().map { "`\($0)`" }
      lines.append("In short: \(list(views)) changed off the main queue (Main Thread Checker).")
    }
    return lines
  }

  /// `source` in backticks, or another app's item as it is.
  private static func quoted(_ source: String) -> String {
    source.contains(" ") ? source : "`\(source)`"
  }
}
