import DndInterpreter
@testable import DndReport
import DndRuntime
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `dnd render`: the scene to scale in the terminal and as SVG.
@Suite struct SceneRendererTests {
  /// The picture of a scenario stopped after `steps` steps.
  static func picture(_ source: String, after steps: Int?) throws -> ScenePicture {
    let run = try ScriptRun(source, stopAfterSteps: steps)
    let scenario = try run.only
    let scene = try #require(scenario.scene)
    return ScenePicture(
      scene: scene, trace: Array(scenario.trace.prefix(scene.traceCount)), title: scenario.title,
      caption: "after step \(steps ?? 0)")
  }

  @Test(arguments: [60, 80, 100, 140])
  func everyLineFitsTheWidth(_ width: Int) throws {
    let text = SceneTextRenderer(width: width).render(try Self.picture(scene(), after: 2))
    for line in text.split(separator: "\n") {
      #expect(line.count <= width, "\(line)")
    }
  }

  @Test func theDrawingShowsEachViewTheFingerAndTheCurrentTarget() throws {
    let text = SceneTextRenderer().render(try Self.picture(scene(), after: 2))
    #expect(text.contains("┌Demo (app)"))
    #expect(text.contains("┌source"))
    #expect(text.contains("┏target"))
    #expect(text.contains("@"))
    #expect(text.contains("Finger 1: down at (170, 420), holding drag 1"))
    #expect(
      text.contains(
        "Drag 1 (dragging): 1 item from source in Demo, at (170, 420); over target, which proposes copy"))
    #expect(
      text.contains(
        "      target: UILabel (20, 400, 300, 40)  dropInteraction, <- current drop target (copy)"))
  }

  /// A small view in the corner of its app has no row inside its box and
  /// its top edge is the app's: its name goes on its bottom edge.
  @Test func aSmallViewInTheAppsCornerIsStillNamed() throws {
    let source = """
      app A {
        label corner {
          frame = Rect(0, 0, 100, 40)
        }
      }
      scenario "s" {
        settle
      }
      """
    let text = SceneTextRenderer().render(try Self.picture(source, after: 0))
    let drawing = text.split(separator: "\n").prefix(8).joined(separator: "\n")
    #expect(drawing.contains("A (app)"))
    #expect(drawing.contains("corner") || drawing.contains("corn…"), "\(drawing)")
  }

  @Test func afterTheReleaseTheFingerIsUpAndNoTargetIsMarked() throws {
    let text = SceneTextRenderer().render(try Self.picture(scene(), after: nil))
    #expect(!text.contains("┏"))
    #expect(text.contains("Finger 1: lifted at (170, 420)"))
    #expect(text.contains("o"))
  }

  @Test func theOutlineSaysWhatKeepsAViewFromTouches() throws {
    let text = SceneTextRenderer().render(try Self.picture(scene(sourceSetup: "isHidden = true"), after: 0))
    #expect(
      text.contains(
        "source: UILabel (20, 100, 200, 40)  hidden, isUserInteractionEnabled false: takes no touches"))
    #expect(!text.contains("┌source"))
  }

  @Test func anIPhoneDragInteractionIsShownDisabledByDefault() throws {
    let text = SceneTextRenderer().render(try Self.picture(scene(device: "iPhone"), after: 0))
    #expect(text.contains("dragInteraction (disabled by default)"))
    #expect(text.hasPrefix("Scenario \"s\", after step 0\niPhone, screen 375 x 667 points, at 0s\n"))
  }

  @Test func colourIsUsedOnlyWhenAsked() throws {
    let picture = try Self.picture(scene(), after: 2)
    #expect(!SceneTextRenderer().render(picture).contains("\u{1B}["))
    #expect(SceneTextRenderer(style: TerminalStyle(useColor: true)).render(picture).contains("\u{1B}[32m"))
  }

  @Test func overlappingBoxesJoinIntoOneLine() throws {
    let text = SceneTextRenderer().render(
      try Self.picture(scene(targetFrame: "Rect(20, 120, 300, 40)"), after: 0))
    #expect(text.contains("┼") || text.contains("┬") || text.contains("├"))
  }

  // MARK: SVG

  /// Parses the SVG as XML and returns its element names.
  private func elements(of svg: String) throws -> [String] {
    final class Collector: NSObject, XMLParserDelegate {
      var names: [String] = []
      var failed = false
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) { names.append(name) }
      func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { failed = true }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "the SVG is not well-formed XML")
    #expect(!collector.failed)
    return collector.names
  }

  @Test(arguments: ReportPaths.exampleNames)
  func everyExampleGivesWellFormedSVG(_ name: String) throws {
    let run = try ScriptRun.example(name, stopAfterSteps: 2)
    for scenario in run.result.scenarios {
      let scene = try #require(scenario.scene)
      let picture = ScenePicture(
        scene: scene, trace: scenario.trace, title: scenario.title, caption: "after step 2")
      let names = try elements(of: SceneSVGRenderer().render(picture))
      #expect(names.first == "svg")
      #expect(names.filter { $0 == "rect" }.count == scene.allViews.count + 1)
    }
  }

  @Test func theSVGMarksTheTargetAndDrawsTheFingersPath() throws {
    let svg = SceneSVGRenderer().render(try Self.picture(scene(), after: 2))
    #expect(svg.contains(">target · UILabel</text>"))
    #expect(svg.contains(">drop target (copy)</text>"))
    #expect(svg.contains("stroke=\"#2e9e3e\" stroke-width=\"4\""))
    #expect(svg.contains("<polyline points=\"120,120 170,420\""))
    #expect(svg.contains("<title>Scenario &quot;s&quot;, after step 2</title>"))
  }

  /// A cell's label sits at its bottom with its text, clear of its list's
  /// label (the first cell shares the list's corner, and the two were drawn
  /// over each other); a placeholder's cell is tinted apart.
  @Test func cellsAreLabelledAtTheirFootWithTheirText() throws {
    let run = try ScriptRun.example("18-image-gallery.dnd", stopAfterSteps: 1)
    let scenario = try #require(run.result.scenarios.first)
    let scene = try #require(scenario.scene)
    let picture = ScenePicture(scene: scene, trace: scenario.trace, title: scenario.title, caption: "after step 1")
    let svg = SceneSVGRenderer().render(picture)
    let cell = try #require(scene.allViews.first { $0.kind == .collectionViewCell })
    let list = try #require(scene.allViews.first { $0.kind == .collectionView })
    #expect(cell.screenFrame.minY == list.screenFrame.minY)
    let label = "y=\"\(Int(cell.screenFrame.maxY - 5))\" font-size=\"11\" fill=\"#222222\">\(cell.name) · &quot;"
    #expect(svg.contains(label), "\(svg)")
    // After the release of example 19, a placeholder waits for its data.
    let waiting = try ScriptRun.example("19-placeholders.dnd", stopAfterSteps: 3)
    let first = try #require(waiting.result.scenarios.first)
    let placeholderScene = try #require(first.scene)
    let placeholder = try #require(placeholderScene.allViews.first { $0.name.contains(" placeholder[") })
    let tinted = SceneSVGRenderer().render(
      ScenePicture(scene: placeholderScene, trace: first.trace, title: first.title, caption: "after step 3"))
    let rect = try #require(
      tinted.split(separator: "\n").first { $0.contains("id=\"\(SceneSVGRenderer.identifier(placeholder.name))\"") })
    #expect(rect.contains("fill=\"#fff4d6\""), "\(rect)")
  }

  /// The top level lays no list out, so its picture says why a table shows
  /// no cells, and how to see them.
  @Test func theTopLevelsPictureSaysWhyAListIsEmpty() throws {
    let run = try ScriptRun.example("18-image-gallery.dnd")
    let scene = try #require(run.result.topLevel.scene)
    let picture = ScenePicture(scene: scene, trace: [], title: nil, caption: "as the top level built it")
    let text = SceneTextRenderer(width: 200).render(picture)
    #expect(text.contains("shows no cells: a table or collection view asks its data source at its first layout"))
    #expect(text.contains("'dnd render --scenario NAME --at 1' draws them after it."))
  }

  /// A frame a script made infinite or NaN is left out of the SVG with a
  /// comment saying why, instead of writing `nan` into its coordinates.
  @Test func aViewWhoseFrameIsNotFiniteIsNotDrawn() throws {
    let source = """
      app A {
          view root {
              frame = Rect(0, 0, 400, 400)
              label wide { frame = Rect(0, 0, Double.infinity, 20) }
              label lost { frame = Rect(0.0 / 0.0, 10, 20, 20) }
          }
      }
      scenario "s" { wait 0.1 }
      """
    let svg = SceneSVGRenderer().render(try Self.picture(source, after: 1))
    #expect(!svg.contains("nan") && !svg.contains("inf\""), "\(svg)")
    #expect(svg.contains("<!-- lost: its frame is not finite, so it is not drawn -->"))
    #expect(svg.contains("<!-- wide: its frame is not finite, so it is not drawn -->"))
    _ = try elements(of: svg)
  }

  /// SVG refuses negative sizes: the rect covers the same area, standardized.
  @Test func aFrameWithANegativeSizeIsDrawnStandardized() throws {
    let source = """
      app A {
          view root {
              frame = Rect(0, 0, 400, 400)
              view back { frame = Rect(110, 120, -100, -100) }
          }
      }
      scenario "s" { wait 0.1 }
      """
    let svg = SceneSVGRenderer().render(try Self.picture(source, after: 1))
    #expect(svg.contains("<rect id=\"view-back\" x=\"10\" y=\"20\" width=\"100\" height=\"100\""), "\(svg)")
    #expect(!svg.contains("\"-100\""))
    // Its name sits inside the box, at its top left, as for any view.
    #expect(svg.contains("x=\"14\" y=\"33\""), "\(svg)")
  }

  @Test func textIsEscapedForXML() throws {
    let svg = SceneSVGRenderer().render(
      ScenePicture(
        scene: SceneSnapshot(
          device: "iPad", screenSize: Size(100, 100), time: .zero, apps: [], fingers: [], drags: [],
          traceCount: 0),
        trace: [], title: "<a & \"b\">", caption: "x"))
    #expect(svg.contains("Scenario &quot;&lt;a &amp; &quot;b&quot;&gt;&quot;"))
    _ = try elements(of: svg)
  }

  /// A finger's leg to a point far off the canvas is clipped where it
  /// leaves it, keeping its slope; a leg wholly outside, or not a number,
  /// is not drawn.
  @Test(arguments: [
    (Point(10, 10), Point(1e12, 10), Point(10, 10), Point(101, 10)),
    (Point(0, 0), Point(1000, 1000), Point(0, 0), Point(51, 51)),
    (Point(-1e300, 25), Point(50, 25), Point(-1, 25), Point(50, 25)),
  ])
  func aLegIsClippedToTheCanvas(from: Point, to: Point, start: Point, end: Point) throws {
    let clipped = try #require(SceneTextRenderer.clip(from, to, width: 100, height: 50))
    #expect(abs(clipped.0.x - start.x) < 1e-6 && abs(clipped.0.y - start.y) < 1e-6, "\(clipped)")
    #expect(abs(clipped.1.x - end.x) < 1e-6 && abs(clipped.1.y - end.y) < 1e-6, "\(clipped)")
  }

  @Test func aLegOutsideOrNotANumberIsNotDrawn() {
    #expect(SceneTextRenderer.clip(Point(200, 10), Point(300, 20), width: 100, height: 50) == nil)
    #expect(SceneTextRenderer.clip(Point(0, 0), Point(.nan, 20), width: 100, height: 50) == nil)
    #expect(SceneTextRenderer.clip(Point(-1.7e308, 0), Point(1.7e308, 20), width: 100, height: 50) == nil)
  }
}
