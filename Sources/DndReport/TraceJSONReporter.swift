import DndInterpreter
import DndRuntime
import DndSyntax

/// The trace as JSON lines for `dnd run --trace=json`: one object per line,
/// one line per trace event, with a line before each scenario, one per
/// printed text and one for each outcome. Every object of a type has the
/// same keys in the same order (absent values are `null`), so the output is
/// stable and diffable. The schema is documented in `docs/trace-json.md`;
/// `schemaVersion` changes when a key changes meaning or goes away.
public struct TraceJSONReporter: Sendable {
  /// The version `docs/trace-json.md` documents.
  public static let schemaVersion = 1

  public var files: [SourceFile]

  public init(files: [SourceFile]) {
    self.files = files
  }

  /// Every line for a run, each ending in a line break.
  public func render(_ result: ScriptRunResult) -> String {
    result.reportedRuns.map(render).joined()
  }

  /// The lines of one scenario (or of the top level).
  public func render(_ run: ScenarioResult) -> String {
    lines(for: run).map { $0.text + "\n" }.joined()
  }

  /// The objects of one scenario: its header, then events and printed text
  /// in order, then its outcome.
  public func lines(for run: ScenarioResult) -> [JSONValue] {
    let scenario = JSONValue.string(run.title)
    let place = location(run.range)
    var lines: [JSONValue] = [
      .object([
        ("type", .string("scenario")), ("schemaVersion", .number(Self.schemaVersion)),
        ("scenario", scenario), ("file", .string(place?.file)),
        ("line", place.map { .number($0.line) } ?? .null),
      ])
    ]
    var printed = run.printed[...]
    func flushPrinted(upTo count: Int) {
      while let text = printed.first, text.afterEvent <= count {
        lines.append(
          .object([
            ("type", .string("printed")), ("scenario", scenario), ("afterSequence", .number(text.afterEvent)),
            ("text", .string(text.text)),
          ]))
        printed = printed.dropFirst()
      }
    }
    flushPrinted(upTo: 0)
    for (index, event) in run.trace.enumerated() {
      lines.append(Self.object(for: event, scenario: scenario, sequence: index + 1))
      flushPrinted(upTo: index + 1)
    }
    flushPrinted(upTo: Int.max)
    lines.append(outcome(of: run, scenario: scenario))
    return lines
  }

  /// One event. `sequence` counts from 1 within the scenario (the runtime's
  /// own numbering also counts the quiet set-up run before it).
  public static func object(for event: TraceEvent, scenario: JSONValue, sequence: Int) -> JSONValue {
    .object([
      ("type", .string("event")),
      ("scenario", scenario),
      ("sequence", .number(sequence)),
      ("time", .seconds(microseconds: event.time.microseconds)),
      ("queue", .string(event.queue)),
      ("kind", .string(event.kind.rawValue)),
      ("phase", .string(event.phase?.rawValue)),
      ("session", event.session.map { .number($0) } ?? .null),
      ("app", .string(event.app)),
      ("view", .string(event.view)),
      ("interaction", .string(event.interaction)),
      ("name", .string(event.name)),
      ("method", .string(event.method)),
      (
        "arguments",
        .array(event.arguments.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
      ),
      ("result", .string(event.result)),
      ("message", .string(event.message)),
      ("exceptionName", .string(event.exceptionName)),
      ("sourceLocation", .string(event.sourceLocation)),
    ])
  }

  private func outcome(of run: ScenarioResult, scenario: JSONValue) -> JSONValue {
    let status: String
    var exception: String?
    switch run.outcome {
    case .passed: status = "passed"
    case .failedExpectation: status = "failedExpectation"
    case .runtimeError: status = "runtimeError"
    case .uncaughtException(let name, _, _):
      status = "uncaughtException"
      exception = name
    }
    let diagnostic = run.outcome.diagnostic
    let place = diagnostic.flatMap { location($0.range) }
    return .object([
      ("type", .string("outcome")),
      ("scenario", scenario),
      ("passed", .bool(run.outcome.passed)),
      ("status", .string(status)),
      ("message", .string(diagnostic?.message)),
      ("diagnosticID", .string(diagnostic?.id)),
      ("exceptionName", .string(exception)),
      ("file", .string(place?.file)),
      ("line", place.map { .number($0.line) } ?? .null),
      ("column", place.map { .number($0.column) } ?? .null),
    ])
  }

  private func location(_ range: SourceRange) -> (file: String, line: Int, column: Int)? {
    guard let file = files.first(where: { $0.id == range.file }) else { return nil }
    let place = file.location(of: Int(range.start))
    return (file.name, place.line, place.column)
  }
}

extension ScriptRunResult {
  /// The runs a report shows: the top level when it did something worth
  /// showing (drove a finger, printed, failed, or is all there is), then
  /// every scenario.
  public var reportedRuns: [ScenarioResult] { runs(showingPrintsAlone: true) }

  /// The same, with a top level that only printed left out when
  /// `showingPrintsAlone` is false (`dnd explain` tells no printed text).
  public func runs(showingPrintsAlone: Bool) -> [ScenarioResult] {
    let showsTopLevel =
      scenarios.isEmpty || topLevel.trace.showsUIKit || !topLevel.outcome.passed
      || (showingPrintsAlone && !topLevel.printed.isEmpty)
    return (showsTopLevel ? [topLevel] : []) + scenarios
  }
}
