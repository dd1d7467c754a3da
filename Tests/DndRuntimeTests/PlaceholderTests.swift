import Foundation
import Testing

@testable import DndRuntime

@Suite("Drop placeholders")
struct PlaceholderTests {
  /// Drops the outside label's string on `point` and puts a placeholder at
  /// the destination; returns its context.
  func dropPlaceholder(_ s: ListScene, at point: TouchTarget) throws -> PlaceholderContext {
    let source = try s.makeOutsideSource()
    var context: PlaceholderContext?
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)) {
      coordinator in
      let placeholder = ListPlaceholder(
        insertionIndexPath: coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0),
        reuseIdentifier: "DropPlaceholderCell")
      placeholder.cellUpdateHandler = { cell in cell.text = "loading" }
      context = try coordinator.drop(coordinator.items[0].dragItem, to: placeholder)
    }
    try s.fingers.longPress(source)
    try s.fingers.move(to: point)
    try s.fingers.release()
    try s.fingers.settle()
    return try #require(context)
  }

  @Test("a placeholder is inserted without the data source: no count change, no cellForItemAt")
  func insertedWithoutDataSource() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    let counted = s.trace.calls("numberOfItemsInSection").count
    let configured = s.trace.calls("cellForItemAt").count
    let context = try dropPlaceholder(s, at: s.point(80, 20))
    #expect(context.insertionIndexPath == IndexPath(item: 1, section: 0))
    #expect(s.trace.calls("numberOfItemsInSection").count == counted)
    #expect(s.trace.calls("cellForItemAt").count == configured)
    #expect(s.trace.calls("cellUpdateHandler").count == 1)
    #expect(try s.list.numberOfItems(inSection: 0) == 2)
    #expect(s.list.hasUncommittedUpdates)
    // The placeholder's cell sits between "a" and "b".
    let texts = s.view.subviews.sorted { $0.frame.minX < $1.frame.minX }.map { $0.text ?? "" }
    #expect(texts == ["a", "loading", "b"])
  }

  /// Choice (not on record): an insertion index path counts the data
  /// source's items, so placeholders given the same one wait side by side,
  /// in the order they were inserted, before the item that has that index.
  @Test("choice: two placeholders at one index path keep the order they were inserted in")
  func placeholdersAtOneIndexPathKeepTheirOrder() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    let source = try s.makeOutsideSource(strings: ["x", "y"])
    var contexts: [PlaceholderContext] = []
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)) {
      coordinator in
      for (index, item) in coordinator.items.enumerated() {
        let placeholder = ListPlaceholder(
          insertionIndexPath: coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0),
          reuseIdentifier: "DropPlaceholderCell")
        placeholder.cellUpdateHandler = { cell in cell.text = "loading \(index)" }
        contexts.append(try coordinator.drop(item.dragItem, to: placeholder))
      }
    }
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(80, 20))
    try s.fingers.release()
    try s.fingers.settle()
    let texts = s.view.subviews.sorted { $0.frame.minX < $1.frame.minX }.map { $0.text ?? "" }
    #expect(texts == ["a", "loading 0", "loading 1", "b"])
    #expect(contexts.map(\.insertionIndexPath) == [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)])
  }

  /// Choice (the wording is ours; UIKit's is not on record): a placeholder
  /// aimed at a section that does not exist says how many sections there are.
  @Test("a placeholder in a section that does not exist raises, counting the sections")
  func placeholderInMissingSection() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let source = try s.makeOutsideSource()
    var raised: UIKitException?
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)) {
      coordinator in
      let placeholder = ListPlaceholder(
        insertionIndexPath: IndexPath(item: 0, section: 3), reuseIdentifier: "DropPlaceholderCell")
      do {
        _ = try coordinator.drop(coordinator.items[0].dragItem, to: placeholder)
      } catch let error as UIKitException {
        raised = error
        throw error
      }
    }
    try s.fingers.longPress(source)
    try s.fingers.move(to: s.point(20, 20))
    _ = try? s.fingers.release()
    #expect(
      raised?.reason
        == "attempt to insert a placeholder at index path ([3, 0]) that does not exist - there is only 1 section")
  }

  @Test("commitInsertion gives the current insertion index path, shifted by updates made since")
  func commitShiftsIndexPath() throws {
    let s = try ListScene(.collectionView, items: ["a", "b"])
    let context = try dropPlaceholder(s, at: s.point(80, 20))
    s.model.sections[0].insert("new", at: 0)
    try s.list.insertItems(at: [IndexPath(item: 0, section: 0)])
    var given: IndexPath?
    let committed = try context.commitInsertion { insertionIndexPath in
      given = insertionIndexPath
      s.model.sections[0].insert("dropped", at: insertionIndexPath.item)
    }
    #expect(committed)
    #expect(given == IndexPath(item: 2, section: 0))
    #expect(try s.cellTexts() == ["new", "a", "dropped", "b"])
    #expect(!s.list.hasUncommittedUpdates)
  }

  @Test("a deletion before the placeholder shifts it down")
  func deletionShiftsDown() throws {
    let s = try ListScene(.tableView, items: ["a", "b", "c"])
    let context = try dropPlaceholder(s, at: s.point(20, 100))
    #expect(context.insertionIndexPath == IndexPath(row: 2, section: 0))
    s.model.sections[0].remove(at: 0)
    try s.list.deleteRows(at: [IndexPath(row: 0, section: 0)])
    #expect(context.insertionIndexPath == IndexPath(row: 1, section: 0))
  }

  @Test("commit after reloadData returns false without running its block")
  func commitAfterReloadData() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let context = try dropPlaceholder(s, at: s.point(20, 20))
    try s.list.reloadData()
    #expect(s.trace.events.last { $0.name == "reloadData" }?.result == "1 placeholder removed")
    var ran = false
    #expect(try context.commitInsertion { _ in ran = true } == false)
    #expect(!ran)
    #expect(
      s.trace.events.last { $0.name == "commitInsertion" }?.result
        == "false: a placeholder that reloadData removed; the block does not run")
    #expect(s.trace.events(of: .warning).isEmpty)
  }

  @Test("committing or deleting twice returns false with a trace step, and no console warning (choice)")
  func twice() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let context = try dropPlaceholder(s, at: s.point(20, 20))
    #expect(try context.commitInsertion { s.model.sections[0].insert("x", at: $0.item) })
    #expect(try context.commitInsertion { _ in Issue.record("must not run") } == false)
    #expect(try context.deletePlaceholder() == false)
    let refused = s.trace.events.filter { $0.result?.hasPrefix("false: ") == true }
    #expect(refused.map(\.name) == ["commitInsertion", "deletePlaceholder"])
    #expect(refused.allSatisfy { $0.result?.contains("was already committed") == true })
    #expect(s.trace.events(of: .warning).isEmpty)
  }

  @Test("deletePlaceholder removes it when the load fails; the data source is not involved")
  func deleteOnFailure() throws {
    let s = try ListScene(.tableView, items: ["a"])
    let context = try dropPlaceholder(s, at: s.point(20, 20))
    #expect(try context.deletePlaceholder())
    #expect(!s.list.hasUncommittedUpdates)
    #expect(s.list.placeholderIndexPaths.isEmpty)
    #expect(try s.cellTexts() == ["a"])
    #expect(s.view.subviews.count == 1)
  }

  @Test("a commit whose block does not update the model raises the consistency exception")
  func commitWithoutModelUpdate() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let context = try dropPlaceholder(s, at: s.point(20, 20))
    #expect(throws: UIKitException.self) { try context.commitInsertion { _ in } }
    #expect(
      s.trace.events(of: .exception).first?.message
        == BatchUpdateTests.invalidCount("items", after: 1, before: 1, inserted: 1))
  }

  @Test("setNeedsCellUpdate runs the cell update handler again")
  func setNeedsCellUpdate() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let context = try dropPlaceholder(s, at: s.point(20, 20))
    try context.setNeedsCellUpdate()
    #expect(s.trace.calls("cellUpdateHandler").count == 2)
  }

  @Test("the lecture's flow: a slow load from another app, a placeholder, a commit on the main queue")
  func slowLoadFromAnotherApp() throws {
    let s = try ListScene(.collectionView, items: ["a"])
    let safari = s.world.addItemSource("Safari")
    safari.addItem("photo") {
      let provider = ItemProvider(
        object: .image(ImageValue(name: "dawn", size: Size(800, 600))), world: s.world)
      provider.latency = 2
      return [DragItem(itemProvider: provider)]
    }
    s.makeDropDelegate(proposal: ListDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)) {
      coordinator in
      let item = coordinator.items[0]
      let placeholder = ListPlaceholder(
        insertionIndexPath: coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0),
        reuseIdentifier: "DropPlaceholderCell")
      let context = try coordinator.drop(item.dragItem, to: placeholder)
      try item.dragItem.itemProvider.loadObject(ofClass: .image) { value, _ in
        try s.world.scheduler.enqueue(on: s.world.scheduler.main, label: "main.async") {
          guard case .image(let image) = value else {
            try context.deletePlaceholder()
            return
          }
          try context.commitInsertion { s.model.sections[0].insert(image.name, at: $0.item) }
        }
      }
    }
    try s.fingers.longPress(item: "photo", in: safari)
    try s.fingers.move(to: s.point(20, 20))
    try s.fingers.release()
    try s.fingers.wait(1)
    #expect(s.list.hasUncommittedUpdates)
    try s.fingers.settle()
    #expect(try s.cellTexts() == ["dawn", "a"])
    #expect(!s.list.hasUncommittedUpdates)
  }
}
