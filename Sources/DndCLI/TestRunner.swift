import DndInterpreter
import DndSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tests of scripts: every scenario is a test, and so is a file's set of
/// inline expectations (`// expect: ...`, see `SpecRunner`). The one runner
/// behind both `dnd test` and `swift test` (`Tests/DndCLITests/SpecTests`).
///
/// Each file runs once, through the engine: the top level, then every
/// scenario from a fresh scene. Its tests are:
/// - one per scenario, passing when the scenario passed, or when its failure
///   is one an inline `// expect runtime error:` on that line asks for;
/// - one for the file, named by its path, when it has inline expectations
///   (the spec comparison, leaving out the scenario failures the scenario
///   tests already report), when it has no scenarios, or when it did not run
///   (a syntax or check error, an unreadable file) or its top level failed.
public struct TestRunner: Sendable {
  public var engine: Engine
  /// Only scenarios whose title contains this text (ignoring case); file
  /// tests are then left out unless the file did not run at all.
  public var filter: String?
  public var limits: RunLimits

  public init(engine: Engine = .live, filter: String? = nil, limits: RunLimits = RunLimits()) {
    self.engine = engine
    self.filter = filter
    self.limits = limits
  }

  /// Every `.dnd` file a command line names: files as given, directories
  /// searched below (sorted, hidden entries skipped). Paths that are neither
  /// are kept, so that running them reports why they cannot be read.
  public static func scripts(in paths: [String]) -> [String] {
    paths.flatMap { path -> [String] in
      guard isDirectory(path) else { return [path] }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      return scripts(below: base).sorted()
    }
  }

  /// Runs the tests of one file. `name` (default: the path) names it in reports.
  public func run(path: String, name: String? = nil) -> FileTests {
    let shown = name ?? path
    switch SpecFile.load(path, name: shown) {
    case .failure(let failure):
      return FileTests(
        name: shown, source: nil,
        cases: [TestCase(name: shown, kind: .file, failure: .unreadable(failure.message))])
    case .success(let spec):
      return run(spec)
    }
  }

  /// Runs the tests of a spec file already read.
  public func run(_ spec: SpecFile) -> FileTests {
    var output = ""
    var limits = self.limits
    limits.scenarioFilter = filter
    if let steps = spec.expectations.maxSteps { limits.maxSteps = steps }
    let report = engine.run(spec.source, limits) { output += $0 }
    let hasInline = !spec.expectations.items.isEmpty || !spec.expectations.problems.isEmpty
    // The checker's warnings, which `dnd run` and `dnd check` show too: a
    // spec's inline expectations compare them instead.
    let warnings = hasInline ? [] : report.diagnostics.filter { $0.severity == .warning }
    guard let result = report.result else {
      return FileTests(
        name: spec.name, source: spec.source, cases: [fileCase(spec, output, report, hasInline)],
        warnings: warnings)
    }
    var cases: [TestCase] = []
    var unexpected: [Diagnostic] = []
    for scenario in result.scenarios {
      var failure: TestFailure?
      if let diagnostic = scenario.outcome.diagnostic {
        if hasInline, SpecRunner.expects(spec, runtimeError: diagnostic) {
          failure = nil
        } else {
          failure = .scenario(diagnostic)
          unexpected.append(diagnostic)
        }
      }
      var test = TestCase(name: scenario.title ?? spec.name, kind: .scenario, failure: failure, run: scenario)
      // Inline `// expect` comments check what a scenario prints and where it stops.
      test.checkedNothing = !hasInline && scenario.expectationsChecked == 0
      cases.append(test)
    }
    let topLevelFailed = !result.topLevel.outcome.passed
    // A filter leaves out the file's own test, unless its top level failed:
    // then no scenario ran, and that failure is the one to see.
    if topLevelFailed || (filter == nil && (hasInline || result.scenarios.isEmpty)) {
      var adjusted = report
      adjusted.diagnostics.removeAll { unexpected.contains($0) }
      adjusted.status = Self.status(of: result, excluding: unexpected)
      var file = fileCase(spec, output, adjusted, hasInline)
      if topLevelFailed { file.run = result.topLevel }
      // A script of top-level code alone, without an `expect`: it passes
      // whatever it printed, which says so as a scenario without one does.
      file.checkedNothing =
        !hasInline && !topLevelFailed && result.scenarios.isEmpty && result.topLevel.expectationsChecked == 0
      cases.insert(file, at: 0)
    }
    return FileTests(name: spec.name, source: spec.source, cases: cases, warnings: warnings)
  }

