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
      74  a file could not be read, or the output not written

    Examples:
      dnd examples/01-hello-drop.dnd
      dnd test examples
      dnd explain examples/09-move-and-copy.dnd
      dnd render examples/01-hello-drop.dnd
      dnd check examples/*.dnd
      echo 'print("hi")' | dnd run -

    Run 'dnd help <command>' for more about a command.

    """

  /// `dnd help <command>`, `dnd <command> --help`
  static func help(for command: CommandName) -> String {
    switch command {
    case .run: return run
    case .test: return test
    case .check: return check
    case .explain: return explain
    case .render: return render
    case .fmt: return FormatCommand.help
    case .repl: return repl
    case .help: return help
    }
  }

  /// One line per command for the overview.
  static func summary(of command: CommandName) -> String {
    switch command {
    case .run: return "Run a script's scenarios and print their trace."
    case .test: return "Run the scenarios of scripts as tests."
    case .check: return "Parse and check scripts without running them."
    case .explain: return "Run a script and explain each scenario in the lecture's terms."
    case .render: return "Draw a script's scene: in the terminal, or as SVG."
    case .fmt: return "Print scripts in the canonical form, or rewrite them."
    case .repl: return "Try statements and scenario steps one at a time."
    case .help: return "Show help for a command."
    }
  }

  private static let run = """
    Usage: dnd run [options] <file>

    Runs a script: its top-level code once, then each scenario, each from a
    fresh scene. For a script with scenes, prints the trace: every delegate
    call, under the phase it belongs to (Lift, Drag, Set down, Data transfer),
    with the virtual time, the queue, the view, UIKit's spelling of the method
    and what it returned, and what the script printed in place; then PASS or
    FAIL for each scenario. A script without scenes prints what it prints.
    With the text trace, a scenario's failure is shown in the trace, under
    its FAIL line, on standard output; every other diagnostic (a check
    error, a failure with --trace json or mermaid, an error in a script
    without scenes) goes to standard error. The exit status tells the two
    apart from a pass. A file named '-' is read from standard input.

    Trace formats (--trace):
      text     for people (the default); colour only on a terminal
      json     JSON lines, one object per event (see docs/trace-json.md)
      mermaid  a Mermaid sequence diagram of the whole run

    A run that goes on too long stops with a runtime error\(stepLimitNote).

    Options:
    \(optionRows(for: .run))

    Exit status:
      0   every scenario and expectation held
      1   a scenario or expectation failed
      64  the command line is wrong (an unknown option or scenario, say)
      65  the script has a syntax or check error, so nothing ran
      70  the script failed while running, or went over a limit
      74  the file (or the --defaults file) could not be read or written

    Examples:
      dnd run examples/01-hello-drop.dnd
      dnd examples/01-hello-drop.dnd        (the same: 'run' is the default)
      dnd run --max-steps 10000 bench/loop.dnd   (stops at the limit: exit 70)
      dnd run --trace=json examples/01-hello-drop.dnd \\
        | jq 'select(.type == "event") | .method'
      dnd run --trace=mermaid examples/01-hello-drop.dnd > hello.mmd
      dnd run --scenario "our own photo moves" examples/09-move-and-copy.dnd

    """

  private static let test = """
    Usage: dnd test [options] <file or directory>...

    Runs every scenario of the scripts as a test, each from a fresh scene (a
    directory: every .dnd file below it, in order). A script's inline
    expectations ('// expect: ...' comments) are one more test, named after
    the file, and so is a script without scenarios. Prints the checker's
    warnings about a script above its tests (on standard output, with the
    report), a line per test,
    PASS or FAIL with the place of the failure, then each failure in full:
    the expectation with both sides' values and the trace of the scenario up
    to the failure. The last line counts them: 'N passed, N failed'. With
    --filter, the scenarios before a chosen one still run, unseen: each sees
    the UserDefaults store as the whole file's run leaves it.

    Options:
    \(optionRows(for: .test))

    Exit status:
      0   every test passed
      1   a test failed (a script that cannot be read or checked is a failed
          test too), or no script, or no scenario --filter names, was found
      64  the command line is wrong (an unknown option, say)

    Examples:
      dnd test examples
      dnd test examples/01-hello-drop.dnd examples/09-move-and-copy.dnd
      dnd test --filter "cancel" examples
      dnd test --explore examples/explore
      dnd test --explore --faults examples/08-two-loads.dnd

    Exploration, its order ids, pruning and faults: docs/exploration.md.

    """

  private static let explain = """
    Usage: dnd explain [options] <file>

    Runs a script and tells each scenario as a story, in the lecture's terms:
    which phase begins and why, what each answer of a delegate means (a copy
    proposal shows a green plus), and why something did not happen: why no
    drag started, why a view was not a drop target, why performDrop was not
    called, why a view was touched off the main queue. Each explanation names
    the UIKit rule behind it and where UIKit documents it; the documents are
    listed at the end.

    Options:
    \(optionRows(for: .explain))

    Exit status: as for 'dnd run'.

    Examples:
      dnd explain examples/01-hello-drop.dnd
      dnd explain --scenario "a move the source does not allow becomes a cancel" \\
        examples/09-move-and-copy.dnd

    """

  private static let render = """
    Usage: dnd render [options] <file>

    Draws the scene to scale in the terminal: each view a box with its name,
    the finger (@ while down) and its path, the current drop target in heavy
    lines; then the fingers, the drags, and the view tree as an outline with
    each view's class, frame and interactions. With --svg, also writes the
    same picture as an SVG file (hidden views are drawn there, dashed, and
    left out of the text picture); with --svg -, writes the SVG to standard output
    instead of the text picture.

    Without --scenario the scene is the one the script's top level builds.
    With --scenario, it is the scene where that scenario ended, or with
    --at STEP where it stood after STEP steps. A step is one line of the
    scenario that moves a finger or the clock: longPress, drag, tap, release,
    cancel, wait or settle ('drag to a, b' is one step); expectations and
    other statements are not steps. --at 0 shows the scene before the first.

    Options:
    \(optionRows(for: .render))

    Exit status (the picture is drawn whenever the script ran):
      0   the picture was drawn, and the run shown held every expectation
      1   an expectation of the run shown failed, or the app terminated
      64  the command line was wrong (an unknown scenario, say)
      65  the script has a syntax or check error
      70  the run shown failed with a runtime error
      74  the script could not be read or the SVG file not written

    Examples:
      dnd render examples/01-hello-drop.dnd
      dnd render --scenario "our own photo moves" --at 2 \\
        examples/09-move-and-copy.dnd
      dnd render examples/14-garbage-can.dnd \\
        --scenario "a photo of ours goes into the can" --at 2 --svg can.svg

    """

  private static let check = """
    Usage: dnd check [options] <file|directory>...

    Parses and checks each script without running it, and prints its errors
    and warnings to standard error. Prints nothing when all is well. A
    directory stands for every .dnd script under it.

    To see how the language reads a script, --dump-tokens prints its tokens
    (position, kind, text) and --dump-ast its syntax tree (one node per line,
    children indented, each with its line:column) to standard output. A
    script with errors still shows what was read, then the diagnostics.

    Options:
    \(optionRows(for: .check))

    Exit status:
      0   no errors (warnings are allowed)
      64  the command line is wrong (an unknown option, say)
      65  a script has a syntax or check error
      74  a file could not be read

    Examples:
      dnd check examples/*.dnd
      dnd check examples
      dnd check --color=always examples/broken 2>&1 | less -R
      dnd check --dump-ast examples/01-hello-drop.dnd
      echo 'let x = 1 + 2 * 3' | dnd check --dump-ast --dump-tokens -

    """

  private static let repl = """
    Usage: dnd repl [options] [<file>]

    Reads statements, declarations and scenario steps one at a time and runs
    each on the same scene: what one input declares, the next can use, and a
    drag can be played a step at a time (longPress, drag to, release, settle),
    each step printing the trace events it caused. With a file, its
    declarations run first; its scenarios do not. A line with an open brace,
    bracket or parenthesis continues on the next, as does one ending in an
    operator (as, is and -> too; not >, ! or ?, which can end Array<Int>,
    x! or Int?), '.', '?.', ',', ':', 'else' or 'in'.
    Errors are reported against the input typed, and the session goes on.

    Commands inside the REPL:
    \(replCommandRows)

    On a terminal, lines can be edited (arrows, Ctrl-A/E, Ctrl-R to search)
    and are kept in ~/.dnd_history; Ctrl-C abandons an input, Ctrl-D on an
    empty line quits. From a pipe there is no prompt, so the output is just
    the results, each as soon as its line has arrived.

    Options:
    \(optionRows(for: .repl))

    Exit status (from a pipe; on a terminal, always 0):
      0   every input worked
      1   an expectation failed, or the app terminated
      64  a REPL command was wrong (such as ':trace x')
      65  an input (or the script) has a syntax or check error, or a line
          of the input is not UTF-8 text
      70  an input failed while running
      74  the script could not be read; or standard input could not, or a
          line of it went on past 16 MiB, which ends the session
    The session goes on after the others; the status is the worst of them.

    Examples:
      dnd repl
      dnd repl examples/01-hello-drop.dnd
      printf 'longPress source\\ndrag to target\\n' \\
        | dnd repl examples/01-hello-drop.dnd

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

  /// The REPL's `:commands`, one row each.
  private static var replCommandRows: String {
    ReplCommand.allCases.map { command in
      let head = ":" + command.rawValue + (command.operand.isEmpty ? "" : " " + command.operand)
      return "  " + padded(head, to: 12) + command.summary
    }.joined(separator: "\n")
  }

  private static var commandRows: String {
    CommandName.allCases.map { "  " + padded($0.rawValue, to: 9) + summary(of: $0) }.joined(separator: "\n")
  }

  /// The option table for a command, names padded into a column.
  static func optionRows(for command: CommandName?) -> String {
    OptionSpec.options(for: command)
      .map { "  " + padded($0.synopsis, to: 20) + $0.summary }
      .joined(separator: "\n")
  }

  private static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
