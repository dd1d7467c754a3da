import DndCheck
import DndInterpreter
import DndReport
import DndSyntax
import Foundation

/// `dnd test --explore` and `dnd test --replay`: every scenario of the
/// scripts runs under every order its pending work can complete in
/// (`docs/exploration.md`). A scenario passes when no order fails; a failing
/// scenario shows its smallest failing order, what failed and the command
/// that replays exactly that order. `--replay ORDER` runs one order of the
/// scenarios `--filter` selects and prints their traces.
///
/// Exploration needs the runner itself, not the engine's one run, so this
/// command checks scripts with the pipeline directly.
enum ExploreCommand {
  /// A script read and checked, or why it could not be read.
  typealias Loaded = Result<(SourceFile, (program: CheckedProgram?, diagnostics: [Diagnostic])), LoadFailure>

  static func execute(
    _ scripts: [String], settings: ExploreSettings, invocation: Invocation, console: Console
  ) -> ExitCode {
    let style = Style(color: invocation.color, console: console)
    var faults: [InjectedFault?] = [nil]
    if let name = settings.fault {
      guard let fault = InjectedFault(rawValue: name) else {
        let names = InjectedFault.allCases.map(\.rawValue).joined(separator: ", ")
        console.writeError(
          "dnd: " + style.renderer.render(.error, "unknown fault '\(name)'; the faults are \(names)"))
        return .usage
      }
      faults = [fault]
    } else if settings.allFaults {
      faults += InjectedFault.allCases.map { $0 }
    }
    var replayOrder: OrderID?
    if let text = settings.replay {
      let message: String
      switch OrderID.parse(text) {
      case .order(let order):
        replayOrder = order
        message = ""
      case .outOfRange:
        message =
          "order '\(text)' names a choice out of range (each is at most \(OrderID.largestChoice)); copy the "
          + "order from the replay line 'dnd test --explore' prints"
      case .malformed:
        message = "invalid order '\(text)'; expected an id such as 2.0.1"
      }
      guard replayOrder != nil else {
        console.writeError("dnd: " + style.renderer.render(.error, message))
        return .usage
      }
    }
    // Every script is read and checked first: a replay names one scenario
    // of them all, and a filter that matches several is refused before
    // anything runs.
    let loaded: [(path: String, outcome: Loaded)] = scripts.map { path in
      (path, SourceLoader.load(path, console: console).map { file in (file, Pipeline.check(file)) })
    }
    var replayPicksWholeName = false
    if replayOrder != nil {
      switch Self.replayChoice(invocation.filter, in: loaded) {
      case .success(let wholeName): replayPicksWholeName = wholeName
      case .failure(let ambiguity):
        console.writeError("dnd: " + style.renderer.render(.error, ambiguity.message))
        return .usage
      }
    }
    var passed = 0
    var failed = 0
    var missingOrders = 0
    // Every script's explorations are run at the end, all side by side (the
    // explorers share one set of threads); what comes after an exploration
    // in the output waits for it (`textAfter`, by exploration).
    var work: [(Explorer, ExplorationJob)] = []
    var reportedIn: [(file: SourceFile, path: String)] = []
    var textAfter: [[String]] = []
    var threadsOwner: Explorer?
    func emit(_ text: String) {
      if work.isEmpty { console.writeOutput(text) } else { textAfter[work.count - 1].append(text) }
    }
    // A file's own test is reported as `dnd test` reports it, on standard output.
    func reportFileTest(_ tests: FileTests) {
      let report = TestReport(files: [tests], useColor: style.outputColor)
      let terminal = TerminalStyle(useColor: style.outputColor)
      for test in tests.cases where test.kind == .file {
        emit(report.line(for: test, in: tests, style: terminal) + "\n")
        if test.passed {
          passed += 1
        } else {
          emit(report.details(of: test, in: tests))
          failed += 1
        }
      }
    }
    for (path, outcome) in loaded {
      let file: SourceFile
      let program: CheckedProgram?
      let diagnostics: [Diagnostic]
      switch outcome {
      case .failure(let failure):
        reportFileTest(
          FileTests(
            name: path, source: nil, cases: [TestCase(name: path, kind: .file, failure: .unreadable(failure.message))]))
        continue
      case .success(let (loadedFile, checked)):
        file = loadedFile
        (program, diagnostics) = checked
      }
      // The file's own test (its inline expectations, a script without
      // scenarios, a top level that fails, a check error a spec expects or
      // not) is run as `dnd test` runs it: exploring is about the
      // scenarios, and must not drop the rest.
      let checks = program != nil && !diagnostics.contains(where: { $0.severity == .error })
      // The checker's warnings, as `dnd test` shows them above its tests.
      let warnings = diagnostics.filter { $0.severity == .warning }
      if checks, !warnings.isEmpty {
        emit(DiagnosticRenderer(file: file, useColor: style.outputColor).render(warnings))
      }
      if !checks || (replayOrder == nil && invocation.filter == nil) {
        reportFileTest(TestRunner(limits: invocation.limits).run(SpecFile(source: file)))
      }
      guard let program, checks else { continue }
      var limits = InterpreterLimits()
      if let steps = invocation.limits.maxSteps { limits.maxSteps = steps }
      if let views = invocation.limits.maxViews { limits.maxViews = views }
      let runner = ScenarioRunner(program: program, files: [file], limits: limits)
      // One thread per core: the report is the same for any number.
      let options = ExplorationOptions(
        limit: settings.limit, seed: settings.seed, threads: ProcessInfo.processInfo.activeProcessorCount)
      let explorer = Explorer(runner: runner, options: options, sharingThreadsWith: threadsOwner)
      threadsOwner = threadsOwner ?? explorer
      var indices = program.scenarios.indices.filter { index in
        guard let filter = invocation.filter else { return true }
        return program.scenarios[index].title.lowercased().contains(filter.lowercased())
      }
      if replayOrder != nil {
        // An order belongs to one scenario: `replayPicksWholeName` said
        // whether a whole name picks it (the first pass refused the rest).
        if replayPicksWholeName { indices = indices.filter { program.scenarios[$0].title == invocation.filter } }
      }
      // The orders of a scenario all start from the UserDefaults store as
      // `dnd test` without a filter leaves it to that scenario: after the
      // plain run (the top level once) and each scenario before it, run
      // once plainly (a replay runs them first; an exploration runs the
      // scenario once after its orders). The orders themselves write to
      // copies.
      var storeReaches = -1
      func advanceStore(to index: Int) {
        if storeReaches < 0 {
          _ = runner.runTopLevel(output: { _ in })
          storeReaches = 0
        }
        while storeReaches < index {
          _ = runner.runScenario(storeReaches, output: { _ in })
          storeReaches += 1
        }
      }
      guard let order = replayOrder else {
        // Each scenario and fault becomes an exploration, from the store as
        // it stands before its scenario; all run below.
        for index in indices {
          advanceStore(to: index)
          let store = runner.defaults.entries
          for fault in faults {
            work.append((explorer, ExplorationJob(index: index, fault: fault, store: store)))
            reportedIn.append((file, path))
            textAfter.append([])
          }
        }
        continue
      }
      for index in indices {
        advanceStore(to: index)
        for fault in faults {
          let run = explorer.replay(index, order: order, fault: fault)
          // A choice past a point's alternatives, or past the last point,
          // would quietly run another order: say so instead.
          guard run.order == order else {
            let title = program.scenarios[index].title
            console.writeError(
              "dnd: "
                + style.renderer.render(
                  .error, "scenario \"\(title)\" has no order \(order): \(Self.whyMissing(order, in: run))"))
            missingOrders += 1
            continue
          }
          let reporter = TraceTextReporter(renderer: style.renderer(for: file), files: [file])
          console.writeOutput(
            reporter.render(
              run.result, invariantsBroken: !run.violations.isEmpty,
              excusedFault: run.failed ? nil : run.fault?.rawValue))
          console.writeOutput(ExploreReport.replayed(run, file: file))
          if run.failed { failed += 1 } else { passed += 1 }
        }
      }
    }
    // Side by side on the cores, reported in order as they finish.
    Explorer.explore(work) { position, result in
      let (file, path) = reportedIn[position]
      console.writeOutput(
        ExploreReport.explored(
          result, file: file, path: path, settings: settings, limits: invocation.limits,
          renderer: style.renderer(for: file)))
      if result.passed { passed += 1 } else { failed += 1 }
      for text in textAfter[position] { console.writeOutput(text) }
    }
    if passed + failed + missingOrders == 0, let filter = invocation.filter {
      console.writeError("dnd: " + style.renderer.render(.error, "no scenario's name contains '\(filter)'"))
      return .failure
    }
    if passed + failed + missingOrders == 0, replayOrder != nil {
      // A file's inline expectations run in one order: there is nothing to replay.
      let scripts = scripts.count == 1 ? "the script has no" : "none of the scripts has a"
      console.writeError(
        "dnd: "
          + style.renderer.render(
            .error, "'--replay' runs an order of a scenario, and \(scripts) scenario; 'dnd test' runs it"))
      return .failure
    }
    // A replay of an order the scenario does not have ran nothing to count.
    if missingOrders > 0, passed + failed == 0 { return .usage }
    console.writeOutput("\(passed) passed, \(failed) failed\n")
    if missingOrders > 0 { return .usage }
    return failed == 0 ? .success : .failure
  }

