/// `dnd test FILE|DIR...`: every scenario of the scripts named (a directory:
/// every `.dnd` below it, sorted) runs as a test, each from a fresh scene,
/// and so do the inline expectations of spec files. Prints `TestReport`;
/// exits 0 when every test passed and 1 otherwise.
enum TestCommand {
  static func execute(_ paths: [String], invocation: Invocation, console: Console, engine: Engine) -> ExitCode
  {
    let style = Style(color: invocation.color, console: console)
    let scripts = TestRunner.scripts(in: paths)
    guard !scripts.isEmpty else {
      let message = "no .dnd scripts found in " + paths.joined(separator: ", ")
      console.writeError("dnd: " + style.renderer.render(.error, message))
      return .failure
    }
    if let settings = invocation.exploration {
      return ExploreCommand.execute(scripts, settings: settings, invocation: invocation, console: console)
    }
    let runner = TestRunner(engine: engine, filter: invocation.filter, limits: invocation.limits)
    let files = scripts.map { path in
      // `-` is standard input, as for the other commands.
      guard path == "-" else { return runner.run(path: path) }
      switch SourceLoader.load(path, console: console) {
      case .success(let file): return runner.run(SpecFile(source: file))
      case .failure(let failure):
        return FileTests(
          name: path, source: nil, cases: [TestCase(name: path, kind: .file, failure: .unreadable(failure.message))])
      }
    }
    let report = TestReport(files: files, useColor: style.outputColor)
    if let filter = invocation.filter, report.passedCount + report.failedCount == 0 {
      console.writeError("dnd: " + style.renderer.render(.error, "no scenario's name contains '\(filter)'"))
      return .failure
    }
    console.writeOutput(report.text)
    return report.failedCount == 0 ? .success : .failure
  }
}
