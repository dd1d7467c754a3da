import Foundation

// The drag side of table and collection views (§8.2, §9.2), spring loading
// over their rows (§7.3) and taps on their cells. The list's built-in drag
// interaction has an empty UIDragInteractionDelegate; where the engine would
// ask that delegate, it asks the list's drag delegate instead, with the index
// path under the finger:
//   itemsForBeginning  -> itemsForBeginning(session, indexPath)
//   previewForLifting  -> dragPreviewParametersForRowAt (nil: the whole cell)
//   sessionWillBegin   -> dragSessionWillBegin, then the restriction and move
//                         questions (dragSessionIsRestrictedToDraggingApplication,
//                         dragSessionAllowsMoveOperation)
//   previewForCancelling -> dragPreviewParametersForRowAt again
//   didEndWith         -> dragSessionDidEnd
//   itemsForAddingTo   -> itemsForAddingTo(session, indexPath, point)
// A lift on a selected row asks itemsForBeginning once per selected row
// (§8.2). Choice: a list does not choose among several sessions when a tap
// could add to either (`sessionForAddingItems` keeps its default).

extension DragEngine {
  /// `itemsForBeginning` for the row or item under the finger; none over
  /// empty space (no lift).
  func listItemsForBeginning(_ list: ListView, _ s: DragState, _ interaction: DragInteraction) throws
    -> [DragItem]
  {
    guard let view = list.view else { return [] }
    let callSite = site(s, interaction)
    return try list.withContext(callSite) {
      guard let indexPath = try list.indexPathForItem(at: view.point(fromScreen: s.location)) else {
        step(
          "noCell", s, app: callSite.app, view: view.name, interaction: interaction.name,
          result: "no \(list.kind.unit) under the touch")
        return []
      }
      let method = list.methods.itemsForBeginning
      guard let handler = list.dragDelegate?.itemsForBeginning else {
        let arguments = [TraceArgument("indexPath", indexPathText(indexPath))]
        recordDefault(method, callSite, arguments, result: "no items (not implemented)")
        return []
      }
      var items: [DragItem] = []
      for row in liftedRows(list, touched: indexPath) {
        let arguments = [TraceArgument("indexPath", indexPathText(row))]
        let rowItems = try call(method, callSite, arguments, result: describe) {
          try handler(s.dragSession, row)
        }
        list.noteDrag(session: s.id, items: rowItems, at: row)
        items += rowItems
      }
      return items
    }
  }

  /// The rows a lift at `touched` asks items for. Rule (§8.2): lifting a
  /// selected row asks `itemsForBeginning` once per selected row. Choice
  /// (the order is not documented): the touched row first, then the others
  /// in the order they were selected. The selection holds only rows the list
  /// has: it follows its rows through updates (`keepingSelection`).
  private func liftedRows(_ list: ListView, touched: IndexPath) -> [IndexPath] {
    let selected = list.indexPathsForSelectedItems
    guard selected.count > 1, selected.contains(touched) else { return [touched] }
    return [touched] + selected.filter { $0 != touched }
  }

  /// The lift previews of a list's items: their cells, clipped by the drag
  /// delegate's preview parameters.
  func listLiftPreviews(
    _ list: ListView, _ s: DragState, _ interaction: DragInteraction, _ items: [DragItem], firstIndex: Int
  ) throws {
    let callSite = site(s, interaction)
    try list.withContext(callSite) {
      for (offset, item) in items.enumerated() {
        guard let indexPath = list.liftedIndexPath(of: item, session: s.id),
          let cell = try list.cellForItem(at: indexPath)
        else {
          item.hasVisiblePreview = false
          continue
        }
        let parameters = try previewParameters(list, indexPath, callSite, itemIndex: firstIndex + offset)
        item.hasVisiblePreview = cell.isVisibleInWindow
        item.liftPreviewSize = parameters?.visibleBounds?.size ?? cell.bounds.size
        // The preview is a snapshot: it keeps the cell's look (and, for the
        // trace, its name) whatever later happens to the cell.
        item.liftSnapshot = View(.view, name: cell.name, frame: cell.frame, world: world)
      }
    }
  }

  /// `dragPreviewParametersForRowAt` (default nil: the whole cell).
  private func previewParameters(
    _ list: ListView, _ indexPath: IndexPath, _ callSite: CallSite, itemIndex: Int
  ) throws -> DragPreviewParameters? {
    let method = list.methods.dragPreviewParameters
    let arguments = [itemArgument(itemIndex), TraceArgument("indexPath", indexPathText(indexPath))]
    guard let handler = list.dragDelegate?.dragPreviewParametersForItemAt else {
      recordDefault(method, callSite, arguments, result: "nil (the whole cell)")
      return nil
    }
    return try call(
      method, callSite, arguments,
      result: { (parameters: DragPreviewParameters?) in
        parameters == nil ? "nil (the whole cell)" : "parameters"
      }
    ) { try handler(indexPath) }
  }

