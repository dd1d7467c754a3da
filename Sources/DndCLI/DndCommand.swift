#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import DndSyntax

/// The `dnd` command, callable in-process: parse the arguments, do the one
/// thing they ask, write to the console, return the exit status.
public enum DndCommand {
  /// The version `dnd --version` prints.
  public static let version = "0.1.0"

  /// Runs `dnd` with `arguments` (without the program name) against the real pipeline.
  public static func main(_ arguments: [String], console: Console) -> Int32 {
    main(arguments, console: console, engine: .live)
  }

  /// Runs `dnd` with a given engine; tests pass a fake one.
  public static func main(_ arguments: [String], console: Console, engine: Engine) -> Int32 {
    let status: Int32
    switch CommandLineParser.parse(arguments) {
    case .failure(let error):
      let style = Style(color: error.color, console: console)
      console.writeError("dnd: " + style.renderer.render(.error, error.message) + error.hint + "\n")
      status = ExitCode.usage.rawValue
    case .success(let invocation):
      status = execute(invocation, console: console, engine: engine).rawValue
    }
    console.flush()
    // Output that never arrived (a full disk, a closed stream) is a file
    // error, whatever the command found. A reader that went away (a closed
    // pipe: `dnd run x | head`) needs no message.
    guard let failure = console.outputFailure() else { return status }
    if failure != EPIPE {
      let reason = String(cString: strerror(failure))
      console.writeError("dnd: error: cannot write to standard output: \(reason)\n")
    }
    return ExitCode.fileError.rawValue
  }

  /// Carries out a parsed command line.
  static func execute(_ invocation: Invocation, console: Console, engine: Engine) -> ExitCode {
    switch invocation.action {
    case .help(nil):
      console.writeOutput(HelpText.overview)
      return .success
    case .help(let command?):
      console.writeOutput(HelpText.help(for: command))
      return .success
    case .version:
      console.writeOutput("dnd \(version)\n")
      return .success
    case .run(let path):
      return RunCommand.execute(path, invocation: invocation, console: console, engine: engine)
    case .check(let paths):
      return CheckCommand.execute(paths, invocation: invocation, console: console, engine: engine)
    case .test(let paths):
      return TestCommand.execute(paths, invocation: invocation, console: console, engine: engine)
    case .explain(let path):
      return ExplainCommand.execute(path, invocation: invocation, console: console, engine: engine)
    case .render(let path):
      return RenderCommand.execute(path, invocation: invocation, console: console, engine: engine)
    case .format(let paths, let mode):
      return FormatCommand.execute(paths, mode: mode, invocation: invocation, console: console)
    case .repl(let path):
      return ReplRunner.execute(path, invocation: invocation, console: console)
    }
  }
}

/// How this invocation writes to standard error: with colour or without.
struct Style {
  let useColor: Bool

  /// Whether standard output is coloured (reports and traces).
  let outputColor: Bool

  init(color: ColorMode, console: Console) {
    useColor = color.usesColor(streamIsTerminal: console.errorIsTerminal, environment: console.environment)
    outputColor = color.usesColor(
      streamIsTerminal: console.outputIsTerminal, environment: console.environment)
  }

  /// A renderer for messages with no file.
  var renderer: DiagnosticRenderer { DiagnosticRenderer(files: [], useColor: useColor) }

  /// A renderer for diagnostics in `file`.
  func renderer(for file: SourceFile) -> DiagnosticRenderer {
    DiagnosticRenderer(file: file, useColor: useColor)
  }

  /// Reports a file that could not be read.
  func report(_ failure: LoadFailure, to console: Console) {
    console.writeError("dnd: " + renderer.render(.error, failure.messageWithSuggestion))
  }
}

extension LoadFailure {
  /// The message, with the nearest script's name when the file is missing.
  var messageWithSuggestion: String {
    guard case .missing(let path) = self, let near = ScriptFinder.nearScript(to: path) else { return message }
    return message + "; did you mean '\(near)'?"
  }
}
