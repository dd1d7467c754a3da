import DndCheck
import DndRuntime
import DndSyntax
import Foundation

/// Binding the four blocks of a `tableView` or `collectionView`: `dataSource`,
/// `dragDelegate`, `dropDelegate` and `delegate`. Each handler becomes the
/// closure the runtime's `ListView` calls (ListDelegates.swift); index paths
/// cross as `IndexPath` values, cells as `Cell(...)` descriptions, proposals
/// as `UITableViewDropProposal` / `UICollectionViewDropProposal`. A table and
/// a collection view share the closures: a table's `cellForRowAt` sets the
/// same closure as a collection view's `cellForItemAt`.
extension SceneHost {
  func bindList(_ interaction: CheckedInteraction, to view: View) throws {
    guard let list = view.list else {
      throw RuntimeError(
        .notModelled("a '\(interaction.kind.rawValue)' block on \(view.kind.uikitClassName)"),
        at: interaction.range)
    }
    switch interaction.kind {
    case .dataSource:
      let dataSource = list.dataSource ?? ListDataSource()
      for handler in interaction.handlers { bindDataSource(handler, to: dataSource) }
      list.dataSource = dataSource
    case .dragDelegate:
      let delegate = list.dragDelegate ?? ListDragDelegate()
      for handler in interaction.handlers { bindListDrag(handler, to: delegate) }
      list.dragDelegate = delegate
    case .dropDelegate:
      let delegate = list.dropDelegate ?? ListDropDelegate()
      for handler in interaction.handlers { bindListDrop(handler, to: delegate, kind: list.kind) }
      list.dropDelegate = delegate
    case .delegate:
      let delegate = list.delegate ?? ListDelegate()
      for handler in interaction.handlers { bindListDelegate(handler, to: delegate) }
      list.delegate = delegate
    default:
      break
    }
  }

  // MARK: Data source

