import DndCLI
import DndSyntax
import Foundation
import Testing

/// `TestRunner` and `TestReport`: the tests of a script are its scenarios
/// and its inline expectations; the report ends with `N passed, N failed`.
@Suite struct TestRunnerTests {
  static let scene = """
    app Demo {
      view root {
        frame = Rect(0, 0, 1024, 768)
        label source {
          frame = Rect(40, 100, 200, 40)
          text = "Hi"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
          }
        }
        label target {
          frame = Rect(40, 400, 300, 40)
          isUserInteractionEnabled = true
          dropInteraction {
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) { session.loadObjects(ofClass: String) { s in target.text = s.first } }
          }
        }
      }
    }
    scenario "drops" {
      longPress source
      drag to target
      release
      settle
      expect target.text == "Hi"
    }
    scenario "wrong text" {
      longPress source
      drag to target
      release
      settle
      expect target.text == "Bye"
    }

    """

  private func run(_ files: [String: String], filter: String? = nil) throws -> [FileTests] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (name, text) in files { try directory.write(name, text) }
    let runner = TestRunner(filter: filter)
    return TestRunner.scripts(in: [directory.path]).map { path in
      runner.run(path: path, name: String(path.dropFirst(directory.path.count + 1)))
    }
  }

  @Test func eachScenarioIsATest() throws {
    let files = try run(["scene.dnd": Self.scene])
    let cases = try #require(files.first).cases
    #expect(cases.map(\.name) == ["drops", "wrong text"])
    #expect(cases.map(\.passed) == [true, false])
    #expect(
      cases.last?.failure?.diagnostic?.message == "expected target.text == \"Bye\", but target.text is \"Hi\""
    )
  }

  @Test func theReportListsTestsThenFailuresWithTheTraceAndEndsWithTheCount() throws {
    let text = TestReport(files: try run(["scene.dnd": Self.scene])).text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "PASS drops")
    #expect(lines[1] == "FAIL wrong text (scene.dnd:34)")
    #expect(text.contains("\nFAIL wrong text (scene.dnd:34)\n"))
    #expect(text.contains("scene.dnd:34:10: error: expected target.text == \"Bye\""))
    #expect(text.contains("Trace up to the failure:\n  Lift\n"))
    #expect(text.hasSuffix("\n1 passed, 1 failed\n"))
  }

  /// A pass with a warning the scenario did not expect says so on its
  /// line; an expected warning, or none, leaves the line plain.
  @Test func aPassWithAnUnexpectedWarningSaysSo() throws {
    let early = Self.scene.replacingOccurrences(
      of: "func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }",
      with: "func sessionDidUpdate(session) { session.loadObjects(ofClass: String) { _ in }\n"
        + " return UIDropProposal(operation: .copy) }")
    let expecting = early.replacingOccurrences(
      of: "expect target.text == \"Hi\"", with: "expect target.text == \"Hi\"\n expect warning \"outside\"")
    let text = try TestReport(files: run(["a.dnd": early, "b.dnd": expecting, "c.dnd": Self.scene])).text
    let passes = text.split(separator: "\n").filter { $0.hasPrefix("PASS") }
    #expect(
      passes == [
        "PASS drops (1 warning: loadObjects(ofClass:) was called outside dropInteraction(_:…)", "PASS drops",
        "PASS drops",
      ])
  }

  /// The checker's warnings are shown above the tests, as `dnd run` shows
  /// them: an expectation that always holds passes, and the warning says why.
  @Test func theCheckersWarningsAreShown() throws {
    let script = """
      app A {
          view root { label target { frame = Rect(0, 0, 100, 100) } }
      }
      scenario "no enter" { expect not called sessionDidEnter on target }
      """
    let text = try TestReport(files: run(["a.dnd": script])).text
    let first = text.split(separator: "\n").first ?? ""
    #expect(first.hasSuffix("a.dnd:4:41: warning: 'sessionDidEnter' is not implemented on 'target', and the trace "
      + "shows only the methods a script implements, so this expectation always holds; implement 'sessionDidEnter', "
      + "or expect a method the script implements"), "\(text)")
    #expect(text.contains("\nPASS no enter\n"), "\(text)")
  }

  /// A scenario that ran no `expect` passes whatever happened, and its line
  /// says it checked nothing; an `expect` in a function the scenario calls
  /// counts, and so does a failed one.
  @Test func aPassThatCheckedNothingSaysSo() throws {
    let script = """
      app A {
          view box { frame = Rect(0, 0, 100, 100) }
      }
      func check() { expect box.frame.width == 100 }
      scenario "nothing" { longPress Point(500, 500); release }
      scenario "through a function" { check() }
      scenario "warning only" { expect not warning }
      """
    let text = try TestReport(files: run(["a.dnd": script])).text
    let passes = text.split(separator: "\n").filter { $0.hasPrefix("PASS") }
    #expect(
      passes == ["PASS nothing (no expect ran, so it checked nothing)", "PASS through a function", "PASS warning only"])
  }

  /// The top level's own `expect` is not a scenario's; inline `// expect`
  /// comments check a scenario's output and where it stops, so a spec
  /// file's scenarios are not said to check nothing.
  @Test func theTopLevelsExpectAndInlineExpectationsAreNotAScenariosCheck() throws {
    let topLevel = """
      app A {
          view box { frame = Rect(0, 0, 100, 100) }
      }
      expect box.frame.width == 100
      scenario "nothing" { settle }
      """
    let inline = """
      app A {
          view box { frame = Rect(0, 0, 100, 100) }
      }
      scenario "prints" { print(box.frame.width) // expect: 100.0
      }
      """
    let text = try TestReport(files: run(["a.dnd": topLevel, "b.dnd": inline])).text
    let passes = text.split(separator: "\n").filter { $0.hasPrefix("PASS") }
    #expect(passes == ["PASS nothing (no expect ran, so it checked nothing)", "PASS b.dnd", "PASS prints"])
  }

  /// A script with no scenario passes when its top level runs; without an
  /// `expect` there, its line says that was all it checked.
  @Test func aScriptWithoutScenariosOrExpectSaysWhatItChecked() throws {
    let scripts = ["a.dnd": "print(1)\n", "b.dnd": "print(1)\nexpect 1 + 1 == 2\n"]
    let text = try TestReport(files: run(scripts)).text
    let passes = text.split(separator: "\n").filter { $0.hasPrefix("PASS") }
    #expect(passes == ["PASS a.dnd (no scenario and no expect, so it checked only that the script runs)", "PASS b.dnd"])
  }

  /// A scenario that passes with a placeholder still waiting says so on
  /// its line: the cell would show the placeholder for ever (`--explore`
  /// reports the same as a broken invariant).
  @Test func aPassThatLeavesAPlaceholderWaitingSaysSo() throws {
    let script = """
      source Safari { item photo { UIDragItem(itemProvider: NSItemProvider(object: "dawn")) } }
      app Gallery {
          var images = ["a"]
          collectionView gallery {
              frame = Rect(0, 0, 600, 400)
              dataSource {
                  func numberOfItemsInSection(section) { images.count }
                  func cellForItemAt(indexPath) { UICollectionViewCell(text: images[indexPath.item]) }
              }
              dropDelegate {
                  func dropSessionDidUpdate(session, destinationIndexPath) {
                      UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
                  }
                  func performDropWith(coordinator) {
                      let placeholder = UICollectionViewDropPlaceholder(
                          insertionIndexPath: IndexPath(item: 0, section: 0), reuseIdentifier: "cell")
                      let context = coordinator.drop(coordinator.items[0].dragItem, to: placeholder)
                      if images.isEmpty { context.deletePlaceholder() }
                  }
              }
          }
      }
      scenario "left waiting" {
          longPress Safari.photo
          drag to gallery
          release
          settle
          expect images == ["a"]
      }
      """
    let text = try TestReport(files: run(["a.dnd": script])).text
    #expect(
      text.contains("PASS left waiting (1 placeholder in Gallery.gallery was neither committed nor deleted)\n"),
      "\(text)")
  }

  @Test func filterRunsOnlyMatchingScenariosIgnoringCase() throws {
    let files = try run(["scene.dnd": Self.scene], filter: "WRONG")
    #expect(files.first?.cases.map(\.name) == ["wrong text"])
  }

  /// A filter does not change a scenario's verdict: the scenarios it
  /// leaves out before it still run (unseen), so the UserDefaults store is
  /// the one the whole file's run leaves it, as for an explored order.
  @Test func aFilteredScenarioSeesTheStoreTheScenariosBeforeItLeft() throws {
    let script = """
      scenario "first writes" {
        UserDefaults.standard.set(UserDefaults.standard.integer(forKey: "n") + 1, forKey: "n")
        print("first ran")
      }
      scenario "second reads" {
        expect UserDefaults.standard.integer(forKey: "n") == 1
      }
      scenario "third is not run" {
        print("third ran")
      }

      """
    let files = try run(["store.dnd": script], filter: "second")
    let cases = try #require(files.first).cases
    #expect(cases.map(\.name) == ["second reads"])
    #expect(cases.map(\.passed) == [true])
  }

  @Test func inlineExpectationsAreATestNamedAfterTheFile() throws {
    let files = try run(["spec.dnd": "print(1 + 2) // expect: 3\n", "bad.dnd": "print(4) // expect: 5\n"])
    #expect(files.map(\.name) == ["bad.dnd", "spec.dnd"])
    #expect(files.map(\.passed) == [false, true])
    guard case .spec(let failures)? = files.first?.cases.first?.failure else {
      Issue.record("expected a spec failure")
      return
    }
    #expect(failures.map(\.description) == ["line 1: expected output \"5\", got \"4\""])
    #expect(TestReport(files: files).text.hasPrefix("FAIL bad.dnd (bad.dnd:1)\nPASS spec.dnd\n"))
  }

  @Test func aScenarioFailureTheSpecExpectsIsAPass() throws {
    let script = """
      app Demo {
        view root {
          frame = Rect(0, 0, 1024, 768)
          label source {
            frame = Rect(10, 100, 200, 30)
            isUserInteractionEnabled = true
            dragInteraction {
              func itemsForBeginning(session) {
                let none: [UIDragItem] = []
                return [none[0]] // expect runtime error: indexOutOfRange
              }
            }
          }
        }
      }
      scenario "lift" {
        longPress source
      }

      """
    let files = try run(["handler.dnd": script])
    let cases = try #require(files.first).cases
    #expect(cases.map(\.name) == ["handler.dnd", "lift"])
    #expect(cases.allSatisfy { $0.passed })
  }

  @Test func aScriptThatDoesNotRunIsOneFailedTest() throws {
    let files = try run(["broken.dnd": "let x = lable\n"])
    let only = try #require(files.first?.cases.first)
    #expect(only.name == "broken.dnd")
    guard case .didNotRun(let diagnostics)? = only.failure else {
      Issue.record("expected didNotRun, got \(String(describing: only.failure))")
      return
    }
    #expect(!diagnostics.isEmpty)
  }

  @Test func directoriesAreSearchedInOrderAndHiddenEntriesSkipped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: directory.path + "/.hidden", withIntermediateDirectories: true)
    for name in ["b.dnd", "a.dnd", "sub/c.dnd", ".hidden/d.dnd", "notes.txt"] {
      try directory.write(name, "")
    }
    let found = TestRunner.scripts(in: [directory.path + "/", "single.dnd"])
      .map { $0.replacingOccurrences(of: directory.path, with: "D") }
    #expect(found == ["D/a.dnd", "D/b.dnd", "D/sub/c.dnd", "single.dnd"])
  }

  @Test func anUnreadableFileIsAFailedTest() {
    let result = TestRunner().run(path: "/nonexistent/x.dnd")
    #expect(!result.passed)
    guard case .unreadable(let message)? = result.cases.first?.failure else {
      Issue.record("expected unreadable")
      return
    }
    #expect(message == "cannot read '/nonexistent/x.dnd': no such file")
  }

  @Test func dndTestExitsZeroWhenAllPassAndOneOtherwise() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("scene.dnd", Self.scene)
    let failing = dnd(["test", path], engine: .live)
    #expect(failing.status == 1)
    #expect(failing.output.hasSuffix("1 passed, 1 failed\n"))
    let passing = dnd(["test", "--filter", "drops", path], engine: .live)
    #expect(passing.status == 0)
    #expect(passing.output == "PASS drops\n\n1 passed, 0 failed\n")
    let none = dnd(["test", "--filter", "zzz", path], engine: .live)
    #expect(none.status == 1)
    #expect(none.error == "dnd: error: no scenario's name contains 'zzz'\n")
    let empty = dnd(["test", directory.path + "/nothing"], engine: .live)
    #expect(empty.status == 1)
  }

  @Test func colourFollowsColorAndNotTheErrorStream() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("scene.dnd", Self.scene)
    #expect(!dnd(["test", path], errorIsTerminal: true, engine: .live).output.contains("\u{1B}["))
    let coloured = dnd(["test", "--color=always", path], engine: .live).output
    #expect(coloured.hasPrefix("\u{1B}[32mPASS\u{1B}[0m drops\n"))
    #expect(!dnd(["test", "--color=always", path], environment: [:], engine: .live).output.isEmpty)
    let explained = dnd(["explain", "--color=always", path], engine: .live).output
    #expect(explained.contains("\u{1B}[1mScenario \"drops\""))
    #expect(!dnd(["render", "--no-color", path], engine: .live).output.contains("\u{1B}["))
  }
}
