import DndCLI
import DndSyntax
import Testing

/// The command line as data: arguments in, `Invocation` or usage error out.
@Suite struct CommandLineParserTests {
  @Test(arguments: [
    (["run", "a.dnd"], Invocation(.run("a.dnd"))),
    (["a.dnd"], Invocation(.run("a.dnd"))),
    (["examples/hello"], Invocation(.run("examples/hello"))),
    (["-"], Invocation(.run("-"))),
    (["run", "-"], Invocation(.run("-"))),
    (["--", "-odd.dnd"], Invocation(.run("-odd.dnd"))),
    (["run", "--", "-odd.dnd"], Invocation(.run("-odd.dnd"))),
    (["--", "run"], Invocation(.run("run"))),
    (["check", "a.dnd", "b.dnd"], Invocation(.check(["a.dnd", "b.dnd"]))),
    (["--help"], Invocation(.help(nil))),
    (["-h"], Invocation(.help(nil))),
    (["help"], Invocation(.help(nil))),
    (["help", "run"], Invocation(.help(.run))),
    (["help", "--help"], Invocation(.help(.help))),
    (["run", "--help"], Invocation(.help(.run))),
    (["check", "-h", "a.dnd"], Invocation(.help(.check))),
    (["--version"], Invocation(.version)),
    (["run", "a.dnd", "--color=always"], Invocation(.run("a.dnd"), color: .always)),
    (["--color", "never", "run", "a.dnd"], Invocation(.run("a.dnd"), color: .never)),
    (["check", "--no-color", "a.dnd"], Invocation(.check(["a.dnd"]), color: .never)),
    (["--color=always", "--no-color", "a.dnd"], Invocation(.run("a.dnd"), color: .never)),
    (["run", "--max-steps", "50", "a.dnd"], Invocation(.run("a.dnd"), limits: RunLimits(maxSteps: 50))),
    (["a.dnd", "--max-steps=7"], Invocation(.run("a.dnd"), limits: RunLimits(maxSteps: 7))),
    // The same value twice is harmless; `--color` may change its mind (an alias sets one).
    (["a.dnd", "--max-steps=7", "--max-steps", "7"], Invocation(.run("a.dnd"), limits: RunLimits(maxSteps: 7))),
    (["a.dnd", "--color=always", "--color=never"], Invocation(.run("a.dnd"), color: .never)),
    // A filter ignores case: 'Drop' and 'drop' are one filter.
    (
      ["test", "--filter", "Drop", "--filter=drop", "a.dnd"],
      {
        var filtered = Invocation(.test(["a.dnd"]))
        filtered.filter = "drop"
        filtered.limits.scenarioFilter = "drop"
        return filtered
      }()
    ),
    (["test", "--max-views", "200000", "a.dnd"], Invocation(.test(["a.dnd"]), limits: RunLimits(maxViews: 200_000))),
  ])
  func validCommandLines(arguments: [String], expected: Invocation) throws {
    #expect(try CommandLineParser.parse(arguments).get() == expected)
  }

