import DndCheck
import DndRuntime
import Foundation

/// The members of a `tableView` or `collectionView` value: its layout
/// settings, its drag and drop state, and UIKit's methods for updating and
/// querying it. A table answers to the row spellings (`insertRows(at:with:)`,
/// `cellForRow(at:)`), a collection view to the item spellings, as in UIKit.
/// A UIKit exception (an inconsistent update) ends the app: it passes through
/// to the step or runner, already recorded in the trace by the list.
extension ViewObject {
  // MARK: Properties

  /// A list's own property, or nil if `member` is not one.
  func listMember(_ member: Symbol) throws -> Value? {
    guard let list = view.list else { return nil }
    let table = list.kind == .table
    switch member.known {
    case .rowHeight? where table: return .double(list.rowHeight)
    case .itemSize? where !table: return .object(SizeObject(list.itemSize))
    case .minimumInteritemSpacing? where !table: return .double(list.minimumInteritemSpacing)
    case .minimumLineSpacing? where !table: return .double(list.minimumLineSpacing)
    case .reorderingCadence? where !table: return ListConvert.value(of: list.reorderingCadence)
    case .dragInteractionEnabled?: return .bool(list.dragInteractionEnabled)
    case .allowsMultipleSelection?: return .bool(list.allowsMultipleSelection)
    case .hasActiveDrag?: return .bool(list.hasActiveDrag)
    case .hasActiveDrop?: return .bool(list.hasActiveDrop)
    case .hasUncommittedUpdates?: return .bool(list.hasUncommittedUpdates)
    case .numberOfSections?: return .int(try list.numberOfSections)
    case .contentSize?: return .object(SizeObject(try list.contentSize))
    case .indexPathsForVisibleRows? where table, .indexPathsForVisibleItems? where !table:
      return .array(try list.indexPathsForVisibleItems.map(IndexPathObject.value))
    case .indexPathsForSelectedRows? where table, .indexPathsForSelectedItems? where !table:
      return .array(list.indexPathsForSelectedItems.map(IndexPathObject.value))
    case .indexPathForSelectedRow? where table:
      return list.indexPathForSelectedRow.map(IndexPathObject.value) ?? .nil
    default: return nil
    }
  }

  /// Sets a list's own property; false if `member` is not one.
  func setListMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws -> Bool {
    guard let list = view.list else { return false }
    let table = list.kind == .table
    let property = "\(typeName).\(interpreter.name(of: member))"
    switch member.known {
    case .rowHeight? where table: list.rowHeight = try number(value, property)
    case .itemSize? where !table:
      guard let size = value.object(as: SizeObject.self) else {
        throw RuntimeError(.propertyType(property, expected: "a Size", found: value.typeName))
      }
      list.itemSize = size.size
    case .minimumInteritemSpacing? where !table: list.minimumInteritemSpacing = try number(value, property)
    case .minimumLineSpacing? where !table: list.minimumLineSpacing = try number(value, property)
    case .reorderingCadence? where !table:
      list.reorderingCadence = try ListConvert.cadence(value, for: property)
    case .dragInteractionEnabled?:
      guard case .bool(let flag) = value else {
        throw RuntimeError(.propertyType(property, expected: "a Bool", found: value.typeName))
      }
      list.dragInteractionEnabled = flag
    case .allowsMultipleSelection?:
      guard case .bool(let flag) = value else {
        throw RuntimeError(.propertyType(property, expected: "a Bool", found: value.typeName))
      }
      list.allowsMultipleSelection = flag
    default: return false
    }
    return true
  }

  private func number(_ value: Value, _ property: String) throws -> Double {
    guard let number = value.doubleValue else {
      throw RuntimeError(.propertyType(property, expected: "a number", found: value.typeName))
    }
    return number
  }

  // MARK: Methods

  /// A list's own method, or nil if `member` is not one (or its labels do
  /// not match, so the caller reports no matching method).
  func callListMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value? {
    guard let list = view.list, let known = member.known else { return nil }
    let table = list.kind == .table
    let name = interpreter.name(of: member)
    switch known {
    case .reloadData where arguments.isEmpty:
      try list.reloadData()
    case .insertRows where table, .insertItems where !table:
      guard let paths = try updatePaths(arguments, name) else { return nil }
      try list.insertItems(at: paths)
    case .deleteRows where table, .deleteItems where !table:
      guard let paths = try updatePaths(arguments, name) else { return nil }
      try list.deleteItems(at: paths)
    case .reloadRows where table, .reloadItems where !table:
      guard let paths = try updatePaths(arguments, name) else { return nil }
      try list.reloadItems(at: paths)
    case .moveRow where table, .moveItem where !table:
      guard arguments.hasLabels(.at, .to) else { return nil }
      try list.moveItem(
        at: try IndexPathObject.indexPath(arguments[0], for: "\(name)(at:)"),
        to: try IndexPathObject.indexPath(arguments[1], for: "\(name)(to:)"))
    case .performBatchUpdates:
      try performBatchUpdates(list, arguments, interpreter: interpreter)
    case .indexPathForRow where table, .indexPathForItem where !table:
      guard arguments.hasLabels(.at) else { return nil }
      view.noteRead(table ? "indexPathForRowAtPoint:" : "indexPathForItemAtPoint:")
      let point = try Convert.point(arguments[0], for: "\(name)(at:)")
      return try list.indexPathForItem(at: point).map(IndexPathObject.value) ?? .nil
    case .cellForRow where table, .cellForItem where !table:
      guard arguments.hasLabels(.at) else { return nil }
      view.noteRead(table ? "cellForRowAtIndexPath:" : "cellForItemAtIndexPath:")
      let path = try IndexPathObject.indexPath(arguments[0], for: "\(name)(at:)")
      return try list.cellForItem(at: path).map { .object(scene.object(for: $0)) } ?? .nil
    case .numberOfRows where table, .numberOfItems where !table:
      guard arguments.hasLabels(.inSection) else { return nil }
      view.noteRead(table ? "numberOfRowsInSection:" : "numberOfItemsInSection:")
      return .int(
        try list.numberOfItems(inSection: try Convert.integer(arguments[0], for: "\(name)(inSection:)")))
    case .indexPath:
      guard arguments.hasLabels(.for) else { return nil }
      view.noteRead("indexPathForCell:")
      let cell = try Convert.view(arguments[0], for: "indexPath(for:)")
      return try list.indexPath(for: cell).map(IndexPathObject.value) ?? .nil
    case .layoutIfNeeded where arguments.isEmpty:
      try list.layoutIfNeeded()
    case .selectRow where table, .selectItem where !table:
      guard arguments.hasLabels(.at, .animated, .scrollPosition) else { return nil }
      let path = arguments[0].isNil ? nil : try IndexPathObject.indexPath(arguments[0], for: "\(name)(at:)")
      _ = try Convert.bool(arguments[1], for: "\(name)(animated:)")
      try checkScrollPosition(arguments[2], table: table, for: "\(name)(at:animated:scrollPosition:)")
      try list.selectItem(at: path)
    case .deselectRow where table, .deselectItem where !table:
      guard arguments.hasLabels(.at, .animated) else { return nil }
      let path = try IndexPathObject.indexPath(arguments[0], for: "\(name)(at:)")
      _ = try Convert.bool(arguments[1], for: "\(name)(animated:)")
      list.deselectItem(at: path)
    default:
      return nil
    }
    return .nil
  }

