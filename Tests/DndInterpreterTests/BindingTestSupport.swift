import DndCheck
import DndInterpreter
import DndRuntime
import DndSyntax
import Foundation

/// Runs a script's plain run and scenarios through the binding.
func runScenes(
  _ source: String, name: String = "scene.dnd", limits: InterpreterLimits = InterpreterLimits()
) throws -> ScriptRunResult {
  let file = SourceFile(name: name, text: source)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  return ScenarioRunner(program: program, files: [file], limits: limits).run { _ in }
}

/// The repository root (this file is Tests/DndInterpreterTests/...).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

extension ScenarioResult {
  /// The outcome, with the failure's message: "passed", "failed: ...".
  var summary: String {
    switch outcome {
    case .passed: "passed"
    case .failedExpectation(let diagnostic): "failed: \(diagnostic.message)"
    case .runtimeError(let diagnostic): "error: \(diagnostic.message)"
    case .uncaughtException(let name, _, _): "exception: \(name)"
    }
  }

  /// The UIKit spellings of the delegate calls, in order.
  var calls: [String] { trace.filter { $0.kind == .call }.map(\.method) }

  var warnings: [TraceEvent] { trace.filter { $0.kind == .warning } }

  /// Printed text joined.
  var output: String { printed.map(\.text).joined() }
}

/// Runs a script and returns its only scenario's result (or the top level's
/// when it has no scenario).
func runScene(_ source: String) throws -> ScenarioResult {
  let result = try runScenes(source)
  return result.scenarios.first ?? result.topLevel
}

/// The demo scene of the tests: a draggable label `source` ("Hello") and a
/// label `target` with a drop interaction, in app Demo on an iPad.
func demoScene(drag: String = "", drop: String, scenario: String, more: String = "") -> String {
  """
  app Demo {
    view root {
      frame = Rect(0, 0, 1024, 768)
      label source {
        frame = Rect(40, 100, 200, 40)
        text = "Hello"
        isUserInteractionEnabled = true
        dragInteraction {
          func itemsForBeginning(session) {
            return [UIDragItem(itemProvider: NSItemProvider(object: source.text ?? ""))]
          }
          \(drag)
        }
      }
      label target {
        frame = Rect(40, 400, 300, 40)
        text = "Drop here"
        isUserInteractionEnabled = true
        dropInteraction {
          \(drop)
        }
      }
      \(more)
    }
  }
  scenario "test" {
    \(scenario)
  }
  """
}

/// The usual drop handlers: take strings, propose `operation`, load on drop.
func stringDrop(_ operation: String = ".copy") -> String {
  """
  func canHandle(session) { session.canLoadObjects(ofClass: String) }
  func sessionDidUpdate(session) { UIDropProposal(operation: \(operation)) }
  func performDrop(session) {
    session.loadObjects(ofClass: String) { strings in target.text = strings.first }
  }
  """
}

/// Long press the source, drag to the target, release, settle.
let dragToTarget = "longPress source\n  drag to target\n  release\n  settle"
