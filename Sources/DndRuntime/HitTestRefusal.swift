// Why a view under a touch did not get it. UIKit's hit-test skips hidden views,
// nearly transparent ones and views with user interaction disabled, together
// with their subviews (§1.8, §12.2), and says nothing. The trace records the
// views it passed over that mattered (those holding a drag interaction at a
// long press, a drop interaction during a drag), so a report can say why a
// drag did not start or a view was not a target.

/// The property that made hit-testing pass over a view.
public enum HitTestRefusal: String, Hashable, Codable, Sendable {
  case isHidden
  /// Alpha below 0.01.
  case alpha
  case isUserInteractionEnabled

  /// The property's value as the trace prints it.
  func value(of view: View) -> String {
    switch self {
    case .isHidden: "true"
    case .alpha: formatNumber(view.alpha)
    case .isUserInteractionEnabled: "false"
    }
  }
}

extension View {
  /// Why hit-testing would not enter this view, whatever the point; nil if it would.
  public var hitTestRefusal: HitTestRefusal? {
    if isHidden { return .isHidden }
    if alpha < 0.01 { return .alpha }
    if !isUserInteractionEnabled { return .isUserInteractionEnabled }
    return nil
  }

  /// The views under `point` (in this view's coordinates) that hit-testing
  /// passes over before it finds the view it returns: those containing the
  /// point that refuse touches, front-most first. The walk follows
  /// `hitTest(_:)` and stops where it stops.
  func viewsPassedOver(at point: Point) -> [(view: View, refusal: HitTestRefusal)] {
    var found: [(view: View, refusal: HitTestRefusal)] = []
    _ = collectPassedOver(at: point, into: &found)
    return found
  }

  /// Returns true once a view took the point (so views behind it do not count).
  private func collectPassedOver(at point: Point, into found: inout [(view: View, refusal: HitTestRefusal)])
    -> Bool
  {
    guard self.point(inside: point) else { return false }
    if let refusal = hitTestRefusal {
      found.append((self, refusal))
      return false
    }
    for child in subviews.reversed() {
      if child.collectPassedOver(at: child.pointFromSuperview(point), into: &found) { return true }
    }
    return true
  }

  /// Views under `point` (in this view's coordinates) that hold a drop
  /// interaction but are neither `hit` nor one of its superviews: covered by
  /// the view hit-testing returned, so the walk up from it never reaches
  /// them. Subtrees hit-testing passes over are left out (they are told as
  /// passed over).
  func dropTargetsCovered(at point: Point, by hit: View) -> [View] {
    var found: [View] = []
    collectCovered(at: point, by: hit, into: &found)
    return found
  }

  private func collectCovered(at point: Point, by hit: View, into found: inout [View]) {
    guard self.point(inside: point), hitTestRefusal == nil else { return }
    if DragEngine.holdsDropInteraction(self), !hit.isDescendant(of: self) { found.append(self) }
    for child in subviews.reversed() {
      child.collectCovered(at: child.pointFromSuperview(point), by: hit, into: &found)
    }
  }

  /// True if this view or one of its descendants satisfies `test`.
  func subtreeContains(_ test: (View) -> Bool) -> Bool {
    test(self) || subviews.contains { $0.subtreeContains(test) }
  }
}

extension DragEngine {
  /// Records a `hitTestSkipped` step for each view under the screen point
  /// that hit-testing passed over and that holds (itself or below it) an
  /// interaction that matters now: `relevant` says which.
  func recordViewsPassedOver(
    at point: Point, phase: DragPhase, session: Int?, relevant: (View) -> Bool
  ) {
    guard let app = world.app(at: point) else { return }
    let window = app.window
    for (view, refusal) in window.viewsPassedOver(at: window.pointFromSuperview(point))
    where view.subtreeContains(relevant) {
      world.record(
        .step, "hitTestSkipped", phase: phase, session: session, app: app.name, view: view.name,
        arguments: [
          TraceArgument("class", view.kind.uikitClassName),
          TraceArgument(refusal.rawValue, refusal.value(of: view)),
        ],
        result: "passed over with its subviews")
    }
  }

  /// Records a `dropTargetCovered` step for each view with a drop
  /// interaction under the point that the walk up from the hit view does
  /// not reach: a view on top of it took the hit (§1.8: UIKit asks only the
  /// hit view and its superviews). Called only when that walk met no drop
  /// interaction at all, the case a reader cannot otherwise explain.
  func recordTargetsCovered(_ s: DragState, hit: (app: App, view: View?)) {
    guard let hitView = hit.view else { return }
    let window = hit.app.window
    for view in window.dropTargetsCovered(at: window.pointFromSuperview(s.location), by: hitView) {
      step(
        "dropTargetCovered", s, app: hit.app.name, view: view.name, [TraceArgument("hitView", hitView.name)],
        result: "covered by \(hitView.name), which hit-testing found: only it and its superviews are asked")
    }
  }

  /// Whether a view holds a drag interaction (relevant to a long press).
  static func holdsDragInteraction(_ view: View) -> Bool { !view.dragInteractions.isEmpty }

  /// Whether a view would take part in drop targeting.
  static func holdsDropInteraction(_ view: View) -> Bool {
    !view.dropInteractions.isEmpty || view.pasteConfiguration != nil
  }
}

extension DragEngine {
  /// At a drag sample, what keeps views under the drag from being targets
  /// without any delegate being asked: an app the drag cannot reach, and
  /// views hit-testing passes over.
  func recordWhyNotTargets(_ s: DragState, hit: (app: App, view: View?)?) {
    if hit == nil, let app = world.app(at: s.location), !canReach(s, app) {
      let reason =
        world.device.allowsDragsBetweenApps
        ? "the source restricted the session to its own app" : "on iPhone before iOS 15 a drag stays inside its app"
      step("appNotReachable", s, phase: s.phase, app: app.name, result: reason)
      return
    }
    guard hit != nil else { return }
    recordViewsPassedOver(at: s.location, phase: s.phase, session: s.id, relevant: Self.holdsDropInteraction)
  }

  /// A drop interaction under the drag that is busy with another session,
  /// or was when this session arrived (`stillIgnored`: it must leave the
  /// view and come back to be seen).
  func recordBusy(_ interaction: DropInteraction, _ s: DragState, in app: App, stillIgnored: Bool = false) {
    step(
      "dropInteractionBusy", s, phase: s.phase, app: app.name, view: interaction.view?.name,
      interaction: interaction.name,
      result: stillIgnored
        ? "was tracking another session when this one arrived (allowsSimultaneousDropSessions is false): "
          + "ignored until this one leaves the view and comes back"
        : "tracking another session (allowsSimultaneousDropSessions is false): ignored")
  }
}
