/// Every delegate method a script may implement, as data: the name a script
/// writes, its parameters, and UIKit's full spelling (which the trace prints
/// and the binding uses to route calls).
///
/// A table view and a collection view implement the same protocols under
/// different names (`UITableViewDragDelegate`, `UICollectionViewDragDelegate`),
/// so those blocks have one entry per view kind; `counterpart` names the
/// method's twin on the other kind, for "did you mean" messages.
public struct DelegateMethod: Hashable, Sendable {
  /// The name a script writes: `performDrop`.
  public let name: String
  /// The block it belongs in; nil for functions written directly in a view body.
  public let interaction: InteractionKind?
  /// Conventional parameter names, in order (the script picks its own names).
  public let parameters: [String]
  /// The fewest parameters accepted (the button's `action` takes 0 or 1).
  public let minimumParameterCount: Int
  /// UIKit's spelling: `dropInteraction(_:performDrop:)`.
  public let uikitName: String
  /// The protocol or class declaring it: `UIDropInteractionDelegate`.
  public let protocolName: String
  /// The view kinds on which this entry applies.
  public let viewKinds: [ViewKind]
  /// The same method under the other kind's name (`numberOfRowsInSection` for
  /// `numberOfItemsInSection`), if it has one.
  public let counterpart: String?

  /// Whether a function with `count` parameters fits this method.
  public func accepts(parameterCount count: Int) -> Bool {
    count >= minimumParameterCount && count <= parameters.count
  }

  /// What UIKit's method returns, as the binding reads the handler's answer
  /// (DelegateBinding.swift, ListBinding.swift).
  public var result: DelegateResult {
    switch (interaction, name) {
    case (.dragInteraction, "itemsForBeginning"), (.dragInteraction, "itemsForAddingTo"),
      (.dragDelegate, "itemsForBeginning"), (.dragDelegate, "itemsForAddingTo"):
      return .required("an array of UIDragItems")
    case (.dragInteraction, "sessionAllowsMoveOperation"),
      (.dragInteraction, "sessionIsRestrictedToDraggingApplication"),
      (.dragInteraction, "prefersFullSizePreviewsForSession"), (.dropInteraction, "canHandle"),
      (.springLoadedInteraction, "shouldAllow"), (.dragDelegate, "dragSessionAllowsMoveOperation"),
      (.dragDelegate, "dragSessionIsRestrictedToDraggingApplication"), (.dropDelegate, "canHandle"),
      (.dataSource, "canMoveRowAt"), (.dataSource, "canMoveItemAt"), (.delegate, "shouldSpringLoadRowAt"),
      (.delegate, "shouldSpringLoadItemAt"), (nil, "canPaste"):
      return .required("a Bool")
    case (.dropInteraction, "sessionDidUpdate"): return .required("a UIDropProposal")
    case (.dropDelegate, "dropSessionDidUpdate"):
      return .required(viewKinds == [.tableView] ? "a UITableViewDropProposal" : "a UICollectionViewDropProposal")
    case (.dataSource, "numberOfSections"), (.dataSource, "numberOfRowsInSection"),
      (.dataSource, "numberOfItemsInSection"):
      return .required("an Int")
    case (.dataSource, "cellForRowAt"), (.dataSource, "cellForItemAt"): return .required("a Cell (or a String)")
    case (.textDropDelegate, "willBecomeEditableForDrop"): return .required(".no, .temporary or .yes")
    case (.textDropDelegate, "proposalForDrop"): return .required("a UITextDropProposal")
    case (.dragInteraction, "previewForLifting"), (.dragInteraction, "previewForCancelling"),
      (.dropInteraction, "previewForDropping"):
      return .optional("a UITargetedDragPreview")
    case (.dragInteraction, "sessionForAddingItems"): return .optional("a UIDragSession")
    case (.dragDelegate, "dragPreviewParametersForRowAt"), (.dragDelegate, "dragPreviewParametersForItemAt"),
      (.dropDelegate, "dropPreviewParametersForRowAt"), (.dropDelegate, "dropPreviewParametersForItemAt"):
      return .optional("a UIDragPreviewParameters")
    default:
      return .void
    }
  }

