import Foundation
import Testing

@testable import DndRuntime

@Suite("Dragging from table and collection views")
struct ListDragTests {
  @Test(
    "§11 dragInteractionEnabled defaults: YES on iPad, NO on iPhone (iOS 11-14)",
    arguments: [(Device.iPad, true), (.iPhone, false)])
  func dragInteractionEnabledDefaults(device: Device, enabled: Bool) throws {
    let s = try ListScene(.tableView, items: ["a", "b"], frame: Rect(0, 0, 320, 400), device: device)
    s.makeDragDelegate()
    #expect(s.list.dragInteractionEnabled == enabled)
    try s.fingers.longPress(try s.cell(0))
    #expect(s.trace.calls("itemsForBeginning").count == (enabled ? 1 : 0))
    if !enabled {
      let press = try #require(s.trace.events.first { $0.name == "longPress" })
      #expect(press.result?.contains("dragInteractionEnabled is false on iPhone") == true)
      try s.fingers.release()
      s.list.dragInteractionEnabled = true
      try s.fingers.longPress(try s.cell(0))
      #expect(s.trace.calls("itemsForBeginning").count == 1)
    }
  }

  @Test("itemsForBeginning gets the index path under the finger; previews are the cells")
  func itemsForBeginningAtIndexPath() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    let drag = s.makeDragDelegate()
    var began: IndexPath?
    drag.itemsForBeginning = { _, indexPath in
      began = indexPath
      return [DragItem(itemProvider: ItemProvider(object: .string("x"), world: s.world))]
    }
    try s.fingers.longPress(try s.cell(2))
    #expect(began == IndexPath(item: 2, section: 0))
    let call = try #require(s.trace.calls("itemsForBeginning").first)
    #expect(call.method == "collectionView(_:itemsForBeginning:at:)")
    #expect(call.argument("indexPath") == "[0, 2]")
    let preview = try #require(s.trace.events.first { $0.name == "dragPreviewParametersForItemAt" })
    #expect(preview.kind == .defaultUsed && preview.result == "nil (the whole cell)")
    #expect(s.world.engine.sessions.first?.items.first?.liftPreviewSize == Size(50, 50))
  }

  @Test("the run loop finishes due work before it delivers a touch: lists lay out before a step's first event")
  func listsLayOutBeforeTheFirstTouch() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let safari = s.world.addItemSource("Safari")
    safari.addItem("link") { [DragItem(itemProvider: ItemProvider(object: .string("x"), world: s.world))] }
    // A drag from another app names no list: the list's first layout
    // (queued when it was made) still comes before the drag's first event.
    try s.fingers.longPress(item: "link", in: safari)
    let names = s.trace.events.map(\.name)
    let layout = try #require(names.firstIndex(of: "numberOfRowsInSection"))
    let drag = try #require(names.firstIndex(of: "dragFromItemSource"))
    #expect(layout < drag)
  }

  @Test("§8.2 a list's drag delegate has no sessionDidTransferItems: the trace says the source is not told")
  func listSourceIsNotToldOfTheTransfer() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    s.makeDragDelegate()
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath))
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: try s.cell(1))
    try s.fingers.release()
    try s.fingers.settle()
    let transfer = try #require(s.trace.events.first { $0.name == "itemsTransferred" })
    #expect(transfer.kind == .step)
    #expect(transfer.result == "source not told (UITableViewDragDelegate has no sessionDidTransferItems)")
  }

  /// The cell drag states the trace recorded, as "cell state".
  private func cellStates(_ s: ListScene) -> [String] {
    s.trace.events.filter { $0.name == "dragStateDidChange" }.map {
      "\($0.argument("cell") ?? "?") \($0.argument("state") ?? "?")"
    }
  }

  @Test(
    "§8.9 a lifted cell goes .lifting as the lift animates, .dragging once it completes, .none when the drag ends",
    arguments: [ViewKind.tableView, .collectionView])
  func cellDragStates(kind: ViewKind) throws {
    let s = try ListScene(kind, items: ["a", "b", "c"])
    let drag = s.makeDragDelegate()
    var statesAtEnd: [String] = []
    drag.dragSessionDidEnd = { _ in statesAtEnd = self.cellStates(s) }
    try s.fingers.longPress(try s.cell(1))
    let cell = try s.cell(1).name
    #expect(cellStates(s) == ["\(cell) .lifting", "\(cell) .dragging"])
    let lifting = try #require(s.trace.events.firstIndex { $0.name == "dragStateDidChange" })
    let animation = try #require(s.trace.events.firstIndex { $0.name == "liftAnimationBegan" })
    #expect(animation < lifting)
    try s.fingers.move(to: s.point(100, 300))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(cellStates(s) == ["\(cell) .lifting", "\(cell) .dragging", "\(cell) .none"])
    // Choice: back to .none just before dragSessionDidEnd.
    #expect(statesAtEnd == cellStates(s))
    #expect(s.list.cellDragStates.isEmpty)
  }

  @Test("§8.9 a lift that runs backwards takes its cell from .lifting back to .none; an abandoned one from .dragging")
  func cellDragStatesOfUnfinishedLifts() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    s.makeDragDelegate()
    let timing = s.world.timing
    try s.fingers.longPress(try s.cell(0), duration: timing.liftDelay + timing.liftAnimation / 2)
    try s.fingers.release()
    try s.fingers.settle()
    let cell = try s.cell(0).name
    #expect(cellStates(s) == ["\(cell) .lifting", "\(cell) .none"])
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(
      cellStates(s) == [
        "\(cell) .lifting", "\(cell) .none", "\(cell) .lifting", "\(cell) .dragging", "\(cell) .none",
      ])
    #expect(s.list.cellDragStates.isEmpty)
  }

  @Test(
    "§8.2 lifting a selected row asks itemsForBeginning once per selected row (choice: touched row first)",
    arguments: [ViewKind.tableView, .collectionView])
  func selectedRowsLiftTogether(kind: ViewKind) throws {
    let s = try ListScene(kind, items: ["a", "b", "c", "d"])
    s.makeDragDelegate()
    s.list.allowsMultipleSelection = true
    try s.fingers.tap(try s.cell(3))
    try s.fingers.tap(try s.cell(1))
    #expect(s.list.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0), IndexPath(item: 1, section: 0)])
    try s.fingers.longPress(try s.cell(1))
    let asked = s.trace.calls("itemsForBeginning").map { $0.argument("indexPath") ?? "?" }
    #expect(asked == ["[0, 1]", "[0, 3]"])
    let items = try #require(s.world.engine.sessions.first).items
    #expect(items.map { $0.localObject as? NSString } == ["b", "d"])
    // Both cells lift (§8.9).
    #expect(cellStates(s).filter { $0.hasSuffix(".lifting") }.count == 2)
  }

  @Test("§8.2 a lift from a row outside the selection, or with one row selected, asks for that row alone")
  func unselectedRowLiftsAlone() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    s.makeDragDelegate()
    s.list.allowsMultipleSelection = true
    try s.fingers.tap(try s.cell(0))
    try s.fingers.tap(try s.cell(1))
    try s.fingers.longPress(try s.cell(2))
    #expect(s.trace.calls("itemsForBeginning").map { $0.argument("indexPath") } == ["[0, 2]"])
  }

  @Test("a tap on a selected row deselects it where several may be selected (didDeselectRowAt)")
  func tapsToggleMultipleSelection() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let delegate = ListDelegate()
    var deselected: [IndexPath] = []
    delegate.didDeselectRowAt = { deselected.append($0) }
    s.list.delegate = delegate
    try s.fingers.tap(try s.cell(0))
    try s.fingers.tap(try s.cell(0))
    #expect(s.list.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(deselected.isEmpty)
    s.list.allowsMultipleSelection = true
    try s.fingers.tap(try s.cell(1))
    try s.fingers.tap(try s.cell(0))
    #expect(s.list.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(deselected == [IndexPath(item: 0, section: 0)])
    #expect(s.trace.calls("didDeselectRowAt").first?.method == "tableView(_:didDeselectRowAt:)")
  }

  @Test("spring loading over a selected row selects it again, where a tap would deselect it (choice)")
  func springLoadingDoesNotDeselect() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let delegate = ListDelegate()
    var deselected = 0
    delegate.didDeselectRowAt = { _ in deselected += 1 }
    s.list.delegate = delegate
    s.list.allowsMultipleSelection = true
    try s.fingers.tap(try s.cell(0))
    let site = CallSite(phase: .drag, session: nil, app: nil, view: s.list.name, interaction: "delegate")
    try s.list.select(IndexPath(item: 0, section: 0), site: site, toggles: false)
    #expect(s.list.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(deselected == 0)
  }

  @Test("no lift over empty space: itemsForBeginning is not called")
  func noLiftOverEmptySpace() throws {
    let s = try ListScene(.tableView, items: ["a"])
    s.makeDragDelegate()
    try s.fingers.longPress(s.point(100, 300))
    #expect(s.trace.calls("itemsForBeginning").isEmpty)
    #expect(s.trace.events.contains { $0.name == "noCell" })
    #expect(!s.list.hasActiveDrag)
  }

  @Test("drag delegate defaults and hasActiveDrag from lift to dragSessionDidEnd")
  func dragDelegateDefaults() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let drag = s.makeDragDelegate()
    var activeAtEnd: Bool?
    drag.dragSessionWillBegin = { _ in }
    drag.dragSessionDidEnd = { _ in activeAtEnd = s.list.hasActiveDrag }
    try s.fingers.longPress(try s.cell(0))
    #expect(s.list.hasActiveDrag)
    try s.fingers.move(to: s.point(100, 300))
    let defaults = s.trace.events(of: .defaultUsed).map { "\($0.name) -> \($0.result ?? "")" }
    #expect(defaults.contains("dragSessionAllowsMoveOperation -> true"))
    #expect(defaults.contains("dragSessionIsRestrictedToDraggingApplication -> false"))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(s.trace.calls("dragSessionWillBegin").count == 1)
    #expect(s.trace.calls("dragSessionDidEnd").first?.method == "tableView(_:dragSessionDidEnd:)")
    #expect(activeAtEnd == false)
    // A cancelled drag asks for the cell's preview parameters again.
    #expect(s.trace.events.filter { $0.name == "dragPreviewParametersForRowAt" }.count == 2)
  }

  @Test("tapping a cell during a drag adds its items with itemsForAddingTo(session, indexPath, point)")
  func itemsForAddingTo() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    let drag = s.makeDragDelegate()
    drag.itemsForAddingTo = { session, indexPath, _ in
      [DragItem(itemProvider: ItemProvider(object: .string(s.model.text(at: indexPath)), world: s.world))]
    }
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: s.point(200, 300))
    try s.fingers.tap(try s.cell(2))
    let call = try #require(s.trace.calls("itemsForAddingTo").first)
    #expect(call.method == "collectionView(_:itemsForAddingTo:at:point:)")
    #expect(call.argument("indexPath") == "[0, 2]")
    #expect(s.fingers.current?.session?.items.count == 2)
  }

  @Test("a tap that adds nothing selects the cell (didSelectItemAt)")
  func tapSelects() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    s.makeDragDelegate()
    let delegate = ListDelegate()
    var selected: [IndexPath] = []
    delegate.didSelectRowAt = { selected.append($0) }
    s.list.delegate = delegate
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: s.point(100, 300))
    try s.fingers.tap(try s.cell(1))
    #expect(s.trace.events.first { $0.name == "itemsForAddingTo" }?.kind == .defaultUsed)
    #expect(selected == [IndexPath(row: 1, section: 0)])
    #expect(s.list.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    #expect(s.trace.calls("didSelectRowAt").first?.method == "tableView(_:didSelectRowAt:)")
  }

  @Test("spring loading over rows selects the row; shouldSpringLoadRowAt can opt a row out")
  func springLoadingRows() throws {
    let s = try ListScene(.tableView, items: ["inbox", "archive"])
    let source = try s.makeOutsideSource()
    s.view.isSpringLoaded = true
    let delegate = ListDelegate()
    var selected: [IndexPath] = []
    delegate.didSelectRowAt = { selected.append($0) }
    delegate.shouldSpringLoadRowAt = { indexPath, _ in indexPath.row != 1 }
    s.list.delegate = delegate
    try s.fingers.longPress(source)
    try s.fingers.move(to: try s.cell(1))
    try s.fingers.wait(2)
    #expect(selected.isEmpty)
    try s.fingers.move(to: try s.cell(0))
    try s.fingers.wait(1.19)
    #expect(selected.isEmpty)
    try s.fingers.wait(0.01)
    #expect(selected == [IndexPath(row: 0, section: 0)])
    #expect(
      s.trace.calls("shouldSpringLoadRowAt").first?.method == "tableView(_:shouldSpringLoadRowAt:with:)")
  }
}
