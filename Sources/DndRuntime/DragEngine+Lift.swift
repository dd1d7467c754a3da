// Phase 1 (lift) and the start of phase 2 (drag): the long press finds a drag
// interaction, the lift delay passes, the delegate gives items and previews,
// the lift animates; the drag begins only when the finger then moves (§1.3).

extension DragEngine {
  /// A finger went down for a long press: find the deepest enabled drag
  /// interaction on the path from the touched view to the window and
  /// schedule the lift after the lift delay.
  func pressBegan(_ finger: Finger) throws {
    let hit = world.hitTest(finger.location)
    var chosen: DragInteraction?
    var disabled: DragInteraction?
    var view = hit?.view
    while let current = view, chosen == nil {
      for interaction in current.dragInteractions {
        if interaction.isEnabled {
          chosen = interaction
          break
        }
        if disabled == nil { disabled = interaction }
      }
      view = current.superview
    }
    let arguments = [
      TraceArgument("point", pointText(finger.location)),
      TraceArgument("hitView", hit?.view?.name ?? "none"),
    ]
    guard let chosen else {
      let reason: String
      // `cause` names the reason in a stable word, for reports that explain it.
      let cause: String
      if let disabled {
        let property =
          disabled.list == nil ? "UIDragInteraction.isEnabledByDefault" : "dragInteractionEnabled"
        let byDefault = disabled.isOffByDefault
        let iPhone = disabled.list == nil ? "on iPhone" : "on iPhone before iOS 15"
        let hint = byDefault ? " (\(property) is false \(iPhone))" : ""
        reason = "\(disabled.name) on \(disabled.view?.name ?? "a view") is disabled\(hint): no drag"
        let listDefault = disabled.list == nil ? "disabledByDefault" : "listDisabledByDefault"
        cause = byDefault ? listDefault : "disabled"
      } else if hit == nil {
        reason = "no app under the touch"
        cause = "noApp"
      } else if hit?.view == nil {
        reason = "no view takes the touch"
        cause = "noView"
      } else {
        reason = "no drag interaction on the touched view or its superviews: no drag"
        cause = "noDragInteraction"
      }
      step(
        "longPress", nil, phase: .lift, app: hit?.app.name, view: hit?.view?.name,
        interaction: disabled?.name, arguments + [TraceArgument("cause", cause)], result: reason)
      recordViewsPassedOver(
        at: finger.location, phase: .lift, session: nil, relevant: Self.holdsDragInteraction)
      return
    }
    step(
      "longPress", nil, phase: .lift, app: hit?.app.name, view: hit?.view?.name, interaction: chosen.name,
      arguments, result: "lift after \(formatNumber(timing.liftDelay))s")
    recordViewsPassedOver(
      at: finger.location, phase: .lift, session: nil, relevant: Self.holdsDragInteraction)
    finger.pendingLift = try scheduler.enqueue(on: scheduler.main, after: timing.liftDelay, label: "lift") {
      [weak self, weak finger] in
      guard let self, let finger else { return }
      finger.pendingLift = nil
      try self.beginLift(finger, chosen)
    }
  }

  /// The long press is recognised: ask for items, previews, then animate.
  func beginLift(_ finger: Finger, _ interaction: DragInteraction) throws {
    guard finger.isDown, interaction.isEnabled, let view = interaction.view, let app = view.app else {
      step(
        "liftAbandoned", nil, phase: .lift, interaction: interaction.name, result: "the view left its window")
      return
    }
    let state = DragState(
      id: newSessionID(), world: world, sourceApp: app, sourceName: app.name, origin: interaction,
      location: finger.location)
    let session = state.dragSession
    let callSite = site(state, interaction)
    let items: [DragItem]
    if let list = interaction.list {
      items = try listItemsForBeginning(list, state, interaction)
    } else if let handler = interaction.delegate.itemsForBeginning {
      items = try call(DragMethods.itemsForBeginning, callSite, result: describe) { try handler(session) }
    } else {
      items = []
      recordDefault(DragMethods.itemsForBeginning, callSite, result: "no items (not implemented)")
    }
    guard !items.isEmpty else {
      step(
        "noLift", state, app: app.name, view: view.name, interaction: interaction.name,
        result: "no items: no lift, the touch is handled normally")
      return
    }
    state.contributors = [interaction]
    take(items, into: state)
    sessions.append(state)
    state.finger = finger
    finger.drag = state
    try liftPreviews(state, interaction, items, firstIndex: 0)
    let animator = try animateLift(state, interaction)
    state.liftAnimator = animator
    state.liftEndWork = try scheduler.enqueue(
      on: scheduler.main, after: timing.liftAnimation, label: "lift animation end"
    ) { [weak self] in
      state.liftEndWork = nil
      try self?.endLiftAnimation(state, at: .end)
    }
  }

