// Phase 3 (set down): the finger lifts. Either the target's last proposal is
// copy or move and the drop happens, or the drag is cancelled.
//
// Choice (§13.1, the relative order is not documented). A drop:
//   S willEndWith -> D performDrop -> per item: D previewForDropping (visible
//   items), D willAnimateDropWith -> D sessionDidEnd (every interaction that
//   saw the session) -> drop animation -> animator completions -> D concludeDrop
//   -> S didEndWith -> S sessionDidTransferItems once the loads have delivered.
// A cancel:
//   S willEndWith(.cancel) -> D sessionDidEnd -> per item: S previewForCancelling
//   (visible items), S willAnimateCancelWith -> cancel animation -> completions
//   -> S didEndWith(.cancel).
// Because: the header requires performDrop before the drop previews and
// concludeDrop after every drop animation, `[radar 33111675]` and Apple's
// WebKit simulator put sessionDidEnd before concludeDrop, and didEndWith comes
// "after all related animations".

extension DragEngine {
  /// The finger that holds this drag lifted (or the touch was cancelled).
  func release(_ s: DragState, cancelled: Bool) throws {
    switch s.stage {
    case .lifting:
      // The finger lifted during the lift: it runs backwards, and since the
      // drag never began there is no sessionWillBegin, willEnd or didEnd.
      retire(s)
      step("liftCancelled", s, phase: .lift, app: s.sourceName, result: "the finger lifted during the lift")
      try endLiftAnimation(s, at: .start)
    case .lifted:
      retire(s)
      step(
        "liftAbandoned", s, phase: .lift, app: s.sourceName, result: "the finger lifted before the drag began"
      )
      if let list = s.origin?.list { listCellsDragEnded(list, s) }
    case .dragging:
      try setDown(s, cancelled: cancelled)
    case .settingDown, .ended:
      break
    }
  }

  /// Choice (not on record): an item added by a tap whose lift animation is
  /// still running when the finger lifts (`drag to` takes no time, so a tap
  /// and a release can come within the animation's 0.25 s) ends its lift at
  /// once, before the set-down: its cell goes .lifting, .dragging, .none in
  /// that order, rather than becoming .dragging after the drop began.
  func finishAddedLifts(_ s: DragState) throws {
    let pending = s.addedLifts
    s.addedLifts = []
    for lift in pending {
      scheduler.cancel(lift.work)
      try lift.finish()
    }
  }

  /// The set-down of a drag that began: willEnd, then the drop or the cancel.
  private func setDown(_ s: DragState, cancelled: Bool) throws {
    try finishAddedLifts(s)
    s.stage = .settingDown
    if let finger = s.finger, finger.drag === s { finger.drag = nil }
    try endSpringLoading(s)
    // A target whose view left the window (or was hidden) lost the session.
    if let target = s.target, !(target.view?.isVisibleInWindow ?? false) { try exit(target, s) }
    let proposed = s.target == nil ? DropOperation.cancel : s.operation
    let operation = cancelled ? DropOperation.cancel : proposed
    // Rule: forbidden reaches the source as cancel (§2.2).
    let reported: DropOperation = operation.transfersData ? operation : .cancel
    step(
      cancelled ? "systemCancel" : "setDown", s, phase: .setDown, app: s.targetApp?.name,
      view: s.target?.view?.name, interaction: s.target?.name, [TraceArgument("operation", "\(operation)")],
      result: reported.transfersData ? "drop" : "cancel")
    if let origin = s.origin, let handler = origin.delegate.willEndWith {
      try call(DragMethods.willEndWith, site(s, origin), [TraceArgument("operation", "\(reported)")]) {
        try handler(s.dragSession, reported)
      }
    }
    if reported.transfersData, let target = s.target, let app = s.targetApp {
      try drop(s, on: target, in: app, operation: reported)
    } else {
      try cancelDrag(s)
    }
  }

