import DndInterpreter
import DndSyntax

/// A script loaded and run through the engine: the common first half of
/// `dnd run`, `dnd explain` and `dnd render`, and the choice of scenario
/// (`--scenario`) they share.
struct ScriptRun {
  let file: SourceFile
  /// What the script printed, in order.
  let printed: String
  let report: RunReport

  /// Loads `path` and runs it; on failure reports the problem and returns
  /// the exit status to end with.
  static func start(
    _ path: String, invocation: Invocation, console: Console, engine: Engine
  ) -> Result<ScriptRun, ExitCodeError> {
    let style = Style(color: invocation.color, console: console)
    switch SourceLoader.load(path, console: console) {
    case .failure(let failure):
      style.report(failure, to: console)
      return .failure(ExitCodeError(code: .fileError))
    case .success(let file):
      var printed = ""
      let report = engine.run(file, invocation.limits) { printed += $0 }
      return .success(ScriptRun(file: file, printed: printed, report: report))
    }
  }

  /// The result with only the scenario `name` kept (all of them when nil).
  /// Without a scenario of that exact name, the one whose name contains it,
  /// ignoring case, as `dnd test --filter` matches (titles are sentences,
  /// long to retype). A name that matches none, or several, is a usage error.
  static func select(
    _ name: String?, in result: ScriptRunResult, for command: CommandName
  ) -> Result<ScriptRunResult, UsageError> {
    guard let name else { return .success(result) }
    // A top level that failed ran no scenario: its error is what to show.
    if result.scenarios.isEmpty, !result.topLevel.outcome.passed { return .success(result) }
    var chosen = result.scenarios.filter { $0.title == name }
    let lowered = name.lowercased()
    if chosen.isEmpty {
      chosen = result.scenarios.filter { $0.title?.lowercased() == lowered }
    }
    if chosen.isEmpty, !name.isEmpty {
      chosen = result.scenarios.filter { $0.title?.lowercased().contains(lowered) == true }
      if chosen.count > 1 {
        // A few are enough to show which word to add.
        var titles = chosen.prefix(4).compactMap(\.title).map { "\"\($0)\"" }.joined(separator: ", ")
        if chosen.count > 4 { titles += " and \(chosen.count - 4) more" }
        return .failure(
          UsageError(
            "more than one scenario's name contains \"\(name)\": \(titles); give more of the name",
            command: command))
      }
    }
    guard chosen.isEmpty else {
      return .success(ScriptRunResult(topLevel: result.topLevel, scenarios: chosen))
    }
    let titles = result.scenarios.compactMap(\.title)
    var message = "no scenario named \"\(name)\""
    if let near = Suggestions.closest(to: name, in: titles) {
      message += "; did you mean \"\(near)\"?"
    } else if titles.isEmpty {
      message += "; the script has no scenarios"
    } else {
      message += "; the scenarios are " + titles.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    return .failure(UsageError(message, command: command))
  }

  /// How the runs shown ended, worst first (failed expectations and uncaught
  /// exceptions fail; runtime errors are worse).
  static func status(of result: ScriptRunResult) -> RunStatus {
    var status = RunStatus.ok
    for run in [result.topLevel] + result.scenarios {
      switch run.outcome {
      case .passed: break
      case .runtimeError: status = .runtimeError
      case .failedExpectation, .uncaughtException: if status == .ok { status = .failed }
      }
    }
    return status
  }

  /// The diagnostics of the runs left out by `select`.
  static func diagnostics(leftOutBy selected: ScriptRunResult, from all: ScriptRunResult) -> [Diagnostic] {
    let kept = Set(selected.scenarios.compactMap(\.outcome.diagnostic))
    return all.scenarios.compactMap(\.outcome.diagnostic).filter { !kept.contains($0) }
  }
}

/// An exit status to end with, as an error value.
struct ExitCodeError: Error {
  let code: ExitCode
}

extension ScriptRunResult {
  /// Whether there is a trace worth printing: scenarios, or fingers driven
  /// by the top level.
  var hasScenes: Bool { !scenarios.isEmpty || topLevel.trace.showsUIKit }
}
