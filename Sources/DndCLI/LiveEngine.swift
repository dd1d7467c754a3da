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

  /// The pipeline stops at a failed `expect` the way it stops at any runtime
  /// error; the command tells them apart (exit 1, not 70) by the diagnostic.
  private static func status(of outcome: RunOutcome) -> RunStatus {
    switch outcome.status {
    case .ok: return .ok
    case .scriptError: return .scriptError
    case .runtimeError:
      let failedExpectation = outcome.diagnostics.contains { $0.id == DiagnosticMessage.expectationFailed.id }
      return failedExpectation ? .failed : .runtimeError
    }
  }
}