  /// The drop: performDrop with data access open, previews and animators,
  /// sessionDidEnd, and after the animation concludeDrop and didEnd.
  private func drop(_ s: DragState, on target: DropInteraction, in app: App, operation: DropOperation) throws
  {
    s.dropPerformed = true
    s.isDataAccessOpen = true
    do {
      try perform(target, s, in: app)
    } catch let exception as UIKitException {
      // The app would terminate here: the drag ends with no further calls.
      retire(s)
      throw exception
    } catch {
      s.isDataAccessOpen = false
      throw error
    }
    s.isDataAccessOpen = false
    if s.pendingLoads > 0 { s.dropReturnedAt = scheduler.now }
    let session = s.dropSession(for: app)
    let callSite = site(s, target, in: app)
    var animators: [DragAnimator] = []
    // A list's items animate as its coordinator said (DragEngine+ListDrops.swift).
    if target.role == .list { animators = listDropAnimators(s, target, in: app) }
    for (index, item) in session.items.enumerated() where target.role != .list {
      if item.hasVisiblePreview, target.role == .delegate {
        let fallback = defaultDropPreview(for: item, s, target)
        if let handler = target.delegate.previewForDropping {
          _ = try call(DropMethods.previewForDropping, callSite, [itemArgument(index)], result: describe) {
            try handler(item, fallback)
          }
        } else {
          recordDefault(
            DropMethods.previewForDropping, callSite, [itemArgument(index)], result: describe(fallback))
        }
      }
      let animator = DragAnimator(world: world)
      if target.role == .delegate, let handler = target.delegate.willAnimateDropWith {
        try call(DropMethods.willAnimateDropWith, callSite, [itemArgument(index)]) {
          try handler(item, animator)
        }
      }
      animators.append(animator)
    }
    try endForEveryone(s)
    step("dropAnimationBegan", s, app: app.name, view: target.view?.name)
    for animator in animators { try animator.start() }
    try scheduler.enqueue(on: scheduler.main, after: timing.dropAnimation, label: "drop animation end") {
      [self] in
      step("dropAnimationEnded", s, app: app.name, view: target.view?.name)
      for animator in animators { try animator.finish(at: .end) }
      // Choice (§13.13): concludeDrop comes even when no item had a visible animation.
      if target.role == .delegate, let handler = target.delegate.concludeDrop {
        try call(DropMethods.concludeDrop, site(s, target, in: app)) { try handler(session) }
      }
      try sendDidEnd(s, operation)
    }
  }

  /// The preview UIKit offers for a drop: the dragged preview, left at the
  /// drop location in the drop view's superview (§3.5). An item added by a
  /// tap shows the view it was added from, not the view the drag began on.
  /// Choice (inferred: a lift preview is a snapshot, §2.3): an item lifted
  /// from a cell shows the cell as it lifted, even if performDrop deleted it
  /// (a garbage can), not the whole table or collection view. An item from
  /// another app shows that app's drag image, which no view of the scene is
  /// (it used to be named after the drop target's view). A preview the
  /// delegate chose (`previewForLifting`, a preview provider) shows its
  /// view: a photo lifted off a board drops as the photo, not the board.
  private func defaultDropPreview(
    for item: DragItem, _ s: DragState, _ target: DropInteraction
  ) -> TargetedDragPreview {
    let source = item.original ?? item
    let lifted = liftedCell(of: item, s) ?? source.liftSnapshot ?? source.previewView
    let local = lifted ?? item.giver?.view ?? item.original?.giver?.view ?? s.origin?.view
    let fromOtherApp = local == nil && s.origin == nil && s.sourceApp == nil
    let otherAppImage = fromOtherApp ? View(.view, name: "\(s.sourceName)'s drag image", world: world) : nil
    let shown = local ?? otherAppImage ?? target.view
    let container = target.view?.superview ?? target.view
    let preview: TargetedDragPreview
    if let shown, let container {
      preview = TargetedDragPreview(
        view: shown,
        target: DragPreviewTarget(container: container, center: container.point(fromScreen: s.location)))
    } else if let shown {
      preview = TargetedDragPreview(view: shown)
    } else {
      let placeholder = View(.view, name: "preview", world: world)
      preview = TargetedDragPreview(view: placeholder)
    }
    preview.isDefault = true
    return preview
  }

