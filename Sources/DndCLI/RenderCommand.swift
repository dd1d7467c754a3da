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
      let error = UsageError(
        "'--at' needs '--scenario': it counts the steps of one scenario", command: .render)
      console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
      return .usage
    }
    if let svgPath = invocation.svgPath, svgPath != "-", let error = overwritesScript(svgPath, script: path) {
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
      switch ScriptRun.select(invocation.scenario, in: full, for: .render) {
      case .failure(let error):
        console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
        return .usage
      case .success(let selected):
        guard let scenario = selected.scenarios.first else {
          // The top level failed, so no scenario ran: its error is the news.
          if let diagnostic = full.topLevel.outcome.diagnostic {
            console.writeError(renderer.render([diagnostic]))
            return ScriptRun.status(of: full).exitCode
          }
          return .usage
        }
        shown = scenario
      }
    }
    guard let scene = shown.scene else {
      console.writeError("dnd: " + style.renderer.render(.error, "the run left no scene to draw"))
      return .runtimeError
    }
    let picture = ScenePicture(
      run: shown, scene: scene, askedSteps: invocation.stopAfterSteps, file: run.file)
    // `--svg -`: the SVG goes to standard output, in place of the text picture.
    if invocation.svgPath == "-" {
      console.writeOutput(SceneSVGRenderer().render(picture))
    } else {
      console.writeOutput(SceneTextRenderer(style: TerminalStyle(useColor: style.outputColor)).render(picture))
    }
    if let svgPath = invocation.svgPath, svgPath != "-" {
      let svg = SceneSVGRenderer().render(picture)
      if let problem = write(svg, to: svgPath) {
        console.writeError("dnd: " + style.renderer.render(.error, "cannot write '\(svgPath)': \(problem)"))
        return .fileError
      }
    }
    if let diagnostic = shown.outcome.diagnostic {
      console.writeError(renderer.render(diagnostic))
    }
    // The picture is drawn either way; the status says how the run went, as for 'dnd run'.
    switch shown.outcome {
    case .passed: return .success
    case .failedExpectation, .uncaughtException: return .failure
    case .runtimeError: return .runtimeError
    }
  }

  /// `--svg` aimed at a script: the script itself (`dnd render --svg
  /// h.dnd h.dnd` replaced it with the picture), or another existing
  /// script. The picture needs a file of its own.
  private static func overwritesScript(_ svgPath: String, script: String) -> UsageError? {
    var target = stat()
    guard stat(svgPath, &target) == 0 else { return nil }
    var source = stat()
    let same = stat(script, &source) == 0 && source.st_dev == target.st_dev && source.st_ino == target.st_ino
    let isScript = svgPath.lowercased().hasSuffix(".dnd")
    guard same || isScript else { return nil }
    let what = same ? "the script being rendered" : "a script"
    let stem = isScript || svgPath.lowercased().hasSuffix(".svg") ? String(svgPath.dropLast(4)) : svgPath
    let suggestion = (same && !isScript ? stem + "-picture" : stem) + ".svg"
    return UsageError(
      "'--svg \(svgPath)' would write the picture over \(what); give it a file of its own, such as "
        + "'\(suggestion)'", command: .render)
  }

  /// Writes text to a file, replacing it; returns a problem, or nil.
  private static func write(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)).lowercased() }
    var bytes = Array(text.utf8)
    let failure = writeAll(&bytes, to: descriptor)
    let closed = close(descriptor) == 0 ? nil : errno
    guard let code = failure ?? closed else { return nil }
    return String(cString: strerror(code)).lowercased()
  }
}
