import Foundation

// Drop placeholders (§8.7, §9.3): cells inserted while the dropped data is
// still loading. A placeholder is an entry without data: the data source
// does not count it and is never asked about it (no `cellForItemAt`; its
// `cellUpdateHandler` fills its cell). It sits between the items, so updates
// made meanwhile move it; `commitInsertion` hands the block the index path
// the placeholder has *now*, which is why a drop must use it and not the
// `destinationIndexPath` it started from. `reloadData` removes placeholders.
//
// Choice: committing or deleting a placeholder that is gone (committed,
// deleted, or removed by `reloadData`) returns false without running the
// block, as UIKit's header says, and the trace gets a step saying why (not a
// console warning: UIKit prints none). (DESIGN.md lists "a placeholder
// committed twice" among exceptions; the header's documented `false` wins.)

/// UITableViewDropPlaceholder / UICollectionViewDropPlaceholder.
public final class ListPlaceholder {
  /// Where it goes: a data source index path (it may be one past the end).
  public let insertionIndexPath: IndexPath
  public let reuseIdentifier: String
  /// Tables only: the placeholder row's height; nil uses the table's `rowHeight`.
  public let rowHeight: Double?
  /// Fills the placeholder's cell whenever it needs content (instead of `cellForItemAt`).
  public var cellUpdateHandler: ((View) throws -> Void)?
  /// The preview parameters of the drop animation into the cell; nil: the whole cell.
  public var previewParametersProvider: ((View) throws -> DragPreviewParameters?)?

  public init(insertionIndexPath: IndexPath, reuseIdentifier: String, rowHeight: Double? = nil) {
    self.insertionIndexPath = insertionIndexPath
    self.reuseIdentifier = reuseIdentifier
    self.rowHeight = rowHeight
  }
}

/// The list's record of one inserted placeholder.
final class PlaceholderRecord {
  enum Status { case active, committed, deleted, removedByReload }

  let id: Int
  let placeholder: ListPlaceholder
  var status = Status.active

  init(id: Int, placeholder: ListPlaceholder) {
    self.id = id
    self.placeholder = placeholder
  }
}

/// UITableViewDropPlaceholderContext / UICollectionViewDropPlaceholderContext:
/// returned by the coordinator's `drop(_:to:)`; an animator too (UIDragAnimating).
public final class PlaceholderContext {
  public let dragItem: DragItem
  /// The drop animation into the placeholder.
  public let animator: DragAnimator
  private weak var list: ListView?
  let record: PlaceholderRecord

  init(dragItem: DragItem, animator: DragAnimator, list: ListView, record: PlaceholderRecord) {
    self.dragItem = dragItem
    self.animator = animator
    self.list = list
    self.record = record
  }

  /// `addAnimations(_:)` of UIDragAnimating.
  public func addAnimations(_ animation: @escaping () throws -> Void) throws {
    try animator.addAnimations(animation)
  }

  /// `addCompletion(_:)` of UIDragAnimating.
  public func addCompletion(_ completion: @escaping (AnimatingPosition) throws -> Void) {
    animator.addCompletion(completion)
  }

  /// Runs `dataSourceUpdates` with the placeholder's current index path, then
  /// exchanges the placeholder for a real item (checked like an insert).
  /// False, without running the block, if the placeholder is gone.
  @discardableResult
  public func commitInsertion(dataSourceUpdates: (IndexPath) throws -> Void) throws -> Bool {
    guard let list else { return false }
    return try list.commit(record, dataSourceUpdates)
  }

  /// Removes the placeholder (the load failed or was cancelled); false if it is gone.
  @discardableResult
  public func deletePlaceholder() throws -> Bool {
    guard let list else { return false }
    return try list.delete(record)
  }

  /// Runs the placeholder's `cellUpdateHandler` again if its cell is visible.
  public func setNeedsCellUpdate() throws {
    guard let list else { return }
    list.noteCall("setNeedsCellUpdate", receiver: "DropPlaceholderContext")
    guard record.status == .active else { return }
    try list.layoutIfNeeded()
    guard let cell = list.cells[record.id] else { return }
    try list.runCellUpdateHandler(placeholder: record.id, cell: cell)
  }

