import DndCLI
import DndInterpreter
import DndReport
import DndSyntax
import Foundation
import Testing

/// The text `dnd run` prints for a script with scenes.
@Suite struct TraceTextReporterTests {
  static func report(_ source: String, width: Int = 100) throws -> String {
    let file = SourceFile(name: "scene.dnd", text: source)
    let program = try #require(Pipeline.check(file).program)
    let result = ScenarioRunner(program: program, files: [file]).run { _ in }
    return TraceTextReporter(renderer: DiagnosticRenderer(file: file), files: [file], width: width).render(
      result)
  }

  static let example: String = {
    let url = PackagePaths.examples.appendingPathComponent("09-move-and-copy.dnd")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  @Test(arguments: [80, 100])
  func everyLineFitsTheWidth(_ width: Int) throws {
    let text = try Self.report(Self.example, width: width)
    for line in text.split(separator: "\n") where !line.hasPrefix(">") {
      #expect(line.count <= width, "\(line)")
    }
  }

  /// A script without scenes prints what it prints: a block it queued on
  /// the main queue is traced, but alone it is no scene to show.
  @Test func aQueuedBlockAloneIsNoScene() throws {
    let report = try Self.report("DispatchQueue.main.async { print(\"x\") }\nprint(\"top\")\n")
    #expect(report == "top\nx\n")
  }

  @Test func eventsAreGroupedByPhaseInTheLecturesOrder() throws {
    let text = try Self.report(Self.example)
    let first = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("Scenario") })
    let headers = first.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    #expect(headers == ["  Lift", "  Drag", "  Set down", "  Data transfer"])
  }

  /// `wait` and `settle` join the group opened last: in the group of the
  /// event before them, a settle at 0.5s printed under Set down, above a
  /// wait at 0s under Data transfer.
  @Test func waitAndSettleJoinTheGroupOpenedLast() throws {
    let url = PackagePaths.examples.appendingPathComponent("07-perform-drop.dnd")
    let text = try Self.report(try String(contentsOf: url, encoding: .utf8))
    let first = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("Scenario") })
    let lines = first.split(separator: "\n").map(String.init)
    let transfer = try #require(lines.firstIndex(of: "  Data transfer"))
    let waits = lines.indices.filter { lines[$0].hasSuffix("wait seconds=1") }
    #expect(waits.count == 2)
    #expect(waits.allSatisfy { $0 > transfer }, "\(first)")
    #expect(lines[transfer + 1].hasSuffix("loadObjects(ofClass:) class=NSString"))
  }

  /// A printed word longer than a line is cut into lines that fit, and
  /// nothing is lost (a long word was cut in time quadratic in its length).
  @Test func aLongPrintedWordIsCutIntoLinesThatFit() throws {
    let word = String((0..<5_000).map { Character(String($0 % 10)) })
    let script = "app A { view v { frame = Rect(0, 0, 10, 10) } }\nscenario \"s\" { print(\"\(word)\") }\n"
    let text = try Self.report(script)
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 100 })
    // The printed lines: a bar, then digits only (indentation aside).
    let printed = lines.map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("| ") }
      .map { $0.dropFirst(2).filter { $0 != " " } }
    #expect(printed.count > 50)
    #expect(printed.joined() == word)
  }

  /// A word too long for its line breaks after a colon, a dot or an
  /// opening parenthesis, never inside a name (`commitInsertion(dataSou` /
  /// `rceUpdates:)` could not be searched for).
  @Test func aLongWordBreaksAtAPunctuationMark() throws {
    let word =
      "UICollectionViewDropPlaceholderContext.commitInsertion(dataSourceUpdates:)" + String(repeating: "x", count: 20)
    let script = "app A { view v { frame = Rect(0, 0, 10, 10) } }\nscenario \"s\" { print(\"\(word)\") }\n"
    let text = try Self.report(script, width: 80)
    #expect(text.contains("UICollectionViewDropPlaceholderContext.commitInsertion(\n"), "\(text)")
    #expect(text.contains("dataSourceUpdates:)xxxxxxxxxxxxxxxxxxxx"), "\(text)")
    // A stub is no break: a lone "(" on a line of its own.
    let stub = try Self.report(
      "app A { view v { frame = Rect(0, 0, 10, 10) } }\nscenario \"s\" { print(\"(\" + "
        + "String(repeating: \"x\", count: 150)) }\n", width: 80)
    #expect(!stub.split(separator: "\n").contains { $0.hasSuffix("| (") }, "\(stub)")
  }

  /// Two drags from views of one collection view in a scenario of two apps:
  /// long app-qualified places, and a second long press before its session.
  static let twoDrags = """
    app Gallery {
      frame = Rect(0, 0, 512, 768)
      var items = ["a", "b", "c"]
      collectionView gallery {
        frame = Rect(0, 0, 512, 400)
        itemSize = Size(100, 100)
        dataSource {
          func numberOfItemsInSection(section) { items.count }
          func cellForItemAt(indexPath) { UICollectionViewCell(text: items[indexPath.item]) }
        }
        dragDelegate {
          func itemsForBeginning(session, indexPath) {
            [UIDragItem(itemProvider: NSItemProvider(object: items[indexPath.item]))]
          }
        }
      }
    }
    app Notes {
      frame = Rect(512, 0, 512, 768)
      view page {
        frame = Rect(0, 0, 512, 768)
        dropInteraction {
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) {}
        }
      }
    }
    scenario "two drags" {
      longPress gallery.cellForItem(at: IndexPath(item: 0, section: 0))
      drag to page
      release
      settle
      longPress gallery.cellForItem(at: IndexPath(item: 1, section: 0))
      drag to page
      release
      settle
    }
    """

  @Test func aPlaceTooWideForItsColumnEndsWithAnEllipsis() throws {
    let text = try Self.report(Self.twoDrags)
    #expect(text.contains(" Gallery.gallery[0, … "), "\(text)")
    #expect(!text.contains("Gallery.gallery[0, 0 "))
  }

  @Test func aLongPressOpensTheGroupOfTheDragItStarts() throws {
    let text = try Self.report(Self.twoDrags)
    let second = try #require(text.components(separatedBy: "  Drag 2: Lift\n").last)
    let firstLine = try #require(second.split(separator: "\n").first)
    #expect(firstLine.contains("longPress"), "\(text)")
    let first = try #require(text.components(separatedBy: "  Drag 2: Lift\n").first)
    #expect(first.components(separatedBy: "longPress").count == 2, "one long press before Drag 2")
  }

  @Test func handlersDefaultsAndWarningsAreMarked() throws {
    let text = try Self.report(Self.example)
    #expect(text.contains("> dropInteraction(_:performDrop:) items=1"))
    #expect(text.contains("- dragInteraction(_:previewForLifting:session:)"))
    #expect(text.contains("! warning: Selector dropInteraction:sessionDidUpdate: returned a"))
    #expect(text.hasSuffix("3 scenarios: 3 passed, 0 failed\n"))
  }

  @Test func aFailureIsRenderedAsADiagnosticUnderItsFailLine() throws {
    let source = Self.example.replacingOccurrences(
      of: "expect root.subviews.count == 1", with: "expect root.subviews.count == 5")
    let text = try Self.report(source)
    #expect(text.contains("FAIL \"our own photo moves\"\nscene.dnd:"))
    #expect(text.contains("error: expected root.subviews.count == 5, but root.subviews.count is 1"))
    #expect(text.hasSuffix("3 scenarios: 2 passed, 1 failed\n"))
  }

  @Test func printedTextAppearsUnderTheEventItFollows() throws {
    let source = Self.example.replacingOccurrences(
      of: "let point = session.location(in: root)",
      with: "let point = session.location(in: root)\nprint(point)")
    let text = try Self.report(source)
    let lines = text.split(separator: "\n").map(String.init)
    let drop = try #require(lines.firstIndex { $0.contains("> dropInteraction(_:performDrop:)") })
    #expect(lines[drop + 1].hasSuffix("| Point(600, 500)"))
  }

  @Test func aScenarioTitleKeepsItsApostropheAndEscapesItsQuotes() throws {
    let text = try Self.report("scenario \"another app's \\\"drag\\\"\" {\n}\n")
    #expect(text.contains("Scenario \"another app's \\\"drag\\\"\""))
    #expect(text.contains("PASS \"another app's \\\"drag\\\"\"\n"))
  }

  @Test func aScriptWithoutScenesPrintsOnlyWhatItPrints() throws {
    #expect(try Self.report("print(\"just this\")") == "just this\n")
  }

  @Test func titlesAreQuotedAsWrittenWithApostrophesLeftAlone() throws {
    let text = try Self.report("scenario \"UIKit's order, \\\"quoted\\\"\" {\n}\n")
    #expect(text.contains("Scenario \"UIKit's order, \\\"quoted\\\"\""))
    #expect(text.contains("PASS \"UIKit's order, \\\"quoted\\\"\""))
  }

  /// Work that says the same thing at every round (a timer that prints)
  /// folds into its first two rounds, a count of the rest and its last.
  @Test func aLongRunOfTheSameEventIsFolded() throws {
    let text = try Self.report(
      """
      app A {
          var n = 0
          func tick() {
              n += 1
              print("tick")
              if n < 20 { DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { tick() } }
          }
          view v { frame = Rect(0, 0, 100, 100) }
      }
      scenario "ticks" {
          tick()
          settle
      }
      """)
    let runs = text.components(separatedBy: "its block runs").count - 1
    #expect(runs == 3)
    #expect(text.contains("\n         … the event above, 16 more times from 1.5s to 9s …\n    9.5s main"))
    #expect(text.components(separatedBy: "| tick").count - 1 == 4)
  }
}
