/// `UISpringLoadedInteractionEffectState` (§7.1).
public enum SpringLoadedState: Int, Codable, Sendable, CustomStringConvertible {
  case inactive = 0, possible = 1, activating = 2, activated = 3

  public var description: String {
    switch self {
    case .inactive: "inactive"
    case .possible: "possible"
    case .activating: "activating"
    case .activated: "activated"
    }
  }
}

/// UISpringLoadedInteractionContext: what the behaviour, the effect and the
/// activation handler see.
public final class SpringLoadedContext {
  public internal(set) var state: SpringLoadedState = .inactive
  /// Defaults to the interaction's view; reset to it on each state change.
  public var targetView: View?
  /// A sub-region or model object the handler may set.
  public var targetItem: AnyObject?
  private let location: () -> Point

  init(targetView: View?, location: @escaping () -> Point) {
    self.targetView = targetView
    self.location = location
  }

  /// The drag's location in `view`'s coordinates; nil means the window's.
  public func location(in view: View?) -> Point {
    let screen = location()
    guard let view else {
      guard let window = targetView?.window else { return screen }
      return window.pointFromSuperview(screen)
    }
    return view.point(fromScreen: screen)
  }
}

/// The spring-loading behaviour, effect and activation handler as optional
/// closures (nil = UIKit's default behaviour or effect; no handler = nothing
/// runs on activation).
public final class SpringLoadedInteractionDelegate {
  /// `activationHandler(_:_:)`.
  public var activated: ((SpringLoadedContext) throws -> Void)?
  /// `UISpringLoadedInteractionBehavior.shouldAllow(_:with:)`: begin or continue.
  public var shouldAllow: ((SpringLoadedContext) throws -> Bool)?
  /// `UISpringLoadedInteractionEffect.interaction(_:didChangeWith:)`.
  public var didChangeWith: ((SpringLoadedContext) throws -> Void)?
  /// `UISpringLoadedInteractionBehavior.interactionDidFinish(_:)`.
  public var interactionDidFinish: (() throws -> Void)?

  public init() {}
}

/// UISpringLoadedInteraction: hovering a drag over the view activates it
/// (0.8 s to activating, 0.4 s more to activated, §7.2).
public final class SpringLoadedInteraction {
  public let delegate: SpringLoadedInteractionDelegate
  public var name: String
  public internal(set) weak var view: View?
  /// The button whose action activation runs (`isSpringLoaded` on a button).
  private(set) weak var button: View?
  /// The table or collection view whose rows spring-load (`isSpringLoaded` on a list).
  private(set) weak var listView: View?

  public init(
    delegate: SpringLoadedInteractionDelegate = SpringLoadedInteractionDelegate(),
    name: String = "springLoadedInteraction"
  ) {
    self.delegate = delegate
    self.name = name
  }

  /// `init(activationHandler:)`.
  public convenience init(
    name: String = "springLoadedInteraction",
    activationHandler: @escaping (SpringLoadedContext) throws -> Void
  ) {
    let delegate = SpringLoadedInteractionDelegate()
    delegate.activated = activationHandler
    self.init(delegate: delegate, name: name)
  }

  /// The interaction `isSpringLoaded` installs on a button.
  init(buttonActionFor button: View) {
    self.delegate = SpringLoadedInteractionDelegate()
    self.name = "isSpringLoaded"
    self.button = button
  }

  /// The interaction `isSpringLoaded` installs on a table or collection view:
  /// activation selects the row or item under the drag (§7.3).
  init(listFor view: View) {
    self.delegate = SpringLoadedInteractionDelegate()
    self.name = "isSpringLoaded"
    self.listView = view
  }
}
