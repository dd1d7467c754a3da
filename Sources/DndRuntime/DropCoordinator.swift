import Foundation

// What a list's drop delegate works with: the proposals with an intent
// (§8.4, §9.2), and in `performDropWith` the coordinator (§8.5, §9.3) with
// its drop items and the four ways to animate an item (to a new cell, into a
// cell, to a placeholder, to any target). Animations must be set up before
// `performDropWith` returns; an item given none gets UIKit's default drop
// animation and the list reverts to how it was before the drop.

/// UITableViewDropProposal.Intent / UICollectionViewDropProposal.Intent, with
/// UIKit's raw values. `automatic` exists for tables only.
public enum DropIntent: Int, Codable, Sendable, CustomStringConvertible {
  case unspecified = 0
  case insertAtDestinationIndexPath = 1
  case insertIntoDestinationIndexPath = 2
  case automatic = 3

  public var description: String {
    switch self {
    case .unspecified: "unspecified"
    case .insertAtDestinationIndexPath: "insertAtDestinationIndexPath"
    case .insertIntoDestinationIndexPath: "insertIntoDestinationIndexPath"
    case .automatic: "automatic"
    }
  }
}

/// UITableViewDropProposal / UICollectionViewDropProposal: a drop proposal
/// with an intent (default unspecified: no gap, just a badge).
public final class ListDropProposal: DropProposal {
  public let intent: DropIntent

  public init(operation: DropOperation, intent: DropIntent = .unspecified) {
    self.intent = intent
    super.init(operation: operation)
  }

  /// The same proposal with another intent (UIKit's adjustments).
  func with(intent: DropIntent) -> ListDropProposal {
    guard intent != self.intent else { return self }
    return copy(operation: operation, intent: intent)
  }

  /// The same proposal with another operation (after validation).
  func with(operation: DropOperation) -> ListDropProposal {
    guard operation != self.operation else { return self }
    return copy(operation: operation, intent: intent)
  }

  private func copy(operation: DropOperation, intent: DropIntent) -> ListDropProposal {
    let copy = ListDropProposal(operation: operation, intent: intent)
    copy.isPrecise = isPrecise
    copy.prefersFullSizePreview = prefersFullSizePreview
    return copy
  }

  public override var summary: String { "\(super.summary), \(intent)" }
}

/// UITableViewDropItem / UICollectionViewDropItem.
public final class ListDropItem {
  public let dragItem: DragItem
  /// Where the item came from if it was dragged from this list and the list
  /// was not updated or reloaded since the drag began; else nil (§8.6).
  public let sourceIndexPath: IndexPath?
  /// The size of the item's preview; zero if it has no visible preview.
  public let previewSize: Size

  init(dragItem: DragItem, sourceIndexPath: IndexPath?, previewSize: Size) {
    self.dragItem = dragItem
    self.sourceIndexPath = sourceIndexPath
    self.previewSize = previewSize
  }
}

extension ListDropItem: CustomStringConvertible {
  public var description: String {
    "DropItem(\(dragItem), sourceIndexPath: \(indexPathText(sourceIndexPath)))"
  }
}

/// UITableViewDropCoordinator / UICollectionViewDropCoordinator.
public final class DropCoordinator {
  /// The dropped items, in the session's order.
  public let items: [ListDropItem]
  /// Where the drop is; nil over empty space (the intent is then unspecified).
  public let destinationIndexPath: IndexPath?
  /// The proposal in effect, after UIKit's adjustments (automatic resolved).
  public let proposal: ListDropProposal
  public let session: DropSession
  /// A table's or a collection view's coordinator.
  public let kind: ListKind
  private weak var list: ListView?
  /// The animation chosen for each item, in the order chosen.
  private(set) var animations: [(item: DragItem, animator: DragAnimator)] = []
  /// False once `performDropWith` returned.
  var isOpen = true

  init(
    list: ListView, items: [ListDropItem], destinationIndexPath: IndexPath?, proposal: ListDropProposal,
    session: DropSession
  ) {
    self.list = list
    self.kind = list.kind
    self.items = items
    self.destinationIndexPath = destinationIndexPath
    self.proposal = proposal
    self.session = session
  }