  @Test(arguments: [
    ([], "no command or script given"),
    (["rnu"], "unknown command 'rnu'; did you mean 'run'?"),
    (["chek", "a.dnd"], "unknown command 'chek'; did you mean 'check'?"),
    (["hello"], "unknown command 'hello'; to run a file of that name, use 'dnd run hello'"),
    (["format", "a.dnd"], "unknown command 'format'; did you mean 'fmt'?"),
    (["shell"], "unknown command 'shell'; did you mean 'repl'?"),
    (["lint", "a.dnd"], "unknown command 'lint'; did you mean 'check'?"),
    (["Format", "a.dnd"], "unknown command 'Format'; did you mean 'fmt'?"),
    (["RUN", "a.dnd"], "unknown command 'RUN'; did you mean 'run'?"),
    (["--colour=always", "a.dnd"], "unknown option '--colour'; did you mean '--color'?"),
    (["-help"], "unknown option '-help'; did you mean '--help'?"),
    (["run", "--max-step", "5", "a.dnd"], "unknown option '--max-step'; did you mean '--max-steps'?"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
    // Before the command, any command's option is a candidate.
    (["--scenaro", "x", "run", "a.dnd"], "unknown option '--scenaro'; did you mean '--scenario'?"),
    (["--filtr", "x", "test", "a.dnd"], "unknown option '--filtr'; did you mean '--filter'?"),
    // A one-letter option is taken for a long option's first letter, not a near letter.
    (["-v"], "unknown option '-v'; did you mean '--version'?"),
    (["-V"], "unknown option '-V'; did you mean '--version'?"),
    (["-H"], "unknown option '-H'; did you mean '-h'?"),
    (["run", "-s", "x", "a.dnd"], "unknown option '-s'; did you mean '--scenario'?"),
    (["run", "-t", "json", "a.dnd"], "unknown option '-t'; did you mean '--trace'?"),
    (["run", "-x", "a.dnd"], "unknown option '-x'"),
    (["check", "-v", "a.dnd"], "unknown option '-v'"),
    (["run"], "'dnd run' needs a script"),
    (["test", "--filter", "", "a.dnd"], "option '--filter' needs part of a scenario's name, not an empty text"),
    // An option without its value takes the script in its place.
    (
      ["run", "--scenario", "examples/hello.dnd"],
      "'dnd run' needs a script; '--scenario' took 'examples/hello.dnd' as its value: give it one first, as in "
        + "'--scenario <name> examples/hello.dnd'"
    ),
    (
      ["test", "--filter", "a.dnd"],
      "'dnd test' needs at least one script or directory; '--filter' took 'a.dnd' as its value: give it one "
        + "first, as in '--filter <text> a.dnd'"
    ),
    (["test", "--filter", "drop"], "'dnd test' needs at least one script or directory"),
    (
      ["run", "a.dnd", "b.dnd"],
      "'dnd run' takes one script, got 2; run them one at a time, or test them all with 'dnd test'"
    ),
    (["a.dnd", "test"], "'test' is a command, and the command comes first: 'dnd test a.dnd'"),
    (["a.dnd", "--no-color", "explain"], "'explain' is a command, and the command comes first: 'dnd explain a.dnd'"),
    (["check"], "'dnd check' needs at least one script"),
    (["help", "rnu"], "no help for 'rnu': it is not a command; did you mean 'run'?"),
    (["help", "format"], "no help for 'format': it is not a command; did you mean 'fmt'?"),
    (["help", "run", "check"], "'dnd help' takes one command name"),
    // An option that picks what runs is given once (the last would win quietly).
    (
      ["run", "--scenario", "x", "--scenario", "y", "a.dnd"],
      "option '--scenario' is given twice, as 'x' and 'y'; give it once"
    ),
    (
      ["test", "--filter=a", "--filter", "b", "a.dnd"],
      "option '--filter' is given twice, as 'a' and 'b'; give it once"
    ),
    (["--color=blue", "a.dnd"], "invalid value 'blue' for '--color'; expected auto, always or never"),
    (["--color=alway", "a.dnd"], "invalid value 'alway' for '--color'; did you mean 'always'?"),
    (["--color"], "option '--color' needs a value <when>"),
    (["--no-color=yes", "a.dnd"], "option '--no-color' takes no value"),
    (
      ["run", "--max-steps", "many", "a.dnd"],
      "invalid value 'many' for '--max-steps'; expected a positive whole number"
    ),
    (
      ["run", "--max-steps", "0", "a.dnd"],
      "invalid value '0' for '--max-steps'; expected a positive whole number"
    ),
    (
      ["run", "--max-steps", "-3", "a.dnd"],
      "invalid value '-3' for '--max-steps'; expected a positive whole number"
    ),
    (
      ["run", "--max-steps", "99999999999999999999", "a.dnd"],
      "value '99999999999999999999' for '--max-steps' is too large; the most is 9223372036854775807"
    ),
    (
      ["test", "--explore", "--seed", "99999999999999999999", "a.dnd"],
      "value '99999999999999999999' for '--seed' is too large; the most is 18446744073709551615"
    ),
    (
      ["test", "--explore", "--explore-limit", "99999999999999999999", "a.dnd"],
      "value '99999999999999999999' for '--explore-limit' is too large; the most is 9223372036854775807"
    ),
    (["check", "--max-steps", "5", "a.dnd"], "option '--max-steps' does not apply to 'dnd check'"),
    (
      ["run", "--max-views", "0", "a.dnd"],
      "invalid value '0' for '--max-views'; expected a positive whole number"
    ),
    (["run", "--version", "a.dnd"], "option '--version' does not apply to 'dnd run'"),
    (
      ["repl", "-"],
      "'dnd repl' reads its inputs from standard input, so the script cannot come from there too; "
        + "give it as a file, or pipe the script's lines in as inputs"
    ),
  ])
  func usageErrors(arguments: [String], message: String) {
    switch CommandLineParser.parse(arguments) {
    case .success(let invocation): Issue.record("parsed as \(invocation)")
    case .failure(let error): #expect(error.message == message)
    }
  }

  @Test func usageErrorsAboutACommandPointAtItsHelp() throws {
    let error = try #require(failure(of: ["run"]))
    #expect(error.hint == "Run 'dnd help run' for its usage.")
    let general = try #require(failure(of: ["rnu"]))
    #expect(general.hint == "Run 'dnd --help' for usage.")
  }

  @Test func aUsageErrorRemembersTheColourAskedForBeforeIt() throws {
    #expect(try #require(failure(of: ["--color=always", "rnu"])).color == .always)
    #expect(try #require(failure(of: ["rnu"])).color == .auto)
  }

  private func failure(of arguments: [String]) -> UsageError? {
    if case .failure(let error) = CommandLineParser.parse(arguments) { return error }
    return nil
  }
}
