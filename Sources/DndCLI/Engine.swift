import DndInterpreter
import DndSyntax

/// What the command line and the spec runner need from the language: check a
/// file, or run it. A value of closures, so tests can stand in a fake, and so
/// the pipeline's own API is met in one file only (`LiveEngine.swift`).
public struct Engine: Sendable {
  /// Parses and checks a file; returns every diagnostic, errors and warnings.
  public var check: @Sendable (SourceFile) -> [Diagnostic]
  /// Parses, checks and runs a file, passing printed text to `output` as it
  /// is produced: whatever `print` wrote, its terminator included, so a call
  /// may hold part of a line or several lines.
  public var run: @Sendable (SourceFile, RunLimits, _ output: @escaping (String) -> Void) -> RunReport

  public init(
    check: @escaping @Sendable (SourceFile) -> [Diagnostic],
    run: @escaping @Sendable (SourceFile, RunLimits, _ output: @escaping (String) -> Void) -> RunReport
  ) {
    self.check = check
    self.run = run
  }
}

/// Limits on a run; nil leaves the interpreter's default. Also carries the
/// run's `UserDefaults` store, when the command line names a file for it.
public struct RunLimits: Hashable, Sendable {
  /// Evaluation steps before the run stops with a runtime error (stops `while true {}`).
  public var maxSteps: Int?
  /// Nested calls before the run stops with a runtime error (stops runaway recursion).
  public var maxCallDepth: Int?
  /// Views a run may create before it stops with a runtime error (`--max-views`).
  public var maxViews: Int?
  /// Finger and clock steps after which each scenario stops (`dnd render --at`).
  public var stopAfterSteps: Int?
  /// Runs only the scenarios whose title contains this text, ignoring case (`dnd test --filter`).
  public var scenarioFilter: String?
  /// The store `--defaults FILE` loaded; nil gives the run a fresh one in memory.
  public var defaults: DefaultsStore?
  /// Leaves the last scene's objects to the process's exit instead of
  /// freeing them (`InterpreterLimits.leavesObjectsToExit`): set by `dnd run`
  /// when the process ends right after the run.
  public var leavesObjectsToExit = false

  public init(
    maxSteps: Int? = nil, maxCallDepth: Int? = nil, maxViews: Int? = nil, stopAfterSteps: Int? = nil,
    scenarioFilter: String? = nil, defaults: DefaultsStore? = nil
  ) {
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
    self.maxViews = maxViews
    self.stopAfterSteps = stopAfterSteps
    self.scenarioFilter = scenarioFilter
    self.defaults = defaults
  }
}

/// How a run ended, and what it reported.
public struct RunReport: Sendable {
  public var status: RunStatus
  /// Syntax and check diagnostics (status `.scriptError`), runtime errors,
  /// failed expectations and warnings, in the order they arose.
  public var diagnostics: [Diagnostic]
  /// For scripts with scenes: the trace report `dnd run` prints instead of
  /// the bare output (it includes what the script printed).
  public var transcript: Transcript?
  /// What the run did, scenario by scenario, with traces and scenes, for the
  /// reporters (`dnd test`, `--trace`, `dnd explain`, `dnd render`); nil when
  /// the script did not run or the engine is a stand-in.
  public var result: ScriptRunResult?

  public init(
    status: RunStatus, diagnostics: [Diagnostic] = [], transcript: Transcript? = nil,
    result: ScriptRunResult? = nil
  ) {
    self.status = status
    self.diagnostics = diagnostics
    self.transcript = transcript
    self.result = result
  }
}

/// A run's trace as text, rendered with the command's diagnostic renderer
/// (so colour follows `--color`).
public struct Transcript: Sendable {
  /// The text, given the renderer for the failures it shows.
  public var render: @Sendable (DiagnosticRenderer) -> String
  /// The diagnostics the text already shows, not repeated on standard error.
  public var shows: [Diagnostic]

  public init(shows: [Diagnostic], render: @escaping @Sendable (DiagnosticRenderer) -> String) {
    self.render = render
    self.shows = shows
  }
}

/// The end of a run, from best to worst.
public enum RunStatus: String, Hashable, Sendable {
  /// Ran to the end; every scenario and expectation held.
  case ok
  /// Ran to the end, but a scenario or expectation failed.
  case failed
  /// Did not run: a syntax or check error.
  case scriptError
  /// Stopped by a runtime error (including an exceeded limit).
  case runtimeError

  /// The exit status `dnd run` reports for this outcome.
  public var exitCode: ExitCode {
    switch self {
    case .ok: return .success
    case .failed: return .failure
    case .scriptError: return .scriptError
    case .runtimeError: return .runtimeError
    }
  }
}
