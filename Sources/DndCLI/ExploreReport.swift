import DndInterpreter
import DndReport
import DndSyntax

/// The text `dnd test --explore` prints for one scenario (and fault).
enum ExploreReport {
  /// PASS with the number of orders, or FAIL with the smallest failing
  /// order: the completions in the order they ran, what failed, the replay command.
  static func explored(
    _ result: ExplorationResult, file: SourceFile, path: String, settings: ExploreSettings,
    limits: RunLimits = RunLimits(), renderer: DiagnosticRenderer? = nil
  ) -> String {
    let fault = result.fault.map { " with fault \($0.rawValue) (\($0.summary))" } ?? ""
    let orders = result.ordersRun
    var coverage = "every order explored"
    if result.stoppedAtWorkLimit {
      // So much work ready at once that each run weighs its square: the
      // search stops rather than run for minutes (ExplorationOptions.workLimit).
      let limit = NumberText.grouped(ExplorationOptions.defaultWorkLimit)
      coverage = "not every order: the search stopped after \(orders) order\(orders == 1 ? "" : "s") at its work "
        + "limit, \(limit) alternatives weighed at choice points, since too much work was ready at once"
    } else if result.stoppedAtStepBudget {
      coverage = "not every order: the search stopped after \(orders) order\(orders == 1 ? "" : "s"), since one ran "
        + "out of steps and every other could take as long"
    } else if !result.exhaustive {
      let depthFirst = orders - result.sampled
      if let seed = result.seed {
        coverage = "not every order: \(depthFirst) depth first, \(result.sampled) in a random sample, seed \(seed)"
      } else {
        let run = depthFirst == 1 ? "only the default order" : "only the first \(depthFirst) depth first"
        coverage = "not every order: \(run); the limit left no room for a random sample"
      }
    }
    if result.statesMerged > 0 {
      coverage += "; \(result.statesMerged) repeated state\(result.statesMerged == 1 ? "" : "s") pruned"
    }
    // A path starting with '-' would read as an option.
    let shownPath = path.hasPrefix("-") && path != "-" ? "./" + path : path
    func replay(_ order: OrderID) -> String {
      // A title that starts with '-' would read as an option after a space.
      let filter = result.title.hasPrefix("-") ? "--filter=" : "--filter "
      var command = "dnd test \(quoted(shownPath)) \(filter)\(quoted(result.title)) --replay \(order)"
      if let fault = result.fault { command += " --fault \(fault.rawValue)" }
      // The limits given change what a run does: the replay must run under them too.
      if let steps = limits.maxSteps { command += " --max-steps \(steps)" }
      if let views = limits.maxViews { command += " --max-views \(views)" }
      return command
    }
    guard let failure = result.smallestFailure else {
      let verdict =
        !result.exhaustive
        ? (orders == 1 ? "the one order run passes" : "all \(orders) orders run pass")
        : orders == 1 ? "its one order passes" : orders == 2 ? "both orders pass" : "all \(orders) orders pass"
      var text = "PASS \(title(result.title))\(fault): \(verdict) (\(coverage))\n"
      text += neverActed(result)
      text += keptPastWait(result, file: file, path: path)
      if result.changedOutcomes > 0 {
        let count = result.changedOutcomes
        let step = result.fault == .removeTarget ? " or a step aimed at the view the fault removed" : ""
        text += "  note: under the fault, \(count) order\(count == 1 ? " ends" : "s end") with an expectation "
          + "that no longer holds\(step), as the fault may well make them: the expectations were written for "
          + "the data arriving, so under a fault only script errors, exceptions and broken invariants fail\n"
        if let first = result.firstChangedOrder { text += "  the smallest: \(replay(first))\n" }
      }
      return text
    }
    let failing = result.failures.count
    var text = "FAIL \(title(result.title))\(fault): \(failing) of \(orders) order\(orders == 1 ? "" : "s") "
      + "\(failing == 1 ? "fails" : "fail") (\(coverage))\n"
    text += neverActed(result)
    text += keptPastWait(result, file: file, path: path)
    text += "  smallest failing order: \(failure.order)\n"
    text += completions(failure)
    text += reasons(failure, file: file, renderer: renderer)
    text += "  replay: \(replay(failure.order))\n"
    return text
  }

