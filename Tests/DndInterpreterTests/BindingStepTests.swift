import DndInterpreter
import DndRuntime
import Testing

/// Finger steps and the less common blocks, each from a script.
@Suite struct BindingStepTests {
  /// Steps, and whether the drop happened.
  static let fingerCases: [(String, Bool)] = [
    ("longPress source\n  drag to target\n  release\n  settle", true),
    ("longPress source\n  drag through Point(500, 300), target\n  release\n  settle", true),
    ("longPress source\n  drag to target\n  cancel\n  settle", false),
    ("longPress source for 0.1\n  release\n  settle", false),
    ("longPress source\n  drag to target, Point(900, 100)\n  release\n  wait 1", false),
  ]

  @Test(arguments: fingerCases)
  func fingerStepsDriveTheDrag(_ steps: String, _ drops: Bool) throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: steps))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.calls.contains("dropInteraction(_:performDrop:)") == drops)
  }

  @Test func aShortPressDoesNotLift() throws {
    let result = try runScene(demoScene(drop: stringDrop(), scenario: "longPress source for 0.1\n  release"))
    #expect(!result.calls.contains("dragInteraction(_:itemsForBeginning:)"))
  }

  @Test func aSpringLoadedInteractionBlockGetsItsContext() throws {
    let more = """
      view folder {
        frame = Rect(600, 600, 100, 100)
        springLoadedInteraction {
          func activated(context) {
            print("activated", context.state == .activated, context.targetView === folder)
          }
        }
      }
      """
    let scenario = "longPress source\n  drag to folder\n  wait 1.5"
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario, more: more))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "activated true true\n")
  }

  @Test func aTextDropDelegateMakesANonEditableTextViewTakeTheDrop() throws {
    let more = """
      textView notes {
        frame = Rect(600, 600, 200, 100)
        isEditable = false
        text = "a "
        textDropDelegate {
          func willBecomeEditableForDrop(drop) { .yes }
        }
      }
      """
    let scenario =
      "longPress source\n  drag to notes\n  release\n  settle\n  expect notes.text == \"a Hello\""
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario, more: more))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.calls.contains("textDroppableView(_:willBecomeEditableForDrop:)"))
  }

  @Test func registeredItemsAndFileRepresentationsLoad() throws {
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) {
        let provider = NSItemProvider()
        provider.registerItem(forTypeIdentifier: "public.url") { completion in
          completion(URL(string: "https://r.s"), nil)
        }
        provider.loadObject(ofClass: URL) { url, error in print(url ?? "none") }
        let text = NSItemProvider(object: "file text")
        text.loadFileRepresentation(forTypeIdentifier: "public.utf8-plain-text") { url, error in
          print(url?.absoluteString.hasPrefix("file:///tmp/dnd/") ?? false)
        }
      }
      """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "https://r.s\ntrue\n")
  }

  @Test func aGlobalQueueRunsOffTheMainQueue() throws {
    let source = """
      app A {
        label l { frame = Rect(0, 0, 10, 10) }
      }
      scenario "s" {
        DispatchQueue.global().async { l.text = "from the background" }
        settle
        expect warning "-[UILabel setText:]"
      }
      """
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.warnings.first?.queue == "global")
  }

  @Test func previewsCanBeMadeForAnyViewInAWindow() throws {
    let drag = """
      func previewForLifting(item, session) {
        let preview = UITargetedDragPreview(view: source)
        print(preview.view === source, preview.target.container === root)
        return preview
      }
      """
    let result = try runScene(demoScene(drag: drag, drop: stringDrop(), scenario: "longPress source"))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "true true\n")
  }

  @Test func tableViewDelegatesAreBound() throws {
    let source = """
      app A {
        tableView list {
          frame = Rect(0, 0, 100, 100)
          dropDelegate {
            func performDropWith(coordinator) { }
          }
        }
      }
      """
    let result = try runScenes(source)
    #expect(result.topLevel.outcome.passed, "\(result.topLevel.summary)")
  }
}
