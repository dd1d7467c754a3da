import DndInterpreter
import DndRuntime
import Testing

/// Expectations and the runner: what a failure says, and what a run keeps.
@Suite struct BindingExpectationTests {
  /// Steps after a drag to the target and back, and the failure each gives.
  static let failures: [(String, String)] = [
    (
      "expect target.text == \"Hello World\"",
      "expected target.text == \"Hello World\", but target.text is \"Hello\""
    ),
    ("expect target.text == source.text", ""),
    (
      "expect target.frame.width > source.frame.width + 500",
      "expected target.frame.width > source.frame.width + 500, but target.frame.width is 300.0 and "
        + "source.frame.width + 500 is 700.0"
    ),
    (
      "expect lastProposal?.operation == .move",
      "expected lastProposal?.operation == .move, but lastProposal?.operation is .copy"
    ),
    (
      "expect [target.text, source.text] == [\"Hi\", nil]",
      "expected [target.text, source.text] == [\"Hi\", nil], but [target.text, source.text] is "
        + "[\"Hello\", \"Hello\"]"
    ),
    ("expect target.isHidden", "expected target.isHidden, but it is false"),
    ("expect false", "expected false, but it never holds"),
    (
      "expect not called performDrop",
      "expected performDrop not to be called, but it was called 1 time, "
        + "first dropInteraction(_:performDrop:) on target at 0.575s"
    ),
    (
      "expect called performDrop on source",
      "expected performDrop to be called on source, but it was not called (it was called on target)"
    ),
    (
      "expect called sessionDidUpdate on target times 2",
      "expected sessionDidUpdate to be called 2 times on target, but it was called 1 time, "
        + "first dropInteraction(_:sessionDidUpdate:) on target at 0.575s"
    ),
    ("expect called sessionDidUpdate on target times 1", ""),
    ("expect called canHandle", ""),
    ("expect not called sessionDidExit", ""),
    (
      "expect exception NSInternalInconsistencyException",
      "expected exception NSInternalInconsistencyException, but no exception was raised"
    ),
    ("expect warning", "expected a warning, but there was none"),
    ("expect warning \"Main Thread\"", "expected a warning containing \"Main Thread\", but there was none"),
    ("expect not warning", ""),
    ("expect not warning \"Main Thread\"", ""),
    (
      "DispatchQueue.global().async { target.text = \"x\" }\n  settle\n  expect not warning \"Main Thread\"",
      "expected no warning containing \"Main Thread\", but there was: "
        + "\"Main Thread Checker: UI API called on a background thread: -[UILabel setText:]\""
    ),
    ("DispatchQueue.global().async { target.text = \"x\" }\n  settle\n  expect not warning \"Layout\"", ""),
  ]

