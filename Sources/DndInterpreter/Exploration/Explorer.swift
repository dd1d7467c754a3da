import DndRuntime
import DndSyntax

/// One run of a scenario under one order.
public struct ExploredRun: Sendable {
  public var order: OrderID
  public var fault: InjectedFault?
  public var points: [ChoicePoint]
  /// Every piece of work that ran, in order (choice points marked).
  public var ran: [RanWork]
  /// The outcome. Its trace and scene are kept for a replay only: an
  /// exploration's report shows a failing order's completions and what
  /// failed, and `--replay` runs it again to show the rest.
  public var result: ScenarioResult
  /// The invariants the run broke.
  public var violations: [String]
  /// Whether the fault was armed (an item provider load started); false
  /// without a fault.
  public var faultArmed = false
  /// Whether the armed fault acted (`InjectedFault.Arming.struck`).
  public var faultStruck = false
  /// Whether a fault that acts when the first load's data is due came due
  /// before the run ended (`InjectedFault.Arming.cameDue`).
  public var faultCameDue = false
  /// Whether the run stopped at a step aimed at the view remove-target
  /// removed (or a view inside it).
  public var stoppedAtRemovedView = false
  /// The console warnings of a run whose expectation failed, other than
  /// the Main Thread Checker's (an invariant): one may say why ("settle
  /// stopped at the virtual time horizon").
  public var warnings: [String] = []
  /// The first `wait` during which a provider load finished while other
  /// such work stayed due after it (`SceneHost.firstWaitKeepingWork`).
  public var waitKeepingWork: WaitKeepingWork?

  /// Whether the run counts as a failure. Under a fault the scenario's own
  /// expectations were written for the data arriving, so a failed `expect`
  /// is reported but is not a failure; nor is a step aimed at the view
  /// remove-target removed: the scenario was written for it staying. Script
  /// errors, UIKit exceptions and broken invariants are.
  public var failed: Bool {
    if !violations.isEmpty { return true }
    switch result.outcome {
    case .passed: return false
    case .failedExpectation: return fault == nil
    case .runtimeError: return !stoppedAtRemovedView
    case .uncaughtException: return true
    }
  }
}

/// What exploring one scenario found.
public struct ExplorationResult: Sendable {
  public var title: String
  public var fault: InjectedFault?
  /// The orders run.
  public var ordersRun: Int
  /// True when every order was covered (up to deduplicated states).
  public var exhaustive: Bool
  /// The seed of the random sample, when the limit cut the search short
  /// and left room for one.
  public var seed: UInt64?
  /// The orders of the random sample (the rest were run depth first).
  public var sampled: Int
  /// Choice points whose state had been seen before, so their subtrees were not run again.
  public var statesMerged: Int
  /// Every failing run, the smallest order first.
  public var failures: [ExploredRun]
  /// Runs under a fault whose expectations no longer held (not failures).
  public var changedOutcomes: Int
  /// The smallest of those runs' orders.
  public var firstChangedOrder: OrderID?
  /// The search stopped at `ExplorationOptions.workLimit` before the
  /// order limit.
  public var stoppedAtWorkLimit = false
  /// The search stopped after an order that ran out of steps
  /// (`stepBudgetExceeded`): every other order may take as long.
  public var stoppedAtStepBudget = false
  /// With a fault: no run armed it (the scenario started no item provider
  /// load), so every order ran as it does without the fault.
  public var faultNeverArmed = false
  /// With a fault some run armed: no run saw it act (cancel found no load
  /// running, remove-target no drop target), so it changed nothing.
  public var faultNeverStruck = false
  /// With cancel or remove-target armed: every run ended before the first
  /// load's data was due (a scenario that does not settle), so the fault
  /// never came due.
  public var faultNeverDue = false
  /// The first `wait` (in the first order that had one) during which a
  /// provider load finished while other such work stayed due after it:
  /// step boundaries are fixed, so no order finished that work first.
  public var waitKeepingWork: WaitKeepingWork?

