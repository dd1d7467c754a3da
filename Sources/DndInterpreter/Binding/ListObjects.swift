import DndCheck
import DndRuntime
import Foundation

// The objects a table's or collection view's handlers work with: the cell a
// data source describes, the drop coordinator and its items, placeholders
// and their contexts, and the proposals with an intent.

/// `Cell(text:image:)`, `UITableViewCell(text:)`, `UICollectionViewCell(image:)`:
/// the content a data source's `cellForRowAt` / `cellForItemAt` returns. A
/// value here (the list copies it onto its cell view).
final class CellObject: NativeObject {
  var content: CellContent
  let spelling: String

  init(_ content: CellContent, spelling: String) {
    self.content = content
    self.spelling = spelling
  }

  override var typeName: String { spelling }
  override var description: String {
    var parts: [String] = []
    if let text = content.text { parts.append("text: \"\(text)\"") }
    if let image = content.image { parts.append("image: \(image)") }
    return "\(spelling)(\(parts.joined(separator: ", ")))"
  }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { CellObject(content, spelling: spelling) }
  override func isInstance(of type: Builtin) -> Bool {
    type == .cell || type == .uiTableViewCell || type == .uiCollectionViewCell
  }
  override func isEqual(to other: NativeObject) -> Bool { (other as? CellObject)?.content == content }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .text?: return content.text.map { .string($0) } ?? .nil
    case .image?: return content.image.map { .object(ImageObject($0)) } ?? .nil
    case .backgroundColor?: return content.backgroundColor.map { .object(ColorObject($0)) } ?? .nil
    case .reuseIdentifier?: return .string(content.reuseIdentifier)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    guard let known = member.known, try Self.set(known, value, on: &content) else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// Sets one field of a cell's content; false for a member cells do not have.
  private static func set(_ member: KnownMember, _ value: Value, on content: inout CellContent) throws -> Bool
  {
    switch member {
    case .text: content.text = value.isNil ? nil : try Convert.string(value, for: "text")
    case .image:
      if value.isNil {
        content.image = nil
      } else {
        guard let image = value.object(as: ImageObject.self) else {
          throw RuntimeError(.wrongArgumentType("image", expected: "a UIImage", found: value.typeName))
        }
        content.image = image.image
      }
    case .backgroundColor:
      if value.isNil {
        content.backgroundColor = nil
      } else {
        guard let color = value.object(as: ColorObject.self) else {
          throw RuntimeError(
            .wrongArgumentType("backgroundColor", expected: "a UIColor", found: value.typeName))
        }
        content.backgroundColor = color.color
      }
    case .reuseIdentifier: content.reuseIdentifier = try Convert.string(value, for: "reuseIdentifier")
    default: return false
    }
    return true
  }

  /// `Cell()`, or with any of the labels `text:`, `image:`,
  /// `backgroundColor:` and `reuseIdentifier:`.
  static func make(_ arguments: Arguments, spelling: String) throws -> Value {
    var content = CellContent()
    for position in 0..<arguments.count {
      guard let label = arguments.label(position)?.known, try set(label, arguments[position], on: &content)
      else {
        throw RuntimeError(
          .invalidArgument(
            "\(spelling)(...) takes the labels text:, image:, backgroundColor: and reuseIdentifier:"))
      }
    }
    return .object(CellObject(content, spelling: spelling))
  }
}

/// UITableViewDropCoordinator / UICollectionViewDropCoordinator: what
/// `performDropWith` gets.
final class DropCoordinatorObject: SceneObject {
  let coordinator: DropCoordinator

  init(scene: SceneHost, coordinator: DropCoordinator) {
    self.coordinator = coordinator
    super.init(scene: scene)
  }