  /// Where the placeholder is now (nil once it is gone); what a commit would pass.
  var insertionIndexPath: IndexPath? {
    guard record.status == .active else { return nil }
    return list?.indexPath(ofEntry: record.id)
  }
}

extension ListView {
  /// Inserts a placeholder at its insertion index path, without asking the
  /// data source. It is an update: drags from this list lose their
  /// `sourceIndexPath` (§8.6).
  func insert(_ placeholder: ListPlaceholder) throws -> PlaceholderRecord {
    try loadIfNeeded()
    let path = placeholder.insertionIndexPath
    let section = path.section
    guard sections.indices.contains(section), path.item >= 0, path.item <= itemCount(section) else {
      // Choice: our own wording; UIKit's message for this case is not on record.
      let what =
        sections.indices.contains(section)
        ? "\(itemCount(section)) \(kind.units) in section \(section)"
        : "\(sections.count) section\(sections.count == 1 ? "" : "s")"
      let verb = sections.indices.contains(section) || sections.count != 1 ? "are" : "is"
      throw inconsistency(
        "attempt to insert a placeholder at index path (\(indexPathText(path))) that does not exist - there "
          + "\(verb) only \(what)")
    }
    noteCall("dropItem:toPlaceholder:", receiver: "DropCoordinator")
    let record = PlaceholderRecord(id: newEntryID(), placeholder: placeholder)
    placeholders.append(record)
    if let view { world?.notePlaceholderList(view) }
    // Choice (not on record; PlaceholderTests): the insertion index path
    // counts the data source's items, so the placeholder goes after those
    // already waiting at this index and before the item that has it.
    let position = self.position(ofItem: path.item, in: section) ?? sections[section].count
    sections[section].insert(.placeholder(record.id), at: position)
    generation += 1
    step(
      "placeholderInserted",
      [
        TraceArgument("insertionIndexPath", indexPathText(path)),
        TraceArgument("reuseIdentifier", placeholder.reuseIdentifier),
      ])
    setNeedsCellSync()
    try layoutIfNeeded()
    return record
  }

  /// `commitInsertion(dataSourceUpdates:)`.
  func commit(_ record: PlaceholderRecord, _ updates: (IndexPath) throws -> Void) throws -> Bool {
    // Checked off the main queue whether or not the placeholder is still there.
    noteCall("commitInsertionWithDataSourceUpdates:", receiver: "DropPlaceholderContext")
    guard record.status == .active, let path = indexPath(ofEntry: record.id) else {
      // A step, not a warning: the documented defensive call must not fail `expect not warning`.
      step("commitInsertion", result: "false: a placeholder that \(gone(record)); the block does not run")
      return false
    }
    try runBatch("commitInsertion(dataSourceUpdates:)") {
      try call(
        methods.dataSourceUpdates, role: "placeholderContext",
        [TraceArgument("insertionIndexPath", indexPathText(path))]
      ) { try updates(path) }
      pending?.commits.append(record.id)
    }
    return true
  }

  /// `deletePlaceholder()`.
  func delete(_ record: PlaceholderRecord) throws -> Bool {
    noteCall("deletePlaceholder", receiver: "DropPlaceholderContext")
    guard record.status == .active, let place = location(ofEntry: record.id) else {
      step("deletePlaceholder", result: "false: a placeholder that \(gone(record))")
      return false
    }
    let path = indexPath(ofEntry: record.id)
    sections[place.section].remove(at: place.position)
    record.status = .deleted
    placeholders.removeAll { $0 === record }
    generation += 1
    step("placeholderDeleted", [TraceArgument("insertionIndexPath", indexPathText(path))])
    setNeedsCellSync()
    try layoutIfNeeded()
    return true
  }

  /// Why a placeholder can no longer be committed or deleted.
  private func gone(_ record: PlaceholderRecord) -> String {
    switch record.status {
    case .active: "is no longer in the \(kind.viewPhrase)"
    case .committed: "was already committed"
    case .deleted: "was already deleted"
    case .removedByReload: "reloadData removed"
    }
  }

  /// The index paths of the placeholders waiting, in order.
  var placeholderIndexPaths: [IndexPath] {
    placeholders.filter { $0.status == .active }.compactMap { indexPath(ofEntry: $0.id) }.sorted()
  }
}
