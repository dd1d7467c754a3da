import DndFuzz
import Foundation
import Testing

/// The fuzz target without libFuzzer: every input the fuzzer ever crashed on
/// (`fuzz/regressions`) and every seed of the corpus (the examples and the
/// spec files, in each mode) must run through it with no broken property.
@Suite struct FuzzTargetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Files under a directory of the repository, relative paths, sorted.
  static func files(under folder: String, suffix: String = "") -> [String] {
    let directory = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(suffix) && !$0.hasSuffix("README.md") }
      .map { folder + "/" + $0 }
      .filter { !isDirectory($0) }
      .sorted()
  }

  static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    let exists = FileManager.default.fileExists(
      atPath: root.appendingPathComponent(path).path, isDirectory: &directory)
    return exists && directory.boolValue
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
  }

  static let regressions = files(under: "fuzz/regressions")
  static let seeds =
    files(under: "examples", suffix: ".dnd") + files(under: "Tests/DndCLITests/Spec", suffix: ".dnd")

  @Test(arguments: regressions)
  func regressionRunsClean(_ path: String) throws {
    #expect(FuzzTarget.run(try Self.bytes(path)) == [])
  }

  @Test(arguments: seeds)
  func seedRunsCleanInEveryMode(_ path: String) throws {
    let script = try Self.bytes(path)
    for mode in FuzzTarget.Mode.allCases {
      #expect(FuzzTarget.run([mode.byte] + script) == [], "mode \(mode)")
    }
  }

  @Test func theCorpusIsFound() {
    #expect(Self.seeds.count > 40)
  }

  @Test(arguments: [
    (UInt8(0), FuzzTarget.Mode.language), (1, .scenarios), (2, .determinism), (255, .language),
  ])
  func theFirstByteSelectsTheMode(_ byte: UInt8, _ mode: FuzzTarget.Mode) {
    #expect(FuzzTarget.Mode(firstByte: byte) == mode)
  }

  @Test(arguments: [[], [0], [1], [2], [0, 0xFF, 0xFE], [1, 0x7B, 0x7B, 0x7B]] as [[UInt8]])
  func tinyInputsRunClean(_ input: [UInt8]) {
    #expect(FuzzTarget.run(input) == [])
  }
}
