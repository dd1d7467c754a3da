import DndInterpreter
import DndReport
import Foundation
import Testing

/// `dnd explain`: each "why not" names the UIKit rule behind it, and the
/// summary says what became of the drag.
@Suite struct ExplainerTests {
  /// A scene change, the rule the explanation must cite, and words its notes must hold.
  struct WhyNot: CustomTestStringConvertible, Sendable {
    var name: String
    var script: String
    var rule: String
    var words: String

    var testDescription: String { name }
  }

  static let cases: [WhyNot] = [
    WhyNot(
      name: "UILabel ignores touches by default, so no drag starts",
      script: scene(sourceSetup: ""), rule: "hitTestSkips",
      words: "`source` is a UILabel whose isUserInteractionEnabled is false"),
    WhyNot(
      name: "UIDragInteraction.isEnabledByDefault is false on iPhone",
      script: scene(device: "iPhone"), rule: "disabledByDefaultOnIPhone",
      words: "UIDragInteraction.isEnabledByDefault is false"),
    WhyNot(
      name: "itemsForBeginning returning no items means no lift",
      script: scene(dragHandlers: "func itemsForBeginning(session) { [] }"), rule: "liftNeedsItems",
      words: "With no items there is no lift"),
    WhyNot(
      name: "a target that takes no touches is passed over by hit-testing",
      script: scene(targetSetup: ""), rule: "hitTestSkips",
      words: "The finger is over `target`, but `target` is a UILabel whose isUserInteractionEnabled"),
    WhyNot(
      name: "a hidden target is passed over by hit-testing",
      script: scene(targetSetup: "isUserInteractionEnabled = true\n isHidden = true"), rule: "hitTestSkips",
      words: "`target` is hidden"),
    WhyNot(
      name: "canHandle returning false makes the view ignore the drag",
      script: scene(
        dropHandlers: """
          func canHandle(session) { false }
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) { }
          """), rule: "canHandleFalse", words: "canHandle says false"),
    WhyNot(
      name: "without sessionDidUpdate a view takes no drop",
      script: scene(dropHandlers: "func performDrop(session) { }"), rule: "needsSessionDidUpdate",
      words: "has no sessionDidUpdate"),
    WhyNot(
      name: "without performDrop the proposal is not recorded",
      script: scene(dropHandlers: "func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }"),
      rule: "needsPerformDrop", words: "has no performDrop"),
    WhyNot(
      name: "a forbidden proposal cancels the drag on release",
      script: scene(
        dropHandlers: """
          func sessionDidUpdate(session) { UIDropProposal(operation: .forbidden) }
          func performDrop(session) { }
          """), rule: "lastProposalDecides", words: "the last proposal of `target` was forbidden"),
    WhyNot(
      name: "a move the source does not allow becomes a cancel",
      script: scene(
        dragHandlers: """
          func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
          func sessionAllowsMoveOperation(session) { false }
          """,
        dropHandlers: """
          func sessionDidUpdate(session) { UIDropProposal(operation: .move) }
          func performDrop(session) { }
          """), rule: "moveNeedsPermission", words: "UIKit quietly treats the move as cancel"),
    WhyNot(
      name: "a provider's completion touching a view off the main queue",
      script: scene(
        dropHandlers: """
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) {
            for item in session.items {
              item.itemProvider.loadObject(ofClass: String) { text, error in target.text = text as? String }
            }
          }
          """), rule: "mainThreadOnly", words: "DispatchQueue.main.async"),
  ]

  @Test(arguments: cases)
  func whyNotNamesTheRule(_ testCase: WhyNot) throws {
    let run = try ScriptRun(testCase.script)
    let scenario = try run.only
    let explainer = Explainer(files: [run.file])
    let rules = explainer.ruleIDs(for: scenario)
    #expect(rules.contains(testCase.rule), "rules cited: \(rules)")
    let notes = explainer.notes(for: scenario).joined(separator: "\n")
    #expect(notes.contains(testCase.words), "\(notes)")
  }

