import DndInterpreter
import DndSyntax

/// The engine backed by the real pipeline (`DndInterpreter.Pipeline`). This
/// is the only file that touches the pipeline's API, so a change there is a
/// change here alone.
extension Engine {
  public static let live = Engine(
    check: { file in Pipeline.check(file).diagnostics },
    run: { file, limits, output in
      var options = RunOptions()
      if let steps = limits.maxSteps { options.maxSteps = steps }
      if let depth = limits.maxCallDepth { options.maxCallDepth = depth }
      let outcome = Pipeline.run(file, options: options, output: output)
      return RunReport(status: status(of: outcome), diagnostics: outcome.diagnostics)
    }
  )

  /// The interpreter's default step limit, shown in `dnd help run`.
  static let defaultMaxSteps: Int? = RunOptions().maxSteps

  /// Ifs rather than a switch, so that a status the pipeline adds (a failed
  /// scenario) reads as a failure instead of breaking the build. A failed
  /// `expect` outside a scenario arrives as a runtime error; the diagnostic
  /// tells it apart (exit 1, not 70).
  private static func status(of outcome: RunOutcome) -> RunStatus {
    if outcome.status == .ok { return .ok }
    if outcome.status == .scriptError { return .scriptError }
    if outcome.status == .runtimeError {
      let failedExpectation = outcome.diagnostics.contains { $0.id == DiagnosticMessage.expectationFailed.id }
      return failedExpectation ? .failed : .runtimeError
    }
    return .failed
  }
}
