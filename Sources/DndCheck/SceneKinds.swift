/// The kinds of view a script declares, with the UIKit class each stands for.
public enum ViewKind: String, CaseIterable, Sendable {
  case view, label, imageView, textField, textView, button, tableView, collectionView

  /// The UIKit class, for messages and the trace.
  public var uikitClass: String {
    switch self {
    case .view: "UIView"
    case .label: "UILabel"
    case .imageView: "UIImageView"
    case .textField: "UITextField"
    case .textView: "UITextView"
    case .button: "UIButton"
    case .tableView: "UITableView"
    case .collectionView: "UICollectionView"
    }
  }

  /// "a label", "an image view": how messages name a view of this kind.
  public var phrase: String {
    switch self {
    case .view: "a view"
    case .label: "a label"
    case .imageView: "an image view"
    case .textField: "a text field"
    case .textView: "a text view"
    case .button: "a button"
    case .tableView: "a table view"
    case .collectionView: "a collection view"
    }
  }
}

/// The kinds of interaction, delegate and data source block.
public enum InteractionKind: String, CaseIterable, Sendable {
  case dragInteraction, dropInteraction, springLoadedInteraction
  case dragDelegate, dropDelegate, dataSource, delegate, textDropDelegate

  /// The view kinds a block of this kind may be attached to.
  public var allowedViewKinds: [ViewKind] {
    switch self {
    case .dragInteraction, .dropInteraction, .springLoadedInteraction: ViewKind.allCases
    case .dragDelegate, .dropDelegate, .dataSource, .delegate: [.tableView, .collectionView]
    case .textDropDelegate: [.textField, .textView]
    }
  }

  /// The methods UIKit's protocol requires (not `optional` in it): Swift
  /// does not compile a delegate without them.
  public func requiredMethods(on view: ViewKind) -> [String] {
    let table = view == .tableView
    switch self {
    case .dragInteraction, .dragDelegate: return ["itemsForBeginning"]
    case .dropDelegate: return ["performDropWith"]
    case .dataSource:
      return table ? ["numberOfRowsInSection", "cellForRowAt"] : ["numberOfItemsInSection", "cellForItemAt"]
    case .dropInteraction, .springLoadedInteraction, .delegate, .textDropDelegate: return []
    }
  }

  /// The UIKit protocol (or class) whose methods the block implements, on a
  /// view of the given kind.
  public func protocolName(on view: ViewKind) -> String {
    let prefix = view == .collectionView ? "UICollectionView" : "UITableView"
    switch self {
    case .dragInteraction: return "UIDragInteractionDelegate"
    case .dropInteraction: return "UIDropInteractionDelegate"
    case .springLoadedInteraction: return "UISpringLoadedInteraction"
    case .dragDelegate: return prefix + "DragDelegate"
    case .dropDelegate: return prefix + "DropDelegate"
    case .dataSource: return prefix + "DataSource"
    case .delegate: return prefix + "Delegate"
    case .textDropDelegate: return "UITextDropDelegate"
    }
  }
}

/// The device a script runs on: its idiom decides UIKit's defaults.
public enum Device: String, CaseIterable, Sendable {
  case iPad, iPhone
}
