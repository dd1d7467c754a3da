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
