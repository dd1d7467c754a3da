import Foundation
import Testing

/// The built `dnd` executable, run as a user would run it: arguments,
/// standard input, and the exact standard output, standard error and exit
/// status, compared with transcripts in `Golden/`.
///
/// Re-record the transcripts with `DND_RECORD=1 swift test --filter EndToEndTests`
/// and review the diff. The exit status is also checked against the table
/// below, so a re-recording cannot quietly change it.
@Suite struct EndToEndTests {
  /// One run of the binary: a golden name, the arguments, standard input, and the status it must exit with.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var input: String = ""
    var status: Int32

    var testDescription: String { name }
  }

  static let inputs = "Tests/DndCLITests/Golden/inputs"

  static let cases: [Case] = [
    Case(name: "help", arguments: ["--help"], status: 0),
    Case(name: "help-run", arguments: ["help", "run"], status: 0),
    Case(name: "version", arguments: ["--version"], status: 0),
    Case(name: "no-arguments", arguments: [], status: 64),
    Case(name: "unknown-command", arguments: ["rnu", "examples/01-hello-drop.dnd"], status: 64),
    Case(
      name: "unknown-option", arguments: ["run", "--colour=always", "examples/01-hello-drop.dnd"],
      status: 64),
    Case(name: "missing-file", arguments: ["run", "\(inputs)/does-not-exist.dnd"], status: 74),
    Case(name: "missing-file-near", arguments: ["run", "\(inputs)/syntax-eror.dnd"], status: 74),
    Case(name: "directory", arguments: ["run", inputs], status: 74),
    // 'dnd check' takes a directory as 'dnd test' and 'dnd fmt' do: every script under it.
    Case(name: "check-directory", arguments: ["check", inputs], status: 65),
    Case(name: "syntax-error", arguments: ["check", "\(inputs)/syntax-error.dnd"], status: 65),
    Case(
      name: "syntax-error-colour", arguments: ["--color=always", "\(inputs)/syntax-error.dnd"], status: 65),
    Case(name: "runtime-error", arguments: ["run", "\(inputs)/runtime-error.dnd"], status: 70),
    Case(name: "failed-expectation", arguments: ["run", "\(inputs)/failed-expectation.dnd"], status: 1),
    Case(name: "check-clean", arguments: ["check", "examples/01-hello-drop.dnd"], status: 0),
    Case(name: "stdin", arguments: ["-"], input: "print(\"from standard input\")\n", status: 0),
    Case(name: "hello-drop", arguments: ["examples/01-hello-drop.dnd"], status: 0),
    Case(name: "help-test", arguments: ["help", "test"], status: 0),
    Case(name: "help-explain", arguments: ["help", "explain"], status: 0),
    Case(name: "help-render", arguments: ["help", "render"], status: 0),
    Case(name: "test-examples", arguments: ["test", "examples"], status: 0),
    Case(name: "test-failing", arguments: ["test", "\(inputs)/label-ignores-touches.dnd"], status: 1),
    // Exploration: the wrong versions fail with their smallest order, and the replay shows it.
    Case(name: "test-explore", arguments: ["test", "--explore", "--no-color", "examples/explore"], status: 1),
    Case(
      name: "test-explore-sample",
      arguments: [
        "test", "--explore", "--explore-limit", "4", "--no-color", "examples/explore/03-placeholder-race.dnd",
      ],
      status: 1),
    Case(
      name: "test-explore-faults",
      arguments: ["test", "--explore", "--faults", "--no-color", "examples/08-two-loads.dnd"], status: 0),
    Case(
      name: "test-replay",
      arguments: [
        "test", "--no-color", "examples/explore/01-url-first.dnd", "--filter", "background", "--replay", "2",
      ], status: 1),
    Case(
      name: "test-replay-bad-order",
      arguments: ["test", "examples/explore/01-url-first.dnd", "--replay", "1..2"], status: 64),
    Case(
      name: "test-replay-huge-order",
      arguments: ["test", "examples/explore/01-url-first.dnd", "--replay", "1000000"], status: 64),
    Case(
      name: "test-replay-missing-order",
      arguments: [
        "test", "--no-color", "examples/explore/01-url-first.dnd", "--filter", "background", "--replay", "99.99.99",
      ], status: 64),
    // A scenario whose pending work never competes has one order: nothing to replay.
    Case(
      name: "test-replay-one-order",
      arguments: ["test", "--no-color", "examples/01-hello-drop.dnd", "--filter", "Hello", "--replay", "2"],
      status: 64),
    Case(
      name: "test-filter", arguments: ["test", "--filter", "cancel", "examples/01-hello-drop.dnd"],
      status: 0),
    Case(name: "run-json", arguments: ["run", "--trace=json", "examples/01-hello-drop.dnd"], status: 0),
    Case(name: "run-mermaid", arguments: ["run", "--trace=mermaid", "examples/01-hello-drop.dnd"], status: 0),
    Case(
      name: "run-scenario",
      arguments: ["run", "--scenario", "our own photo moves", "examples/09-move-and-copy.dnd"], status: 0),
    Case(
      name: "run-unknown-scenario",
      arguments: ["run", "--scenario", "our own photo mvoes", "examples/09-move-and-copy.dnd"], status: 64),
    // Part of a name picks the one scenario whose name contains it, ignoring case; two are a usage error.
    Case(
      name: "run-scenario-part", arguments: ["run", "--scenario", "Another App", "examples/09-move-and-copy.dnd"],
      status: 0),
    Case(
      name: "run-scenario-any-case",
      arguments: ["run", "--scenario", "OUR OWN PHOTO MOVES", "examples/09-move-and-copy.dnd"], status: 0),
    Case(
      name: "run-scenario-ambiguous", arguments: ["run", "--scenario", "photo", "examples/09-move-and-copy.dnd"],
      status: 64),
    Case(name: "explain-why-not", arguments: ["explain", "\(inputs)/label-ignores-touches.dnd"], status: 1),
    Case(name: "explain-covered", arguments: ["explain", "\(inputs)/covered-target.dnd"], status: 1),
    Case(
      name: "render-at",
      arguments: [
        "render", "--scenario", "Hello World lands in the label", "--at", "2", "examples/01-hello-drop.dnd",
      ], status: 0),
    Case(name: "render-top-level", arguments: ["render", "examples/14-garbage-can.dnd"], status: 0),
    Case(name: "render-at-without-scenario", arguments: ["render", "--at", "1", "x.dnd"], status: 64),
    Case(name: "dump-ast", arguments: ["check", "--dump-ast", "examples/01-hello-drop.dnd"], status: 0),
    Case(
      name: "dump-with-errors", arguments: ["check", "--dump-tokens", "--dump-ast", "-"],
      input: "let total = (1 +\nprint(total)\n", status: 65),
    Case(name: "fmt-check-examples", arguments: ["fmt", "--check", "examples"], status: 0),
    Case(name: "help-fmt", arguments: ["help", "fmt"], status: 0),
  ]

  @Test(arguments: cases)
  func transcript(of testCase: Case) throws {
    let binary = try #require(Self.binary, "the dnd executable was not found next to the test bundle")
    let result = try Self.execute(binary, testCase.arguments, input: testCase.input)
    let transcript = Self.transcript(testCase, result)
    let golden = PackagePaths.golden.appendingPathComponent(testCase.name + ".txt")
    #expect(result.status == testCase.status, "\(transcript)")
    if ProcessInfo.processInfo.environment["DND_RECORD"] == "1" {
      try Data(transcript.utf8).write(to: golden)
      return
    }
    guard let recorded = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record("no golden file \(golden.lastPathComponent); record it with DND_RECORD=1:\n\(transcript)")
      return
    }
    #expect(transcript == recorded)
  }

  /// `$ dnd args`, the exit status, then standard output and standard error.
  static func transcript(_ testCase: Case, _ result: (status: Int32, output: String, error: String)) -> String
  {
    func section(_ title: String, _ text: String) -> String {
      guard !text.isEmpty else { return "[\(title): empty]\n" }
      return "[\(title)]\n" + text + (text.hasSuffix("\n") ? "" : "\n[no line break at the end]\n")
    }
    var command = (["$ dnd"] + testCase.arguments).joined(separator: " ")
    if !testCase.input.isEmpty { command += "  < \(testCase.input.debugDescription)" }
    return command + "\n[exit \(result.status)]\n" + section("stdout", result.output)
      + section("stderr", result.error)
  }

  /// The `dnd` built with the tests: next to the test bundle in the build products.
  static let binary: URL? = {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    directories.append(PackagePaths.root.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent("dnd") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs the binary from the repository root; output goes through files, not
  /// pipes, so a long output cannot fill a pipe and stall the test.
  static func execute(_ binary: URL, _ arguments: [String], input: String) throws
    -> (status: Int32, output: String, error: String)
  {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let inputPath = try scratch.write("stdin", input)
    let outputPath = try scratch.write("stdout", "")
    let errorPath = try scratch.write("stderr", "")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = PackagePaths.root
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    process.environment = environment
    process.standardInput = FileHandle(forReadingAtPath: inputPath)
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    let error = try String(contentsOfFile: errorPath, encoding: .utf8)
    return (process.terminationStatus, output, error)
  }
}