  /// A scroll position, accepted and not acted on (scrolling is not
  /// modelled): a table's `.none`, `.top`, `.middle` or `.bottom`; a
  /// collection view's option set, `[]` or any of `.top`,
  /// `.centeredVertically`, `.bottom`, `.left`, `.centeredHorizontally`,
  /// `.right`.
  private func checkScrollPosition(_ value: Value, table: Bool, for name: String) throws {
    let names: [KnownMember] =
      table
      ? [.none, .top, .middle, .bottom]
      : [.top, .centeredVertically, .bottom, .left, .centeredHorizontally, .right]
    func isPosition(_ value: Value) -> Bool {
      guard case .enumCase(let symbol) = value, let known = symbol.known else { return false }
      return names.contains(known)
    }
    if isPosition(value) { return }
    // A table's `.none` reaches here as nil (the checker reads it as Optional's).
    if table, case .nil = value { return }
    if !table, case .array(let options) = value, options.allSatisfy(isPosition) { return }
    let spelled = names.map { "." + $0.spelling }.joined(separator: ", ")
    var given = "a value of type '\(value.typeName)'"
    if case .enumCase(let symbol) = value, let known = symbol.known { given = "." + known.spelling }
    throw RuntimeError(
      .invalidArgument("'\(name)' takes \(table ? spelled : "[] or " + spelled), not \(given)"))
  }

  /// `(at: [paths])`, and for tables `(at: [paths], with: .automatic)` (the
  /// animation is accepted and ignored).
  private func updatePaths(_ arguments: Arguments, _ name: String) throws -> [IndexPath]? {
    guard arguments.hasLabels(.at) || (view.kind == .tableView && arguments.hasLabels(.at, .with)) else {
      return nil
    }
    return try IndexPathObject.indexPaths(arguments[0], for: "\(name)(at:)")
  }

  /// `performBatchUpdates({ ... }, completion: { finished in ... })`, either
  /// closure nil or trailing.
  private func performBatchUpdates(_ list: ListView, _ arguments: Arguments, interpreter: Interpreter) throws
  {
    var updates: Value = .nil
    var completion: Value = .nil
    switch arguments.count {
    case 1 where arguments.label(0) == nil: updates = arguments[0]
    case 2 where arguments.hasLabels(nil, .completion):
      updates = arguments[0]
      completion = arguments[1]
    default:
      throw RuntimeError(
        .invalidArgument("performBatchUpdates takes an updates closure and an optional completion: closure"))
    }
    let block = updates.isNil ? nil : try Convert.function(updates, for: "performBatchUpdates")
    let finish =
      completion.isNil ? nil : try Convert.function(completion, for: "performBatchUpdates(completion:)")
    let scene = self.scene
    // As for commitInsertion: the count check's exception points at this call.
    let call = interpreter.lastNativeCallRange
    try list.performBatchUpdates(
      block.map { block in
        {
          defer { interpreter.lastNativeCallRange = call }
          _ = try interpreter.call(block, [])
        }
      },
      completion: finish.map { finish in
        { [link = scene.link] finished in _ = try link.scene?.callScript(finish, [.bool(finished)]) }
      })
  }
}

extension ViewObject {
  /// The list methods, so that wrong labels read "has no method 'insertItems(_:)'"
  /// rather than "has no member".
  static func isListMethod(_ member: Symbol) -> Bool {
    switch member.known {
    case .reloadData?, .insertRows?, .insertItems?, .deleteRows?, .deleteItems?, .reloadRows?, .reloadItems?,
      .moveRow?, .moveItem?, .performBatchUpdates?, .indexPathForRow?, .indexPathForItem?, .cellForRow?,
      .cellForItem?, .numberOfRows?, .numberOfItems?, .indexPath?, .layoutIfNeeded?, .selectRow?, .selectItem?,
      .deselectRow?, .deselectItem?:
      true
    default: false
    }
  }
}
