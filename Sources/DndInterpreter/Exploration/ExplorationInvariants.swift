import DndRuntime

/// The rules every explored run must keep, whether or not the scenario
/// says `expect` anything. Each is read from the run's trace or, for the
/// placeholders, from the scene the run left.
///
/// - Every `sessionDidEnter` of a drop interaction (or list, or text view) is
///   followed by one `sessionDidExit` or one drop before the next enter and
///   before the session ends. (Checked for delegates that implement the
///   exit, since the trace only shows what the script implements.)
/// - `sessionDidEnd` reaches every interaction that saw the session exactly
///   once (for delegates that implement it).
/// - Every placeholder is committed or deleted by the end of the scenario.
/// - No UIKit exception, unless the scenario says `expect exception`.
/// - No Main Thread Checker warning, unless the scenario says `expect warning`.
enum ExplorationInvariants {
  private static let enters: Set<String> = ["sessionDidEnter", "dropSessionDidEnter"]
  private static let exits: Set<String> = ["sessionDidExit", "dropSessionDidExit"]
  private static let drops: Set<String> = ["performDrop", "performDropWith", "willPerformDrop"]
  private static let ends: Set<String> = ["sessionDidEnd", "dropSessionDidEnd"]
  /// Delegates that see a session without entering it (update keeps coming).
  private static let sightings: Set<String> = [
    "sessionDidUpdate", "dropSessionDidUpdate", "canHandle",
  ]

  /// What the run broke, one sentence each, in trace order.
  static func violations(
    trace: [TraceEvent], world: World, allowsExceptions: Bool, allowsWarnings: Bool
  ) -> [String] {
    var found: [String] = []
    if !allowsExceptions {
      for event in trace where event.kind == .exception {
        found.append("UIKit raised \(event.exceptionName ?? "an exception"): \(event.message ?? "")")
      }
    }
    if !allowsWarnings {
      for event in trace where event.kind == .warning {
        if let message = event.message, message.hasPrefix("Main Thread Checker") { found.append(message) }
      }
    }
    found += sessionViolations(trace)
    found += placeholderViolations(world)
    return found
  }

  /// Who a delegate call went to.
  private struct Receiver: Hashable, Comparable {
    var app: String
    var view: String
    var interaction: String

    static func < (lhs: Receiver, rhs: Receiver) -> Bool {
      (lhs.app, lhs.view, lhs.interaction) < (rhs.app, rhs.view, rhs.interaction)
    }

    var name: String { (app.isEmpty ? "" : app + ".") + view }
  }

  private struct Key: Hashable {
    var session: Int
    var receiver: Receiver
  }

  private static func sessionViolations(_ trace: [TraceEvent]) -> [String] {
    var found: [String] = []
    let calls = trace.filter { $0.kind == .call && $0.session != nil }
    func receiver(_ event: TraceEvent) -> Receiver {
      Receiver(app: event.app ?? "", view: event.view ?? "", interaction: event.interaction ?? "")
    }
    let implementsExit = Set(calls.filter { exits.contains($0.name) }.map(receiver))
    let implementsEnd = Set(calls.filter { ends.contains($0.name) }.map(receiver))
    let ended = Set(trace.filter { ends.contains($0.name) || $0.name == "dragEnded" }.compactMap(\.session))
    var open: [Key: Bool] = [:]
    var endCounts: [Key: Int] = [:]
    var seen: [Key] = []
    for event in calls {
      guard let session = event.session else { continue }
      let key = Key(session: session, receiver: receiver(event))
      if !seen.contains(key) { seen.append(key) }
      if enters.contains(event.name) {
        if open[key] == true, implementsExit.contains(key.receiver) {
          found.append(
            "session \(session) entered \(key.receiver.name) again without an exit or a drop in between")
        }
        open[key] = true
      } else if exits.contains(event.name) || drops.contains(event.name) {
        open[key] = false
      } else if ends.contains(event.name) {
        endCounts[key, default: 0] += 1
      }
    }
    for key in seen {
      let sawIt = calls.contains {
        $0.session == key.session && receiver($0) == key.receiver
          && (enters.contains($0.name) || sightings.contains($0.name))
      }
      if open[key] == true, implementsExit.contains(key.receiver), ended.contains(key.session) {
        found.append("session \(key.session) entered \(key.receiver.name) but never exited or dropped there")
      }
      let count = endCounts[key] ?? 0
      if count > 1 {
        found.append("sessionDidEnd reached \(key.receiver.name) \(count) times for session \(key.session)")
      } else if count == 0, sawIt, implementsEnd.contains(key.receiver), ended.contains(key.session) {
        found.append("sessionDidEnd never reached \(key.receiver.name) for session \(key.session)")
      }
    }
    return found
  }

  private static func placeholderViolations(_ world: World) -> [String] {
    var found: [String] = []
    func visit(_ view: View, app: String) {
      if let list = view.list, list.activePlaceholderCount > 0 {
        let count = list.activePlaceholderCount
        found.append(
          "\(count) placeholder\(count == 1 ? "" : "s") in \(app).\(view.name) "
            + "\(count == 1 ? "was" : "were") neither committed nor deleted")
      }
      for child in view.subviews { visit(child, app: app) }
    }
    for app in world.apps { visit(app.window, app: app.name) }
    return found
  }
}