  public var passed: Bool { failures.isEmpty }
  /// The failure to show: the smallest order.
  public var smallestFailure: ExploredRun? { failures.first }
}

/// Settings of an exploration.
public struct ExplorationOptions: Hashable, Sendable {
  /// The most orders run per scenario (and fault).
  public var limit: Int
  /// Seeds the random sample taken when the limit is reached.
  public var seed: UInt64
  /// The most alternatives a scenario's search weighs at choice points,
  /// over all its runs. A run with N loads ready at once weighs about N²/2
  /// (each completion is a choice among those left), so a thousand loads
  /// made a thousand orders take minutes and four thousand a quarter of an
  /// hour; past this the search stops and says so. The Image Gallery's
  /// exploration weighs 30.
  public var workLimit: Int
  public static let defaultWorkLimit = 5_000_000

  /// How many threads run orders, at most four (what an exploration finds
  /// does not depend on it). The command line passes the number of cores.
  public var threads: Int
  /// Runs of a scenario's exploration made on one thread before the other
  /// threads join. They are kept from one exploration to the next (an
  /// explorer's `WorkerPool`), so joining costs a wake-up, not a thread's
  /// start; the default lets an exploration of one order (no choice point)
  /// leave them asleep. (When every exploration started its threads, the
  /// default was 16: starting them at once made explorations of 9 orders
  /// about a sixth slower.)
  public var runsBeforeThreads: Int

  public init(
    limit: Int = 1000, seed: UInt64 = 1, threads: Int = 1, runsBeforeThreads: Int = 1,
    workLimit: Int = ExplorationOptions.defaultWorkLimit
  ) {
    self.limit = max(1, limit)
    self.seed = seed
    self.workLimit = max(1, workLimit)
    self.threads = min(4, max(1, threads))
    self.runsBeforeThreads = max(0, runsBeforeThreads)
  }
}

/// Runs scenarios under every order in which their pending work can run.
///
/// The search is depth first over choice points, replaying every order from
/// a fresh world (runs are cheap and deterministic). Pruning is by state:
/// at each choice point the explorer fingerprints the state (the clock, the
/// pending and the completed work, the script's globals, the view tree and
/// the step being run); a state seen before has had all its continuations
/// queued already, so the run goes on with default choices and queues no
/// alternatives from there. N independent loads then cost one run per
/// (set of completed loads, next load) pair instead of N! orders.
///
/// When the search would pass `limit` orders, at least half the budget goes
/// to the depth-first search (more while the orders on its stack could still
/// all fit) and the rest to a random sample of orders drawn with `seed`; the
/// result then is not exhaustive.
public struct Explorer: Sendable {
  public var runner: ScenarioRunner
  public var options: ExplorationOptions
  /// Compiled functions, kept across this explorer's explorations.
  private let caches = CompiledCachePool()
  /// The threads that run orders ahead of the search, kept across this
  /// explorer's explorations (they end with the last explorer sharing them).
  private let workers: WorkerPool.Owner

  /// With `other`, this explorer's explorations run on `other`'s threads:
  /// explorers of several scripts explored side by side
  /// (`explore(_:deliver:)` with pairs) then keep to one set of threads.
  /// Each keeps its own compiled functions, which belong to its program.
  public init(
    runner: ScenarioRunner, options: ExplorationOptions = ExplorationOptions(),
    sharingThreadsWith other: Explorer? = nil
  ) {
    self.runner = runner
    self.options = options
    workers = other?.workers ?? WorkerPool.Owner()
  }

  /// Explores scenario `index`, optionally with a fault injected. Every
  /// order runs on one interpreter thread (starting a thread per order cost
  /// more than a short scenario's run): a thread of the explorer's pool,
  /// kept from one exploration to the next, or one started for it.
  public func explore(_ index: Int, fault: InjectedFault? = nil) -> ExplorationResult {
    explore(ExplorationJob(index: index, fault: fault, store: runner.defaults.entries))
  }

