import DndInterpreter
import DndRuntime

// The narration of delegate calls: what each answer means.

extension Narrator {
  mutating func tellCall(_ event: TraceEvent) {
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
        update(event) {
          $0.source = event.view ?? $0.source
          $0.sourceIsList = Self.isListCall(event)
        }
        // A table or collection view lifts the touched row's or item's cell, not itself.
        let lifted =
          Self.isListCall(event)
          ? "the cell at \(event.argument("indexPath") ?? "the touched index path") lifts off \(view)"
          : "\(view) lifts off the screen"
        add(
          event,
          "UIKit asks \(view)'s drag delegate for items (itemsForBeginning); it returns \(result), so "
            + "\(lifted) under the finger.", rule: .itemIsAPromise)
      }
    case "sessionWillBegin", "dragSessionWillBegin":
      update(event) { $0.began = true }
      add(
        event, "sessionWillBegin: the lift is done and the finger is moving, so the drag has begun.",
        rule: .beginsOnMove)
    case "sessionAllowsMoveOperation", "dragSessionAllowsMoveOperation":
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
    case "itemsForAddingTo":
      // Not implemented is the same as no items (§1.6 step 3).
      let none = !implemented || result.hasPrefix("0") || result.hasPrefix("no items") || result.isEmpty
      let outcome = none ? "nothing, so the tap is an ordinary tap." : "\(result), which joins the drag."
      let asked =
        implemented
        ? "UIKit asks its drag delegate for items to add (itemsForAddingTo); it returns \(outcome)"
        : "its drag delegate has no itemsForAddingTo, so nothing is added and the tap is an ordinary tap."
      add(event, "Another finger taps \(view) during the drag: " + asked, rule: .flocking)
    case "sessionIsRestrictedToDraggingApplication":
      if result.hasPrefix("true") {
        add(
          event, "The source keeps the drag inside its own app: other apps never see this session.",
          rule: .restrictedSession)
      }
    case "canHandle", "canPaste":
      tellCanHandle(event, implemented: implemented)
    case "dropSessionDidUpdate" where event.method.hasPrefix("textDroppableView"):
      // A text view's is a notification; its proposal comes from proposalForDrop (§6.4).
      break
    case "sessionDidUpdate", "proposalForDrop", "dropSessionDidUpdate":
      tellProposal(event, implemented: implemented)
    case "sessionDidExit":
      proposals[Self.proposalKey(event, view: event.view ?? "")] = nil
      add(event, "The drag leaves \(view); it is no longer the target there.")
    case "performDropWith":
      update(event) { $0.dropped = true }
      add(
        event,
        "performDropWith on \(view): the drop is accepted. The coordinator tells where each item lands; "
          + "this is where the delegate asks for the data and updates its model and the "
          + (event.method.hasPrefix("tableView(") ? "table." : "collection view."),
        rule: .performDropLoads)
    case "performDrop":
      update(event) { $0.dropped = true }
      add(
        event,
        "performDrop on \(view): the drop is accepted. This is where the delegate asks for the data.",
        rule: .performDropLoads)
    case "dataSourceUpdates":
      let path = event.argument("insertionIndexPath") ?? "?"
      add(
        event,
        "The app commits its placeholder in \(view): inside commitInsertion, UIKit runs the app's "
          + "dataSourceUpdates block with insertionIndexPath \(path), where the placeholder is now (items "
          + "inserted before it since the drop move it). The block is where the app adds the item to its model, "
          + "at that index path; then the placeholder becomes the cell of whatever the model has there.",
        rule: .placeholders)
    case "paste":
      update(event) { $0.dropped = true }
      add(event, "UIKit hands the item providers to \(view)'s paste(itemProviders:), as if they were pasted.")
    case "previewForCancelling":
      // A preview UIKit cannot use (its container hidden or out of the window) counts as nil (§2.3).
      let unusable = result.contains("(unusable")
      let fades = !implemented || result.hasPrefix("nil") || unusable
      let how =
        unusable ? "returns a preview UIKit cannot use, which counts as nil"
        : implemented ? "returns nil" : "is not implemented"
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
      add(event, "sessionDidTransferItems: the destination's loads are over: " + transferWords(event) + ".")
    case "previewForLifting", "willAnimateLiftWith", "sessionDidMove", "prefersFullSizePreviewsForSession",
      "sessionDidEnter", "previewForDropping", "willAnimateDropWith", "willAnimateCancelWith",
      "sessionDidEnd",
      "concludeDrop", "willEndWith", "previewProvider", "numberOfSections", "numberOfRowsInSection",
      "numberOfItemsInSection", "cellForRowAt", "cellForItemAt", "dragPreviewParametersForRowAt",
      "dragPreviewParametersForItemAt", "dropPreviewParametersForRowAt", "dropPreviewParametersForItemAt",
      "dropSessionDidEnter", "dropSessionDidEnd", "dragSessionDidEnd", "previewParametersProvider",
      "cellUpdateHandler":
      // Part of the choreography, shown by the trace; nothing a student must decide here.
      break
    default:
      guard implemented else { break }
      let answer = event.result.map { "; it returns \($0)" } ?? ""
      add(event, "UIKit calls \(event.method) on \(view)\(answer).")
    }
  }

  mutating func tellCanHandle(_ event: TraceEvent, implemented: Bool) {
    // Two interactions of one kind on a view are told apart by name (`zone.images`).
    let view = "`\(event.namedPlace ?? "?")`"
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
    // Asked once per visit: again when the drag comes back (choice §13.2),
    // where the lecture says a view that said no is not asked again.
    let key = (event.view ?? "?") + " " + (event.interaction ?? "")
    let again = implemented && story(event).canHandleAnswers[key] == false
    if implemented { update(event) { $0.canHandleAnswers[key] = yes } }
    let reasked =
      again
      ? " \(view) said false to this drag before: the model asks once per visit of the drag and again when its "
        + "items change (a choice; the lecture says a view that said false is not asked again during the drag)."
      : ""
    if yes {
      let how =
        implemented
        ? "its drop delegate's canHandle says true" : "canHandle is not implemented, which means yes"
      if story(event).itemsJustAdded {
        add(
          event, "The drag's items changed, so UIKit asks \(view) again whether it can handle them; \(how), so "
            + "\(view) goes on considering the drag.")
      } else {
        add(event, "The drag reaches \(view); \(how), so \(view) will consider the drag.")
      }
    } else {
      update(event) { $0.refusedBy.append(event.view ?? "?") }
      if story(event).itemsJustAdded {
        // Items joined the drag: the view that took it now refuses it.
        add(
          event,
          "The drag's items changed, so UIKit asks \(view) again whether it can handle them, and canHandle now "
            + "says false: \(view) ignores this drag from here on.", rule: .canHandleFalse, tone: .yellow)
        return
      }
      // A table or collection view is told nothing more of the session.
      if Self.isListCall(event) {
        add(
          event,
          "The drag reaches \(view), but canHandle says false: \(view) hears nothing more of this drag, no "
            + "dropSessionDidEnter, dropSessionDidUpdate or performDropWith, and canHandle is not asked again, "
            + "even if the drag comes back or its items change.", rule: .canHandleFalse, tone: .yellow)
        return
      }
      add(
        event,
        "The drag reaches \(view), but canHandle says false: \(view) ignores this drag, with no "
          + "sessionDidEnter, sessionDidUpdate or performDrop." + reasked, rule: .canHandleFalse, tone: .yellow)
    }
  }

  /// Whether a call went to a table's or collection view's delegate (whose
  /// methods are named after the list: `tableView(_:canHandle:)`).
  static func isListCall(_ event: TraceEvent) -> Bool {
    event.method.hasPrefix("tableView(") || event.method.hasPrefix("collectionView(")
  }

  /// How the destination's loads ended, for the drag of `event`.
  mutating func transferWords(_ event: TraceEvent) -> String {
    let drag = story(event)
    if !drag.loaded && !drag.loadFailed { return "it loaded no data" }
    guard drag.loadFailed else { return "every piece of data it asked for has arrived" }
    return drag.loaded ? "some data arrived, and a load failed with an error" : "its loads failed, with errors"
  }

  /// Proposals are told once per drag and view: the same answer again is
  /// no news, but a new drag's first one is.
  static func proposalKey(_ event: TraceEvent, view: String) -> String {
    "\(event.session ?? 0) \(view)"
  }

  mutating func tellProposal(_ event: TraceEvent, implemented: Bool) {
    let name = event.view ?? "?"
    let key = Self.proposalKey(event, view: name)
    let view = "`\(name)`"
    let result = event.result ?? ""
    if !implemented, result.hasPrefix("cancel (not implemented") {
      guard proposals[key] != "none" else { return }
      proposals[key] = "none"
      update(event) { $0.noProposal[name] = "it has no sessionDidUpdate" }
      add(
        event, "\(view) has no sessionDidUpdate, so it proposes nothing and cannot take the drop.",
        rule: .needsSessionDidUpdate, tone: .yellow)
      return
    }
    if result.contains("not recorded") {
      guard proposals[key] != "unrecorded" else { return }
      proposals[key] = "unrecorded"
      // A table's or collection view's drop delegate performs with `performDropWith`.
      let perform = event.name == "dropSessionDidUpdate" ? "performDropWith" : "performDrop"
      // "copy" of "copy" or of a list's "copy, insertAtDestinationIndexPath".
      let operation = result.split(whereSeparator: { $0 == " " || $0 == "," }).first ?? ""
      update(event) { $0.noProposal[name] = "it has no \(perform), so its proposal is not recorded" }
      add(
        event,
        "\(event.name) on \(view) answers \(operation), but \(view) has no "
          + "\(perform), so UIKit never records the proposal: \(view) cannot take the drop.",
        rule: .needsPerformDrop, tone: .yellow)
      return
    }
    let words = result.split(separator: " ").map { $0.trimmingCharacters(in: ",") }
    let operation = words.first ?? ""
    // A table or collection view's proposal also says where the items would go.
    let intent = words.dropFirst().first {
      $0.hasPrefix("insert") || $0 == "unspecified" || $0 == "automatic"
    }
    guard proposals[key] != result else { return }
    proposals[key] = result
    let source = implemented ? "\(event.name) proposes" : "The default proposal is"
    let text: String
    switch operation {
    case "copy" where !implemented && event.name == "dropSessionDidUpdate":
      // §8.3: without dropSessionDidUpdate a list gives no visual feedback,
      // but a drop still works (as a copy: the choice for §13.10).
      text = "\(view) has no dropSessionDidUpdate, so the drag shows no badge over it; letting go here still "
        + "drops, as a copy. (That copy is the model's choice: UIKit does not document its default proposal, "
        + "and people report that a copy drop works.)"
    case "copy":
      text = "\(source) copy on \(view), so the drag shows a green plus: letting go here drops a copy."
    case "move":
      text =
        "\(source) move on \(view): no plus badge; if the source allows moves, letting go here drops as a "
        + "move. UIKit moves nothing itself: the app takes the items from where they were."
    case "forbidden":
      text = "\(source) forbidden on \(view): the drag shows a 'no entry' badge, and letting go here cancels."
    default:
      text = "\(source) cancel on \(view): letting go here cancels the drag."
    }
    add(event, text + (intent.map { " " + Self.describe(intent: $0) } ?? ""), rule: .proposals)
  }

  /// What a table or collection view's drop intent means for the list.
  static func describe(intent: String) -> String {
    switch intent {
    case "insertAtDestinationIndexPath":
      "The intent insertAtDestinationIndexPath asks for a gap where the items would land."
    case "insertIntoDestinationIndexPath":
      "The intent insertIntoDestinationIndexPath asks to drop into the row or item under the finger."
    case "automatic": "The intent automatic lets UIKit choose between a gap and the row under the finger."
    default: "The intent is unspecified: no gap opens."
    }
  }
}
