import Foundation

// The drop side of table and collection views (§8.3-§8.8, §9.2-§9.4): what
// the list's built-in drop interaction answers when the engine asks it.
//   canHandle        -> canHandle (default true)
//   sessionDidEnter  -> dropSessionDidEnter
//   sessionDidUpdate -> dropSessionDidUpdate(session, destinationIndexPath),
//                       adjusted as UIKit does: a nil destination makes the
//                       intent unspecified; a table resolves `automatic`
//   performDrop      -> performDropWith(coordinator), or for a table's
//                       single-row reorder the data source's moveRowAt
//   exit, end        -> dropSessionDidExit, dropSessionDidEnd
//
// Choices:
// - §13.10: without dropSessionDidUpdate the proposal is copy with an
//   unspecified intent, so a drop works with only performDropWith (as in the
//   WWDC 2017/223 demo, where photos dropped from another app were accepted).
// - Without performDropWith (required) the proposal is not recorded and the
//   list accepts no drop, like a drop interaction without performDrop.
// - A table resolves `automatic` by where the finger is in the row: its
//   middle half drops into the row, the top and bottom quarters insert before
//   or after it.
// - §8.8: the table's reorder path needs a move + insertAtDestinationIndexPath
//   proposal, one item dragged from this table, a destination, and a data
//   source implementing moveRowAt; canMoveRowAt (§13.9: asked, default true)
//   can refuse, and then performDropWith is called. The destination is
//   clamped to the rows that exist after the row leaves. UIKit moves its own
//   row, so no count check follows. Collection views always call performDropWith.
// - §13.9: a table with a drag delegate and moveRowAt but no drop delegate
//   has no drop interaction, so nothing is reordered.

extension DragEngine {
  func listCanHandle(_ interaction: DropInteraction, _ s: DragState, in app: App) throws -> Bool {
    guard let list = interaction.list else { return false }
    let callSite = site(s, interaction, in: app)
    let method = list.methods.canHandle
    guard let handler = list.dropDelegate?.canHandle else {
      recordDefault(method, callSite, result: "true")
      return true
    }
    let session = s.dropSession(for: app)
    return try list.withContext(callSite) {
      try call(method, callSite, result: { "\($0)" }) { try handler(session) }
    }
  }

  func listDidEnter(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    guard let list = interaction.list else { return }
    list.tracking = ListDropTracking(session: s.id, destination: nil, proposal: nil, original: nil)
    guard let handler = list.dropDelegate?.dropSessionDidEnter else { return }
    let callSite = site(s, interaction, in: app)
    let session = s.dropSession(for: app)
    try list.withContext(callSite) {
      try call(list.methods.dropSessionDidEnter, callSite, [locationArgument(s, in: interaction.view)]) {
        try handler(session)
      }
    }
  }

  /// The list's proposal for the drag's location, with UIKit's adjustments.
  func listProposal(_ interaction: DropInteraction, _ s: DragState, in app: App) throws -> DropProposal? {
    guard let list = interaction.list, let view = interaction.view else { return nil }
    let callSite = site(s, interaction, in: app)
    let session = s.dropSession(for: app)
    return try list.withContext(callSite) {
      let point = view.point(fromScreen: s.location)
      let slot = try list.dropTarget(at: point, session: s)
      let destination = slot?.indexPath
      let method = list.methods.dropSessionDidUpdate
      let arguments = [
        locationArgument(s, in: view), TraceArgument("destinationIndexPath", indexPathText(destination)),
      ]
      let counts = list.dropDelegate?.performDropWith != nil
      let proposal: ListDropProposal
      if let handler = list.dropDelegate?.dropSessionDidUpdate {
        proposal = try call(
          method, callSite, arguments,
          result: { (proposal: ListDropProposal) in
            counts
              ? proposal.summary : "\(proposal.summary) (not recorded: performDropWith is not implemented)"
          }
        ) { try handler(session, destination) }
      } else {
        proposal = ListDropProposal(operation: .copy)
        recordDefault(method, callSite, arguments, result: "copy, unspecified (not implemented)")
      }
      guard counts else {
        list.tracking = ListDropTracking(
          session: s.id, destination: destination, proposal: nil, original: nil, point: point, slot: slot)
        return nil
      }
      let adjusted = list.adjust(proposal, slot: slot, at: point)
      list.tracking = ListDropTracking(
        session: s.id, destination: adjusted.destination, proposal: adjusted.proposal, original: proposal,
        point: point, slot: slot)
      if adjusted.proposal !== proposal || adjusted.destination != destination {
        step(
          "proposalAdjusted", s, app: app.name, view: view.name, interaction: interaction.name,
          [TraceArgument("destinationIndexPath", indexPathText(adjusted.destination))],
          result: adjusted.proposal.summary)
      }
      return adjusted.proposal
    }
  }