  /// Explores one job: its orders on `options.threads` threads.
  private func explore(_ job: ExplorationJob) -> ExplorationResult {
    let threads = options.threads
    if let result = workers.pool.runAndWait(limit: threads, { [self] in exploreHere(job, threads: threads) }) {
      return result
    }
    var result: ExplorationResult?
    _ = try? InterpreterThread.run { result = exploreHere(job, threads: threads) }
    return result ?? exploreHere(job, threads: threads)
  }

  /// Explores every job, side by side: each exploration runs its orders on
  /// one thread, and up to `options.threads` explorations run at once.
  /// `deliver` gets each result on the calling thread, in the jobs' order,
  /// as soon as it and every job before it are done; the results are those
  /// of exploring the jobs one after the other.
  ///
  /// An exploration of a few orders cannot keep two cores busy: its orders
  /// are found one run at a time, and a run made ahead is a guess (the
  /// Image Gallery's nine orders ran 1.2 times as fast on two threads as on
  /// one, where two processes exploring it ran 1.9 times as fast). Several
  /// explorations, the scenarios of a script and each fault of `--faults`,
  /// share nothing but the program, so they can run whole on their own
  /// threads. One job, or one thread, explores as `explore(_:fault:)` does.
  public func explore(_ jobs: [ExplorationJob], deliver: (Int, ExplorationResult) -> Void) {
    Self.explore(jobs.map { (self, $0) }, deliver: deliver)
  }

  /// Explores each job with its explorer (the scenarios of several scripts),
  /// side by side as `explore(_:deliver:)` does, on the first explorer's
  /// threads and as many as its options say; the explorers should share
  /// them (`sharingThreadsWith`), else a helper may start threads of its own.
  public static func explore(_ work: [(Explorer, ExplorationJob)], deliver: (Int, ExplorationResult) -> Void) {
    guard let first = work.first?.0 else { return }
    let jobs = work.map { explorer, job in
      var job = job
      if job.store == nil { job.store = explorer.runner.defaults.entries }
      return (explorer, job)
    }
    let threads = min(first.options.threads, jobs.count)
    let batch = ExplorationBatch(count: jobs.count)
    var started = 0
    if threads > 1 {
      for _ in 0..<threads {
        let task: @Sendable () -> Void = {
          // Every exploration may take helpers (`SpeculativeRuns`), whose
          // tasks wait in the pool behind these: a thread left without a
          // job to claim joins whichever is still running (a long one early
          // in the list as much as the last), and cores beyond the
          // explorations' number help at once. A helper's task holds its
          // search weakly, so the tasks of searches already over do nothing.
          while let position = batch.claim() {
            let (explorer, job) = jobs[position]
            batch.finish(position, explorer.exploreHere(job, threads: explorer.options.threads))
          }
          batch.threadEnded()
        }
        batch.threadStarting()
        guard first.workers.pool.run(task, limit: threads) else {
          batch.threadEnded()
          break
        }
        started += 1
      }
    }
    // One job, one thread, or no thread to be had: one after the other.
    let delivered = started > 0 ? batch.deliverInOrder(deliver) : 0
    for position in delivered..<jobs.count { deliver(position, jobs[position].0.explore(jobs[position].1)) }
  }

  /// What the explorer keeps of a run: the whole run only when it failed
  /// (the report shows failures; a passing run's trace is not needed).
  struct Kept: Sendable {
    var order: OrderID
    var changedOutcome: Bool
    var failure: ExploredRun?
    var faultArmed: Bool
    var faultStruck: Bool
    var faultCameDue: Bool
    var waitKeepingWork: WaitKeepingWork?
  }

  /// What the search needs of one run: what it keeps, the choices made and
  /// offered, and the fingerprints of the states at its choice points.
  struct SearchRun: Sendable {
    var kept: Kept
    var chosen: [Int]
    /// The number of alternatives at each choice point.
    var optionCounts: [Int]
    /// The states at the choice points after the run's prefix, in order,
    /// up to the first state seen before (by the search, or earlier in the
    /// run) when the run reached one.
    var fingerprints: [UInt64]
  }

