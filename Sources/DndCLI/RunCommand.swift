import DndSyntax

/// `dnd run FILE`: load, run through the engine, print what the script
/// printed (or, for a script with scenes, the trace report that shows it in
/// place) to standard output, then report diagnostics on standard error.
enum RunCommand {
  static func execute(_ path: String, invocation: Invocation, console: Console, engine: Engine) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    let file: SourceFile
    switch SourceLoader.load(path, console: console) {
    case .failure(let failure):
      style.report(failure, to: console)
      return .fileError
    case .success(let loaded):
      file = loaded
    }
    var printed = ""
    let report = engine.run(file, invocation.limits) { printed += $0 }
    let renderer = style.renderer(for: file)
    var diagnostics = report.diagnostics
    if let transcript = report.transcript {
      console.writeOutput(transcript.render(renderer))
      diagnostics.removeAll { transcript.shows.contains($0) }
    } else {
      console.writeOutput(printed)
    }
    if !diagnostics.isEmpty {
      console.writeError(renderer.render(diagnostics))
    }
    return report.status.exitCode
  }
}
