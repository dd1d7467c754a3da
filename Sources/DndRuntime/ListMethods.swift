// The trace's catalogue of table and collection view methods: the script's
// name of each handler and UIKit's spelling, per kind of list. The two kinds
// share one set of closures (ListDelegates.swift); `ListMethodSet` picks the
// spelling the trace prints for a list.

/// Every data source, delegate and handler method of one kind of list. A
/// class, so that reading one method (as every delegate call does) does not
/// copy the whole set.
final class ListMethodSet: Sendable {
  // Drag delegate
  let itemsForBeginning: DelegateMethod
  let itemsForAddingTo: DelegateMethod
  let dragPreviewParameters: DelegateMethod
  let dragSessionWillBegin: DelegateMethod
  let dragSessionDidEnd: DelegateMethod
  let dragSessionAllowsMoveOperation: DelegateMethod
  let dragSessionIsRestricted: DelegateMethod
  // Drop delegate
  let performDropWith: DelegateMethod
  let canHandle: DelegateMethod
  let dropSessionDidEnter: DelegateMethod
  let dropSessionDidUpdate: DelegateMethod
  let dropSessionDidExit: DelegateMethod
  let dropSessionDidEnd: DelegateMethod
  let dropPreviewParameters: DelegateMethod
  // Data source
  let numberOfSections: DelegateMethod
  let numberOfItemsInSection: DelegateMethod
  let cellForItemAt: DelegateMethod
  let moveItemAt: DelegateMethod
  let canMoveItemAt: DelegateMethod
  // Delegate
  let shouldSpringLoad: DelegateMethod
  let didSelect: DelegateMethod
  let didDeselect: DelegateMethod
  // Closures given to the list's objects
  let cellUpdateHandler: DelegateMethod
  let previewParametersProvider: DelegateMethod
  let dataSourceUpdates: DelegateMethod
  let batchCompletion: DelegateMethod

  /// The set for a kind of list.
  static func of(_ kind: ListKind) -> ListMethodSet { kind == .table ? table : collection }

  /// `prefix` is `tableView` or `collectionView`; `unit` is `Row` or `Item`;
  /// `type` is `UITableView` or `UICollectionView`.
  private init(prefix p: String, unit: String, type: String, lowerUnits: String) {
    itemsForBeginning = DelegateMethod("itemsForBeginning", "\(p)(_:itemsForBeginning:at:)")
    itemsForAddingTo = DelegateMethod("itemsForAddingTo", "\(p)(_:itemsForAddingTo:at:point:)")
    dragPreviewParameters = DelegateMethod(
      "dragPreviewParametersFor\(unit)At", "\(p)(_:dragPreviewParametersFor\(unit)At:)")
    dragSessionWillBegin = DelegateMethod("dragSessionWillBegin", "\(p)(_:dragSessionWillBegin:)")
    dragSessionDidEnd = DelegateMethod("dragSessionDidEnd", "\(p)(_:dragSessionDidEnd:)")
    dragSessionAllowsMoveOperation = DelegateMethod(
      "dragSessionAllowsMoveOperation", "\(p)(_:dragSessionAllowsMoveOperation:)")
    dragSessionIsRestricted = DelegateMethod(
      "dragSessionIsRestrictedToDraggingApplication", "\(p)(_:dragSessionIsRestrictedToDraggingApplication:)")
    performDropWith = DelegateMethod("performDropWith", "\(p)(_:performDropWith:)")
    canHandle = DelegateMethod("canHandle", "\(p)(_:canHandle:)")
    dropSessionDidEnter = DelegateMethod("dropSessionDidEnter", "\(p)(_:dropSessionDidEnter:)")
    dropSessionDidUpdate = DelegateMethod(
      "dropSessionDidUpdate", "\(p)(_:dropSessionDidUpdate:withDestinationIndexPath:)")
    dropSessionDidExit = DelegateMethod("dropSessionDidExit", "\(p)(_:dropSessionDidExit:)")
    dropSessionDidEnd = DelegateMethod("dropSessionDidEnd", "\(p)(_:dropSessionDidEnd:)")
    dropPreviewParameters = DelegateMethod(
      "dropPreviewParametersFor\(unit)At", "\(p)(_:dropPreviewParametersFor\(unit)At:)")
    numberOfSections = DelegateMethod("numberOfSections", "numberOfSections(in:)")
    numberOfItemsInSection = DelegateMethod(
      "numberOf\(lowerUnits)InSection", "\(p)(_:numberOf\(lowerUnits)InSection:)")
    cellForItemAt = DelegateMethod("cellFor\(unit)At", "\(p)(_:cellFor\(unit)At:)")
    moveItemAt = DelegateMethod("move\(unit)At", "\(p)(_:move\(unit)At:to:)")
    canMoveItemAt = DelegateMethod("canMove\(unit)At", "\(p)(_:canMove\(unit)At:)")
    shouldSpringLoad = DelegateMethod("shouldSpringLoad\(unit)At", "\(p)(_:shouldSpringLoad\(unit)At:with:)")
    didSelect = DelegateMethod("didSelect\(unit)At", "\(p)(_:didSelect\(unit)At:)")
    didDeselect = DelegateMethod("didDeselect\(unit)At", "\(p)(_:didDeselect\(unit)At:)")
    cellUpdateHandler = DelegateMethod("cellUpdateHandler", "\(type)Placeholder.cellUpdateHandler")
    previewParametersProvider = DelegateMethod(
      "previewParametersProvider", "\(type)DropPlaceholder.previewParametersProvider")
    dataSourceUpdates = DelegateMethod(
      "dataSourceUpdates", "\(type)DropPlaceholderContext.commitInsertion(dataSourceUpdates:)")
    batchCompletion = DelegateMethod("completion", "\(type).performBatchUpdates(_:completion:) completion")
  }

  static let table = ListMethodSet(prefix: "tableView", unit: "Row", type: "UITableView", lowerUnits: "Rows")
  static let collection = ListMethodSet(
    prefix: "collectionView", unit: "Item", type: "UICollectionView", lowerUnits: "Items")

  /// Every method, data source first.
  var all: [DelegateMethod] {
    [
      numberOfSections, numberOfItemsInSection, cellForItemAt, moveItemAt, canMoveItemAt,
      itemsForBeginning, itemsForAddingTo, dragPreviewParameters, dragSessionWillBegin, dragSessionDidEnd,
      dragSessionAllowsMoveOperation, dragSessionIsRestricted, performDropWith, canHandle,
      dropSessionDidEnter, dropSessionDidUpdate, dropSessionDidExit, dropSessionDidEnd, dropPreviewParameters,
      shouldSpringLoad, didSelect, didDeselect, cellUpdateHandler, previewParametersProvider, dataSourceUpdates,
      batchCompletion,
    ]
  }
}

/// UITableView's data source, delegates and handler closures, as the trace spells them.
public enum TableViewMethods {
  public static let all = ListMethodSet.table.all
}

/// UICollectionView's data source, delegates and handler closures, as the trace spells them.
public enum CollectionViewMethods {
  public static let all = ListMethodSet.collection.all
}