  private func bindDataSource(_ handler: CheckedHandler, to dataSource: ListDataSource) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "numberOfSections":
      dataSource.numberOfSections = { [unowned self] in try integer(callHandler(code, []), method, code) }
    case "numberOfRowsInSection", "numberOfItemsInSection":
      dataSource.numberOfItemsInSection = { [unowned self] section in
        try integer(callHandler(code, [.int(section)]), method, code)
      }
    case "cellForRowAt", "cellForItemAt":
      dataSource.cellForItemAt = { [unowned self] indexPath in
        let result = try callHandler(code, [IndexPathObject.value(indexPath)])
        guard let cell = result.object(as: CellObject.self) else { throw cellError(method, code, found: result) }
        return cell.content
      }
    case "moveRowAt", "moveItemAt":
      dataSource.moveItemAt = { [unowned self] source, destination in
        _ = try callHandler(code, [IndexPathObject.value(source), IndexPathObject.value(destination)])
      }
    case "canMoveRowAt", "canMoveItemAt":
      dataSource.canMoveItemAt = { [unowned self] indexPath in
        try bool(callHandler(code, [IndexPathObject.value(indexPath)]), method, code)
      }
    default:
      break
    }
  }

  // MARK: Drag delegate

  private func bindListDrag(_ handler: CheckedHandler, to delegate: ListDragDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "itemsForBeginning":
      delegate.itemsForBeginning = { [unowned self] session, indexPath in
        try items(callHandler(code, [value(session), IndexPathObject.value(indexPath)]), method, code)
      }
    case "itemsForAddingTo":
      delegate.itemsForAddingTo = { [unowned self] session, indexPath, point in
        let arguments = [value(session), IndexPathObject.value(indexPath), .object(PointObject(point))]
        return try items(callHandler(code, arguments), method, code)
      }
    case "dragPreviewParametersForRowAt", "dragPreviewParametersForItemAt":
      delegate.dragPreviewParametersForItemAt = { [unowned self] indexPath in
        try parameters(callHandler(code, [IndexPathObject.value(indexPath)]), method, code)
      }
    case "dragSessionWillBegin":
      delegate.dragSessionWillBegin = { [unowned self] session in _ = try callHandler(code, [value(session)])
      }
    case "dragSessionDidEnd":
      delegate.dragSessionDidEnd = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dragSessionAllowsMoveOperation":
      delegate.dragSessionAllowsMoveOperation = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "dragSessionIsRestrictedToDraggingApplication":
      delegate.dragSessionIsRestrictedToDraggingApplication = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    default:
      break
    }
  }

  // MARK: Drop delegate

  private func bindListDrop(_ handler: CheckedHandler, to delegate: ListDropDelegate, kind: ListKind) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "performDropWith":
      delegate.performDropWith = { [unowned self] coordinator in
        _ = try callHandler(code, [.object(DropCoordinatorObject(scene: self, coordinator: coordinator))])
      }
    case "canHandle":
      delegate.canHandle = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "dropSessionDidEnter":
      delegate.dropSessionDidEnter = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dropSessionDidUpdate":
      delegate.dropSessionDidUpdate = { [unowned self] session, destination in
        let result = try callHandler(code, [value(session), destination.map(IndexPathObject.value) ?? .nil])
        // The other list's proposal class does not do: Swift rejects a
        // UICollectionViewDropProposal returned to a table, and the reverse.
        guard let object = result.object(as: ProposalObject.self),
          let proposal = object.proposal as? ListDropProposal, object.listKind == kind
        else {
          let type = kind == .table ? "UITableViewDropProposal" : "UICollectionViewDropProposal"
          throw resultError(method, code, expected: "a \(type)", found: result)
        }
        lastProposal = object
        return proposal
      }
    case "dropSessionDidExit":
      delegate.dropSessionDidExit = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dropSessionDidEnd":
      delegate.dropSessionDidEnd = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dropPreviewParametersForRowAt", "dropPreviewParametersForItemAt":
      delegate.dropPreviewParametersForItemAt = { [unowned self] indexPath in
        try parameters(callHandler(code, [IndexPathObject.value(indexPath)]), method, code)
      }
    default:
      break
    }
  }

  // MARK: Delegate

  private func bindListDelegate(_ handler: CheckedHandler, to delegate: ListDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "shouldSpringLoadRowAt", "shouldSpringLoadItemAt":
      delegate.shouldSpringLoadItemAt = { [unowned self] indexPath, context in
        try bool(callHandler(code, [IndexPathObject.value(indexPath), value(context)]), method, code)
      }
    case "didSelectRowAt", "didSelectItemAt":
      delegate.didSelectItemAt = { [unowned self] indexPath in
        _ = try callHandler(code, [IndexPathObject.value(indexPath)])
      }
    case "didDeselectRowAt", "didDeselectItemAt":
      delegate.didDeselectItemAt = { [unowned self] indexPath in
        _ = try callHandler(code, [IndexPathObject.value(indexPath)])
      }
    default:
      break
    }
  }

  // MARK: Answers

  /// A cell handler that returned something else: the error names what it
  /// returned and the cell to wrap it in, at the handler's `return` when
  /// there is only one (else at the handler).
  private func cellError(_ method: DndCheck.DelegateMethod, _ code: FunctionCode, found: Value) -> RuntimeError {
    let cellType = method.name == "cellForRowAt" ? "UITableViewCell" : "UICollectionViewCell"
    var phrase = Convert.phrase(found)
    var label = "text"
    if let text = found.stringValue {
      let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
      phrase = "the String \"\(shown)\""
    } else if found.object(as: ImageObject.self) != nil {
      label = "image"
    }
    let returns = Self.returnedValues(code.body)
    return RuntimeError(
      .cellResult(method.name, uikit: method.uikitName, cellType: cellType, found: phrase, label: label),
      at: returns.count == 1 ? returns[0].range : code.range)
  }

  /// The values of a body's `return`s, outside nested functions and closures.
  private static func returnedValues(_ block: CheckedBlock) -> [CheckedExpr] {
    var values: [CheckedExpr] = []
    for stmt in block.statements {
      switch stmt.kind {
      case .returnStatement(let value?): values.append(value)
      case .ifStatement(_, let then, let otherwise):
        values += returnedValues(then)
        switch otherwise {
        case .block(let other)?: values += returnedValues(other)
        case .elseIf(let nested)?: values += returnedValues(CheckedBlock(statements: [nested]))
        case nil: break
        }
      case .guardStatement(_, let otherwise): values += returnedValues(otherwise)
      case .whileStatement(_, let body), .forIn(_, _, let body), .forRange(_, _, _, _, let body):
        values += returnedValues(body)
      case .switchStatement(_, _, let cases, let otherwise):
        for switchCase in cases { values += returnedValues(switchCase.body) }
        values += returnedValues(otherwise)
      default: break
      }
    }
    return values
  }

  private func integer(_ result: Value, _ method: DndCheck.DelegateMethod, _ code: FunctionCode) throws -> Int
  {
    guard case .int(let number) = result else {
      throw resultError(method, code, expected: "an Int", found: result)
    }
    return number
  }

  private func parameters(_ result: Value, _ method: DndCheck.DelegateMethod, _ code: FunctionCode) throws
    -> DragPreviewParameters?
  {
    if result.isNil { return nil }
    guard let object = result.object(as: PreviewParametersObject.self) else {
      throw resultError(method, code, expected: "a UIDragPreviewParameters or nil", found: result)
    }
    return object.parameters
  }
}

extension IndexPathObject {
  /// A runtime index path as a script value.
  static func value(_ indexPath: IndexPath) -> Value {
    .object(IndexPathObject(item: indexPath.item, section: indexPath.section))
  }

  /// The runtime's index path.
  var indexPath: IndexPath { IndexPath(item: item, section: section) }

  /// A script value as an index path, or an error naming what needed it.
  static func indexPath(_ value: Value, for name: String) throws -> IndexPath {
    guard let object = value.object(as: IndexPathObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "an IndexPath", found: value.typeName))
    }
    return object.indexPath
  }

  /// A script array of index paths.
  static func indexPaths(_ value: Value, for name: String) throws -> [IndexPath] {
    guard case .array(let elements) = value else {
      throw RuntimeError(.wrongArgumentType(name, expected: "an array of IndexPaths", found: value.typeName))
    }
    return try elements.map { try indexPath($0, for: name) }
  }
}
