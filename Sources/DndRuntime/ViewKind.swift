/// The UIKit view classes a scene is built from, with the per-class defaults
/// that matter to drag and drop.
public enum ViewKind: String, Codable, Sendable, CaseIterable {
  case view, label, imageView, textField, textView, button, tableView, collectionView
  /// The cells a table or collection view makes for its rows and items.
  /// Scenes do not declare them: the list creates and removes them.
  case tableViewCell, collectionViewCell
  /// The root of an app's view tree (UIWindow). Scenes do not declare it: every
  /// `App` owns one.
  case window

  /// The Objective-C class name, as the Main Thread Checker prints it.
  public var uikitClassName: String {
    switch self {
    case .view: "UIView"
    case .label: "UILabel"
    case .imageView: "UIImageView"
    case .textField: "UITextField"
    case .textView: "UITextView"
    case .button: "UIButton"
    case .tableView: "UITableView"
    case .collectionView: "UICollectionView"
    case .tableViewCell: "UITableViewCell"
    case .collectionViewCell: "UICollectionViewCell"
    case .window: "UIWindow"
    }
  }

  /// UILabel and UIImageView ignore touches unless told otherwise, so they
  /// neither start drags nor receive drops by default (UIKIT-SEMANTICS §12.2).
  public var isUserInteractionEnabledByDefault: Bool {
    switch self {
    case .label, .imageView: false
    default: true
    }
  }

  /// Table and collection views carry a `ListView`.
  public var isList: Bool { self == .tableView || self == .collectionView }

  /// Text fields and text views carry a built-in text drop interaction (§6.4).
  public var isTextDroppable: Bool { self == .textField || self == .textView }
}
