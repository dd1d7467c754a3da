import Foundation
import Testing

@testable import DndRuntime

@Suite("List layout and index paths")
struct ListLayoutTests {
  @Test("index paths: item/row and section accessors, order by section then item")
  func indexPaths() {
    let path = IndexPath(item: 3, section: 1)
    #expect(path.item == 3 && path.row == 3 && path.section == 1)
    #expect(IndexPath(row: 3, section: 1) == path)
    #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
    #expect(IndexPath(indexes: []).item == 0)
  }

  @Test("a table stacks rows of rowHeight by section; points map to rows and back")
  func tableRows() throws {
    let s = try ListScene(.tableView, [["a", "b"], ["c"]])
    #expect(try s.list.indexPathForRow(at: Point(10, 50)) == IndexPath(row: 1, section: 0))
    #expect(try s.list.indexPathForRow(at: Point(10, 100)) == IndexPath(row: 0, section: 1))
    #expect(try s.list.indexPathForRow(at: Point(10, 200)) == nil)
    #expect(try s.list.frameForItem(at: IndexPath(row: 0, section: 1)) == Rect(0, 88, 320, 44))
    s.list.rowHeight = 60
    #expect(try s.list.indexPathForRow(at: Point(10, 50)) == IndexPath(row: 0, section: 0))
    #expect(try s.cell(0, section: 1).frame == Rect(0, 120, 320, 60))
  }

  /// Choice (§8.3, written next to the destination rule): with no header or
  /// footer between a table's sections, the place after a section's last
  /// row is the next section's first row, so a drop never aims at the end of
  /// a section that another follows; the last section's end is reachable.
  @Test("§8.3 a table's destinations: the next section's first row, not the end of the section before it")
  func endOfASectionThatAnotherFollows() throws {
    let s = try ListScene(.tableView, [["a", "b"], ["c"]])
    try s.list.layoutIfNeeded()
    let layout = s.list.currentLayout()
    var destinations: Set<IndexPath> = []
    for y in stride(from: 0.0, to: 200.0, by: 2) {
      if let slot = layout.destination(at: Point(10, y)) { destinations.insert(slot.indexPath) }
    }
    #expect(!destinations.contains(IndexPath(row: 2, section: 0)))
    #expect(destinations.contains(IndexPath(row: 1, section: 0)))
    #expect(destinations.contains(IndexPath(row: 0, section: 1)))
    #expect(destinations.contains(IndexPath(row: 1, section: 1)))
  }

  @Test("a collection view flows fixed-size items in lines that wrap at its width")
  func flowLayout() throws {
    let s = try ListScene(.collectionView, items: (0..<7).map { "\($0)" })
    #expect(try s.list.frameForItem(at: IndexPath(item: 4, section: 0)) == Rect(240, 0, 50, 50))
    #expect(try s.list.frameForItem(at: IndexPath(item: 5, section: 0)) == Rect(0, 60, 50, 50))
    #expect(try s.list.indexPathForItem(at: Point(70, 70)) == IndexPath(item: 6, section: 0))
    // The spacing between items is no item.
    #expect(try s.list.indexPathForItem(at: Point(55, 10)) == nil)
    #expect(try s.list.contentSize == Size(320, 110))
  }

  @Test("cellForItem(at:) returns visible cells only, and only they are configured")
  func visibleCellsOnly() throws {
    let s = try ListScene(.tableView, items: (0..<30).map { "row \($0)" })
    #expect(try s.list.indexPathsForVisibleRows.count == 11)
    #expect(try s.list.cellForRow(at: IndexPath(row: 10, section: 0)) != nil)
    #expect(try s.list.cellForRow(at: IndexPath(row: 11, section: 0)) == nil)
    #expect(s.trace.calls("cellForRowAt").count == 11)
    let cell = try s.cell(3)
    #expect(cell.kind == .tableViewCell && cell.text == "row 3" && cell.superview === s.view)
    #expect(try s.list.indexPath(for: cell) == IndexPath(row: 3, section: 0))
  }

  @Test(
    "destination index path: the cell under the point, one past the end after the last, nil over empty space",
    arguments: [
      (ViewKind.tableView, Point(10, 50), "[0, 1]"),
      (.tableView, Point(10, 140), "[0, 3]"),
      (.tableView, Point(10, 300), "nil"),
      (.collectionView, Point(130, 20), "[0, 2]"),
      (.collectionView, Point(200, 20), "[0, 3]"),
      (.collectionView, Point(300, 20), "[0, 3]"),
      (.collectionView, Point(20, 200), "nil"),
    ])
  func destinationIndexPath(kind: ViewKind, point: Point, expected: String) throws {
    let s = try ListScene(kind, items: ["a", "b", "c"])
    try s.makeOutsideSource()
    var seen: [String] = []
    let drop = s.makeDropDelegate()
    drop.dropSessionDidUpdate = { _, destination in
      seen.append(indexPathText(destination))
      return ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }
    try s.fingers.longPress(try #require(s.scene.root.subviews.last))
    try s.fingers.move(to: s.point(point.x, point.y))
    #expect(seen == [expected])
  }

  @Test("a list with no data source shows one empty section")
  func noDataSource() throws {
    let scene = try TestScene()
    let view = try scene.add(.collectionView, "list", Rect(0, 0, 100, 100))
    let list = try #require(view.list)
    #expect(try list.numberOfSections == 1)
    #expect(try list.numberOfItems(inSection: 0) == 0)
    #expect(throws: UIKitException.self) { try list.numberOfItems(inSection: 2) }
  }

  @Test("odd metrics never break the layout")
  func oddMetrics() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    s.list.itemSize = Size(-5, .infinity)
    s.list.minimumInteritemSpacing = .nan
    #expect(try s.list.indexPathsForVisibleItems.count == 2)
  }
}
