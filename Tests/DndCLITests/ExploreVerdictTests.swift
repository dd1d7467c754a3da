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

  /// A thousand loads ready at once: each run weighs about half a million
  /// alternatives, so the search stops at its work limit and says so
  /// (it took a minute and 1.9 GB before the limit; 4,000 loads, 13 GB).
  @Test func aThousandLoadsStopAtTheWorkLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scene = Self.nestedNames.replacingOccurrences(
      of: "p.loadObject(ofClass: UIImage) { image, error in gotImage = true }",
      with: "for _ in 0..<1000 { p.loadObject(ofClass: UIImage) { image, error in gotImage = true } }")
    #expect(scene != Self.nestedNames)
    let path = try directory.write("many.dnd", scene)
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", "--filter", "drop and wait", path])
    #expect(
      result.output.contains(
        "(not every order: the search stopped after 10 orders at its work limit, 5,000,000 alternatives weighed "
          + "at choice points, since too much work was ready at once"), "\(result.output)")
  }

  /// A fault is armed by the first item provider load: a scenario that
  /// starts none ran as without it, and the report must not let that pass
  /// for robustness. (The drag below is let go over nothing, so nothing
  /// loads; the nested-names scene loads.)
  @Test(arguments: ["fail", "slow", "cancel", "remove-target"])
  func aFaultThatNeverStruckIsSaid(fault: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let note =
      "  note: the fault never struck: the scenario starts no item provider load, so it ran as without the fault"
    let quiet = try directory.write("quiet.dnd", Self.noLoad)
    let explored = try ProcessRunner.run(["test", "--explore", "--no-color", "--fault", fault, quiet])
    let lines = explored.output.split(separator: "\n", omittingEmptySubsequences: false)
    let verdicts = lines.indices.filter { lines[$0].hasPrefix("PASS") || lines[$0].hasPrefix("FAIL") }
    #expect(verdicts.count == 1, "\(explored.output)")
    for index in verdicts { #expect(lines[index + 1] == note, "\(explored.output)") }
    let replayed = try ProcessRunner.run(
      ["test", "--no-color", "--filter", "let go", "--replay", "0", "--fault", fault, quiet])
    #expect(replayed.output.contains(note + "\n"), "\(replayed.output)")
    let loading = try directory.write("loading.dnd", Self.nestedNames)
    let struck = try ProcessRunner.run(["test", "--explore", "--no-color", "--fault", fault, loading])
    #expect(!struck.output.contains("never struck"), "\(struck.output)")
  }

  static let noLoad = """
    device iPad
    app Demo {
        label source {
            frame = Rect(40, 100, 200, 40)
            text = "Hello"
            isUserInteractionEnabled = true
            dragInteraction {
                func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: source.text))] }
            }
        }
    }
    scenario "let go" {
        longPress source
        drag to Point(700, 100)
        release
        settle
    }
    """

  /// Two scenarios, one's name inside the other's; in "drop" the URL's
  /// completion touches the label off the main queue when it beats the image.
  static let nestedNames = """
    device iPad
    source Safari {
        item photo {
            let provider = NSItemProvider(object: UIImage(named: "dawn", size: Size(400, 300)))
            provider.registerObject(URL(string: "https://example.com/dawn.jpg"))
            return UIDragItem(itemProvider: provider)
        }
    }
    app Demo {
        var gotImage = false
        label target {
            frame = Rect(40, 400, 300, 40)
            isUserInteractionEnabled = true
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
                    let p = session.items[0].itemProvider
                    p.loadObject(ofClass: UIImage) { image, error in gotImage = true }
                    p.loadObject(ofClass: URL) { url, error in if !gotImage { target.text = "waiting" } }
                }
            }
        }
    }
    scenario "drop" {
        longPress Safari.photo
        drag to target
        release
        settle
    }
    scenario "drop and wait" {
        longPress Safari.photo
        drag to target
        release
        wait 0.1
    }
    """

  @Test func theReplayLineReplaysOnlyItsScenarioThoughAnotherNameContainsIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("nested.dnd", Self.nestedNames)
    let explored = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    let line = try #require(explored.output.split(separator: "\n").first { $0.contains("replay: ") })
    let order = try #require(line.split(separator: " ").last.map(String.init))
    #expect(line.hasSuffix("--filter drop --replay \(order)"), "\(line)")
    let replayed = try ProcessRunner.run(["test", "--no-color", path, "--filter", "drop", "--replay", order])
    #expect(replayed.status == 1, "\(replayed.output)\(replayed.error)")
    #expect(replayed.error.isEmpty, "\(replayed.error)")
    #expect(replayed.output.contains("FAIL under order \(order)"))
    #expect(!replayed.output.contains("drop and wait"))
    // The expectations (none) hold; the invariant does not: no PASS.
    #expect(replayed.output.contains("FAIL \"drop\": its expectations hold, but an invariant broke (below)"))
    #expect(!replayed.output.contains("PASS"))
  }

  @Test func aReplayOfSeveralScenariosIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("nested.dnd", Self.nestedNames)
    let result = try ProcessRunner.run(["test", "--no-color", path, "--replay", "0"])
    #expect(result.status == 64)
    #expect(
      result.error.contains("2 scenarios match: \"drop\" (\(path)), \"drop and wait\" (\(path))"), "\(result.error)")
    #expect(result.output.isEmpty, "\(result.output)")
  }

  /// The scenarios a replay's filter matches are counted over every script
  /// before anything runs: nothing is replayed when the filter is ambiguous.
  @Test func aReplayMatchingScenariosOfTwoScriptsIsRefusedBeforeAnythingRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.dnd", Self.nestedNames)
    let second = try directory.write("b.dnd", "scenario \"a drop too\" { }\n")
    let result = try ProcessRunner.run(["test", "--no-color", directory.path, "--filter", "drop ", "--replay", "0"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty, "\(result.output)")
    #expect(
      result.error.contains("2 scenarios match: \"drop and wait\" (\(first)), \"a drop too\" (\(second))"),
      "\(result.error)")
    // A whole name picks its scenario alone, though a name in another script contains it.
    let whole = try ProcessRunner.run(["test", "--no-color", directory.path, "--filter", "drop", "--replay", "0"])
    #expect(whole.error.isEmpty, "\(whole.error)")
    #expect(whole.output.contains("Scenario \"drop\""), "\(whole.output)")
    #expect(!whole.output.contains("a drop too"), "\(whole.output)")
  }

  /// An order the scenario does not have is an error, and nothing ran to count.
  @Test func aReplayOfAMissingOrderPrintsNoCount() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("nested.dnd", Self.nestedNames)
    let result = try ProcessRunner.run(["test", "--no-color", path, "--filter", "drop", "--replay", "9"])
    #expect(result.status == 64)
    #expect(!result.output.contains("passed"), "\(result.output)")
    #expect(result.error.contains("has no order 9"), "\(result.error)")
  }
}
