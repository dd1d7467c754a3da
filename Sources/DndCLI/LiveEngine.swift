import DndInterpreter
import DndReport
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
      if let views = limits.maxViews { options.maxViews = views }
      options.stopAfterSteps = limits.stopAfterSteps
      options.scenarioFilter = limits.scenarioFilter
      if let defaults = limits.defaults { options.defaults = defaults }
      options.leavesObjectsToExit = limits.leavesObjectsToExit
      let outcome = Pipeline.run(file, options: options, output: output)
      return RunReport(
        status: status(of: outcome), diagnostics: outcome.diagnostics, transcript: transcript(outcome, file),
        result: outcome.result)
    }
  )

  /// The interpreter's default step limit, shown in `dnd help run`.
  static let defaultMaxSteps: Int? = RunOptions().maxSteps

  /// A failed `expect` outside a scenario arrives as a runtime error; the
  /// diagnostic tells it apart (exit 1, not 70).
  private static func status(of outcome: RunOutcome) -> RunStatus {
    switch outcome.status {
    case .ok: return .ok
    case .failed: return .failed
    case .scriptError: return .scriptError
    case .runtimeError:
      let failedExpectation = outcome.diagnostics.contains { $0.id == DiagnosticMessage.expectationFailed.id }
      return failedExpectation ? .failed : .runtimeError
    }
  }

  /// The trace report, for scripts with scenarios or steps at the top level.
  private static func transcript(_ outcome: RunOutcome, _ file: SourceFile) -> Transcript? {
    guard let result = outcome.result, !result.scenarios.isEmpty || result.topLevel.trace.showsUIKit else {
      return nil
    }
    let shown = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic)
    return Transcript(shows: shown) { renderer in
      TraceTextReporter(renderer: renderer, files: [file]).render(result)
    }
  }
}
