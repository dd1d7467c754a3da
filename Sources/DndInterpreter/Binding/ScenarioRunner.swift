import DndCheck
import DndRuntime
import DndSyntax

/// How a run of the top level or of a scenario ended.
public enum ScenarioOutcome: Hashable, Sendable {
  case passed
  /// An expectation did not hold.
  case failedExpectation(Diagnostic)
  /// A script error (in a handler, a step, the scenario's own code).
  case runtimeError(Diagnostic)
  /// UIKit raised an exception that no `expect exception` named: the app
  /// would have terminated.
  case uncaughtException(name: String, reason: String, Diagnostic)

  public var passed: Bool { self == .passed }

  /// The diagnostic explaining a failure.
  public var diagnostic: Diagnostic? {
    switch self {
    case .passed: nil
    case .failedExpectation(let diagnostic), .runtimeError(let diagnostic): diagnostic
    case .uncaughtException(_, _, let diagnostic): diagnostic
    }
  }
}

/// What one run produced: the outcome, what the script printed and the
/// runtime's trace.
public struct ScenarioResult: Sendable {
  /// The scenario's title; nil for the plain run of the top level.
  public var title: String?
  public var range: SourceRange
  public var outcome: ScenarioOutcome
  /// What the script printed, placed among the trace events.
  public var printed: [PrintedText]
  public var trace: [TraceEvent]
  /// The scene where the run ended (or stopped, see `ScenarioRunner.stopAfterSteps`).
  public var scene: SceneSnapshot?
  /// The finger and clock steps performed, in order.
  public var steps: [SourceRange]
  /// True when the run stopped after `ScenarioRunner.stopAfterSteps` steps.
  public var stoppedEarly: Bool
  /// The warnings a positive `expect warning` matched: anticipated, so a
  /// report need not point them out.
  public var expectedWarnings: [String] = []
  /// How many expectation steps ran: a scenario that passed without any
  /// checked nothing (`dnd test` says so).
  public var expectationsChecked = 0
  /// Placeholders the run left neither committed nor deleted, as sentences
  /// (`World.placeholdersLeft`): `dnd test` notes them on a pass.
  public var placeholdersLeft: [String] = []

  public init(
    title: String?, range: SourceRange, outcome: ScenarioOutcome, printed: [PrintedText], trace: [TraceEvent],
    scene: SceneSnapshot? = nil, steps: [SourceRange] = [], stoppedEarly: Bool = false
  ) {
    self.title = title
    self.range = range
    self.outcome = outcome
    self.printed = printed
    self.trace = trace
    self.scene = scene
    self.steps = steps
    self.stoppedEarly = stoppedEarly
  }
}

/// Everything a script's run produced: the plain run, then every scenario.
public struct ScriptRunResult: Sendable {
  public var topLevel: ScenarioResult
  /// Empty when the top level failed (each scenario re-runs it).
  public var scenarios: [ScenarioResult]

  public var allPassed: Bool { topLevel.outcome.passed && scenarios.allSatisfy(\.outcome.passed) }

  public init(topLevel: ScenarioResult, scenarios: [ScenarioResult]) {
    self.topLevel = topLevel
    self.scenarios = scenarios
  }
}

/// Runs a checked program against the UIKit model: the top level once (the
/// plain run), then each scenario from a fresh scene (a new interpreter and
/// world that run the top level again, quietly, then the scenario body).
///
/// The public API the command line (`dnd run`, `dnd test`) uses.
public struct ScenarioRunner: Sendable {
  public var program: CheckedProgram
  public var files: [SourceFile]
  public var limits: InterpreterLimits
  /// Stops each scenario after this many finger and clock steps (`dnd render
  /// --at`); nil runs them to the end.
  public var stopAfterSteps: Int?
  /// Runs only the scenarios whose title contains this text, ignoring case
  /// (`dnd test --filter`); nil runs them all.
  public var scenarioFilter: String?
  /// The `UserDefaults` store every scene of the run shares.
  public var defaults: DefaultsStore

