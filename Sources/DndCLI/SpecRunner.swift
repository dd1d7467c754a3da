import DndSyntax

/// Runs spec files and compares what happened with what their comments
/// expect. The one runner behind both `swift test` (a parameterised test over
/// every spec and example) and, later, `dnd test`.
///
/// A spec passes when the script printed exactly the `expect:` lines, in
/// order; every diagnostic was expected on its line and every expectation was
/// met; and the run ended as the expectations imply (not running at all for
/// `expect error`, stopping for `expect runtime error`, succeeding otherwise).
public struct SpecRunner: Sendable {
  public var engine: Engine

  public init(engine: Engine = .live) {
    self.engine = engine
  }

  /// Loads and runs a spec; an unreadable file is a failed spec.
  public func run(path: String, name: String? = nil) -> SpecResult {
    switch SpecFile.load(path, name: name) {
    case .success(let spec): return run(spec)
    case .failure(let failure):
      return SpecResult(name: name ?? path, failures: [SpecFailure(line: nil, failure.message)])
    }
  }

  /// Runs one spec through the engine and compares.
  public func run(_ spec: SpecFile) -> SpecResult {
    var output = ""
    let limits = RunLimits(maxSteps: spec.expectations.maxSteps)
    let report = engine.run(spec.source, limits) { output += $0 }
    let failures = Self.compare(spec, output: output, status: report.status, diagnostics: report.diagnostics)
    return SpecResult(name: spec.name, failures: failures)
  }

  /// Compares a run already made with what the spec expects: how it ended,
  /// what it printed and what it reported. `dnd test` calls this on the run
  /// it makes for the file's scenarios, so a spec runs once.
  public static func compare(
    _ spec: SpecFile, output: String, status: RunStatus, diagnostics: [Diagnostic]
  ) -> [SpecFailure] {
    var comparison = Comparison(spec: spec)
    comparison.problems()
    comparison.status(status)
    comparison.output(lines(of: output))
    comparison.diagnostics(diagnostics, status: status)
    return comparison.failures
  }

  /// Whether a diagnostic of a run that went ahead is met by an inline
  /// `expect runtime error:` on its line (a scenario's failure the spec wants).
  public static func expects(_ spec: SpecFile, runtimeError diagnostic: Diagnostic) -> Bool {
    let line = spec.source.location(of: Int(diagnostic.range.start)).line
    return spec.expectations.of(.runtimeError).contains { $0.line == line && $0.isMet(by: diagnostic) }
  }

  /// Printed text as lines; a final line break does not start an empty line.
  static func lines(of text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }
}

/// The outcome of one spec.
public struct SpecResult: Sendable, CustomStringConvertible {
  public var name: String
  /// Every difference found, in the order of the checks.
  public var failures: [SpecFailure]

  public init(name: String, failures: [SpecFailure]) {
    self.name = name
    self.failures = failures
  }

  public var passed: Bool { failures.isEmpty }

  /// `PASS name`, or `FAIL name` followed by one indented line per failure.
  public var report: String {
    guard !passed else { return "PASS \(name)" }
    return (["FAIL \(name)"] + failures.map { "  " + $0.description }).joined(separator: "\n")
  }

  public var description: String { report }
}

/// One difference between a spec's expectations and its run.
public struct SpecFailure: Hashable, Sendable, CustomStringConvertible {
  /// The spec line it concerns, when there is one.
  public var line: Int?
  public var message: String

