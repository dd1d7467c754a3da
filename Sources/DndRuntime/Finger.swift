/// One simulated touch. A finger that long-pressed a draggable view carries
/// the drag it started until it lifts.
public final class Finger {
  /// 1, 2, 3, ... in the order fingers went down.
  public let id: Int
  /// On the screen.
  public internal(set) var location: Point
  public internal(set) var isDown = true
  let downLocation: Point
  /// The scheduled lift while the long press is still being held.
  var pendingLift: Int?
  /// The drag this finger holds.
  var drag: DragState?

  init(id: Int, location: Point) {
    self.id = id
    self.location = location
    self.downLocation = location
  }

  /// The session of the drag this finger holds, once it lifted.
  public var session: DragSession? { drag?.dragSession }
}

/// A place a finger aims at: a screen point, or the centre of a view.
public enum TouchTarget {
  case point(Point)
  case view(View)
  /// A point in the view's coordinates.
  case pointIn(View, Point)

  var screenPoint: Point {
    switch self {
    case .point(let point): point
    case .view(let view): view.centerOnScreen
    case .pointIn(let view, let point): view.pointOnScreen(point)
    }
  }
}

/// The scenario API: fingers that long-press, drag, tap and lift, and the
/// passage of virtual time. Every step ends by running the work that is due
/// (the run loop after an event). Errors thrown by delegate closures leave
/// the step unchanged; UIKit's exceptions leave it as `UIKitException`.
public final class TouchDriver {
  /// Not the world itself: the world owns its driver; a driver kept after
  /// its world is gone reports that instead of crashing.
  private let worldLink: WorldLink
  /// Fingers that are down, oldest first; steps act on the newest by default.
  public private(set) var fingers: [Finger] = []
  private var fingerCount = 0
  private var isRunningStep = false

  init(world: World) {
    self.worldLink = world.link
  }

  /// The finger steps act on when none is named: the last one down.
  public var current: Finger? { fingers.last }

  /// Press and hold at a target for `duration` seconds (default: long enough
  /// for the lift to finish). The finger stays down.
  @discardableResult
  public func longPress(_ target: TouchTarget, duration: Double? = nil) throws -> Finger {
    try runStep { world, engine in
      let finger = newFinger(at: try onScreen(target, world))
      try engine.pressBegan(finger)
      try world.scheduler.advance(by: max(0, duration ?? world.timing.defaultLongPress))
      return finger
    }
  }

  @discardableResult
  public func longPress(_ view: View, duration: Double? = nil) throws -> Finger {
    try longPress(.view(view), duration: duration)
  }

  @discardableResult
  public func longPress(at point: Point, duration: Double? = nil) throws -> Finger {
    try longPress(.point(point), duration: duration)
  }

  /// Starts a drag in another app, from one of an item source's items. The
  /// drag starts at `point` (default: the middle of the screen's right edge,
  /// where a Slide Over app sits) and is ready to move.
  @discardableResult
  public func longPress(item name: String, in source: ItemSource, at point: Point? = nil) throws -> Finger {
    try runStep { world, engine in
      let screen = world.device.screenSize
      let start = try point.map { try onScreen(.point($0), world) } ?? Point(screen.width - 1, screen.height / 2)
      guard let items = try source.makeItems(named: name) else {
        throw ScenarioError("\(source.name) has no item named '\(name)'")
      }
      let finger = newFinger(at: start)
      try engine.beginItemSourceDrag(finger, source: source, itemName: name, items: items)
      return finger
    }
  }

  /// Moves a finger (default: the current one) to a target: one drag sample.
  public func move(to target: TouchTarget, finger: Finger? = nil) throws {
    try runStep { world, engine in
      let moving = try resolve(finger)
      moving.location = try onScreen(target, world)
      try engine.fingerMoved(moving)
    }
  }

  public func move(to view: View, finger: Finger? = nil) throws {
    try move(to: .view(view), finger: finger)
  }

  public func move(to point: Point, finger: Finger? = nil) throws {
    try move(to: .point(point), finger: finger)
  }

  /// One drag sample at each target, in order.
  public func move(through targets: [TouchTarget], finger: Finger? = nil) throws {
    for target in targets { try move(to: target, finger: finger) }
  }

  /// A second finger taps: it adds items to a drag, or uses the UI (a button).
  public func tap(_ target: TouchTarget) throws {
    try runStep { world, engine in try engine.tap(at: try onScreen(target, world)) }
  }

  public func tap(_ view: View) throws {
    try tap(.view(view))
  }

  public func tap(at point: Point) throws {
    try tap(.point(point))
  }

  /// Lifts a finger (default: the current one): the drag it holds sets down.
  public func release(_ finger: Finger? = nil) throws {
    try runStep { world, engine in try lift(try resolve(finger), cancelled: false, world, engine) }
  }

  /// The system cancels a finger's touch: its drag is cancelled whatever the
  /// target proposed.
  public func cancel(_ finger: Finger? = nil) throws {
    try runStep { world, engine in try lift(try resolve(finger), cancelled: true, world, engine) }
  }