  /// The drag begins: `dragSessionWillBegin`, then the list's answers to the
  /// restriction (where drags can leave the app, as for interactions) and move questions.
  func listBeginDrag(_ list: ListView, _ s: DragState, _ origin: DragInteraction) throws {
    let session = s.dragSession
    let callSite = site(s, origin)
    let methods = list.methods
    let delegate = list.dragDelegate
    try list.withContext(callSite) {
      if let handler = delegate?.dragSessionWillBegin {
        try call(methods.dragSessionWillBegin, callSite) { try handler(session) }
      }
      if world.device.allowsDragsBetweenApps {
        s.isRestricted = try answer(
          delegate?.dragSessionIsRestrictedToDraggingApplication, methods.dragSessionIsRestricted, callSite,
          session, default: false)
      }
      s.allowsMove = try answer(
        delegate?.dragSessionAllowsMoveOperation, methods.dragSessionAllowsMoveOperation, callSite, session,
        default: true)
      s.prefersFullSizePreviews = false
    }
    try askPreviewProviders(s)
  }

  private func answer(
    _ handler: ((DragSession) throws -> Bool)?, _ method: DelegateMethod, _ callSite: CallSite,
    _ session: DragSession, default value: Bool
  ) throws -> Bool {
    guard let handler else {
      recordDefault(method, callSite, result: "\(value)")
      return value
    }
    return try call(method, callSite, result: { "\($0)" }) { try handler(session) }
  }

  /// The cancel preview of a list's item: its cell again, if the list still
  /// shows it where it was lifted from; otherwise it fades.
  func listCancelPreview(
    _ list: ListView, _ s: DragState, _ item: DragItem, index: Int, from origin: DragInteraction
  ) throws {
    let callSite = site(s, origin)
    try list.withContext(callSite) {
      guard let indexPath = list.sourceIndexPath(of: item, session: s.id),
        try list.cellForItem(at: indexPath) != nil
      else {
        step(
          "cancelPreview", s, app: callSite.app, view: callSite.view, interaction: origin.name,
          [itemArgument(index)], result: "nil (its cell moved or left the screen: the item fades)")
        return
      }
      _ = try previewParameters(list, indexPath, callSite, itemIndex: index)
    }
  }

  /// The cell an item was lifted from, if it came from a list that still
  /// shows it where it was (no update since): what the item's previews show.
  /// Another app's copy of the item is traced back to the source's item.
  func liftedCell(of item: DragItem, _ s: DragState) -> View? {
    guard let list = s.origin?.list,
      let indexPath = list.sourceIndexPath(of: item.original ?? item, session: s.id),
      let id = list.itemID(at: indexPath)
    else { return nil }
    return list.cells[id]
  }

  /// Rule (§8.9): a cell a drag lifts goes from `.none` to `.lifting` as the
  /// lift animates, to `.dragging` when the lift completes (the cell left
  /// behind, which UIKit dims by default), and back to `.none` when the lift
  /// runs backwards or the drag ends. UIKit tells the cell
  /// (`dragStateDidChange(_:)`) inside the lift's animation, so a cell's own
  /// look animates with it; the trace records each change on the cell.
  /// Choice: the return to `.none` at the end of a drag comes just before
  /// the source's `dragSessionDidEnd`, after the drop or cancel animation.
  /// An entry without a cell (scrolled off, or deleted, as a drop that
  /// deletes and inserts the item deletes it) changes state without a trace
  /// line: there is no cell to tell.
  func listCellDragStates(
    _ list: ListView, _ s: DragState, from old: CellDragState, to new: CellDragState
  ) {
    if old == .none {
      for record in list.drags where record.session == s.id {
        for (_, indexPath) in record.items {
          guard let entry = list.itemID(at: indexPath),
            !list.cellDragStates.contains(where: { $0.session == s.id && $0.entry == entry })
          else { continue }
          list.cellDragStates.append(CellDragRecord(session: s.id, entry: entry, state: .none))
        }
      }
    }
    for index in list.cellDragStates.indices
    where list.cellDragStates[index].session == s.id && list.cellDragStates[index].state == old {
      list.cellDragStates[index].state = new
      guard let cell = list.cells[list.cellDragStates[index].entry] else { continue }
      // A cell's own method (UITableViewCell/UICollectionViewCell), not the
      // drag delegate's: the step names no interaction.
      step(
        "dragStateDidChange", s, app: list.view?.app?.name, view: list.view?.name,
        [TraceArgument("cell", cell.name), TraceArgument("state", ".\(new.rawValue)")])
    }
    list.cellDragStates.removeAll { $0.state == .none }
  }

