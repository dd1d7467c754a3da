/// The help texts. The overview is also the README's usage block (a test
/// keeps the two equal), so change both together.
enum HelpText {
  /// `dnd --help`
  static let overview = """
    dnd: drag and drop as UIKit does it, in a small scripting language.

    Usage:
      dnd <file>                         Same as 'dnd run <file>'.
      dnd <command> [options] <file>...

    Commands:
    \(commandRows)

    Options:
    \(optionRows(for: nil))

    A file named '-' is read from standard input.

    Exit status:
      0   success
      1   a scenario or expectation failed
      64  the command line was wrong
      65  a script has a syntax or check error
      70  a script failed while running
      74  a file could not be read

    Examples:
      dnd examples/01-hello-drop.dnd
      dnd check examples/*.dnd
      echo 'print("hi")' | dnd run -

    Run 'dnd help <command>' for more about a command.

    """

  /// `dnd help <command>`, `dnd <command> --help`
  static func help(for command: CommandName) -> String {
    switch command {
    case .run: return run
    case .check: return check
    case .fmt: return FormatCommand.help
    case .help: return help
    }
  }

  /// One line per command for the overview.
  static func summary(of command: CommandName) -> String {
    switch command {
    case .run: return "Run a script's scenarios and print their trace."
    case .check: return "Parse and check scripts without running them."
    case .fmt: return "Print scripts in the canonical form, or rewrite them."
    case .help: return "Show help for a command."
    }
  }

  private static let run = """
    Usage: dnd run [options] <file>

    Runs a script: its top-level code once, then each scenario, each from a
    fresh scene. For a script with scenarios, standard output gets the trace
    of each one (every delegate call and event by phase, with what the script
    printed in place) and whether it passed; otherwise, what the script
    printed. Errors and warnings go to standard error. A file named '-' is
    read from standard input.

    A run that goes on too long stops with a runtime error\(stepLimitNote).

    Options:
    \(optionRows(for: .run))

    Exit status:
      0   every scenario and expectation held
      1   a scenario or expectation failed
      65  the script has a syntax or check error, so nothing ran
      70  the script failed while running, or went over a limit
      74  the file could not be read

    Examples:
      dnd run examples/01-hello-drop.dnd
      dnd examples/01-hello-drop.dnd        (the same: 'run' is the default)
      dnd run --max-steps 10000 loop.dnd

    """

  private static let check = """
    Usage: dnd check [options] <file>...

    Parses and checks each script without running it, and prints its errors
    and warnings to standard error. Prints nothing when all is well.

    To see how the language reads a script, --dump-tokens prints its tokens
    (position, kind, text) and --dump-ast its syntax tree (one node per line,
    children indented, each with its line:column) to standard output. A
    script with errors still shows what was read, then the diagnostics.

    Options:
    \(optionRows(for: .check))

    Exit status:
      0   no errors (warnings are allowed)
      65  a script has a syntax or check error
      74  a file could not be read

    Examples:
      dnd check examples/*.dnd
      dnd check --color=always script.dnd 2>&1 | less -R
      dnd check --dump-ast examples/01-hello-drop.dnd
      echo 'let x = 1 + 2 * 3' | dnd check --dump-ast --dump-tokens -

    """

  private static let help = """
    Usage: dnd help [<command>]

    Shows the help for a command, or the overview of all commands.

    Commands: \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))

    Examples:
      dnd help run
      dnd run --help                     (the same)

    """

  /// ": after 100000000 steps by default", when the engine says.
  private static var stepLimitNote: String {
    guard let steps = Engine.defaultMaxSteps else { return "" }
    return " after \(steps) steps\n(calls and loop iterations) unless --max-steps says otherwise"
  }

  private static var commandRows: String {
    CommandName.allCases.map { "  " + padded($0.rawValue, to: 9) + summary(of: $0) }.joined(separator: "\n")
  }

  /// The option table for a command, names padded into a column.
  static func optionRows(for command: CommandName?) -> String {
    OptionSpec.options(for: command)
      .map { "  " + padded($0.synopsis, to: 18) + $0.summary }
      .joined(separator: "\n")
  }

  private static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
