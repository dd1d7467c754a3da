// The scheduler: a virtual clock, the main queue and background queues as
// explicit objects, and one policy object that picks the next ready piece of
// work. Nothing here reads the wall clock; time moves only when a finger step
// holds, waits or settles, and then jumps from one piece of work to the next.

/// A point on the virtual clock, in whole microseconds so that sums of
/// durations stay exact.
public struct VirtualTime: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  public var microseconds: Int64

  public init(microseconds: Int64) {
    self.microseconds = microseconds
  }

  /// Rounds to the microsecond; non-finite or huge values clamp.
  public init(seconds: Double) {
    let scaled = seconds * 1_000_000
    if !scaled.isFinite || abs(scaled) >= 9e18 {
      microseconds = scaled < 0 ? 0 : Int64.max / 2
    } else {
      microseconds = Int64(scaled.rounded())
    }
  }

  public static let zero = VirtualTime(microseconds: 0)

  public var seconds: Double { Double(microseconds) / 1_000_000 }

  public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
    lhs.microseconds < rhs.microseconds
  }

  /// The time `seconds` later (never earlier).
  public func adding(seconds: Double) -> VirtualTime {
    let delta = VirtualTime(seconds: max(0, seconds)).microseconds
    let (sum, overflow) = microseconds.addingReportingOverflow(delta)
    return VirtualTime(microseconds: overflow ? Int64.max / 2 : sum)
  }

  public var description: String { formatNumber(seconds) + "s" }
}

/// A dispatch queue. The main queue is serial and is where every delegate call
/// happens; background queues (item provider loads) are concurrent.
public final class WorkQueue {
  public let label: String
  public let isMain: Bool

  init(label: String, isMain: Bool) {
    self.label = label
    self.isMain = isMain
  }
}

/// What a policy sees of a pending piece of work.
public struct PendingWork: Hashable, Sendable {
  /// Unique and increasing in enqueue order.
  public let id: Int
  public let queue: String
  public let isMainQueue: Bool
  public let due: VirtualTime
  /// What the work does, for tracing and for policies that explore orders.
  public let label: String
}

/// Chooses which ready piece of work runs next. The scheduler offers only the
/// candidates that may run now: the head of the serial main queue (with the
/// app's timers due together with it, `Scheduler.Entry.isAppTimer`) and every
/// piece of background work, all due within the current run.
public protocol SchedulingPolicy: AnyObject {
  /// Returns the index in `candidates` (never empty) of the work to run next.
  func choose(among candidates: [PendingWork], now: VirtualTime) -> Int
}

/// The default policy: earliest due time first, then first enqueued first.
public final class EarliestDueFirstPolicy: SchedulingPolicy {
  public init() {}

  public func choose(among candidates: [PendingWork], now: VirtualTime) -> Int {
    var best = 0
    for index in candidates.indices.dropFirst() where Self.runs(candidates[index], before: candidates[best]) {
      best = index
    }
    return best
  }

  /// The rule itself: work due earlier runs first, and of work due
  /// together, the first enqueued. The scheduler applies it to its own
  /// entries too, so the default policy needs no copied candidates.
  static func runs(_ work: PendingWork, before other: PendingWork) -> Bool {
    (work.due, work.id) < (other.due, other.id)
  }
}

/// The scheduler's named limits; each exists so that a runaway script ends
/// with a message instead of hanging or exhausting memory.
public struct SchedulerLimits: Hashable, Sendable {
  /// Work that may wait at once; a script re-queueing work in a loop hits it.
  public var maxPendingWork = 10_000
  /// The clock never passes this; work due later never runs.
  public var timeHorizon = VirtualTime(seconds: 3600)
  /// Work one step may run; catches work that keeps re-queueing itself at
  /// the same instant, which the time horizon cannot see.
  public var maxWorkPerRun = 100_000
  /// Layout passes in a row in which a list's data source reloaded the list
  /// while it was making cells: each reload asks for the cells again, so the
  /// list would lay itself out for ever, one pass a work item, and the work
  /// limit would stop it only after a trace of a million lines.
  public var maxReloadsWhileMakingCells = 100

  public init() {}
}

