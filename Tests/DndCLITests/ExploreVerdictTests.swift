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

  /// Step boundaries are fixed, so a load due after a `wait` ends never
  /// finishes during it, before a load that did: the verdict's "every
  /// order" is every order within the steps, and a note says which wait
  /// split the loads. The
  /// Image Gallery's race (the URL before the image) is missed with the
  /// wait, and found once the check moves after `settle`.
  @Test func aWaitThatKeepsALoadPastItsEndIsNoted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let example = try String(contentsOfFile: "examples/explore/02-gallery-commit.dnd", encoding: .utf8)
    let waiting = example.replacingOccurrences(
      of: "    release\n    settle\n", with: "    release\n    wait 0.3\n    expect images.count == 3\n    settle\n")
    #expect(waiting != example)
    let path = try directory.write("waiting.dnd", waiting)
    let waitLine = (waiting.components(separatedBy: "\n").firstIndex(of: "    wait 0.3") ?? -1) + 1
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("both orders pass (every order explored)\n"), "\(result.output)")
    #expect(
      result.output.contains(
        "  note: \(path):\(waitLine):5: the 'wait' here let a provider's load finish while 1 piece of background "
          + "work (a load or its completion) stayed due after it"), "\(result.output)")
    let plain = try ProcessRunner.run(["test", "--explore", "--no-color", "examples/explore/02-gallery-commit.dnd"])
    #expect(plain.output.contains("4 of 9 orders fail"), "\(plain.output)")
    #expect(!plain.output.contains("the 'wait' here"), "\(plain.output)")
    // A wait that nothing finished in splits no race: no note.
    let early = example.replacingOccurrences(
      of: "    release\n    settle\n", with: "    release\n    wait 0.05\n    settle\n")
    let earlyPath = try directory.write("early.dnd", early)
    let quiet = try ProcessRunner.run(["test", "--explore", "--no-color", earlyPath])
    #expect(quiet.output.contains("4 of 9 orders fail"), "\(quiet.output)")
    #expect(!quiet.output.contains("the 'wait' here"), "\(quiet.output)")
  }

  /// Under a fault the scenario's expectation does not fail an order, a
  /// broken invariant does: the report gives the invariant first and says
  /// the expectation is not counted. The wait note is left out there: a
  /// fault changes the loads' timing on purpose.
  @Test func underAFaultTheInvariantComesBeforeTheExpectation() throws {
    let result = try ProcessRunner.run([
      "test", "--explore", "--fault", "fail", "--no-color", "examples/explore/02-gallery-commit.dnd",
    ])
    #expect(result.status == 1, "\(result.output)")
    let invariant = result.output.range(of: "  invariant broken: 1 placeholder in Gallery.gallery")
    let expectation = result.output.range(of: "  expectation failed (not counted under a fault):\n")
    #expect(invariant != nil && expectation != nil, "\(result.output)")
    if let invariant, let expectation { #expect(invariant.lowerBound < expectation.lowerBound) }
    let plain = try ProcessRunner.run(["test", "--explore", "--no-color", "examples/explore/02-gallery-commit.dnd"])
    #expect(plain.output.contains("  expectation failed:\n"), "\(plain.output)")
    #expect(!plain.output.contains("not counted"), "\(plain.output)")
  }

  /// A name with quotes is shown as its literal is written, so the quotes
  /// around it still say where it ends.
  @Test func aNameWithQuotesIsEscaped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("quoted.dnd", "scenario \"Tom's \\\"race\\\"\" {\n    settle\n}\n")
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    #expect(
      result.output.hasPrefix("PASS \"Tom's \\\"race\\\"\": its one order passes"), "\(result.output)")
  }

  /// A file that does not check is the file's own test, reported as plain
  /// `dnd test` reports it (on standard output, with the place), so a spec
  /// expecting the error passes; an unreadable file is a failed test too.
  @Test func aFileThatDoesNotCheckIsReportedAsPlainTestReportsIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = try directory.write("broken.dnd", "scenario \"s\" {\n    expect 1 ==\n}\n")
    let expected = try directory.write("expected.dnd", "let x = nope // expect error: unknownName\n")
    for arguments in [["test"], ["test", "--explore"]] {
      let result = try ProcessRunner.run(arguments + ["--no-color", broken, expected, directory.path + "/gone.dnd"])
      #expect(result.status == 1)
      #expect(result.error == "", "\(arguments)")
      #expect(result.output.contains("FAIL \(broken) (\(broken):2)\n"), "\(arguments): \(result.output)")
      #expect(result.output.contains("\(broken):2:16: error: expected expression after '=='"), "\(result.output)")
      #expect(result.output.contains("PASS \(expected)\n"), "\(arguments): \(result.output)")
      #expect(result.output.contains("cannot read '\(directory.path)/gone.dnd'"), "\(result.output)")
      #expect(result.output.hasSuffix("1 passed, 2 failed\n"), "\(arguments): \(result.output)")
    }
  }

  /// A failed expectation is shown with the run's console warnings, which
  /// may say why (here: work past the virtual time horizon never ran).
  @Test func aFailedExpectationShowsTheRunsWarnings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scene = """
      var got = 0
      scenario "a timer that re-arms itself" {
          func tick() {
              got += 1
              DispatchQueue.main.asyncAfter(deadline: .now() + 100) { tick() }
          }
          tick()
          settle
          expect got == 1
      }
      """
    let path = try directory.write("horizon.dnd", scene)
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    #expect(
      result.output.contains(
        "  warning: settle stopped at the virtual time horizon (3600s): 1 work item is due later and will not run\n"),
      "\(result.output)")
  }

  /// A thousand loads ready at once: each run weighs about half a million
  /// alternatives, so the search stops at its work limit and says so
  /// (it took a minute and 1.9 GB before the limit; 4,000 loads, 13 GB).
  /// Rows inserted from a provider's completion, off the main queue: one
  /// mistake sets off a Main Thread Checker warning per UIKit call. The
  /// report shows the first, counts the rest, and says why plain `dnd test`
  /// passed the same order.
  @Test func mainThreadCheckerWarningsAreCountedAndExplained() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "offmain.dnd",
      """
      source Music {
          item song { UIDragItem(itemProvider: NSItemProvider(object: "Yesterday")) }
      }
      app Playlist {
          var songs = ["Help!"]
          tableView table {
              frame = Rect(0, 0, 500, 768)
              dataSource {
                  func numberOfRowsInSection(section) { songs.count }
                  func cellForRowAt(indexPath) { UITableViewCell(text: songs[indexPath.row]) }
              }
              dropDelegate {
                  func dropSessionDidUpdate(session, destinationIndexPath) {
                      UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
                  }
                  func performDropWith(coordinator) {
                      for item in coordinator.items {
                          item.dragItem.itemProvider.loadObject(ofClass: String) { text, error in
                              songs.insert(text ?? "", at: 0)
                              table.insertRows(at: [IndexPath(row: 0, section: 0)])
                          }
                      }
                  }
              }
          }
      }
      scenario "off the main queue" {
          longPress Music.song
          drag to table
          release
          settle
      }
      """)
    let plain = try ProcessRunner.run(["test", "--no-color", path])
    #expect(plain.status == 0, "\(plain.output)")
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("  invariant broken: Main Thread Checker") }.count == 1, "\(result.output)")
    #expect(lines.contains { $0.hasPrefix("    and ") && $0.contains("more Main Thread Checker warning") })
    #expect(lines.contains { $0.hasPrefix("  note: 'dnd test' without --explore passes") })
  }

  /// The replay line carries the limits the exploration ran under: without
  /// `--max-steps`, the order that ran out of steps passed when replayed.
  @Test func theReplayLineKeepsTheLimits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "steps.dnd",
      """
      app A {
          label t {
              frame = Rect(0, 300, 200, 40)
              isUserInteractionEnabled = true
              dropInteraction {
                  func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                  func performDrop(session) { DispatchQueue.main.async { var i = 0; while i < 30000 { i += 1 } } }
              }
          }
      }
      source S { item x { UIDragItem(itemProvider: NSItemProvider(object: "a")) } }
      scenario "s" {
          longPress S.x
          drag to t
          release
          settle
      }
      """)
    let explored = try ProcessRunner.run(["test", "--explore", "--no-color", "--max-steps", "20000", path])
    #expect(explored.status == 1, "\(explored.output)")
    let line = try #require(explored.output.split(separator: "\n").first { $0.contains("replay: dnd test") })
    #expect(line.hasSuffix(" --replay 0 --max-steps 20000"), "\(line)")
    let replayed = try ProcessRunner.run(
      ["test", "--no-color", path, "--filter", "s", "--replay", "0", "--max-steps", "20000"])
    #expect(replayed.status == 1, "\(replayed.output)")
  }

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

  /// Two timers that re-queue themselves say the same two completions over
  /// and over: the list folds them, as the text trace folds repeats.
  @Test func repeatedCompletionsAreFolded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = """
      app A { view root { frame = Rect(0, 0, 100, 100) } }
      var n = 0
      func tick() { n += 1; if n < 60 { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { tick() } } }
      func tock() { n += 1; if n < 60 { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { tock() } } }
      scenario "ticking" { tick(); tock(); settle; expect n == 0 }

      """
    let path = try directory.write("timers.dnd", script)
    let result = try ProcessRunner.run(["test", "--explore", "--explore-limit", "1", "--no-color", path])
    let folded = "    … the 2 events above, 26 more times from 1.5s to 14s …\n"
    #expect(result.output.contains(folded), "\(result.output)")
    #expect(result.output.components(separatedBy: "asyncAfter (line 3)").count - 1 == 4, "\(result.output)")
  }

  /// A title that starts with '-' goes in the replay line as `--filter=...`,
  /// so that the command runs as printed rather than as an option.
  @Test func theReplayLineOfATitleLikeAnOptionRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = Self.nestedNames.replacingOccurrences(of: "scenario \"drop\"", with: "scenario \"--help\"")
    let path = try directory.write("dash.dnd", script)
    let explored = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    let line = try #require(explored.output.split(separator: "\n").first { $0.contains("replay: ") })
    let order = try #require(line.split(separator: " ").last.map(String.init))
    #expect(line.hasSuffix("--filter=--help --replay \(order)"), "\(line)")
    let replayed = try ProcessRunner.run(["test", "--no-color", path, "--filter=--help", "--replay", order])
    #expect(replayed.status == 1 && replayed.output.contains("FAIL under order \(order)"), "\(replayed.error)")
  }

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
  /// Under remove-target, a later step aimed at the removed view cannot be
  /// taken; the scenario was written for the view staying, so that is a
  /// note, as a failed `expect` is, and the replay says why it passes.
  @Test func aStepAtTheViewTheFaultRemovedIsANote() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("again.dnd", Self.dropAgain)
    let explored = try ProcessRunner.run(
      ["test", "--no-color", "--fault", "remove-target", "--filter", "drop twice", path])
    #expect(explored.status == 0, "\(explored.output)")
    #expect(explored.output.contains("PASS \"drop twice\" with fault remove-target"), "\(explored.output)")
    #expect(
      explored.output.contains(
        "orders end with an expectation that no longer holds or a step aimed at the view the fault removed, "
          + "as the fault may well make them"), "\(explored.output)")
    let replayed = try ProcessRunner.run(
      ["test", "--no-color", "--filter", "drop twice", "--replay", "0", "--fault", "remove-target", path])
    #expect(replayed.output.contains("PASS under order 0 with the fault 'remove-target'"), "\(replayed.output)")
    #expect(replayed.output.contains("(a step aimed at the view the fault removed"), "\(replayed.output)")
    // Without the fault the same step is the scenario's own mistake.
    let plain = try ProcessRunner.run(["test", "--no-color", "--filter", "gone", path])
    #expect(plain.status == 1, "\(plain.output)")
    // Under it, a step aimed at a view the fault did not remove still fails.
    let spare = try ProcessRunner.run(
      ["test", "--no-color", "--fault", "remove-target", "--filter", "the spare is gone", path])
    #expect(spare.output.contains("FAIL \"the spare is gone\" with fault remove-target"), "\(spare.output)")
    // Nor is one at the view the fault removed, once it was put back and removed again by others.
    let lost = try ProcessRunner.run(
      ["test", "--no-color", "--fault", "remove-target", "--filter", "put back", path])
    #expect(lost.output.contains("FAIL \"put back, then lost by the scenario\""), "\(lost.output)")
    // The fault removes the target of the drop whose load armed it, though another drop came since.
    let second = try ProcessRunner.run(
      ["test", "--no-color", "--filter", "a second drop", "--replay", "0", "--fault", "remove-target", path])
    #expect(second.output.contains("Demo.well    injectedFault -> remove-target"), "\(second.output)")
  }

  /// Two drops on a well that loads each image on the main queue; and a
  /// scenario aiming at a view it removed itself.
  static let dropAgain = """
    device iPad
    source Safari {
        item photo {
            let provider = NSItemProvider(object: UIImage(named: "dawn", size: Size(400, 300)))
            provider.simulate(latency: 0.2, forTypeIdentifier: "public.png")
            return UIDragItem(itemProvider: provider)
        }
        item slow {
            let provider = NSItemProvider(object: UIImage(named: "dusk", size: Size(400, 300)))
            provider.simulate(latency: 5, forTypeIdentifier: "public.png")
            return UIDragItem(itemProvider: provider)
        }
    }
    app Demo {
        var got = 0
        view spare {
            frame = Rect(600, 100, 100, 100)
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
                    session.loadObjects(ofClass: UIImage) { images in got += images.count }
                }
            }
        }
        view well {
            frame = Rect(40, 400, 300, 300)
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
                    session.loadObjects(ofClass: UIImage) { images in got += images.count }
                }
            }
        }
    }
    scenario "drop twice" {
        longPress Safari.photo
        drag to well
        release
        wait 1
        longPress Safari.photo
        drag to well
        release
        settle
        expect got == 2
    }
    scenario "gone" {
        well.removeFromSuperview()
        longPress Safari.photo
        drag to well
    }
    scenario "put back, then lost by the scenario" {
        longPress Safari.photo
        drag to well
        release
        settle
        spare.addSubview(well)
        well.removeFromSuperview()
        longPress Safari.photo
        drag to well
    }
    scenario "a second drop before the fault comes due" {
        longPress Safari.slow
        drag to well
        release
        longPress Safari.photo
        drag to spare
        release
        settle
    }
    scenario "the spare is gone" {
        longPress Safari.photo
        drag to well
        release
        settle
        spare.removeFromSuperview()
        longPress spare
    }
    """

  /// A load with no drop: remove-target finds no target when it comes due
  /// and says it never struck, as a fault never armed does.
  @Test func removeTargetWithNoDropNeverStruck() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scene = """
      var got = false
      scenario "load alone" {
          let provider = NSItemProvider(object: "x")
          provider.loadObject(ofClass: String) { text, error in got = true }
          settle
      }
      """
    let path = try directory.write("alone.dnd", scene)
    let result = try ProcessRunner.run(["test", "--no-color", "--fault", "remove-target", path])
    #expect(
      result.output.contains(
        "  note: the fault never struck: when it came due there was no drop target on the screen, so it ran as "
          + "without the fault"), "\(result.output)")
  }

  /// A scenario that ends before its load's data is due (no settle) never
  /// meets cancel or remove-target; the note says so, not that nothing was
  /// there to act on.
  @Test(arguments: ["cancel", "remove-target"])
  func aFaultThatNeverCameDueSaysSo(_ fault: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scene = """
      var got = false
      scenario "load, no settle" {
          let provider = NSItemProvider(object: "x")
          provider.loadObject(ofClass: String) { text, error in got = true }
      }
      """
    let path = try directory.write("early.dnd", scene)
    let result = try ProcessRunner.run(["test", "--no-color", "--fault", fault, path])
    #expect(
      result.output.contains(
        "  note: the fault never struck: the scenario ended before the first load's data was due (it does not "
          + "settle, or it stopped first), so it ran as without the fault"), "\(result.output)")
  }

  /// `--replay` needs a scenario, one fault and no search options.
  @Test(arguments: [
    (["--replay", "0"], Int32(1), "'--replay' runs an order of a scenario, and the script has no scenario"),
    (["--replay", "0", "--faults"], 64, "name it with '--fault NAME' instead of '--faults'"),
    (["--replay", "0", "--seed", "3"], 64, "'--seed' shapes a search"),
    (["--explore-limit", "5", "--replay", "0"], 64, "leave '--explore-limit' out"),
  ])
  func aReplaySaysWhatItCannotDo(arguments: [String], status: Int32, message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("plain.dnd", "print(1) // expect: 1\n")
    let result = try ProcessRunner.run(["test", "--no-color", path] + arguments)
    #expect(result.status == status, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
  }
}
