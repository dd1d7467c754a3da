import Foundation
import Testing

/// Every example, run as a student runs it (`dnd run examples/NN-name.dnd`
/// from the repository root): it exits 0, writes nothing to standard error,
/// and prints exactly the trace recorded in `examples/expected/`, where
/// `examples/broken/x.dnd` is recorded as `examples/expected/broken/x.txt`.
/// A broken example may get a warning from the checker, on standard error:
/// its transcript starts with it, as a terminal shows it above the trace.
///
/// After an intended change, re-record with
/// `DND_RECORD=1 swift test --filter ExampleTranscriptTests` and read the diff:
/// it is what a student will see differently.
@Suite struct ExampleTranscriptTests {
  /// Every example, relative to the repository root (`examples/02-four-phases.dnd`).
  static let examples = PackagePaths.scripts(under: PackagePaths.examples)

  static let expected = PackagePaths.examples.appendingPathComponent("expected")

  /// `examples/broken/x.dnd` -> `examples/expected/broken/x.txt`.
  static func transcriptURL(of example: String) -> URL {
    let inside = example.dropFirst("examples/".count).dropLast(".dnd".count)
    return expected.appendingPathComponent(String(inside) + ".txt")
  }

  @Test(arguments: examples)
  func theTraceIsTheRecordedOne(_ example: String) throws {
    let binary = try #require(EndToEndTests.binary, "the dnd executable was not found beside the tests")
    let result = try EndToEndTests.execute(binary, ["run", example], input: "")
    #expect(result.status == 0, "\(result.error)")
    let broken = example.hasPrefix("examples/broken/")
    if !broken { #expect(result.error == "") }
    #expect(!result.error.contains("error:"), "\(result.error)")
    let shown = (broken ? result.error : "") + result.output
    let url = Self.transcriptURL(of: example)
    if ProcessInfo.processInfo.environment["DND_RECORD"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(shown.utf8).write(to: url)
      return
    }
    guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no transcript \(url.path); record it with DND_RECORD=1:\n\(result.output)")
      return
    }
    #expect(shown == recorded)
  }

  /// A transcript without its example is left over from a rename.
  @Test func everyTranscriptHasItsExample() throws {
    let root = PackagePaths.root.path + "/"
    let transcripts = PackagePaths.files(under: Self.expected, ending: ".txt")
    let wanted = Set(Self.examples.map { Self.transcriptURL(of: $0).path })
    for transcript in transcripts {
      #expect(wanted.contains(transcript), "\(transcript.dropFirst(root.count)) has no example")
    }
    #expect(!transcripts.isEmpty)
  }

  /// The sequence a student follows: numbered files, one per number, with a
  /// title line that repeats the number.
  // (explore/ holds the deliberately wrong scripts of docs/exploration.md, numbered on their own.)
  @Test(arguments: examples.filter { !$0.hasPrefix("examples/broken/") && !$0.hasPrefix("examples/explore/") })
  func aNumberedExampleOpensWithItsNumber(_ example: String) throws {
    let name = String(example.dropFirst("examples/".count))
    let number = String(name.prefix(2))
    #expect(number.allSatisfy(\.isNumber) && name.dropFirst(2).hasPrefix("-"), "\(name) is not NN-name.dnd")
    let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(example), encoding: .utf8)
    #expect(text.hasPrefix("// \(number) · "), "\(name) should open with '// \(number) · title'")
  }
}

extension PackagePaths {
  /// Absolute paths of the files under a directory whose names end with `suffix`, sorted.
  static func files(under directory: URL, ending suffix: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(suffix) }
      .map { directory.path + "/" + $0 }
      .sorted()
  }
}
