import DndCheck
import DndInterpreter
import DndReport
import DndRuntime
import DndSyntax

/// What the fuzzer runs on each input: the whole pipeline, with limits
/// small enough that one input takes milliseconds, and a few properties that
/// must hold for any input (the oracle). A crash, a hang or a broken
/// property is a bug; a diagnostic is the expected answer to bad input.
///
/// The first byte picks the mode and the rest is the script, so one corpus
/// reaches every stage:
///
/// | first byte % 3 | mode |
/// | --- | --- |
/// | 0 | `language`: lexer, parser, syntax dump, checker, the top level run |
/// | 1 | `scenarios`: the top level and every scenario on the runtime, and the trace report |
/// | 2 | `determinism`: `scenarios` twice, and the two reports must be equal |
///
/// `dnd-fuzz` (libFuzzer's entry point) calls `run`; `DndFuzzTests` replays
/// the regression inputs in `fuzz/regressions` through it on every test run.
public enum FuzzTarget {
  /// How an input is run, from its first byte.
  public enum Mode: Int, CaseIterable, Sendable {
    case language, scenarios, determinism

    /// The mode a first byte selects.
    public init(firstByte: UInt8) {
      self = Mode(rawValue: Int(firstByte) % Mode.allCases.count) ?? .language
    }

    /// The first byte that selects this mode (for building a corpus).
    public var byte: UInt8 { UInt8(rawValue) }
  }

  /// The interpreter's limits while fuzzing. Small, so that a loop or a
  /// growing string costs milliseconds, yet big enough for every example.
  public static let limits: InterpreterLimits = {
    var limits = InterpreterLimits()
    limits.maxSteps = 20_000
    limits.maxCallDepth = 200
    limits.maxCollectionCount = 100_000
    limits.maxStringLength = 1_000_000
    limits.maxOutputBytes = 1_000_000
    return limits
  }()

  /// Runs one input. Returns the properties it broke (empty for a correct
  /// run, whatever diagnostics the script earned).
  public static func run(_ input: [UInt8]) -> [String] {
    guard let first = input.first else { return [] }
    let file = SourceFile(name: "fuzz.dnd", bytes: Array(input.dropFirst()))
    switch Mode(firstByte: first) {
    case .language: return language(file)
    case .scenarios: return scenarios(file).violations
    case .determinism:
      let once = scenarios(file)
      let twice = scenarios(file)
      guard once.report == twice.report else {
        return once.violations + ["two runs of one input gave different reports"]
      }
      return once.violations
    }
  }

  /// Lexes, parses (dumping the tree), checks and runs the top level.
  private static func language(_ file: SourceFile) -> [String] {
    let tokens = Lexer.tokenize(file)
    var violations = tokens.compactMap { token in
      inBounds(token.range, file) ? nil : "token \(token.kind) has range \(token.range) outside the file"
    }
    let parsed = Parser.parse(file)
    _ = SyntaxDump.tree(parsed.script, file: file)
    let (program, diagnostics) = Pipeline.check(file)
    violations += check(diagnostics, file)
    _ = DiagnosticRenderer(file: file).render(diagnostics)
    guard let program else { return violations }
    let runner = ScenarioRunner(program: program, files: [file], limits: limits)
    let topLevel = runner.runTopLevel { _ in }
    violations += check(topLevel.outcome.diagnostic.map { [$0] } ?? [], file)
    return violations
  }

  /// Runs the script's scenarios and renders the trace report.
  private static func scenarios(_ file: SourceFile) -> (report: String, violations: [String]) {
    let (program, diagnostics) = Pipeline.check(file)
    let renderer = DiagnosticRenderer(file: file)
    var violations = check(diagnostics, file)
    guard let program else { return (renderer.render(diagnostics), violations) }
    var printed = ""
    let result = ScenarioRunner(program: program, files: [file], limits: limits).run { printed += $0 }
    let outcomes = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic)
    violations += check(outcomes, file)
    let report = TraceTextReporter(renderer: renderer, files: [file]).render(result)
    return (printed + report + renderer.render(diagnostics + outcomes), violations)
  }

  /// Every diagnostic, note and fix-it must point into the file.
  private static func check(_ diagnostics: [Diagnostic], _ file: SourceFile) -> [String] {
    var violations: [String] = []
    for diagnostic in diagnostics {
      var ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
      ranges += diagnostic.fixIts.map(\.range)
      for range in ranges where !inBounds(range, file) {
        violations.append("diagnostic '\(diagnostic.id)' has range \(range) outside the file")
      }
    }
    return violations
  }

  private static func inBounds(_ range: SourceRange, _ file: SourceFile) -> Bool {
    range.file == file.id && range.start <= range.end && Int(range.end) <= file.bytes.count
  }
}