  public init(
    program: CheckedProgram, files: [SourceFile], limits: InterpreterLimits = InterpreterLimits(),
    stopAfterSteps: Int? = nil, scenarioFilter: String? = nil, defaults: DefaultsStore = DefaultsStore()
  ) {
    self.program = program
    self.files = files
    self.limits = limits
    self.stopAfterSteps = stopAfterSteps
    self.scenarioFilter = scenarioFilter
    self.defaults = defaults
  }

  /// The titles of the scenarios, in order.
  public var scenarioTitles: [String] { program.scenarios.map(\.title) }

  /// The plain run, then every scenario if the plain run passed. `output`
  /// receives printed text as it is printed (the top level's once).
  ///
  /// With `limits.leavesObjectsToExit`, only the run's last scene leaves its
  /// objects to the process's exit: the ones before it free theirs, so a
  /// script with many scenarios does not keep every scene's objects.
  ///
  /// With a filter, the scenarios it leaves out before the last one it
  /// keeps still run, silently and unreported: they may write to the
  /// `UserDefaults` store, and a scenario's verdict must not depend on the
  /// filter (an explored order, `--replay` and `dnd run --scenario` see the
  /// store as the whole file's run leaves it, too).
  public func run(output: @escaping (String) -> Void) -> ScriptRunResult {
    let chosen = program.scenarios.indices.filter { index in
      scenarioFilter.map { program.scenarios[index].title.lowercased().contains($0.lowercased()) } ?? true
    }
    let leaves = limits.leavesObjectsToExit
    let topLevel = runTopLevel(output: output, leavesObjects: leaves && chosen.isEmpty)
    guard topLevel.outcome.passed else { return ScriptRunResult(topLevel: topLevel, scenarios: []) }
    var scenarios: [ScenarioResult] = []
    for index in 0..<(chosen.last.map { $0 + 1 } ?? 0) {
      let kept = chosen.contains(index)
      let result = Self.onInterpreterThread {
        runScenarioHere(
          index, output: kept ? output : { _ in }, leavesObjects: leaves && index == chosen.last,
          prepare: { _ in }, inspect: { _, _, _ in })
      }
      if kept { scenarios.append(result) }
    }
    return ScriptRunResult(topLevel: topLevel, scenarios: scenarios)
  }

  /// Runs the top level once in a fresh scene.
  public func runTopLevel(output: @escaping (String) -> Void) -> ScenarioResult {
    runTopLevel(output: output, leavesObjects: false)
  }

  /// Runs the top level once in a fresh scene; with `leavesObjects`, the
  /// scene leaves its objects to the process's exit.
  private func runTopLevel(output: @escaping (String) -> Void, leavesObjects: Bool) -> ScenarioResult {
    Self.onInterpreterThread {
      let (host, interpreter) = makeScene(output: output, leavesObjects: leavesObjects)
      let outcome = Self.outcome(of: host) {
        try interpreter.run()
        // A script without scenarios is an app left running after its
        // launch code: what the top level queued (`DispatchQueue.main.async`,
        // `asyncAfter`, a list's first layout) runs, as a `settle` would run
        // it, instead of being dropped unseen. With scenarios, each scenario
        // decides when time passes.
        if program.scenarios.isEmpty, !host.world.scheduler.pending.isEmpty {
          try host.world.fingers.settle(asStep: false)
        }
      }
      return result(title: nil, range: program.main.range, outcome: outcome, host: host, traceStart: 0)
    }
  }

  /// Runs scenario `index` in a fresh scene: the top level (its output
  /// muted, since the plain run showed it), then the scenario's body.
  public func runScenario(_ index: Int, output: @escaping (String) -> Void) -> ScenarioResult {
    runScenario(index, output: output, prepare: { _ in }, inspect: { _, _ in })
  }

  /// Runs scenario `index` like `runScenario(_:output:)`, letting a tool
  /// prepare the fresh scene first (a scheduling policy, a fault hook) and
  /// inspect it once the scenario has ended (the explorer's invariants).
  public func runScenario(
    _ index: Int, output: @escaping (String) -> Void, prepare: (SceneHost) -> Void,
    inspect: (SceneHost, ScenarioResult) -> Void
  ) -> ScenarioResult {
    Self.onInterpreterThread {
      runScenarioHere(index, output: output, prepare: prepare) { host, _, result in inspect(host, result) }
    }
  }

