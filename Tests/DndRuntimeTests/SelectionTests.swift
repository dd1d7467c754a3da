import Foundation
import Testing

@testable import DndRuntime

/// Selection made by code, and the selection through updates. Taps and the
/// lift of selected rows are in ListDragTests (§8.2).
@Suite struct SelectionTests {
  private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

  /// A delegate that counts its select and deselect calls.
  private func countingDelegate(_ s: ListScene) -> () -> Int {
    let delegate = ListDelegate()
    var calls = 0
    delegate.didSelectItemAt = { _ in calls += 1 }
    delegate.didDeselectItemAt = { _ in calls += 1 }
    s.list.delegate = delegate
    return { calls }
  }

  @Test(
    "selectRow and deselectRow from code call no delegate method (documented); the trace shows them as steps",
    arguments: [ViewKind.tableView, .collectionView])
  func codeSelectsSilently(kind: ViewKind) throws {
    let s = try ListScene(kind, items: ["a", "b", "c"])
    let calls = countingDelegate(s)
    s.list.allowsMultipleSelection = true
    try s.list.selectItem(at: path(2))
    try s.list.selectItem(at: path(0))
    s.list.deselectItem(at: path(2))
    #expect(s.list.indexPathsForSelectedItems == [path(0)])
    #expect(calls() == 0)
    let unit = kind == .tableView ? "Row" : "Item"
    let steps = s.trace.events(of: .step).filter { $0.name.contains("elect\(unit)") }
    #expect(steps.map(\.name) == [
      "select\(unit)(at:animated:scrollPosition:)", "select\(unit)(at:animated:scrollPosition:)",
      "deselect\(unit)(at:animated:)",
    ])
    #expect(steps.map(\.result) == ["selected [0, 2]", "selected [0, 2] [0, 0]", "selected [0, 0]"])
    try s.list.selectItem(at: nil)
    #expect(s.list.indexPathsForSelectedItems.isEmpty)
  }

  @Test("§10 selection from code off the main queue is reported by the Main Thread Checker")
  func selectionOffMain() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    let queue = s.world.scheduler.backgroundQueue("loader")
    try s.world.scheduler.enqueue(on: queue, label: "background work") {
      try s.list.selectItem(at: path(1))
      s.list.deselectItem(at: path(1))
    }
    try s.fingers.settle()
    let warnings = s.trace.events(of: .warning).compactMap(\.message)
    let prefix = "Main Thread Checker: UI API called on a background thread: -[UICollectionView "
    #expect(warnings.contains(prefix + "selectItemAtIndexPath:animated:scrollPosition:]"))
    #expect(warnings.contains(prefix + "deselectItemAtIndexPath:animated:]"))
  }

  @Test("without allowsMultipleSelection a row selected by code replaces the selection")
  func codeReplacesSingleSelection() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    try s.list.selectItem(at: path(0))
    try s.list.selectItem(at: path(1))
    #expect(s.list.indexPathsForSelectedRows == [path(1)])
    #expect(s.list.indexPathForSelectedRow == path(1))
  }

  @Test("a row the list does not have is not selected, and the step says so (choice)")
  func missingRowIsNotSelected() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    try s.list.selectItem(at: path(0))
    try s.list.selectItem(at: path(5))
    try s.list.selectItem(at: path(0, 3))
    #expect(s.list.indexPathsForSelectedItems == [path(0)])
    #expect(s.trace.events(of: .step).last?.result == "no such row; the selection is unchanged")
  }

  @Test("rows selected by code lift together, like tapped ones (§8.2)")
  func codeSelectionLiftsTogether() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    s.makeDragDelegate()
    s.list.allowsMultipleSelection = true
    try s.list.selectItem(at: path(0))
    try s.list.selectItem(at: path(2))
    try s.fingers.longPress(try s.cell(2))
    #expect(s.trace.calls("itemsForBeginning").map { $0.argument("indexPath") } == ["[0, 2]", "[0, 0]"])
  }

  @Test(
    "the selection follows its rows: inserts and deletes shift it, a moved row stays selected, a deleted one leaves",
    arguments: [ViewKind.tableView, .collectionView])
  func selectionFollowsUpdates(kind: ViewKind) throws {
    let s = try ListScene(kind, items: ["a", "b", "c", "d"])
    let calls = countingDelegate(s)
    s.list.allowsMultipleSelection = true
    try s.list.selectItem(at: path(1))
    try s.list.selectItem(at: path(3))
    s.model.sections[0].insert("new", at: 0)
    try s.list.insertItems(at: [path(0)])
    #expect(s.list.indexPathsForSelectedItems == [path(2), path(4)])
    s.model.sections[0].remove(at: 2)
    try s.list.deleteItems(at: [path(2)])
    #expect(s.list.indexPathsForSelectedItems == [path(3)])
    s.model.sections[0].insert(s.model.sections[0].remove(at: 3), at: 0)
    try s.list.moveItem(at: path(3), to: path(0))
    #expect(s.list.indexPathsForSelectedItems == [path(0)])
    // A deleted row leaves the selection without a delegate call.
    #expect(calls() == 0)
  }

  /// A list of "a", "b", "c" that allows multiple selection, with `rows` selected by code.
  private func threeRows(_ kind: ViewKind, selecting rows: [Int]) throws -> ListScene {
    let s = try ListScene(kind, items: ["a", "b", "c"])
    s.list.allowsMultipleSelection = true
    for row in rows { try s.list.selectItem(at: path(row)) }
    return s
  }

  @Test("reloadRows deselects the rows it reloads (reported); other rows stay selected")
  func reloadDeselects() throws {
    let s = try threeRows(.tableView, selecting: [0, 2])
    try s.list.reloadItems(at: [path(0)])
    #expect(s.list.indexPathsForSelectedItems == [path(2)])
  }

  @Test("reloadData keeps the selected index paths the new counts still have (reported of collection views; choice)")
  func reloadDataKeepsSelectionInRange() throws {
    let s = try threeRows(.collectionView, selecting: [0, 2])
    s.model.sections[0].removeLast()
    try s.list.reloadData()
    try s.list.layoutIfNeeded()
    #expect(s.list.indexPathsForSelectedItems == [path(0)])
  }
}