  private var isTable: Bool { coordinator.kind == .table }
  override var typeName: String { isTable ? "UITableViewDropCoordinator" : "UICollectionViewDropCoordinator" }
  override func isInstance(of type: Builtin) -> Bool {
    type == (isTable ? .uiTableViewDropCoordinator : .uiCollectionViewDropCoordinator)
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .items?:
      let kind = coordinator.kind
      return .array(coordinator.items.map { .object(DropItemObject(scene: scene, item: $0, kind: kind)) })
    case .destinationIndexPath?: return coordinator.destinationIndexPath.map(IndexPathObject.value) ?? .nil
    case .proposal?: return .object(ProposalObject(coordinator.proposal, listKind: coordinator.kind))
    case .session?: return .object(scene.object(for: coordinator.session))
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard member.known == .drop, arguments.count >= 2, arguments.label(0) == nil else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    guard let item = arguments[0].object(as: DragItemObject.self)?.item else {
      // `coordinator.drop(item, toRowAt: path)` for `item` in `coordinator.items`:
      // the method is right, its first argument is the drop item's drag item.
      let labels = (1..<arguments.count).map { arguments.label($0).map { interpreter.name(of: $0) + ":" } ?? "_:" }
      throw RuntimeError(
        .dropTakesDragItem(
          "drop(_:\(labels.joined()))", found: arguments[0].typeName,
          isDropItem: arguments[0].object(as: DropItemObject.self) != nil))
    }
    let unit: KnownMember = isTable ? .toRowAt : .toItemAt
    let into: KnownMember = isTable ? .intoRowAt : .intoItemAt
    if arguments.hasLabels(nil, unit) {
      let path = try IndexPathObject.indexPath(
        arguments[1], for: "drop(_:\(interpreter.name(of: Symbol(unit))):)")
      return animator(try coordinator.drop(item, toItemAt: path))
    }
    if arguments.hasLabels(nil, into, .rect) {
      let path = try IndexPathObject.indexPath(arguments[1], for: "drop(_:intoItemAt:rect:)")
      let rect = try Convert.rect(arguments[2], for: "drop(_:intoItemAt:rect:)")
      return animator(try coordinator.drop(item, intoItemAt: path, rect: rect))
    }
    if arguments.hasLabels(nil, .to) {
      if let placeholder = arguments[1].object(as: PlaceholderObject.self) {
        return try context(coordinator.drop(item, to: placeholder.placeholder))
      }
      if let target = arguments[1].object(as: PreviewTargetObject.self) {
        return animator(try coordinator.drop(item, to: target.target))
      }
      throw RuntimeError(
        .wrongArgumentType(
          "drop(_:to:)", expected: "a drop placeholder or a UIDragPreviewTarget", found: arguments[1].typeName
        ))
    }
    if let placeholder = try convenience(arguments) {
      return try context(coordinator.drop(item, to: placeholder))
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }

  /// Swift's `drop(_:toPlaceholderInsertedAt:withReuseIdentifier:rowHeight:cellUpdateHandler:)`
  /// (rowHeight for tables only; the handler may trail).
  private func convenience(_ arguments: Arguments) throws -> ListPlaceholder? {
    guard let pathValue = arguments.value(labelled: .toPlaceholderInsertedAt),
      let identifier = arguments.value(labelled: .withReuseIdentifier)
    else { return nil }
    let rowHeight = try arguments.value(labelled: .rowHeight).map { try Convert.number($0, for: "rowHeight") }
    let placeholder = ListPlaceholder(
      insertionIndexPath: try IndexPathObject.indexPath(pathValue, for: "toPlaceholderInsertedAt"),
      reuseIdentifier: try Convert.string(identifier, for: "withReuseIdentifier"), rowHeight: rowHeight)
    if let handler = arguments.trailingClosure(labels: [.cellUpdateHandler]) {
      PlaceholderObject.setCellUpdateHandler(handler, of: placeholder, scene: scene)
    }
    return placeholder
  }

  private func animator(_ animator: DragAnimator) -> Value {
    .object(AnimatorObject(scene: scene, animator: animator))
  }

  private func context(_ context: PlaceholderContext) -> Value {
    .object(PlaceholderContextObject(scene: scene, context: context, kind: coordinator.kind))
  }
}

/// UITableViewDropItem / UICollectionViewDropItem.
final class DropItemObject: SceneObject {
  let item: ListDropItem
  let kind: ListKind

  init(scene: SceneHost, item: ListDropItem, kind: ListKind) {
    self.item = item
    self.kind = kind
    super.init(scene: scene)
  }

  override var typeName: String { kind == .table ? "UITableViewDropItem" : "UICollectionViewDropItem" }
  override var description: String { item.description }
  override func isInstance(of type: Builtin) -> Bool {
    type == (kind == .table ? .uiTableViewDropItem : .uiCollectionViewDropItem)
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .dragItem?: return .object(scene.object(for: item.dragItem))
    case .sourceIndexPath?: return item.sourceIndexPath.map(IndexPathObject.value) ?? .nil
    case .previewSize?: return .object(SizeObject(item.previewSize))
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }
}

/// `UICollectionViewDropPlaceholder(insertionIndexPath:reuseIdentifier:)` and
/// `UITableViewDropPlaceholder(insertionIndexPath:reuseIdentifier:rowHeight:)`.
final class PlaceholderObject: SceneObject {
  let placeholder: ListPlaceholder
  let kind: ListKind
  private var cellUpdateHandler = Value.nil
  private var previewParametersProvider = Value.nil

