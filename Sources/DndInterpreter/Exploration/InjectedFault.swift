import DndRuntime

/// A fault the explorer can inject into a scenario (`--fault NAME`, or
/// `--faults` for each in turn). Each is armed by the first item provider
/// load of the scenario; the two that act later (cancel, remove-target) are
/// queued on the main queue at that moment, due when that load's data would
/// arrive, so that they are ready whenever its completion is and
/// exploration varies when they strike relative to the completions. (Due at
/// once, they ran in the run loop's pass after the release, before any load
/// with a latency could complete; a millisecond later, after every load
/// without one.) Queued before the completion, they strike first in the
/// default order.
public enum InjectedFault: String, CaseIterable, Hashable, Sendable {
  /// Every item provider load fails (NSItemProviderErrorDomain, unknown error).
  case fail
  /// Every item provider load takes 30 seconds longer than the provider says.
  case slow
  /// The user cancels the loads: when the first load's data is due, every
  /// load still running has its progress cancelled, so the completions that
  /// have not run yet get the cancellation error. It strikes once.
  case cancel
  /// The drop's target view is removed from its superview before the data arrives.
  case removeTarget = "remove-target"

  /// The extra latency of `slow`, in seconds.
  public static let slowDelay = 30.0

  /// One line for help and reports.
  public var summary: String {
    switch self {
    case .fail: "every item provider load fails"
    case .slow: "every item provider load takes \(Int(Self.slowDelay)) seconds longer"
    case .cancel: "the loads still running when the first load's data is due are cancelled"
    case .removeTarget: "the drop's target view is removed before the data arrives"
    }
  }

  /// Whether an installed fault was armed: a scenario that starts no item
  /// provider load runs as if there were no fault, and the report says so.
  final class Arming {
    var armed = false
    /// Whether it acted once armed: a load failed or slowed, a running load
    /// cancelled, a target removed. Cancel and remove-target may find
    /// nothing to act on when they come due.
    var struck = false
    /// Whether cancel or remove-target came due: a scenario that ends
    /// without settling may end first.
    var cameDue = false
    /// The view remove-target removed.
    var removed: View?

    /// Whether `view` is the removed view, or inside it, and still out of
    /// the window the fault took it from: once the app adds it back, a later
    /// removal is the app's own.
    func isInRemoved(_ view: View) -> Bool {
      guard let removed, removed.isRemovedFromOutside else { return false }
      var current: View? = view
      while let candidate = current {
        if candidate === removed { return true }
        current = candidate.superview
      }
      return false
    }
  }

  /// Installs the fault's hook in a fresh world.
  func install(in world: World) -> Arming {
    var progresses: [LoadProgress] = []
    let arming = Arming()
    // Through the world's link: the world keeps this hook, and the work it
    // queues, so neither may keep the world.
    world.loadStartHook = { [link = world.link] start in
      guard let world = link.world else { return nil }
      progresses.append(start.progress)
      let first = !arming.armed
      arming.armed = true
      switch self {
      case .fail:
        arming.struck = true
        return .fail("Injected fault: the provider failed.")
      case .slow:
        arming.struck = true
        return .delay(Self.slowDelay)
      case .cancel, .removeTarget:
        guard first else { return nil }
        let scheduler = world.scheduler
        if self == .cancel {
          try scheduler.enqueue(on: scheduler.main, after: start.latency, label: "fault: cancel the loads") {
            arming.cameDue = true
            let running = progresses.filter { !$0.isFinished && !$0.isCancelled }
            if !running.isEmpty { arming.struck = true }
            link.world?.recordHarnessStep(
              "injectedFault", result: "cancel: \(running.count) running load\(running.count == 1 ? "" : "s")")
            for progress in running where !progress.isFinished && !progress.isCancelled {
              try progress.cancel()
            }
          }
        } else {
          // The drop whose load arms the fault is the latest so far: its target
          // is taken now, not when the fault comes due (a later drop elsewhere
          // may have set down by then).
          let target = Self.dropTarget(in: world)
          try scheduler.enqueue(on: scheduler.main, after: start.latency, label: "fault: remove the drop target") {
            guard let world = link.world else { return }
            arming.cameDue = true
            let present = target.flatMap { $0.window == nil ? nil : $0 }
            if let present {
              arming.struck = true
              arming.removed = present
            }
            world.recordHarnessStep(
              "injectedFault", app: target?.app?.name, view: target?.name,
              result: present == nil ? "remove-target: the target is gone already" : "remove-target")
            present?.removeFromOutside()
          }
        }
        return nil
      }
    }
    return arming
  }

  /// The view of the latest drop (the trace's last set-down), if it is still found.
  static func dropTarget(in world: World) -> View? {
    guard let event = world.trace.events.last(where: { $0.name == "setDown" && $0.view != nil }),
      let name = event.view
    else { return nil }
    let apps = world.apps.filter { event.app == nil || $0.name == event.app }
    for app in apps {
      if let view = find(name, in: app.window) { return view }
    }
    return nil
  }

  private static func find(_ name: String, in view: View) -> View? {
    if view.name == name { return view }
    for child in view.subviews {
      if let found = find(name, in: child) { return found }
    }
    return nil
  }
}
