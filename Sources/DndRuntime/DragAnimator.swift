/// `UIViewAnimatingPosition`, as an animator's completion receives it.
public enum AnimatingPosition: Int, Codable, Sendable, CustomStringConvertible {
  case end = 0, start = 1, current = 2

  public var description: String {
    switch self {
    case .end: "end"
    case .start: "start"
    case .current: "current"
    }
  }
}

/// UIDragAnimating: the animator passed to `willAnimateLift`, `willAnimateDrop`
/// and `willAnimateCancel`. Animation blocks run when the animation starts
/// (at once if it already runs); completions run when it ends, with `.end`,
/// or with `.start` when a lift is reversed. A reversed lift also restores
/// the animatable properties (frame, bounds, alpha, background colour) its
/// animation blocks changed (§2.4).
public final class DragAnimator {
  /// Not started, running (blocks run at once), or finished.
  enum State { case pending, running, finished }

  private var animations: [() throws -> Void] = []
  private var completions: [(AnimatingPosition) throws -> Void] = []
  private(set) var state = State.pending
  private let worldLink: WorldLink?
  private var world: World? { worldLink?.world }
  /// Restores, newest last, for properties changed by the animation blocks.
  private var undo: [(view: View, restore: (View) -> Void)] = []

  init(world: World?) {
    self.worldLink = world?.link
  }

  /// Adds an animation block; it runs when the animation starts, or now if it runs.
  public func addAnimations(_ animation: @escaping () throws -> Void) throws {
    switch state {
    case .pending: animations.append(animation)
    case .running: try record(animation)
    case .finished: break
    }
  }

  /// Adds a completion; it runs when the animation ends, with its final position.
  public func addCompletion(_ completion: @escaping (AnimatingPosition) throws -> Void) {
    guard state != .finished else { return }
    completions.append(completion)
  }

  /// Starts the animation: runs the blocks added so far.
  func start() throws {
    guard state == .pending else { return }
    state = .running
    let blocks = animations
    animations = []
    for block in blocks { try record(block) }
  }

  /// Ends the animation at `position`, running the completions in order.
  func finish(at position: AnimatingPosition) throws {
    guard state != .finished else { return }
    if state == .pending { try start() }
    state = .finished
    if position == .start {
      for change in undo.reversed() { change.restore(change.view) }
    }
    undo = []
    let blocks = completions
    completions = []
    for block in blocks { try block(position) }
  }

  /// Runs an animation block while noting the changes it makes.
  private func record(_ animation: () throws -> Void) throws {
    guard let world else { return try animation() }
    let previous = world.recordingAnimator
    world.recordingAnimator = self
    defer { world.recordingAnimator = previous }
    try animation()
  }

  func noteChange(of view: View, restore: @escaping (View) -> Void) {
    undo.append((view, restore))
  }
}
