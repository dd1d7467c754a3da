// The UIKit rules `dnd explain` names, each with where UIKit documents it.
// The sources are the ones UIKIT-SEMANTICS.md lists (§0.2): Apple's
// documentation pages (D1-D24), the SDK headers, and the WWDC 2017 sessions.
// Facts known only from UIKit's implementation are marked as reported, not
// documented, so a student knows how much weight they bear.

/// Where UIKit documents a rule.
public struct UIKitSource: Hashable, Sendable, Comparable {
  /// The tag the explanation cites: "D2", "UIDropInteraction.h", "WWDC 2017/213".
  public var tag: String
  /// Where to read it: a page under developer.apple.com/documentation/, a
  /// header of the SDK, or a session.
  public var location: String

  public static func < (lhs: UIKitSource, rhs: UIKitSource) -> Bool {
    (lhs.order, lhs.tag) < (rhs.order, rhs.tag)
  }

  /// Documentation pages first (by number), then headers, then sessions, then the rest.
  private var order: Int {
    if tag.hasPrefix("D"), let number = Int(tag.dropFirst()) { return number }
    if tag.hasSuffix(".h") { return 1000 }
    if tag.hasPrefix("WWDC") { return 2000 }
    return 3000
  }

  static func page(_ number: Int, _ path: String) -> UIKitSource {
    UIKitSource(tag: "D\(number)", location: path)
  }

  static func header(_ name: String) -> UIKitSource {
    UIKitSource(tag: name, location: "a UIKit header of the iOS SDK; its comments document the API")
  }

  static func session(_ number: Int, _ title: String) -> UIKitSource {
    UIKitSource(
      tag: "WWDC 2017/\(number)",
      location: "\"\(title)\", developer.apple.com/videos/play/wwdc2017/\(number)/")
  }

  static let sessionDidUpdatePage = page(
    1, "uikit/uidropinteractiondelegate/dropinteraction(_:sessiondidupdate:)")
  static let canHandlePage = page(2, "uikit/uidropinteractiondelegate/dropinteraction(_:canhandle:)")
  static let dropDestinationPage = page(3, "uikit/making-a-view-into-a-drop-destination")
  static let loadObjectsPage = page(4, "uikit/uidropsession/loadobjects(ofclass:completion:)")
  static let performDropPage = page(5, "uikit/uidropinteractiondelegate/dropinteraction(_:performdrop:)")
  static let isEnabledByDefaultPage = page(7, "uikit/uidraginteraction/isenabledbydefault")
  static let listDragPage = page(8, "uikit/uicollectionview/draginteractionenabled")
  static let itemProviderPage = page(9, "foundation/nsitemprovider")
  static let pasteSupportingPage = page(12, "uikit/uipasteconfigurationsupporting")
  static let promisePage = page(14, "uikit/drag_and_drop/understanding_a_drag_item_as_a_promise")
  static let previewForCancellingPage = page(
    16, "uikit/uidraginteractiondelegate/draginteraction(_:previewforcancelling:withdefault:)")
  static let sessionWillBeginPage = page(
    17, "uikit/uidraginteractiondelegate/draginteraction(_:sessionwillbegin:)")
  static let itemsForBeginningPage = page(
    18, "uikit/uidraginteractiondelegate/draginteraction(_:itemsforbeginning:)")
  static let dragAndDropPage = page(22, "uikit/drag_and_drop")
  static let cancelPage = page(23, "uikit/uidropoperation/cancel")
  static let dragInteractionHeader = header("UIDragInteraction.h")
  static let dropInteractionHeader = header("UIDropInteraction.h")
  static let dragSessionHeader = header("UIDragSession.h")
  static let viewHeader = header("UIView.h")
  static let tableViewHeader = header("UITableView.h")
  static let collectionViewHeader = header("UICollectionView.h")
  static let introducing = session(203, "Introducing Drag and Drop")
  static let mastering = session(213, "Mastering Drag and Drop")
  static let listsSession = session(223, "Drag and Drop with Collection and Table View")
  /// Facts read from UIKit's behaviour rather than its documentation. The
  /// project's notes mark them as reverse-engineered; users do not have those
  /// notes, so the text names what kind of source it is, not a file.
  static let implementation = UIKitSource(
    tag: "reported",
    location: "not in Apple's documentation: observed in UIKit's implementation")
  /// Pitfalls that developers report again and again (not a single document).
  static let gotchas = UIKitSource(
    tag: "gotchas", location: "reported by developers; not stated in Apple's documentation")
}

/// A rule of UIKit's drag and drop that an explanation rests on.
public struct UIKitRule: Hashable, Sendable {
  /// A short stable name, for tests.
  public var id: String
  /// The rule in one or two sentences.
  public var text: String
  public var sources: [UIKitSource]

  /// "see D18, UIDragInteraction.h".
  public var citation: String {
    "see " + sources.map(\.tag).joined(separator: ", ")
  }
}

