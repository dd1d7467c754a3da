import Foundation

// One logical drag, from the lift to the end of the data transfer. UIKit shows
// it to the source app as a UIDragSession and to each destination app as a
// UIDropSession; both are thin handles onto this state.

/// A weak reference, for caches of handles that must not keep them alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}

/// The runtime's record of one drag.
final class DragState {
  /// Where the drag is in its life: lifting (animation running), lifted (waiting
  /// for the finger to move), dragging, setting down, ended.
  enum Stage { case lifting, lifted, dragging, settingDown, ended }

  /// What a drop interaction knows about the session while it is over it.
  struct TextTarget {
    let interaction: DropInteraction
    var editability: TextDropEditability
    var proposal: TextDropProposal?
  }

  /// The spring-loaded interaction the drag hovers over.
  final class Spring {
    let interaction: SpringLoadedInteraction
    let context: SpringLoadedContext
    /// The interaction said yes and the timers run.
    var engaged = false
    /// The row or item under the drag, for a list's interaction.
    var indexPath: IndexPath?
    /// It activated during this visit: nothing more until the drag leaves.
    var done = false
    var timer: Int?

    init(interaction: SpringLoadedInteraction, context: SpringLoadedContext) {
      self.interaction = interaction
      self.context = context
    }
  }

  let id: Int
  private let worldLink: WorldLink
  var world: World? { worldLink.world }
  /// The app the drag started in; nil when it started in an item source.
  let sourceApp: App?
  /// The app or item source the trace names as the drag's origin.
  let sourceName: String
  /// The interaction that started the drag (nil for item sources).
  let origin: DragInteraction?
  /// Every interaction that gave items, in the order they first did.
  var contributors: [DragInteraction] = []
  var items: [DragItem] = []
  /// On the screen.
  var location: Point
  var stage = Stage.lifting
  weak var finger: Finger?

  // The source's answers, asked once the drag begins (right after
  // sessionWillBegin: a choice, §1.3 step 6); until then the session's
  // properties give UIKit's defaults (spec uikit/session-answers-timing).
  var allowsMove = true
  var isRestricted = false
  var prefersFullSizePreviews = false
  var localContext: AnyObject?

  // Lift.
  var liftAnimator: DragAnimator?
  var liftEndWork: Int?
  /// The lift animations of items added by taps that have not ended yet.
  var addedLifts: [PendingLift] = []

  // Drop targets.
  var target: DropInteraction?
  /// The app of the target (kept even if its view leaves the window).
  var targetApp: App?
  /// The last proposal of the target, after validation.
  var operation = DropOperation.cancel
  var proposal: DropProposal?
  /// Interactions that received enter, update or exit (they get sessionDidEnd).
  var seen: [(interaction: DropInteraction, app: App)] = []
  /// Interactions that ignored this session while busy with another, until
  /// it leaves their view (§1.7: it must exit and re-enter to be seen).
  var ignoredBy: [DropInteraction] = []
  /// canHandle answers for the current visit (§13.2 choice in DragEngine+Targeting).
  var canHandleAnswers: [(interaction: DropInteraction, answer: Bool)] = []
  /// Tables and collection views whose canHandle said false: they hear
  /// nothing more of this session, canHandle included (§1.9).
  var refusingLists: [DropInteraction] = []
  var textTargets: [TextTarget] = []
  var spring: Spring?

  // Data transfer.
  /// True only while performDrop (or paste) runs: the one scope where loads work.
  var isDataAccessOpen = false
  /// The delegate method that opens that scope at the current target: a
  /// list's is performDropWith, for the console line of a load made too early.
  var dropMethodName: String {
    guard let list = target?.list else { return "dropInteraction(_:performDrop:)" }
    return list.kind == .table ? "tableView(_:performDropWith:)" : "collectionView(_:performDropWith:)"
  }
  let progress = LoadProgress(aggregate: ())
  var pendingLoads = 0
  /// A drop happened (copy or move), so the source will hear of the transfer.
  var dropPerformed = false
  var didEndSent = false
  var transferSent = false
  var progressIndicatorStyle = DropSessionProgressIndicatorStyle.default
  /// When performDrop returned with loads running (UIKit's progress UI, §4.3).
  var dropReturnedAt: VirtualTime?

