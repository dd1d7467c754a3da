// A second finger taps during a drag (§1.6): the tapped view's drag
// interaction may add items to a drag of the same app ("flocking"). If it
// adds nothing, the tap is an ordinary tap, and a button runs its action.

extension DragEngine {
  /// A tap of a second finger at a screen point.
  func tap(at point: Point) throws {
    let hit = world.hitTest(point)
    step(
      "tap", nil, phase: nil, app: hit?.app.name, view: hit?.view?.name,
      [TraceArgument("point", point.description), TraceArgument("hitView", hit?.view?.name ?? "none")])
    guard let hit, let view = hit.view else { return }
    var candidate: View? = view
    while let current = candidate {
      if let interaction = current.dragInteractions.first(where: \.isEnabled) {
        if try addItems(with: interaction, in: hit.app, at: point) { return }
        break
      }
      candidate = current.superview
    }
    candidate = view
    while let current = candidate {
      if let list = current.list {
        if try listTap(list, at: point) { return }
        break
      }
      candidate = current.superview
    }
    candidate = view
    while let current = candidate {
      if current.kind == .button {
        try runAction(of: current)
        return
      }
      candidate = current.superview
    }
  }

  /// A touch that lifted no drag ends as an ordinary touch (§1.1, §1.3 step 1:
  /// with no items the gesture fails and the touch is processed normally):
  /// lifted on the row or item it went down on, the list selects it (as a
  /// tap does, §8.2); lifted inside the button it went down on, the button
  /// runs its action. Choices: a touch whose lift began and ran back (§1.5)
  /// belonged to the lift, which fails competing recognisers (§2.1); a list
  /// selects only if the finger ends within the drag hysteresis of where it
  /// went down, since a longer move scrolls a scroll view instead.
  func touchEndedWithoutDrag(from down: Point, at up: Point) throws {
    func ancestor(at point: Point, where matches: (View) -> Bool) -> View? {
      var candidate = world.hitTest(point)?.view
      while let current = candidate, !matches(current) { candidate = current.superview }
      return candidate
    }
    if let listView = ancestor(at: down, where: { $0.list != nil }), let list = listView.list {
      let pressed = try list.indexPathForItem(at: listView.point(fromScreen: down))
      guard let pressed, down.distance(to: up) <= timing.dragHysteresis,
        ancestor(at: up, where: { $0.list != nil }) === listView,
        try list.indexPathForItem(at: listView.point(fromScreen: up)) == pressed
      else { return }
      _ = try listTap(list, at: up)
      return
    }
    guard let pressed = ancestor(at: down, where: { $0.kind == .button }),
      ancestor(at: up, where: { $0.kind == .button }) === pressed
    else { return }
    try runAction(of: pressed)
  }

  /// Runs a button's action (a tap, or spring loading activating it).
  func runAction(of button: View) throws {
    let callSite = CallSite(
      phase: nil, session: nil, app: button.app?.name, view: button.name, interaction: nil)
    // Rule (UIControl.isEnabled, doc): a disabled control ignores touch
    // events. Choice: spring loading, which stands in for a tap, runs the
    // action of a disabled button no more than a finger does (the
    // interaction itself plays as for any button).
    guard button.isEnabled, let action = button.action else {
      let result = button.isEnabled ? "no action" : "no action (disabled)"
      step("buttonTapped", nil, app: button.app?.name, view: button.name, result: result)
      return
    }
    try call(ViewMethods.action, callSite) { try action(button) }
  }