  /// A table of three rows whose drop delegate proposes a move into a gap;
  /// `dropUpdate` and `steps` complete it.
  static func table(dropUpdate: String, steps: String) -> String {
    """
    device iPad
    app A {
      var rows = ["a", "b", "c"]
      tableView list { frame = Rect(0, 0, 400, 768); rowHeight = 50
        dataSource {
          func numberOfRowsInSection(section) { rows.count }
          func cellForRowAt(indexPath) { UITableViewCell(text: rows[indexPath.row]) }
          func moveRowAt(from, to) { rows.insert(rows.remove(at: from.row), at: to.row) }
        }
        dragDelegate {
          func itemsForBeginning(session, indexPath) {
            [UIDragItem(itemProvider: NSItemProvider(object: rows[indexPath.row]))]
          }
        }
        dropDelegate { \(dropUpdate)
          func performDropWith(coordinator) { } } }
    }
    scenario "s" { longPress list.cellForRow(at: IndexPath(row: 0, section: 0)); \(steps) }
    """
  }

  /// Scenes whose telling once contradicted their traces.
  static let tellings: [(name: String, script: String, says: String, never: String)] = [
    (
      "itemsForAddingTo not implemented adds nothing (§1.6)",
      """
      device iPad
      app A {
        label src { frame = Rect(40, 100, 200, 40); isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
          } }
        label other { frame = Rect(40, 250, 200, 40); isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "n"))] }
          } }
      }
      scenario "tap" { longPress src; drag to Point(600, 600); tap other; release; settle }
      """,
      "has no itemsForAddingTo, so nothing is added and the tap is an ordinary tap", "items to add (itemsForAddingTo)"
    ),
    (
      "a cancel preview in a hidden container counts as nil and the item fades (§2.3)",
      """
      device iPad
      app A {
        label src { frame = Rect(40, 100, 200, 40); text = "Hi"; isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
            func previewForCancelling(item, defaultPreview) {
              defaultPreview.retargetedPreview(with: UIDragPreviewTarget(container: box, center: Point(5, 5)))
            }
          } }
        view box { frame = Rect(500, 500, 100, 100); isHidden = true }
      }
      scenario "cancel" { longPress src; drag to Point(700, 100); release; settle }
      """,
      "returns a preview UIKit cannot use, which counts as nil", "flies back"
    ),
    (
      "a text view's dropSessionDidUpdate is a notification, not a proposal (§6.4)",
      """
      device iPad
      app A {
        label src { frame = Rect(40, 100, 200, 40); text = "Hi"; isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
          } }
        textView tv { frame = Rect(40, 400, 300, 100); text = "x"
          textDropDelegate {
            func proposalForDrop(drop) { UITextDropProposal(operation: .copy) }
            func dropSessionDidUpdate(session) { }
          } }
      }
      scenario "drop" { longPress src; drag to tv; release; settle }
      """,
      "proposalForDrop proposes copy on `tv`", "dropSessionDidUpdate proposes"
    ),
    (
      "one row reordered goes to moveRowAt, not performDropWith (§8.8)",
      table(
        dropUpdate: """
          func dropSessionDidUpdate(session, destinationIndexPath) {
            UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) }
          """,
        steps: "drag to list.cellForRow(at: IndexPath(row: 2, section: 0)); release; settle"),
      "UIKit calls its data source's moveRowAt instead of performDropWith", "UIKit calls its performDrop"
    ),
    (
      "a list without dropSessionDidUpdate shows no badge (§8.3)",
      table(dropUpdate: "", steps: "drag to Point(200, 700); release; settle"),
      "has no dropSessionDidUpdate, so the drag shows no badge over it", "green plus"
    ),
    (
      "a cancelled drop on a list does not call performDropWith",
      table(
        dropUpdate: """
          func dropSessionDidUpdate(session, destinationIndexPath) {
            UITableViewDropProposal(operation: .cancel) }
          """,
        steps: "drag to Point(200, 700); release; settle"),
      "performDropWith is not called", "performDrop is not called"
    ),
  ]

