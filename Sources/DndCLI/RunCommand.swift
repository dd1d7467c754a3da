import DndInterpreter
import DndReport
import DndSyntax

/// `dnd run FILE`: load, run through the engine, print what the script
/// printed (or, for a script with scenes, the trace report that shows it in
/// place) to standard output, then report diagnostics on standard error.
///
/// `--trace=json` and `--trace=mermaid` print the trace in those forms
/// instead, for programs; standard output then holds nothing else, and every
/// diagnostic goes to standard error.
enum RunCommand {
  static func execute(_ path: String, invocation: Invocation, console: Console, engine: Engine) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    // `--defaults FILE`: the store is read before the run and saved after it.
    var invocation = invocation
    var defaultsFile: DefaultsFile?
    if let path = invocation.defaultsPath {
      switch DefaultsFile.load(path) {
      case .failure(let failure):
        console.writeError("dnd: " + style.renderer.render(.error, failure.message))
        return .fileError
      case .success(let loaded):
        defaultsFile = loaded
        invocation.limits.defaults = loaded.store
      }
    }
    if let prepare = console.prepareForSingleRun {
      prepare()
      invocation.limits.leavesObjectsToExit = true
    }
    let run: ScriptRun
    switch ScriptRun.start(path, invocation: invocation, console: console, engine: engine) {
    case .failure(let failure): return failure.code
    case .success(let started): run = started
    }
    let report = run.report
    let renderer = style.renderer(for: run.file)
    var diagnostics = report.diagnostics
    var status = report.status
    if let full = report.result {
      let result: ScriptRunResult
      switch ScriptRun.select(invocation.scenario, in: full, for: .run) {
      case .failure(let error):
        console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
        return .usage
      case .success(let selected): result = selected
      }
      if invocation.scenario != nil {
        let leftOut = ScriptRun.diagnostics(leftOutBy: result, from: full)
        diagnostics.removeAll { leftOut.contains($0) }
        status = ScriptRun.status(of: result)
      }
      switch invocation.trace {
      case .text where result.hasScenes:
        let reporter = TraceTextReporter(
          renderer: DiagnosticRenderer(file: run.file, useColor: style.outputColor), files: [run.file],
          style: TerminalStyle(useColor: style.outputColor))
        console.writeOutput(reporter.render(result))
        let shown = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic)
        diagnostics.removeAll { shown.contains($0) }
      case .text:
        console.writeOutput(run.printed)
      case .json:
        console.writeOutput(TraceJSONReporter(files: [run.file]).render(result))
      case .mermaid:
        console.writeOutput(SequenceDiagramReporter().render(result))
      }
    } else if let transcript = report.transcript {
      console.writeOutput(transcript.render(renderer))
      diagnostics.removeAll { transcript.shows.contains($0) }
    } else {
      console.writeOutput(run.printed)
    }
    if !diagnostics.isEmpty {
      console.writeError(renderer.render(diagnostics))
    }
    if let failure = defaultsFile?.saveIfChanged() {
      console.writeError("dnd: " + style.renderer.render(.error, failure.message))
      return ExitCode.worst([status.exitCode, .fileError])
    }
    return status.exitCode
  }
}
