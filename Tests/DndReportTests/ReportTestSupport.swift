import DndInterpreter
import DndReport
import DndRuntime
import DndSyntax
import Foundation
import Testing

/// A script run through the real pipeline, for the reporters to read.
struct ScriptRun {
  let file: SourceFile
  let result: ScriptRunResult

  init(_ source: String, name: String = "scene.dnd", stopAfterSteps: Int? = nil) throws {
    file = SourceFile(name: name, text: source)
    let (program, diagnostics) = Pipeline.check(file)
    guard let program else {
      throw ReportTestFailure(description: diagnostics.map(\.message).joined(separator: "; "))
    }
    result = ScenarioRunner(program: program, files: [file], stopAfterSteps: stopAfterSteps).run { _ in }
  }

  /// An example of the repository, by file name.
  static func example(_ name: String, stopAfterSteps: Int? = nil) throws -> ScriptRun {
    let url = ReportPaths.examples.appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    return try ScriptRun(text, name: "examples/" + name, stopAfterSteps: stopAfterSteps)
  }

  /// The scenario of that title.
  func scenario(_ title: String) throws -> ScenarioResult {
    try #require(result.scenarios.first { $0.title == title })
  }

  /// The only scenario.
  var only: ScenarioResult {
    get throws { try #require(result.scenarios.first) }
  }
}

struct ReportTestFailure: Error, CustomStringConvertible {
  var description: String
}

enum ReportPaths {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let examples = root.appendingPathComponent("examples")

  /// The file names of the examples, sorted.
  static var exampleNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
      .filter { $0.hasSuffix(".dnd") }.sorted()
  }
}

/// A scene for why-not scripts: a source label and a target label in one
/// app, the pieces each test changes spliced in.
func scene(
  device: String = "iPad", sourceSetup: String = "isUserInteractionEnabled = true",
  dragHandlers: String =
    "func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: \"Hi\"))] }",
  targetFrame: String = "Rect(20, 400, 300, 40)",
  targetSetup: String = "isUserInteractionEnabled = true",
  dropHandlers: String = """
  func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
  func performDrop(session) {
    session.loadObjects(ofClass: String) { strings in target.text = strings.first }
  }
  """,
  steps: String = "longPress source\n  drag to target\n  release\n  settle"
) -> String {
  """
  device \(device)
  app Demo {
    view root {
      frame = Rect(0, 0, 375, 667)
      label source {
        frame = Rect(20, 100, 200, 40)
        text = "Hi"
        \(sourceSetup)
        dragInteraction {
          \(dragHandlers)
        }
      }
      label target {
        frame = \(targetFrame)
        \(targetSetup)
        dropInteraction {
          \(dropHandlers)
        }
      }
    }
  }
  scenario "s" {
    \(steps)
  }
  """
}