  /// Adds the interaction's items to a drag of its app; false if nothing was
  /// added (the tap is then handled normally).
  private func addItems(with interaction: DragInteraction, in app: App, at point: Point) throws -> Bool {
    // Rule (§1.4): items cannot be added across apps.
    let candidates = sessions.filter { $0.stage == .dragging && $0.isLocal(to: app) }
    guard !candidates.isEmpty else {
      // Choice (§1.6 says "while a session is active"; whether a drag that
      // has lifted but not yet moved counts is not on record): a tap joins a
      // drag once it is under way, and before that it is an ordinary tap.
      if let lifted = sessions.first(where: { ($0.stage == .lifting || $0.stage == .lifted) && $0.isLocal(to: app) }) {
        step("tapBeforeDragBegan", lifted, app: app.name, view: interaction.view?.name, interaction: interaction.name)
      }
      return false
    }
    let local = interaction.view?.point(fromScreen: point) ?? point
    let pointArgument = TraceArgument("point", local.description)
    let chosen: DragState
    if candidates.count == 1 {
      chosen = candidates[0]
    } else {
      let callSite = CallSite(
        phase: .drag, session: nil, app: app.name, view: interaction.view?.name, interaction: interaction.name
      )
      let offered = candidates.map(\.dragSession)
      let sessionsArgument = TraceArgument("sessions", offered.map { "\($0.id)" }.joined(separator: ","))
      guard let handler = interaction.delegate.sessionForAddingItems else {
        recordDefault(
          DragMethods.sessionForAddingItems, callSite, [sessionsArgument, pointArgument],
          result: "nil (not implemented: nothing is added)")
        return false
      }
      let answer = try call(
        DragMethods.sessionForAddingItems, callSite, [sessionsArgument, pointArgument],
        result: { $0.map { "session \($0.id)" } ?? "nil" }
      ) { try handler(offered, local) }
      guard let answer else { return false }
      guard let match = candidates.first(where: { $0 === answer.state }) else {
        // Rule (§1.6): a session that is not one of the offered local sessions raises.
        // Choice: it raises on every system version. UIKit raises for apps linked on
        // newer SDKs and only logs for older ones, but which SDK is not on record.
        // The reason names the delegate method by its Objective-C selector.
        let exception = UIKitException(
          name: "NSInternalInconsistencyException",
          reason:
            "delegate (\(interaction.name) delegate on \(interaction.view?.name ?? "no view")) returned a "
            + "object (\(answer)) from dragInteraction:sessionForAddingItems:withTouchAtPoint: that is not a "
            + "local drag session.")
        world.recordException(exception, phase: .drag, app: app.name, view: interaction.view?.name)
        throw exception
      }
      chosen = match
    }
    let session = chosen.dragSession
    let callSite = site(chosen, interaction)
    let items: [DragItem]
    if let list = interaction.list {
      items = try listItemsForAdding(list, chosen, interaction, at: point)
    } else if let handler = interaction.delegate.itemsForAddingTo {
      items = try call(DragMethods.itemsForAddingTo, callSite, [pointArgument], result: describe) {
        try handler(session, local)
      }
    } else {
      items = []
      recordDefault(
        DragMethods.itemsForAddingTo, callSite, [pointArgument], result: "no items (not implemented)")
    }
    guard !items.isEmpty, chosen.stage == .dragging else { return false }
    if !chosen.contributors.contains(where: { $0 === interaction }) {
      chosen.contributors.append(interaction)
    }
    try liftPreviews(chosen, interaction, items, firstIndex: chosen.items.count)
    let animator = try animateLift(chosen, interaction)
    let pending = PendingLift { [self] in
      step(
        "liftAnimationEnded", chosen, phase: .drag, app: app.name, interaction: interaction.name,
        result: "end")
      if let list = interaction.list { listCellDragStates(list, chosen, from: .lifting, to: .dragging) }
      try animator.finish(at: .end)
    }
    pending.work = try scheduler.enqueue(on: scheduler.main, after: timing.liftAnimation, label: "lift animation end") {
      chosen.addedLifts.removeAll { $0 === pending }
      try pending.finish()
    }
    chosen.addedLifts.append(pending)
    // Rule (§1.6 step 4): willAdd goes to every interaction that contributed
    // items, the adding one included.
    for contributor in chosen.contributors {
      if let handler = contributor.delegate.willAdd {
        try call(
          DragMethods.willAdd, site(chosen, contributor),
          [
            TraceArgument("items", "\(items.count)"),
            TraceArgument(
              "addingInteraction", "\(interaction.name) on \(interaction.view?.name ?? "no view")"),
          ]
        ) {
          try handler(session, items, interaction)
        }
      }
    }
    take(items, into: chosen)
    step("itemsAdded", chosen, app: app.name, view: interaction.view?.name, result: describe(chosen.items))
    // The items changed: targets are asked again and the target updates
    // (§1.6 step 5); a text view's proposal is asked again too (§6.4, "when
    // the session changes").
    for index in chosen.textTargets.indices { chosen.textTargets[index].proposal = nil }
    try updateTarget(chosen, itemsChanged: true)
    return true
  }
}
