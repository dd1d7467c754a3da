import DndInterpreter
import DndRuntime
import DndSyntax
import Testing

/// The UIKit rules the trace shows, each seen from a script.
@Suite struct BindingUIKitRuleTests {
  /// §1.8: UIKit looks for a drop interaction from the hit view up through
  /// its superviews, so a target beneath another view (here a sibling's
  /// subview) is not asked where it is covered, and is where it is not. The
  /// trace names the view that covered it, and only when the walk met no
  /// drop interaction at all.
  @Test func aDropTargetBeneathAnotherViewIsNotAsked() throws {
    func scene(dragTo point: String) -> String {
      """
      source Notes { item a { UIDragItem(itemProvider: NSItemProvider(object: "x")) } }
      app Board {
        view target {
          frame = Rect(0, 0, 500, 500)
          dropInteraction {
            func sessionDidEnter(session) { }
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) { }
          }
        }
        view panel {
          frame = Rect(100, 100, 300, 300)
          view badge { frame = Rect(0, 0, 100, 100) }
        }
      }
      scenario "s" {
        longPress Notes.a
        drag to \(point)
        release
      }
      """
    }
    let covered = try runScene(scene(dragTo: "Point(150, 150)"))
    #expect(covered.outcome.passed, "\(covered.summary)")
    #expect(!covered.calls.contains("dropInteraction(_:sessionDidEnter:)"))
    let steps = covered.trace.filter { $0.name == "dropTargetCovered" }
    #expect(steps.map(\.view) == ["target"])
    #expect(steps.first?.argument("hitView") == "badge")
    let open = try runScene(scene(dragTo: "Point(50, 50)"))
    #expect(open.calls.contains("dropInteraction(_:performDrop:)"))
    #expect(!open.trace.contains { $0.name == "dropTargetCovered" })
  }

  @Test func enterIsAlwaysFollowedByUpdate() throws {
    let result = try runScene(
      demoScene(
        drop: "func sessionDidEnter(session) { }\n" + stringDrop(),
        scenario: "longPress source\n drag to target"))
    #expect(result.outcome.passed, "\(result.summary)")
    let calls = result.calls
    let enter = try #require(calls.firstIndex(of: "dropInteraction(_:sessionDidEnter:)"))
    #expect(calls[enter + 1] == "dropInteraction(_:sessionDidUpdate:)")
  }

  @Test(arguments: [(".copy", true), (".move", true), (".cancel", false), (".forbidden", false)])
  func performDropOnlyAfterCopyOrMove(_ operation: String, _ performs: Bool) throws {
    let result = try runScene(demoScene(drop: stringDrop(operation), scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.calls.contains("dropInteraction(_:performDrop:)") == performs)
  }

  @Test func moveAcrossAppsIsTreatedAsCancel() throws {
    let source = """
      app Left {
        frame = Rect(0, 0, 512, 768)
        label source {
          frame = Rect(40, 100, 200, 40)
          text = "Hello"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hello"))] }
          }
        }
      }
      app Right {
        frame = Rect(512, 0, 512, 768)
        view target {
          frame = Rect(0, 0, 512, 768)
          dropInteraction {
            func sessionDidUpdate(session) {
              print("local: \\(session.localDragSession != nil)")
              return UIDropProposal(operation: .move)
            }
            func performDrop(session) { print("dropped") }
          }
        }
      }
      scenario "move to the other app" {
        longPress source
        drag to target
        release
        settle
        expect not called performDrop
        expect warning "outside of the sourceOperationMask 1"
      }
      """
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "local: false\n")
  }

