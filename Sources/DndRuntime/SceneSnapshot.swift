// A picture of a world at one moment, as plain values: the apps and their view
// trees with frames on the screen, the interactions on each view, the fingers
// and the drags in progress. `dnd render` draws it; nothing in it refers back
// to the live objects, so it can be kept, compared and sent between threads.

/// The scene of a world at one moment (`World.snapshot()`).
public struct SceneSnapshot: Hashable, Codable, Sendable {
  /// "iPad" or "iPhone".
  public var device: String
  public var screenSize: Size
  public var time: VirtualTime
  /// Back to front, like `World.apps`.
  public var apps: [AppSnapshot]
  /// Fingers that are down, oldest first.
  public var fingers: [FingerSnapshot]
  /// Drags that have lifted and not yet ended, oldest first.
  public var drags: [DragSnapshot]
  /// How many trace events the world had recorded when the picture was taken.
  public var traceCount: Int

  public init(
    device: String, screenSize: Size, time: VirtualTime, apps: [AppSnapshot], fingers: [FingerSnapshot],
    drags: [DragSnapshot], traceCount: Int
  ) {
    self.device = device
    self.screenSize = screenSize
    self.time = time
    self.apps = apps
    self.fingers = fingers
    self.drags = drags
    self.traceCount = traceCount
  }

  /// Every view of every app, depth first (each app's window first).
  public var allViews: [ViewSnapshot] {
    apps.flatMap { $0.window.flattened }
  }

  /// The first view of that name, searching apps back to front.
  public func view(named name: String) -> ViewSnapshot? {
    allViews.first { $0.name == name }
  }
}

/// One app: its name and its window (the root of its view tree).
public struct AppSnapshot: Hashable, Codable, Sendable {
  public var name: String
  public var window: ViewSnapshot

  public init(name: String, window: ViewSnapshot) {
    self.name = name
    self.window = window
  }
}

/// One view, with its subviews back to front.
public struct ViewSnapshot: Hashable, Codable, Sendable {
  public var name: String
  public var kind: ViewKind
  /// In the superview's coordinates (for a window: on the screen).
  public var frame: Rect
  /// The view's bounds on the screen.
  public var screenFrame: Rect
  public var isHidden: Bool
  public var alpha: Double
  public var isUserInteractionEnabled: Bool
  /// A label's, text field's or text view's text; a button's title.
  public var text: String?
  /// Drag, drop and spring-loaded interactions, then the built-in ones.
  public var interactions: [InteractionSnapshot]
  public var subviews: [ViewSnapshot]
  /// A table or collection view cell a drag lifted: "lifting" while the
  /// lift animates, "dragging" after (the cell left behind, which UIKit
  /// dims); nil otherwise (§8.9).
  public var dragState: String?

  public init(
    name: String, kind: ViewKind, frame: Rect, screenFrame: Rect, isHidden: Bool, alpha: Double,
    isUserInteractionEnabled: Bool, text: String?, interactions: [InteractionSnapshot],
    subviews: [ViewSnapshot]
  ) {
    self.name = name
    self.kind = kind
    self.frame = frame
    self.screenFrame = screenFrame
    self.isHidden = isHidden
    self.alpha = alpha
    self.isUserInteractionEnabled = isUserInteractionEnabled
    self.text = text
    self.interactions = interactions
    self.subviews = subviews
  }

  /// Whether hit-testing would look at this view at all (UIKit's three
  /// conditions besides the point: not hidden, visible enough, interactive).
  public var takesTouches: Bool { !isHidden && alpha >= 0.01 && isUserInteractionEnabled }

  /// This view and its descendants, depth first.
  public var flattened: [ViewSnapshot] {
    [self] + subviews.flatMap(\.flattened)
  }

  /// Whether a drag can end on this view: it has a drop interaction of any sort.
  public var isDropTarget: Bool {
    interactions.contains { $0.kind.receivesDrops }
  }

  /// Whether a long press on this view can start a drag here.
  public var isDragSource: Bool {
    interactions.contains { $0.kind == .drag && $0.isEnabled }
  }
}

/// An interaction installed on a view.
public struct InteractionSnapshot: Hashable, Codable, Sendable {
  /// The sorts of interaction a view can carry.
  public enum Kind: String, Hashable, Codable, Sendable {
    case drag, drop, springLoaded
    /// The built-in drop interaction of a text field or text view.
    case textDrop
    /// The hidden drop interaction a `pasteConfiguration` implies.
    case paste

    /// Drop, text-drop and paste interactions take drops.
    public var receivesDrops: Bool { self == .drop || self == .textDrop || self == .paste }
  }

  public var kind: Kind
  /// The name the trace prints ("dragInteraction", "pasteConfiguration", ...).
  public var name: String
  /// For a drag interaction: whether it answers touches now.
  public var isEnabled: Bool
  /// For a drag interaction whose `isEnabled` was never set: true (it follows
  /// `UIDragInteraction.isEnabledByDefault` of the device).
  public var followsDefault: Bool

