import DndCLI
import DndInterpreter
import DndReport
import DndSyntax
import Foundation
import Testing

/// Every reporter on every example, compared with files in
/// `Golden/reporters/`: the text trace, JSON lines, the sequence diagram,
/// the explanation, and the scene (in the terminal and as SVG) of each
/// example's first scenario after two steps.
///
/// Re-record with `DND_RECORD=1 swift test --filter ReporterGoldenTests` and
/// review the diff. Each output is also checked to fit 100 columns and to be
/// the same on a second run.
@Suite struct ReporterGoldenTests {
  /// One reporter: its golden file's extension and how it reads a run.
  struct Reporter: CustomTestStringConvertible, Sendable {
    var name: String
    var fileExtension: String
    /// Whether lines must fit 100 columns (not for machine formats).
    var fitsWidth: Bool
    var render: @Sendable (_ file: SourceFile, _ result: ScriptRunResult) -> String

    var testDescription: String { name }
  }

  static let reporters: [Reporter] = [
    Reporter(name: "text trace", fileExtension: "trace.txt", fitsWidth: true) { file, result in
      TraceTextReporter(renderer: DiagnosticRenderer(file: file), files: [file]).render(result)
    },
    Reporter(name: "JSON lines", fileExtension: "jsonl", fitsWidth: false) { file, result in
      TraceJSONReporter(files: [file]).render(result)
    },
    Reporter(name: "Mermaid", fileExtension: "mmd", fitsWidth: false) { _, result in
      SequenceDiagramReporter().render(result)
    },
    Reporter(name: "explain", fileExtension: "explain.txt", fitsWidth: true) { file, result in
      Explainer(files: [file]).explain(result)
    },
  ]

  static let examples = PackagePaths.scripts(under: PackagePaths.examples)

  /// The run of an example, its file named as the repository names it.
  static func run(_ path: String, stopAfterSteps: Int? = nil) throws -> (SourceFile, ScriptRunResult) {
    let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    let file = SourceFile(name: path, text: text)
    let report = Engine.live.run(file, RunLimits(stopAfterSteps: stopAfterSteps)) { _ in }
    return (file, try #require(report.result, "the example did not run"))
  }

  /// Compares with the golden file, or writes it when recording.
  static func compare(_ output: String, golden name: String) throws {
    let directory = PackagePaths.golden.appendingPathComponent("reporters")
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["DND_RECORD"] == "1" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(output.utf8).write(to: url)
      return
    }
    guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no golden file \(name); record it with DND_RECORD=1")
      return
    }
    #expect(output == recorded, "\(name) differs from its golden file")
  }

  static func stem(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".dnd", with: "")
  }

  @Test(arguments: examples, reporters)
  func reporterOutput(example: String, reporter: Reporter) throws {
    let (file, result) = try Self.run(example)
    let output = reporter.render(file, result)
    let (_, again) = try Self.run(example)
    #expect(reporter.render(file, again) == output, "the output is not deterministic")
    if reporter.fitsWidth {
      for line in output.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    }
    #expect(!output.contains("\u{1B}["), "colour without a terminal")
    try Self.compare(output, golden: "\(Self.stem(example)).\(reporter.fileExtension)")
  }

  @Test(arguments: examples)
  func sceneAfterTwoSteps(example: String) throws {
    let (file, result) = try Self.run(example, stopAfterSteps: 2)
    let scenario = try #require(result.scenarios.first)
    let scene = try #require(scenario.scene)
    let picture = ScenePicture(run: scenario, scene: scene, askedSteps: 2, file: file)
    let text = SceneTextRenderer().render(picture)
    for line in text.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    try Self.compare(text, golden: "\(Self.stem(example)).render.txt")
    try Self.compare(SceneSVGRenderer().render(picture), golden: "\(Self.stem(example)).svg")
  }
}

/// The README's "Seeing a run" shows real output: each `$ dnd ...` block is
/// what the command prints now (`...` stands for lines left out), and the
/// diagram is that of the first example's first scenario.
@Suite struct ReadmeRunTests {
  static let section: String = {
    let readme =
      (try? String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    guard let start = readme.range(of: "## Seeing a run") else { return "" }
    let rest = readme[start.upperBound...]
    // The section ends at the next heading (the REPL's subsection reads standard input).
    let end = rest.range(of: "\n#")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }()

  /// The fenced blocks of the section: (language, text).
  static var blocks: [(language: String, text: String)] {
    var found: [(String, String)] = []
    var rest = section[...]
    while let open = rest.range(of: "```") {
      let info = rest[open.upperBound...].prefix { $0 != "\n" }
      let bodyStart =
        rest.index(open.upperBound, offsetBy: info.count + 1, limitedBy: rest.endIndex) ?? rest.endIndex
      guard let close = rest[bodyStart...].range(of: "\n```") else { break }
      found.append((String(info), String(rest[bodyStart..<close.lowerBound]) + "\n"))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// Shell words of a command line: double quotes group, a backslash at the
  /// end of a line continues it.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in line.replacingOccurrences(of: "\\\n", with: " ") {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character == " " || character == "\n", !quoted {
        if started { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }

  @Test func everyCommandShownPrintsWhatTheReadmeShows() throws {
    let binary = try #require(EndToEndTests.binary)
    let commands = Self.blocks.filter { $0.language == "text" && $0.text.hasPrefix("$ dnd ") }
    #expect(commands.count >= 3)
    for block in commands {
      let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
      var commandLines = [String(lines[0])]
      var index = 1
      while commandLines.last?.hasSuffix("\\") == true, index < lines.count {
        commandLines.append(String(lines[index]))
        index += 1
      }
      let arguments = Array(Self.words(commandLines.joined(separator: "\n")).dropFirst(2))
      let shown = lines[index...].joined(separator: "\n")
      let result = try EndToEndTests.execute(binary, arguments, input: "")
      #expect(
        DocsTests.matches(result.output, shown), "README shows:\n\(shown)\nbut dnd printed:\n\(result.output)"
      )
    }
  }

  @Test func theDiagramIsTheFirstScenariosOfTheFirstExample() throws {
    let binary = try #require(EndToEndTests.binary)
    let diagram = try #require(Self.blocks.first { $0.language == "mermaid" }).text
    let result = try EndToEndTests.execute(
      binary,
      [
        "run", "--trace=mermaid", "--scenario", "Hello World lands in the label",
        "examples/01-hello-drop.dnd",
      ],
      input: "")
    #expect(result.output == diagram)
  }
}