  /// Whether `--replay`'s `filter` picks its scenario by its whole name
  /// (true), or by containing it; a failure when it (or no filter) matches several
  /// scenarios of all the scripts. A scenario's whole name picks it alone,
  /// though other names, in this file or another, contain it (the report's
  /// replay line names it so). No match at all is reported as for any filter.
  static func replayChoice(_ filter: String?, in loaded: [(path: String, outcome: Loaded)])
    -> Result<Bool, UsageError>
  {
    var containing: [(path: String, title: String)] = []
    for (_, outcome) in loaded {
      guard case .success(let (file, (program, _))) = outcome, let program else { continue }
      for scenario in program.scenarios
      where filter.map({ scenario.title.lowercased().contains($0.lowercased()) }) ?? true {
        // The file's name: standard input's is <stdin>, not '-'.
        containing.append((file.name, scenario.title))
      }
    }
    let exact = containing.filter { $0.title == filter }
    let matches = exact.isEmpty ? containing : exact
    guard matches.count > 1 else { return .success(!exact.isEmpty) }
    let names = matches.map { "\"\($0.title)\" (\($0.path))" }.joined(separator: ", ")
    return .failure(
      UsageError(
        "--replay runs one scenario's order, but \(matches.count) scenarios match: \(names); "
          + "give --filter one scenario's whole name, and the script that has it", command: .test))
  }

  /// Where `order` leaves the orders of the scenario `run` replayed.
  static func whyMissing(_ order: OrderID, in run: ExploredRun) -> String {
    let points = run.points
    let fault = run.fault.map { " --fault \($0.rawValue)" } ?? ""
    let listing = "run 'dnd test --explore\(fault)' to see the orders that fail"
    if points.isEmpty {
      // Nothing pending ever competes: the scenario runs one way only.
      return "its pending work never competes, so it runs in one order only and there is nothing to replay; "
        + "'dnd test' runs it"
    }
    for (position, choice) in order.choices.enumerated() {
      guard position < points.count else {
        let count = points.count == 1 ? "1 choice point" : "\(points.count) choice points"
        let parts = points.count == 1 ? "1 part" : "\(points.count) parts"
        return "on that path the run meets \(count), so its id has at most \(parts); \(listing)"
      }
      let options = points[position].optionCount
      if choice >= options {
        return "choice point \(position + 1) has \(options) alternatives, numbered 0 to \(options - 1); \(listing)"
      }
    }
    return listing
  }
}
