import DndCLI
import DndSyntax
import Foundation
import Testing

/// Keeps the documentation honest: what the README and the spec README say
/// about the command and the tests is checked against the code.
@Suite struct MetadataTests {
  private static func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  @Test func theReadmeUsageBlockIsDndHelp() throws {
    let readme = try Self.read(PackagePaths.root.appendingPathComponent("README.md"))
    let marker = "<!-- The block below is `dnd --help`"
    let afterMarker = try #require(readme.range(of: marker)).upperBound
    let open = try #require(readme.range(of: "```text\n", range: afterMarker..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
    let block = String(readme[open.upperBound..<close.lowerBound]) + "\n"
    #expect(block == dnd(["--help"]).output)
  }

  @Test func theReadmeStartsWithTheTwoCommandsFromAFreshClone() throws {
    let readme = try Self.read(PackagePaths.root.appendingPathComponent("README.md"))
    let firstBlock = try #require(readme.range(of: "```sh\n")).upperBound
    #expect(readme[firstBlock...].hasPrefix("swift run dnd examples/01-hello-drop.dnd\nswift test\n```"))
    #expect(
      FileManager.default.fileExists(
        atPath: PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path))
  }

  /// The tour's code blocks, one after another, are a script that checks
  /// and runs cleanly: the README cannot teach syntax that does not exist.
  @Test func theReadmeTourRuns() throws {
    let readme = try Self.read(PackagePaths.root.appendingPathComponent("README.md"))
    var blocks: [Substring] = []
    var rest = readme[...]
    while let open = rest.firstRange(of: "```swift\n"),
      let close = rest[open.upperBound...].firstRange(of: "```")
    {
      blocks.append(rest[open.upperBound..<close.lowerBound])
      rest = rest[close.upperBound...]
    }
    #expect(blocks.count >= 4)
    let file = SourceFile(name: "README.md (tour)", text: blocks.joined(separator: "\n"))
    var output = ""
    let report = Engine.live.run(file, RunLimits()) { output += $0 }
    let rendered = DiagnosticRenderer(file: file).render(report.diagnostics)
    #expect(report.status == .ok, "\(rendered)")
    #expect(report.diagnostics.isEmpty, "\(rendered)")
    #expect(output.hasPrefix("Hello, World! 1\n"))
  }

  @Test(arguments: ExitCode.allCases)
  func everyExitStatusIsDocumented(code: ExitCode) throws {
    let readme = try Self.read(PackagePaths.root.appendingPathComponent("README.md"))
    #expect(readme.contains("| \(code.rawValue) | "))
    #expect(dnd(["--help"]).output.contains("  \(code.rawValue) "))
  }

  @Test func everySpecFolderIsDescribedInTheSpecReadme() throws {
    let readme = try Self.read(PackagePaths.spec.appendingPathComponent("README.md"))
    let folders = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.spec.path)
      .filter { !$0.contains(".") }
    #expect(!folders.isEmpty)
    for folder in folders.sorted() {
      #expect(readme.contains("| `\(folder)/` |"), "Spec/README.md does not describe \(folder)/")
    }
  }

  @Test func theCIScriptIsExecutableAndStrict() throws {
    let path = PackagePaths.root.appendingPathComponent(".ci/run").path
    #expect(FileManager.default.isExecutableFile(atPath: path))
    let script = try String(contentsOfFile: path, encoding: .utf8)
    #expect(script.hasPrefix("#!/usr/bin/env bash\n"))
    #expect(script.contains("set -euo pipefail"))
    #expect(!script.contains("--parallel"))
  }
}