  init(scene: SceneHost, placeholder: ListPlaceholder, kind: ListKind) {
    self.placeholder = placeholder
    self.kind = kind
    super.init(scene: scene)
  }

  override var typeName: String {
    kind == .table ? "UITableViewDropPlaceholder" : "UICollectionViewDropPlaceholder"
  }
  override func isInstance(of type: Builtin) -> Bool {
    type == (kind == .table ? .uiTableViewDropPlaceholder : .uiCollectionViewDropPlaceholder)
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .insertionIndexPath?: return IndexPathObject.value(placeholder.insertionIndexPath)
    case .reuseIdentifier?: return .string(placeholder.reuseIdentifier)
    case .rowHeight? where kind == .table: return placeholder.rowHeight.map { .double($0) } ?? .nil
    case .cellUpdateHandler?: return cellUpdateHandler
    case .previewParametersProvider?: return previewParametersProvider
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .cellUpdateHandler?:
      cellUpdateHandler = value
      if value.isNil {
        placeholder.cellUpdateHandler = nil
      } else {
        Self.setCellUpdateHandler(
          try Convert.function(value, for: "cellUpdateHandler"), of: placeholder, scene: scene)
      }
    case .previewParametersProvider?:
      previewParametersProvider = value
      if value.isNil {
        placeholder.previewParametersProvider = nil
        return
      }
      let block = try Convert.function(value, for: "previewParametersProvider")
      placeholder.previewParametersProvider = { [unowned scene] cell in
        let result = try scene.callScript(block, [.object(scene.object(for: cell))])
        if result.isNil { return nil }
        return try PreviewParametersObject.parameters(result)
      }
    default:
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// Makes a script closure the placeholder's `cellUpdateHandler(cell)`.
  static func setCellUpdateHandler(_ block: Value, of placeholder: ListPlaceholder, scene: SceneHost) {
    placeholder.cellUpdateHandler = { [unowned scene] cell in
      _ = try scene.callScript(block, [.object(scene.object(for: cell))])
    }
  }

  static func make(_ arguments: Arguments, kind: ListKind, scene: SceneHost) throws -> Value {
    let spelling = kind == .table ? "UITableViewDropPlaceholder" : "UICollectionViewDropPlaceholder"
    let labels = arguments.hasLabels(.insertionIndexPath, .reuseIdentifier)
    let withHeight = kind == .table && arguments.hasLabels(.insertionIndexPath, .reuseIdentifier, .rowHeight)
    guard labels || withHeight else { throw RuntimeError(.notConstructible(spelling)) }
    let path = try IndexPathObject.indexPath(arguments[0], for: "\(spelling)(insertionIndexPath:)")
    let identifier = try Convert.string(arguments[1], for: "\(spelling)(reuseIdentifier:)")
    let height = withHeight ? try Convert.number(arguments[2], for: "\(spelling)(rowHeight:)") : nil
    let placeholder = ListPlaceholder(
      insertionIndexPath: path, reuseIdentifier: identifier, rowHeight: height)
    return .object(PlaceholderObject(scene: scene, placeholder: placeholder, kind: kind))
  }
}

/// UITableViewDropPlaceholderContext / UICollectionViewDropPlaceholderContext.
final class PlaceholderContextObject: SceneObject {
  let context: PlaceholderContext
  let kind: ListKind

  init(scene: SceneHost, context: PlaceholderContext, kind: ListKind) {
    self.context = context
    self.kind = kind
    super.init(scene: scene)
  }

  override var typeName: String {
    kind == .table ? "UITableViewDropPlaceholderContext" : "UICollectionViewDropPlaceholderContext"
  }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragAnimating }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if member.known == .dragItem { return .object(scene.object(for: context.dragItem)) }
    return try super.getMember(member, interpreter: interpreter)
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    switch member.known {
    case .commitInsertion?:
      guard arguments.count == 1, let block = arguments.trailingClosure(labels: [.dataSourceUpdates]) else {
        break
      }
      // The count check follows the block: an exception it raises points
      // at this call, not at the block's last call.
      let call = interpreter.lastNativeCallRange
      let committed = try context.commitInsertion { path in
        defer { interpreter.lastNativeCallRange = call }
        _ = try interpreter.call(block, [IndexPathObject.value(path)])
      }
      return .bool(committed)
    case .deletePlaceholder?:
      guard arguments.isEmpty else { break }
      return .bool(try context.deletePlaceholder())
    case .setNeedsCellUpdate?:
      // UICollectionViewDropPlaceholderContext's alone (§9.3): a table's
      // context has no such method.
      guard arguments.isEmpty, kind == .collection else { break }
      try context.setNeedsCellUpdate()
      return .nil
    case .addAnimations?, .addCompletion?:
      return try AnimatorObject(scene: scene, animator: context.animator)
        .callMethod(member, arguments, interpreter: interpreter)
    default:
      break
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }
}

/// Intents and cadences as script values, and back.
enum ListConvert {
  static func value(of intent: DropIntent) -> Value {
    switch intent {
    case .unspecified: .enumCase(Symbol(.unspecified))
    case .insertAtDestinationIndexPath: .enumCase(Symbol(.insertAtDestinationIndexPath))
    case .insertIntoDestinationIndexPath: .enumCase(Symbol(.insertIntoDestinationIndexPath))
    case .automatic: .enumCase(Symbol(.automatic))
    }
  }

