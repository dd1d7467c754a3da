import Foundation
import Testing

@testable import DndRuntime

@Suite("Dropping into table and collection views")
struct ListDropTests {
  /// Drags the outside label's string onto a point of the list and lets go.
  func dropFromOutside(_ s: ListScene, at point: TouchTarget, settle: Bool = true) throws {
    let source = try s.makeOutsideSource()
    try s.fingers.longPress(source)
    try s.fingers.move(to: point)
    try s.fingers.release()
    if settle { try s.fingers.settle() }
  }

  @Test("default proposal (§13.10 choice): with only performDropWith a drop from elsewhere is a copy")
  func defaultProposal() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    var coordinator: DropCoordinator?
    s.makeDropDelegate { coordinator = $0 }
    try dropFromOutside(s, at: s.point(20, 20))
    let made = try #require(coordinator)
    #expect(made.proposal.operation == .copy && made.proposal.intent == .unspecified)
    #expect(made.destinationIndexPath == IndexPath(item: 0, section: 0))
    let update = try #require(s.trace.events.first { $0.name == "dropSessionDidUpdate" })
    #expect(update.kind == .defaultUsed && update.result == "copy, unspecified (not implemented)")
    #expect(s.trace.calls("performDropWith").first?.method == "collectionView(_:performDropWith:)")
    #expect(s.trace.events.first { $0.name == "dragEnded" }?.argument("operation") == "copy")
  }

  @Test("without performDropWith the list accepts no drop")
  func noPerformDropWith() throws {
    let s = try ListScene(.tableView, items: ["a"])
    let delegate = ListDropDelegate()
    delegate.dropSessionDidUpdate = { _, _ in ListDropProposal(operation: .copy) }
    s.list.dropDelegate = delegate
    try dropFromOutside(s, at: s.point(20, 20))
    let update = try #require(s.trace.calls("dropSessionDidUpdate").first)
    #expect(update.result?.hasSuffix("(not recorded: performDropWith is not implemented)") == true)
    #expect(s.trace.events.contains { $0.name == "setDown" && $0.result == "cancel" })
  }

  @Test("a nil destination makes the intent unspecified; over a cell the intent is kept")
  func nilDestinationIntent() throws {
    for (point, intent) in [
      (Point(20, 20), DropIntent.insertAtDestinationIndexPath), (Point(20, 300), .unspecified),
    ] {
      let s = try ListScene(.collectionView, items: ["a"])
      var coordinator: DropCoordinator?
      s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath))
      {
        coordinator = $0
      }
      try dropFromOutside(s, at: s.point(point.x, point.y))
      #expect(coordinator?.proposal.intent == intent)
      #expect((coordinator?.destinationIndexPath == nil) == (intent == .unspecified))
    }
  }

  @Test("canHandle false: no further delegate calls for the session")
  func canHandleFalse() throws {
    let s = try ListScene(.tableView, items: ["a"])
    let drop = s.makeDropDelegate(proposal: ListDropProposal(operation: .copy))
    drop.canHandle = { _ in false }
    drop.dropSessionDidEnter = { _ in }
    drop.dropSessionDidEnd = { _ in }
    try dropFromOutside(s, at: s.point(20, 20))
    #expect(s.listCalls == ["tableView(_:canHandle:)"])
  }

  /// A list of one row whose drop delegate answers `canHandle` with
  /// `answer`, and a label outside whose drag gains an item at every tap.
  private func listAndAddingSource(_ kind: ViewKind, canHandle answer: @escaping (DropSession) -> Bool) throws
    -> (ListScene, View)
  {
    let s = try ListScene(kind, items: ["a"])
    let drop = s.makeDropDelegate(proposal: ListDropProposal(operation: .copy))
    drop.canHandle = answer
    drop.dropSessionDidEnter = { _ in }
    drop.dropSessionDidExit = { _ in }
    drop.dropSessionDidEnd = { _ in }
    let source = try s.makeOutsideSource()
    let sourceDelegate = try #require(source.dragInteractions.first?.delegate)
    sourceDelegate.itemsForAddingTo = { _, _ in [DragItem(itemProvider: s.scene.provider("more"))] }
    return (s, source)
  }

  /// Unlike a drop interaction (§13.2: asked once per visit), a list that
  /// said no is not asked again: not when the drag comes back, nor when
  /// items join it (UITableView.h: "no further delegate methods").
  @Test("§1.9 a table that said no hears nothing more: not on re-entry, not when items join", arguments: [
    ViewKind.tableView, .collectionView,
  ])
  func canHandleFalseIsFinal(_ kind: ViewKind) throws {
    let (s, source) = try listAndAddingSource(kind) { $0.items.count > 1 }
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(20, 20))
    try s.fingers.move(to: .pointIn(source, Point(10, 10)))
    try s.fingers.move(to: s.point(20, 20))
    try s.fingers.tap(source)
    try s.fingers.move(to: s.point(20, 40))
    try s.fingers.release()
    try s.fingers.settle()
    let method = kind == .tableView ? "tableView(_:canHandle:)" : "collectionView(_:canHandle:)"
    #expect(s.listCalls == [method])
  }

  /// The same when the no comes after items joined a drag the list had
  /// taken: no exit and no end follow it.
  @Test("§1.9 a table that turns the drag down when items join hears no exit and no end")
  func canHandleFalseAfterItemsJoinSilencesExitAndEnd() throws {
    let (s, source) = try listAndAddingSource(.tableView) { $0.items.count < 2 }
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(20, 20))
    try s.fingers.tap(source)
    try s.fingers.move(to: .pointIn(source, Point(10, 10)))
    try s.fingers.release()
    try s.fingers.settle()
    let calls = s.listCalls
    #expect(calls.last == "tableView(_:canHandle:)", "\(calls)")
    #expect(!calls.contains("tableView(_:dropSessionDidExit:)") && !calls.contains("tableView(_:dropSessionDidEnd:)"))
  }

  @Test("hasActiveDrop and hasUncommittedUpdates while a gap shows; both false after exit")
  func activeDropAndGap() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath))
    let source = try s.makeOutsideSource()
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(20, 20))
    #expect(s.list.hasActiveDrop && s.list.hasUncommittedUpdates)
    try s.fingers.move(to: s.point(20, 300))
    #expect(s.list.hasActiveDrop && !s.list.hasUncommittedUpdates)
    try s.fingers.move(to: source)
    #expect(!s.list.hasActiveDrop && !s.list.hasUncommittedUpdates)
  }

  @Test("sourceIndexPath: set for an item from this list, nil from elsewhere, nil after an update")
  func sourceIndexPath() throws {
    for updateDuringDrag in [false, true] {
      let s = try ListScene(.collectionView, items: ["a", "b", "c"])
      s.makeDragDelegate()
      var items: [ListDropItem] = []
      s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath))
      {
        items = $0.items
      }
      try s.fingers.longPress(try s.cell(1))
      try s.fingers.move(to: s.point(200, 20))
      if updateDuringDrag {
        s.model.sections[0].append("d")
        try s.list.insertItems(at: [IndexPath(item: 3, section: 0)])
      }
      try s.fingers.release()
      #expect(items.first?.sourceIndexPath == (updateDuringDrag ? nil : IndexPath(item: 1, section: 0)))
      #expect(items.first?.previewSize == Size(50, 50))
    }
    let s = try ListScene(.collectionView, items: ["a"])
    var items: [ListDropItem] = []
    s.makeDropDelegate { items = $0.items }
    try dropFromOutside(s, at: s.point(20, 20))
    #expect(items.count == 1 && items.first?.sourceIndexPath == nil)
  }

  @Test(
    "a table resolves the automatic intent by the finger's place in the row",
    arguments: [
      (5.0, "insertAtDestinationIndexPath", "[0, 1]"), (22, "insertIntoDestinationIndexPath", "[0, 1]"),
      (40, "insertAtDestinationIndexPath", "[0, 2]"),
    ])
  func automaticIntent(offset: Double, intent: String, destination: String) throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    var coordinator: DropCoordinator?
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .automatic)) { coordinator = $0 }
    try dropFromOutside(s, at: s.point(20, 44 + offset))
    #expect(coordinator?.proposal.intent.description == intent)
    #expect(indexPathText(coordinator?.destinationIndexPath) == destination)
  }

  @Test("drop(_:toItemAt:) asks dropPreviewParametersForItemAt; other items get the default animation")
  func coordinatorAnimations() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let source = try s.scene.add(.label, "source", Rect(400, 100, 200, 30))
    source.isUserInteractionEnabled = true
    s.scene.makeDragSource(source, strings: ["x", "y"])
    let drop = s.makeDropDelegate(
      proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    ) {
      coordinator in
      let destination = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)
      try s.list.performBatchUpdates({
        s.model.sections[0].insert("x", at: destination.item)
        try s.list.insertItems(at: [destination])
      })
      try coordinator.drop(coordinator.items[0].dragItem, toItemAt: destination)
    }
    drop.dropPreviewParametersForItemAt = { _ in nil }
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(20, 20))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(s.trace.calls("dropPreviewParametersForItemAt").first?.argument("indexPath") == "[0, 0]")
    #expect(s.trace.events.filter { $0.name == "drop(_:toItemAt:)" }.count == 1)
    #expect(
      s.trace.events.filter { $0.name == "defaultDropAnimation" }.map { $0.argument("item") } == ["items[1]"])
    #expect(try s.cellTexts() == ["x", "a"])
  }

  @Test("a move proposed for a drag from another app becomes cancel, with the list's selector in the log")
  func moveFromAnotherApp() throws {
    let world = World(device: .iPad)
    let left = world.addApp("Left")
    let right = world.addApp("Right")
    let table = View(.tableView, name: "list", frame: Rect(0, 0, 300, 400), world: world)
    try right.addSubview(table)
    let list = try #require(table.list)
    let drop = ListDropDelegate()
    drop.dropSessionDidUpdate = { _, _ in
      ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    drop.performDropWith = { _ in }
    list.dropDelegate = drop
    let source = View(.view, name: "source", frame: Rect(10, 10, 100, 100), world: world)
    try left.addSubview(source)
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in
      [DragItem(itemProvider: ItemProvider(object: .string("t"), world: world))]
    }
    source.addInteraction(DragInteraction(delegate: delegate))
    try world.fingers.longPress(source)
    try world.fingers.move(to: table)
    try world.fingers.release()
    #expect(world.trace.calls("performDropWith").isEmpty)
    #expect(
      world.trace.events(of: .warning).first?.message
        == "Selector tableView:dropSessionDidUpdate:withDestinationIndexPath: returned a _UIDragOperation 16 "
        + "that is outside of the sourceOperationMask 1. Using _UIDragOperationNone instead.")
  }

  @Test("a table takes a video from another app: loadDataRepresentation, then a row (seed 004)")
  func videoFromAnotherApp() throws {
    let s = try ListScene(.tableView, items: ["clip 1"])
    let safari = s.world.addItemSource("Safari")
    safari.addItem("movie") {
      let provider = ItemProvider(world: s.world)
      provider.registerDataRepresentation(forTypeIdentifier: "public.mpeg-4") { completion in
        try completion(Data("mp4".utf8), nil)
        return nil
      }
      return [DragItem(itemProvider: provider)]
    }
    let drop = s.makeDropDelegate { coordinator in
      let provider = coordinator.items[0].dragItem.itemProvider
      try provider.loadDataRepresentation(forTypeIdentifier: "public.mpeg-4") { data, _ in
        guard data != nil else { return }
        try s.world.scheduler.enqueue(on: s.world.scheduler.main, label: "main.async") {
          s.model.sections[0].append("clip 2")
          try s.list.reloadData()
        }
      }
    }
    drop.canHandle = { session in session.hasItemsConforming(toTypeIdentifiers: ["public.mpeg-4"]) }
    try s.fingers.longPress(item: "movie", in: safari)
    try s.fingers.move(to: s.point(100, 200))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(try s.cellTexts() == ["clip 1", "clip 2"])
    #expect(s.trace.calls("performDropWith").first?.argument("destinationIndexPath") == "nil")
  }
}
