import DndRuntime

/// The rules every explored run must keep, whether or not the scenario
/// says `expect` anything. Each is read from the run's trace or, for the
/// placeholders, from the scene the run left.
///
/// - Every `sessionDidEnter` of a drop interaction (or list, or text view) is
///   followed by one `sessionDidExit`, one drop or the set-down over its view
///   before the next enter and before the session ends. (A set-down that
///   cancels sends no exit: the choice for the issue's "exactly one exit or
///   drop". Checked for delegates that implement the exit, since the trace
///   only shows what the script implements.)
/// - `sessionDidEnd` reaches every interaction that saw the session exactly
///   once (for delegates that implement it).
/// - Every placeholder is committed or deleted by the end of the scenario.
/// - No UIKit exception, unless the scenario says `expect exception`.
/// - No Main Thread Checker warning, unless the scenario says `expect warning`.
enum ExplorationInvariants {
  /// What a delegate call means to the session rules.
  private enum Role {
    case enter, exit, drop, end
    /// Delegates that see a session without entering it (update keeps coming).
    case sighting
    case other
    /// The finger lifted over a view (a step, not a delegate call).
    case setDown

    init(_ name: String) {
      // Read for every event of every explored run: the name's length picks
      // the one to three names it could be before any comparison.
      self =
        switch name.utf8.count {
        case 7: name == "setDown" ? .setDown : .other
        case 9: name == "canHandle" ? .sighting : .other
        case 11: name == "performDrop" ? .drop : .other
        case 12: name == "systemCancel" ? .setDown : .other
        case 13: name == "sessionDidEnd" ? .end : .other
        case 14: name == "sessionDidExit" ? .exit : .other
        case 15:
          name == "sessionDidEnter"
            ? .enter : name == "performDropWith" || name == "willPerformDrop" ? .drop : .other
        case 16: name == "sessionDidUpdate" ? .sighting : .other
        case 17: name == "dropSessionDidEnd" ? .end : .other
        case 18: name == "dropSessionDidExit" ? .exit : .other
        case 19: name == "dropSessionDidEnter" ? .enter : .other
        case 20: name == "dropSessionDidUpdate" ? .sighting : .other
        default: .other
        }
    }
  }

  /// What the run broke, one sentence each, in trace order.
  ///
  /// A run the exception ended (`terminated`) reports the exception as its
  /// outcome: it is not repeated here, and what the dead app left undone
  /// (an entry never exited, an end never sent, a placeholder never
  /// committed) is not counted; what went wrong before it still is. The
  /// same holds for a run `stoppedMidway`: a failed expectation or an
  /// error stopped the scenario while a finger was down or work pending,
  /// so the steps that would have finished (a release, a settle that
  /// commits) never ran; its failure is the report.
  static func violations(
    trace: ArraySlice<TraceEvent>, world: World, allowsExceptions: Bool, allowsWarnings: Bool,
    terminated: Bool = false, stoppedMidway: Bool = false
  ) -> [String] {
    var found: [String] = []
    if !allowsExceptions, !terminated {
      for index in trace.indices where trace[index].kind == .exception {
        let event = trace[index]
        found.append("UIKit raised \(event.exceptionName ?? "an exception"): \(event.message ?? "")")
      }
    }
    if !allowsWarnings {
      for index in trace.indices where trace[index].kind == .warning {
        if let message = trace[index].message, message.hasPrefix("Main Thread Checker") {
          found.append(message)
        }
      }
    }
    found += sessionViolations(trace, cutShort: terminated || stoppedMidway)
    if !terminated, !stoppedMidway { found += world.placeholdersLeft() }
    return found
  }

  /// Who a delegate call went to (a missing part counts as empty).
  private struct Receiver: Hashable {
    var app: String
    var view: String
    var interaction: String

    init(_ event: TraceEvent) {
      app = event.app ?? ""
      view = event.view ?? ""
      interaction = event.interaction ?? ""
    }

    var name: String { (app.isEmpty ? "" : app + ".") + view }
  }

  /// A session seen by a receiver, by their numbers.
  private struct Key: Hashable {
    var session: Int
    var receiver: Int
  }

  /// Numbers keys in the order they first appear. A run's trace has a
  /// few receivers and pairs, so they are looked for one by one (hashing
  /// three strings cost more); past `linearLimit` a dictionary takes over.
  private struct Numbering<Element: Hashable> {
    private(set) var keys: [Element] = []
    private var numbers: [Element: Int] = [:]
    private static var linearLimit: Int { 8 }