  @Test(arguments: failures)
  func failedExpectationsSayWhatWasExpectedAndFound(_ step: String, _ message: String) throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: dragToTarget + "\n  " + step))
    if message.isEmpty {
      #expect(result.outcome.passed, "\(result.summary)")
      return
    }
    guard case .failedExpectation(let diagnostic) = result.outcome else {
      Issue.record("expected a failed expectation, got \(result.summary)")
      return
    }
    #expect(diagnostic.message == message)
  }

  /// A view with two drop interactions, named: `images` takes images
  /// only, `text` proposes a copy of anything.
  static let namedZone = """
    view zone {
      frame = Rect(400, 100, 300, 300)
      dropInteraction images {
        func canHandle(session) { session.canLoadObjects(ofClass: UIImage) }
        func performDrop(session) { }
      }
      dropInteraction text {
        func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
        func performDrop(session) { }
      }
    }
    """

  /// Two drop interactions of one kind on a view, told apart by name:
  /// `on zone.text` counts that interaction's calls, the trace's call lines
  /// name it, and a failure says which one was called instead.
  @Test func aNamedInteractionsCallsAreCountedApart() throws {
    let zone = Self.namedZone
    func outcome(_ expectation: String) throws -> ScenarioResult {
      try runScene(
        demoScene(
          drop: stringDrop(), scenario: "longPress source\n  drag to zone\n  release\n  settle\n  " + expectation,
          more: zone))
    }
    #expect(try outcome("expect called performDrop on zone.text times 1").outcome.passed)
    #expect(try outcome("expect not called performDrop on zone.images").outcome.passed)
    #expect(try outcome("expect called performDrop on zone times 1").outcome.passed)
    let failed = try outcome("expect called performDrop on zone.images")
    guard case .failedExpectation(let diagnostic) = failed.outcome else {
      Issue.record("expected a failed expectation, got \(failed.summary)")
      return
    }
    #expect(
      diagnostic.message
        == "expected performDrop to be called on zone.images, but it was not called (it was called on zone.text)")
    let calls = failed.trace.filter { $0.kind == .call && $0.view == "zone" }.map(\.interaction)
    #expect(calls.contains("dropInteraction images") && calls.contains("dropInteraction text"), "\(calls)")
  }

  /// The named interactions are known however the file is ordered (a
  /// scenario may come before its app), and through the app's name too.
  @Test func aNamedInteractionIsFoundBeforeItsAppAndThroughIt() throws {
    let source = """
      scenario "first" {
        longPress Demo.source
        drag to Demo.zone
        release
        expect called performDrop on zone.text
        expect called performDrop on Demo.zone.text times 1
        expect not called performDrop on Demo.zone.images
      }
      app Demo {
        label source {
          frame = Rect(0, 0, 200, 40)
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
          }
        }
        \(Self.namedZone)
      }
      """
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func aFailedExpectationPointsAtItsCondition() throws {
    let source = demoScene(drop: stringDrop(), scenario: dragToTarget + "\n  expect target.text == \"x\"")
    let result = try runScene(source)
    let range = try #require(result.outcome.diagnostic?.range)
    let start = source.utf8.index(source.utf8.startIndex, offsetBy: Int(range.start))
    let end = source.utf8.index(source.utf8.startIndex, offsetBy: Int(range.end))
    #expect(String(source[start..<end]) == "target.text == \"x\"")
  }

  @Test func expectationsSeeTheLocalsOfTheScenario() throws {
    let scenario = "let expected = \"Hello\"\n  " + dragToTarget + "\n  expect target.text == expected"
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func stepsOnAMissingFingerAreDiagnosed() throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: "release"))
    #expect(result.outcome.diagnostic?.id == "stepFailed")
    #expect(result.outcome.diagnostic?.message == "no finger is down: start with a long press")
  }

  @Test func aStepNeedsAViewAPointOrASourceItem() throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: "longPress 5"))
    #expect(
      result.outcome.diagnostic?.message
        == "'longPress' needs a view, a point or a source item such as 'Safari.photo', "
        + "not a value of type 'Int'"
    )
  }

  @Test func eachScenarioStartsFromAFreshSceneAndTheTopLevelPrintsOnce() throws {
    let source = """
      print("top level")
      app Demo {
        var count = 0
        view root { frame = Rect(0, 0, 100, 100) }
      }
      scenario "first" {
        count += 1
        root.alpha = 0.5
        print("first", count, root.alpha)
      }
      scenario "second" {
        count += 1
        print("second", count, root.alpha)
      }
      """
    let result = try runScenes(source)
    #expect(result.topLevel.output == "top level\n")
    #expect(result.scenarios.map(\.output) == ["first 1 0.5\n", "second 1 1.0\n"])
    #expect(result.allPassed)
  }

  @Test func printedTextIsPlacedAfterTheEventBeforeIt() throws {
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) { print("dropping") }
      """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    let printed = try #require(result.printed.first)
    #expect(printed.text == "dropping\n")
    #expect(result.trace[printed.afterEvent - 1].method == "dropInteraction(_:performDrop:)")
  }

  @Test func theTraceOfAScenarioStartsWithItsSteps() throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: dragToTarget))
    #expect(result.trace.first?.name == "longPress")
  }

  @Test func queueingTooMuchWorkIsADiagnosedLimit() throws {
    let result = try runScene("scenario \"s\" {\n  for _ in 0..<20000 { DispatchQueue.main.async { } }\n}")
    #expect(result.outcome.diagnostic?.id == "runtimeLimit")
    #expect(
      result.outcome.diagnostic?.message.hasPrefix("too many pending work items (limit is 10000)") == true)
  }
}