  /// The cancel: sessionDidEnd, cancel previews and animators, and after the
  /// animation didEnd(.cancel).
  private func cancelDrag(_ s: DragState) throws {
    try endForEveryone(s)
    var animators: [DragAnimator] = []
    if let first = s.origin {
      for (index, item) in s.items.enumerated() {
        // Previews fly back to where each item came from (§1.5 step 4): an
        // item a tap added goes back to the view it was added from, whose
        // interaction is asked for its preview and animation. Choice: the
        // notes do not say which delegate UIKit asks for an added item; the
        // one that gave it, as the drop's default preview shows its view.
        let origin = item.giver ?? item.original?.giver ?? first
        let callSite = site(s, origin)
        if item.hasVisiblePreview, let list = origin.list {
          try listCancelPreview(list, s, item, index: index, from: origin)
        } else if item.hasVisiblePreview {
          let fallback = defaultCancelPreview(origin, item)
          if let handler = origin.delegate.previewForCancelling {
            _ = try call(DragMethods.previewForCancelling, callSite, [itemArgument(index)], result: describe)
            {
              try handler(item, fallback)
            }
          } else {
            // Not implemented is the same as returning nil: the item fades in place.
            recordDefault(
              DragMethods.previewForCancelling, callSite, [itemArgument(index)],
              result: "nil (fades in place)")
          }
        }
        let animator = DragAnimator(world: world)
        if let handler = origin.delegate.willAnimateCancelWith {
          try call(DragMethods.willAnimateCancelWith, callSite, [itemArgument(index)]) {
            try handler(item, animator)
          }
        }
        animators.append(animator)
      }
    }
    step("cancelAnimationBegan", s, app: s.sourceName)
    for animator in animators { try animator.start() }
    try scheduler.enqueue(on: scheduler.main, after: timing.cancelAnimation, label: "cancel animation end") {
      [self] in
      step("cancelAnimationEnded", s, app: s.sourceName)
      for animator in animators { try animator.finish(at: .end) }
      try sendDidEnd(s, .cancel)
    }
  }

  /// UIKit's default cancel preview: the view the item's lift preview (or
  /// preview provider) chose, as the drop's default, else the source view;
  /// in its superview, where it is. If that view left its window the
  /// preview is unusable (so, nil).
  private func defaultCancelPreview(_ origin: DragInteraction, _ item: DragItem) -> TargetedDragPreview {
    let preview: TargetedDragPreview
    if let view = (item.original ?? item).previewView ?? origin.view {
      preview = TargetedDragPreview(view: view)
    } else {
      preview = TargetedDragPreview(view: View(.view, name: "preview", world: world))
    }
    preview.isDefault = true
    return preview
  }

  /// `sessionDidEnd` to every drop interaction that saw the session, in the
  /// order they first saw it.
  private func endForEveryone(_ s: DragState) throws {
    let seen = s.seen
    for entry in seen { entry.interaction.activeSessions.removeAll { $0 == s.id } }
    for entry in seen { try didEnd(entry.interaction, s, in: entry.app) }
  }

  /// `didEndWith`: the drag is over for the source.
  private func sendDidEnd(_ s: DragState, _ operation: DropOperation) throws {
    s.didEndSent = true
    retire(s)
    // The cells of every list that gave items (the source's first).
    for contributor in s.contributors { if let list = contributor.list { listCellsDragEnded(list, s) } }
    if let origin = s.origin, let list = origin.list {
      try listDragDidEnd(list, s, origin, operation)
    } else if let origin = s.origin, let handler = origin.delegate.didEndWith {
      try call(DragMethods.didEndWith, site(s, origin), [TraceArgument("operation", "\(operation)")]) {
        try handler(s.dragSession, operation)
      }
    } else {
      step("dragEnded", s, app: s.sourceName, [TraceArgument("operation", "\(operation)")])
    }
    try transferMayBeComplete(s)
  }
}
