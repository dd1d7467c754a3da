import Foundation
import Testing

/// The first line `dnd test --explore` prints for a scenario counts its
/// orders in plain words; the goldens of `examples/explore` show the
/// plurals ("4 of 9 orders fail", "all 16 orders pass"), this the
/// singulars: the scenes of `TestRunnerTests` load one string on the main
/// queue, so each of their scenarios runs in one order only.
@Suite struct ExploreVerdictTests {
  @Test func oneOrderPassesOrFailsInTheSingular() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("drop.dnd", TestRunnerTests.scene)
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    let verdicts = result.output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
    #expect(
      verdicts == [
        "PASS \"drops\": its one order passes (every order explored)",
        "FAIL \"wrong text\": 1 of 1 order fails (every order explored)",
      ], "\(result.output)")
  }
}