  /// Adds items to a session: they join it and their data is locked until the drop.
  func take(_ items: [DragItem], into state: DragState) {
    state.items += items
    for item in items { item.itemProvider.dragState = state }
  }

  /// `previewForLifting` for each item (default: the interaction's view).
  func liftPreviews(
    _ s: DragState, _ interaction: DragInteraction, _ items: [DragItem], firstIndex: Int
  ) throws {
    // Each item remembers the interaction that gave it: a cancel sends it
    // back there (§1.5 step 4).
    for item in items { item.giver = interaction }
    if let list = interaction.list {
      return try listLiftPreviews(list, s, interaction, items, firstIndex: firstIndex)
    }
    let session = s.dragSession
    let callSite = site(s, interaction)
    for (offset, item) in items.enumerated() {
      let argument = itemArgument(firstIndex + offset)
      let preview: TargetedDragPreview?
      if let handler = interaction.delegate.previewForLifting {
        preview = try call(DragMethods.previewForLifting, callSite, [argument], result: describe) {
          try handler(item, session)
        }
      } else {
        preview = interaction.view.map { defaultPreview(of: $0) }
        recordDefault(DragMethods.previewForLifting, callSite, [argument], result: describe(preview))
      }
      item.hasVisiblePreview = preview?.isUsable ?? false
      item.liftPreviewSize = preview?.size
      item.previewView = preview?.isUsable == true ? preview?.view : nil
    }
  }

  /// The preview UIKit builds for a view: the view itself, in place.
  func defaultPreview(of view: View) -> TargetedDragPreview {
    let preview = TargetedDragPreview(view: view)
    preview.isDefault = true
    return preview
  }

  /// `willAnimateLiftWith`, then the lift animation starts.
  func animateLift(_ s: DragState, _ interaction: DragInteraction) throws -> DragAnimator {
    let animator = DragAnimator(world: world)
    if let handler = interaction.delegate.willAnimateLiftWith {
      try call(DragMethods.willAnimateLiftWith, site(s, interaction)) { try handler(animator, s.dragSession) }
    }
    // The lift of items added mid-drag happens in the drag phase.
    step("liftAnimationBegan", s, phase: s.phase, app: s.sourceName, interaction: interaction.name)
    if let list = interaction.list { listCellDragStates(list, s, from: .none, to: .lifting) }
    try animator.start()
    return animator
  }

  /// The lift animation ends: `.end` when it completed, `.start` when the
  /// finger lifted during it and it ran backwards.
  func endLiftAnimation(_ s: DragState, at position: AnimatingPosition) throws {
    if let work = s.liftEndWork {
      scheduler.cancel(work)
      s.liftEndWork = nil
    }
    guard let animator = s.liftAnimator, animator.state != .finished else { return }
    step("liftAnimationEnded", s, phase: .lift, app: s.sourceName, result: position.description)
    if let list = s.origin?.list {
      listCellDragStates(list, s, from: .lifting, to: position == .end ? .dragging : .none)
    }
    if s.stage == .lifting, position == .end { s.stage = .lifted }
    try animator.finish(at: position)
  }

  /// The finger moved. Before the lift a real movement fails the long press;
  /// after it, the first movement past the hysteresis begins the drag, and
  /// every movement of a drag is a `sessionDidMove` and a new hit-test.
  func fingerMoved(_ finger: Finger) throws {
    let point = finger.location
    step(
      "touchMoved", finger.drag, phase: finger.drag?.phase ?? .lift,
      [TraceArgument("finger", String(finger.id)), TraceArgument("point", pointText(point))])
    let travelled = point.distance(to: finger.downLocation) >= timing.dragHysteresis
    if let pending = finger.pendingLift, travelled {
      scheduler.cancel(pending)
      finger.pendingLift = nil
      step(
        "longPressFailed", nil, phase: .lift, [TraceArgument("point", point.description)],
        result: "the finger moved before the lift: no drag")
      return
    }
    guard let s = finger.drag else { return }
    switch s.stage {
    case .lifting, .lifted:
      s.location = point
      guard travelled else { return }
      if s.stage == .lifting { try endLiftAnimation(s, at: .end) }
      try beginDrag(s)
    case .dragging:
      s.location = point
    case .settingDown, .ended:
      return
    }
    try dragMoved(s)
  }

