// The trace: one event per delegate call and per significant runtime step.
// Events are plain data; reporters (text, JSON lines, sequence diagrams) read
// only the trace. A delegate call is recorded when it starts, so that anything
// the handler causes follows it, and its result is filled in when it returns.

/// The four phases of a drag (§1.1).
public enum DragPhase: String, Codable, Sendable {
  case lift, drag, setDown, dataTransfer
}

/// What an event records.
public enum TraceEventKind: String, Codable, Sendable {
  /// A delegate method (or handler) the script implemented was called.
  case call
  /// A delegate method was not implemented and UIKit's default answer applied.
  case defaultUsed
  /// A runtime step: a finger event, an animation ending, a load finishing.
  case step
  /// A console line UIKit or Xcode would print (move outside the source mask,
  /// Main Thread Checker, a load outside performDrop).
  case warning
  /// An exception UIKit raises.
  case exception
}

/// One argument of a call, already rendered (stable text).
public struct TraceArgument: Hashable, Codable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// One event of the trace. Made only by `Trace.append`, with the memberwise
/// initializer: a written-out one built each event in a temporary and then
/// copied it, a retain and a release per field (5% of an explored order's
/// instructions, callgrind, the Image Gallery).
public struct TraceEvent: Hashable, Codable, Sendable {
  /// 1, 2, 3, ... in recording order.
  public var sequence: Int
  public var time: VirtualTime
  /// The label of the queue the event happened on ("main" for every delegate call).
  public var queue: String
  public var kind: TraceEventKind
  public var phase: DragPhase?
  /// The drag session's number (1 for the first drag of the world).
  public var session: Int?
  public var app: String?
  public var view: String?
  /// The interaction's name ("dragInteraction", "dropInteraction left", ...).
  public var interaction: String?
  /// The script's spelling of a handler ("performDrop"), or the step's name.
  public var name: String
  /// UIKit's spelling ("dropInteraction(_:performDrop:)"), or the step's name.
  public var method: String
  public var arguments: [TraceArgument]
  /// What the call returned, rendered; nil while it runs and for void calls.
  public var result: String?
  /// The console text of a warning, or an exception's reason.
  public var message: String?
  public var exceptionName: String?
  /// Where in the script the warning or exception arose (from the binding's hook).
  public var sourceLocation: String?
  /// How many of the script's handlers were running when it was recorded:
  /// 0 for UIKit's own work and for completions and blocks run from a
  /// queue; a call made inside `performDropWith` (a placeholder's
  /// `cellUpdateHandler`) is 2. What a handler does after such a call
  /// returns is at its own depth again, which is how the sequence diagram
  /// tells whose code it is.
  public var callDepth = 0
  /// A load UIKit started itself, for a session's `loadObjects` (the
  /// script started the others).
  public var byUIKit = false

  /// The value of a named argument.
  public func argument(_ name: String) -> String? {
    arguments.first { $0.name == name }?.value
  }
}

extension TraceEvent: CustomStringConvertible {
  /// One line: `#12 0.325s main lift call Demo.source dragInteraction
  /// dragInteraction(_:itemsForBeginning:) session=1 -> 1 item`.
  public var description: String {
    var parts = ["#\(sequence)", time.description, queue, phase?.rawValue ?? "-", kind.rawValue]
    let place = [app, view].compactMap { $0 }.joined(separator: ".")
    if !place.isEmpty { parts.append(place) }
    if let interaction { parts.append(interaction) }
    parts.append(method)
    if let session { parts.append("session=\(session)") }
    for argument in arguments { parts.append("\(argument.name)=\(argument.value)") }
    var line = parts.joined(separator: " ")
    if let result { line += " -> " + result }
    if let exceptionName { line += " [\(exceptionName)]" }
    if let message { line += ": " + message }
    if let sourceLocation { line += " (at \(sourceLocation))" }
    return line
  }
}

