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

  @Test func eventsAreGroupedByPhaseInTheLecturesOrder() throws {
    let text = try Self.report(Self.example)
    let first = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("Scenario") })
    let headers = first.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    #expect(headers == ["  Lift", "  Drag", "  Set down", "  Data transfer"])
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
}