  /// A run the search asks for: an order's prefix (the depth-first search),
  /// or the seed of a random walk (the sample taken past the limit).
  enum Job: Hashable, Sendable {
    case prefix([Int])
    case sample(UInt64)
  }

  /// The states the depth-first search has seen. Runs read it (on any
  /// thread) to stop fingerprinting at a state already seen: the search
  /// would stop there, since the set only grows.
  final class VisitedStates: Sendable {
    private let states = Locked<Set<UInt64>>([])

    func contains(_ state: UInt64) -> Bool { states.withLock { $0.contains(state) } }

    /// Adds `state`; false if it was there.
    func insert(_ state: UInt64) -> Bool { states.withLock { $0.insert(state).inserted } }
  }

  /// `explore(_:fault:)` on the calling (interpreter) thread.
  ///
  /// The search is sequential (see `SpeculativeRuns`): it takes runs in the
  /// order one thread would run them and folds each into its state in that
  /// order, so that what it finds does not depend on the number of threads.
  private func exploreHere(_ exploration: ExplorationJob, threads: Int) -> ExplorationResult {
    let index = exploration.index
    let fault = exploration.fault
    let store = exploration.store ?? runner.defaults.entries
    let allowances = Allowances(runner: runner, index: index)
    let visited = VisitedStates()
    let runs = SpeculativeRuns<Job, SearchRun>(
      threads: threads, startAfter: options.runsBeforeThreads, caches: caches, pool: workers.pool,
      maxCollectionCount: runner.limits.maxCollectionCount
    ) { [self] job, caches, hints in
      // A run whose first free choice point (the first after its prefix)
      // holds a new state will have the search ask next for that point's
      // first alternative; a second thread may start it then instead of
      // after the run (for the Image Gallery, about two thirds of the way
      // into the first run).
      var atFreePoint: (() -> Void)?
      if threads > 1, case .prefix(let prefix) = job {
        atFreePoint = { hints.next([.prefix(prefix + [1])]) }
      }
      return perform(
        job, index: index, fault: fault, store: store, allowances: allowances, caches: caches, visited: visited,
        atFreePoint: atFreePoint)
    }
    defer { runs.stop() }
    // How far ahead of the search the workers may run: every order on the
    // stack will be run (unless the limit cuts the search short), so a run
    // made ahead is wasted only then. (2 a thread left the second thread
    // idle for a while in most of the Image Gallery's explorations.)
    let lookahead = threads > 1 ? 8 * threads : 0
    var merged = 0
    var seenOrders: Set<OrderID> = []
    var kept: [Kept] = []
    var stack: [[Int]] = [[]]
    // Alternatives left off the stack because the budget could never reach
    // them (see below): the search is then not exhaustive.
    var leftOff = false
    // The search goes depth first for at least half the budget, and on as
    // long as the orders on its stack (one run each, at least) could still
    // all fit: a scenario with up to `limit` orders is explored whole. Once
    // they cannot, the rest of the budget goes to a random sample. Every run
    // made counts (none is dropped, so no failure found is lost).
    let limit = options.limit
    // The alternatives the runs weighed at their choice points (the sum of
    // their counts), against `workLimit`.
    var weighed = 0
    var stoppedAtWorkLimit = false
    // An order that ran out of steps (a completion looping for ever) took
    // the whole step budget, seconds of work, and the next would too: with
    // a thousand orders, hours. Its failure is reported; the search stops.
    var stoppedAtStepBudget = false
    func weigh(_ run: SearchRun) {
      weighed += run.optionCounts.reduce(0, +)
      if weighed > options.workLimit { stoppedAtWorkLimit = true }
      if case .runtimeError(let diagnostic)? = run.kept.failure?.result.outcome,
        diagnostic.id == "stepBudgetExceeded"
      {
        stoppedAtStepBudget = true
      }
    }
    while let prefix = stack.popLast() {
      let couldFinish = !leftOff && kept.count + stack.count + 1 <= limit
      if kept.count >= limit || (kept.count >= limit / 2 && !couldFinish) {
        stack.append(prefix)
        break
      }
      let run = runs.run(.prefix(prefix), upcoming: stack.suffix(lookahead).reversed().map { .prefix($0) })
      weigh(run)
      // The points after the prefix whose states are new, up to the first
      // state seen before: the rest of the run queues no alternatives.
      var newPoints = 0
      for state in run.fingerprints {
        guard visited.insert(state) else {
          merged += 1
          break
        }
        newPoints += 1
      }
      seenOrders.insert(run.kept.order)
      kept.append(run.kept)
      // Only as many as the budget has runs left: the search runs from the
      // top of the stack, and what it pushes later goes on top, so an entry
      // deeper than that could never run. Made in the order they will run
      // (earliest point, first alternative) and cut there, so that a
      // thousand loads at once (a million alternatives) cost no more than
      // the budget. Entries already deeper on the stack go too.
      let room = max(0, limit - kept.count)
      var alternatives: [[Int]] = []
      // (A run has at least its prefix's choice points, each order being
      // deterministic; `min` keeps a run that had fewer from trapping.)
      let first = min(prefix.count, run.chosen.count)
      points: for point in first..<min(first + newPoints, run.chosen.count) {
        for alternative in 1..<max(1, run.optionCounts[point]) {
          guard alternatives.count < room else {
            leftOff = true
            break points
          }
          alternatives.append(Array(run.chosen[..<point]) + [alternative])
        }
      }
      // Reversed so that the earliest points' first alternatives run first.
      stack += alternatives.reversed()
      if stack.count > room {
        stack.removeFirst(stack.count - room)
        leftOff = true
      }
      if stoppedAtWorkLimit || stoppedAtStepBudget { break }
    }
    let exhaustive = stack.isEmpty && !leftOff && !stoppedAtWorkLimit && !stoppedAtStepBudget
    var seed: UInt64?
    var sampled = 0
    if !exhaustive, kept.count < limit, !stoppedAtWorkLimit, !stoppedAtStepBudget {
      // Sample at random with what is left of the budget. A walk may repeat
      // an order already run; it then counts for nothing, and the attempts
      // stop at four times what is left.
      seed = options.seed
      var sampler = SeededGenerator(seed: options.seed)
      var attempts = 0
      let maxAttempts = (limit - kept.count) * 4
      while kept.count < limit, attempts < maxAttempts {
        attempts += 1
        let walk = UInt64(sampler.next(below: Int.max))
        var ahead = sampler
        let upcoming = (0..<min(lookahead, maxAttempts - attempts)).map { _ in
          Job.sample(UInt64(ahead.next(below: Int.max)))
        }
        let run = runs.run(.sample(walk), upcoming: upcoming)
        weigh(run)
        if seenOrders.insert(run.kept.order).inserted {
          kept.append(run.kept)
          sampled += 1
        }
        if stoppedAtWorkLimit || stoppedAtStepBudget { break }
      }
    }
    let failures = kept.compactMap { $0.failure }.sorted { $0.order < $1.order }
    let changedOrders = kept.filter { $0.changedOutcome }.map { $0.order }
    return ExplorationResult(
      title: runner.program.scenarios[index].title, fault: fault, ordersRun: kept.count,
      exhaustive: exhaustive, seed: seed, sampled: sampled, statesMerged: merged, failures: failures,
      changedOutcomes: changedOrders.count, firstChangedOrder: changedOrders.min(),
      stoppedAtWorkLimit: stoppedAtWorkLimit, stoppedAtStepBudget: stoppedAtStepBudget,
      faultNeverArmed: fault != nil && !kept.contains { $0.faultArmed },
      faultNeverStruck: fault != nil && kept.contains { $0.faultArmed } && !kept.contains { $0.faultStruck },
      faultNeverDue: (fault == .cancel || fault == .removeTarget) && kept.contains { $0.faultArmed }
        && !kept.contains { $0.faultCameDue },
      waitKeepingWork: kept.lazy.compactMap(\.waitKeepingWork).first)
  }

