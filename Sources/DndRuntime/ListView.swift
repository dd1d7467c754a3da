import Foundation

// Table and collection views (UIKIT-SEMANTICS §8, §9). A `View` of kind
// `tableView` or `collectionView` carries a `ListView`: the data source, the
// drag and drop delegates, the rows or items the view believes it shows, and
// the cells (real subviews, so fingers and previews aim at them).
//
// The model in brief:
// - The list keeps its own copy of the section counts, as UIKit does. It asks
//   the data source when it first loads and after `reloadData`, and after
//   every update it compares the data source's counts with its own plus the
//   update (BatchUpdates.swift), raising UIKit's inconsistency exception.
// - Each row or item has an identity, so its cell follows it through moves;
//   cells exist only for visible rows and are configured once, by
//   `cellForRowAt`/`cellForItemAt`, when they appear (ListView+Cells.swift).
// - Placeholders are entries without data, interleaved with the items
//   (Placeholders.swift). Every index path the app passes or receives is a
//   data source index path: placeholders sit between items and have none.
// - Geometry is deterministic: rows of fixed height stacked by section, or a
//   left-aligned flow of fixed-size items (ListLayout.swift).
// - Drag and drop go through a drag and a drop interaction the list installs
//   on its view when a delegate is set, like UIKit's own; the drag engine asks
//   the list instead of a `UIDragInteractionDelegate` (DragEngine+Lists.swift).

/// One place in a section: a data source item, or a placeholder waiting for
/// its data. The number is the entry's identity (unique in the list).
enum ListEntry: Hashable {
  case item(Int)
  case placeholder(Int)

  var id: Int {
    switch self {
    case .item(let id), .placeholder(let id): id
    }
  }

  var isItem: Bool {
    if case .item = self { return true }
    return false
  }
}

/// A cell's part in a drag from its list (§8.9): `UITableViewCell.DragState`
/// and `UICollectionViewCell.DragState`.
enum CellDragState: String, Sendable {
  case none, lifting, dragging
}

/// A cell a drag lifted, and where it is in §8.9's states (entries whose
/// state went back to `.none` are removed).
struct CellDragRecord {
  let session: Int
  /// The entry the cell shows.
  let entry: Int
  var state: CellDragState
}

/// A drag that started in this list: which item came from which index path.
struct ListDragRecord {
  let session: Int
  /// The list's update count when the drag began (§8.6: later updates make
  /// `sourceIndexPath` nil).
  let generation: Int
  var items: [(item: DragItem, indexPath: IndexPath)]
}

/// What the list knows of the drop session over it.
struct ListDropTracking {
  let session: Int
  var destination: IndexPath?
  /// The proposal in effect, after UIKit's adjustments (automatic resolved,
  /// nil destination makes the intent unspecified).
  var proposal: ListDropProposal?
  /// The proposal as the delegate returned it (adjusted again at the drop).
  var original: ListDropProposal?
  /// Where the finger was (view coordinates) and the slot hit-tested there:
  /// a drop at that same place takes this destination, the last one the
  /// delegate was told (§8.5), whatever the proposal did to the layout since.
  var point: Point?
  var slot: ListLayout.Slot?
}

/// The table or collection view behaviour of a view.
public final class ListView {
  public let kind: ListKind
  /// The view this list belongs to (it owns the list).
  public private(set) weak var view: View?
  private let worldLink: WorldLink
  var world: World? { worldLink.world }

  /// Setting a data source reloads the list.
  public var dataSource: ListDataSource? {
    didSet { resetForReload() }
  }
  /// Setting one installs the list's drag interaction on its view.
  public var dragDelegate: ListDragDelegate? {
    didSet { installInteractions() }
  }
  /// Setting one installs the list's drop interaction on its view.
  public var dropDelegate: ListDropDelegate? {
    didSet { installInteractions() }
  }
  public var delegate: ListDelegate?

  // MARK: Layout settings

