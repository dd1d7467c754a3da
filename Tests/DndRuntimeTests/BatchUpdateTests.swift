import Foundation
import Testing

@testable import DndRuntime

@Suite("Batch updates and the consistency check")
struct BatchUpdateTests {
  /// What UIKit says when a section's count does not add up (§9.5).
  static func invalidCount(
    _ units: String, after: Int, before: Int, inserted: Int = 0, deleted: Int = 0, movedIn: Int = 0,
    movedOut: Int = 0, section: Int = 0
  ) -> String {
    "Invalid update: invalid number of \(units) in section \(section). The number of \(units) contained "
      + "in an existing section after the update (\(after)) must be equal to the number of \(units) "
      + "contained in that section before the update (\(before)), plus or minus the number of \(units) "
      + "inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus "
      + "the number of \(units) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved "
      + "out)."
  }

  @Test("an insert matching the model passes and the new item's cell is configured")
  func insertMatchingModel() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    s.model.sections[0].insert("new", at: 1)
    try s.list.insertItems(at: [IndexPath(item: 1, section: 0)])
    #expect(try s.cellTexts() == ["a", "new", "b"])
    #expect(try s.list.numberOfItems(inSection: 0) == 3)
    // Only the inserted item is asked for: the others keep their cells.
    let asked = s.trace.calls("cellForItemAt").compactMap { $0.argument("indexPath") }
    #expect(asked == ["[0, 0]", "[0, 1]", "[0, 1]"])
  }

  @Test(
    "delete then insert outside a batch, model changed in between: the consistency exception",
    arguments: [(ViewKind.collectionView, "items"), (.tableView, "rows")])
  func deleteThenInsertOutsideBatch(kind: ViewKind, units: String) throws {
    let s = try ListScene(kind, items: ["a", "b", "c"])
    // The lecture's reorder without performBatchUpdates: move "a" to the end.
    let moved = s.model.sections[0].remove(at: 0)
    s.model.sections[0].insert(moved, at: 2)
    #expect(throws: UIKitException.self) {
      try s.list.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
    let exception = try #require(s.trace.events(of: .exception).first)
    #expect(exception.exceptionName == "NSInternalInconsistencyException")
    #expect(exception.message == Self.invalidCount(units, after: 3, before: 3, deleted: 1))
    #expect(try s.cellTexts() == ["a", "b", "c"])
  }

  /// The reason stays UIKit's; the advice (the model's own word, shown as a
  /// note) tells the ways the Image Gallery meets the exception.
  @Test("a count that does not add up: the exception's advice says how the update came")
  func countAdvice() throws {
    func advice(_ update: () throws -> Void) -> String? {
      do { try update() } catch { return (error as? UIKitException)?.advice }
      return nil
    }
    let batchAdvice = "change the model in the batch by exactly what the batch's calls announce"
    // One call outside a batch, with the model changed twice.
    let single = try ListScene(.collectionView, items: ["a", "b", "c"])
    single.model.sections[0].insert(single.model.sections[0].remove(at: 0), at: 2)
    let outside = advice { try single.list.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
    #expect(outside?.hasPrefix("'deleteItems(at:)' outside 'performBatchUpdates' is an update of its own") == true)
    // A batch whose calls announce less than the model changed.
    let batch = try ListScene(.tableView, items: ["a"])
    let short = advice {
      try batch.list.performBatchUpdates {
        batch.model.sections[0] += ["b", "c"]
        try batch.list.insertRows(at: [IndexPath(row: 1, section: 0)])
      }
    }
    #expect(short == batchAdvice)
    // A list that has not laid out since reloadData reads its counts only now.
    let fresh = try ListScene(.tableView, items: ["a"])
    try fresh.list.reloadData()
    fresh.model.sections[0].append("b")
    let early = advice { try fresh.list.insertRows(at: [IndexPath(row: 1, section: 0)]) }
    #expect(early?.hasPrefix("the table view had not laid out yet") == true)
    #expect(fresh.trace.events(of: .exception).first?.message?.hasPrefix("Invalid update") == true)
    // A batch on such a list loads before its block runs: its counts before are
    // right, and the mistake is the batch's own.
    let unloaded = try ListScene(.collectionView, items: ["a", "b"])
    try unloaded.list.reloadData()
    let unloadedBatch = advice {
      try unloaded.list.performBatchUpdates {
        unloaded.model.sections[0] += ["x", "y"]
        try unloaded.list.insertItems(at: [IndexPath(item: 2, section: 0)])
      }
    }
    #expect(
      unloadedBatch == "the collection view had not laid out yet, so it read its items as the batch opened, a "
        + "change made before 'performBatchUpdates' counted already; " + batchAdvice)
  }

  @Test("the same delete and insert inside performBatchUpdates pass")
  func deleteAndInsertInBatch() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    var completed: [Bool] = []
    try s.list.performBatchUpdates(
      {
        let moved = s.model.sections[0].remove(at: 0)
        s.model.sections[0].insert(moved, at: 2)
        try s.list.deleteItems(at: [IndexPath(item: 0, section: 0)])
        try s.list.insertItems(at: [IndexPath(item: 2, section: 0)])
      }, completion: { completed.append($0) })
    #expect(try s.cellTexts() == ["b", "c", "a"])
    #expect(s.trace.events(of: .exception).isEmpty)
    // The completion runs when the update animation ends.
    #expect(completed.isEmpty)
    try s.fingers.wait(0.3)
    #expect(completed == [true])
  }

  @Test("a move keeps the moved item's cell and only counts across sections")
  func moveAcrossSections() throws {
    let s = try ListScene(.tableView, [["a", "b"], ["c"]])
    let before = try s.cell(0)
    s.model.sections[1].insert(s.model.sections[0].remove(at: 0), at: 1)
    try s.list.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
    #expect(try s.list.cellForRow(at: IndexPath(row: 1, section: 1)) === before)
    #expect(try s.list.numberOfRows(inSection: 0) == 1)
    // Moving without changing the model: section 0 expects one fewer.
    #expect(throws: UIKitException.self) {
      try s.list.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
    }
    #expect(
      s.trace.events(of: .exception).first?.message
        == Self.invalidCount("rows", after: 1, before: 1, movedOut: 1))
  }

  @Test(
    "out-of-range updates use UIKit's messages",
    arguments: [
      ("delete", "attempt to delete row 99 from section 0 which only contains 20 rows before the update"),
      (
        "insert",
        "attempt to insert row 100 into section 0, but there are only 21 rows in section 0 after the update"
      ),
      ("section", "attempt to delete row 0 from section 3, but there are only 1 sections before the update"),
    ])
  func outOfRange(update: String, reason: String) throws {
    let s = try ListScene(.tableView, items: (0..<20).map { "row \($0)" })
    #expect(throws: UIKitException.self) {
      switch update {
      case "delete": try s.list.deleteRows(at: [IndexPath(row: 99, section: 0)])
      case "insert":
        s.model.sections[0].append("new")
        try s.list.insertRows(at: [IndexPath(row: 100, section: 0)])
      default: try s.list.deleteRows(at: [IndexPath(row: 0, section: 3)])
      }
    }
    #expect(s.trace.events(of: .exception).first?.message == reason)
  }

  @Test("a changed number of sections without section updates raises")
  func invalidNumberOfSections() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    s.model.sections.append(["b"])
    #expect(throws: UIKitException.self) { try s.list.performBatchUpdates(nil) }
    #expect(
      s.trace.events(of: .exception).first?.message
        == "Invalid update: invalid number of sections. The number of sections contained in the collection "
        + "view after the update (2) must be equal to the number of sections contained in the collection "
        + "view before the update (1), plus or minus the number of sections inserted or deleted (0 "
        + "inserted, 0 deleted).")
  }

  @Test("an update before the first load counts the changed model as before (choice)")
  func updateBeforeFirstLoad() throws {
    let scene = try TestScene()
    let view = try scene.add(.collectionView, "list", Rect(0, 0, 320, 480))
    let list = try #require(view.list)
    var items: [String] = []
    let dataSource = ListDataSource()
    dataSource.numberOfItemsInSection = { _ in items.count }
    list.dataSource = dataSource
    items.append("first")
    #expect(throws: UIKitException.self) { try list.insertItems(at: [IndexPath(item: 0, section: 0)]) }
    #expect(
      scene.trace.events(of: .exception).first?.message
        == Self.invalidCount("items", after: 1, before: 1, inserted: 1))
  }

  @Test("reloadData asks the data source again at the next layout pass")
  func reloadDataIsLazy() throws {
    let s = try ListScene(.tableView, items: ["a"])
    s.model.sections[0] = ["x", "y"]
    try s.list.reloadData()
    let asked = s.trace.calls("numberOfRowsInSection").count
    try s.fingers.wait(0)
    #expect(s.trace.calls("numberOfRowsInSection").count == asked + 1)
    #expect(try s.cellTexts() == ["x", "y"])
  }

  @Test("§10 list updates off the main queue are reported by the Main Thread Checker")
  func mainThreadChecker() throws {
    let s = try ListScene(.tableView, items: ["a"])
    let queue = s.world.scheduler.backgroundQueue("loader")
    try s.world.scheduler.enqueue(on: queue, label: "background work") { try s.list.reloadData() }
    try s.fingers.settle()
    let warnings = s.trace.events(of: .warning).compactMap(\.message)
    #expect(
      warnings.contains(
        "Main Thread Checker: UI API called on a background thread: -[UITableView reloadData]"))
  }

  /// Choice (§10): the checker reports the script's own UIKit calls; the
  /// cells the table then lays out (frames, subviews) are UIKit's work set
  /// off by that call, and add nothing but what the data source put in the
  /// new cell. One mistake once gave seven warnings, among them setImage:
  /// and setBackgroundColor: the script never asked for.
  @Test("§10 an update off the main queue is reported once, with the content the data source gave")
  func offMainUpdateIsReportedOnce() throws {
    let s = try ListScene(.tableView, items: ["a", "b"])
    let queue = s.world.scheduler.backgroundQueue("loader")
    try s.world.scheduler.enqueue(on: queue, label: "background work") {
      s.model.sections[0].insert("new", at: 0)
      try s.list.insertItems(at: [IndexPath(row: 0, section: 0)])
    }
    try s.fingers.settle()
    let warnings = s.trace.events(of: .warning).compactMap(\.message).map {
      $0.replacingOccurrences(of: "Main Thread Checker: UI API called on a background thread: ", with: "")
    }
    #expect(warnings == ["-[UITableView insertRowsAtIndexPaths:withRowAnimation:]", "-[UILabel setText:]"])
    #expect(try s.cellTexts() == ["new", "a", "b"])
  }

  @Test("reloadItems configures the cell again without changing counts")
  func reloadItems() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    s.model.sections[0][1] = "B"
    try s.list.reloadItems(at: [IndexPath(item: 1, section: 0)])
    #expect(try s.cellTexts() == ["a", "B"])
  }

  @Test("a negative count reads as zero with a console note; a huge one is a named limit")
  func badCounts() throws {
    let s = try ListScene(.tableView, items: ["a"])
    s.dataSource.numberOfRowsInSection = { _ in -3 }
    try s.list.reloadData()
    #expect(try s.list.numberOfRows(inSection: 0) == 0)
    #expect(!s.trace.events(of: .warning).isEmpty)
    s.dataSource.numberOfRowsInSection = { _ in Int.max }
    try s.list.reloadData()
    #expect(throws: RuntimeLimitError.self) { try s.list.layoutIfNeeded() }
  }
}
