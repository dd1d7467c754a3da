import Foundation
import Testing

@testable import DndRuntime

/// The model a test list shows: sections of strings, read by its data source.
final class ListModel {
  var sections: [[String]]

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func text(at indexPath: IndexPath) -> String {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].indices.contains(indexPath.item)
    else { return "?" }
    return sections[indexPath.section][indexPath.item]
  }
}

/// A scene with one table or collection view (named "list") at the top left
/// of the root view, a data source reading a `ListModel`, and a label
/// ("source") to the right that can start drags from outside the list.
struct ListScene {
  let scene: TestScene
  let view: View
  let list: ListView
  let model: ListModel
  let dataSource = ListDataSource()

  /// 320x480 by default: a table shows 10 rows of 44 pt (and part of an
  /// 11th); a collection view lines up 5 items of 50 pt, 10 pt apart.
  init(
    _ kind: ViewKind, _ sections: [[String]], frame: Rect = Rect(0, 0, 320, 480), device: Device = .iPad
  ) throws {
    scene = try TestScene(device: device)
    view = try scene.add(kind, "list", frame)
    list = try #require(view.list)
    model = ListModel(sections)
    let model = self.model
    dataSource.numberOfSections = { model.sections.count }
    dataSource.numberOfItemsInSection = { section in
      model.sections.indices.contains(section) ? model.sections[section].count : 0
    }
    dataSource.cellForItemAt = { indexPath in CellContent(text: model.text(at: indexPath)) }
    list.dataSource = dataSource
    try list.layoutIfNeeded()
  }

  init(_ kind: ViewKind, items: [String], frame: Rect = Rect(0, 0, 320, 480), device: Device = .iPad) throws {
    try self.init(kind, [items], frame: frame, device: device)
  }

  var world: World { scene.world }
  var fingers: TouchDriver { scene.fingers }
  var trace: Trace { scene.trace }

  /// The cell of a visible item.
  func cell(_ item: Int, section: Int = 0) throws -> View {
    try #require(try list.cellForItem(at: IndexPath(item: item, section: section)))
  }

  /// The texts of the visible cells, in index path order.
  func cellTexts() throws -> [String] {
    try list.indexPathsForVisibleItems.map { try cell($0.item, section: $0.section).text ?? "" }
  }

  /// A point of the list's view on the screen.
  func point(_ x: Double, _ y: Double) -> TouchTarget {
    .pointIn(view, Point(x, y))
  }

  /// A drag delegate lifting one string item per index path (the model's text).
  @discardableResult
  func makeDragDelegate() -> ListDragDelegate {
    let delegate = ListDragDelegate()
    let model = self.model
    let world = self.world
    delegate.itemsForBeginning = { _, indexPath in
      let item = DragItem(
        itemProvider: ItemProvider(object: .string(model.text(at: indexPath)), world: world))
      item.localObject = model.text(at: indexPath) as NSString
      return [item]
    }
    list.dragDelegate = delegate
    return delegate
  }

  /// A drop delegate proposing `proposal` (nil: not implemented) whose
  /// `performDropWith` runs `perform`.
  @discardableResult
  func makeDropDelegate(
    proposal: ListDropProposal? = nil, perform: @escaping (DropCoordinator) throws -> Void = { _ in }
  ) -> ListDropDelegate {
    let delegate = ListDropDelegate()
    if let proposal { delegate.dropSessionDidUpdate = { _, _ in proposal } }
    delegate.performDropWith = perform
    list.dropDelegate = delegate
    return delegate
  }

  /// A label outside the list that drags the given strings.
  @discardableResult
  func makeOutsideSource(strings: [String] = ["outside"]) throws -> View {
    let source = try scene.add(.label, "source", Rect(400, 100, 200, 30))
    source.isUserInteractionEnabled = true
    scene.makeDragSource(source, strings: strings)
    return source
  }

  /// The UIKit spellings of the delegate calls made on the list's view
  /// (data source calls excluded).
  var listCalls: [String] {
    trace.events.filter { $0.kind == .call && $0.view == "list" && $0.interaction != "dataSource" }
      .map(\.method)
  }
}