  /// A table's row height (UITableView's default is 44).
  public var rowHeight = 44.0 {
    didSet {
      // (The note's text is made only for a length that needs one: every
      // explored order sets its lists' sizes.)
      if let note = Self.unusable(rowHeight, .rowHeight, { "rowHeight \(formatNumber(self.rowHeight))" }) {
        warn(note)
      }
      setNeedsCellSync()
    }
  }
  /// A collection view's item size (UICollectionViewFlowLayout's default is 50x50).
  public var itemSize = Size(50, 50) {
    didSet {
      let size = itemSize
      let setting = { "itemSize (\(formatNumber(size.width)), \(formatNumber(size.height)))" }
      if let note = Self.unusable(size.width, .itemWidth, setting) { warn(note) }
      if let note = Self.unusable(size.height, .itemHeight, setting) { warn(note) }
      setNeedsCellSync()
    }
  }

  /// A length of the layout, as its console note names it.
  private enum Length {
    case rowHeight, itemWidth, itemHeight

    var words: (entries: String, dimension: String, extent: String, fallback: String) {
      switch self {
      case .rowHeight: ("rows", "height", "high", "44 points high (UITableView's default)")
      case .itemWidth: ("items", "width", "wide", "50 points wide (the flow layout's default)")
      case .itemHeight: ("items", "height", "high", "50 points high (the flow layout's default)")
      }
    }
  }

  /// What the layout makes of a length no row or item can have, as a
  /// console note; nil for a usable one. `ListMetrics` lays entries out 1
  /// point long for zero or less, and at the default for a value that is
  /// not finite, so that hit-testing still finds them.
  private static func unusable(_ value: Double, _ length: Length, _ setting: () -> String) -> String? {
    guard !(value.isFinite && value > 0) else { return nil }
    let words = length.words
    if !value.isFinite {
      return "\(setting()) has a \(words.dimension) that is not a number of points; "
        + "dnd lays \(words.entries) out \(words.fallback)"
    }
    return "\(setting()) gives \(words.entries) no \(words.dimension); dnd lays them out 1 point \(words.extent)"
  }

  /// Flow layout spacing between items of a line (default 10).
  public var minimumInteritemSpacing = 10.0 {
    didSet { setNeedsCellSync() }
  }
  /// Flow layout spacing between lines (default 10).
  public var minimumLineSpacing = 10.0 {
    didSet { setNeedsCellSync() }
  }
  /// Stored only: the runtime has no reflow timing, so the cadence changes nothing.
  public var reorderingCadence = ReorderingCadence.immediate

  // MARK: State

  /// Entries per section, as the list believes them (items and placeholders).
  var sections: [[ListEntry]] = []
  /// False until the counts were asked, and again after `reloadData`.
  var isLoaded = false
  var placeholders: [PlaceholderRecord] = []
  /// Cell views by entry identity.
  var cells: [Int: View] = [:]
  /// Items whose cells must be configured again (`reloadItems`).
  var needsConfigure: Set<Int> = []
  var needsCellSync = true
  var laidOutBounds: Rect?
  var isSyncingCells = false
  /// Layout passes in a row in which the data source called `reloadData`
  /// (see `SchedulerLimits.maxReloadsWhileMakingCells`).
  var reloadsWhileMakingCells = 0
  /// The data source reloaded the list during the pass that makes cells now.
  var reloadedThisPass = false
  private var nextEntryID = 0
  /// Counts reloads and committed updates (drags compare it, §8.6).
  var generation = 0
  var pending: PendingUpdates?
  var batchDepth = 0
  var layoutWork: Int?
  public internal(set) var indexPathsForSelectedItems: [IndexPath] = []
  /// Whether a tap adds to the selection rather than replacing it (UIKit's
  /// default is false). A drag that lifts a selected row then takes every
  /// selected row (§8.2).
  public var allowsMultipleSelection = false
  var drags: [ListDragRecord] = []
  /// The cells drags lifted that are not back to `.none` (§8.9).
  var cellDragStates: [CellDragRecord] = []
  var tracking: ListDropTracking?
  /// The animations the drop being performed chose for its items (through
  /// the coordinator, or a table's reorder), until the drop animation starts.
  var dropAnimations: [(item: DragItem, animator: DragAnimator)] = []
  private(set) var dragInteraction: DragInteraction?
  private(set) var dropInteraction: DropInteraction?
  private var explicitDragInteractionEnabled: Bool?
  /// Phase and session of the drag whose delegate call is running, so that
  /// data source calls made meanwhile are traced in the same phase.
  var contextStack: [CallSite] = []

  init(view: View) {
    self.kind = view.kind == .tableView ? .table : .collection
    self.view = view
    self.worldLink = view.worldLink
  }

