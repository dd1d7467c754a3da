import DndCheck
import DndInterpreter
import DndRuntime
import DndSyntax
import Foundation

/// Runs a script's plain run and scenarios through the binding.
func runScenes(_ source: String, name: String = "scene.dnd") throws -> ScriptRunResult {
  let file = SourceFile(name: name, text: source)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  return ScenarioRunner(program: program, files: [file]).run { _ in }
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