  /// Lets virtual time pass, running what falls due.
  public func wait(_ seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else {
      let shown = seconds.isNaN ? "NaN (not a number)" : "\(seconds)"
      throw ScenarioError("wait needs a number of seconds that is zero or more, not \(shown)")
    }
    try runStep { world, _ in
      world.record(.step, "wait", arguments: [TraceArgument("seconds", formatNumber(seconds))])
      try world.scheduler.advance(by: seconds)
    }
  }

  /// Runs queued work until nothing is pending (up to the time horizon).
  /// `asStep` false runs it as the app's run loop does after launch, with no
  /// step in the trace (a script without scenarios).
  public func settle(asStep: Bool = true) throws {
    try runStep { world, _ in
      if asStep { world.record(.step, "settle") }
      let left = try world.scheduler.settle()
      if left > 0 {
        let items = left == 1 ? "1 work item is" : "\(left) work items are"
        world.warn(
          "settle stopped at the virtual time horizon (\(world.scheduler.limits.timeHorizon)): "
            + "\(items) due later and will not run")
      }
    }
  }

  // MARK: Machinery

  private func newFinger(at point: Point) -> Finger {
    fingerCount += 1
    let finger = Finger(id: fingerCount, location: point)
    fingers.append(finger)
    return finger
  }

  private func resolve(_ finger: Finger?) throws -> Finger {
    if let finger {
      guard finger.isDown else { throw ScenarioError("finger \(finger.id) is not down") }
      return finger
    }
    guard let current else {
      // After a release or cancel, say so: the step after it is the mistake.
      let lifted = fingerCount > 0 ? "every finger has been lifted already; " : ""
      throw ScenarioError("no finger is down: \(lifted)start with a long press")
    }
    return current
  }

  private func lift(_ finger: Finger, cancelled: Bool, _ world: World, _ engine: DragEngine) throws {
    world.record(
      .step, cancelled ? "touchCancelled" : "touchUp", phase: finger.drag?.phase, session: finger.drag?.id,
      arguments: [
        TraceArgument("finger", String(finger.id)), TraceArgument("point", pointText(finger.location)),
      ])
    finger.isDown = false
    fingers.removeAll { $0 === finger }
    if let pending = finger.pendingLift {
      world.scheduler.cancel(pending)
      finger.pendingLift = nil
    }
    if let drag = finger.drag {
      try engine.release(drag, cancelled: cancelled)
    } else if !cancelled {
      try engine.touchEndedWithoutDrag(from: finger.downLocation, at: finger.location)
    }
  }

  /// Where a finger touching `target` is: a finger touches the screen
  /// and nothing else, so a target off it (a point past an edge, a view
  /// placed out of sight or in no window) is a mistake in the scenario, not
  /// a touch that finds no view. The screen is half-open, as hit-testing
  /// is: (0, 0) is on it, (width, height) is past its last point.
  private func onScreen(_ target: TouchTarget, _ world: World) throws -> Point {
    let point = target.screenPoint
    let screen = world.device.screenSize
    let inWindow: Bool
    switch target {
    case .point: inWindow = true
    case .view(let view), .pointIn(let view, _): inWindow = view.window != nil
    }
    if inWindow, point.x >= 0, point.x < screen.width, point.y >= 0, point.y < screen.height { return point }
    // The message is made only here: a finger step runs at every order an exploration tries.
    let size = "\(formatNumber(screen.width)) × \(formatNumber(screen.height)) points"
    let outside = "off the \(world.device.name)'s screen, which is \(size)"
    let advice = "a finger can only touch the screen; aim at a point on it, or at a view on it"
    switch target {
    case .point:
      throw ScenarioError("the point \(point) is \(outside): \(advice)")
    case .view(let view) where !inWindow, .pointIn(let view, _) where !inWindow:
      world.viewInNoWindowAimedAt = view
      throw ScenarioError(
        "`\(view.name)` is in no window (never added, or removed), so it is not on the screen: \(advice)",
        aimsAtViewInNoWindow: true)
    case .view(let view):
      throw ScenarioError("the centre of `\(view.name)` is at \(point), \(outside): \(advice)")
    case .pointIn(let view, let local):
      throw ScenarioError("the point \(local) of `\(view.name)` is at \(point), \(outside): \(advice)")
    }
  }

  /// Runs a step on the main queue, then the work due now. Steps do not nest:
  /// a delegate closure cannot move a finger.
  private func runStep<Result>(_ body: (World, DragEngine) throws -> Result) throws -> Result {
    guard let world = worldLink.world else { throw ScenarioError("the world of these fingers is gone") }
    guard !isRunningStep else {
      // `wait` and `settle` come here too: they run the clock as a step.
      throw ScenarioError(
        "a step (longPress, drag, tap, release, cancel, wait or settle) cannot run inside a delegate call or other "
          + "work of another step")
    }
    isRunningStep = true
    defer { isRunningStep = false }
    // The run loop finishes what is due before it delivers a touch: the
    // lists' first layout passes (queued when they were made) and blocks
    // the script queued since the last step. So every list lays out before
    // the first touch, whether or not an argument (`list.cellForRow(at:)`)
    // already made it lay out.
    try world.scheduler.runDue()
    let result = try body(world, world.engine)
    try world.scheduler.runDue()
    if world.trace.overflowed { throw world.trace.overflowError }
    return result
  }
}