/// The virtual clock and the queues of one world.
public final class Scheduler {
  public private(set) var now = VirtualTime.zero
  public let main = WorkQueue(label: "main", isMain: true)
  public private(set) var backgroundQueues: [WorkQueue] = []
  /// The queue whose work is running; the main queue between work items.
  public private(set) var currentQueue: WorkQueue
  public var policy: SchedulingPolicy {
    didSet { choosesEarliest = policy is EarliestDueFirstPolicy }
  }
  public let limits: SchedulerLimits
  /// The policy is the default one, whose choice the scheduler makes itself
  /// without copying the candidates (each holds two strings): a drop of
  /// thousands of items has thousands of loads ready at every step.
  private var choosesEarliest: Bool

  private struct Entry {
    let info: PendingWork
    let queue: WorkQueue
    /// Queued by the app to fall due later (`asyncAfter`). GCD promises no
    /// order among timers due together, so on the serial main queue those
    /// due with the head are offered beside it; other main-queue work keeps
    /// first in, first out. (Kept here rather than in `PendingWork`, which
    /// policies copy at every choice: a field more there cost the Image
    /// Gallery's explored order 2,000 instructions.)
    let isAppTimer: Bool
    /// Where the work comes from, the same in every order of completions:
    /// see `origin(ofWorkQueuedBy:)`.
    let origin: UInt64
    let body: () throws -> Void
  }

  private var entries: [Entry] = []
  private var nextID = 1
  /// The origin of the work running and how much work it has queued; work
  /// queued outside any work counts in `rootQueued`.
  private var running: (origin: UInt64, queued: UInt64)?
  private var rootQueued: UInt64 = 0
  /// The indices of the entries that may run next, and what the policy
  /// sees of them; kept between pieces of work so that choosing each one
  /// allocates nothing (a scenario runs a dozen or so, an exploration runs
  /// the scenario thousands of times).
  private var ready: [Int] = []
  private var candidates: [PendingWork] = []

  public init(policy: SchedulingPolicy = EarliestDueFirstPolicy(), limits: SchedulerLimits = .init()) {
    self.policy = policy
    self.limits = limits
    self.choosesEarliest = policy is EarliestDueFirstPolicy
    self.currentQueue = main
  }

  /// The background queue with this label, created on first use.
  public func backgroundQueue(_ label: String) -> WorkQueue {
    if let existing = backgroundQueues.first(where: { $0.label == label }) { return existing }
    let queue = WorkQueue(label: label, isMain: false)
    backgroundQueues.append(queue)
    return queue
  }

  /// True while background work runs (what the Main Thread Checker checks).
  public var isOnMainQueue: Bool { currentQueue.isMain }

  /// Queues `body` on `queue`, due `delay` seconds from now; returns its id.
  /// `isAppTimer`: see `Entry.isAppTimer`.
  @discardableResult
  public func enqueue(
    on queue: WorkQueue, after delay: Double = 0, label: String, isAppTimer: Bool = false,
    _ body: @escaping () throws -> Void
  ) throws -> Int {
    guard entries.count < limits.maxPendingWork else {
      throw RuntimeLimitError(
        limit: "maxPendingWork",
        message: "too many pending work items (limit is \(limits.maxPendingWork)): "
          + "is a loop queueing work, or work queueing more work without end?")
    }
    let id = nextID
    nextID += 1
    let info = PendingWork(
      id: id, queue: queue.label, isMainQueue: queue.isMain, due: now.adding(seconds: delay),
      label: label)
    entries.append(
      Entry(info: info, queue: queue, isAppTimer: isAppTimer && delay > 0, origin: nextOrigin(), body: body))
    return id
  }