  /// Runs one job of the search (on any of its threads).
  private func perform(
    _ job: Job, index: Int, fault: InjectedFault?, store: [DefaultsValue.Entry], allowances: Allowances,
    caches: RunCaches, visited: VisitedStates, atFreePoint: (() -> Void)? = nil
  ) -> SearchRun {
    let run: ExploredRun
    var fingerprints: [UInt64] = []
    switch job {
    case .prefix(let prefix):
      let log = FingerprintLog(from: prefix.count, visited: visited)
      log.atFreePoint = atFreePoint
      run = execute(
        index, choices: prefix, sampler: nil, fault: fault, store: store, allowances: allowances,
        caches: caches, fingerprints: log)
      fingerprints = log.states
    case .sample(let seed):
      run = execute(
        index, choices: [], sampler: SeededGenerator(seed: seed), fault: fault, store: store,
        allowances: allowances, caches: caches)
    }
    let failed = run.failed
    let kept = Kept(
      order: run.order, changedOutcome: !failed && !run.result.outcome.passed, failure: failed ? run : nil,
      faultArmed: run.faultArmed, faultStruck: run.faultStruck, faultCameDue: run.faultCameDue,
      waitKeepingWork: run.waitKeepingWork)
    return SearchRun(
      kept: kept, chosen: run.points.map { $0.chosen }, optionCounts: run.points.map { $0.optionCount },
      fingerprints: fingerprints)
  }

