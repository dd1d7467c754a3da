import DndCheck
import DndSyntax

/// The whole pipeline in one place: lex and parse, check, run. Each stage
/// stops the pipeline when it reports an error. `dnd check` is `check`;
/// `dnd run` is `run`.
public enum Pipeline {
  /// Parses and checks a file. The program is nil when there are errors.
  public static func check(_ file: SourceFile) -> (program: CheckedProgram?, diagnostics: [Diagnostic]) {
    let parsed = Parser.parse(file)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) { return (nil, parsed.diagnostics) }
    let checked = Checker.check(parsed.script, file: file)
    let diagnostics = parsed.diagnostics + checked.diagnostics
    return (checked.hasErrors ? nil : checked.program, diagnostics)
  }

  /// Parses, checks and runs a file's top level, sending printed text to
  /// `output`. (Scenarios are run by the binding, not here.)
  public static func run(_ file: SourceFile, options: RunOptions, output: @escaping (String) -> Void)
    -> RunOutcome
  {
    let (program, diagnostics) = check(file)
    guard let program else { return RunOutcome(status: .scriptError, diagnostics: diagnostics) }
    let interpreter = Interpreter(
      program: program, host: OutputHost(output), limits: options.limits, files: [file])
    do {
      try InterpreterThread.run { try interpreter.run() }
      return RunOutcome(status: .ok, diagnostics: diagnostics)
    } catch let error as RuntimeError {
      return RunOutcome(status: .runtimeError, diagnostics: diagnostics + [error.diagnostic])
    } catch {
      let failure = RuntimeError(.invalidArgument("internal error: \(error)"))
      return RunOutcome(status: .runtimeError, diagnostics: diagnostics + [failure.diagnostic])
    }
  }
}

/// What the command line may set for a run.
public struct RunOptions: Sendable {
  /// Calls plus loop iterations before the run is stopped (`--max-steps`).
  public var maxSteps: Int
  /// Script calls in progress at once.
  public var maxCallDepth: Int

  public init(
    maxSteps: Int = InterpreterLimits().maxSteps, maxCallDepth: Int = InterpreterLimits().maxCallDepth
  ) {
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
  }

  /// The interpreter limits these options give.
  public var limits: InterpreterLimits {
    InterpreterLimits(maxSteps: maxSteps, maxCallDepth: maxCallDepth)
  }
}

/// How a run ended, and everything it reported.
public struct RunOutcome: Sendable {
  public enum Status: Sendable {
    case ok
    /// Syntax or check errors: nothing ran.
    case scriptError
    case runtimeError
  }

  public var status: Status
  /// Warnings, and the errors that stopped the run.
  public var diagnostics: [Diagnostic]

  public init(status: Status, diagnostics: [Diagnostic]) {
    self.status = status
    self.diagnostics = diagnostics
  }
}