  func listDidExit(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    guard let list = interaction.list else { return }
    if list.tracking?.session == s.id { list.tracking = nil }
    // §1.9: a list whose canHandle said false hears nothing more, exit included.
    if s.refusingLists.contains(where: { $0 === interaction }) { return }
    guard let handler = list.dropDelegate?.dropSessionDidExit else { return }
    let callSite = site(s, interaction, in: app)
    let session = s.dropSession(for: app)
    try list.withContext(callSite) {
      try call(list.methods.dropSessionDidExit, callSite) { try handler(session) }
    }
  }

  func listDidEnd(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    guard let list = interaction.list else { return }
    if list.tracking?.session == s.id { list.tracking = nil }
    if s.refusingLists.contains(where: { $0 === interaction }) { return }
    guard let handler = list.dropDelegate?.dropSessionDidEnd else { return }
    let callSite = site(s, interaction, in: app)
    let session = s.dropSession(for: app)
    try list.withContext(callSite) {
      try call(list.methods.dropSessionDidEnd, callSite) { try handler(session) }
    }
  }

  /// The drop: the table's reorder path, or `performDropWith` with a coordinator.
  func listPerform(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    guard let list = interaction.list, let view = interaction.view else { return }
    let callSite = site(s, interaction, in: app)
    let session = s.dropSession(for: app)
    list.dropAnimations = []
    try list.withContext(callSite) {
      let point = view.point(fromScreen: s.location)
      let tracked = list.tracking?.session == s.id ? list.tracking : nil
      // Where the last update hit-tested, if the finger has not moved since
      // (§8.5: the coordinator's destination is the last hit-tested one);
      // else the slot under the final location.
      let slot = try tracked?.point == point ? tracked?.slot : list.dropTarget(at: point, session: s)
      // The delegate's last proposal, adjusted for the final location; its
      // operation as the engine validated it.
      let original = tracked?.original
      let last = original ?? (s.proposal as? ListDropProposal) ?? ListDropProposal(operation: s.operation)
      var (proposal, destination) = list.adjust(last, slot: slot, at: point)
      if proposal.operation != s.operation { proposal = proposal.with(operation: s.operation) }
      let items = session.items.map { item in
        ListDropItem(
          dragItem: item, sourceIndexPath: list.sourceIndexPath(of: item, session: s.id),
          previewSize: item.hasVisiblePreview ? (item.liftPreviewSize ?? .zero) : .zero)
      }
      if try reorderRow(list, items, proposal, destination, s) { return }
      guard let handler = list.dropDelegate?.performDropWith else { return }
      let coordinator = DropCoordinator(
        list: list, items: items, destinationIndexPath: destination, proposal: proposal, session: session)
      defer {
        coordinator.isOpen = false
        list.dropAnimations = coordinator.animations
      }
      try call(
        list.methods.performDropWith, callSite,
        [
          TraceArgument("items", "\(items.count)"),
          TraceArgument("destinationIndexPath", indexPathText(destination)),
          TraceArgument("proposal", proposal.summary),
        ]
      ) { try handler(coordinator) }
    }
  }

  /// §8.8: a table reorders a single row through the data source's moveRowAt
  /// instead of performDropWith. Returns false when the path does not apply.
  /// When only the rows keep it from applying (several, or one from
  /// elsewhere) to a table whose data source has moveRowAt, a step says so:
  /// the script's performDropWith must then move them itself.
  private func reorderRow(
    _ list: ListView, _ items: [ListDropItem], _ proposal: ListDropProposal, _ destination: IndexPath?,
    _ s: DragState
  ) throws -> Bool {
    guard list.kind == .table, let destination, proposal.operation == .move,
      proposal.intent == .insertAtDestinationIndexPath, let move = list.dataSource?.moveItemAt
    else { return false }
    guard items.count == 1, let item = items.first, let source = item.sourceIndexPath else {
      let outside = items.filter { $0.sourceIndexPath == nil }.count
      let reason =
        outside > 0
        ? (outside == 1 ? "an item comes" : "\(outside) items come")
          + " from outside this table: moveRowAt reorders the table's own rows"
        : "\(items.count) rows: UIKit reorders through moveRowAt only when one row moves"
      list.step(
        "noReorder", [TraceArgument("items", "\(items.count)"), TraceArgument("fromOutside", "\(outside)")],
        result: reason)
      return false
    }
    let methods = list.methods
    let sourceArgument = TraceArgument("indexPath", indexPathText(source))
    if let canMove = list.dataSource?.canMoveItemAt {
      let allowed = try list.call(
        methods.canMoveItemAt, role: "dataSource", [sourceArgument], result: { "\($0)" }
      ) {
        try canMove(source)
      }
      guard allowed else { return false }
    } else {
      list.recordDefault(methods.canMoveItemAt, role: "dataSource", [sourceArgument], result: "true")
    }
    let target = list.clampedMoveDestination(from: source, to: destination)
    list.step(
      "reorder", [TraceArgument("from", indexPathText(source)), TraceArgument("to", indexPathText(target))],
      result: "moveRowAt instead of performDropWith")
    try list.call(
      methods.moveItemAt, role: "dataSource",
      [
        TraceArgument("sourceIndexPath", indexPathText(source)),
        TraceArgument("destinationIndexPath", indexPathText(target)),
      ]
    ) { try move(source, target) }
    try list.moveRowInteractively(from: source, to: target)
    list.dropAnimations = [(item.dragItem, DragAnimator(world: world))]
    return true
  }