  /// The type of the value UIKit passes as parameter `position`, when the
  /// checker knows every member of that type, whichever name the script
  /// gives it. Every parameter UIKit calls `session` is the drag session in
  /// the drag blocks and the drop session in the drop blocks (the runtime's
  /// delegate closures in DragInteraction.swift, DropInteraction.swift,
  /// ListDelegates.swift and TextDrop.swift); `coordinator` is the drop
  /// coordinator of the table or collection view the handler is on.
  public func parameterType(at position: Int, on view: ViewKind) -> ReceiverType? {
    guard position >= 0, position < parameters.count else { return nil }
    switch (parameters[position], interaction) {
    case ("session", .dragInteraction?), ("session", .dragDelegate?): return .dragSession
    case ("session", .dropInteraction?), ("session", .dropDelegate?), ("session", .textDropDelegate?):
      return .dropSession
    case ("coordinator", .dropDelegate?):
      switch view {
      case .tableView: return .tableDropCoordinator
      case .collectionView: return .collectionDropCoordinator
      default: return nil
      }
    default: return nil
    }
  }
}

/// What a delegate method returns to UIKit.
public enum DelegateResult: Hashable, Sendable {
  /// Nothing (`Void`): whatever the handler returns is ignored.
  case void
  /// A value (described as the runtime's message does: "a Bool"); the
  /// run stops with an error on anything else, nil included.
  case required(String)
  /// A value or nil: UIKit's method returns an optional, and nil is one of
  /// its answers (no visible preview, the default preview parameters, no
  /// session to add the items to), which the binding passes on as nil.
  case optional(String)
}

/// The catalogue of delegate methods, and look-ups by block and view kind.
public enum DelegateCatalogue {
  /// Every entry, in the order of UIKit's headers.
  public static let methods: [DelegateMethod] =
    dragInteraction + dropInteraction + springLoaded
    + tableAndCollection + textDrop + viewFunctions

  /// The methods a block of `kind` may implement on a view of kind `view`;
  /// `kind == nil` gives the functions written directly in the view body.
  public static func methods(for kind: InteractionKind?, on view: ViewKind) -> [DelegateMethod] {
    methods.filter { $0.interaction == kind && $0.viewKinds.contains(view) }
  }

  /// The method named `name` in a block of `kind` on a view of kind `view`.
  public static func method(named name: String, in kind: InteractionKind?, on view: ViewKind)
    -> DelegateMethod?
  {
    methods.first { $0.name == name && $0.interaction == kind && $0.viewKinds.contains(view) }
  }

  /// Every entry with this script name, in any block or on any view.
  public static func methods(named name: String) -> [DelegateMethod] {
    methods.filter { $0.name == name }
  }

  /// The distinct script names of every method, for "did you mean" on
  /// `expect called ...`.
  public static let allNames: [String] = {
    var seen = Set<String>()
    return methods.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
  }()

  // MARK: - The entries

  private static func entry(
    _ name: String, _ kind: InteractionKind?, _ parameters: [String], _ uikitName: String,
    protocol protocolName: String, on viewKinds: [ViewKind] = ViewKind.allCases,
    minimum: Int? = nil, counterpart: String? = nil
  ) -> DelegateMethod {
    DelegateMethod(
      name: name, interaction: kind, parameters: parameters,
      minimumParameterCount: minimum ?? parameters.count, uikitName: uikitName,
      protocolName: protocolName, viewKinds: viewKinds, counterpart: counterpart)
  }

  private static let dragInteraction: [DelegateMethod] = [
    ("itemsForBeginning", ["session"], "dragInteraction(_:itemsForBeginning:)"),
    ("previewForLifting", ["item", "session"], "dragInteraction(_:previewForLifting:session:)"),
    ("willAnimateLiftWith", ["animator", "session"], "dragInteraction(_:willAnimateLiftWith:session:)"),
    ("sessionWillBegin", ["session"], "dragInteraction(_:sessionWillBegin:)"),
    ("sessionAllowsMoveOperation", ["session"], "dragInteraction(_:sessionAllowsMoveOperation:)"),
    (
      "sessionIsRestrictedToDraggingApplication", ["session"],
      "dragInteraction(_:sessionIsRestrictedToDraggingApplication:)"
    ),
    (
      "prefersFullSizePreviewsForSession", ["session"],
      "dragInteraction(_:prefersFullSizePreviewsForSession:)"
    ),
    ("sessionDidMove", ["session"], "dragInteraction(_:sessionDidMove:)"),
    ("willEndWith", ["session", "operation"], "dragInteraction(_:session:willEndWith:)"),
    ("didEndWith", ["session", "operation"], "dragInteraction(_:session:didEndWith:)"),
    ("sessionDidTransferItems", ["session"], "dragInteraction(_:sessionDidTransferItems:)"),
    ("itemsForAddingTo", ["session", "point"], "dragInteraction(_:itemsForAddingTo:withTouchAt:)"),
    (
      "sessionForAddingItems", ["sessions", "point"],
      "dragInteraction(_:sessionForAddingItems:withTouchAt:)"
    ),
    ("willAdd", ["session", "items", "addingInteraction"], "dragInteraction(_:session:willAdd:for:)"),
    (
      "previewForCancelling", ["item", "defaultPreview"],
      "dragInteraction(_:previewForCancelling:withDefault:)"
    ),
    ("willAnimateCancelWith", ["item", "animator"], "dragInteraction(_:item:willAnimateCancelWith:)"),
  ].map { entry($0.0, .dragInteraction, $0.1, $0.2, protocol: "UIDragInteractionDelegate") }

