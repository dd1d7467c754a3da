import DndCheck
import DndSyntax

/// How the interpreter reaches the world: it never prints or touches the
/// runtime directly. The command line passes a host that writes to stdout;
/// the binding's host builds views for app declarations and performs
/// scenario steps.
///
/// Every requirement but `output` has a default, so a host for plain code
/// (tests, `dnd run` of a script without apps) implements one method.
public protocol InterpreterHost: AnyObject {
  /// Text from `print`, with its terminator.
  func output(_ text: String)

  /// Runs an app declaration: its variables, views and properties, in order.
  /// The default runs the variables only (there are no views without the
  /// runtime).
  func declareApp(_ app: CheckedApp, interpreter: Interpreter) throws

  /// Runs a source declaration. The default runs its variables.
  func declareSource(_ source: CheckedSource, interpreter: Interpreter) throws

  /// Performs a scenario step. The default checks `expect <condition>` and
  /// reports every other step as needing the runtime.
  func perform(_ step: CheckedStep, at range: SourceRange, interpreter: Interpreter) throws
}

extension InterpreterHost {
  public func declareApp(_ app: CheckedApp, interpreter: Interpreter) throws {
    for member in app.members {
      if case .variable(let declaration) = member { try interpreter.execute(declaration) }
    }
  }

  public func declareSource(_ source: CheckedSource, interpreter: Interpreter) throws {
    for declaration in source.variables { try interpreter.execute(declaration) }
  }

  public func perform(_ step: CheckedStep, at range: SourceRange, interpreter: Interpreter) throws {
    guard case .expect(let condition) = step else {
      throw RuntimeError(.stepNeedsRuntime(CheckedStep.keyword(of: step)), at: range)
    }
    let value = try interpreter.evaluateStepExpression(condition)
    guard case .bool(let holds) = value else {
      throw RuntimeError(.conditionNotBool(value.typeName), at: condition.range)
    }
    if !holds { throw RuntimeError(.expectationFailed, at: condition.range) }
  }
}

extension CheckedStep {
  /// The step's keyword, for messages.
  public static func keyword(of step: CheckedStep) -> String {
    switch step {
    case .longPress: "longPress"
    case .drag: "drag"
    case .tap: "tap"
    case .release: "release"
    case .cancel: "cancel"
    case .wait: "wait"
    case .settle: "settle"
    case .expectCall: "expect called"
    case .expectException: "expect exception"
    case .expectWarning(let negated, _): negated ? "expect not warning" : "expect warning"
    case .expect: "expect"
    }
  }
}

/// A host that hands printed text to a closure.
public final class OutputHost: InterpreterHost {
  private let sink: (String) -> Void
  public init(_ sink: @escaping (String) -> Void) { self.sink = sink }
  public func output(_ text: String) { sink(text) }
}
