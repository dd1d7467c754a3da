// Which drop interaction a drag is over (§1.7-§1.9), re-evaluated on every
// drag sample. The cost is the depth of the tree: one hit-test, then a walk
// up the superviews of the hit view.

extension DragEngine {
  /// Whether the drag can reach drop targets in `app`: always in its own app;
  /// elsewhere only where drags may leave their app (iPad) and the source did
  /// not restrict the session (§1.4).
  func canReach(_ s: DragState, _ app: App) -> Bool {
    if s.isLocal(to: app) { return true }
    return world.device.allowsDragsBetweenApps && !s.isRestricted
  }

  /// Finds the drop target under the drag and sends exit, enter and update.
  ///
  /// Rule (§1.8, inferred from UIKit's event routing): hit-test the location,
  /// then walk from the hit view up to the window; the first interaction that
  /// is not busy with another session and whose `canHandle` says yes is the
  /// target. So the deepest willing interaction wins and ancestors are
  /// fallbacks. Among several on one view, the first added is tried first.
  ///
  /// Choice (§13.2): `canHandle` is asked once per visit. An answer holds while
  /// the drag stays over the interaction's view (and the walk still reaches
  /// it); leaving and coming back asks again, and so does a change of items
  /// (`itemsChanged`), which re-asks every interaction, the current target too.
  /// Tables and collection views are the exception (§1.9, from their
  /// headers): once their canHandle says false, "no further delegate methods
  /// will be called for this drop session", so they are never asked again.
  func updateTarget(_ s: DragState, itemsChanged: Bool = false) throws {
    var found: DropInteraction?
    var foundApp: App?
    var answers: [(interaction: DropInteraction, answer: Bool)] = []
    let hit = world.hitTest(s.location).flatMap { canReach(s, $0.app) ? $0 : nil }
    recordWhyNotTargets(s, hit: hit)
    // A target no longer under the drag exits before anything else is asked
    // (§1.7: A exits, then B is asked); a target still under it stays until a
    // deeper interaction accepts (§1.8: the deeper one begins, the ancestor exits).
    if let current = s.target, !isUnder(current, hit) { try exit(current, s) }
    // A busy interaction ignores a session until the session leaves its view
    // and comes back (§1.7, §3.1): becoming free meanwhile is not enough.
    if !s.ignoredBy.isEmpty { s.ignoredBy.removeAll { !isUnder($0, hit) } }
    if let hit {
      var view = hit.view
      var metInteraction = false
      search: while let current = view {
        for interaction in current.effectiveDropInteractions {
          metInteraction = true
          if interaction === s.target, !itemsChanged {
            found = interaction
            break search
          }
          if interaction.isBusy(excluding: s.id) {
            if !s.ignoredBy.contains(where: { $0 === interaction }) { s.ignoredBy.append(interaction) }
            recordBusy(interaction, s, in: hit.app)
            continue
          }
          if s.ignoredBy.contains(where: { $0 === interaction }) {
            recordBusy(interaction, s, in: hit.app, stillIgnored: true)
            continue
          }
          let answer: Bool
          if s.refusingLists.contains(where: { $0 === interaction }) {
            answer = false
          } else if !itemsChanged, let known = s.canHandleAnswers.first(where: { $0.interaction === interaction }) {
            answer = known.answer
          } else {
            answer = try canHandle(interaction, s, in: hit.app)
            guard s.stage == .dragging || s.stage == .settingDown else { return }
            if !answer && interaction.list != nil { s.refusingLists.append(interaction) }
          }
          answers.append((interaction, answer))
          if answer {
            found = interaction
            break search
          }
        }
        view = current.superview
      }
      if !metInteraction { recordTargetsCovered(s, hit: hit) }
      foundApp = hit.app
    }
    s.canHandleAnswers = answers
    if found !== s.target {
      if let old = s.target { try exit(old, s) }
      if let new = found, let app = foundApp {
        try enter(new, s, in: app)
        try update(new, s)
      }
    } else if let current = found {
      try update(current, s)
    }
  }

  /// True if the interaction's view is the hit view or one of its ancestors.
  private func isUnder(_ interaction: DropInteraction, _ hit: (app: App, view: View?)?) -> Bool {
    guard let hit, let hitView = hit.view, let view = interaction.view else { return false }
    return hitView.isDescendant(of: view)
  }

  /// The drag enters an interaction's view: it becomes the target.
  func enter(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    s.target = interaction
    s.targetApp = app
    s.operation = .cancel
    s.proposal = nil
    if !interaction.activeSessions.contains(s.id) { interaction.activeSessions.append(s.id) }
    markSeen(interaction, s, in: app)
    try didEnter(interaction, s, in: app)
  }

  /// The target's proposal for the current location, validated.
  func update(_ interaction: DropInteraction, _ s: DragState) throws {
    guard let app = s.targetApp else { return }
    let proposal = try proposal(from: interaction, s, in: app)
    guard s.target === interaction else { return }
    s.proposal = proposal
    s.operation = proposal.map { validate($0.operation, s, in: app, interaction: interaction) } ?? .cancel
  }

  /// The drag leaves the target's view (or the view left the window).
  func exit(_ interaction: DropInteraction, _ s: DragState) throws {
    let app = s.targetApp
    interaction.activeSessions.removeAll { $0 == s.id }
    if s.target === interaction {
      s.target = nil
      s.targetApp = nil
      s.operation = .cancel
      s.proposal = nil
    }
    guard let app else { return }
    try didExit(interaction, s, in: app)
  }

  /// Remembers an interaction that received enter, update or exit: it will
  /// receive `sessionDidEnd`.
  func markSeen(_ interaction: DropInteraction, _ s: DragState, in app: App) {
    if !s.seen.contains(where: { $0.interaction === interaction }) { s.seen.append((interaction, app)) }
  }

  /// Rule (§3.4): a copy or move outside the source's operation mask becomes
  /// cancel, and UIKit logs why (internal values: copy 1, move 16).
  func validate(
    _ operation: DropOperation, _ s: DragState, in app: App, interaction: DropInteraction
  ) -> DropOperation {
    guard operation.transfersData else { return operation }
    let mask = s.sourceOperationMask(for: app)
    guard mask & operation.internalValue == 0 else { return operation }
    let selector =
      switch interaction.role {
      case .text: "textDroppableView:proposalForDrop:"
      case .list:
        (interaction.list?.kind == .table ? "tableView" : "collectionView")
          + ":dropSessionDidUpdate:withDestinationIndexPath:"
      case .delegate, .paste: "dropInteraction:sessionDidUpdate:"
      }
    world.warn(
      "Selector \(selector) returned a _UIDragOperation \(operation.internalValue) that is outside of the "
        + "sourceOperationMask \(mask). Using _UIDragOperationNone instead.",
      phase: s.phase, session: s.id, app: app.name, view: interaction.view?.name,
      interaction: interaction.name)
    return .cancel
  }
}
