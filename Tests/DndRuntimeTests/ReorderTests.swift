import Foundation
import Testing

@testable import DndRuntime

@Suite("Reordering inside a table or collection view")
struct ReorderTests {
  /// The reorder proposal (a new object each time: proposals are mutable classes).
  static var move: ListDropProposal {
    ListDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
  }

  /// Lifts `item`'s cell and drags it to a point of the list, then lets go.
  func reorder(_ s: ListScene, item: Int, to point: TouchTarget, through: [TouchTarget] = []) throws {
    try s.fingers.longPress(try s.cell(item))
    try s.fingers.move(through: through + [point])
    try s.fingers.release()
    try s.fingers.settle()
  }

  /// A table of "a", "b", "c" whose data source moves rows in its model
  /// (moveRowAt), and whose drop delegate must not be asked to perform.
  func reorderingTable() throws -> ListScene {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    s.makeDragDelegate()
    s.makeDropDelegate(proposal: Self.move) { _ in Issue.record("performDropWith must not be called") }
    s.dataSource.moveRowAt = { source, destination in
      s.model.sections[0].insert(s.model.sections[0].remove(at: source.row), at: destination.row)
    }
    return s
  }

  @Test("a table reorders a single row through moveRowAt instead of performDropWith")
  func tableMoveRowAtPath() throws {
    let s = try reorderingTable()
    let lifted = try s.cell(0)
    try reorder(s, item: 0, to: .view(try s.cell(2)))
    let move = try #require(s.trace.calls("moveRowAt").first)
    #expect(move.method == "tableView(_:moveRowAt:to:)")
    #expect(move.argument("sourceIndexPath") == "[0, 0]" && move.argument("destinationIndexPath") == "[0, 2]")
    #expect(s.trace.events.first { $0.name == "canMoveRowAt" }?.kind == .defaultUsed)
    #expect(try s.cellTexts() == ["b", "c", "a"])
    #expect(try s.list.cellForRow(at: IndexPath(row: 2, section: 0)) === lifted)
    #expect(s.trace.events(of: .exception).isEmpty)
  }

  @Test("a selected row reordered through moveRowAt stays selected where it lands (inferred)")
  func reorderKeepsSelection() throws {
    let s = try reorderingTable()
    s.list.allowsMultipleSelection = true
    try s.list.selectItem(at: IndexPath(row: 1, section: 0))
    try reorder(s, item: 0, to: .view(try s.cell(2)))
    #expect(try s.cellTexts() == ["b", "c", "a"])
    // "b" was selected at row 1; the row moved up to 0 when "a" left.
    #expect(s.list.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
  }