  /// `.unspecified`, `.insertAtDestinationIndexPath`, `.insertIntoDestinationIndexPath`
  /// and, for tables, `.automatic`.
  static func intent(_ value: Value, kind: ListKind, for name: String) throws -> DropIntent {
    if case .enumCase(let symbol) = value {
      switch symbol.known {
      case .unspecified?: return .unspecified
      case .insertAtDestinationIndexPath?: return .insertAtDestinationIndexPath
      case .insertIntoDestinationIndexPath?: return .insertIntoDestinationIndexPath
      case .automatic? where kind == .table: return .automatic
      default: break
      }
    }
    var automatic =
      kind == .table
      ? ", .insertIntoDestinationIndexPath or .automatic" : " or .insertIntoDestinationIndexPath"
    if kind == .collection, case .enumCase(let symbol) = value, symbol.known == .automatic {
      automatic += " (.automatic is a table view's intent: UITableViewDropProposal has it, "
        + "UICollectionViewDropProposal does not)"
    }
    throw RuntimeError(
      .wrongArgumentType(
        name, expected: ".unspecified, .insertAtDestinationIndexPath\(automatic)", found: value.mismatchName))
  }

  static func value(of cadence: ReorderingCadence) -> Value {
    switch cadence {
    case .immediate: .enumCase(Symbol(.immediate))
    case .fast: .enumCase(Symbol(.fast))
    case .slow: .enumCase(Symbol(.slow))
    }
  }

  static func cadence(_ value: Value, for name: String) throws -> ReorderingCadence {
    if case .enumCase(let symbol) = value {
      switch symbol.known {
      case .immediate?: return .immediate
      case .fast?: return .fast
      case .slow?: return .slow
      default: break
      }
    }
    throw RuntimeError(
      .wrongArgumentType(name, expected: ".immediate, .fast or .slow", found: value.mismatchName))
  }

  /// `UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)`,
  /// `UICollectionViewDropProposal(operation: .copy)`; the labels may be left out.
  static func proposal(_ arguments: Arguments, kind: ListKind) throws -> Value {
    let spelling = kind == .table ? "UITableViewDropProposal" : "UICollectionViewDropProposal"
    guard (1...2).contains(arguments.count), let operationValue = arguments.value(.operation, orAt: 0) else {
      throw RuntimeError(.notConstructible(spelling))
    }
    let operation = try Convert.operation(operationValue, for: "\(spelling)(operation:)")
    var intent = DropIntent.unspecified
    if arguments.count == 2 {
      guard let intentValue = arguments.value(.intent, orAt: 1) else {
        throw RuntimeError(.notConstructible(spelling))
      }
      intent = try self.intent(intentValue, kind: kind, for: "\(spelling)(intent:)")
    }
    return .object(ProposalObject(ListDropProposal(operation: operation, intent: intent), listKind: kind))
  }

  /// Registers the list types: cells, proposals, placeholders.
  static func register(in registry: NativeRegistry, scene slot: SceneSlot) {
    for builtin in [Builtin.cell, .uiTableViewCell, .uiCollectionViewCell] {
      registry.register(
        BoundType(builtin, construct: { try CellObject.make($0, spelling: builtin.spelling) }))
    }
    registry.register(BoundType(.uiTableViewDropProposal, construct: { try proposal($0, kind: .table) }))
    registry.register(
      BoundType(.uiCollectionViewDropProposal, construct: { try proposal($0, kind: .collection) }))
    registry.register(
      BoundType(
        .uiTableViewDropPlaceholder,
        construct: { try PlaceholderObject.make($0, kind: .table, scene: slot.current()) }))
    registry.register(
      BoundType(
        .uiCollectionViewDropPlaceholder,
        construct: { try PlaceholderObject.make($0, kind: .collection, scene: slot.current()) }))
  }
}