  /// `runScenario(_:output:prepare:inspect:)` on the calling thread, which
  /// must be an interpreter thread (`InterpreterThread.run`): the explorer
  /// runs every order of a scenario on one thread instead of starting one
  /// per order. A `lean` result has neither the trace nor the scene (the
  /// explorer keeps them for failing runs only): `inspect` receives the
  /// index of the scenario's first event in the world's trace, reads the
  /// trace there, and may complete the result with `complete(_:host:traceStart:)`.
  /// With `caches`, the scene takes its builtin types and compiled
  /// functions from there (runs of one program, one after the other on one
  /// thread, may share them). With `defaults`, the scene uses that store
  /// instead of the runner's.
  func runScenarioHere(
    _ index: Int, output: @escaping (String) -> Void, lean: Bool = false, caches: RunCaches? = nil,
    defaults: DefaultsStore? = nil, leavesObjects: Bool = false, prepare: (SceneHost) -> Void,
    inspect: (SceneHost, _ traceStart: Int, inout ScenarioResult) -> Void
  ) -> ScenarioResult {
    let (host, interpreter) = makeScene(
      output: output, caches: caches, defaults: defaults, leavesObjects: leavesObjects)
    prepare(host)
    var (result, traceStart) = runScenario(index, host: host, interpreter: interpreter, lean: lean)
    inspect(host, traceStart, &result)
    return result
  }

  /// Adds the trace and the scene to a lean result, as a full one holds
  /// them. The scene's trace is done with: its events are moved, not copied.
  func complete(_ result: inout ScenarioResult, host: SceneHost, traceStart: Int) {
    var scene = host.world.snapshot()
    result.trace = host.world.trace.takeEvents(from: traceStart)
    scene.traceCount = result.trace.count
    result.scene = scene
  }

  private func runScenario(
    _ index: Int, host: SceneHost, interpreter: Interpreter, lean: Bool
  ) -> (ScenarioResult, traceStart: Int) {
    let scenario = program.scenarios[index]
    host.isOutputMuted = true
    let setUp = Self.outcome(of: host) { try interpreter.run() }
    host.isOutputMuted = false
    host.clearPrinted()
    host.performedSteps = []
    // The top level's own `expect` steps are not the scenario's.
    host.expectationsChecked = 0
    host.stopAfterSteps = stopAfterSteps
    let traceStart = host.world.trace.events.count
    guard setUp.passed else {
      let result = result(
        title: scenario.title, range: scenario.range, outcome: setUp, host: host, traceStart: traceStart,
        lean: lean)
      return (result, traceStart)
    }
    let outcome = Self.outcome(of: host) { _ = try interpreter.call(scenario.function, []) }
    let result = result(
      title: scenario.title, range: scenario.range, outcome: outcome, host: host, traceStart: traceStart,
      lean: lean)
    return (result, traceStart)
  }

  private func makeScene(
    output: @escaping (String) -> Void, caches: RunCaches? = nil, defaults: DefaultsStore? = nil,
    leavesObjects: Bool = false
  ) -> (SceneHost, Interpreter) {
    let host = SceneHost(
      program: program, files: files, output: output, natives: caches?.natives ?? SceneNatives(),
      defaults: defaults ?? self.defaults)
    host.leavesObjectsToExit = leavesObjects
    host.world.trace.maxEvents = limits.maxTraceEvents
    let interpreter = Interpreter(
      program: program, host: host, natives: host.natives, limits: limits, files: files,
      compiled: caches?.compiled ?? CompiledFunctionCache())
    host.interpreter = interpreter
    return (host, interpreter)
  }