  @Test func mainThreadCheckerWarnsWhenABackgroundCompletionTouchesALabel() throws {
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) {
        session.items.first?.itemProvider.loadObject(ofClass: String) { text, error in
          target.text = text as? String
        }
      }
      """
    let source = demoScene(drop: drop, scenario: dragToTarget)
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
    let warning = try #require(result.warnings.first)
    #expect(
      warning.message == "Main Thread Checker: UI API called on a background thread: -[UILabel setText:]")
    #expect(warning.queue == "NSItemProvider")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("target.text = text as? String") }) + 1
    let column =
      try #require(lines[line - 1].range(of: "target.text")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
    #expect(warning.sourceLocation == "scene.dnd:\(line):\(column)")
  }

  static let pasteScene = """
    app Paste {
      view root {
        frame = Rect(0, 0, 1024, 768)
        label source {
          frame = Rect(40, 100, 200, 40)
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "x"))] }
          }
        }
        view broken {
          frame = Rect(40, 400, 300, 300)
          pasteConfiguration = UIPasteConfiguration(forAccepting: String)
        }
      }
    }
    """

  @Test func pasteConfigurationWithoutPasteRaisesOnDrop() throws {
    let expected = try runScene(
      Self.pasteScene + "\nscenario \"s\" {\n longPress source\n drag to broken\n release\n"
        + " expect exception NSInternalInconsistencyException\n}")
    #expect(expected.outcome.passed, "\(expected.summary)")
    let exception = try #require(expected.trace.first { $0.kind == .exception })
    #expect(exception.message == "pasteItemProviders: must be overridden if pasteConfiguration is not nil.")

    let unexpected = try runScene(
      Self.pasteScene + "\nscenario \"s\" {\n longPress source\n drag to broken\n release\n settle\n}")
    guard case .uncaughtException(let name, _, let diagnostic) = unexpected.outcome else {
      Issue.record("expected an uncaught exception, got \(unexpected.summary)")
      return
    }
    #expect(name == "NSInternalInconsistencyException")
    #expect(
      diagnostic.message.hasPrefix(
        "the app terminated: uncaught exception 'NSInternalInconsistencyException'"))
    // UIKit raised it on its own, not in a call of the script's: the
    // diagnostic points at the step.
    let unexpectedSource =
      Self.pasteScene + "\nscenario \"s\" {\n longPress source\n drag to broken\n release\n settle\n}"
    #expect(text(of: diagnostic.range, in: unexpectedSource) == "release")
    // The `settle` after it found the app gone.
    #expect(diagnostic.notes.map(\.message) == ["this step ran after the app had terminated, and did nothing"])
    #expect(diagnostic.notes.first?.range.map { text(of: $0, in: unexpectedSource) } == "settle")
  }

  /// An exception raised by a UIKit call in a handler ends the app at that
  /// call: the diagnostic points there, with a note naming the step.
  @Test func anExceptionRaisedByAHandlersCallPointsAtTheCall() throws {
    let source =
      Self.pasteScene.replacingOccurrences(
        of: "pasteConfiguration = UIPasteConfiguration(forAccepting: String)",
        with: "dropInteraction {\n func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }\n"
          + " func performDrop(session) { broken.addSubview(broken) }\n }")
      + "\nscenario \"s\" {\n longPress source\n drag to broken\n release\n}"
    let result = try runScene(source)
    guard case .uncaughtException(let name, _, let diagnostic) = result.outcome else {
      Issue.record("expected an uncaught exception, got \(result.summary)")
      return
    }
    #expect(name == "NSInvalidArgumentException")
    #expect(text(of: diagnostic.range, in: source) == "broken.addSubview(broken)")
    #expect(diagnostic.notes.map(\.message).first?.hasPrefix("called by UIKit during 'release'") == true)
    #expect(result.trace.filter { $0.kind == .exception }.count == 1)
  }

  /// The count check of `commitInsertion` and `performBatchUpdates` comes
  /// after their block: its exception points at the call, not at the
  /// block's last call (it once pointed at `ip.row`).
  @Test(arguments: [
    (
      "context.commitInsertion(dataSourceUpdates: { ip in rows.insert(\"new\", at: ip.row); rows.append(\"x\") })",
      "context.commitInsertion(dataSourceUpdates: { ip in rows.insert(\"new\", at: ip.row); rows.append(\"x\") })"
    ),
    (
      "list.performBatchUpdates({ rows.append(\"x\"); list.insertRows(at: [IndexPath(row: 0, section: 0)]); "
        + "rows.append(\"y\") })",
      "list.performBatchUpdates({ rows.append(\"x\"); list.insertRows(at: [IndexPath(row: 0, section: 0)]); "
        + "rows.append(\"y\") })"
    ),
  ])
  func aCountCheckAfterABlockPointsAtTheCall(statement: String, expected: String) throws {
    let source = """
      source Web { item a { UIDragItem(itemProvider: NSItemProvider(object: "a")) } }
      var rows = ["A"]
      app G { tableView list { frame = Rect(0, 0, 400, 400)
        dataSource { func numberOfRowsInSection(section) { rows.count }
          func cellForRowAt(indexPath) { UITableViewCell(text: rows[indexPath.row]) } }
        dropDelegate {
          func dropSessionDidUpdate(session, destinationIndexPath) {
            UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
          func performDropWith(coordinator) {
            let placeholder = UITableViewDropPlaceholder(
              insertionIndexPath: IndexPath(row: 0, section: 0), reuseIdentifier: "P", rowHeight: 44)
            let context = coordinator.drop(coordinator.items[0].dragItem, to: placeholder)
            \(statement)
          } } } }
      scenario "s" { longPress Web.a; drag to Point(100, 20); release }
      """
    let result = try runScene(source)
    guard case .uncaughtException(let name, _, let diagnostic) = result.outcome else {
      Issue.record("expected an uncaught exception, got \(result.summary)")
      return
    }
    #expect(name == "NSInternalInconsistencyException")
    #expect(text(of: diagnostic.range, in: source) == expected)
  }

  /// The trace shows when a queued block runs, on its queue and after the
  /// completion that queued it, so a reader sees when the views changed.
  @Test func aMainQueueBlockIsTracedWhenItRuns() throws {
    let source = """
      source Web { item a { UIDragItem(itemProvider: NSItemProvider(object: "a")) } }
      app G { view zone { frame = Rect(0, 0, 400, 400)
        dropInteraction {
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) {
            session.items[0].itemProvider.loadObject(ofClass: String) { text, error in
              DispatchQueue.main.async { print("on main") }
            }
          } } } }
      scenario "s" { longPress Web.a; drag to zone; release; settle }
      """
    let result = try runScene(source)
    let names = result.trace.map(\.name).filter { $0 == "loadCompleted" || $0 == "blockRan" }
    #expect(names == ["loadCompleted", "blockRan"])
    let block = result.trace.first { $0.name == "blockRan" }
    #expect(block?.queue == "main")
    #expect(block?.method == "DispatchQueue.main.async")
    #expect(block?.argument("line") == "7")
  }

  /// A limit a handler's call goes over points at that call, with a note
  /// naming the step, as other errors in handlers do (it pointed at the step).
  @Test func aLimitInAHandlerPointsAtItsCall() throws {
    let source = """
      source Web { item a { UIDragItem(itemProvider: NSItemProvider(object: "a")) } }
      app A { label target { frame = Rect(0, 0, 300, 300); isUserInteractionEnabled = true
        dropInteraction {
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) { for _ in 0..<20000 { DispatchQueue.main.async { } } }
        } } }
      scenario "s" { longPress Web.a; drag to target; release }
      """
    let result = try runScene(source)
    guard case .runtimeError(let diagnostic) = result.outcome else {
      Issue.record("expected a runtime error, got \(result.summary)")
      return
    }
    #expect(diagnostic.message.hasPrefix("too many pending work items"))
    #expect(text(of: diagnostic.range, in: source) == "DispatchQueue.main.async { }")
    #expect(diagnostic.notes.first?.message.hasPrefix("called by UIKit during 'release'") == true)
  }

  /// A terminated app takes no more touches, and the state it left is not
  /// what the scenario was written for: when an `expect` fails after an
  /// unexpected crash, the crash is the failure, the `expect` a note.
  @Test func aCrashLeadsAnExpectationThatFailsAfterIt() throws {
    let crash =
      Self.pasteScene + "\nvar after = 0\nscenario \"s\" {\n longPress source\n drag to broken\n release\n"
      + " settle\n expect after == 1\n}"
    let result = try runScene(crash)
    guard case .uncaughtException(let name, _, let diagnostic) = result.outcome else {
      Issue.record("expected the uncaught exception first, got \(result.summary)")
      return
    }
    #expect(name == "NSInternalInconsistencyException")
    #expect(text(of: diagnostic.range, in: crash) == "release")
    let note = try #require(diagnostic.notes.last)
    #expect(note.message.hasPrefix("after the app had terminated, this expectation failed too: expected after == 1"))
    #expect(note.range.map { text(of: $0, in: crash) } == "after == 1")

    // Expected, the crash is no failure; the expectation after it is one.
    let expected =
      Self.pasteScene + "\nvar after = 0\nscenario \"s\" {\n longPress source\n drag to broken\n release\n"
      + " expect exception NSInternalInconsistencyException\n expect after == 1\n}"
    let failed = try runScene(expected)
    guard case .failedExpectation(let failure) = failed.outcome else {
      Issue.record("expected the expectation to fail, got \(failed.summary)")
      return
    }
    #expect(text(of: failure.range, in: expected) == "after == 1")
  }

  private func text(of range: SourceRange, in source: String) -> String {
    let bytes = Array(source.utf8)
    let start = min(Int(range.start), bytes.count)
    return String(decoding: bytes[start..<min(max(start, Int(range.end)), bytes.count)], as: UTF8.self)
  }

  @Test func aDropFromAnotherAppHasNoLocalObjectOrSession() throws {
    let source = """
      source Safari {
        item photo {
          let image = UIImage(named: "web", size: Size(10, 10))
          let item = UIDragItem(itemProvider: NSItemProvider(object: image))
          item.localObject = "secret"
          return item
        }
      }
      app Gallery {
        view root {
          frame = Rect(0, 0, 1024, 768)
          dropInteraction {
            func sessionDidUpdate(session) {
              print(session.localDragSession == nil, session.items.first?.localObject ?? "none")
              return UIDropProposal(operation: .copy)
            }
          }
        }
      }
      scenario "s" {
        longPress Safari.photo
        drag to Point(100, 100)
      }
      """
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "true none\n")
  }
}