  /// The file's own test: the spec comparison with inline expectations, or
  /// else "it ran and its top level held".
  private func fileCase(_ spec: SpecFile, _ output: String, _ report: RunReport, _ hasInline: Bool)
    -> TestCase
  {
    if hasInline {
      let failures = SpecRunner.compare(
        spec, output: output, status: report.status, diagnostics: report.diagnostics)
      return TestCase(name: spec.name, kind: .file, failure: failures.isEmpty ? nil : .spec(failures))
    }
    let errors = report.diagnostics.filter { $0.severity == .error }
    guard report.status == .ok else {
      let failure: TestFailure = report.status == .scriptError ? .didNotRun(errors) : .topLevel(errors)
      return TestCase(name: spec.name, kind: .file, failure: failure)
    }
    return TestCase(name: spec.name, kind: .file, failure: nil)
  }

  /// How the run ended, leaving out the scenario failures reported on their own.
  private static func status(of result: ScriptRunResult, excluding left: [Diagnostic]) -> RunStatus {
    var status = RunStatus.ok
    for run in [result.topLevel] + result.scenarios {
      if let diagnostic = run.outcome.diagnostic, left.contains(diagnostic) { continue }
      switch run.outcome {
      case .passed: break
      case .runtimeError: status = .runtimeError
      case .failedExpectation, .uncaughtException: if status == .ok { status = .failed }
      }
    }
    return status
  }

  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The `.dnd` files below a directory, depth first, without following
  /// hidden entries.
  private static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  private static func scripts(below directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var found: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = directory + "/" + name
      // A linked directory is not followed (as `dnd check` and `dnd fmt`
      // do not): a link back up would make the search endless.
      if isDirectory(path), !isSymbolicLink(path) {
        found += scripts(below: path)
      } else if name.hasSuffix(".dnd") {
        found.append(path)
      }
    }
    return found
  }
}

/// The tests of one file.
public struct FileTests: Sendable {
  /// The file's path as reported.
  public var name: String
  /// The script, for rendering diagnostics (nil when it could not be read).
  public var source: SourceFile?
  public var cases: [TestCase]
  /// The checker's warnings about the script (a passing test may hide a
  /// mistake one of them names: an expectation that always holds).
  public var warnings: [Diagnostic]

  public init(name: String, source: SourceFile?, cases: [TestCase], warnings: [Diagnostic] = []) {
    self.name = name
    self.source = source
    self.cases = cases
    self.warnings = warnings
  }

  public var passed: Bool { cases.allSatisfy(\.passed) }
}

/// One test and how it went.
public struct TestCase: Sendable {
  /// What a test is of.
  public enum Kind: Sendable {
    /// A scenario of the script.
    case scenario
    /// The file itself: its inline expectations, or its plain run.
    case file
  }

  /// The scenario's title, or the file's path.
  public var name: String
  public var kind: Kind
  /// Why it failed; nil when it passed.
  public var failure: TestFailure?
  /// The scenario's run (its trace up to the failure), when there is one.
  public var run: ScenarioResult?
  /// A scenario that ran no `expect` step, in a file without inline
  /// expectations: whatever it did, nothing was checked.
  public var checkedNothing = false

  public init(name: String, kind: Kind, failure: TestFailure?, run: ScenarioResult? = nil) {
    self.name = name
    self.kind = kind
    self.failure = failure
    self.run = run
  }

  public var passed: Bool { failure == nil }
}

/// Why a test failed.
public enum TestFailure: Sendable {
  /// The scenario's expectation failed, a script error stopped it, or UIKit
  /// raised an exception nothing expected.
  case scenario(Diagnostic)
  /// The file's top level failed (it then runs no scenario).
  case topLevel([Diagnostic])
  /// A syntax or check error: nothing ran.
  case didNotRun([Diagnostic])
  /// The file's inline expectations were not met.
  case spec([SpecFailure])
  /// The file could not be read.
  case unreadable(String)

  /// The diagnostic whose place names the failure, when there is one.
  public var diagnostic: Diagnostic? {
    switch self {
    case .scenario(let diagnostic): diagnostic
    case .topLevel(let diagnostics), .didNotRun(let diagnostics): diagnostics.first
    case .spec, .unreadable: nil
    }
  }
}