  private func result(
    title: String?, range: SourceRange, outcome: ScenarioOutcome, host: SceneHost, traceStart: Int,
    lean: Bool = false
  ) -> ScenarioResult {
    let events = host.world.trace.events
    let trace = lean ? [] : Array(events[min(traceStart, events.count)...])
    let printed = host.printed.map {
      PrintedText(afterEvent: max(0, $0.afterEvent - traceStart), text: $0.text)
    }
    var scene: SceneSnapshot?
    if !lean {
      var snapshot = host.world.snapshot()
      snapshot.traceCount -= min(traceStart, snapshot.traceCount)
      scene = snapshot
    }
    let stopped = host.stopAfterSteps.map { host.performedSteps.count >= $0 } ?? false
    var result = ScenarioResult(
      title: title, range: range, outcome: outcome, printed: printed, trace: trace, scene: scene,
      steps: host.performedSteps, stoppedEarly: stopped)
    result.expectedWarnings = host.expectedWarnings
    result.expectationsChecked = host.expectationsChecked
    if !lean, host.termination == nil { result.placeholdersLeft = host.world.placeholdersLeft() }
    return result
  }

  /// Makes, runs and frees a scene on an interpreter thread: the script
  /// needs its large stack, and so does freeing what the script built (a
  /// long chain of objects is freed recursively).
  private static func onInterpreterThread(_ body: () -> ScenarioResult) -> ScenarioResult {
    var result: ScenarioResult?
    _ = try? InterpreterThread.run { result = body() }
    return result ?? body()
  }

  /// Runs `body` and classifies how it ended.
  private static func outcome(of host: SceneHost, _ body: () throws -> Void) -> ScenarioOutcome {
    do {
      try body()
    } catch let error as RuntimeError {
      if DiagnosticMessage.expectationIDs.contains(error.message.id) {
        // After an unexpected crash the scene is the one the crash left:
        // the crash is the failure to report, the expectation a consequence.
        if let crash = unexpectedTermination(of: host, then: error) { return crash }
        return .failedExpectation(error.diagnostic)
      }
      return .runtimeError(error.diagnostic)
    } catch is ScenarioStopped {
      // Stopped on purpose after a number of steps: judged as it stands.
    } catch let exception as UIKitException {
      // Raised by code the script ran directly, outside a finger step.
      let range = host.interpreter?.lastNativeCallRange
      let error = RuntimeError(
        .appTerminated(exception.name, reason: exception.reason), at: range, notes: exception.adviceNotes)
      return .uncaughtException(name: exception.name, reason: exception.reason, error.diagnostic)
    } catch let error as RuntimeLimitError {
      // Raised by a runtime call the script made outside any step (queueing
      // too much work, say).
      return .runtimeError(
        RuntimeError(.runtimeLimit(error.message), at: host.interpreter?.lastNativeCallRange).diagnostic)
    } catch let error as ScenarioError {
      return .runtimeError(
        RuntimeError(.step(error), at: host.interpreter?.lastNativeCallRange).diagnostic)
    } catch {
      return .runtimeError(RuntimeError(.invalidArgument("internal error: \(error)")).diagnostic)
    }
    // Events dropped outside any finger step (a loop of prints at the top
    // level): the trace shown would be cut short without a word.
    if host.world.trace.overflowed {
      let message = host.world.trace.overflowError.message
      return .runtimeError(RuntimeError(.runtimeLimit(message), at: host.interpreter?.lastNativeCallRange).diagnostic)
    }
    return unexpectedTermination(of: host) ?? .passed
  }

  /// The app's termination as the outcome, unless there was none or the
  /// scenario expected it; `then` is an expectation that failed afterwards,
  /// shown as a note.
  private static func unexpectedTermination(of host: SceneHost, then later: RuntimeError? = nil) -> ScenarioOutcome? {
    guard let termination = host.termination, !host.terminationExpected else { return nil }
    let exception = termination.exception
    var notes = termination.notes
    if let step = host.lastStepAfterTermination {
      let count = host.stepsAfterTermination
      let what = count == 1 ? "this step" : "this step and \(count - 1) before it"
      notes.append(Diagnostic.Note("\(what) ran after the app had terminated, and did nothing", at: step))
    }
    if let later {
      notes.append(
        Diagnostic.Note(
          "after the app had terminated, this expectation failed too: " + later.message.text, at: later.range))
    }
    let error = RuntimeError(
      .appTerminated(exception.name, reason: exception.reason), at: termination.range, notes: notes)
    return .uncaughtException(name: exception.name, reason: exception.reason, error.diagnostic)
  }
}
