import DndInterpreter
import DndReport
import DndSyntax

/// The engine backed by the real pipeline. This is the only file that
/// touches the pipeline's API, so a change there is a change here alone.
extension Engine {
  public static let live = Engine(
    check: { file in Pipeline.check(file).diagnostics },
    run: { file, limits, output in
      var options = RunOptions()
      if let maxSteps = limits.maxSteps { options.maxSteps = maxSteps }
      if let maxCallDepth = limits.maxCallDepth { options.maxCallDepth = maxCallDepth }
      let outcome = Pipeline.run(file, options: options, output: output)
      return RunReport(
        status: status(outcome.status), diagnostics: outcome.diagnostics,
        transcript: transcript(outcome, file))
    }
  )

  /// The interpreter's default step limit, shown in `dnd help run`.
  static let defaultMaxSteps: Int? = nil

  private static func status(_ status: RunOutcome.Status) -> RunStatus {
    switch status {
    case .ok: .ok
    case .failed: .failed
    case .scriptError: .scriptError
    case .runtimeError: .runtimeError
    }
  }

  /// The trace report, for scripts with scenarios or steps at the top level.
  private static func transcript(_ outcome: RunOutcome, _ file: SourceFile) -> Transcript? {
    guard let result = outcome.result, !result.scenarios.isEmpty || !result.topLevel.trace.isEmpty else {
      return nil
    }
    let shown = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic)
    return Transcript(shows: shown) { renderer in
      TraceTextReporter(renderer: renderer, files: [file]).render(result)
    }
  }
}