  private static let dropInteraction: [DelegateMethod] = [
    ("canHandle", ["session"], "dropInteraction(_:canHandle:)"),
    ("sessionDidEnter", ["session"], "dropInteraction(_:sessionDidEnter:)"),
    ("sessionDidUpdate", ["session"], "dropInteraction(_:sessionDidUpdate:)"),
    ("sessionDidExit", ["session"], "dropInteraction(_:sessionDidExit:)"),
    ("performDrop", ["session"], "dropInteraction(_:performDrop:)"),
    ("concludeDrop", ["session"], "dropInteraction(_:concludeDrop:)"),
    ("sessionDidEnd", ["session"], "dropInteraction(_:sessionDidEnd:)"),
    ("previewForDropping", ["item", "defaultPreview"], "dropInteraction(_:previewForDropping:withDefault:)"),
    ("willAnimateDropWith", ["item", "animator"], "dropInteraction(_:item:willAnimateDropWith:)"),
  ].map { entry($0.0, .dropInteraction, $0.1, $0.2, protocol: "UIDropInteractionDelegate") }

  private static let springLoaded: [DelegateMethod] = [
    ("activated", ["context"], "activationHandler(_:_:)", "UISpringLoadedInteraction"),
    ("shouldAllow", ["context"], "shouldAllow(_:with:)", "UISpringLoadedInteractionBehavior"),
    ("didChangeWith", ["context"], "interaction(_:didChangeWith:)", "UISpringLoadedInteractionEffect"),
    ("interactionDidFinish", [], "interactionDidFinish(_:)", "UISpringLoadedInteractionBehavior"),
  ].map { entry($0.0, .springLoadedInteraction, $0.1, $0.2, protocol: $0.3) }

  /// A method both table and collection views spell alike after their prefix:
  /// `tableView(_:dragSessionWillBegin:)` / `collectionView(_:dragSessionWillBegin:)`.
  private static func both(
    _ kind: InteractionKind, _ name: String, _ parameters: [String], _ selector: String
  ) -> [DelegateMethod] {
    pair(
      kind, table: name, collection: name, parameters, table: "tableView" + selector,
      collection: "collectionView" + selector)
  }

  /// A method whose script name differs between the two kinds.
  private static func pair(
    _ kind: InteractionKind, table tableName: String, collection collectionName: String,
    _ parameters: [String], table tableUIKit: String, collection collectionUIKit: String
  ) -> [DelegateMethod] {
    let differ = tableName != collectionName
    return [
      entry(
        tableName, kind, parameters, tableUIKit, protocol: kind.protocolName(on: .tableView),
        on: [.tableView], counterpart: differ ? collectionName : nil),
      entry(
        collectionName, kind, parameters, collectionUIKit,
        protocol: kind.protocolName(on: .collectionView), on: [.collectionView],
        counterpart: differ ? tableName : nil),
    ]
  }