  @Test(arguments: 0..<6)
  func theTellingAgreesWithTheTrace(index: Int) throws {
    let telling = Self.tellings[index]
    let run = try ScriptRun(telling.script)
    let notes = Explainer(files: [run.file]).notes(for: try run.only).joined(separator: " ")
    let flat = notes.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    #expect(flat.contains(telling.says), "\(telling.name): \(flat)")
    #expect(!flat.contains(telling.never), "\(telling.name): \(flat)")
  }

  /// Rule (UITableView.h, WWDC 2017/223): a nil destination makes the
  /// intent unspecified; a table's automatic is resolved by the finger's place.
  @Test(arguments: [
    ("drag to Point(200, 500)", "insertIntoDestinationIndexPath", "is nil and UIKit makes the intent unspecified"),
    ("drag to Point(200, 75)", "automatic", "adjusts the proposal at [0, 1] to move, insertIntoDestinationIndexPath"),
    ("drag to Point(200, 55)", "automatic", "adjusts the proposal at [0, 1] to move, insertAtDestinationIndexPath"),
  ])
  func anIntentUIKitChangesIsTold(move: String, intent: String, words: String) throws {
    let run = try ScriptRun(
      Self.table(
        dropUpdate: """
          func dropSessionDidUpdate(session, destinationIndexPath) {
            UITableViewDropProposal(operation: .move, intent: .\(intent))
          }
          """,
        steps: "\(move); release; settle"))
    let explainer = Explainer(files: [run.file])
    let scenario = try run.only
    #expect(explainer.ruleIDs(for: scenario).contains("listIntentAdjusted"))
    let flat = explainer.notes(for: scenario).joined(separator: " ")
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    #expect(flat.contains(words), "\(flat)")
  }

  /// Rule (UICollectionView.h, WWDC 2017/223): the placeholder is inserted
  /// at the drop; committing runs the app's block with its place then.
  @Test func aPlaceholderIsToldFromInsertionToCommit() throws {
    let run = try ScriptRun.example("19-placeholders.dnd")
    let scenario = try run.scenario("the placeholder waits, then becomes the photo")
    let explainer = Explainer(files: [run.file])
    #expect(explainer.ruleIDs(for: scenario).contains("placeholders"))
    let flat = explainer.notes(for: scenario).joined(separator: " ")
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    #expect(flat.contains("`gallery` shows a placeholder cell at [0, 1] while the data loads"), "\(flat)")
    #expect(flat.contains("The app commits its placeholder in `gallery`"), "\(flat)")
    #expect(!flat.contains("UIKit calls UICollectionViewDropPlaceholderContext"), "\(flat)")
  }

  /// Each drag's first proposal at a view is told, even when an earlier
  /// drag there left and was cancelled without a sessionDidExit to say so.
  @Test func eachDragsProposalIsTold() throws {
    let run = try ScriptRun(
      scene(
        steps: """
          longPress source
          drag to target
          drag to Point(300, 600)
          release
          settle
          longPress source
          drag to target
          release
          settle
          """))
    let notes = Explainer(files: [run.file]).notes(for: try run.only).joined(separator: " ")
    let told = notes.components(separatedBy: "sessionDidUpdate proposes copy on `target`").count - 1
    #expect(told == 2, "\(notes)")
  }

