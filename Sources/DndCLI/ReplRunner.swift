/// `dnd repl [FILE]`: the read-evaluate-print loop.
///
/// On a terminal it shows a prompt (`dnd> `, `...> ` while an input goes on),
/// edits lines with its own editor (`LineEditor`) and keeps
/// the history in `~/.dnd_history`. Otherwise it reads standard input line
/// by line with no prompt and no escape codes, so a piped session gives
/// clean output, and exits as `dnd run` would on the worst input (0 when
/// every input worked), so a piped script of inputs can be checked. The
/// REPL is the only part of `dnd` that reads `HOME` and writes a file of
/// its own; neither is reachable from a script.
enum ReplRunner {
  /// Whether a line is a REPL command (`:quit`, `:trace 3`): a colon and a
  /// command's name, so that code starting with ':' inside an input is not.
  static func isCommand(_ line: Substring) -> Bool {
    guard line.first == ":" else { return false }
    let name = line.dropFirst().prefix { $0 != " " && $0 != "\t" }
    return ReplCommand(rawValue: String(name)) != nil
  }

  static let prompt = "dnd> "
  static let continuationPrompt = "...> "

  static func execute(_ path: String?, invocation: Invocation, console: Console) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    let session = ReplSession(console: console, style: style, limits: invocation.limits)
    let interactive = console.inputIsTerminal
    let reader: LineReader
    var history: HistoryFile?
    if interactive {
      history = HistoryFile.inHome(console.environment)
      reader = TerminalLines.make(history: history?.load() ?? [])
      console.writeOutput("dnd \(DndCommand.version): type :help for commands, Ctrl-D to quit.\n")
    } else {
      reader = PipedLines(console.readInputChunk)
    }
    if let path { session.load(path) }
    var pending: [String] = []
    while true {
      console.flush()
      let shown = interactive ? (pending.isEmpty ? prompt : continuationPrompt) : ""
      switch reader.read(prompt: shown) {
      case .end:
        // An input left open at the end is evaluated, so its error is shown.
        if !pending.isEmpty { session.evaluate(pending.joined(separator: "\n")) }
        console.flush()
        return interactive ? .success : session.outcome
      case .interrupted:
        pending = []
      case .failed(let failure):
        style.report(failure, to: console)
        console.flush()
        return .fileError
      case .notUTF8(let line):
        // As `dnd run -` refuses such input; the session goes on with the next line.
        style.report(.standardInputNotUTF8(line: line), to: console)
        session.noteFailure(.scriptError)
        // An input the line was part of is dropped with it, as after Ctrl-C.
        pending = []
      case .line(let line):
        if interactive, !line.allSatisfy(\.isWhitespace) {
          reader.remember(line)
          history?.append(line)
        }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        // Inside an open `"""` string or `/*` comment, a line starting with ':' is text.
        if !pending.isEmpty, Self.isCommand(trimmed), !ReplInput.endsInsideLiteral(pending.joined(separator: "\n")) {
          // `:quit` under an unfinished `func f() {`: show what is open, drop it, obey the command.
          session.evaluate(pending.joined(separator: "\n"))
          pending = []
        }
        if pending.isEmpty {
          if trimmed.allSatisfy(\.isWhitespace) { continue }
          if trimmed.hasPrefix(":") {
            if session.perform(command: String(trimmed), console: console, style: style) == .quit {
              console.flush()
              return interactive ? .success : session.outcome
            }
            continue
          }
        }
        pending.append(line)
        let text = pending.joined(separator: "\n")
        // An input left open for ever (a bracket never closed) is bounded as a script is.
        if text.utf8.count > SourceLoader.maximumBytes {
          style.report(.standardInputLineTooLong, to: console)
          console.flush()
          return .fileError
        }
        if ReplInput.needsMore(text) { continue }
        pending = []
        session.evaluate(text)
      }
    }
  }
}