  // Handles and the items other apps see.
  private var dragHandle = Weak<DragSession>()
  private var dropHandles: [(app: ObjectIdentifier, handle: Weak<DropSession>)] = []
  private var mirrors: [(original: ObjectIdentifier, app: ObjectIdentifier, item: DragItem)] = []

  init(id: Int, world: World, sourceApp: App?, sourceName: String, origin: DragInteraction?, location: Point)
  {
    self.id = id
    self.worldLink = world.link
    self.sourceApp = sourceApp
    self.sourceName = sourceName
    self.origin = origin
    self.location = location
  }

  /// The trace phase of calls made now.
  var phase: DragPhase {
    switch stage {
    case .lifting, .lifted: .lift
    case .dragging: .drag
    case .settingDown, .ended: .setDown
    }
  }

  /// The trace phase of a load started now: data transfer once the drop has
  /// begun; before it (a load that fails), the phase the drag is in.
  var loadPhase: DragPhase {
    isDataAccessOpen || dropPerformed ? .dataTransfer : phase
  }

  /// The session object the source app sees.
  var dragSession: DragSession {
    if let existing = dragHandle.object { return existing }
    let made = DragSession(state: self)
    dragHandle = Weak(object: made)
    return made
  }

  /// The session object `app` sees as a destination.
  func dropSession(for app: App) -> DropSession {
    let key = ObjectIdentifier(app)
    // Read in place: copying an entry (its weak reference) went through the
    // runtime's generic tuple copy, at every delegate call of a drop.
    for index in dropHandles.indices where dropHandles[index].app == key {
      if let existing = dropHandles[index].handle.object { return existing }
      break
    }
    let made = DropSession(state: self, app: app)
    dropHandles.removeAll { $0.app == key }
    dropHandles.append((key, Weak(object: made)))
    return made
  }

  /// True for the app that started the drag.
  func isLocal(to app: App?) -> Bool {
    guard let app, let sourceApp else { return false }
    return app === sourceApp
  }

  /// The items as `app` sees them: the originals in the source app, copies
  /// without local objects elsewhere.
  func items(seenBy app: App?) -> [DragItem] {
    if isLocal(to: app) { return items }
    let appKey = app.map { ObjectIdentifier($0) } ?? ObjectIdentifier(self)
    return items.map { item in
      let key = ObjectIdentifier(item)
      if let mirror = mirrors.first(where: { $0.original == key && $0.app == appKey }) {
        return mirror.item
      }
      let made = DragItem(mirroring: item)
      mirrors.append((key, appKey, made))
      return made
    }
  }

  /// The operations the source allows for a drop in `app`: UIKit's internal
  /// mask, copy = 1 and move = 16 (§3.4).
  func sourceOperationMask(for app: App?) -> Int {
    if isLocal(to: app) { return allowsMove ? 17 : 1 }
    return isRestricted ? 0 : 1
  }

  /// A destination load started inside performDrop: it joins the session's progress.
  func noteLoadStarted(_ load: LoadProgress) {
    pendingLoads += 1
    progress.addChild(load)
  }

  /// A counted load delivered: maybe the transfer is complete.
  func noteLoadFinished() throws {
    pendingLoads = max(0, pendingLoads - 1)
    world?.engine.progressIndicatorMayHide(self)
    try world?.engine.transferMayBeComplete(self)
  }
}

/// `UIDropSessionProgressIndicatorStyle`.
public enum DropSessionProgressIndicatorStyle: Int, Codable, Sendable {
  case none = 0, `default` = 1
}

/// The end of an added item's lift animation, queued; a set-down that comes
/// first ends it at once (`DragEngine.finishAddedLifts`).
final class PendingLift {
  var work = 0
  let finish: () throws -> Void

  init(finish: @escaping () throws -> Void) {
    self.finish = finish
  }
}
