import DndCLI
import DndSyntax
import Foundation

/// What an in-process run of `dnd` wrote and returned.
struct CommandOutcome: Equatable {
  var status: Int32
  var output: String
  var error: String
}

/// Records what the command writes, in memory.
final class ConsoleRecorder {
  var output = ""
  var error = ""

  func console(input: [UInt8]? = [], errorIsTerminal: Bool = false, environment: [String: String] = [:])
    -> Console
  {
    Console(
      writeOutput: { self.output += $0 }, writeError: { self.error += $0 }, readInput: { input },
      outputIsTerminal: false, errorIsTerminal: errorIsTerminal, environment: environment)
  }
}

/// Runs `dnd` in-process with a fake engine unless told otherwise.
func dnd(
  _ arguments: [String], input: [UInt8]? = [], errorIsTerminal: Bool = false,
  environment: [String: String] = [:], engine: Engine = .fake
) -> CommandOutcome {
  let recorder = ConsoleRecorder()
  let console = recorder.console(input: input, errorIsTerminal: errorIsTerminal, environment: environment)
  let status = DndCommand.main(arguments, console: console, engine: engine)
  return CommandOutcome(status: status, output: recorder.output, error: recorder.error)
}

/// Catalogue entries of the fake language.
extension DiagnosticMessage {
  static let fakeUnknownName = DiagnosticMessage(
    id: "unknownName", "unknown name 'lable'; did you mean 'label'?")
  static let fakeBoom = DiagnosticMessage(id: "boom", "the script went boom")
  static let fakeUnused = DiagnosticMessage(id: "unused", severity: .warning, "'unused' is never used")
  static let fakeFailed = DiagnosticMessage(id: "expectationFailed", "expectation failed")
}

extension Engine {
  /// A stand-in language, one statement per line, for testing the command and
  /// the spec runner without the real pipeline:
  /// `print TEXT` prints TEXT; a line with `lable` is a check error; `boom`
  /// stops the run with a runtime error; `unused` is a warning; `fail`
  /// fails an expectation. Steps count lines, so `--max-steps` can be seen.
  static let fake = Engine(
    check: { file in FakeLanguage(file).checkDiagnostics },
    run: { file, limits, output in FakeLanguage(file).run(limits: limits, output: output) }
  )
}

/// The fake language's implementation.
struct FakeLanguage {
  let file: SourceFile

  init(_ file: SourceFile) { self.file = file }

  /// (line number, byte offset of the line, text)
  /// Comments (`//` to the end of the line) are dropped.
  private var lines: [(number: Int, start: Int, text: String)] {
    (1...file.lineStarts.count).map { number in
      let text = file.lineText(number)
      var code = text.range(of: "//").map { String(text[..<$0.lowerBound]) } ?? text
      while code.last == " " { code.removeLast() }
      return (number, file.lineStarts[number - 1], code)
    }
    .filter { !$0.text.isEmpty }
  }

  private func range(of word: String, in line: (number: Int, start: Int, text: String)) -> SourceRange? {
    guard let found = line.text.range(of: word) else { return nil }
    let offset = line.text.utf8.distance(from: line.text.startIndex, to: found.lowerBound)
    return SourceRange(file: file.id, start: line.start + offset, end: line.start + offset + word.utf8.count)
  }

  var checkDiagnostics: [Diagnostic] {
    lines.compactMap { line in
      if let range = range(of: "lable", in: line) { return Diagnostic(.fakeUnknownName, at: range) }
      if let range = range(of: "unused", in: line) { return Diagnostic(.fakeUnused, at: range) }
      return nil
    }
  }

  func run(limits: RunLimits, output: (String) -> Void) -> RunReport {
    let checked = checkDiagnostics
    if checked.contains(where: { $0.severity == .error }) {
      return RunReport(status: .scriptError, diagnostics: checked)
    }
    let diagnostics = checked
    for (step, line) in lines.enumerated() {
      if let maximum = limits.maxSteps, step >= maximum {
        let limit = DiagnosticMessage(id: "stepLimit", "the run went over \(maximum) steps")
        let here = SourceRange(file: file.id, start: line.start, end: line.start + line.text.utf8.count)
        return RunReport(status: .runtimeError, diagnostics: diagnostics + [Diagnostic(limit, at: here)])
      }
      if let range = range(of: "boom", in: line) {
        return RunReport(status: .runtimeError, diagnostics: diagnostics + [Diagnostic(.fakeBoom, at: range)])
      }
      if let range = range(of: "fail", in: line) {
        return RunReport(status: .failed, diagnostics: diagnostics + [Diagnostic(.fakeFailed, at: range)])
      }
      if line.text.hasPrefix("print ") { output(String(line.text.dropFirst(6)) + "\n") }
    }
    return RunReport(status: .ok, diagnostics: diagnostics)
  }
}

/// A temporary directory for files the tests create; removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.path
  }

  /// Writes a file and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Paths of the package, found from this file's location.
enum PackagePaths {
  /// `Tests/DndCLITests`
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// The repository root.
  static let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
  static let spec = testsDirectory.appendingPathComponent("Spec")
  static let golden = testsDirectory.appendingPathComponent("Golden")
  static let examples = root.appendingPathComponent("examples")

  /// Every `.dnd` file under a directory, as paths relative to the root, sorted.
  static func scripts(under directory: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    let prefix = String(directory.path.dropFirst(root.path.count + 1))
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".dnd") }
      .map { prefix + "/" + $0 }
      .sorted()
  }
}
