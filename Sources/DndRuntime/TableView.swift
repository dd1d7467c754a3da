import Foundation

// UITableView's spellings. A table is a `ListView` whose kind is `table`; its
// API is the collection view's with "row" for "item" (insertRows for
// insertItems, numberOfRowsInSection for numberOfItemsInSection, ...). The
// aliases below read and write the same storage as the collection names, so
// a handler set under either name is the one the list calls, and the trace
// prints the table's spelling. What differs in behaviour lives with the
// shared code: rows of `rowHeight` (ListLayout.swift), the `automatic` intent
// and the single-row reorder through moveRowAt (DragEngine+ListDrops.swift),
// and "rows" in the exception messages (BatchUpdates.swift).

extension ListDataSource {
  /// `tableView(_:numberOfRowsInSection:)`.
  public var numberOfRowsInSection: ((Int) throws -> Int)? {
    get { numberOfItemsInSection }
    set { numberOfItemsInSection = newValue }
  }

  /// `tableView(_:cellForRowAt:)`.
  public var cellForRowAt: ((IndexPath) throws -> CellContent)? {
    get { cellForItemAt }
    set { cellForItemAt = newValue }
  }

  /// `tableView(_:moveRowAt:to:)`.
  public var moveRowAt: ((IndexPath, IndexPath) throws -> Void)? {
    get { moveItemAt }
    set { moveItemAt = newValue }
  }

  /// `tableView(_:canMoveRowAt:)`.
  public var canMoveRowAt: ((IndexPath) throws -> Bool)? {
    get { canMoveItemAt }
    set { canMoveItemAt = newValue }
  }
}

extension ListDragDelegate {
  /// `tableView(_:dragPreviewParametersForRowAt:)`.
  public var dragPreviewParametersForRowAt: ((IndexPath) throws -> DragPreviewParameters?)? {
    get { dragPreviewParametersForItemAt }
    set { dragPreviewParametersForItemAt = newValue }
  }
}

extension ListDropDelegate {
  /// `tableView(_:dropPreviewParametersForRowAt:)`.
  public var dropPreviewParametersForRowAt: ((IndexPath) throws -> DragPreviewParameters?)? {
    get { dropPreviewParametersForItemAt }
    set { dropPreviewParametersForItemAt = newValue }
  }
}

extension ListDelegate {
  /// `tableView(_:shouldSpringLoadRowAt:with:)`.
  public var shouldSpringLoadRowAt: ((IndexPath, SpringLoadedContext) throws -> Bool)? {
    get { shouldSpringLoadItemAt }
    set { shouldSpringLoadItemAt = newValue }
  }

  /// `tableView(_:didSelectRowAt:)`.
  public var didSelectRowAt: ((IndexPath) throws -> Void)? {
    get { didSelectItemAt }
    set { didSelectItemAt = newValue }
  }

  /// `tableView(_:didDeselectRowAt:)`.
  public var didDeselectRowAt: ((IndexPath) throws -> Void)? {
    get { didDeselectItemAt }
    set { didDeselectItemAt = newValue }
  }
}

extension ListView {
  /// `insertRows(at:with:)`.
  public func insertRows(at indexPaths: [IndexPath]) throws {
    try insertItems(at: indexPaths)
  }

  /// `deleteRows(at:with:)`.
  public func deleteRows(at indexPaths: [IndexPath]) throws {
    try deleteItems(at: indexPaths)
  }

  /// `moveRow(at:to:)`.
  public func moveRow(at source: IndexPath, to destination: IndexPath) throws {
    try moveItem(at: source, to: destination)
  }

  /// `reloadRows(at:with:)`.
  public func reloadRows(at indexPaths: [IndexPath]) throws {
    try reloadItems(at: indexPaths)
  }

  /// `numberOfRows(inSection:)`.
  public func numberOfRows(inSection section: Int) throws -> Int {
    try numberOfItems(inSection: section)
  }

  /// `indexPathForRow(at:)`.
  public func indexPathForRow(at point: Point) throws -> IndexPath? {
    try indexPathForItem(at: point)
  }

  /// `cellForRow(at:)`: the cell of a visible row, else nil.
  public func cellForRow(at indexPath: IndexPath) throws -> View? {
    try cellForItem(at: indexPath)
  }

  /// `indexPathsForVisibleRows`.
  public var indexPathsForVisibleRows: [IndexPath] {
    get throws { try indexPathsForVisibleItems }
  }

  /// `indexPathsForSelectedRows`.
  public var indexPathsForSelectedRows: [IndexPath] { indexPathsForSelectedItems }

  /// `indexPathForSelectedRow`: the first selected row, or nil.
  public var indexPathForSelectedRow: IndexPath? { indexPathsForSelectedItems.first }
}

extension DropCoordinator {
  /// `drop(_:toRowAt:)`.
  @discardableResult
  public func drop(_ dragItem: DragItem, toRowAt indexPath: IndexPath) throws -> DragAnimator {
    try drop(dragItem, toItemAt: indexPath)
  }

  /// `drop(_:intoRowAt:rect:)`.
  @discardableResult
  public func drop(_ dragItem: DragItem, intoRowAt indexPath: IndexPath, rect: Rect) throws -> DragAnimator {
    try drop(dragItem, intoItemAt: indexPath, rect: rect)
  }
}
