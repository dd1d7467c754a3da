/// The few receivers whose every member the checker knows, so that a member
/// another type has (`session.localObject`, a drag item's;
/// `coordinator.insertionIndexPath`, a placeholder context's) is still an
/// error on them.
///
/// The checker types nothing else: the language is dynamically typed, and
/// only a handler's parameter is sure to hold one kind of object (UIKit
/// passes it, and a parameter cannot be assigned). Each list is every member
/// the binding's object answers, read, set or called (SessionObjects.swift,
/// and ListObjects.swift, with `description` from `SceneObject`);
/// `ReceiverCatalogueTests` in
/// DndInterpreterTests asks the real objects about every other known member
/// and requires each to be refused, so a member the binding learns must be
/// added here too.
public enum ReceiverType: String, CaseIterable, Sendable {
  case dragSession = "UIDragSession"
  case dropSession = "UIDropSession"
  case collectionDropCoordinator = "UICollectionViewDropCoordinator"
  case tableDropCoordinator = "UITableViewDropCoordinator"

  /// The Swift type's name, for messages.
  public var typeName: String { rawValue }

  /// Every member the object answers.
  public var members: [KnownMember] {
    switch self {
    case .dragSession: ReceiverType.dragSessionMembers
    case .dropSession: ReceiverType.dropSessionMembers
    case .collectionDropCoordinator, .tableDropCoordinator: ReceiverType.dropCoordinatorMembers
    }
  }

  /// What both sessions answer (UIDragDropSession), and `description`.
  private static let dragDropSession: [KnownMember] = [
    .items, .allowsMoveOperation, .isRestrictedToDraggingApplication, .location, .canLoadObjects,
    .hasItemsConforming, .description,
  ]
  private static let dragSessionMembers = dragDropSession + [.localContext]
  private static let dropSessionMembers =
    dragDropSession + [.localDragSession, .progress, .progressIndicatorStyle, .loadObjects]
  /// Both coordinators answer the same names; `drop` takes the table's or
  /// the collection's labels.
  private static let dropCoordinatorMembers: [KnownMember] = [
    .items, .destinationIndexPath, .proposal, .session, .drop, .description,
  ]

  /// The labels each of the sessions' methods takes (nil for an unlabelled
  /// argument), and how it is written: a call with other labels is refused
  /// when checking, where a handler no scenario reaches would otherwise
  /// keep the mistake. `loadObjects` also takes its completion, trailing or
  /// labelled `completion:`. The coordinators' `drop` forms are `dropForms`.
  public static let sessionMethodForms: [KnownMember: (labels: [String?], form: String)] = [
    .location: (["in"], "'location(in: someView)'"),
    .canLoadObjects: (["ofClass"], "'canLoadObjects(ofClass: String.self)'"),
    .hasItemsConforming: (["toTypeIdentifiers"], "'hasItemsConforming(toTypeIdentifiers: [\"public.image\"])'"),
    .loadObjects: (["ofClass"], "'loadObjects(ofClass: String.self) { strings in ... }'"),
  ]

  /// The label forms of a coordinator's `drop` (besides the placeholder
  /// convenience, `drop(_:toPlaceholderInsertedAt:...)`), and how they are
  /// written; nil for the sessions.
  public struct DropForms: Sendable {
    public let labels: [[String?]]
    public let written: String
  }

  public var dropForms: DropForms? {
    switch self {
    case .tableDropCoordinator:
      DropForms(
        labels: [[nil, "toRowAt"], [nil, "intoRowAt", "rect"], [nil, "to"]],
        written: "'drop(item.dragItem, toRowAt: indexPath)', 'drop(_:intoRowAt:rect:)' or "
          + "'drop(item.dragItem, to: placeholder)'")
    case .collectionDropCoordinator:
      DropForms(
        labels: [[nil, "toItemAt"], [nil, "intoItemAt", "rect"], [nil, "to"]],
        written: "'drop(item.dragItem, toItemAt: indexPath)', 'drop(_:intoItemAt:rect:)' or "
          + "'drop(item.dragItem, to: placeholder)'")
    case .dragSession, .dropSession: nil
    }
  }

  /// Whether the object answers `member` (nil: a name that is no known
  /// member, which it does not).
  public func hasMember(_ member: KnownMember?) -> Bool {
    guard let member else { return false }
    return members.contains(member)
  }
}