  /// `drop(_:toItemAt:)` (`toRowAt:`): animates to the cell of an item the
  /// app has just inserted (with `performBatchUpdates`, before this call).
  @discardableResult
  public func drop(_ dragItem: DragItem, toItemAt indexPath: IndexPath) throws -> DragAnimator {
    guard let list else { return DragAnimator(world: nil) }
    let exists = list.itemID(at: indexPath) != nil
    let method = list.kind == .table ? "drop(_:toRowAt:)" : "drop(_:toItemAt:)"
    if !exists {
      list.warn(
        "\(method) names \(indexPathText(indexPath)), which is not a \(list.kind.unit) of the "
          + "\(list.kind.viewPhrase): insert it first; the item fades instead")
    }
    let parameters = list.methods.dropPreviewParameters
    let argument = TraceArgument("indexPath", indexPathText(indexPath))
    // Once performDropWith has returned the animations are under way: a
    // late call changes nothing, so UIKit has no preview to ask for.
    if exists, isOpen, let handler = list.dropDelegate?.dropPreviewParametersForItemAt {
      _ = try list.call(parameters, role: "dropDelegate", [argument], result: Self.describe) {
        try handler(indexPath)
      }
    } else if exists, isOpen {
      list.recordDefault(parameters, role: "dropDelegate", [argument], result: "nil (the whole cell)")
    }
    return record(dragItem, method, argument)
  }

  /// `drop(_:intoItemAt:rect:)` (`intoRowAt:`): shrinks the item into a rect
  /// of a cell (in the cell's coordinates), as into a container.
  @discardableResult
  public func drop(_ dragItem: DragItem, intoItemAt indexPath: IndexPath, rect: Rect) throws -> DragAnimator {
    guard let list else { return DragAnimator(world: nil) }
    let unit = list.kind == .table ? "Row" : "Item"
    // As for drop(_:toItemAt:): the item needs a cell to go into.
    if list.itemID(at: indexPath) == nil {
      list.warn(
        "drop(_:into\(unit)At:rect:) names \(indexPathText(indexPath)), which is not a \(list.kind.unit) of "
          + "the \(list.kind.viewPhrase): there is no cell to drop it into")
    }
    return record(
      dragItem, "drop(_:into\(unit)At:rect:)", TraceArgument("indexPath", indexPathText(indexPath)),
      TraceArgument("rect", rect.description))
  }

  /// `drop(_:to:)` with a target: animates anywhere (a tab, a trash can).
  @discardableResult
  public func drop(_ dragItem: DragItem, to target: DragPreviewTarget) throws -> DragAnimator {
    record(
      dragItem, "drop(_:to:)", TraceArgument("container", target.container.name),
      TraceArgument("center", target.center.description))
  }

  /// `drop(_:to:)` with a placeholder: inserts it (no data source update)
  /// and animates the item into it; the context commits or deletes it later.
  @discardableResult
  public func drop(_ dragItem: DragItem, to placeholder: ListPlaceholder) throws -> PlaceholderContext {
    guard let list else {
      throw ScenarioError("the coordinator's \(placeholder.reuseIdentifier) placeholder has no list any more")
    }
    let placeholderRecord = try list.insert(placeholder)
    let animator = record(
      dragItem, "drop(_:to: placeholder)",
      TraceArgument("insertionIndexPath", indexPathText(placeholder.insertionIndexPath)))
    if let provider = placeholder.previewParametersProvider, let cell = list.cells[placeholderRecord.id] {
      _ = try list.call(list.methods.previewParametersProvider, role: "placeholder", result: Self.describe) {
        try provider(cell)
      }
    }
    return PlaceholderContext(dragItem: dragItem, animator: animator, list: list, record: placeholderRecord)
  }

  /// Notes the animation chosen for an item and returns its animator.
  private func record(_ dragItem: DragItem, _ method: String, _ arguments: TraceArgument...) -> DragAnimator {
    let animator = DragAnimator(world: list?.world)
    guard let list else { return animator }
    let index = items.firstIndex { $0.dragItem === dragItem }
    if !isOpen {
      list.warn(
        "\(method) was called after performDropWith returned: the drop animations have begun, so the item "
          + "keeps the animation it had (the one chosen in performDropWith, or UIKit's default)")
    } else if index == nil {
      list.warn("\(method) names a drag item that is not one of the coordinator's items")
    } else {
      animations.removeAll { $0.item === dragItem }
      animations.append((dragItem, animator))
    }
    list.step(method, [TraceArgument("item", index.map { "items[\($0)]" } ?? "unknown")] + arguments)
    return animator
  }

  private static func describe(_ parameters: DragPreviewParameters?) -> String {
    guard let parameters else { return "nil (the whole cell)" }
    return parameters.visiblePath == nil ? "parameters (whole cell)" : "parameters (visible path)"
  }
}
