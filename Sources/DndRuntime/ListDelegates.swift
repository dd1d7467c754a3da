import Foundation

// The data source and the three delegates of table and collection views, as
// objects of optional closures like the other delegates of the runtime: nil
// means "not implemented" and selects UIKit's default. A table and a
// collection view implement the same protocols under different names
// (`numberOfRowsInSection` / `numberOfItemsInSection`); the closures carry the
// collection view's names and TableView.swift adds the table's spellings as
// aliases of the same storage. The trace prints the spelling of the list's kind.

/// Which of UIKit's two list views a `ListView` is.
public enum ListKind: String, Codable, Sendable {
  case table, collection

  /// "row" or "item", as UIKit's messages name one element.
  var unit: String { self == .table ? "row" : "item" }
  /// "rows" or "items".
  var units: String { self == .table ? "rows" : "items" }
  /// "table view" or "collection view", as UIKit's messages name the view.
  var viewPhrase: String { self == .table ? "table view" : "collection view" }
  /// The protocol of its drag delegate.
  var dragDelegateProtocol: String { self == .table ? "UITableViewDragDelegate" : "UICollectionViewDragDelegate" }
  /// The view kind of its cells.
  var cellKind: ViewKind { self == .table ? .tableViewCell : .collectionViewCell }
}

/// What a data source's `cellForRowAt` / `cellForItemAt` returns: the content
/// a cell shows. The list puts it on a cell view (a `View` of kind
/// `tableViewCell` or `collectionViewCell`) whose `text`, `image` and
/// `backgroundColor` then read back what was given.
public struct CellContent: Hashable, Sendable {
  public var text: String?
  public var image: ImageValue?
  public var backgroundColor: ColorValue?
  /// The identifier the cell was dequeued with (kept for the trace).
  public var reuseIdentifier: String

  public init(
    text: String? = nil, image: ImageValue? = nil, backgroundColor: ColorValue? = nil,
    reuseIdentifier: String = "Cell"
  ) {
    self.text = text
    self.image = image
    self.backgroundColor = backgroundColor
    self.reuseIdentifier = reuseIdentifier
  }
}

/// UITableViewDataSource / UICollectionViewDataSource.
public final class ListDataSource {
  /// Default 1.
  public var numberOfSections: (() throws -> Int)?
  /// Required in UIKit; nil here behaves as 0.
  public var numberOfItemsInSection: ((Int) throws -> Int)?
  /// Required in UIKit; nil here gives an empty cell.
  public var cellForItemAt: ((IndexPath) throws -> CellContent)?
  /// A table calls it to reorder a single row dropped with a move proposal (§8.8).
  public var moveItemAt: ((IndexPath, IndexPath) throws -> Void)?
  /// Asked before such a reorder; default true.
  public var canMoveItemAt: ((IndexPath) throws -> Bool)?

  public init() {}
}

/// UITableViewDragDelegate / UICollectionViewDragDelegate (§8.2, §9.2).
public final class ListDragDelegate {
  /// Required in UIKit; nil here behaves as returning no items (no drag).
  public var itemsForBeginning: ((DragSession, IndexPath) throws -> [DragItem])?
  /// A tap during a drag; default: no items (the tap selects the cell).
  public var itemsForAddingTo: ((DragSession, IndexPath, Point) throws -> [DragItem])?
  /// nil result (or not implemented): the whole cell is the lift and cancel preview.
  public var dragPreviewParametersForItemAt: ((IndexPath) throws -> DragPreviewParameters?)?
  /// After the lift; always balanced by `dragSessionDidEnd`.
  public var dragSessionWillBegin: ((DragSession) throws -> Void)?
  public var dragSessionDidEnd: ((DragSession) throws -> Void)?
  /// Default true.
  public var dragSessionAllowsMoveOperation: ((DragSession) throws -> Bool)?
  /// Default false.
  public var dragSessionIsRestrictedToDraggingApplication: ((DragSession) throws -> Bool)?

  public init() {}
}

/// UITableViewDropDelegate / UICollectionViewDropDelegate (§8.3, §9.2).
public final class ListDropDelegate {
  /// Required: without it the list accepts no drop.
  public var performDropWith: ((DropCoordinator) throws -> Void)?
  /// Default true; false: no further calls for the session.
  public var canHandle: ((DropSession) throws -> Bool)?
  public var dropSessionDidEnter: ((DropSession) throws -> Void)?
  /// The destination is nil over empty space and may be one past a section's
  /// last item. Not implemented: a copy with no intent (choice §13.10).
  public var dropSessionDidUpdate: ((DropSession, IndexPath?) throws -> ListDropProposal)?
  public var dropSessionDidExit: ((DropSession) throws -> Void)?
  /// Always called, whatever the outcome.
  public var dropSessionDidEnd: ((DropSession) throws -> Void)?
  /// Preview parameters for `drop(_:toItemAt:)`; nil: the whole cell.
  public var dropPreviewParametersForItemAt: ((IndexPath) throws -> DragPreviewParameters?)?

  public init() {}
}

/// The parts of UITableViewDelegate / UICollectionViewDelegate drag and drop uses.
public final class ListDelegate {
  /// Spring loading over a row or item (§7.3); default true.
  public var shouldSpringLoadItemAt: ((IndexPath, SpringLoadedContext) throws -> Bool)?
  /// A row or item was selected: by a tap, or by spring loading over it.
  public var didSelectItemAt: ((IndexPath) throws -> Void)?
  /// A selected row or item was tapped again where several may be selected.
  public var didDeselectItemAt: ((IndexPath) throws -> Void)?

  public init() {}
}