  var methods: ListMethodSet { ListMethodSet.of(kind) }
  var name: String { view?.name ?? (kind == .table ? "tableView" : "collectionView") }

  func newEntryID() -> Int {
    nextEntryID += 1
    return nextEntryID
  }

  // MARK: Drag interaction enabling

  /// Whether the script set `dragInteractionEnabled`.
  var isDragInteractionEnabledExplicitly: Bool { explicitDragInteractionEnabled != nil }

  /// UIKit's `dragInteractionEnabled`: YES on iPad, and on iPhone NO before
  /// iOS 15 and YES from it, unless set (`Device.isTableDragEnabledByDefault`).
  public var dragInteractionEnabled: Bool {
    get { explicitDragInteractionEnabled ?? world?.device.isTableDragEnabledByDefault ?? true }
    // The built-in drag interaction reads this value (DragInteraction.isEnabled).
    set { explicitDragInteractionEnabled = newValue }
  }

  /// Installs or removes the built-in interactions to match the delegates.
  private func installInteractions() {
    guard let view else { return }
    if dragDelegate != nil, dragInteraction == nil {
      let interaction = DragInteraction(name: "dragDelegate")
      interaction.list = self
      dragInteraction = interaction
      view.addInteraction(interaction)
    } else if dragDelegate == nil, let interaction = dragInteraction {
      view.removeInteraction(interaction)
      dragInteraction = nil
    }
    if dropDelegate != nil, dropInteraction == nil {
      let interaction = DropInteraction(listFor: view, list: self)
      dropInteraction = interaction
      view.addInteraction(interaction)
    } else if dropDelegate == nil, let interaction = dropInteraction {
      view.removeInteraction(interaction)
      dropInteraction = nil
    }
  }

  // MARK: Drag and drop state

  /// True from the lift of a drag that started here until it ends (§8.1).
  public var hasActiveDrag: Bool {
    guard let interaction = dragInteraction, let world else { return false }
    return world.engine.sessions.contains { $0.origin === interaction && $0.stage != .lifting }
  }

  /// True while a drop session is over the list (from enter to exit or end).
  public var hasActiveDrop: Bool {
    guard let interaction = dropInteraction else { return false }
    return !interaction.activeSessions.isEmpty
  }

  /// Placeholders inserted and neither committed nor deleted yet.
  public var activePlaceholderCount: Int {
    placeholders.reduce(0) { count, placeholder in placeholder.status == .active ? count + 1 : count }
  }

  /// True while placeholders wait, or a drop gap or a reorder is shown (§8.1):
  /// the time to avoid `reloadData`.
  public var hasUncommittedUpdates: Bool {
    if placeholders.contains(where: { $0.status == .active }) { return true }
    guard hasActiveDrop, let tracking, let proposal = tracking.proposal else { return false }
    return tracking.destination != nil && opensGap(proposal, session: tracking.session)
  }

  /// Whether a proposal opens a gap at the destination. Choice (§9.4, the
  /// reported collection-view bug radar 42068699): a move of several items in
  /// a collection view opens none, and the originals stay in place.
  /// The operation is the one the engine validated (a move outside the
  /// source's mask became cancel and opens nothing).
  func opensGap(_ proposal: ListDropProposal, session: Int) -> Bool {
    guard proposal.intent == .insertAtDestinationIndexPath,
      let state = world?.engine.sessions.first(where: { $0.id == session }), state.operation.transfersData
    else { return false }
    return !(kind == .collection && state.operation == .move && state.items.count > 1)
  }

  /// Where an item of a drag from this list came from, if the drag started
  /// here and the list was not updated since (§8.6); nil otherwise.
  func sourceIndexPath(of item: DragItem, session: Int) -> IndexPath? {
    guard let record = drags.first(where: { $0.session == session }), record.generation == generation else {
      return nil
    }
    return record.items.first { $0.item === item }?.indexPath
  }

  /// The index path a dragged item was lifted from, whatever happened since.
  func liftedIndexPath(of item: DragItem, session: Int) -> IndexPath? {
    drags.first { $0.session == session }?.items.first { $0.item === item }?.indexPath
  }

  func noteDrag(session: Int, items: [DragItem], at indexPath: IndexPath) {
    let pairs = items.map { (item: $0, indexPath: indexPath) }
    if let index = drags.firstIndex(where: { $0.session == session }) {
      drags[index].items += pairs
    } else {
      drags.append(ListDragRecord(session: session, generation: generation, items: pairs))
    }
  }