  /// Every cell of the drag back to `.none` (§8.9): the drag is over.
  func listCellsDragEnded(_ list: ListView, _ s: DragState) {
    listCellDragStates(list, s, from: .lifting, to: .none)
    listCellDragStates(list, s, from: .dragging, to: .none)
  }

  /// The drag is over for the source: `dragSessionDidEnd`.
  func listDragDidEnd(_ list: ListView, _ s: DragState, _ origin: DragInteraction, _ operation: DropOperation)
    throws
  {
    guard let handler = list.dragDelegate?.dragSessionDidEnd else {
      step("dragEnded", s, app: s.sourceName, [TraceArgument("operation", "\(operation)")])
      return
    }
    try call(list.methods.dragSessionDidEnd, site(s, origin)) { try handler(s.dragSession) }
  }

  /// A tap on a cell during a drag: `itemsForAddingTo` for its index path.
  func listItemsForAdding(
    _ list: ListView, _ s: DragState, _ interaction: DragInteraction, at point: Point
  ) throws -> [DragItem] {
    guard let view = list.view else { return [] }
    let local = view.point(fromScreen: point)
    let callSite = site(s, interaction)
    return try list.withContext(callSite) {
      guard let indexPath = try list.indexPathForItem(at: local) else { return [] }
      let method = list.methods.itemsForAddingTo
      let arguments = [
        TraceArgument("indexPath", indexPathText(indexPath)), TraceArgument("point", pointText(local)),
      ]
      guard let handler = list.dragDelegate?.itemsForAddingTo else {
        recordDefault(method, callSite, arguments, result: "no items (not implemented: the tap selects)")
        return []
      }
      let items = try call(method, callSite, arguments, result: describe) {
        try handler(s.dragSession, indexPath, local)
      }
      list.noteDrag(session: s.id, items: items, at: indexPath)
      return items
    }
  }

  /// A tap that added nothing: it selects the tapped row or item, if any.
  func listTap(_ list: ListView, at point: Point) throws -> Bool {
    guard let view = list.view,
      let indexPath = try list.indexPathForItem(at: view.point(fromScreen: point))
    else { return false }
    let callSite = CallSite(phase: nil, session: nil, app: view.app?.name, view: view.name, interaction: nil)
    try list.select(indexPath, site: callSite)
    return true
  }

  // MARK: Spring loading over rows

  /// The row or item under the drag, for a list's spring-loaded interaction.
  func springIndexPath(_ interaction: SpringLoadedInteraction, _ s: DragState) throws -> IndexPath? {
    guard let view = interaction.listView, let list = view.list else { return nil }
    return try list.indexPathForItem(at: view.point(fromScreen: s.location))
  }

  /// Whether the row under the drag springs: `shouldSpringLoadRowAt` (default
  /// true: every row springs); nothing springs over empty space.
  func listShouldSpringLoad(_ spring: DragState.Spring, _ s: DragState) throws -> Bool {
    guard let view = spring.interaction.listView, let list = view.list, let indexPath = spring.indexPath
    else {
      return false
    }
    guard let handler = list.delegate?.shouldSpringLoadItemAt else { return true }
    let callSite = CallSite(
      phase: .drag, session: s.id, app: view.app?.name, view: view.name, interaction: "delegate")
    return try call(
      list.methods.shouldSpringLoad, callSite, [TraceArgument("indexPath", indexPathText(indexPath))],
      result: { "\($0)" }
    ) { try handler(indexPath, spring.context) }
  }

  /// Spring loading activated over a row: the row is selected (§7.3).
  func listSpringActivated(_ spring: DragState.Spring, _ s: DragState) throws {
    guard let view = spring.interaction.listView, let list = view.list, let indexPath = spring.indexPath
    else {
      return
    }
    step(
      "springLoadedActivation", s, app: view.app?.name, view: view.name, interaction: spring.interaction.name,
      [TraceArgument("indexPath", indexPathText(indexPath))])
    let callSite = CallSite(
      phase: .drag, session: s.id, app: view.app?.name, view: view.name, interaction: "delegate")
    try list.select(indexPath, site: callSite, toggles: false)
  }
}
