import DndInterpreter
import DndReport
import DndSyntax

/// `dnd explain FILE`: runs the scenarios and narrates them for a student, in
/// the lecture's terms (`Explainer`): what each phase does and why it began,
/// what each answer of the delegates means, and why what did not happen did
/// not. Exits like `dnd run`.
enum ExplainCommand {
  static func execute(_ path: String, invocation: Invocation, console: Console, engine: Engine) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    let run: ScriptRun
    switch ScriptRun.start(path, invocation: invocation, console: console, engine: engine) {
    case .failure(let failure): return failure.code
    case .success(let started): run = started
    }
    let renderer = style.renderer(for: run.file)
    guard let full = run.report.result else {
      console.writeOutput(run.printed)
      if !run.report.diagnostics.isEmpty { console.writeError(renderer.render(run.report.diagnostics)) }
      return run.report.status.exitCode
    }
    let result: ScriptRunResult
    switch ScriptRun.select(invocation.scenario, in: full, for: .explain) {
    case .failure(let error):
      console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
      return .usage
    case .success(let selected): result = selected
    }
    let explainer = Explainer(files: [run.file], style: TerminalStyle(useColor: style.outputColor))
    console.writeOutput(explainer.explain(result))
    // The story tells a failure in words; the diagnostic, with its line and
    // caret, goes to standard error as every command's does.
    let leftOut = ScriptRun.diagnostics(leftOutBy: result, from: full)
    let rest = run.report.diagnostics.filter { !leftOut.contains($0) }
    if !rest.isEmpty { console.writeError(renderer.render(rest)) }
    return ScriptRun.status(of: result).exitCode
  }
}