  /// The fingerprints a run takes at its choice points from `from` on, up to
  /// the first state the search has seen or the run saw before.
  private final class FingerprintLog {
    let from: Int
    let visited: VisitedStates
    private(set) var states: [UInt64] = []
    private var own: Set<UInt64> = []
    private var stopped = false
    /// Called when the run reaches its first free choice point (`from`)
    /// with a state neither it nor the search has seen.
    var atFreePoint: (() -> Void)?

    init(from: Int, visited: VisitedStates) {
      self.from = from
      self.visited = visited
    }

    /// The run reached choice point `point`; `fingerprint` reads its state.
    func reach(_ point: Int, fingerprint: () -> UInt64) {
      guard point >= from, !stopped else { return }
      let state = fingerprint()
      states.append(state)
      if !own.insert(state).inserted || visited.contains(state) {
        stopped = true
      } else if point == from, let hint = atFreePoint {
        hint()
      }
    }
  }

  /// Runs scenario `index` under exactly the order `order` (a replay).
  public func replay(_ index: Int, order: OrderID, fault: InjectedFault? = nil) -> ExploredRun {
    let allowances = Allowances(runner: runner, index: index)
    func run() -> ExploredRun {
      execute(
        index, choices: order.choices, sampler: nil, fault: fault, store: runner.defaults.entries,
        allowances: allowances, keepsWhole: true)
    }
    var result: ExploredRun?
    _ = try? InterpreterThread.run { result = run() }
    return result ?? run()
  }

  /// What a scenario's text allows, read once per exploration: an
  /// `expect exception` or `expect warning` anywhere in the scenario.
  private struct Allowances {
    var exceptions: Bool
    var warnings: Bool

    init(runner: ScenarioRunner, index: Int) {
      let range = runner.program.scenarios[index].range
      let bytes = runner.files.first { $0.id == range.file }.map { file in
        let start = max(0, min(Int(range.start), file.bytes.count))
        return file.bytes[start..<max(start, min(Int(range.end), file.bytes.count))]
      }
      exceptions = bytes.map { Explorer.mentions("expect exception", in: $0) } ?? false
      warnings = bytes.map { Explorer.mentions("expect warning", in: $0) } ?? false
    }
  }