  public init(line: Int?, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// The checks of one spec, collecting failures.
private struct Comparison {
  let spec: SpecFile
  var failures: [SpecFailure] = []

  /// Past this many output differences the rest are counted, not listed: one
  /// missing line would otherwise shift every line after it.
  static let outputFailureLimit = 10

  init(spec: SpecFile) { self.spec = spec }

  mutating func problems() {
    failures += spec.expectations.problems.map { SpecFailure(line: $0.line, $0.message) }
  }

  /// The run must end the way the expectations imply.
  mutating func status(_ status: RunStatus) {
    let expected: RunStatus
    if !spec.expectations.of(.error).isEmpty {
      expected = .scriptError
    } else if !spec.expectations.of(.runtimeError).isEmpty {
      expected = .runtimeError
    } else {
      expected = .ok
    }
    guard status != expected else { return }
    failures.append(
      SpecFailure(
        line: nil, "expected the run to \(Self.describe(expected)), but it \(Self.describe(past: status))"))
  }

  mutating func output(_ got: [String]) {
    let expected = spec.expectations.of(.output)
    var differences: [SpecFailure] = []
    for index in 0..<max(expected.count, got.count) {
      switch (index < expected.count ? expected[index] : nil, index < got.count ? got[index] : nil) {
      case (let want?, let line?) where want.text != line:
        differences.append(
          SpecFailure(line: want.line, "expected output \(quoted(want.text)), got \(quoted(line))"))
      case (let want?, nil):
        differences.append(
          SpecFailure(
            line: want.line, "expected output \(quoted(want.text)), but the script printed nothing more"))
      case (nil, let line?):
        differences.append(SpecFailure(line: nil, "unexpected output line \(index + 1): \(quoted(line))"))
      default:
        break
      }
    }
    failures += differences.prefix(Self.outputFailureLimit)
    if differences.count > Self.outputFailureLimit {
      failures.append(
        SpecFailure(
          line: nil, "... and \(differences.count - Self.outputFailureLimit) more output differences"))
    }
  }

  /// Pairs each diagnostic with an expectation of its kind on its line.
  mutating func diagnostics(_ diagnostics: [Diagnostic], status: RunStatus) {
    var pending = spec.expectations.items.filter { $0.kind != .output }
    var unexpected: [(diagnostic: Diagnostic, kind: InlineExpectation.Kind, line: Int)] = []
    for diagnostic in diagnostics where diagnostic.severity != .note {
      let kind = Self.kind(of: diagnostic, status: status)
      let line = spec.source.location(of: Int(diagnostic.range.start)).line
      if let index = pending.firstIndex(where: {
        $0.kind == kind && $0.line == line && $0.isMet(by: diagnostic)
      }) {
        pending.remove(at: index)
      } else {
        unexpected.append((diagnostic, kind, line))
      }
    }
    for expectation in pending {
      let wanted = "\(expectation.kind.rawValue) \(quoted(expectation.text))"
      var message = "expected \(wanted), but none was reported on this line"
      let near = unexpected.filter { $0.line == expectation.line && $0.kind == expectation.kind }
      if let other = near.first { message += "; got \(Self.describe(other.diagnostic))" }
      failures.append(SpecFailure(line: expectation.line, message))
    }
    for item in unexpected {
      failures.append(
        SpecFailure(line: item.line, "unexpected \(item.kind.rawValue): \(Self.describe(item.diagnostic))"))
    }
  }

  /// Errors are syntax or check errors when the script did not run, and
  /// runtime errors when it did.
  private static func kind(of diagnostic: Diagnostic, status: RunStatus) -> InlineExpectation.Kind {
    if diagnostic.severity == .warning { return .warning }
    return status == .scriptError ? .error : .runtimeError
  }

  private static func describe(_ diagnostic: Diagnostic) -> String {
    "\(quoted(diagnostic.message)) [\(diagnostic.id)]"
  }

  private static func describe(_ status: RunStatus) -> String {
    switch status {
    case .ok: return "succeed"
    case .failed: return "fail an expectation"
    case .scriptError: return "stop at a syntax or check error"
    case .runtimeError: return "stop at a runtime error"
    }
  }

  private static func describe(past status: RunStatus) -> String {
    switch status {
    case .ok: return "succeeded"
    case .failed: return "failed a scenario or expectation"
    case .scriptError: return "stopped at a syntax or check error"
    case .runtimeError: return "stopped at a runtime error"
    }
  }
}

/// Text in double quotes, with line breaks and quotes escaped.
private func quoted(_ text: String) -> String {
  var out = "\""
  for character in text {
    switch character {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    default: out.append(character)
    }
  }
  return out + "\""
}
