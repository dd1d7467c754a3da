import DndCLI
import Foundation
import Testing

/// `dnd render`: the command writes the SVG file (scripts never write files),
/// and says which moment the picture shows.
@Suite struct RenderCommandTests {
  static let example = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path
  static let scenario = "Hello World lands in the label"

  @Test func svgIsWrittenWhereAsked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/picture.svg"
    let result = dnd(
      ["render", "--scenario", Self.scenario, "--at", "2", "--svg", path, Self.example], engine: .live)
    #expect(result.status == 0, "\(result.error)")
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("drop target (copy)"))
    #expect(
      result.output.hasPrefix("Scenario \"Hello World lands in the label\", after step 2 (line 63: drag to"))
  }

  /// `--svg` naming the script itself (or another script) is refused before
  /// anything is written: the picture replaced the script.
  /// Mid-reorder the picture says where the drop would go (§8-9): the
  /// proposal's intent and the destination, with the gap it opens, and
  /// the cell left behind, dimmed in the SVG (§8.9).
  @Test func aReorderInProgressShowsItsGapAndTheCellLeftBehind() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "palette.dnd",
      """
      app Palette {
          var emojis = ["apple", "pear", "plum", "fig"]
          collectionView cv {
              frame = Rect(0, 0, 700, 200)
              itemSize = Size(150, 150)
              dataSource {
                  func numberOfItemsInSection(section) { emojis.count }
                  func cellForItemAt(indexPath) { UICollectionViewCell(text: emojis[indexPath.item]) }
              }
              dragDelegate {
                  func itemsForBeginning(session, indexPath) {
                      [UIDragItem(itemProvider: NSItemProvider(object: emojis[indexPath.item]))]
                  }
              }
              dropDelegate {
                  func dropSessionDidUpdate(session, destinationIndexPath) {
                      UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
                  }
                  func performDropWith(coordinator) { }
              }
          }
      }
      scenario "hovering" {
          longPress cv.cellForItem(at: IndexPath(item: 0, section: 0))
          drag to Point(530, 100)
      }

      """)
    let text = dnd(["render", "--scenario", "hovering", script], engine: .live)
    #expect(text.status == 0, "\(text.error)")
    let drag = "which proposes move,\n  insertAtDestinationIndexPath; a gap opens at [0, 3]"
    #expect(text.output.contains(drag), "\(text.output)")
    #expect(text.output.contains("text \"apple\", dragging: left behind, dimmed\n"), "\(text.output)")
    let svg = dnd(["render", "--scenario", "hovering", "--svg", "-", script], engine: .live)
    #expect(svg.output.contains("stroke-width=\"1\" opacity=\"0.45\"/>"), "\(svg.output)")
    #expect(svg.output.contains("cv[0, 0] · &quot;apple&quot; · dragging</text>"), "\(svg.output)")
  }

  /// A frame that is finite but too large to round to hundredths is
  /// written as it is: the SVG never says `inf`.
  @Test func aHugeFiniteFrameStaysANumberInTheSVG() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "far.dnd",
      "app A { view root { frame = Rect(0, 0, 1024, 768)\n view b { frame = Rect(-1e307, 1e307, 10, 10) } } }\n")
    let svg = dnd(["render", "--svg", "-", script], engine: .live)
    #expect(svg.output.contains("<rect id=\"view-b\" x=\"-1e+307\" y=\"1e+307\""), "\(svg.output)")
    #expect(!svg.output.contains("inf"))
  }

  /// A view's text in the outline is cut after 60 characters, its length
  /// said, so a label holding a megabyte is one line.
  @Test func aLongTextIsCutInTheOutline() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "big.dnd",
      "var s = \"x\"\nfor _ in 0..<20 { s += s }\napp A { label l { frame = Rect(0, 0, 100, 40)\n text = s } }\n")
    let result = dnd(["render", script], engine: .live)
    #expect(result.output.contains("text \"" + String(repeating: "x", count: 60) + "\"… (1,048,576 characters)"))
    #expect(result.output.utf8.count < 20_000)
  }

  @Test func svgOverAScriptIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try String(contentsOfFile: Self.example, encoding: .utf8)
    let script = try directory.write("h.dnd", source)
    let other = try directory.write("other.dnd", "print(1)\n")
    let shouting = try directory.write("OTHER.DND", "print(2)\n")
    for target in [script, other, shouting] {
      let result = dnd(["render", "--svg", target, script], engine: .live)
      #expect(result.status == 64, "\(result.error)")
      #expect(result.error.contains("would write the picture over"), "\(result.error)")
    }
    #expect(try String(contentsOfFile: script, encoding: .utf8) == source)
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "print(1)\n")
    #expect(try String(contentsOfFile: shouting, encoding: .utf8) == "print(2)\n")
    // A link to the script named like a picture: the suggestion is a new name, not "link.svg.svg".
    let link = directory.path + "/link.svg"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: script)
    let linked = dnd(["render", "--svg", link, script], engine: .live)
    #expect(linked.status == 64)
    #expect(linked.error.contains("such as '\(directory.path)/link-picture.svg'"), "\(linked.error)")
  }

  @Test func svgDashGoesToStandardOutputInsteadOfTheText() {
    let result = dnd(["render", "--svg", "-", Self.example], engine: .live)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(!result.output.contains("Views (frames in the superview's coordinates)"))
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  @Test func anUnwritableSVGPathIsAFileError() {
    let result = dnd(["render", "--svg", "/nonexistent/dir/x.svg", Self.example], engine: .live)
    #expect(result.status == 74)
    #expect(result.error.hasPrefix("dnd: error: cannot write '/nonexistent/dir/x.svg': "))
  }

  @Test(arguments: [
    (0, "before its first step"),
    (4, "after step 4 (line 65: settle)"),
    (9, "at its end: it has only 4 steps, not 9"),
  ])
  func theCaptionSaysWhichMoment(steps: Int, caption: String) {
    let result = dnd(
      ["render", "--scenario", Self.scenario, "--at", "\(steps)", Self.example], engine: .live)
    #expect(
      result.output.hasPrefix("Scenario \"\(Self.scenario)\", \(caption)\n"), "\(result.output.prefix(200))")
  }

  @Test func withoutAScenarioTheTopLevelsSceneIsDrawn() {
    let result = dnd(["render", Self.example], engine: .live)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("The scene, as the top level built it\n"))
    #expect(!result.output.contains("@"))
  }

  @Test func aScriptWithoutAnAppSaysWhyTheScreenIsEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write("empty.dnd", "let x = 1\n")
    let result = dnd(["render", script], engine: .live)
    #expect(result.status == 0)
    let views = "Views (frames in the superview's coordinates):\n"
    #expect(result.output.contains(views + "  (none: the script declares no app;"))
    // A script with an app lists its views instead.
    #expect(!dnd(["render", Self.example], engine: .live).output.contains("(none: the script declares no app"))
  }

  /// The picture of a failing scenario is drawn, and the status says it
  /// failed, as 'dnd run' would: an error printed never exits 0.
  @Test(arguments: [
    ("expect target.text == \"nope\"", Int32(1)),
    ("let boom = [1][3]", 70),
    ("expect target.text == \"Hello World\"", 0),
  ])
  func theStatusIsTheRunsOutcome(lastStep: String, status: Int32) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try String(contentsOfFile: Self.example, encoding: .utf8)
      .replacingOccurrences(of: "expect target.text == \"Hello World\"", with: lastStep)
    let path = try directory.write("scene.dnd", source)
    let result = dnd(["render", "--scenario", Self.scenario, path], engine: .live)
    #expect(result.status == status, "\(result.error)")
    #expect(result.output.contains("Views (frames in the superview's coordinates):"))
  }

  @Test func anUnknownScenarioIsAUsageErrorWithTheNearestTitle() {
    let result = dnd(["render", "--scenario", "Hello World lands in the lable", Self.example], engine: .live)
    #expect(result.status == 64)
    #expect(result.error.contains("did you mean \"Hello World lands in the label\"?"))
  }

  /// Frames far off the screen, or not numbers at all, are drawn clipped: no
  /// trap converting them to a cell, no loop over them. (A finger aimed
  /// there stops its scenario with an error.)
  @Test(arguments: [
    "app A { view v { frame = Rect(0, 0, 1e300, 10) } }",
    "let z = 0.0\napp A { view v { frame = Rect(0, 0, z / z, 10) } }",
    "app A { view v { frame = Rect(-1e12, -1e12, 1e12, 1e12) } }",
    "app A { frame = Rect(0, 0, 1e300, 10) }",
    """
    app A {
        label v {
            frame = Rect(0, 0, 100, 40)
            isUserInteractionEnabled = true
            dragInteraction {
                func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "x"))] }
            }
        }
    }
    scenario "far" { longPress v; drag to Point(1e12, 5); drag to Point(-1e300, 1e300) }
    """,
  ])
  func hugeOrNaNGeometryIsClipped(script: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("far.dnd", script)
    let scenario = script.contains("scenario") ? ["--scenario", "far"] : []
    // A finger aimed off the screen stops the scenario; the scene is drawn as it stopped.
    let status: Int32 = scenario.isEmpty ? 0 : 70
    let text = dnd(["render"] + scenario + [path], engine: .live)
    #expect(text.status == status, "\(text.error)")
    #expect(scenario.isEmpty || text.error.contains("is off the iPad's screen"), "\(text.error)")
    #expect(text.output.contains("Views (frames in the superview's coordinates)"))
    let svg = dnd(["render", "--svg", "-"] + scenario + [path], engine: .live)
    #expect(svg.status == status, "\(svg.error)")
    #expect(svg.output.hasPrefix("<svg"))
  }

  @Test func aFailingTopLevelIsReportedWhenAScenarioIsAsked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("top.dnd", "let x: Int? = nil\nprint(x!)\nscenario \"s\" { print(1) }\n")
    let result = dnd(["render", "--scenario", "s", path], engine: .live)
    #expect(result.status == 70)
    #expect(result.error.contains("top.dnd:2:7: error: found nil while unwrapping"), "\(result.error)")
    let test = dnd(["test", "--filter", "s", path], engine: .live)
    #expect(test.status == 1)
    #expect(test.output.contains("top.dnd:2:7: error: found nil while unwrapping"), "\(test.output)")
    #expect(!test.error.contains("no scenario's name contains"), "\(test.error)")
  }
}