    /// The number of `key`, and whether it was new (numbered now).
    mutating func number(of key: Element) -> (number: Int, isNew: Bool) {
      if keys.count <= Self.linearLimit {
        if let known = keys.firstIndex(of: key) { return (known, false) }
      } else if let known = numbers[key] {
        return (known, false)
      }
      keys.append(key)
      if keys.count > Self.linearLimit {
        if numbers.isEmpty {
          for (number, key) in keys.enumerated() { numbers[key] = number }
        } else {
          numbers[key] = keys.count - 1
        }
      }
      return (keys.count - 1, true)
    }
  }

  /// What is known of one (session, receiver) pair.
  private struct Pair {
    var key: Key
    /// Entered, or sighted, there at least once.
    var sawIt = false
    var open = false
    var ends = 0
  }

  /// The enter/exit/end rules. The trace is read once to number the
  /// receivers and pairs (in the order they first appear) and to learn
  /// which receivers implement the exit and the end, then the pairs' calls
  /// are replayed in order.
  /// `cutShort`: the app terminated, so what it had still to do (an exit,
  /// an end) is not counted; what it did wrong before is.
  private static func sessionViolations(_ trace: ArraySlice<TraceEvent>, cutShort: Bool = false) -> [String] {
    var found: [String] = []
    var receivers = Numbering<Receiver>()
    var implementsExit: [Bool] = []
    var implementsEnd: [Bool] = []
    var ended: Set<Int> = []
    var pairs: [Pair] = []
    var pairNumbers = Numbering<Key>()
    var calls: [(pair: Int, role: Role)] = []
    // The set-downs, by session and view: `calls` refers to them by index.
    var setDowns: [(session: Int, app: String, view: String)] = []
    var lastReceiver = -1
    for index in trace.indices {
      guard let session = trace[index].session else { continue }
      let role = Role(trace[index].name)
      if role == .end || trace[index].name == "dragEnded" { ended.insert(session) }
      if role == .setDown {
        guard trace[index].kind == .step else { continue }
        setDowns.append((session, trace[index].app ?? "", trace[index].view ?? ""))
        calls.append((setDowns.count - 1, .setDown))
        continue
      }
      guard trace[index].kind == .call else { continue }
      let receiver = Receiver(trace[index])
      let number: Int
      // Calls come in runs to one receiver: try the last one first.
      if lastReceiver >= 0, receivers.keys[lastReceiver] == receiver {
        number = lastReceiver
      } else {
        let (found, isNew) = receivers.number(of: receiver)
        number = found
        if isNew {
          implementsExit.append(false)
          implementsEnd.append(false)
        }
      }
      lastReceiver = number
      if role == .exit { implementsExit[number] = true }
      if role == .end { implementsEnd[number] = true }
      let key = Key(session: session, receiver: number)
      let (pair, isNewPair) = pairNumbers.number(of: key)
      if isNewPair { pairs.append(Pair(key: key)) }
      if role == .enter || role == .sighting { pairs[pair].sawIt = true }
      calls.append((pair, role))
    }
    for call in calls {
      if call.role == .setDown {
        // A set-down ends the entry at its target whether it drops or not:
        // a cancelled one (no target, `.cancel`, `.forbidden`) sends no
        // exit, only sessionDidEnd (UIKIT-SEMANTICS §1.5).
        let setDown = setDowns[call.pair]
        for index in pairs.indices where pairs[index].key.session == setDown.session {
          let receiver = receivers.keys[pairs[index].key.receiver]
          if receiver.app == setDown.app, receiver.view == setDown.view { pairs[index].open = false }
        }
        continue
      }
      let key = pairs[call.pair].key
      switch call.role {
      case .enter:
        if pairs[call.pair].open, implementsExit[key.receiver] {
          found.append(
            "session \(key.session) entered \(receivers.keys[key.receiver].name) again "
              + "without an exit or a drop in between")
        }
        pairs[call.pair].open = true
      case .exit, .drop: pairs[call.pair].open = false
      case .end: pairs[call.pair].ends += 1
      case .sighting, .other, .setDown: break
      }
    }
    for pair in pairs {
      let key = pair.key
      let name = receivers.keys[key.receiver].name
      if !cutShort, pair.open, implementsExit[key.receiver], ended.contains(key.session) {
        found.append("session \(key.session) entered \(name) but never exited or dropped there")
      }
      if pair.ends > 1 {
        found.append("sessionDidEnd reached \(name) \(pair.ends) times for session \(key.session)")
      } else if !cutShort, pair.ends == 0, pair.sawIt, implementsEnd[key.receiver], ended.contains(key.session) {
        found.append("sessionDidEnd never reached \(name) for session \(key.session)")
      }
    }
    return found
  }
}