  public init(kind: Kind, name: String, isEnabled: Bool = true, followsDefault: Bool = false) {
    self.kind = kind
    self.name = name
    self.isEnabled = isEnabled
    self.followsDefault = followsDefault
  }
}

/// A finger that is down.
public struct FingerSnapshot: Hashable, Codable, Sendable {
  public var id: Int
  /// On the screen.
  public var location: Point
  /// The session of the drag the finger holds, if it holds one.
  public var session: Int?

  public init(id: Int, location: Point, session: Int?) {
    self.id = id
    self.location = location
    self.session = session
  }
}

/// A drag in progress.
public struct DragSnapshot: Hashable, Codable, Sendable {
  public var session: Int
  /// On the screen.
  public var location: Point
  /// The app or item source the drag started in.
  public var source: String
  /// The view whose drag interaction started it (nil for an item source).
  public var sourceView: String?
  /// "lifting", "lifted", "dragging", "settingDown".
  public var stage: String
  public var itemCount: Int
  /// The drop target under the drag, if one said yes to `canHandle`.
  public var targetApp: String?
  public var targetView: String?
  public var targetInteraction: String?
  /// The target's last proposal after validation ("cancel" without a target).
  public var operation: String
  /// Over a table or collection view: the destination index path UIKit
  /// last told its drop delegate ("[0, 2]"), the proposal's intent
  /// ("insertAtDestinationIndexPath"), and whether it opens a gap there.
  public var listDestination: String?
  public var listIntent: String?
  public var opensGap = false

  public init(
    session: Int, location: Point, source: String, sourceView: String?, stage: String, itemCount: Int,
    targetApp: String?, targetView: String?, targetInteraction: String?, operation: String
  ) {
    self.session = session
    self.location = location
    self.source = source
    self.sourceView = sourceView
    self.stage = stage
    self.itemCount = itemCount
    self.targetApp = targetApp
    self.targetView = targetView
    self.targetInteraction = targetInteraction
    self.operation = operation
  }
}

extension World {
  /// The scene as it is now.
  public func snapshot() -> SceneSnapshot {
    SceneSnapshot(
      device: device.label, screenSize: device.screenSize, time: scheduler.now,
      apps: apps.map { AppSnapshot(name: $0.name, window: $0.window.snapshot()) },
      fingers: fingers.fingers.map { FingerSnapshot(id: $0.id, location: $0.location, session: $0.drag?.id) },
      drags: engine.sessions.filter { $0.stage != .ended }.map(\.snapshot),
      traceCount: trace.events.count)
  }
}

extension View {
  /// This view and its subtree as values.
  func snapshot() -> ViewSnapshot {
    var interactions = dragInteractions.map {
      InteractionSnapshot(
        kind: .drag, name: $0.name, isEnabled: $0.isEnabled, followsDefault: $0.followsDefault)
    }
    interactions += dropInteractions.map {
      InteractionSnapshot(kind: $0.role == .text ? .textDrop : .drop, name: $0.name)
    }
    interactions += effectiveSpringLoadedInteractions.map {
      InteractionSnapshot(kind: .springLoaded, name: $0.name)
    }
    if dropInteractions.isEmpty, pasteConfiguration != nil {
      interactions.append(InteractionSnapshot(kind: .paste, name: "pasteConfiguration"))
    }
    var snapshot = ViewSnapshot(
      name: name, kind: kind, frame: frame,
      screenFrame: Rect(origin: pointOnScreen(bounds.origin), size: frame.size), isHidden: isHidden,
      alpha: alpha, isUserInteractionEnabled: isUserInteractionEnabled, text: kind == .button ? title : text,
      interactions: interactions, subviews: subviews.map { $0.snapshot() })
    // A list's lifted cells say where they are in §8.9's states.
    if let list {
      for record in list.cellDragStates where record.state != .none {
        guard let cell = list.cells[record.entry],
          let index = snapshot.subviews.firstIndex(where: { $0.name == cell.name })
        else { continue }
        snapshot.subviews[index].dragState = record.state.rawValue
      }
    }
    return snapshot
  }
}

extension DragState {
  var snapshot: DragSnapshot {
    let stageName: String =
      switch stage {
      case .lifting: "lifting"
      case .lifted: "lifted"
      case .dragging: "dragging"
      case .settingDown: "settingDown"
      case .ended: "ended"
      }
    var snapshot = DragSnapshot(
      session: id, location: location, source: sourceName, sourceView: origin?.view?.name, stage: stageName,
      itemCount: items.count, targetApp: targetApp?.name, targetView: target?.view?.name,
      targetInteraction: target?.name, operation: target == nil ? "cancel" : operation.description)
    if let list = target?.list, let tracking = list.tracking, tracking.session == id {
      snapshot.listDestination = tracking.destination?.description
      snapshot.listIntent = tracking.proposal.map { "\($0.intent)" }
      snapshot.opensGap = tracking.proposal.map { list.opensGap($0, session: id) } ?? false
    }
    return snapshot
  }
}
