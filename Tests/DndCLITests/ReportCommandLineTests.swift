import DndCLI
import DndSyntax
import Testing

/// The command line of the commands that show a run: `dnd test`,
/// `dnd run --trace`, `dnd explain` and `dnd render`.
@Suite struct ReportCommandLineTests {
  static func invocation(_ action: Invocation.Action, _ change: (inout Invocation) -> Void = { _ in })
    -> Invocation
  {
    var invocation = Invocation(action)
    change(&invocation)
    return invocation
  }

  @Test(arguments: [
    (["test", "examples"], invocation(.test(["examples"]))),
    (["test", "a.dnd", "dir"], invocation(.test(["a.dnd", "dir"]))),
    (
      ["test", "--filter", "cancel", "examples"],
      invocation(.test(["examples"])) {
        $0.filter = "cancel"
        $0.limits.scenarioFilter = "cancel"
      }
    ),
    (["run", "--trace=json", "a.dnd"], invocation(.run("a.dnd")) { $0.trace = .json }),
    (["run", "--trace", "mermaid", "a.dnd"], invocation(.run("a.dnd")) { $0.trace = .mermaid }),
    (["a.dnd", "--trace=text"], invocation(.run("a.dnd"))),
    (["run", "--scenario", "drop it", "a.dnd"], invocation(.run("a.dnd")) { $0.scenario = "drop it" }),
    (["explain", "a.dnd"], invocation(.explain("a.dnd"))),
    (["explain", "--scenario=x", "a.dnd"], invocation(.explain("a.dnd")) { $0.scenario = "x" }),
    (["render", "a.dnd"], invocation(.render("a.dnd"))),
    (
      ["render", "a.dnd", "--scenario", "x", "--at", "0", "--svg", "out.svg"],
      invocation(.render("a.dnd")) {
        $0.scenario = "x"
        $0.stopAfterSteps = 0
        $0.limits.stopAfterSteps = 0
        $0.svgPath = "out.svg"
      }
    ),
    (["help", "render"], invocation(.help(.render))),
    (["test", "--help"], invocation(.help(.test))),
    (["test", "--no-color", "x"], invocation(.test(["x"])) { $0.color = .never }),
  ])
  func validCommandLines(arguments: [String], expected: Invocation) throws {
    #expect(try CommandLineParser.parse(arguments).get() == expected)
  }

  @Test(arguments: [
    (["test"], "'dnd test' needs at least one script or directory"),
    (["explain"], "'dnd explain' needs a script"),
    (["render", "a.dnd", "b.dnd"], "'dnd render' takes one script, got 2"),
    (["run", "--trace=xml", "a.dnd"], "invalid value 'xml' for '--trace'; expected text, json, mermaid"),
    (["run", "--trace=jsno", "a.dnd"], "invalid value 'jsno' for '--trace'; did you mean 'json'?"),
    (
      ["render", "--at", "two", "a.dnd"],
      "invalid value 'two' for '--at'; expected a whole number, zero or more"
    ),
    (["render", "--svg=", "a.dnd"], "option '--svg' needs a file name"),
    (["run", "--defaults", "", "a.dnd"], "option '--defaults' needs a file name"),
    (["check", "--trace=json", "a.dnd"], "option '--trace' does not apply to 'dnd check'"),
    (["run", "--filter", "x", "a.dnd"], "option '--filter' does not apply to 'dnd run'"),
    (["test", "--at", "2", "x"], "option '--at' does not apply to 'dnd test'"),
    (["explain", "--svg", "o.svg", "a.dnd"], "option '--svg' does not apply to 'dnd explain'"),
    (["tset", "x"], "unknown command 'tset'; did you mean 'test'?"),
    (["render", "--scenaro", "x", "a.dnd"], "unknown option '--scenaro'; did you mean '--scenario'?"),
  ])
  func usageErrors(arguments: [String], message: String) {
    switch CommandLineParser.parse(arguments) {
    case .success(let invocation): Issue.record("parsed as \(invocation)")
    case .failure(let error): #expect(error.message == message)
    }
  }
}