  func forgetDrag(session: Int) {
    drags.removeAll { $0.session == session }
  }

  // MARK: Selection

  /// Selects a row or item and tells the delegate (`didSelectRowAt`). Where
  /// several may be selected (`allowsMultipleSelection`), a row joins the
  /// selection, and a tap (`toggles`) on a selected one takes it out
  /// (`didDeselectRowAt`), as UIKit's tap does. Choice: spring loading over
  /// a selected row selects it again rather than taking it out (§7.3 says it
  /// selects).
  func select(_ indexPath: IndexPath, site: CallSite, toggles: Bool = true) throws {
    let argument = TraceArgument("indexPath", indexPathText(indexPath))
    if allowsMultipleSelection, toggles, let index = indexPathsForSelectedItems.firstIndex(of: indexPath) {
      indexPathsForSelectedItems.remove(at: index)
      if let handler = delegate?.didDeselectItemAt {
        try call(methods.didDeselect, role: "delegate", site: site, [argument]) { try handler(indexPath) }
      } else if let world {
        world.engine.step("deselected", nil, phase: site.phase, app: site.app, view: name, [argument])
      }
      return
    }
    addToSelection(indexPath)
    let method = methods.didSelect
    if let handler = delegate?.didSelectItemAt {
      try call(method, role: "delegate", site: site, [argument]) { try handler(indexPath) }
    } else if let world {
      world.engine.step("selected", nil, phase: site.phase, app: site.app, view: name, [argument])
    }
  }

  /// UIKit's `selectItem(at:animated:scrollPosition:)` (`selectRow(...)`):
  /// code selecting a row. UIKit documents that this calls no delegate
  /// method (no `didSelectRowAt`); the trace shows it as a step. Nil clears
  /// the selection; without `allowsMultipleSelection` the row replaces it.
  /// Choice (UIKit does not document it): a row the list does not have is
  /// not selected, and the step says so. Scrolling is not modelled.
  public func selectItem(at indexPath: IndexPath?) throws {
    let unit = kind == .table ? "Row" : "Item"
    noteCall("select\(unit)AtIndexPath:animated:scrollPosition:")
    try loadIfNeeded()
    let name = "select\(unit)(at:animated:scrollPosition:)"
    guard let indexPath else {
      indexPathsForSelectedItems = []
      step(name, [TraceArgument("indexPath", "nil")], result: "selection cleared")
      return
    }
    let argument = TraceArgument("indexPath", indexPathText(indexPath))
    guard itemID(at: indexPath) != nil else {
      step(name, [argument], result: "no such \(kind == .table ? "row" : "item"); the selection is unchanged")
      return
    }
    addToSelection(indexPath)
    step(name, [argument], result: selectionSummary)
  }

  /// A row joins the selection where several may be selected, and replaces
  /// it where one may (a tap's and code's selection alike).
  private func addToSelection(_ indexPath: IndexPath) {
    if allowsMultipleSelection {
      if !indexPathsForSelectedItems.contains(indexPath) { indexPathsForSelectedItems.append(indexPath) }
    } else {
      indexPathsForSelectedItems = [indexPath]
    }
  }

  /// UIKit's `deselectItem(at:animated:)` (`deselectRow(at:animated:)`): no
  /// delegate method is called (documented with selection).
  public func deselectItem(at indexPath: IndexPath) {
    let unit = kind == .table ? "Row" : "Item"
    noteCall("deselect\(unit)AtIndexPath:animated:")
    let name = "deselect\(unit)(at:animated:)"
    indexPathsForSelectedItems.removeAll { $0 == indexPath }
    step(name, [TraceArgument("indexPath", indexPathText(indexPath))], result: selectionSummary)
  }

  /// The selection for the trace: "selected [0, 1] [0, 3]" or "nothing selected".
  private var selectionSummary: String {
    indexPathsForSelectedItems.isEmpty
      ? "nothing selected" : "selected " + indexPathsForSelectedItems.map { indexPathText($0) }.joined(separator: " ")
  }

  // MARK: Calls, the trace and exceptions

