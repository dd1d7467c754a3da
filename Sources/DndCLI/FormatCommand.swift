import DndInterpreter
import DndSyntax

/// `dnd fmt FILE...`: prints each script in the canonical form
/// (`ScriptFormatter`), rewrites the ones that change (`--write`), or lists
/// them and fails (`--check`). A directory stands for the `.dnd` scripts
/// under it. A script with syntax errors is never formatted: it gets its
/// diagnostics and exit status 65, and the other files are still done.
enum FormatCommand {
  static func execute(_ operands: [String], mode: FormatMode, invocation: Invocation, console: Console)
    -> ExitCode
  {
    let style = Style(color: invocation.color, console: console)
    var outcomes: [ExitCode] = []
    var paths: [String] = []
    for operand in operands {
      switch ScriptFinder.scripts(at: operand) {
      case .success(let found): paths += found
      case .failure(let failure):
        style.report(failure, to: console)
        outcomes.append(.fileError)
      }
    }
    for (index, path) in paths.enumerated() {
      outcomes.append(
        format(path, id: SourceFile.ID(clamping: index), mode: mode, style: style, console: console))
    }
    return ExitCode.worst(outcomes)
  }

  /// Formats one script and does with the result what `mode` says.
  private static func format(
    _ path: String, id: SourceFile.ID, mode: FormatMode, style: Style, console: Console
  )
    -> ExitCode
  {
    let file: SourceFile
    switch SourceLoader.load(path, id: id, console: console) {
    case .failure(let failure):
      style.report(failure, to: console)
      return .fileError
    case .success(let loaded):
      file = loaded
    }
    let formatted: String
    // On a large stack, to nest as deep as `dnd run` and `dnd check` allow.
    switch Pipeline.onLargeStack({ depth in ScriptFormatter.format(file, maxNestingDepth: depth) }) {
    case .failure(let failure):
      console.writeError(style.renderer(for: file).render(failure.diagnostics))
      return .scriptError
    case .success(let text):
      formatted = text
    }
    let changed = Array(formatted.utf8) != file.bytes
    switch mode {
    case .print:
      console.writeOutput(formatted)
      return .success
    case .check:
      guard changed else { return .success }
      console.writeOutput(file.name + "\n")
      return .failure
    case .write:
      guard changed else { return .success }
      if let message = FileWriter.replaceContents(of: path, with: Array(formatted.utf8)) {
        console.writeError("dnd: " + style.renderer.render(.error, message))
        return .fileError
      }
      return .success
    }
  }

  /// `dnd help fmt`
  static let help = """
    Usage: dnd fmt [options] <file or directory>...

    Prints each script in the canonical form: 4-space indentation, one
    statement per line, spaces around binary operators, '{' on the line of its
    declaration, no semicolons. Comments stay where they are, and blank lines
    between declarations and statements are kept, at most one in a row. A
    directory stands for every .dnd script under it. A script with syntax
    errors is not formatted: its diagnostics go to standard error.

    Strings, numbers and parentheses are kept as written, and long lines are
    not wrapped. A body of one statement written on one line stays on one
    line. A list of arguments, elements or parameters stays on one line
    unless its first one was on a line of its own or a '//' comment follows
    one of them; then each keeps the line it was written on, with its
    comments.

    Options:
    \(HelpText.optionRows(for: .fmt))

    Exit status:
      0   done (with --check: every script is already formatted)
      1   with --check: some scripts are not formatted (they are listed)
      64  the command line is wrong ('-w' with standard input, say)
      65  a script has a syntax error, so it was not formatted
      74  a file could not be read or written

    Examples:
      dnd fmt examples/01-hello-drop.dnd (print the formatted script)
      dnd fmt -w examples                (format every script in place)
      dnd fmt --check examples           (what CI runs)

    """
}