  /// The drag begins: `sessionWillBegin`, then the source's three answers.
  func beginDrag(_ s: DragState) throws {
    s.stage = .dragging
    guard let origin = s.origin else {
      step("dragBegan", s, app: s.sourceName, result: "drag from \(s.sourceName)")
      return
    }
    if let list = origin.list { return try listBeginDrag(list, s, origin) }
    let session = s.dragSession
    let callSite = site(s, origin)
    if let handler = origin.delegate.sessionWillBegin {
      try call(DragMethods.sessionWillBegin, callSite) { try handler(session) }
    }
    // Choice (§1.3 step 6, timing undocumented): the three questions are asked
    // once, right after sessionWillBegin, in this order. The restriction is only
    // asked where drags can leave the app (iPad; iPhone from iOS 15), as the
    // header says.
    if world.device.allowsDragsBetweenApps {
      s.isRestricted = try ask(
        origin.delegate.sessionIsRestrictedToDraggingApplication,
        DragMethods.sessionIsRestrictedToDraggingApplication,
        callSite, session, default: false)
    }
    s.allowsMove = try ask(
      origin.delegate.sessionAllowsMoveOperation, DragMethods.sessionAllowsMoveOperation, callSite, session,
      default: true)
    s.prefersFullSizePreviews = try ask(
      origin.delegate.prefersFullSizePreviewsForSession, DragMethods.prefersFullSizePreviewsForSession,
      callSite,
      session, default: false)
    try askPreviewProviders(s)
  }

  /// Asks the items' preview providers that are new since last asked. UIKit
  /// asks "when and if" it needs a preview after the lift; the model asks when
  /// the drag begins and after each `sessionDidMove`, so a provider set in
  /// `sessionWillBegin` or `sessionDidMove` changes the preview (§2.3). A
  /// provider returning nil hides the item's preview.
  func askPreviewProviders(_ s: DragState) throws {
    for (index, item) in s.items.enumerated()
    where item.askedPreviewProviderVersion != item.previewProviderVersion {
      item.askedPreviewProviderVersion = item.previewProviderVersion
      guard let provider = item.previewProvider else { continue }
      let callSite = CallSite(
        phase: s.phase, session: s.id, app: s.sourceName, view: s.origin?.view?.name,
        interaction: s.origin?.name)
      let preview = try call(
        ItemMethods.previewProvider, callSite, [itemArgument(index)],
        result: { (preview: DragPreview?) in
          preview.map { "preview of \($0.view.name)" } ?? "nil (the item's preview is hidden)"
        }
      ) { try provider() }
      item.hasVisiblePreview = preview != nil
      if let preview { item.previewView = preview.view }
    }
  }

  private func ask(
    _ handler: ((DragSession) throws -> Bool)?, _ method: DelegateMethod, _ callSite: CallSite,
    _ session: DragSession, default value: Bool
  ) throws -> Bool {
    guard let handler else {
      recordDefault(method, callSite, result: "\(value)")
      return value
    }
    return try call(method, callSite, result: { "\($0)" }) { try handler(session) }
  }

  /// One drag sample: the source hears of it, then targets and spring loading.
  func dragMoved(_ s: DragState) throws {
    if let origin = s.origin, let handler = origin.delegate.sessionDidMove {
      try call(DragMethods.sessionDidMove, site(s, origin), [locationArgument(s, in: origin.view)]) {
        try handler(s.dragSession)
      }
    }
    guard s.stage == .dragging else { return }
    try askPreviewProviders(s)
    try updateTarget(s)
    guard s.stage == .dragging else { return }
    try updateSpringLoading(s)
  }
}

extension DragInteraction {
  var isEnabledExplicitly: Bool { explicitIsEnabled != nil }

  /// Whether nobody set it, on it or on its table or collection view: it
  /// has the device's default.
  var followsDefault: Bool { explicitIsEnabled == nil && list?.isDragInteractionEnabledExplicitly != true }

  /// Off because the device's default is off (an iPhone's; for a list, an
  /// iPhone's before iOS 15), not because the script turned it off.
  var isOffByDefault: Bool {
    guard followsDefault, let device = view?.world?.device else { return false }
    return list == nil ? !device.isDragInteractionEnabledByDefault : !device.isTableDragEnabledByDefault
  }
}

extension DragEngine {
  /// A drag that starts in another app (an item source): it has lifted there,
  /// so it only waits for the finger to move. No delegate of ours is involved.
  func beginItemSourceDrag(_ finger: Finger, source: ItemSource, itemName: String, items: [DragItem]) throws {
    let state = DragState(
      id: newSessionID(), world: world, sourceApp: nil, sourceName: source.name, origin: nil,
      location: finger.location)
    guard !items.isEmpty else {
      step(
        "noLift", state, phase: .lift, app: source.name, result: "\(source.name).\(itemName) offers no items")
      return
    }
    take(items, into: state)
    state.stage = .lifted
    state.finger = finger
    finger.drag = state
    sessions.append(state)
    // Before iOS 15 an iPhone keeps drags inside their app, so a drag from
    // another app can reach none of ours (§11).
    let note =
      world.device.allowsDragsBetweenApps
      ? "" : " (iPhone before iOS 15: drags stay inside their app, none of ours can take it)"
    step(
      "dragFromItemSource", state, phase: .lift, app: source.name,
      [TraceArgument("item", itemName), TraceArgument("point", pointText(finger.location))],
      result: describe(items) + note)
  }
}
