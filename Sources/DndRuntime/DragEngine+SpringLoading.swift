// Spring loading (§7): hovering a drag over a spring-loaded view moves it from
// possible to activating after 0.8 s and to activated 0.4 s later, which runs
// the activation handler (a spring-loaded button runs its action).
//
// Choices: the default behaviour's velocity hysteresis is not modelled (finger
// samples are instantaneous, so there is no velocity): it always allows. The
// timers do not restart when the drag moves inside the view (§13.11). After
// activating, the view does not spring again until the drag leaves it.

extension DragEngine {
  /// Re-evaluates spring loading at the drag's location (after targeting).
  func updateSpringLoading(_ s: DragState) throws {
    var found: SpringLoadedInteraction?
    if let hit = world.hitTest(s.location), canReach(s, hit.app) {
      var view = hit.view
      while let current = view, found == nil {
        found = current.effectiveSpringLoadedInteractions.first
        view = current.superview
      }
    }
    // Over a list, each row or item is a target of its own (§7.3).
    let indexPath = try found.flatMap { try springIndexPath($0, s) }
    if let current = s.spring, current.interaction !== found || current.indexPath != indexPath {
      try endSpringLoading(s)
    }
    guard let interaction = found else { return }
    let spring: DragState.Spring
    if let current = s.spring {
      spring = current
    } else {
      let context = SpringLoadedContext(targetView: interaction.view) { [weak s] in s?.location ?? .zero }
      spring = DragState.Spring(interaction: interaction, context: context)
      spring.indexPath = indexPath
      s.spring = spring
    }
    guard !spring.done else { return }
    let allowed = try shouldAllow(spring, s)
    guard s.spring === spring else { return }
    if allowed, !spring.engaged {
      spring.engaged = true
      try change(spring, s, to: .possible)
      try schedule(spring, s, after: timing.springLoadingActivating, to: .activating)
    } else if !allowed, spring.engaged {
      try reset(spring, s)
    }
  }

  /// The drag left the spring-loaded view, or ended.
  func endSpringLoading(_ s: DragState) throws {
    guard let spring = s.spring else { return }
    s.spring = nil
    if spring.engaged { try reset(spring, s) }
  }

  private func reset(_ spring: DragState.Spring, _ s: DragState) throws {
    if let timer = spring.timer { scheduler.cancel(timer) }
    spring.timer = nil
    spring.engaged = false
    try change(spring, s, to: .inactive)
    try finish(spring, s)
  }

  private func schedule(
    _ spring: DragState.Spring, _ s: DragState, after delay: Double, to state: SpringLoadedState
  ) throws {
    spring.timer = try scheduler.enqueue(on: scheduler.main, after: delay, label: "spring loading") {
      [self] in
      spring.timer = nil
      guard s.spring === spring, spring.engaged else { return }
      try change(spring, s, to: state)
      if state == .activating {
        try schedule(spring, s, after: timing.springLoadingActivated, to: .activated)
      } else {
        try activate(spring, s)
      }
    }
  }

  private func activate(_ spring: DragState.Spring, _ s: DragState) throws {
    let interaction = spring.interaction
    spring.done = true
    spring.engaged = false
    if let button = interaction.button {
      step(
        "springLoadedActivation", s, app: button.app?.name, view: button.name, interaction: interaction.name)
      try runAction(of: button)
    } else if interaction.listView != nil {
      try listSpringActivated(spring, s)
    } else if let handler = interaction.delegate.activated {
      try call(SpringLoadedMethods.activated, springSite(spring, s)) { try handler(spring.context) }
    }
    try finish(spring, s)
  }

  private func shouldAllow(_ spring: DragState.Spring, _ s: DragState) throws -> Bool {
    if spring.interaction.listView != nil { return try listShouldSpringLoad(spring, s) }
    guard let handler = spring.interaction.delegate.shouldAllow else { return true }
    return try call(SpringLoadedMethods.shouldAllow, springSite(spring, s), result: { "\($0)" }) {
      try handler(spring.context)
    }
  }

  private func change(_ spring: DragState.Spring, _ s: DragState, to state: SpringLoadedState) throws {
    spring.context.state = state
    // The context's target view is reset to the interaction's view on each change (§7.2).
    spring.context.targetView = spring.interaction.view
    let argument = TraceArgument("state", "\(state)")
    if let handler = spring.interaction.delegate.didChangeWith {
      try call(SpringLoadedMethods.didChangeWith, springSite(spring, s), [argument]) {
        try handler(spring.context)
      }
    } else {
      recordDefault(
        SpringLoadedMethods.didChangeWith, springSite(spring, s), [argument], result: "default effect")
    }
  }

  private func finish(_ spring: DragState.Spring, _ s: DragState) throws {
    if let handler = spring.interaction.delegate.interactionDidFinish {
      try call(SpringLoadedMethods.interactionDidFinish, springSite(spring, s)) { try handler() }
    }
  }

  private func springSite(_ spring: DragState.Spring, _ s: DragState) -> CallSite {
    let view = spring.interaction.view
    return CallSite(
      phase: .drag, session: s.id, app: view?.app?.name, view: view?.name,
      interaction: spring.interaction.name)
  }
}