  private static let tableAndCollection: [DelegateMethod] = [
    // Drag delegates
    both(.dragDelegate, "itemsForBeginning", ["session", "indexPath"], "(_:itemsForBeginning:at:)"),
    both(
      .dragDelegate, "itemsForAddingTo", ["session", "indexPath", "point"], "(_:itemsForAddingTo:at:point:)"),
    pair(
      .dragDelegate, table: "dragPreviewParametersForRowAt", collection: "dragPreviewParametersForItemAt",
      ["indexPath"], table: "tableView(_:dragPreviewParametersForRowAt:)",
      collection: "collectionView(_:dragPreviewParametersForItemAt:)"),
    both(.dragDelegate, "dragSessionWillBegin", ["session"], "(_:dragSessionWillBegin:)"),
    both(.dragDelegate, "dragSessionDidEnd", ["session"], "(_:dragSessionDidEnd:)"),
    both(.dragDelegate, "dragSessionAllowsMoveOperation", ["session"], "(_:dragSessionAllowsMoveOperation:)"),
    both(
      .dragDelegate, "dragSessionIsRestrictedToDraggingApplication", ["session"],
      "(_:dragSessionIsRestrictedToDraggingApplication:)"),
    // Drop delegates
    both(.dropDelegate, "performDropWith", ["coordinator"], "(_:performDropWith:)"),
    both(.dropDelegate, "canHandle", ["session"], "(_:canHandle:)"),
    both(.dropDelegate, "dropSessionDidEnter", ["session"], "(_:dropSessionDidEnter:)"),
    both(
      .dropDelegate, "dropSessionDidUpdate", ["session", "destinationIndexPath"],
      "(_:dropSessionDidUpdate:withDestinationIndexPath:)"),
    both(.dropDelegate, "dropSessionDidExit", ["session"], "(_:dropSessionDidExit:)"),
    both(.dropDelegate, "dropSessionDidEnd", ["session"], "(_:dropSessionDidEnd:)"),
    pair(
      .dropDelegate, table: "dropPreviewParametersForRowAt", collection: "dropPreviewParametersForItemAt",
      ["indexPath"], table: "tableView(_:dropPreviewParametersForRowAt:)",
      collection: "collectionView(_:dropPreviewParametersForItemAt:)"),
    // Data sources
    pair(
      .dataSource, table: "numberOfSections", collection: "numberOfSections", [],
      table: "numberOfSections(in:)", collection: "numberOfSections(in:)"),
    pair(
      .dataSource, table: "numberOfRowsInSection", collection: "numberOfItemsInSection", ["section"],
      table: "tableView(_:numberOfRowsInSection:)", collection: "collectionView(_:numberOfItemsInSection:)"),
    pair(
      .dataSource, table: "cellForRowAt", collection: "cellForItemAt", ["indexPath"],
      table: "tableView(_:cellForRowAt:)", collection: "collectionView(_:cellForItemAt:)"),
    pair(
      .dataSource, table: "moveRowAt", collection: "moveItemAt", ["sourceIndexPath", "destinationIndexPath"],
      table: "tableView(_:moveRowAt:to:)", collection: "collectionView(_:moveItemAt:to:)"),
    pair(
      .dataSource, table: "canMoveRowAt", collection: "canMoveItemAt", ["indexPath"],
      table: "tableView(_:canMoveRowAt:)", collection: "collectionView(_:canMoveItemAt:)"),
    // Delegates
    pair(
      .delegate, table: "shouldSpringLoadRowAt", collection: "shouldSpringLoadItemAt",
      ["indexPath", "context"],
      table: "tableView(_:shouldSpringLoadRowAt:with:)",
      collection: "collectionView(_:shouldSpringLoadItemAt:with:)"),
    pair(
      .delegate, table: "didSelectRowAt", collection: "didSelectItemAt", ["indexPath"],
      table: "tableView(_:didSelectRowAt:)", collection: "collectionView(_:didSelectItemAt:)"),
    pair(
      .delegate, table: "didDeselectRowAt", collection: "didDeselectItemAt", ["indexPath"],
      table: "tableView(_:didDeselectRowAt:)", collection: "collectionView(_:didDeselectItemAt:)"),
  ].flatMap { $0 }

  private static let textDrop: [DelegateMethod] = [
    ("willBecomeEditableForDrop", ["drop"], "textDroppableView(_:willBecomeEditableForDrop:)"),
    ("proposalForDrop", ["drop"], "textDroppableView(_:proposalForDrop:)"),
    ("willPerformDrop", ["drop"], "textDroppableView(_:willPerformDrop:)"),
    ("dropSessionDidEnter", ["session"], "textDroppableView(_:dropSessionDidEnter:)"),
    ("dropSessionDidUpdate", ["session"], "textDroppableView(_:dropSessionDidUpdate:)"),
    ("dropSessionDidExit", ["session"], "textDroppableView(_:dropSessionDidExit:)"),
    ("dropSessionDidEnd", ["session"], "textDroppableView(_:dropSessionDidEnd:)"),
  ].map {
    entry($0.0, .textDropDelegate, $0.1, $0.2, protocol: "UITextDropDelegate", on: [.textField, .textView])
  }

  /// Functions written directly in a view body rather than in a block.
  private static let viewFunctions: [DelegateMethod] = [
    entry(
      "paste", nil, ["itemProviders"], "paste(itemProviders:)", protocol: "UIPasteConfigurationSupporting"),
    entry("canPaste", nil, ["itemProviders"], "canPaste(_:)", protocol: "UIPasteConfigurationSupporting"),
    entry(
      "action", nil, ["sender"], "primaryActionTriggered", protocol: "UIButton", on: [.button], minimum: 0),
  ]
}