  /// A scenario's name in quotes, written as its string literal would be.
  static func title(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// The verdict after a replayed run's trace.
  static func replayed(_ run: ExploredRun, file: SourceFile) -> String {
    let fault = run.fault.map { " with the fault '\($0.rawValue)'" } ?? ""
    var text = (run.failed ? "FAIL" : "PASS") + " under order \(run.order)\(fault)\n"
    // Under a fault an expectation written for the data arriving may fail
    // without the order failing: say so, after the FAIL the trace showed.
    if run.fault != nil, !run.failed {
      switch run.result.outcome {
      case .failedExpectation:
        text += "  (the scenario's expectation failed, as it may under a fault: the order itself passes)\n"
      case .runtimeError:
        text += "  (a step aimed at the view the fault removed, which the scenario was written to find: "
          + "the order itself passes)\n"
      case .passed, .uncaughtException: break
      }
    }
    if let fault = run.fault, !run.faultStruck {
      text += !run.faultArmed ? neverArmed : dueLater(fault, run.faultCameDue) ? neverDue : neverStruck(fault)
    }
    text += completions(run)
    if run.failed { text += reasons(run, file: file) }
    return text
  }

  /// A fault is armed by the scenario's first item provider load; without
  /// one the run is the plain scenario's, which a reader should not take
  /// for robustness against the fault.
  private static let neverArmed =
    "  note: the fault never struck: the scenario starts no item provider load, so it ran as without the fault\n"

  /// Armed, a fault that acts when the first load's data is due may find
  /// nothing to act on then.
  private static func neverStruck(_ fault: InjectedFault) -> String {
    let nothing = fault == .cancel ? "no load was still running" : "there was no drop target on the screen"
    return "  note: the fault never struck: when it came due \(nothing), so it ran as without the fault\n"
  }

  /// Cancel and remove-target act when the first load's data is due, which
  /// a scenario that ends without settling may never reach.
  private static let neverDue =
    "  note: the fault never struck: the scenario ended before the first load's data was due (it does not "
    + "settle, or it stopped first), so it ran as without the fault\n"

  private static func dueLater(_ fault: InjectedFault, _ cameDue: Bool) -> Bool {
    (fault == .cancel || fault == .removeTarget) && !cameDue
  }

  private static func neverActed(_ result: ExplorationResult) -> String {
    if result.faultNeverArmed { return neverArmed }
    if result.faultNeverDue { return neverDue }
    if result.faultNeverStruck, let fault = result.fault { return neverStruck(fault) }
    return ""
  }

  /// "Every order" is every order within the steps' boundaries: work due
  /// after a `wait` ends never finishes during it. Said when a load
  /// finished during a wait while another stayed due after it, since a
  /// load's latency is only an estimate. (Not under a fault, which changes
  /// the loads' timing on purpose.)
  private static func keptPastWait(_ result: ExplorationResult, file: SourceFile, path: String) -> String {
    guard let wait = result.waitKeepingWork, result.fault == nil else { return "" }
    let place = file.location(of: Int(wait.range.start))
    let shownPath = path.hasPrefix("-") && path != "-" ? "./" + path : path
    let pieces = wait.count == 1 ? "1 piece of background work" : "\(wait.count) pieces of background work"
    let it = wait.count == 1 ? "it" : "them"
    return "  note: \(shownPath):\(place.line):\(place.column): the 'wait' here let a provider's load finish while "
      + "\(pieces) (a load or its completion) stayed due after it; exploration keeps each step's boundaries, so "
      + "no order finished \(it) first. To let \(it) race, drop the wait or check its effects only after 'settle'\n"
  }

  /// The work that ran from the first choice point on, choices marked.
  private static func completions(_ run: ExploredRun) -> String {
    guard let first = run.ran.firstIndex(where: { $0.choiceIndex != nil }) else {
      return "  (no choice points: the pending work could run in one order only)\n"
    }
    var entries: [TraceRepeats.Entry] = []
    for work in run.ran[first...] {
      let time = work.time.description.padding(toLength: 8, withPad: " ", startingAt: 0)
      let queue = work.queue.padding(toLength: 15, withPad: " ", startingAt: 0)
      var said = queue + work.label
      if let index = work.choiceIndex, index != 0 {
        said += "   <- choice \(index) of 0...\(work.choiceCount - 1)"
      }
      entries.append(TraceRepeats.Entry(time: work.time.description, shape: [said], lines: ["    " + time + said]))
    }
    // Work that queues itself again until a limit stops it says the same thing thousands of times.
    let lines = TraceRepeats(indent: "    ").lines(of: entries)
    return "  completions, in the order they ran:\n" + lines.map { $0 + "\n" }.joined()
  }

  /// With a renderer, a failed expectation or a script error is shown as
  /// the compiler shows a diagnostic (its line and a caret), indented.
  private static func reasons(_ run: ExploredRun, file: SourceFile, renderer: DiagnosticRenderer? = nil)
    -> String
  {
    var text = ""
    // Under a fault a failed expectation does not fail the order (the
    // expectations were written for the data arriving): what did comes first.
    var excused = ""
    switch run.result.outcome {
    case .passed: break
    case .failedExpectation(let diagnostic):
      let heading = run.fault == nil ? "expectation failed" : "expectation failed (not counted under a fault)"
      var said = ""
      if let renderer {
        said += "  \(heading):\n" + indented(renderer.render(diagnostic))
      } else {
        said += "  \(heading): \(located(diagnostic, file))\n"
      }
      for warning in run.warnings { said += "  warning: \(warning)\n" }
      if run.fault == nil { text += said } else { excused = said }
    case .runtimeError(let diagnostic):
      if let renderer {
        text += "  script error:\n" + indented(renderer.render(diagnostic))
      } else {
        text += "  error: \(located(diagnostic, file))\n"
      }
    case .uncaughtException(let name, let reason, _):
      text += "  exception: \(name): \(reason)\n"
    }
    // One wrong queue sets off a warning per UIKit call made there: the
    // first says what went wrong, the count says how often.
    let threadWarnings = run.violations.filter { $0.hasPrefix(mainThreadChecker) }
    for violation in run.violations where !violation.hasPrefix(mainThreadChecker) {
      text += "  invariant broken: \(violation)\n"
    }
    if let first = threadWarnings.first {
      text += "  invariant broken: \(first)\n"
      if threadWarnings.count > 1 {
        let more = threadWarnings.count - 1
        text += "    and \(more) more Main Thread Checker warning\(more == 1 ? "" : "s") in this order (the replay "
          + "shows each)\n"
      }
      text += "  note: 'dnd test' without --explore passes with these as warnings; exploration counts them as a "
        + "failure unless the scenario says 'expect warning \"Main Thread Checker\"'\n"
    }
    return text + excused
  }

  private static let mainThreadChecker = "Main Thread Checker"

  private static func indented(_ rendered: String) -> String {
    rendered.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
      + (rendered.hasSuffix("\n") ? "" : "\n")
  }

  private static func located(_ diagnostic: Diagnostic, _ file: SourceFile) -> String {
    guard diagnostic.range.file == file.id else { return diagnostic.message }
    let location = file.location(of: Int(diagnostic.range.start))
    return "\(file.name):\(location.line):\(location.column): \(diagnostic.message)"
  }

  /// A shell word: quoted when it holds anything but plain characters.
  private static func quoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
