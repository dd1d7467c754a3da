import DndInterpreter
import DndRuntime

// The narration of runtime steps, warnings and exceptions, and the summary.

extension Narrator {
  /// UIKit's own change to a list's proposal (`proposalAdjusted`): a nil
  /// destination makes any intent unspecified, a table resolves automatic.
  mutating func tellAdjustedProposal(_ event: TraceEvent, view: String) {
    let destination = event.argument("destinationIndexPath") ?? "nil"
    let result = event.result ?? ""
    let key = Self.proposalKey(event, view: event.view ?? event.app ?? "?")
    guard adjustments[key] != destination + " " + result else { return }
    adjustments[key] = destination + " " + result
    let intent = result.split(separator: ",").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
    let text: String
    if destination == "nil" {
      text =
        "No row or item of \(view) is under the finger, so destinationIndexPath is nil and UIKit makes the "
        + "intent unspecified: no gap opens, and the coordinator will have no destination."
    } else {
      let meaning = intent.map { " " + Self.describe(intent: $0) } ?? ""
      text = "UIKit adjusts the proposal at \(destination) to \(result).\(meaning)"
    }
    add(event, text, rule: .listIntentAdjusted)
  }

  mutating func tellStep(_ event: TraceEvent) {
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
    case "dropTargetCovered":
      let name = event.view ?? "?"
      let cover = event.argument("hitView") ?? "?"
      guard toldSkips.insert(name + " under " + cover).inserted else { return }
      update(event) { $0.covered.append((name, cover)) }
      add(
        event,
        "The finger is inside \(view) too, but `\(cover)` lies on top of it there: hit-testing finds the "
          + "front-most view, and UIKit looks for a drop interaction only from it up through its superviews, "
          + "so \(view) is never asked.", rule: .targetFromHitView, tone: .yellow)
    case "placeholderInserted":
      add(
        event,
        "\(view) shows a placeholder cell at \(event.argument("insertionIndexPath") ?? "?") while the data "
          + "loads: the drop lands there now, and the app must later commit it (commitInsertion) or delete it "
          + "(deletePlaceholder).", rule: .placeholders)
    case "placeholderDeleted":
      add(
        event,
        "The app deletes its placeholder in \(view) at \(event.argument("insertionIndexPath") ?? "?"): the "
          + "cell goes, and no item takes its place.")
    case "proposalAdjusted":
      tellAdjustedProposal(event, view: view)
    case "tapBeforeDragBegan":
      add(
        event,
        "The tap comes while the drag has lifted but not yet moved, so it adds nothing to it: in the model a "
          + "tap joins a drag once the finger holding it has moved (a choice; UIKit's rule for this moment is "
          + "not on record), and until then a tap is an ordinary tap. Move the drag first (a 'drag to' step) to "
          + "add items.", tone: .yellow)
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
    case "noReorder":
      // Rows of its own are moved by performDropWith; items from elsewhere are inserted.
      let fromOutside = (event.argument("fromOutside") ?? "0") != "0"
      let job = fromOutside ? "insert what comes from outside" : "move the rows"
      add(
        event,
        "\(view)'s data source has moveRowAt, but UIKit does not reorder through it here (\(event.result ?? "")); "
          + "it calls performDropWith, which must \(job) in the model and the table itself.",
        rule: .tableReorder)
    case "itemsAdded":
      // Told by the itemsForAddingTo call; what it changes is the canHandle that follows.
      update(event) { $0.itemsJustAdded = true }
    case "touchMoved":
      let point = event.argument("point") ?? "?"
      // A new sample: whether its app is out of reach is told after it.
      if event.session != nil {
        update(event) {
          $0.unreachable = nil
          $0.itemsJustAdded = false
        }
      }
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
      update(event) { $0.unreachable = (event.app ?? "another app", event.result ?? "") }
      add(
        event,
        "The finger is over \(event.app ?? "another app"), but the drag cannot go there: "
          + "\(event.result ?? "").", rule: .restrictedSession, tone: .yellow)
    case "dropInteractionBusy":
      let arrivedWhileBusy = event.result?.hasPrefix("was tracking") == true
      add(
        event,
        arrivedWhileBusy
          ? "\(view)'s drop interaction was busy with another drag when this one arrived, and takes one session "
            + "at a time (allowsSimultaneousDropSessions is false): it ignores this drag until the drag leaves "
            + "\(view) and comes back."
          : "\(view)'s drop interaction is busy with another drag and takes one session at a time "
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
      // A load that ended in an error (a failed or faulted one) brought no data.
      let failed = event.result?.hasPrefix("Error Domain=") ?? false
      if event.session != nil { update(event) { if failed { $0.loadFailed = true } else { $0.loaded = true } } }
      add(
        event,
        "An item provider delivers \(event.result ?? "its data") on the \(event.queue) queue, "
          + "a background queue.")
    case "blockRan":
      let line = event.argument("line").map { " at line \($0)" } ?? ""
      let place =
        event.queue == "main"
        ? "on the main queue, the one place where the app may update its views"
        : "on the \(event.queue) queue, a background queue: no place to touch views"
      add(event, "The block the script gave \(event.method)\(line) runs now, \(place).")
    case "loadObjectsCompletion":
      if event.session != nil, event.result != "0 objects" { update(event) { $0.loaded = true } }
      add(
        event,
        "loadObjects' completion for \(event.argument("class") ?? "its class") runs on the main queue with "
          + "\(event.result ?? "the objects"): the place to update views.")
    case "progressIndicatorShown":
      add(
        event,
        "The drop's data was slow to arrive, so UIKit showed its progress UI with a Cancel button from "
          + "\(event.argument("from") ?? "?") to \(event.argument("to") ?? "?") after the drop (UIKit says only "
          + "that it shows it when handling takes long; the model waits 1 second, its choice); an app that shows "
          + "its own progress sets progressIndicatorStyle to .none.", tone: .yellow)
    case "itemsTransferred":
      update(event) { $0.transferred = true }
      // Told without the drop (the REPL's :explain of one step): what was
      // loaded and who the source is are not known here.
      guard story(event).dropped else {
        add(
          event,
          "The destination's loads are over; a drag interaction's delegate would now hear "
            + "sessionDidTransferItems (a table's or collection view's has no such method).")
        return
      }
      // Only a drag interaction's delegate has sessionDidTransferItems (§8.2, §9.2).
      let heard =
        story(event).sourceIsList
        ? "a table's or collection view's drag delegate has no sessionDidTransferItems, so the source hears "
          + "nothing of it"
        : "the source would now hear sessionDidTransferItems"
      add(event, "The destination's loads are over: \(transferWords(event)); \(heard).")
    case "dragEnded":
      update(event) { $0.ended = true }
      add(event, "The drag is over for the source: the session ended as a \(event.argument("operation") ?? "?").")
    case "dragStateDidChange":
      let cell = event.argument("cell") ?? "the cell"
      switch event.argument("state") {
      case ".lifting":
        add(event, "\(cell) is lifting: UIKit calls its dragStateDidChange(_:) inside the lift's animation.")
      case ".dragging":
        add(
          event,
          "\(cell) stays behind in its \(event.view.map { "`\($0)`" } ?? "list") while its content is dragged "
            + "(.dragging: UIKit's default look "
            + "dims it; the simulation records the state, not the look).")
      default:
        add(event, "\(cell) is back to .none: the drag is over for it.")
      }
    case "selected", "deselected":
      let path = event.argument("indexPath") ?? "a row"
      let view = "`\(event.view ?? "?")`"
      add(
        event,
        "A tap \(event.name == "selected" ? "selects" : "deselects") \(path) in \(view), whose delegate has no "
          + "\(event.name == "selected" ? "didSelect" : "didDeselect") method, so nothing else happens.")
    case "selectRow(at:animated:scrollPosition:)", "selectItem(at:animated:scrollPosition:)",
      "deselectRow(at:animated:)", "deselectItem(at:animated:)":
      let path = event.argument("indexPath") ?? "a row"
      let verb = event.name.hasPrefix("select") ? "selects " : "deselects "
      let what = path == "nil" ? "clears the selection" : verb + path
      add(
        event,
        "The app's code \(what) with \(event.name): UIKit calls no delegate method for a selection "
          + "made in code (didSelect and didDeselect answer taps).")
    case "settle":
      add(event, "Time passes until nothing is left to run (settle).")
    case "wait":
      add(event, "Time passes: \(event.argument("seconds") ?? "?") s.")
    default:
      break
    }
  }

