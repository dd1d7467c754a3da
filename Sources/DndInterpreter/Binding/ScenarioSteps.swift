import DndCheck
import DndRuntime
import DndSyntax

/// Scenario steps: the fingers (long press, drag, tap, release, cancel) and
/// the clock (wait, settle), performed on the world's touch driver, and the
/// expectations (in Expectations.swift).
///
/// A UIKit exception raised during a step terminates the app: later finger
/// steps do nothing, expectations still look at the state it left, and the
/// scenario fails unless `expect exception` names it. A script error raised
/// in a handler stops the scenario, with a note naming the step.
extension SceneHost {
  public func perform(_ step: CheckedStep, at range: SourceRange, interpreter: Interpreter) throws {
    self.interpreter = interpreter
    switch step {
    case .expect, .expectCall, .expectException, .expectWarning:
      expectationsChecked += 1
      // A trace that dropped events (a loop of list updates in the scenario's
      // own code) would make an expectation about it fail falsely.
      if world.trace.overflowed { throw RuntimeError(.runtimeLimit(world.trace.overflowError.message), at: range) }
    case .longPress, .drag, .tap, .release, .cancel, .wait, .settle: break
    }
    switch step {
    case .expect(let condition):
      try expect(condition, interpreter: interpreter)
    case .expectCall(let negated, let method, let methods, let view, let interaction, let times):
      try expectCall(
        negated: negated, method, methods, on: view, interaction: interaction, times: times, at: range,
        interpreter: interpreter)
    case .expectException(let name):
      try expectException(name, at: range)
    case .expectWarning(let negated, let text):
      try expectWarning(text, negated: negated, at: range)
    case .longPress, .drag, .tap, .release, .cancel, .wait, .settle:
      try performFingerStep(step, at: range, interpreter: interpreter)
    }
  }

  /// Where a finger goes: a place on the screen, or an item of a source.
  private enum Place {
    case touch(TouchTarget)
    case item(ItemSource, String)
  }

  /// A step's operands are evaluated first (their errors are the script's
  /// own); then the runtime performs the step.
  private func performFingerStep(_ step: CheckedStep, at range: SourceRange, interpreter: Interpreter) throws
  {
    let keyword = CheckedStep.keyword(of: step)
    let action: () throws -> Void
    let fingers = world.fingers
    switch step {
    case .longPress(let target, let duration):
      let place = try at(target.range) {
        try self.place(interpreter.evaluateStepExpression(target), for: keyword)
      }
      let seconds = try duration.map { duration in
        try at(duration.range) {
          try self.seconds(interpreter.evaluateStepExpression(duration), for: "longPress ... for")
        }
      }
      action = { [unowned self] in
        lastProposal = nil
        switch place {
        case .touch(let target): try fingers.longPress(target, duration: seconds)
        case .item(let source, let name): try fingers.longPress(item: name, in: source)
        }
      }
    case .drag(_, let targets):
      let places = try targets.map { target in
        try at(target.range) { try touchTarget(interpreter.evaluateStepExpression(target), for: keyword) }
      }
      action = { for target in places { try fingers.move(to: target) } }
    case .tap(let target):
      let place = try at(target.range) {
        try touchTarget(interpreter.evaluateStepExpression(target), for: keyword)
      }
      action = { try fingers.tap(place) }
    case .wait(let duration):
      let seconds = try at(duration.range) {
        try self.seconds(interpreter.evaluateStepExpression(duration), for: keyword)
      }
      action = { [unowned self] in
        let ranBefore = world.scheduler.offMainWorkRun
        try fingers.wait(seconds)
        // Work off the main queue finished during the wait while other such
        // work stays due after it: the wait splits what could have raced.
        if firstWaitKeepingWork == nil, world.scheduler.offMainWorkRun > ranBefore {
          let kept = world.scheduler.pendingOffMain(dueAfter: world.scheduler.now)
          if kept > 0 { firstWaitKeepingWork = WaitKeepingWork(range: range, count: kept) }
        }
      }
    case .release: action = { try fingers.release() }
    case .cancel: action = { try fingers.cancel() }
    case .settle: action = { try fingers.settle() }
    default: return
    }
    if let limit = stopAfterSteps, performedSteps.count >= limit { throw ScenarioStopped() }
    // A terminated app takes no more touches; the trace says the step found none.
    if let termination {
      stepsAfterTermination += 1
      lastStepAfterTermination = range
      if tracesStepsAfterTermination {
        world.recordHarnessStep(
          "stepAfterTermination",
          result: "\(keyword) does nothing: the app terminated earlier (\(termination.exception.name))")
      }
      return
    }
    let outer = stepRange
    stepRange = range
    defer { stepRange = outer }
    lastLocatedScriptCall = nil
    do {
      try action()
    } catch let exception as UIKitException {
      // Raised by a UIKit call in a handler (`insertItems` in
      // `performDropWith`): point at that call, and say which step ran it.
      if let call = lastLocatedScriptCall, call != range {
        let line = self.line(of: range).map { " at line \($0)" } ?? ""
        let during = Diagnostic.Note("called by UIKit during '\(keyword)'\(line)", at: range)
        termination = (exception, call, exception.adviceNotes + [during])
      } else {
        termination = (exception, range, exception.adviceNotes)
      }
    } catch let error as ScenarioError {
      throw RuntimeError(.step(error), at: range)
    } catch let error as RuntimeLimitError {
      throw RuntimeError(.runtimeLimit(error.message), at: range)
    } catch var error as RuntimeError {
      let line = self.line(of: range).map { " at line \($0)" } ?? ""
      error.notes.append(Diagnostic.Note("called by UIKit during '\(keyword)'\(line)", at: range))
      throw error
    }
    performedSteps.append(range)
    if let limit = stopAfterSteps, performedSteps.count >= limit { throw ScenarioStopped() }
  }

