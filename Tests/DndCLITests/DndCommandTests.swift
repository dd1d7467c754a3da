#if canImport(Glibc)
  import Glibc
#endif
import DndCLI
import DndSyntax
import DndInterpreter
import Testing

/// The command in-process, against the fake engine: what it writes where,
/// and the exit status for each kind of outcome.
@Suite struct DndCommandTests {
  @Test func helpGoesToStandardOutputAndSucceeds() {
    let outcome = dnd(["--help"])
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("dnd: drag and drop as UIKit does it"))
    #expect(outcome.output.contains("Examples:"))
    #expect(outcome.error.isEmpty)
  }

  @Test(arguments: CommandName.allCases)
  func everyCommandHasHelpWithUsageAndExamples(command: CommandName) {
    let outcome = dnd(["help", command.rawValue])
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("Usage: dnd \(command.rawValue)"))
    #expect(outcome.output.contains("Examples:\n  dnd "))
    #expect(dnd([command.rawValue, "--help"]) == outcome)
  }

  @Test func everyLineOfHelpFitsEightyColumns() {
    let texts = [dnd(["--help"]).output] + CommandName.allCases.map { dnd(["help", $0.rawValue]).output }
    for line in texts.joined().split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test func versionPrintsTheVersion() {
    #expect(dnd(["--version"]) == CommandOutcome(status: 0, output: "dnd \(DndCommand.version)\n", error: ""))
  }

  @Test func aUsageErrorExitsWith64AndAHint() {
    #expect(
      dnd(["rnu", "x.dnd"])
        == CommandOutcome(
          status: 64, output: "",
          error: "dnd: error: unknown command 'rnu'; did you mean 'run'?\nRun 'dnd --help' for usage.\n"))
  }

  @Test func aUsageErrorIsColouredWhenAsked() {
    let outcome = dnd(["--color=always", "rnu"])
    #expect(outcome.error.hasPrefix("dnd: \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown command 'rnu'"))
  }

  @Test func runPrintsTheScriptsOutputAndSucceeds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("hello.dnd", "print Hello\nprint World\n")
    #expect(dnd(["run", path]) == CommandOutcome(status: 0, output: "Hello\nWorld\n", error: ""))
    #expect(dnd([path]) == dnd(["run", path]))
  }

  @Test func aScriptErrorExitsWith65AndRendersTheDiagnostic() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("bad.dnd", "print a\nlet b = lable\n")
    let outcome = dnd(["run", path])
    #expect(outcome.status == 65)
    #expect(outcome.output == "")
    #expect(
      outcome.error == """
        \(path):2:9: error: unknown name 'lable'; did you mean 'label'?
           2 | let b = lable
             |         ^~~~~

        """)
  }

  @Test func aRuntimeErrorExitsWith70AfterTheOutputSoFar() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("boom.dnd", "print before\nboom\nprint after\n")
    let outcome = dnd(["run", path])
    #expect(outcome.status == 70)
    #expect(outcome.output == "before\n")
    #expect(outcome.error.hasPrefix("\(path):2:1: error: the script went boom\n"))
  }

  @Test func aFailedExpectationExitsWith1() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("fail.dnd", "print x\nfail\n")
    let outcome = dnd(["run", path])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("error: expectation failed"))
  }

  @Test func warningsArePrintedButDoNotFail() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("warn.dnd", "var unused\nprint ok\n")
    let run = dnd(["run", path])
    #expect(run.status == 0)
    #expect(run.output == "ok\n")
    #expect(run.error.hasPrefix("\(path):1:5: warning: 'unused' is never used\n"))
    #expect(dnd(["check", path]).status == 0)
  }

  @Test func maxStepsReachesTheEngine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("long.dnd", "print 1\nprint 2\nprint 3\n")
    let outcome = dnd(["run", "--max-steps", "2", path])
    #expect(outcome.status == 70)
    #expect(outcome.output == "1\n2\n")
    #expect(outcome.error.contains("the run went over 2 steps"))
  }

  /// `--max-views` moves the limit on views a run creates, both ways (the
  /// real pipeline, not the fake engine).
  @Test func maxViewsMovesTheViewLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("views.dnd", "for _ in 0..<3 {\n  let view = UIView()\n}\nprint(\"made\")\n")
    #expect(dnd(["run", path], engine: .live).output == "made\n")
    let limited = dnd(["run", "--max-views", "2", path], engine: .live)
    #expect(limited.status == 70)
    #expect(limited.error.contains("more than 2 views"))
    #expect(limited.error.contains("--max-views raises the limit"))
    #expect(dnd(["run", "--max-views", "3", path], engine: .live).output == "made\n")
    // The help's default is the interpreter's.
    #expect(dnd(["help", "run"], engine: .live).output.contains("(default \(InterpreterLimits().maxViews))"))
  }

  @Test func aDashReadsTheScriptFromStandardInput() {
    let outcome = dnd(["-"], input: Array("print piped\nlet x = lable\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.error.hasPrefix("<stdin>:2:9: error: unknown name"))
    #expect(dnd(["run", "-"], input: Array("print piped\n".utf8)).output == "piped\n")
  }

  @Test func unreadableStandardInputExitsWith74() {
    #expect(
      dnd(["-"], input: nil)
        == CommandOutcome(status: 74, output: "", error: "dnd: error: cannot read standard input\n"))
  }

  @Test func aMissingFileExitsWith74() {
    #expect(
      dnd(["run", "/nonexistent/dir/x.dnd"])
        == CommandOutcome(
          status: 74, output: "", error: "dnd: error: cannot read '/nonexistent/dir/x.dnd': no such file\n"))
  }

  @Test func aDirectoryExitsWith74() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = dnd(["run", directory.path])
    #expect(outcome.status == 74)
    #expect(
      outcome.error
        == "dnd: error: cannot read '\(directory.path)': it is a directory, not a script; "
        + "'dnd test \(directory.path)' runs every script in it\n")
  }

  /// `dnd check` takes a directory as `dnd test` and `dnd fmt` do.
  @Test func checkTakesADirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let empty = dnd(["check", directory.path])
    #expect(empty.status == 74)
    #expect(empty.error == "dnd: error: cannot read '\(directory.path)': no .dnd scripts in it\n")
    _ = try directory.write("a.dnd", "print fine\n")
    _ = try directory.write("b.dnd", "let x = lable\n")
    let outcome = dnd(["check", directory.path])
    #expect(outcome.status == 65)
    #expect(outcome.error.hasPrefix("\(directory.path)/b.dnd:1:9: error: unknown name 'lable'"), "\(outcome.error)")
  }

  /// A missing script names the nearest file beside it.
  @Test(arguments: [("helo.dnd", "hello.dnd"), ("hello", "hello.dnd"), ("zzz.dnd", nil)])
  func aMissingFileSuggestsANearOne(typed: String, meant: String?) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write("hello.dnd", "print(1)\n")
    let outcome = dnd(["run", directory.path + "/" + typed])
    #expect(outcome.status == 74)
    let hint = meant.map { "; did you mean '\(directory.path)/\($0)'?" } ?? ""
    #expect(outcome.error == "dnd: error: cannot read '\(directory.path)/\(typed)': no such file\(hint)\n")
  }

  @Test func aDeviceIsNotARegularFile() {
    #expect(dnd(["run", "/dev/null"]).status == 74)
    #expect(dnd(["run", "/dev/null"]).error == "dnd: error: cannot read '/dev/null': not a regular file\n")
  }

  @Test func checkReportsEveryFileAndExitsWithTheWorstOutcome() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let good = try directory.write("good.dnd", "print fine\n")
    let bad = try directory.write("bad.dnd", "lable\n")
    #expect(dnd(["check", good]) == CommandOutcome(status: 0, output: "", error: ""))
    let both = dnd(["check", bad, good, directory.path + "/missing.dnd"])
    #expect(both.status == 74)
    #expect(both.error.hasPrefix("\(bad):1:1: error: unknown name 'lable'"))
    #expect(both.error.hasSuffix("dnd: error: cannot read '\(directory.path)/missing.dnd': no such file\n"))
    #expect(dnd(["check", good, bad]).status == 65)
  }

  @Test func checkDoesNotRunTheScript() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("loud.dnd", "print should not appear\nboom\n")
    #expect(dnd(["check", path]) == CommandOutcome(status: 0, output: "", error: ""))
  }

  @Test(arguments: [
    (["--color=always"], false, [String: String](), true),
    ([], true, [:], true),
    ([], false, [:], false),
    ([], true, ["NO_COLOR": "1"], false),
    (["--no-color"], true, [:], false),
  ])
  func diagnosticsAreColouredOnlyWhenTheyShouldBe(
    options: [String], terminal: Bool, environment: [String: String], coloured: Bool
  ) {
    let outcome = dnd(
      options + ["-"], input: Array("lable\n".utf8), errorIsTerminal: terminal, environment: environment)
    #expect(outcome.status == 65)
    #expect(outcome.error.contains("\u{1B}[") == coloured)
  }

  /// Output that could not be written is a file error (74), with a message
  /// on standard error, except for a reader that went away (a closed pipe).
  @Test(arguments: [(ENOSPC, true), (EBADF, true), (EPIPE, false)])
  func aFailedWriteToStandardOutputIsAFileError(failure: Int32, says: Bool) {
    let recorder = ConsoleRecorder()
    var console = recorder.console()
    console.outputFailure = { failure }
    let status = DndCommand.main(["--version"], console: console, engine: .fake)
    #expect(status == 74)
    #expect(recorder.error.hasPrefix("dnd: error: cannot write to standard output: ") == says, "\(recorder.error)")
  }
}
