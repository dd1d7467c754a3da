import DndCheck
import DndSyntax

/// The whole pipeline in one place: lex and parse, check, run. Each stage
/// stops the pipeline when it reports an error. `dnd check` is `check`;
/// `dnd run` is `run`.
public enum Pipeline {
  /// Parses and checks a file. The program is nil when there are errors.
  ///
  /// Both run on an interpreter thread (`InterpreterThread`), whose large
  /// stack lets the syntax nest to `SyntaxLimits.maxNestingDepthOnLargeStack`
  /// (the tree is then walked as deep by the checker and the interpreter);
  /// should no thread be available, the ordinary limit applies.
  public static func check(_ file: SourceFile) -> (program: CheckedProgram?, diagnostics: [Diagnostic]) {
    onLargeStack { depth in check(file, maxNestingDepth: depth) }
  }

  /// Runs `body` on an interpreter thread, passing the nesting limit its
  /// stack allows: what parses and checks there (the REPL's inputs, a tree
  /// dump) nests as deep as `dnd run` lets a script nest.
  public static func onLargeStack<T>(_ body: (_ maxNestingDepth: Int) -> T) -> T {
    let result = try? InterpreterThread.run { onLargeStack in
      body(onLargeStack ? SyntaxLimits.maxNestingDepthOnLargeStack : SyntaxLimits.maxNestingDepth)
    }
    return result ?? body(SyntaxLimits.maxNestingDepth)
  }

  /// Parses and checks on the current thread, nesting to at most `maxNestingDepth`.
  private static func check(_ file: SourceFile, maxNestingDepth: Int)
    -> (program: CheckedProgram?, diagnostics: [Diagnostic])
  {
    let parsed = Parser.parse(file, maxNestingDepth: maxNestingDepth)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) { return (nil, parsed.diagnostics) }
    let checked = Checker.check(parsed.script, file: file)
    let diagnostics = parsed.diagnostics + checked.diagnostics
    return (checked.hasErrors ? nil : checked.program, diagnostics)
  }

  /// Parses, checks and runs a file: the top level once, then every
  /// scenario from a fresh scene (`ScenarioRunner`), sending printed text to
  /// `output`. The outcome carries each run's trace for the reporters.
  public static func run(_ file: SourceFile, options: RunOptions, output: @escaping (String) -> Void)
    -> RunOutcome
  {
    let (program, diagnostics) = check(file)
    guard let program else { return RunOutcome(status: .scriptError, diagnostics: diagnostics) }
    let runner = ScenarioRunner(
      program: program, files: [file], limits: options.limits, stopAfterSteps: options.stopAfterSteps,
      scenarioFilter: options.scenarioFilter, defaults: options.defaults)
    let result = runner.run(output: output)
    let outcomes = [result.topLevel.outcome] + result.scenarios.map(\.outcome)
    var status = RunOutcome.Status.ok
    for outcome in outcomes {
      switch outcome {
      case .passed: break
      case .runtimeError: status = .runtimeError
      case .failedExpectation, .uncaughtException: if status == .ok { status = .failed }
      }
    }
    return RunOutcome(
      status: status, diagnostics: diagnostics + outcomes.compactMap(\.diagnostic), result: result)
  }
}

/// What the command line may set for a run.
public struct RunOptions: Sendable {
  /// Calls plus loop iterations before the run is stopped (`--max-steps`).
  public var maxSteps: Int
  /// Script calls in progress at once.
  public var maxCallDepth: Int
  /// Views the script may create in one run (`--max-views`).
  public var maxViews: Int = InterpreterLimits().maxViews
  /// Stops each scenario after this many finger and clock steps (`dnd render --at`).
  public var stopAfterSteps: Int?
  /// Runs only the scenarios whose title contains this text (`dnd test --filter`).
  public var scenarioFilter: String?
  /// The `UserDefaults` store the run reads and writes (`--defaults`); a
  /// fresh, empty one by default.
  public var defaults: DefaultsStore
  /// Leaves the last scene's objects to the process's exit
  /// (`InterpreterLimits.leavesObjectsToExit`); only for `dnd run`.
  public var leavesObjectsToExit = false

  public init(
    maxSteps: Int = InterpreterLimits().maxSteps, maxCallDepth: Int = InterpreterLimits().maxCallDepth,
    defaults: DefaultsStore = DefaultsStore()
  ) {
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
    self.defaults = defaults
  }

  /// The interpreter limits these options give.
  public var limits: InterpreterLimits {
    var limits = InterpreterLimits(maxSteps: maxSteps, maxCallDepth: maxCallDepth)
    limits.maxViews = maxViews
    limits.leavesObjectsToExit = leavesObjectsToExit
    return limits
  }
}

/// How a run ended, and everything it reported.
public struct RunOutcome: Sendable {
  public enum Status: Sendable {
    case ok
    /// Syntax or check errors: nothing ran.
    case scriptError
    case runtimeError
    /// Ran to the end, but an expectation failed or UIKit raised an
    /// exception no `expect exception` named.
    case failed
  }

  public var status: Status
  /// Warnings, and the errors that stopped the run or failed a scenario.
  public var diagnostics: [Diagnostic]
  /// The plain run and the scenarios, with their traces; nil when the
  /// script did not run.
  public var result: ScriptRunResult?

  public init(status: Status, diagnostics: [Diagnostic], result: ScriptRunResult? = nil) {
    self.status = status
    self.diagnostics = diagnostics
    self.result = result
  }
}
