import DndInterpreter
import DndReport
import DndRuntime
import DndSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dnd render FILE [--scenario NAME [--at STEP]] [--svg OUT]`: draws the
/// scene to scale in the terminal, with an outline of the view tree, and on
/// request writes the same picture as SVG. Without `--scenario` the scene is
/// the one the top level builds; with it, the scene where the scenario ended
/// or, with `--at`, where it stood after that many steps.
///
/// Writing the SVG file is the command's job: scripts never write files.
enum RenderCommand {
  static func execute(_ path: String, invocation: Invocation, console: Console, engine: Engine) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    if invocation.stopAfterSteps != nil, invocation.scenario == nil {
      let error = UsageError("'--at' needs '--scenario': it counts the steps of one scenario", command: .render)
      console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
      return .usage
    }
    let run: ScriptRun
    switch ScriptRun.start(path, invocation: invocation, console: console, engine: engine) {
    case .failure(let failure): return failure.code
    case .success(let started): run = started
    }
    let renderer = style.renderer(for: run.file)
    guard let full = run.report.result else {
      if !run.report.diagnostics.isEmpty { console.writeError(renderer.render(run.report.diagnostics)) }
      return run.report.status == .ok ? .success : run.report.status.exitCode
    }
    let shown: ScenarioResult
    if invocation.scenario == nil {
      shown = full.topLevel
    } else {
      switch ScriptRun.select(invocation.scenario, in: full) {
      case .failure(let error):
        console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
        return .usage
      case .success(let selected):
        guard let scenario = selected.scenarios.first else { return .usage }
        shown = scenario
      }
    }
    guard let scene = shown.scene else {
      console.writeError("dnd: " + style.renderer.render(.error, "the run left no scene to draw"))
      return .runtimeError
    }
    let picture = ScenePicture(
      scene: scene, trace: Array(shown.trace.prefix(scene.traceCount)), title: shown.title,
      caption: caption(of: shown, asked: invocation.stopAfterSteps, file: run.file))
    console.writeOutput(SceneTextRenderer(style: TerminalStyle(useColor: style.outputColor)).render(picture))
    if let svgPath = invocation.svgPath {
      let svg = SceneSVGRenderer().render(picture)
      if let problem = write(svg, to: svgPath) {
        console.writeError("dnd: " + style.renderer.render(.error, "cannot write '\(svgPath)': \(problem)"))
        return .fileError
      }
    }
    if let diagnostic = shown.outcome.diagnostic {
      console.writeError(renderer.render(diagnostic))
    }
    return .success
  }

  /// "after step 2 of 4 (line 63: drag to target)", or where the run ended.
  private static func caption(of run: ScenarioResult, asked: Int?, file: SourceFile) -> String {
    guard run.title != nil else { return "the scene the top level built" }
    let count = run.steps.count
    func describe(_ range: SourceRange) -> String {
      let line = file.location(of: Int(range.start)).line
      return "line \(line): \(file.text(range).split(separator: "\n").first.map(String.init) ?? "")"
    }
    if let asked, run.stoppedEarly {
      if asked == 0 { return "before the first step" }
      return "after step \(asked) (\(run.steps.last.map(describe) ?? ""))"
    }
    if let asked, asked > count {
      return "at the end: the scenario has only \(count) step\(count == 1 ? "" : "s"), not \(asked)"
    }
    return "at the end of the scenario, after \(count) step\(count == 1 ? "" : "s")"
  }

  /// Writes text to a file, replacing it; returns a problem, or nil.
  private static func write(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)).lowercased() }
    var bytes = Array(text.utf8)
    writeAll(&bytes, to: descriptor)
    guard close(descriptor) == 0 else { return String(cString: strerror(errno)).lowercased() }
    return nil
  }
}
