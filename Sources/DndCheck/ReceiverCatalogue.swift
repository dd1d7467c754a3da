/// The few receivers whose every member the checker knows, so that a member
/// another type has (`session.localObject`, a drag item's) is still an
/// error on them.
///
/// The checker types nothing else: the language is dynamically typed, and
/// only a handler's parameter is sure to hold one kind of object (UIKit
/// passes it, and a parameter cannot be assigned). Each list is every member
/// the binding's object answers, read, set or called (SessionObjects.swift,
/// with `description` from `SceneObject`); `ReceiverCatalogueTests` in
/// DndInterpreterTests asks the real objects about every other known member
/// and requires each to be refused, so a member the binding learns must be
/// added here too.
public enum ReceiverType: String, CaseIterable, Sendable {
  case dragSession = "UIDragSession"
  case dropSession = "UIDropSession"

  /// The Swift type's name, for messages.
  public var typeName: String { rawValue }

  /// Every member the object answers.
  public var members: [KnownMember] {
    switch self {
    case .dragSession:
      return ReceiverType.dragDropSession + [.localContext]
    case .dropSession:
      return ReceiverType.dragDropSession + [.localDragSession, .progress, .progressIndicatorStyle, .loadObjects]
    }
  }

  /// What both sessions answer (UIDragDropSession), and `description`.
  private static let dragDropSession: [KnownMember] = [
    .items, .allowsMoveOperation, .isRestrictedToDraggingApplication, .location, .canLoadObjects,
    .hasItemsConforming, .description,
  ]

  /// Whether the object answers `name`.
  public func hasMember(_ name: String) -> Bool {
    members.contains { $0.spelling == name }
  }
}