  @Test("canMoveRowAt false: the table calls performDropWith instead")
  func canMoveRowAtRefuses() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    s.makeDragDelegate()
    var performed = 0
    s.makeDropDelegate(proposal: Self.move) { _ in performed += 1 }
    s.dataSource.moveRowAt = { _, _ in Issue.record("moveRowAt must not be called") }
    s.dataSource.canMoveRowAt = { _ in false }
    try reorder(s, item: 0, to: .view(try s.cell(2)))
    #expect(performed == 1)
  }

  @Test("§8.8: two rows moved in a table go to performDropWith, and the trace says why moveRowAt was not used")
  func twoRowsGoToPerformDropWith() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c", "d"])
    let drag = s.makeDragDelegate()
    drag.itemsForAddingTo = { _, indexPath, _ in
      [DragItem(itemProvider: ItemProvider(object: .string(s.model.text(at: indexPath)), world: s.world))]
    }
    var performed = 0
    s.makeDropDelegate(proposal: Self.move) { _ in performed += 1 }
    s.dataSource.moveRowAt = { _, _ in Issue.record("moveRowAt must not be called for two rows") }
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: s.point(200, 100))
    try s.fingers.tap(try s.cell(1))
    try s.fingers.move(to: .view(try s.cell(3)))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(performed == 1)
    let step = try #require(s.trace.events.first { $0.name == "noReorder" })
    #expect(step.argument("items") == "2")
    #expect(step.argument("fromOutside") == "0")
    #expect(step.result?.hasPrefix("2 rows:") == true)
    let order = s.trace.events.map(\.name).filter { $0 == "noReorder" || $0 == "performDropWith" }
    #expect(order.first == "noReorder", "\(order)")
  }

  @Test("§8.8: an item from outside the table goes to performDropWith, and the trace says why")
  func itemFromOutsideGoesToPerformDropWith() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let source = try s.makeOutsideSource()
    var performed = 0
    s.makeDropDelegate(proposal: Self.move) { _ in performed += 1 }
    s.dataSource.moveRowAt = { _, _ in Issue.record("moveRowAt must not be called for an item from outside") }
    try s.fingers.longPress(source)
    try s.fingers.move(to: .view(try s.cell(1)))
    try s.fingers.release()
    try s.fingers.settle()
    #expect(performed == 1)
    let step = try #require(s.trace.events.first { $0.name == "noReorder" })
    #expect(step.result?.hasPrefix("an item comes from outside this table") == true, "\(step)")
    #expect(step.argument("fromOutside") == "1")
  }

  @Test("choice: a row added by a tap ends its lift at once when the finger lifts during it, before the set-down")
  func addedLiftEndsBeforeTheSetDown() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c", "d"])
    let drag = s.makeDragDelegate()
    drag.itemsForAddingTo = { _, indexPath, _ in
      [DragItem(itemProvider: ItemProvider(object: .string(s.model.text(at: indexPath)), world: s.world))]
    }
    s.makeDropDelegate(proposal: Self.move) { _ in }
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: s.point(200, 100))
    try s.fingers.tap(try s.cell(1))
    // No time passes: the added row's lift animation (0.25 s) is still running.
    try s.fingers.release()
    try s.fingers.settle()
    let names = s.trace.events.map(\.name)
    let setDown = try #require(names.firstIndex(of: "setDown"))
    let states = s.trace.events.enumerated().filter {
      $0.element.name == "dragStateDidChange" && $0.element.argument("cell")?.hasSuffix("[0, 1]") == true
    }
    #expect(states.map { $0.element.argument("state") } == [".lifting", ".dragging", ".none"])
    #expect(states.dropLast().allSatisfy { $0.offset < setDown })
    let ended = try #require(names.lastIndex(of: "liftAnimationEnded"))
    #expect(ended < setDown)
  }

  @Test("a collection view reorders in performDropWith with a batch delete and insert (seed 001)")
  func collectionReorderInBatch() throws {
    let s = try ListScene(.collectionView, items: ["Venice", "Arctic", "Dawn", "Sea"])
    s.makeDragDelegate()
    s.dataSource.moveItemAt = { _, _ in Issue.record("a collection view does not call moveItemAt on drop") }
    s.makeDropDelegate(proposal: Self.move) { coordinator in
      let destination = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)
      for item in coordinator.items {
        guard let source = item.sourceIndexPath else { continue }
        try s.list.performBatchUpdates({
          let image = s.model.sections[0].remove(at: source.item)
          s.model.sections[0].insert(image, at: destination.item)
          try s.list.deleteItems(at: [source])
          try s.list.insertItems(at: [destination])
        })
        try coordinator.drop(item.dragItem, toItemAt: destination)
      }
    }
    // To the end of the first line: past the last item, in reorder mode the
    // last index is count - 1 (the lifted item's slot is closed).
    try reorder(s, item: 0, to: s.point(280, 20), through: [s.point(100, 20)])
    #expect(try s.cellTexts() == ["Arctic", "Dawn", "Sea", "Venice"])
    #expect(s.trace.calls("performDropWith").first?.argument("destinationIndexPath") == "[0, 3]")
    #expect(s.trace.events(of: .exception).isEmpty)
  }

  @Test("a multi-item move in a collection view opens no gap (reported bug, choice)")
  func multiItemMoveOpensNoGap() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    let drag = s.makeDragDelegate()
    drag.itemsForAddingTo = { _, indexPath, _ in
      [DragItem(itemProvider: ItemProvider(object: .string(s.model.text(at: indexPath)), world: s.world))]
    }
    var performed = 0
    s.makeDropDelegate(proposal: Self.move) { _ in performed += 1 }
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: s.point(200, 20))
    #expect(s.list.hasUncommittedUpdates)
    try s.fingers.tap(try s.cell(1))
    try s.fingers.move(to: s.point(210, 20))
    #expect(s.fingers.current?.session?.items.count == 2)
    #expect(!s.list.hasUncommittedUpdates)
    try s.fingers.release()
    #expect(performed == 1)
  }

  @Test("reorderingCadence: UIKit's raw values, immediate by default, stored")
  func reorderingCadence() throws {
    #expect(ReorderingCadence.immediate.rawValue == 0)
    #expect(ReorderingCadence.fast.rawValue == 1)
    #expect(ReorderingCadence.slow.rawValue == 2)
    let s = try ListScene(.collectionView, items: ["a"])
    #expect(s.list.reorderingCadence == .immediate)
    s.list.reorderingCadence = .slow
    #expect(s.list.reorderingCadence == .slow)
  }

  @Test("drop intents have UIKit's raw values")
  func intentRawValues() {
    #expect(DropIntent.unspecified.rawValue == 0)
    #expect(DropIntent.insertAtDestinationIndexPath.rawValue == 1)
    #expect(DropIntent.insertIntoDestinationIndexPath.rawValue == 2)
    #expect(DropIntent.automatic.rawValue == 3)
    #expect(ListDropProposal(operation: .copy).intent == .unspecified)
  }
}
