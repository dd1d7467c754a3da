import DndCLI
import Foundation
import Testing

/// Runs are deterministic: the same script gives the same bytes every time,
/// whatever ran before it and whatever process runs it. Each process gets a
/// fresh random seed for Swift's hashing, so two processes agreeing shows
/// that no dictionary or set order reaches the output; the clock and the
/// environment are kept out by the sandbox (`SandboxTests`).
@Suite struct DeterminismTests {
  /// The examples, the broken ones included (their errors must be stable too).
  static let examples = PackagePaths.scripts(under: PackagePaths.examples)

  /// `dnd run` in-process, everything it wrote and its status.
  private static func transcript(_ path: String) -> String {
    let file = PackagePaths.root.appendingPathComponent(path).path
    let result = dnd(["run", "--color=never", file], engine: .live)
    return "\(result.status)\n\(result.output)\n--- stderr\n\(result.error)"
  }

  @Test func theExamplesAreFound() {
    #expect(Self.examples.count >= 5)
  }

  /// Every example run in order, then in reverse order, then in order again:
  /// nothing one run leaves behind changes another.
  @Test func everyExampleGivesTheSameBytesInAnyOrder() {
    let forward = Self.examples.map(Self.transcript)
    let backward = Array(Self.examples.reversed().map(Self.transcript).reversed())
    let again = Self.examples.map(Self.transcript)
    for (index, path) in Self.examples.enumerated() {
      #expect(forward[index] == backward[index], "\(path) differs when run after the others")
      #expect(forward[index] == again[index], "\(path) differs on a second run")
    }
  }

  /// Two processes, two hash seeds, one output, for every example and for
  /// the JSON and sequence-diagram reports too.
  @Test(arguments: examples)
  func twoProcessesGiveTheSameBytes(_ path: String) throws {
    for format in ["text", "json", "mermaid"] {
      let arguments = ["run", "--color=never", "--trace", format, path]
      let first = try ProcessRunner.run(arguments)
      let second = try ProcessRunner.run(arguments)
      #expect(first == second, "\(path) --trace \(format)")
    }
  }
}