/// The recorded events of one world.
public final class Trace {
  public private(set) var events: [TraceEvent] = []
  /// Whether events keep their arguments and results. An explored order's
  /// trace is read only for its events' kinds, names, places and messages
  /// (the invariants, `expect called`), and a failing order is replayed to
  /// be shown; formatting arguments and results nobody reads was about a
  /// twentieth of an order's work (callgrind, the Image Gallery). Set before the first event.
  public var keepsDetails = true
  /// The most events one trace keeps. A scenario that drags through two
  /// million points (a loop of steps) made a trace of 1.6 GB; past the limit
  /// events are dropped and `overflowed` says so, and the next finger step,
  /// expectation or the scenario's end reports it as an error (`TouchDriver`,
  /// `SceneHost.perform`, `ScenarioRunner`).
  public var maxEvents = Trace.defaultMaxEvents
  public static let defaultMaxEvents = 500_000
  /// Events were dropped at `maxEvents`.
  public private(set) var overflowed = false

  /// The error that reports an overflow.
  public var overflowError: RuntimeLimitError {
    RuntimeLimitError(
      limit: "maxTraceEvents",
      message: "the trace passed \(maxEvents) events, the limit for one scenario (or REPL session, until "
        + "':reset'); split the scenario, or make fewer drag samples and list updates in it")
  }

  init() {
    // A drop scenario records a few dozen events (the Image Gallery's
    // explored orders 40 to 60); an explored one is run thousands of
    // times, and growing the array copied every event.
    events.reserveCapacity(64)
  }

  /// Appends an event made of these parts, numbering it; returns its index
  /// for `setResult`. Taking the parts, not an event, lets the event be
  /// made in place in the array instead of made and then moved there.
  @discardableResult
  func append(
    time: VirtualTime, queue: String, kind: TraceEventKind, phase: DragPhase?, session: Int?,
    app: String?, view: String?, interaction: String?, name: String, method: String,
    arguments: [TraceArgument], result: String?, message: String?, exceptionName: String?,
    sourceLocation: String?, callDepth: Int = 0, byUIKit: Bool = false
  ) -> Int {
    // Dropped: the index returned is past the end, which `setResult` ignores.
    guard events.count < maxEvents else {
      overflowed = true
      return events.count
    }
    events.append(
      TraceEvent(
        sequence: events.count + 1, time: time, queue: queue, kind: kind, phase: phase, session: session,
        app: app, view: view, interaction: interaction, name: name, method: method, arguments: arguments,
        result: result, message: message, exceptionName: exceptionName, sourceLocation: sourceLocation,
        callDepth: callDepth, byUIKit: byUIKit))
    return events.count - 1
  }

  /// Removes the events from index `start` on and returns them; from the
  /// first event, the array itself changes hands, uncopied. For a trace
  /// that is done with (the scene's run has ended).
  public func takeEvents(from start: Int) -> [TraceEvent] {
    let start = min(max(0, start), events.count)
    if start == 0 {
      var taken: [TraceEvent] = []
      swap(&taken, &events)
      return taken
    }
    let taken = Array(events[start...])
    events.removeSubrange(start...)
    return taken
  }

  func setResult(_ index: Int, _ result: String) {
    guard events.indices.contains(index) else { return }
    events[index].result = result
  }

  /// UIKit spellings of the delegate calls made, in order (defaults excluded).
  public var calledMethods: [String] {
    events.filter { $0.kind == .call }.map(\.method)
  }

  /// The events of one kind.
  public func events(of kind: TraceEventKind) -> [TraceEvent] {
    events.filter { $0.kind == kind }
  }

  /// Calls of a handler by its script name, optionally on one view.
  public func calls(_ name: String, view: String? = nil) -> [TraceEvent] {
    events.filter { $0.kind == .call && $0.name == name && (view == nil || $0.view == view) }
  }

  /// The trace as text, one event per line.
  public var text: String {
    events.map(\.description).joined(separator: "\n")
  }
}

extension TraceEvent {
  /// Where the event happened, as a script names it: the view, and the
  /// name of a named interaction (`zone.images` for "dropInteraction
  /// images"), as `expect called ... on zone.images` writes it.
  public var namedPlace: String? {
    guard let view else { return nil }
    guard let interaction, let space = interaction.firstIndex(of: " ") else { return view }
    return view + "." + interaction[interaction.index(after: space)...]
  }
}

extension Array where Element == TraceEvent {
  /// Whether the events show UIKit at work: blocks a script queued on its
  /// own, with no view or finger involved, do not make a scene to show.
  public var showsUIKit: Bool { contains { $0.name != "blockRan" } }
}