  /// The drop method called right after a set-down: performDrop, or a
  /// table's or collection view's performDropWith.
  func dropMethod(after event: TraceEvent) -> String? {
    guard let index = events.firstIndex(of: event) else { return nil }
    let next = events[(index + 1)...].first {
      ($0.kind == .call && $0.name.hasPrefix("performDrop")) || ($0.kind == .step && $0.name == "reorder")
    }
    guard let next else { return nil }
    // A single row or item reordered in its list goes to the data source
    // instead (§8.8); the step's result names the method.
    if next.name == "reorder", let result = next.result, let method = result.split(separator: " ").first {
      return "data source's \(method) instead of performDropWith (one row moved within its table)"
    }
    return next.name
  }

  /// Whether `view` is a table or collection view: its drop delegate's
  /// calls are spelt `tableView(...)`/`collectionView(...)`.
  func isList(_ view: String) -> Bool {
    events.contains {
      $0.view == view && $0.kind != .step
        && ($0.method.hasPrefix("tableView(") || $0.method.hasPrefix("collectionView("))
    }
  }

  /// Whether a provider load is the one a `loadObjects` just before it started.
  func partOfSessionLoad(_ event: TraceEvent) -> Bool {
    guard let index = events.firstIndex(of: event) else { return false }
    return events[..<index].reversed().prefix { $0.time == event.time }.contains {
      $0.name == "loadObjects(ofClass:)"
    }
  }

