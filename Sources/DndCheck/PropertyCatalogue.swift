/// The properties a script may set in a view, interaction or app body, as
/// data: the name a script writes, the UIKit property it stands for, and the
/// Swift type UIKit gives it (for the binding and for messages).
public struct PropertyEntry: Hashable, Sendable {
  /// Where the property may be written.
  public enum Owner: Hashable, Sendable {
    /// In a view body, on these kinds of view.
    case view([ViewKind])
    /// In an interaction block of this kind.
    case interaction(InteractionKind)
    /// In an app body.
    case app
  }

  public let name: String
  public let owner: Owner
  /// UIKit's spelling: `UILabel.text`.
  public let uikitName: String
  /// UIKit's type: `String?`.
  public let type: String
}

/// The catalogue of settable properties, and look-ups by owner.
public enum PropertyCatalogue {
  public static let entries: [PropertyEntry] = everyView + perKind + interactions + app

  /// The properties a view of `kind` accepts.
  public static func properties(of kind: ViewKind) -> [PropertyEntry] {
    entries.filter {
      if case .view(let kinds) = $0.owner { return kinds.contains(kind) }
      return false
    }
  }

  /// The properties a block of `kind` accepts.
  public static func properties(of kind: InteractionKind) -> [PropertyEntry] {
    entries.filter { $0.owner == .interaction(kind) }
  }

  /// The properties an app body accepts.
  public static var appProperties: [PropertyEntry] { entries.filter { $0.owner == .app } }

  /// The property named `name` on a view of `kind`.
  public static func property(named name: String, on kind: ViewKind) -> PropertyEntry? {
    properties(of: kind).first { $0.name == name }
  }

  // MARK: - The entries

  private static func view(_ name: String, _ type: String, on kinds: [ViewKind], owner: String)
    -> PropertyEntry
  {
    PropertyEntry(name: name, owner: .view(kinds), uikitName: "\(owner).\(name)", type: type)
  }

  private static let everyView: [PropertyEntry] = [
    ("frame", "CGRect"), ("backgroundColor", "UIColor?"), ("alpha", "CGFloat"), ("isHidden", "Bool"),
    ("isUserInteractionEnabled", "Bool"), ("tag", "Int"), ("pasteConfiguration", "UIPasteConfiguration?"),
  ].map { view($0.0, $0.1, on: ViewKind.allCases, owner: "UIView") }

  private static let perKind: [PropertyEntry] = [
    view("text", "String?", on: [.label], owner: "UILabel"),
    view("attributedText", "NSAttributedString?", on: [.label], owner: "UILabel"),
    view("textColor", "UIColor", on: [.label], owner: "UILabel"),
    view("numberOfLines", "Int", on: [.label], owner: "UILabel"),
    view("isEnabled", "Bool", on: [.label], owner: "UILabel"),
    view("image", "UIImage?", on: [.imageView], owner: "UIImageView"),
    view("contentMode", "UIView.ContentMode", on: [.imageView], owner: "UIImageView"),
    view("text", "String?", on: [.textField], owner: "UITextField"),
    view("attributedText", "NSAttributedString?", on: [.textField], owner: "UITextField"),
    view("placeholder", "String?", on: [.textField], owner: "UITextField"),
    view("isEnabled", "Bool", on: [.textField], owner: "UITextField"),
    view("text", "String", on: [.textView], owner: "UITextView"),
    view("attributedText", "NSAttributedString", on: [.textView], owner: "UITextView"),
    view("isEditable", "Bool", on: [.textView], owner: "UITextView"),
    view("title", "String?", on: [.button], owner: "UIButton"),
    view("isSpringLoaded", "Bool", on: [.button], owner: "UIButton"),
    view("isEnabled", "Bool", on: [.button], owner: "UIButton"),
    view("rowHeight", "CGFloat", on: [.tableView], owner: "UITableView"),
    view("dragInteractionEnabled", "Bool", on: [.tableView], owner: "UITableView"),
    view("allowsMultipleSelection", "Bool", on: [.tableView], owner: "UITableView"),
    view("isSpringLoaded", "Bool", on: [.tableView], owner: "UITableView"),
    view("itemSize", "CGSize", on: [.collectionView], owner: "UICollectionViewFlowLayout"),
    view("dragInteractionEnabled", "Bool", on: [.collectionView], owner: "UICollectionView"),
    view("allowsMultipleSelection", "Bool", on: [.collectionView], owner: "UICollectionView"),
    view(
      "reorderingCadence", "UICollectionView.ReorderingCadence", on: [.collectionView],
      owner: "UICollectionView"),
    view("isSpringLoaded", "Bool", on: [.collectionView], owner: "UICollectionView"),
  ]

  private static let interactions: [PropertyEntry] = [
    PropertyEntry(
      name: "isEnabled", owner: .interaction(.dragInteraction), uikitName: "UIDragInteraction.isEnabled",
      type: "Bool"),
    PropertyEntry(
      name: "allowsSimultaneousRecognitionDuringLift", owner: .interaction(.dragInteraction),
      uikitName: "UIDragInteraction.allowsSimultaneousRecognitionDuringLift", type: "Bool"),
    PropertyEntry(
      name: "allowsSimultaneousDropSessions", owner: .interaction(.dropInteraction),
      uikitName: "UIDropInteraction.allowsSimultaneousDropSessions", type: "Bool"),
  ]

  private static let app: [PropertyEntry] = [
    PropertyEntry(name: "frame", owner: .app, uikitName: "UIWindow.frame", type: "CGRect")
  ]
}