extension UIKitRule {
  static let liftNeedsItems = UIKitRule(
    id: "liftNeedsItems",
    text: "A drag begins only if itemsForBeginning returns at least one item; with none there is no lift "
      + "and the touch is handled as an ordinary touch.",
    sources: [.itemsForBeginningPage, .dragInteractionHeader])
  static let hitTestSkips = UIKitRule(
    id: "hitTestSkips",
    text: "Hit-testing passes over views that are hidden, nearly transparent (alpha below 0.01) or have "
      + "isUserInteractionEnabled false, and over all their subviews. UILabel and UIImageView start with "
      + "isUserInteractionEnabled false, so they neither start drags nor take drops until you set it to "
      + "true.",
    sources: [.viewHeader, .gotchas])
  static let targetFromHitView = UIKitRule(
    id: "targetFromHitView",
    text: "Each drag sample is hit-tested like a touch, and UIKit looks for a drop interaction from the "
      + "front-most view under the finger up through its superviews: a view beneath another one (a later "
      + "sibling, or a sibling's subview) is not asked, though the finger is inside its frame.",
    sources: [.implementation])
  static let needsDragInteraction = UIKitRule(
    id: "needsDragInteraction",
    text: "A long press starts a drag only on a view that has a UIDragInteraction, or inside such a view: "
      + "UIKit looks from the touched view up through its superviews.",
    sources: [.dragInteractionHeader, .introducing])
  static let disabledByDefaultOnIPhone = UIKitRule(
    id: "disabledByDefaultOnIPhone",
    text: "On iPhone UIDragInteraction.isEnabledByDefault is false (documented for iOS 11 to 14; dnd keeps it "
      + "for later versions): a drag interaction does nothing until you set its isEnabled to true.",
    sources: [.isEnabledByDefaultPage, .mastering])
  static let listDragDisabledOnIPhone = UIKitRule(
    id: "listDragDisabledOnIPhone",
    text: "On iPhone before iOS 15 a UITableView's or UICollectionView's dragInteractionEnabled is false "
      + "by default (from iOS 15 it is true): set it to true to let rows or items be dragged.",
    sources: [.listDragPage, .tableViewHeader])
  static let disabledInteraction = UIKitRule(
    id: "disabledInteraction",
    text: "A drag interaction whose isEnabled is false ignores touches.",
    sources: [.dragInteractionHeader])
  static let itemIsAPromise = UIKitRule(
    id: "itemIsAPromise",
    text: "A drag item carries an NSItemProvider, a promise of data: nothing is copied until a drop "
      + "asks for it.",
    sources: [.promisePage, .itemProviderPage])
  static let flocking = UIKitRule(
    id: "flocking",
    text: "During a drag another finger can tap views with a drag interaction to add items "
      + "(itemsForAddingTo); every drag interaction that gave items hears willAdd (a table's or collection "
      + "view's drag delegate has no willAdd), and returning none leaves the tap an ordinary tap.",
    sources: [.dragInteractionHeader, .mastering])
  static let beginsOnMove = UIKitRule(
    id: "beginsOnMove",
    text: "The drag begins (sessionWillBegin) only once the lift is done and the finger moves.",
    sources: [.sessionWillBeginPage, .mastering])
  static let canHandleFalse = UIKitRule(
    id: "canHandleFalse",
    text: "If canHandle returns false the interaction (or table or collection view) ignores the session: no "
      + "further delegate calls for it, neither enter, update, drop nor end. Not implementing canHandle "
      + "means yes.",
    sources: [.canHandlePage, .dropInteractionHeader, .tableViewHeader, .collectionViewHeader])
  static let needsSessionDidUpdate = UIKitRule(
    id: "needsSessionDidUpdate",
    text: "A view accepts a drop only by returning a UIDropProposal from sessionDidUpdate; without that "
      + "method it can take no drop.",
    sources: [.sessionDidUpdatePage, .dropDestinationPage])
  static let needsPerformDrop = UIKitRule(
    id: "needsPerformDrop",
    text: "UIKit records a proposal only when the delegate also implements performDrop, so without "
      + "performDrop the view takes no drop either.",
    sources: [.implementation])
  static let proposals = UIKitRule(
    id: "proposals",
    text: "The proposal shows on the drag: copy adds a green plus badge, forbidden a 'no entry' badge, "
      + "move and cancel no badge (the lecture gives cancel the crossed-out circle; the header gives it to "
      + "forbidden). Letting go drops only after copy or move; cancel and forbidden cancel the drag.",
    sources: [.dropInteractionHeader, .cancelPage, .mastering])
  static let listIntentAdjusted = UIKitRule(
    id: "listIntentAdjusted",
    text: "UIKit may change a table's or collection view's proposal: with no index path under the finger "
      + "the intent is always unspecified, and a table's automatic becomes insertAtDestinationIndexPath or "
      + "insertIntoDestinationIndexPath by where the finger is on the row. The coordinator's proposal says "
      + "what was chosen.",
    sources: [.tableViewHeader, .collectionViewHeader, .listsSession])
  static let tableReorder = UIKitRule(
    id: "tableReorder",
    text: "A table reorders through its data source's moveRowAt instead of performDropWith only when a single "
      + "row of its own is dropped with the proposal move, insertAtDestinationIndexPath; several rows, or an "
      + "item from elsewhere, go to performDropWith, which moves them itself.",
    sources: [.listsSession])
  static let placeholders = UIKitRule(
    id: "placeholders",
    text: "A placeholder stands in a table or collection view for an item whose data is still loading: "
      + "a cell shows at its index path, but it is not in the app's model and the data source is never "
      + "asked about it. Committing runs the app's dataSourceUpdates block with the placeholder's index "
      + "path at that moment; deleting takes the cell away.",
    sources: [.tableViewHeader, .collectionViewHeader, .listsSession])
  static let lastProposalDecides = UIKitRule(
    id: "lastProposalDecides",
    text: "On release only the last proposal counts: performDrop is called only if it was copy or move; "
      + "otherwise the drag is cancelled: an item flies back where the source gives a cancel preview, and "
      + "fades where it is otherwise.",
    sources: [.dropInteractionHeader, .cancelPage])
  static let moveNeedsPermission = UIKitRule(
    id: "moveNeedsPermission",
    text: "A move is allowed only inside the app that started the drag, and only if the source's "
      + "sessionAllowsMoveOperation says yes (the default); otherwise UIKit turns the move into cancel and "
      + "only logs a line.",
    sources: [.dragInteractionHeader, .implementation])
  static let performDropLoads = UIKitRule(
    id: "performDropLoads",
    text: "performDrop is the one place where a drop may ask for the data; the loads it starts finish "
      + "later, while the drop animation runs.",
    sources: [.performDropPage, .dragSessionHeader])
  static let loadObjectsOnMain = UIKitRule(
    id: "loadObjectsOnMain",
    text: "The completion of UIDropSession.loadObjects(ofClass:) runs on the main queue, so it may "
      + "update views.",
    sources: [.loadObjectsPage, .dragSessionHeader])
  static let providerOnBackground = UIKitRule(
    id: "providerOnBackground",
    text: "NSItemProvider's load completions run on a background queue: hop to the main queue "
      + "(DispatchQueue.main.async) before touching a view.",
    sources: [.itemProviderPage, .introducing])
  static let mainThreadOnly = UIKitRule(
    id: "mainThreadOnly",
    text: "UIKit may only be used on the main queue; Xcode's Main Thread Checker reports a view touched "
      + "from another queue.",
    sources: [.itemProviderPage, .gotchas])
  static let loadOnlyInPerformDrop = UIKitRule(
    id: "loadOnlyInPerformDrop",
    text: "Data can be requested only during performDrop; a load asked for anywhere else fails.",
    sources: [.dragSessionHeader, .mastering])
  static let pasteNeedsPasteMethod = UIKitRule(
    id: "pasteNeedsPasteMethod",
    text: "A view with a pasteConfiguration takes drops without a drop interaction, but must implement "
      + "paste(itemProviders:); without it the drop raises an exception.",
    sources: [.pasteSupportingPage, .gotchas])
  static let restrictedSession = UIKitRule(
    id: "restrictedSession",
    text: "A session the source restricts to its app (sessionIsRestrictedToDraggingApplication) is never "
      + "seen by other apps; on iPhone before iOS 15 no drag leaves its app.",
    sources: [.dragInteractionHeader, .dragAndDropPage])
  static let updatesMatchDataSource = UIKitRule(
    id: "updatesMatchDataSource",
    text: "A table or collection view checks each update against its data source: a section's count after "
      + "it must be the count before, plus the insertions, minus the deletions, plus or minus the moves. An "
      + "insert or delete outside performBatchUpdates is an update of its own, checked at once. (The "
      + "exception's wording is reported from crash logs.)",
    sources: [.tableViewHeader, .collectionViewHeader])
  static let oneSessionAtATime = UIKitRule(
    id: "oneSessionAtATime",
    text: "A drop interaction follows one session at a time unless allowsSimultaneousDropSessions is true; "
      + "a second drag is ignored until the first has left and the second enters again.",
    sources: [.dropInteractionHeader, .mastering])
  static let cancelPreview = UIKitRule(
    id: "cancelPreview",
    text: "On a cancel the previews fly back to where they came from, or fade where previewForCancelling "
      + "returns nil (the same as not implementing it).",
    sources: [.previewForCancellingPage])
  static let fourPhases = UIKitRule(
    id: "fourPhases",
    text: "A drag has four phases: Lift (long press, the view lifts), Drag (the finger moves, targets "
      + "propose), Set down (the finger lifts: drop or cancel) and Data transfer (the data arrives, "
      + "asynchronously).",
    sources: [.introducing])
}
