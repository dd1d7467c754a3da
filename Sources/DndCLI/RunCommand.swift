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
    var limits = invocation.limits
    var defaultsFile: DefaultsFile?
    if let path = invocation.defaultsPath {
      switch DefaultsFile.load(path) {
      case .failure(let failure):
        console.writeError("dnd: " + style.renderer.render(.error, failure.message))
        return .fileError
      case .success(let loaded):
        defaultsFile = loaded
        limits.defaults = loaded.store
      }
    }
    var printed = ""
    let report = engine.run(file, limits) { printed += $0 }
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
    if let failure = defaultsFile?.saveIfChanged() {
      console.writeError("dnd: " + style.renderer.render(.error, failure.message))
      return ExitCode.worst([report.status.exitCode, .fileError])
    }
    return report.status.exitCode
  }
}