  mutating func tellSetDown(_ event: TraceEvent) {
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
      update(event) { $0.dropped = true }
      let next: String
      switch event.interaction {
      case "textDropInteraction"?: next = "UIKit inserts the text itself"
      case "pasteConfiguration"?: next = "UIKit hands the items to its paste(itemProviders:)"
      default: next = "UIKit calls its \(dropMethod(after: event) ?? "performDrop")"
      }
      add(
        event, "The last proposal of `\(target)` was \(operation), so the drop happens: \(next).",
        rule: .lastProposalDecides)
      return
    }
    let current = story(event)
    let reason: String
    if let target {
      // A list's proposal reads "move, insertAtDestinationIndexPath".
      let proposed = proposals[Self.proposalKey(event, view: target)]?.split(separator: ",").first
      if let refused = current.moveRefused, proposed == "move" {
        reason = "`\(target)` proposed move, but \(refused), so UIKit turned it into cancel"
      } else if let missing = current.noProposal[target] {
        reason = "`\(target)` could not take the drop: \(missing)"
      } else {
        reason = "the last proposal of `\(target)` was \(operation)"
      }
    } else if let (app, why) = current.unreachable {
      reason = "the finger was over \(app), which the drag cannot reach (\(why))"
    } else if !current.passedOver.isEmpty {
      reason =
        "no drop target was under the finger (hit-testing passed over "
        + list(current.passedOver.map { "`\($0)`" }) + ")"
    } else if let covered = current.covered.last {
      reason = "no drop target was under the finger (`\(covered.view)` lies beneath `\(covered.by)`)"
    } else if !current.refusedBy.isEmpty {
      reason =
        "no drop target was under the finger (" + list(current.refusedBy.map { "`\($0)`" })
        + " said no to canHandle)"
    } else {
      reason = "no drop target was under the finger"
    }
    update(event) { $0.cancelReason = reason }
    let perform = target.map { isList($0) } == true ? "performDropWith" : "performDrop"
    add(
      event, "The drag is cancelled, and \(perform) is not called: \(reason).", rule: .lastProposalDecides,
      tone: .yellow)
  }

  mutating func tellWarning(_ event: TraceEvent) {
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
    } else if message.contains(" was called outside "), message.contains("during the drop") {
      add(
        // What UIKit logs here is not on record (§13.7): the message is the model's.
        event, "A load was asked for outside performDrop\(at), so it fails. The model reports: \(message)",
        rule: .loadOnlyInPerformDrop, tone: .yellow)
    } else {
      add(event, "Warning\(at): \(message)", tone: .yellow)
    }
  }

  mutating func tellException(_ event: TraceEvent) {
    let name = event.exceptionName ?? "an exception"
    let reason = event.message ?? ""
    // Raised inside a handler (callDepth above zero): that handler's drag.
    let handlerSession = event.callDepth > 0 ? lastCallSession : nil
    if let key = event.session ?? handlerSession, let drag = drags[key],
      drag.began || drag.target != nil || drag.dropped
    {
      // Told with the drag it ended ("was dropped ...; then UIKit raised"),
      // when the summary tells that drag at all.
      drags[key]?.exception = drag.exception ?? name
    } else {
      exceptions.append(name)
    }
    let at = event.sourceLocation.map { " (at \($0))" } ?? ""
    let rule: UIKitRule?
    if reason.contains("paste") {
      rule = .pasteNeedsPasteMethod
    } else if reason.hasPrefix("Invalid update") || reason.hasPrefix("attempt to") {
      rule = .updatesMatchDataSource
    } else {
      rule = nil
    }
    // Reasons end with their own full stop, or not (UIKit's do both).
    let sentence = reason.hasSuffix(".") ? reason : reason + "."
    add(event, "UIKit raises \(name)\(at): \(sentence) In an app this ends the app.", rule: rule, tone: .red)
  }

  // MARK: Summary

  /// What happened, in a line per drag and per reason nothing happened.
  func summary() -> [String] {
    var lines = noDragReasons.map { "In short: " + $0 }
    let appEnded = !exceptions.isEmpty || drags.values.contains { $0.exception != nil }
    for key in drags.keys.sorted() {
      guard let drag = drags[key], drag.began || drag.target != nil || drag.dropped else { continue }
      let crash = drag.exception
      let cutShort = crash != nil && !drag.dropped && !drag.ended && drag.cancelReason == nil
      let name =
        showsSessions
        ? "drag \(key) from \(Self.quoted(drag.source))" : "the drag from \(Self.quoted(drag.source))"
      var line = "In short: " + name
      // "Its data arrived" only when some was loaded: a drop that loads
      // nothing (a local move, a drop that ignores its items) also ends
      // with the transfer done.
      var transfer = ", without loading any data."
      if !drag.transferred {
        transfer = "."
      } else if drag.loaded && drag.loadFailed {
        transfer = ", and some of its data arrived, but a load failed."
      } else if drag.loaded {
        transfer = ", and its data arrived."
      } else if drag.loadFailed {
        transfer = ", but its loads failed."
      }
      if case .runtimeError = run.outcome, !drag.ended, drag.cancelReason == nil,
        let last = run.trace.last, last.kind == .call, last.session == key
      {
        // The error stopped a handler of this drag (the trace's last event
        // is its call): what would have come next never happened.
        let target = drag.target.map { " on `\($0)`" } ?? ""
        line +=
          drag.dropped
          ? " was being dropped\(target) when the script stopped with an error; in an app the error would "
            + "end the app there."
          : " was in progress when the script stopped with an error."
      } else if cutShort, let exception = crash {
        line += " was cut short: UIKit raised \(exception), which would end the app."
      } else if drag.dropped, let target = drag.target {
        line += " was dropped on `\(target)` as a \(drag.operation ?? "copy")" + transfer
      } else if drag.dropped {
        line += " was dropped" + transfer
      } else if let reason = drag.cancelReason {
        line += " was cancelled: \(reason)."
      } else if drag.operation == nil, appEnded {
        line += " was still in progress when the app ended."
      } else if drag.operation == nil {
        line +=
          " was still in progress when the scenario ended (to drop, end the drag with 'release', then "
          + "'settle' for the data, before the expectations)."
      } else {
        line += " ended."
      }
      if let exception = crash, !cutShort {
        // The drag's story stops where the app would have ended.
        line = String(line.dropLast()) + "; then UIKit raised \(exception), which would end the app."
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
  static func quoted(_ source: String) -> String {
    source.contains(" ") ? source : "`\(source)`"
  }
}