  /// The animators of a list's drop, one per item: the one the coordinator
  /// (or the reorder) chose, else UIKit's default drop animation.
  func listDropAnimators(_ s: DragState, _ target: DropInteraction, in app: App) -> [DragAnimator] {
    guard let list = target.list else { return [] }
    let chosen = list.dropAnimations
    list.dropAnimations = []
    var animators: [DragAnimator] = []
    for (index, item) in s.dropSession(for: app).items.enumerated() {
      if let entry = chosen.first(where: { $0.item === item }) {
        animators.append(entry.animator)
      } else {
        step(
          "defaultDropAnimation", s, app: app.name, view: target.view?.name, interaction: target.name,
          [itemArgument(index)], result: "UIKit's default animation; the \(list.kind.viewPhrase) reverts")
        animators.append(DragAnimator(world: world))
      }
    }
    return animators
  }
}

extension ListView {
  /// The slot a drop at `point` (view coordinates) aims at. While a reorder
  /// is shown, the lifted item's own slot is closed first, as UIKit's live
  /// reordering does, so destinations are the index the item will have.
  func dropTarget(at point: Point, session s: DragState) throws -> ListLayout.Slot? {
    try layoutIfNeeded()
    return currentLayout(excluding: reorderingEntry(s)).destination(at: point)
  }

  /// The entry lifted out while a reorder is shown: the single item of a
  /// drag from this list whose move + insertAtDestinationIndexPath proposal
  /// is in effect.
  ///
  /// The delegate's own intent counts, not only the adjusted one: over
  /// empty space the adjusted intent is unspecified (no destination), and
  /// reopening the lifted item's slot then moved the content back under a
  /// still finger, so updates alternated between a destination and none.
  private func reorderingEntry(_ s: DragState) -> Int? {
    guard let tracking, tracking.session == s.id, let proposal = tracking.proposal, s.operation == .move,
      proposal.intent == .insertAtDestinationIndexPath
        || tracking.original?.intent == .insertAtDestinationIndexPath,
      s.items.count == 1, let item = s.items.first, let path = sourceIndexPath(of: item, session: s.id)
    else { return nil }
    return itemID(at: path)
  }

  /// UIKit's adjustments of a proposal: no destination, no intent; a table's
  /// `automatic` becomes into (middle half of a row) or at (top and bottom
  /// quarters, the bottom one inserting after the row); a collection view
  /// has no `automatic` and treats it as unspecified.
  func adjust(_ proposal: ListDropProposal, slot: ListLayout.Slot?, at point: Point)
    -> (proposal: ListDropProposal, destination: IndexPath?)
  {
    guard let slot else { return (proposal.with(intent: .unspecified), nil) }
    let destination = slot.indexPath
    guard proposal.intent == .automatic else { return (proposal, destination) }
    guard kind == .table else { return (proposal.with(intent: .unspecified), destination) }
    guard slot.entry?.isItem == true, slot.frame.size.height > 0 else {
      return (proposal.with(intent: .insertAtDestinationIndexPath), destination)
    }
    let fraction = (point.y - slot.frame.minY) / slot.frame.size.height
    if fraction < 0.25 { return (proposal.with(intent: .insertAtDestinationIndexPath), destination) }
    if fraction >= 0.75 {
      let after = IndexPath(item: destination.item + 1, section: destination.section)
      return (proposal.with(intent: .insertAtDestinationIndexPath), after)
    }
    return (proposal.with(intent: .insertIntoDestinationIndexPath), destination)
  }

  /// A reorder's destination within the rows that exist once the row left.
  func clampedMoveDestination(from source: IndexPath, to destination: IndexPath) -> IndexPath {
    let section = sections.indices.contains(destination.section) ? destination.section : source.section
    let limit = itemCount(section) - (section == source.section ? 1 : 0)
    return IndexPath(item: max(0, min(destination.item, limit)), section: section)
  }

  /// The table moves the row it shows, after the data source's moveRowAt.
  func moveRowInteractively(from source: IndexPath, to destination: IndexPath) throws {
    guard let id = itemID(at: source), let place = location(ofEntry: id),
      sections.indices.contains(destination.section)
    else { return }
    keepingSelection {
      sections[place.section].remove(at: place.position)
      let position = min(
        insertionPosition(forItem: destination.item, in: destination.section),
        sections[destination.section].count)
      sections[destination.section].insert(.item(id), at: position)
    }
    generation += 1
    setNeedsCellSync()
    try layoutIfNeeded()
  }
}
