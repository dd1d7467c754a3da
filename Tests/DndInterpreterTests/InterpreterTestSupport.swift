import DndCheck
import DndInterpreter
import DndSyntax

/// What running a snippet gave: its printed text, and the diagnostic that
/// stopped it (a syntax, check or runtime error), with its line:column.
struct SnippetResult {
  var output: String
  var status: RunOutcome.Status
  var error: Diagnostic?
  var location: String?
}

/// Runs a snippet through the whole pipeline.
func runSnippet(_ source: String, maxSteps: Int? = nil, maxCallDepth: Int? = nil) -> SnippetResult {
  let file = SourceFile(name: "snippet.dnd", text: source)
  var options = RunOptions()
  if let maxSteps { options.maxSteps = maxSteps }
  if let maxCallDepth { options.maxCallDepth = maxCallDepth }
  let collector = OutputCollector()
  let outcome = Pipeline.run(file, options: options) { collector.text += $0 }
  let error = outcome.diagnostics.first { $0.severity == .error }
  let location = error.map { file.location(of: Int($0.range.start)).description }
  return SnippetResult(output: collector.text, status: outcome.status, error: error, location: location)
}

/// Runs `body` inside a function, so that it is compiled rather than run by
/// the tree evaluator at the top level.
func runInFunction(_ body: String) -> SnippetResult {
  runSnippet("func main() {\n\(body)\n}\nmain()")
}

/// Where a top-level location lands when the snippet runs inside
/// `runInFunction`: one line further down, below the `func` line.
func locationInFunction(_ location: String?) -> String? {
  location.flatMap { location -> String? in
    let parts = location.split(separator: ":")
    guard parts.count == 2, let line = Int(parts[0]) else { return nil }
    return "\(line + 1):\(parts[1])"
  }
}

/// Collects printed text (the pipeline's output closure runs on the
/// interpreter's thread while the test waits for it).
final class OutputCollector: @unchecked Sendable {
  var text = ""
}

/// An interpreter for a snippet whose top level has run, for tests that
/// call into it.
struct Session {
  var interpreter: Interpreter
  var program: CheckedProgram

  func global(_ name: String) -> Value {
    program.globalSlot(named: name).map { interpreter.global($0) } ?? .nil
  }
}

struct SnippetFailure: Error, CustomStringConvertible {
  var description: String
}

func makeInterpreter(
  _ source: String, host: InterpreterHost? = nil, natives: NativeRegistry = NativeRegistry(),
  limits: InterpreterLimits = InterpreterLimits()
) throws -> Session {
  let file = SourceFile(name: "snippet.dnd", text: source)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  let interpreter = Interpreter(
    program: program, host: host ?? OutputHost { _ in }, natives: natives, limits: limits, files: [file])
  try interpreter.run()
  return Session(interpreter: interpreter, program: program)
}
