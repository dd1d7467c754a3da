// The drag engine: turns finger events into UIKit's delegate calls, in UIKit's
// order, and keeps the drags in progress. Its parts live in extensions:
//   DragEngine+Lift.swift        long press, lift, the drag beginning, moves
//   DragEngine+Targeting.swift   which drop interaction the drag is over (§1.7-1.9)
//   DragEngine+Roles.swift       what delegate, text and paste interactions answer
//   DragEngine+SetDown.swift     release and cancel: drop or cancel, then the end
//   DragEngine+Adding.swift      taps: adding items, buttons
//   DragEngine+SpringLoading.swift

/// Where a call happens, for the trace.
struct CallSite {
  var phase: DragPhase?
  var session: Int?
  var app: String?
  var view: String?
  var interaction: String?
}

/// The drags in progress and the logic that advances them.
final class DragEngine {
  unowned let world: World
  /// Drags that have lifted and not yet ended, oldest first.
  var sessions: [DragState] = []
  private var sessionCount = 0

  init(world: World) {
    self.world = world
  }

  var timing: Timing { world.timing }
  var scheduler: Scheduler { world.scheduler }

  func newSessionID() -> Int {
    sessionCount += 1
    return sessionCount
  }

  // MARK: Calls and the trace

  /// Calls an implemented handler: records the call first (so what it causes
  /// follows it in the trace), runs it, then records its result. An error the
  /// handler throws passes through unchanged.
  func call<Result>(
    _ method: DelegateMethod, _ site: CallSite, _ arguments: @autoclosure () -> [TraceArgument] = [],
    result describe: (Result) -> String? = { _ in nil }, _ body: () throws -> Result
  ) rethrows -> Result {
    let index = world.record(
      .call, method.name, method: method.uikit, phase: site.phase, session: site.session, app: site.app,
      view: site.view, interaction: site.interaction, arguments: arguments())
    world.callDepth += 1
    defer { world.callDepth -= 1 }
    let value = try body()
    if world.trace.keepsDetails, let text = describe(value) { world.trace.setResult(index, text) }
    return value
  }

  /// Records that a method was not implemented and UIKit's default applied.
  func recordDefault(
    _ method: DelegateMethod, _ site: CallSite, _ arguments: @autoclosure () -> [TraceArgument] = [],
    result: @autoclosure () -> String
  ) {
    world.record(
      .defaultUsed, method.name, method: method.uikit, phase: site.phase, session: site.session,
      app: site.app, view: site.view, interaction: site.interaction, arguments: arguments(), result: result())
  }

  /// Records a runtime step of a drag; on `queue` when it is not the
  /// current one (UIKit work that the runtime notices from elsewhere).
  func step(
    _ name: String, _ s: DragState?, phase: DragPhase? = nil, app: String? = nil, view: String? = nil,
    interaction: String? = nil, _ arguments: @autoclosure () -> [TraceArgument] = [],
    result: @autoclosure () -> String? = nil, queue: WorkQueue? = nil
  ) {
    world.record(
      .step, name, phase: phase ?? s?.phase, session: s?.id, app: app, view: view, interaction: interaction,
      arguments: arguments(), result: result(), queue: queue)
  }

  func site(_ s: DragState, _ interaction: DragInteraction) -> CallSite {
    CallSite(
      phase: s.phase, session: s.id, app: interaction.view?.app?.name ?? s.sourceApp?.name,
      view: interaction.view?.name, interaction: interaction.name)
  }

  func site(_ s: DragState, _ interaction: DropInteraction, in app: App?) -> CallSite {
    CallSite(
      phase: s.phase, session: s.id, app: app?.name ?? interaction.view?.app?.name,
      view: interaction.view?.name, interaction: interaction.name)
  }

  // MARK: Renderings for the trace

  func describe(_ items: [DragItem]) -> String {
    items.count == 1 ? "1 item" : "\(items.count) items"
  }

  func describe(_ preview: TargetedDragPreview?) -> String {
    guard let preview else { return "nil" }
    guard let reason = preview.target.container.invisibility else { return preview.description }
    return "\(preview) (unusable: container \(reason), so nil)"
  }

  func itemArgument(_ index: Int) -> TraceArgument {
    TraceArgument("item", "items[\(index)]")
  }

  func locationArgument(_ s: DragState, in view: View?) -> TraceArgument {
    TraceArgument("location", pointText(view.map { $0.point(fromScreen: s.location) } ?? s.location))
  }

  // MARK: Ending

  /// Forgets a drag: it is over for every interaction.
  func retire(_ s: DragState) {
    s.stage = .ended
    s.isDataAccessOpen = false
    s.target = nil
    for entry in s.seen { entry.interaction.activeSessions.removeAll { $0 == s.id } }
    s.origin?.list?.forgetDrag(session: s.id)
    sessions.removeAll { $0 === s }
    if let finger = s.finger, finger.drag === s { finger.drag = nil }
  }

  /// Rule (§4.3): with `progressIndicatorStyle` `.default`, UIKit shows its
  /// progress UI (a modal with a Cancel button) when the drop's loads take
  /// long; `.none` is for apps that show their own progress. When the last
  /// load delivers, the trace says whether the UI was up and for how long.
  /// Choice: one event then rather than a timer, so that the UI adds no work
  /// for the explorer to order; the style is read at that moment. The last
  /// load delivers on the provider's queue, but the progress UI is UIKit's
  /// main-thread work, so the event is on the main queue.
  func progressIndicatorMayHide(_ s: DragState) {
    guard s.pendingLoads == 0, let start = s.dropReturnedAt else { return }
    s.dropReturnedAt = nil
    let elapsed = Double(scheduler.now.microseconds - start.microseconds) / 1_000_000
    let delay = timing.progressIndicatorDelay
    guard s.progressIndicatorStyle == .default, elapsed > delay else { return }
    step(
      "progressIndicatorShown", s, phase: .dataTransfer, app: s.targetApp?.name,
      [TraceArgument("from", "\(formatNumber(delay))s"), TraceArgument("to", "\(formatNumber(elapsed))s")],
      result: "the loads ran longer than \(formatNumber(delay))s after the drop", queue: scheduler.main)
  }

  /// Sends `sessionDidTransferItems` once the drop happened, the source heard
  /// `didEndWith` and every load the destination started has delivered.
  /// Choice (§1.3 row 17 says only "after the destination received all data
  /// it requested"): a load the destination cancelled counts as ended, since
  /// that data is no longer requested (spec uikit/transfer-after-cancelled-load).
  func transferMayBeComplete(_ s: DragState) throws {
    guard s.dropPerformed, s.didEndSent, !s.transferSent, s.pendingLoads == 0 else { return }
    s.transferSent = true
    try scheduler.enqueue(on: scheduler.main, label: "sessionDidTransferItems") { [self] in
      guard let origin = s.origin, let handler = origin.delegate.sessionDidTransferItems else {
        // A list's drag delegate has no such method: the step says so, so
        // that it does not read as the source being told.
        let untold = s.origin?.list.map {
          "source not told (\($0.kind.dragDelegateProtocol) has no sessionDidTransferItems)"
        }
        step("itemsTransferred", s, phase: .dataTransfer, app: s.sourceName, result: untold)
        return
      }
      var callSite = site(s, origin)
      callSite.phase = .dataTransfer
      try call(DragMethods.sessionDidTransferItems, callSite) { try handler(s.dragSession) }
    }
  }
}