  /// The call site of a delegate method of this list, in the phase of the
  /// drag whose call is running (if any).
  func site(role: String) -> CallSite {
    let context = contextStack.last
    return CallSite(
      phase: context?.phase, session: context?.session, app: view?.app?.name, view: view?.name,
      interaction: role)
  }

  /// Calls a handler of this list, recording it in the trace.
  func call<Result>(
    _ method: DelegateMethod, role: String, site: CallSite? = nil,
    _ arguments: @autoclosure () -> [TraceArgument] = [],
    result describe: (Result) -> String? = { _ in nil }, _ body: () throws -> Result
  ) throws -> Result {
    guard let world else { return try body() }
    var callSite = site ?? self.site(role: role)
    callSite.interaction = role
    return try world.engine.call(method, callSite, arguments(), result: describe, body)
  }

  /// Records that a method was not implemented and UIKit's default applied.
  func recordDefault(
    _ method: DelegateMethod, role: String, site: CallSite? = nil,
    _ arguments: @autoclosure () -> [TraceArgument] = [], result: @autoclosure () -> String
  ) {
    var callSite = site ?? self.site(role: role)
    callSite.interaction = role
    world?.engine.recordDefault(method, callSite, arguments(), result: result())
  }

  /// Runs `body` with a drag's phase and session as the context of the list's calls.
  func withContext<Result>(_ site: CallSite, _ body: () throws -> Result) rethrows -> Result {
    contextStack.append(site)
    defer { contextStack.removeLast() }
    return try body()
  }

  /// Records a step of the list in the trace.
  func step(
    _ name: String, _ arguments: @autoclosure () -> [TraceArgument] = [], result: @autoclosure () -> String? = nil
  ) {
    let context = contextStack.last
    world?.record(
      .step, name, phase: context?.phase, session: context?.session, app: view?.app?.name, view: view?.name,
      arguments: arguments(), result: result())
  }

  /// Records a console line about the list.
  func warn(_ message: String) {
    let context = contextStack.last
    world?.warn(
      message, phase: context?.phase, session: context?.session, app: view?.app?.name, view: view?.name)
  }

  /// An NSInternalInconsistencyException, recorded in the trace; the caller throws it.
  func inconsistency(_ reason: String, advice: String? = nil) -> UIKitException {
    let exception = UIKitException(name: "NSInternalInconsistencyException", reason: reason, advice: advice)
    let context = contextStack.last
    world?.recordException(
      exception, phase: context?.phase, session: context?.session, app: view?.app?.name, view: view?.name)
    return exception
  }

  /// A UIKit method of the view, or of its drop coordinator or placeholder
  /// context (`receiver`, "DropCoordinator"), was called: off the main
  /// queue the Main Thread Checker reports it.
  func noteCall(_ selector: String, receiver: String? = nil) {
    guard let world, let view, !world.scheduler.currentQueue.isMain else { return }
    // Choice: the coordinator and the context are named by their protocols
    // (UITableViewDropCoordinator, ...); UIKit's classes behind them are
    // private and their names are not on record.
    let prefix = kind == .table ? "UITableView" : "UICollectionView"
    world.noteViewChange(view, selector: selector, receiver: receiver.map { prefix + $0 }, restore: nil)
  }

  // MARK: Layout passes

  /// The rows changed: the cells follow at the next layout pass (or query).
  func setNeedsCellSync() {
    needsCellSync = true
    scheduleLayoutPass()
  }

  /// Queues a layout pass on the main queue, as the run loop would run one;
  /// queries do it earlier when they need it (`layoutIfNeeded`).
  func scheduleLayoutPass() {
    guard layoutWork == nil, let world else { return }
    // An error here is the scheduler's pending-work limit; the next query
    // lays the list out anyway, so the pass is simply not queued.
    layoutWork = try? world.scheduler.enqueue(on: world.scheduler.main, label: "layout \(name)") {
      [weak self] in
      self?.layoutWork = nil
      try self?.layoutIfNeeded()
    }
  }

  /// Forgets the rows and placeholders: the next layout asks the data source.
  func resetForReload() {
    for record in placeholders where record.status == .active { record.status = .removedByReload }
    placeholders.removeAll { $0.status != .active }
    isLoaded = false
    generation += 1
    setNeedsCellSync()
  }
}

extension ListView: CustomStringConvertible {
  public var description: String {
    "<\(kind == .table ? "UITableView" : "UICollectionView") \(name); \(sections.count) sections>"
  }
}
