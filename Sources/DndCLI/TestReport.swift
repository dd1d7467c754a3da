import DndInterpreter
import DndReport
import DndSyntax

/// What `dnd test` prints: a line per test (`PASS name`, or `FAIL name
/// (file:line)`), then each failure in full (the expectation with both
/// sides' values, rendered like a compiler error, and the trace of the
/// scenario up to the failure), then the count, `N passed, N failed`, alone
/// on the last line. `swift test` prints the same text for a failing spec.
public struct TestReport: Sendable {
  public var files: [FileTests]
  public var useColor: Bool
  /// Lines of the failure traces fit in this many columns.
  public var width: Int

  public init(files: [FileTests], useColor: Bool = false, width: Int = 100) {
    self.files = files
    self.useColor = useColor
    self.width = width
  }

  public var passedCount: Int { files.flatMap(\.cases).filter(\.passed).count }
  public var failedCount: Int { files.flatMap(\.cases).filter { !$0.passed }.count }

  /// The whole report.
  public var text: String {
    let style = TerminalStyle(useColor: useColor)
    var out = ""
    let namesFiles = files.count > 1
    for file in files {
      // A file whose only test is the file itself is named by its PASS or FAIL line.
      if namesFiles, file.cases.contains(where: { $0.kind == .scenario }) {
        out += style.apply(.bold, file.name) + "\n"
      }
      if !file.warnings.isEmpty {
        let renderer = DiagnosticRenderer(files: file.source.map { [$0] } ?? [], useColor: useColor)
        out += renderer.render(file.warnings)
      }
      for test in file.cases { out += line(for: test, in: file, style: style) + "\n" }
    }
    let failures = files.flatMap { file in file.cases.filter { !$0.passed }.map { (file, $0) } }
    for (file, test) in failures {
      out += "\n" + style.apply(.boldRed, "FAIL") + " " + title(test, in: file) + "\n"
      out += details(of: test, in: file)
    }
    if !out.isEmpty { out += "\n" }
    return out + "\(passedCount) passed, \(failedCount) failed\n"
  }

  /// `PASS name` or `FAIL name (file:line)`; a scenario that passed with
  /// runtime warnings it did not `expect` (the Main Thread Checker's, say)
  /// says how many, and the first, so that a pass is not mistaken for a
  /// clean run.
  func line(for test: TestCase, in file: FileTests, style: TerminalStyle) -> String {
    guard test.passed else { return style.apply(.boldRed, "FAIL") + " " + title(test, in: file) }
    var line = style.apply(.green, "PASS") + " " + test.name
    // A scenario whose steps ran no `expect` passes whatever happened: a
    // newcomer's first scenario often forgets them.
    if test.checkedNothing {
      let note =
        test.kind == .file
        ? " (no scenario and no expect, so it checked only that the script runs)"
        : " (no expect ran, so it checked nothing)"
      line += style.apply(.yellow, note)
    }
    // A placeholder still waiting: its cell shows the placeholder for ever
    // (`--explore` reports the same as a broken invariant).
    if let left = test.run?.placeholdersLeft.first {
      line += style.apply(.yellow, " (\(left))")
    }
    let expected = test.run?.expectedWarnings ?? []
    let warnings = test.run?.trace.filter { $0.kind == .warning && !expected.contains($0.message ?? "") } ?? []
    guard let first = warnings.first?.message else { return line }
    let count = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
    let shown = first.count > 60 ? String(first.prefix(59)) + "…" : first
    return line + style.apply(.yellow, " (\(count): \(shown))")
  }

  /// The name, and where it failed when that is known.
  private func title(_ test: TestCase, in file: FileTests) -> String {
    guard let place = place(of: test, in: file) else { return test.name }
    return "\(test.name) (\(place))"
  }

  /// "file:line" of the failing diagnostic, or of the first spec failure.
  private func place(of test: TestCase, in file: FileTests) -> String? {
    guard let failure = test.failure else { return nil }
    if let diagnostic = failure.diagnostic, let source = file.source, diagnostic.range.file == source.id {
      return "\(file.name):\(source.location(of: Int(diagnostic.range.start)).line)"
    }
    if case .spec(let list) = failure, let line = list.compactMap(\.line).first {
      return "\(file.name):\(line)"
    }
    if let run = test.run, let source = file.source, run.range.file == source.id {
      return "\(file.name):\(source.location(of: Int(run.range.start)).line)"
    }
    return nil
  }

  /// The failure in full, then the scenario's trace up to it.
  func details(of test: TestCase, in file: FileTests) -> String {
    let renderer = DiagnosticRenderer(files: file.source.map { [$0] } ?? [], useColor: useColor)
    var out = ""
    switch test.failure {
    case .scenario(let diagnostic)?: out += renderer.render(diagnostic)
    case .topLevel(let diagnostics)?, .didNotRun(let diagnostics)?: out += renderer.render(diagnostics)
    case .spec(let failures)?: out += failures.map { "  " + $0.description + "\n" }.joined()
    case .unreadable(let message)?: out += "  " + message + "\n"
    case nil: break
    }
    if let run = test.run, !run.trace.isEmpty {
      let reporter = TraceTextReporter(
        renderer: renderer, files: file.source.map { [$0] } ?? [], width: width,
        style: TerminalStyle(useColor: useColor))
      out += "Trace up to the failure:\n" + reporter.events(run.trace, printed: run.printed)
    }
    return out
  }
}
