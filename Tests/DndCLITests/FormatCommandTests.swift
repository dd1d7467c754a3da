import DndCLI
import DndSyntax
import Foundation
import Testing

/// `dnd fmt` in-process: printing, `--check`, `--write`, directories, exit
/// statuses; and that a formatted script runs exactly as the original did.
@Suite struct FormatCommandTests {
  static let unformatted = "app A {\n  var n = 0; func f() { n += 1\n  }\n}\n"
  static let formatted = "app A {\n    var n = 0\n    func f() {\n        n += 1\n    }\n}\n"

  static func contents(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func theExamplesAreAlreadyFormatted() {
    #expect(
      dnd(["fmt", "--check", PackagePaths.examples.path]) == CommandOutcome(status: 0, output: "", error: ""))
  }

  @Test func fmtPrintsTheCanonicalFormAndChangesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a.dnd", Self.unformatted)
    #expect(dnd(["fmt", path]) == CommandOutcome(status: 0, output: Self.formatted, error: ""))
    #expect(Self.contents(path) == Self.unformatted)
  }

  /// `dnd fmt` nests as deep as `dnd check` and `dnd run` allow (it stopped
  /// at 64 levels, refusing scripts the others run), and `--dump-ast` shows
  /// the same tree with no error in it.
  @Test func fmtAndTheTreeDumpNestAsDeepAsTheCheck() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let deep = "let x = " + String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100) + "\n"
    let path = try directory.write("deep.dnd", deep)
    #expect(dnd(["fmt", path]) == CommandOutcome(status: 0, output: deep, error: ""))
    let dump = dnd(["check", "--dump-ast", path])
    #expect(dump.status == 0 && !dump.output.contains("error"), "\(dump.output.prefix(300))")
  }

  @Test func checkListsTheScriptsThatWouldChangeAndExitsWith1() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let messy = try directory.write("messy.dnd", Self.unformatted)
    let clean = try directory.write("clean.dnd", Self.formatted)
    #expect(
      dnd(["fmt", "--check", clean, messy]) == CommandOutcome(status: 1, output: messy + "\n", error: ""))
    #expect(dnd(["fmt", "--check", clean]) == CommandOutcome(status: 0, output: "", error: ""))
    #expect(Self.contents(messy) == Self.unformatted)
  }

  @Test(arguments: ["-w", "--write"])
  func writeRewritesTheScriptsThatChange(option: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let messy = try directory.write("messy.dnd", Self.unformatted)
    let clean = try directory.write("clean.dnd", Self.formatted)
    let before = try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate] as? Date
    #expect(dnd(["fmt", option, messy, clean]) == CommandOutcome(status: 0, output: "", error: ""))
    #expect(Self.contents(messy) == Self.formatted)
    #expect(Self.contents(clean) == Self.formatted)
    let after = try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate] as? Date
    #expect(before == after, "a formatted file is not written again")
    #expect(dnd(["fmt", "--check", directory.path]).status == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers.sorted() == ["clean.dnd", "messy.dnd"])
  }

  @Test func writeKeepsTheFilesPermissions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a.dnd", Self.unformatted)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    #expect(dnd(["fmt", "-w", path]).status == 0)
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
  }

  @Test func writeReplacesTheTargetOfASymbolicLink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.write("target.dnd", Self.unformatted)
    let link = directory.path + "/link.dnd"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(dnd(["fmt", "-w", link]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(Self.contents(target) == Self.formatted)
  }

  @Test func aScriptWithSyntaxErrorsIsReportedAndLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bad = try directory.write("bad.dnd", "let x = (1 +\n")
    let messy = try directory.write("messy.dnd", Self.unformatted)
    let outcome = dnd(["fmt", "-w", bad, messy])
    #expect(outcome.status == 65)
    #expect(outcome.output == "")
    #expect(outcome.error.hasPrefix("\(bad):1:"))
    #expect(outcome.error.contains("error: "))
    #expect(Self.contents(bad) == "let x = (1 +\n")
    #expect(Self.contents(messy) == Self.formatted, "the other files are still formatted")
    #expect(dnd(["fmt", bad]).output == "")
    #expect(dnd(["fmt", "--check", bad]).status == 65)
  }

  @Test func aMissingFileExitsWith74() {
    let outcome = dnd(["fmt", "--check", "/nonexistent/x.dnd"])
    #expect(
      outcome
        == CommandOutcome(
          status: 74, output: "", error: "dnd: error: cannot read '/nonexistent/x.dnd': no such file\n"))
  }

  @Test func aDirectoryStandsForTheScriptsUnderIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path + "/sub/.hidden", withIntermediateDirectories: true)
    let top = try directory.write("b.dnd", Self.unformatted)
    let nested = try directory.write("sub/a.dnd", Self.unformatted)
    try directory.write("sub/.hidden/c.dnd", Self.unformatted)
    try directory.write("notes.txt", Self.unformatted)
    let outcome = dnd(["fmt", "--check", directory.path])
    #expect(outcome == CommandOutcome(status: 1, output: top + "\n" + nested + "\n", error: ""))
  }

  @Test func aDirectoryWithoutScriptsIsAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = dnd(["fmt", directory.path])
    #expect(outcome.status == 74)
    #expect(outcome.error == "dnd: error: cannot read '\(directory.path)': no .dnd scripts in it\n")
  }

  @Test func standardInputIsFormattedToStandardOutput() {
    let outcome = dnd(["fmt", "-"], input: Array(Self.unformatted.utf8))
    #expect(outcome == CommandOutcome(status: 0, output: Self.formatted, error: ""))
    #expect(dnd(["fmt", "--check", "-"], input: Array(Self.unformatted.utf8)).output == "<stdin>\n")
  }

  @Test(arguments: [
    (["fmt"], "'dnd fmt' needs at least one script or directory"),
    (["fmt", "-w", "--check", "a.dnd"], "'--write' and '--check' cannot be used together"),
    (["fmt", "-w", "-"], "'--write' cannot rewrite standard input"),
    (["fmt", "--dump-ast", "a.dnd"], "option '--dump-ast' does not apply to 'dnd fmt'"),
    (["run", "-w", "a.dnd"], "option '-w' does not apply to 'dnd run'"),
  ])
  func usageErrors(arguments: [String], message: String) {
    let outcome = dnd(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.error.hasPrefix("dnd: error: " + message + "\n"), "\(outcome.error)")
  }

  // MARK: - Meaning

  /// Every example and spec that formats: the formatted script runs to the
  /// same end, prints the same, reports the same diagnostics (by id and
  /// message; their lines may move) and, where no failure is shown in it,
  /// produces the same trace report (but for the line numbers in it).
  @Test(
    arguments: PackagePaths.scripts(under: PackagePaths.examples)
      + PackagePaths.scripts(under: PackagePaths.spec))
  func aFormattedScriptRunsTheSame(_ path: String) throws {
    let spec = try SpecFile.load(PackagePaths.root.appendingPathComponent(path).path, name: path).get()
    guard case .success(let text) = ScriptFormatter.format(spec.source) else { return }
    let formatted = SourceFile(name: spec.source.name, text: text)
    let limits = RunLimits(maxSteps: spec.expectations.maxSteps)
    func run(_ file: SourceFile) -> (RunStatus, String, [String], String?) {
      var output = ""
      let report = Engine.live.run(file, limits) { output += $0 }
      // Scenario headers name their line, which formatting may move.
      let transcript = report.transcript.flatMap { transcript in
        transcript.shows.isEmpty
          ? transcript.render(DiagnosticRenderer(file: file)).replacing(#/\.dnd:\d+\)/#, with: ".dnd:#)")
          : nil
      }
      return (report.status, output, report.diagnostics.map { "\($0.id): \($0.message)" }, transcript)
    }
    let before = run(spec.source)
    let after = run(formatted)
    #expect(before.0 == after.0)
    #expect(before.1 == after.1)
    #expect(before.2 == after.2)
    #expect(before.3 == after.3)
  }
}