  /// Whether `text` occurs in `bytes` (a byte search: no Unicode
  /// normalisation is needed for the ASCII phrases looked for).
  static func mentions(_ text: String, in bytes: ArraySlice<UInt8>) -> Bool {
    let needle = Array(text.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    var start = bytes.startIndex
    let last = bytes.endIndex - needle.count
    while start <= last {
      if bytes[start] == first, bytes[start..<start + needle.count].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }

  /// One run from a fresh world, on the calling (interpreter) thread; with
  /// `fingerprints`, its choice points' states are fingerprinted for the search.
  private func execute(
    _ index: Int, choices: [Int], sampler: SeededGenerator?, fault: InjectedFault?, store: [DefaultsValue.Entry],
    allowances: Allowances, caches: RunCaches? = nil, fingerprints: FingerprintLog? = nil,
    keepsWhole: Bool = false
  ) -> ExploredRun {
    let policy = ExplorationPolicy(choices: choices, sampler: sampler)
    // Every order starts from the store as the exploration found it: the
    // orders are alternative histories of one launch, not launches one
    // after the other, so each is the same run under `--replay`, and the
    // choice points of a prefix are where the search saw them. (`store`
    // holds the entries the exploration started from, read once.)
    let defaults = DefaultsStore(store)
    var violations: [String] = []
    var warnings: [String] = []
    var stoppedAtRemovedView = false
    var waitKeepingWork: WaitKeepingWork?
    var arming: InjectedFault.Arming?
    // The store is passed along rather than set on a copy of the runner:
    // copying it retained and released each of its parts, at every order.
    let result = runner.runScenarioHere(
      index, output: { _ in }, lean: true, caches: caches, defaults: defaults,
      prepare: { host in
        // Only a replay shows the trace; the search reads its events' kinds
        // and names (the invariants, `expect called`), not their arguments.
        host.world.trace.keepsDetails = keepsWhole
        host.world.scheduler.policy = policy
        arming = fault?.install(in: host.world)
        if let fingerprints {
          policy.atChoicePoint = { [unowned host, unowned policy] point in
            fingerprints.reach(point) { StateFingerprint.of(host: host, completed: policy.completedDigest) }
          }
        }
      },
      inspect: { host, traceStart, result in
        let events = host.world.trace.events
        var terminated = false
        var stopped = false
        switch result.outcome {
        case .uncaughtException: terminated = true
        case .failedExpectation, .runtimeError: stopped = true
        case .passed: break
        }
        let midway = stopped && (host.world.scheduler.hasPendingWork || host.world.fingers.current != nil)
        violations = ExplorationInvariants.violations(
          trace: events[min(traceStart, events.count)...], world: host.world,
          allowsExceptions: allowances.exceptions, allowsWarnings: allowances.warnings, terminated: terminated,
          stoppedMidway: midway)
        policy.atChoicePoint = nil
        waitKeepingWork = host.firstWaitKeepingWork
        // Only a step aimed at the view the fault removed is excused: one
        // the app removed, or never added, is the scenario's or the app's own.
        if case .runtimeError(let diagnostic) = result.outcome,
          diagnostic.id == DiagnosticMessage.stepOnViewInNoWindow("").id,
          let view = host.world.viewInNoWindowAimedAt, arming?.isInRemoved(view) == true
        {
          stoppedAtRemovedView = true
        }
        if case .failedExpectation = result.outcome {
          for event in events[min(traceStart, events.count)...] where event.kind == .warning {
            if let message = event.message, !message.hasPrefix("Main Thread Checker"), !warnings.contains(message) {
              warnings.append(message)
            }
          }
        }
        // Only a replay shows the trace and the scene. (Keeping them for
        // every failing order, for a report that never showed them, cost
        // the Image Gallery's exploration 1% of its instructions.)
        if keepsWhole {
          runner.complete(&result, host: host, traceStart: traceStart)
        }
      })
    return ExploredRun(
      order: OrderID(policy.chosen), fault: fault, points: policy.points, ran: policy.ran, result: result,
      violations: violations, faultArmed: arming?.armed ?? false, faultStruck: arming?.struck ?? false,
      faultCameDue: arming?.cameDue ?? false, stoppedAtRemovedView: stoppedAtRemovedView, warnings: warnings,
      waitKeepingWork: waitKeepingWork)
  }
}