  private func place(_ value: Value, for step: String) throws -> Place {
    if let item = value.object(as: SourceItemObject.self) { return .item(item.source, item.name) }
    if let view = value.object(as: ViewObject.self) { return .touch(.view(view.view)) }
    if let point = value.object(as: PointObject.self) { return .touch(.point(point.point)) }
    throw RuntimeError(.stepTarget(step, found: Convert.phrase(value)))
  }

  /// A view (its centre) or a point on the screen.
  private func touchTarget(_ value: Value, for step: String) throws -> TouchTarget {
    if let view = value.object(as: ViewObject.self) { return .view(view.view) }
    if let point = value.object(as: PointObject.self) { return .point(point.point) }
    if value.object(as: SourceItemObject.self) != nil { throw RuntimeError(.stepSourceItem(step)) }
    throw RuntimeError(.stepTarget(step, found: Convert.phrase(value), takesItems: false))
  }

  private func seconds(_ value: Value, for step: String) throws -> Double {
    guard let seconds = value.doubleValue else {
      throw RuntimeError(
        .wrongArgumentType(step, expected: "a number of seconds, zero or more", found: value.typeName))
    }
    // A number of the right type can still be out of range: say which way.
    guard !seconds.isNaN else {
      throw RuntimeError(.invalidArgument("'\(step)' expects a number of seconds, but was given NaN (not a number)"))
    }
    guard seconds >= 0 else {
      throw RuntimeError(
        .invalidArgument(
          "'\(step)' expects a number of seconds, zero or more, but was given \(value): "
            + "virtual time never runs backwards"))
    }
    // Past the horizon, which bounds every scenario, the clock cannot go.
    // Said here for a wait too long to be a time at all (infinity, 1e300),
    // for which the scheduler would name the clamped time, not the one asked.
    let horizon = world.scheduler.limits.timeHorizon
    guard seconds.isFinite, seconds <= horizon.seconds else {
      throw RuntimeError(
        .runtimeLimit(
          "'\(step) \(value)' would pass the virtual time horizon (limit is \(horizon)), "
            + "which bounds every scenario"))
    }
    return seconds
  }
}

/// Thrown once the steps `SceneHost.stopAfterSteps` allows have run: the
/// runner ends the scenario there, as it stands.
public struct ScenarioStopped: Error, Hashable, Sendable {
  public init() {}
}