  /// A pending piece of work's identity for the explorer's fingerprints:
  /// the origin of the work that queued it (or the scenario's steps) and
  /// its place among what that work queued. Unlike `id`, it does not depend
  /// on the order in which earlier work ran: two loads with the same label
  /// keep apart, yet the state after "A, then B" is the state after "B,
  /// then A".
  private func nextOrigin() -> UInt64 {
    func mix(_ parent: UInt64, _ place: UInt64) -> UInt64 {
      var hash = parent ^ 0x9E37_79B9_7F4A_7C15
      hash = (hash ^ place) &* 0x0000_0100_0000_01B3
      return (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    }
    if var current = running {
      current.queued += 1
      running = current
      return mix(current.origin, current.queued)
    }
    rootQueued += 1
    return mix(0, rootQueued)
  }

  /// Everything still waiting, in enqueue order, with each piece's origin
  /// (see `nextOrigin`).
  public var pendingWithOrigins: [(work: PendingWork, origin: UInt64)] {
    entries.map { ($0.info, $0.origin) }
  }

  /// Removes pending work; false if it already ran or never existed.
  @discardableResult
  public func cancel(_ id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.info.id == id }) else { return false }
    entries.remove(at: index)
    return true
  }

  /// Everything still waiting, in enqueue order.
  public var pending: [PendingWork] { entries.map { $0.info } }

  public var hasPendingWork: Bool { !entries.isEmpty }

  /// How many pieces of work off the main queue have run so far.
  public private(set) var offMainWorkRun = 0

  /// How many pieces of work off the main queue (provider loads and their
  /// completions) are due after `time`.
  public func pendingOffMain(dueAfter time: VirtualTime) -> Int {
    var count = 0
    for entry in entries where !entry.queue.isMain && entry.info.due > time { count += 1 }
    return count
  }

  /// Runs the work that is due now (the run loop after an event).
  public func runDue() throws {
    try run(through: now)
  }

  /// Lets `seconds` of virtual time pass, running the work that falls due.
  public func advance(by seconds: Double) throws {
    let target = now.adding(seconds: seconds)
    guard target <= limits.timeHorizon else {
      throw RuntimeLimitError(
        limit: "timeHorizon",
        message: "waiting until \(target) passes the virtual time horizon "
          + "(limit is \(limits.timeHorizon)), which bounds every scenario")
    }
    try run(through: target)
    now = max(now, target)
  }

  /// Runs until nothing is pending within the horizon; returns how many work
  /// items remain because they are due after it.
  @discardableResult
  public func settle() throws -> Int {
    try run(through: limits.timeHorizon)
    return entries.count
  }

  /// Runs every piece of work due at or before `limit`, in the policy's order.
  private func run(through limit: VirtualTime) throws {
    var ran = 0
    while true {
      findReady(through: limit)
      if ready.isEmpty { return }
      let choice: Int
      if choosesEarliest {
        choice = earliestReady()
      } else {
        candidates.removeAll(keepingCapacity: true)
        for index in ready { candidates.append(entries[index].info) }
        choice = policy.choose(among: candidates, now: now)
      }
      let entry = entries.remove(at: ready[min(max(choice, 0), ready.count - 1)])
      ran += 1
      if !entry.queue.isMain { offMainWorkRun += 1 }
      if ran > limits.maxWorkPerRun {
        throw RuntimeLimitError(
          limit: "maxWorkPerRun",
          message: "too much work in one step (limit is \(limits.maxWorkPerRun) work items): "
            + "is some work re-queueing itself?")
      }
      now = max(now, entry.info.due)
      let previous = currentQueue
      let previousRunning = running
      currentQueue = entry.queue
      running = (entry.origin, 0)
      defer {
        currentQueue = previous
        running = previousRunning
      }
      try entry.body()
    }
  }

  /// The place in `ready` of the entry `EarliestDueFirstPolicy` would
  /// choose: the earliest due, then the first queued.
  private func earliestReady() -> Int {
    var best = 0
    for place in ready.indices.dropFirst()
    where EarliestDueFirstPolicy.runs(entries[ready[place]].info, before: entries[ready[best]].info) {
      best = place
    }
    return best
  }

  /// Finds the entries that may run next (into `ready`): the head of the
  /// serial main queue (with the app timers due together with it), then
  /// every background entry, all due by `limit`.
  private func findReady(through limit: VirtualTime) {
    ready.removeAll(keepingCapacity: true)
    var mainHead: Int?
    for index in entries.indices where entries[index].info.due <= limit && entries[index].queue.isMain {
      if let head = mainHead, !EarliestDueFirstPolicy.runs(entries[index].info, before: entries[head].info) { continue }
      mainHead = index
    }
    if let head = mainHead {
      ready.append(head)
      // App timers falling due with an app-timer head may fire in either order.
      if entries[head].isAppTimer {
        let due = entries[head].info.due
        for index in entries.indices where index != head && entries[index].queue.isMain {
          if entries[index].isAppTimer, entries[index].info.due == due { ready.append(index) }
        }
      }
    }
    for index in entries.indices where entries[index].info.due <= limit && !entries[index].queue.isMain {
      ready.append(index)
    }
  }
}
