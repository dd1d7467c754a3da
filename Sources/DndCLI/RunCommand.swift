import DndSyntax

/// `dnd run FILE`: load, run through the engine, stream what the script
/// prints to standard output, then report diagnostics on standard error.
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
    let report = engine.run(file, invocation.limits) { console.writeOutput($0) }
    if !report.diagnostics.isEmpty {
      console.writeError(style.renderer(for: file).render(report.diagnostics))
    }
    return report.status.exitCode
  }
}