  /// The words of one scenario's explanation, one space between each.
  static func flatNotes(_ run: ScriptRun, _ scenario: ScenarioResult) -> String {
    Explainer(files: [run.file]).notes(for: scenario).joined(separator: " ")
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  /// §8.2, §9.2: a table's or collection view's drag delegate has no
  /// sessionDidTransferItems (nor willAdd), and what lifts is the touched
  /// row's cell, not the table.
  @Test func aListSourceIsToldAsAList() throws {
    let run = try ScriptRun.example("17-video-table.dnd")
    let flat = Self.flatNotes(run, try run.scenario("a row travels to Messages as MPEG-4 data"))
    #expect(flat.contains("so the cell at [0, 1] lifts off `list` under the finger"), "\(flat)")
    #expect(flat.contains("drag delegate has no sessionDidTransferItems, so the source hears nothing"), "\(flat)")
    #expect(!flat.contains("`list` lifts off the screen"), "\(flat)")
  }

  /// §1.9 for lists: a table's canHandle false silences its own methods,
  /// and for the rest of the session, canHandle too.
  @Test func aListsCanHandleFalseNamesTheListsMethods() throws {
    let run = try ScriptRun(
      Self.table(dropUpdate: "func canHandle(session) { false }", steps: "drag to Point(200, 120); release"))
    let flat = Self.flatNotes(run, try run.only)
    #expect(flat.contains("no dropSessionDidEnter, dropSessionDidUpdate or performDropWith"), "\(flat)")
    #expect(flat.contains("canHandle is not asked again, even if the drag comes back"), "\(flat)")
  }

  /// A drop whose one load failed and other arrived did not get its data.
  @Test func aFailedLoadIsNotToldAsDataArriving() throws {
    let run = try ScriptRun.example("22-image-gallery-complete.dnd")
    let scenario = try run.scenario("path 2: the image fails after the URL came: the placeholder goes")
    let summary = Explainer(files: [run.file]).summary(of: scenario).joined(separator: " ")
    #expect(summary.contains("some of its data arrived, but a load failed"), "\(summary)")
    let flat = Self.flatNotes(run, scenario)
    #expect(flat.contains("some data arrived, and a load failed with an error"), "\(flat)")
    #expect(!flat.contains("every piece of data it asked for has arrived"), "\(flat)")
  }

  /// §1.6/§1.9: items added during a drag re-ask canHandle; the answer is
  /// told as a re-ask, whichever it is (the drag did not arrive again).
  @Test(arguments: [("true", "goes on considering the drag"), ("session.items.count < 2", "canHandle now says false")])
  func aReaskAfterItemsJoinIsToldAsSuch(answer: String, words: String) throws {
    let script = """
      app A {
          view root {
              frame = Rect(0, 0, 1024, 768)
              label a {
                  frame = Rect(0, 0, 100, 100)
                  isUserInteractionEnabled = true
                  dragInteraction {
                      func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
                      func itemsForAddingTo(session, point) { [UIDragItem(itemProvider: NSItemProvider(object: "b"))] }
                  }
              }
              view target {
                  frame = Rect(300, 300, 300, 300)
                  dropInteraction {
                      func canHandle(session) { \(answer) }
                      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                  }
              }
          }
      }
      scenario "s" {
          longPress a
          drag to target
          tap a
          release
      }
      """
    let run = try ScriptRun(script)
    let flat = Self.flatNotes(run, try run.only)
    #expect(flat.contains("The drag's items changed, so UIKit asks `target` again"), "\(flat)")
    #expect(flat.contains(words), "\(flat)")
    #expect(flat.components(separatedBy: "The drag reaches `target`").count == 2, "\(flat)")
  }

  /// A table the script turned off is not blamed on the iPhone's default,
  /// on any device (on iOS 15 that default is on).
  @Test(arguments: ["device iPhone iOS 15", "device iPhone", "device iPad"])
  func aListTurnedOffIsNotBlamedOnTheDefault(device: String) throws {
    let script = Self.table(dropUpdate: "", steps: "release")
      .replacingOccurrences(of: "device iPad", with: device)
      .replacingOccurrences(of: "rowHeight = 50", with: "rowHeight = 50; dragInteractionEnabled = false")
    let run = try ScriptRun(script)
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(summary == ["In short: no drag started: `list`'s dragInteractionEnabled is false."], "\(summary)")
    #expect(run.result.scenarios.first?.trace.contains { $0.argument("cause") == "listDisabledByDefault" } == false)
  }

  /// §13.10: the copy a list without dropSessionDidUpdate drops is the
  /// model's choice, and said to be.
  @Test func aListsDefaultProposalIsToldAsAChoice() throws {
    let run = try ScriptRun(Self.table(dropUpdate: "", steps: "drag to Point(200, 120); release"))
    let flat = Self.flatNotes(run, try run.only)
    #expect(flat.contains("That copy is the model's choice"), "\(flat)")
  }

  @Test("a table whose drop delegate has no performDropWith is told so by that name")
  func aListWithoutPerformDropWith() throws {
    let run = try ScriptRun(
      """
      device iPad
      source Notes { item memo { UIDragItem(itemProvider: NSItemProvider(object: "Milk")) } }
      app Shop {
        tableView list {
          frame = Rect(0, 0, 400, 600)
          dataSource {
            func numberOfRowsInSection(section) { 1 }
            func cellForRowAt(indexPath) { UITableViewCell(text: "Eggs") }
          }
          dropDelegate {
            func dropSessionDidUpdate(session, destinationIndexPath) {
              UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
            }
          }
        }
      }
      scenario "no performDropWith" {
        longPress Notes.memo
        drag to list
        release
      }
      """)
    let explainer = Explainer(files: [run.file])
    let notes = explainer.notes(for: try run.only).joined(separator: "\n")
    #expect(notes.contains("dropSessionDidUpdate on `list` answers copy, but `list` has no performDropWith"))
    #expect(!notes.contains("has no performDrop,"))
  }

  @Test("a drop whose performDrop stops with an error is not summed up as a drop")
  func aCrashInPerformDrop() throws {
    let run = try ScriptRun(scene(dropHandlers: """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) { print([1][3]) }
      """))
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(
      summary == [
        "In short: the drag from `source` was being dropped on `target` when the script stopped with an "
          + "error; in an app the error would end the app there."
      ])
  }

  /// An exception in a drag that never began is still summed up, on its
  /// own line; one that cuts a begun drag short is told with that drag.
  @Test("an exception is summed up whether or not its drag began")
  func exceptionsInTheSummary() throws {
    let lift = try ScriptRun(scene(dragHandlers: """
      func itemsForBeginning(session) {
        source.addSubview(source)
        return [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))]
      }
      """))
    #expect(
      Explainer(files: [lift.file]).summary(of: try lift.only).contains(
        "In short: UIKit raised NSInvalidArgumentException, which would end the app."))
    let update = try ScriptRun(scene(dropHandlers: """
      func sessionDidUpdate(session) {
        target.addSubview(target)
        return UIDropProposal(operation: .copy)
      }
      """))
    #expect(
      Explainer(files: [update.file]).summary(of: try update.only) == [
        "In short: the drag from `source` was cut short: UIKit raised NSInvalidArgumentException, which would "
          + "end the app."
      ])
    // Two drags: the exception (which names no drag) goes to the drag whose
    // handler raised it, the second; the first was merely in progress.
    let two = try ScriptRun(scene(
      dropHandlers: """
        func sessionDidUpdate(session) {
          if session.location(in: target).x > 200 { target.addSubview(target) }
          return UIDropProposal(operation: .copy)
        }
        """,
      steps: "longPress source\n  drag to Point(300, 600)\n  longPress source\n  drag to Point(250, 420)"))
    #expect(
      Explainer(files: [two.file]).summary(of: try two.only) == [
        "In short: drag 1 from `source` was still in progress when the app ended.",
        "In short: drag 2 from `source` was cut short: UIKit raised NSInvalidArgumentException, which would "
          + "end the app.",
      ])
  }

  @Test("an error after a drop that happened leaves the drop's summary as it was")
  func anErrorAfterTheDrop() throws {
    let run = try ScriptRun(scene(steps: "longPress source\n  drag to target\n  release\n  settle\n  print([1][3])"))
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(summary.first?.hasPrefix("In short: the drag from `source` was dropped on `target` as a copy") == true)
  }

  @Test func theSummarySaysWhyNoDragStarted() throws {
    let run = try ScriptRun(scene(sourceSetup: ""))
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(summary.count == 1)
    #expect(summary.first?.hasPrefix("In short: no drag started: hit-testing passed over `source`") == true)
  }

  @Test func theSummarySaysWhereTheDragWasDropped() throws {
    let run = try ScriptRun(scene())
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(
      summary == ["In short: the drag from `source` was dropped on `target` as a copy, and its data arrived."]
    )
  }

  @Test func theSummarySaysWhyTheDragWasCancelled() throws {
    let run = try ScriptRun(scene(steps: "longPress source\n drag to Point(300, 600)\n release\n settle"))
    let summary = Explainer(files: [run.file]).summary(of: try run.only)
    #expect(
      summary == ["In short: the drag from `source` was cancelled: no drop target was under the finger."])
  }

  /// An iPhone keeps a drag inside its app: the reason is the app out of
  /// reach (the trace's appNotReachable), not an empty place; a move back
  /// to empty space in reach forgets it.
  @Test func theSummarySaysTheDragCouldNotReachTheApp() throws {
    func summary(_ steps: String) throws -> [String] {
      let source = """
        device iPhone
        source Notes {
            item line { UIDragItem(itemProvider: NSItemProvider(object: "Buy milk")) }
        }
        app Todo {
            view zone {
                frame = Rect(0, 0, 375, 300)
                dropInteraction {
                    func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                    func performDrop(session) { }
                }
            }
        }
        scenario "s" {
            longPress Notes.line
            \(steps)
            release
        }
        """
      let run = try ScriptRun(source)
      return Explainer(files: [run.file]).summary(of: try run.only)
    }
    #expect(
      try summary("drag to zone") == [
        "In short: the drag from Notes's line was cancelled: the finger was over Todo, which the drag cannot "
          + "reach (on iPhone before iOS 15 a drag stays inside its app)."
      ])
    // Back over its own app's empty space: no drop target, not the app out of reach.
    let restricted = """
      app Home {
          frame = Rect(0, 0, 512, 768)
          label source {
              frame = Rect(0, 0, 200, 40)
              isUserInteractionEnabled = true
              dragInteraction {
                  func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
                  func sessionIsRestrictedToDraggingApplication(session) { true }
              }
          }
      }
      app Other {
          frame = Rect(512, 0, 512, 768)
          view zone {
              frame = Rect(0, 0, 512, 768)
              dropInteraction { func sessionDidUpdate(session) { UIDropProposal(operation: .copy) } }
          }
      }
      scenario "over" {
          longPress source
          drag to zone
          release
      }
      scenario "back" {
          longPress source
          drag to zone
          drag to Point(300, 500)
          release
      }
      """
    let run = try ScriptRun(restricted)
    let explainer = Explainer(files: [run.file])
    let summaries = run.result.scenarios.map { explainer.summary(of: $0).joined() }
    #expect(summaries.count == 2)
    #expect(summaries.first?.contains("which the drag cannot reach (the source restricted") == true, "\(summaries)")
    #expect(summaries.last?.contains("no drop target was under the finger") == true, "\(summaries)")
  }

  /// A second canHandle for the same view in one drag (the drag came back)
  /// is told as the model's choice, with what the lecture says.
  @Test func aSecondCanHandleIsToldAsAChoice() throws {
    let run = try ScriptRun(
      scene(
        dropHandlers: "func canHandle(session) { false }",
        steps: "longPress source\n  drag through target, Point(360, 600), target\n  release"))
    let notes = Explainer(files: [run.file]).notes(for: try run.only)
    let told = notes.filter { $0.contains("`target` said false to this drag before") }
    #expect(told.count == 1, "\(notes)")
  }

  /// Two drop interactions on one view: each canHandle is told under the
  /// interaction's name, as the trace names it.
  @Test func namedInteractionsAreToldApart() throws {
    let zone = """
      label target {
          frame = Rect(400, 400, 300, 300)
          isUserInteractionEnabled = true
          dropInteraction images { func canHandle(session) { session.canLoadObjects(ofClass: UIImage) } }
          dropInteraction text { func sessionDidUpdate(session) { UIDropProposal(operation: .copy) } }
        }
      """
    let run = try ScriptRun(
      """
      app Demo {
        label source {
          frame = Rect(20, 100, 200, 40)
          text = "Hi"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
          }
        }
        \(zone)
      }
      scenario "s" {
        longPress source
        drag to target
        release
      }
      """)
    let notes = Explainer(files: [run.file]).notes(for: try run.only)
    #expect(notes.contains { $0.hasPrefix("The drag reaches `target.images`, but canHandle says false") }, "\(notes)")
    #expect(notes.contains { $0.hasPrefix("The drag reaches `target.text`;") }, "\(notes)")
  }

  @Test func aCopyProposalIsExplainedAsTheGreenPlus() throws {
    let run = try ScriptRun(scene())
    let notes = Explainer(files: [run.file]).notes(for: try run.only)
    #expect(notes.contains { $0.contains("proposes copy on `target`, so the drag shows a green plus") })
    #expect(notes.contains { $0.hasPrefix("The long press at (120, 120) lands on `source`") })
  }

  @Test func selectionByTapAndByCodeIsTold() throws {
    let script = """
      app Shelf {
          var books = ["Emma", "Dune"]
          tableView list {
              frame = Rect(0, 0, 400, 768)
              dataSource {
                  func numberOfRowsInSection(section) { books.count }
                  func cellForRowAt(indexPath) { UITableViewCell(text: books[indexPath.row]) }
              }
          }
      }
      scenario "select" {
          tap list.cellForRow(at: IndexPath(row: 1, section: 0))
          list.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
          list.selectRow(at: nil, animated: false, scrollPosition: .none)
      }
      """
    let run = try ScriptRun(script)
    let notes = Explainer(files: [run.file]).notes(for: try run.only)
    #expect(notes.contains { $0.hasPrefix("A tap selects [0, 1] in `list`, whose delegate has no didSelect method") })
    let byCode = "The app's code selects [0, 0] with selectRow(at:animated:scrollPosition:)"
    #expect(notes.contains { $0.hasPrefix(byCode) })
    #expect(notes.contains { $0.hasPrefix("The app's code clears the selection") })
  }

  @Test func theSameProposalIsToldOnceNotOnEveryMove() throws {
    let run = try ScriptRun(scene(steps: "longPress source\n drag through target, target, target\n release"))
    let notes = Explainer(files: [run.file]).notes(for: try run.only)
    #expect(notes.filter { $0.contains("proposes copy") }.count == 1)
  }

  @Test func eachRuleIsStatedOncePerScenarioWithItsSources() throws {
    let run = try ScriptRun(scene(sourceSetup: "", steps: "longPress source\n longPress source"))
    let text = Explainer(files: [run.file]).explain(run.result)
    #expect(text.components(separatedBy: "Rule: Hit-testing passes over").count == 2)
    #expect(text.contains("Rule: as above (see UIView.h, gotchas)"))
    #expect(text.contains("Where UIKit documents these rules"))
    #expect(text.contains("UIView.h: a UIKit header of the iOS SDK"))
  }

  @Test(arguments: ReportPaths.exampleNames)
  func everyLineFitsOneHundredColumns(_ name: String) throws {
    let run = try ScriptRun.example(name)
    for line in Explainer(files: [run.file]).explain(run.result).split(separator: "\n") {
      #expect(line.count <= 100, "\(line)")
    }
  }

  @Test func colourIsUsedOnlyWhenAsked() throws {
    let run = try ScriptRun(scene(sourceSetup: ""))
    let plain = Explainer(files: [run.file]).explain(run.result)
    let coloured = Explainer(files: [run.file], style: TerminalStyle(useColor: true)).explain(run.result)
    #expect(!plain.contains("\u{1B}["))
    #expect(coloured.contains("\u{1B}[33m"))
  }
}
