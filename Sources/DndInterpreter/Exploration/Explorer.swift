import DndRuntime
import DndSyntax

/// One run of a scenario under one order.
public struct ExploredRun: Sendable {
  public var order: OrderID
  public var fault: InjectedFault?
  public var points: [ChoicePoint]
  /// Every piece of work that ran, in order (choice points marked).
  public var ran: [RanWork]
  public var result: ScenarioResult
  /// The invariants the run broke.
  public var violations: [String]

  /// Whether the run counts as a failure. Under a fault the scenario's own
  /// expectations were written for the data arriving, so a failed `expect`
  /// is reported but is not a failure; script errors, UIKit exceptions and
  /// broken invariants are.
  public var failed: Bool { Self.fails(result.outcome, fault: fault, violations: violations) }

  /// Whether a run with this outcome, fault and broken invariants failed.
  static func fails(_ outcome: ScenarioOutcome, fault: InjectedFault?, violations: [String]) -> Bool {
    if !violations.isEmpty { return true }
    switch outcome {
    case .passed: return false
    case .failedExpectation: return fault == nil
    case .runtimeError, .uncaughtException: return true
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
  /// The seed of the random sample, when the limit cut the search short.
  public var seed: UInt64?
  /// Choice points whose state had been seen before, so their subtrees were not run again.
  public var statesMerged: Int
  /// Every failing run, the smallest order first.
  public var failures: [ExploredRun]
  /// Runs under a fault whose expectations no longer held (not failures).
  public var changedOutcomes: Int

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

  public init(limit: Int = 1000, seed: UInt64 = 1) {
    self.limit = max(1, limit)
    self.seed = seed
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
/// When the search would pass `limit` orders, half the budget goes to the
/// depth-first search and the rest to a random sample of orders drawn with
/// `seed`; the result then is not exhaustive.
public struct Explorer {
  public var runner: ScenarioRunner
  public var options: ExplorationOptions

  public init(runner: ScenarioRunner, options: ExplorationOptions = ExplorationOptions()) {
    self.runner = runner
    self.options = options
  }

  /// Explores scenario `index`, optionally with a fault injected. Every
  /// order runs on one interpreter thread (starting a thread per order cost
  /// more than a short scenario's run).
  public func explore(_ index: Int, fault: InjectedFault? = nil) -> ExplorationResult {
    var result: ExplorationResult?
    _ = try? InterpreterThread.run { result = exploreHere(index, fault: fault) }
    return result ?? exploreHere(index, fault: fault)
  }

  /// What the explorer keeps of a run: the whole run only when it failed
  /// (the report shows failures; a passing run's trace is not needed).
  private struct Kept {
    var order: OrderID
    var changedOutcome: Bool
    var failure: ExploredRun?
  }

  /// The states the depth-first search has seen, and what the current run
  /// adds to them. A run replays its prefix's choice points (their states
  /// were seen when the prefix was found), so only the points after it are
  /// fingerprinted, in order, up to the first state seen before: the rest
  /// of the run queues no alternatives, so needs no fingerprints either.
  private final class Pruning {
    private var visited: Set<UInt64> = []
    /// Runs that reached a state seen before.
    private(set) var merged = 0
    private var prefixLength = 0
    /// The points after the prefix whose states were new, in this run.
    private(set) var newPoints = 0
    private var reachedSeenState = false

    func startRun(prefixLength: Int) {
      self.prefixLength = prefixLength
      newPoints = 0
      reachedSeenState = false
    }

    /// The run reached choice point `point`; `fingerprint` reads its state.
    func reach(_ point: Int, fingerprint: () -> UInt64) {
      guard point >= prefixLength, !reachedSeenState else { return }
      if visited.insert(fingerprint()).inserted {
        newPoints += 1
      } else {
        merged += 1
        reachedSeenState = true
      }
    }
  }

  /// `explore(_:fault:)` on the calling (interpreter) thread.
  private func exploreHere(_ index: Int, fault: InjectedFault?) -> ExplorationResult {
    let allowances = Allowances(runner: runner, index: index)
    let pruning = Pruning()
    var seenOrders: Set<OrderID> = []
    var runs: [Kept] = []
    var stack: [[Int]] = [[]]
    let depthBudget = options.limit
    func keep(_ run: ExploredRun) -> Kept {
      let failed = run.failed
      return Kept(
        order: run.order, changedOutcome: !failed && !run.result.outcome.passed, failure: failed ? run : nil)
    }
    while let prefix = stack.popLast() {
      if runs.count >= depthBudget {
        stack.append(prefix)
        break
      }
      pruning.startRun(prefixLength: prefix.count)
      let run = execute(
        index, choices: prefix, sampler: nil, fault: fault, allowances: allowances, pruning: pruning)
      let chosen = run.points.map(\.chosen)
      seenOrders.insert(run.order)
      runs.append(keep(run))
      var alternatives: [[Int]] = []
      for point in prefix.count..<min(prefix.count + pruning.newPoints, run.points.count) {
        for alternative in 1..<max(1, run.points[point].options.count) {
          alternatives.append(Array(chosen[..<point]) + [alternative])
        }
      }
      // Reversed so that the earliest points' first alternatives run first.
      stack += alternatives.reversed()
    }
    let exhaustive = stack.isEmpty
    var seed: UInt64?
    if !exhaustive {
      // Keep half of the depth-first runs, then sample at random.
      seed = options.seed
      runs = Array(runs.prefix(max(1, options.limit / 2)))
      seenOrders = Set(runs.map(\.order))
      var sampler = SeededGenerator(seed: options.seed)
      var attempts = 0
      while runs.count < options.limit, attempts < options.limit * 4 {
        attempts += 1
        let walk = SeededGenerator(seed: UInt64(sampler.next(below: Int.max)))
        let run = execute(index, choices: [], sampler: walk, fault: fault, allowances: allowances)
        if seenOrders.insert(run.order).inserted { runs.append(keep(run)) }
      }
    }
    let failures = runs.compactMap(\.failure).sorted { $0.order < $1.order }
    let changed = runs.filter(\.changedOutcome).count
    return ExplorationResult(
      title: runner.program.scenarios[index].title, fault: fault, ordersRun: runs.count,
      exhaustive: exhaustive, seed: seed, statesMerged: pruning.merged, failures: failures,
      changedOutcomes: changed)
  }

  /// Runs scenario `index` under exactly the order `order` (a replay).
  public func replay(_ index: Int, order: OrderID, fault: InjectedFault? = nil) -> ExploredRun {
    let allowances = Allowances(runner: runner, index: index)
    func run() -> ExploredRun {
      execute(
        index, choices: order.choices, sampler: nil, fault: fault, allowances: allowances, keepsWhole: true)
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
      let text = runner.files.first { $0.id == range.file }.map { $0.text(range) } ?? ""
      exceptions = text.contains("expect exception")
      warnings = text.contains("expect warning")
    }
  }

  /// One run from a fresh world, on the calling (interpreter) thread; with
  /// `pruning`, its choice points' states are fingerprinted for the search.
  private func execute(
    _ index: Int, choices: [Int], sampler: SeededGenerator?, fault: InjectedFault?, allowances: Allowances,
    pruning: Pruning? = nil, keepsWhole: Bool = false
  ) -> ExploredRun {
    let policy = ExplorationPolicy(choices: choices, sampler: sampler)
    var violations: [String] = []
    let result = runner.runScenarioHere(
      index, output: { _ in }, lean: true,
      prepare: { host in
        host.world.scheduler.policy = policy
        fault?.install(in: host.world)
        if let pruning {
          policy.atChoicePoint = { [unowned host, unowned policy] point in
            pruning.reach(point) { StateFingerprint.of(host: host, completed: policy.completedLabels) }
          }
        }
      },
      inspect: { host, traceStart, result in
        let events = host.world.trace.events
        violations = ExplorationInvariants.violations(
          trace: events[min(traceStart, events.count)...], world: host.world,
          allowsExceptions: allowances.exceptions, allowsWarnings: allowances.warnings)
        policy.atChoicePoint = nil
        // Only a failing run is kept (and a replay is shown): only they
        // need the trace and the scene.
        if keepsWhole || ExploredRun.fails(result.outcome, fault: fault, violations: violations) {
          runner.complete(&result, host: host, traceStart: traceStart)
        }
      })
    return ExploredRun(
      order: OrderID(policy.chosen), fault: fault, points: policy.points, ran: policy.ran, result: result,
      violations: violations)
  }
}
