import DndCheck
import DndRuntime
import DndSyntax

/// Expectations: `expect <Bool>`, `expect [not] called METHOD [on VIEW]
/// [times N]`, `expect exception NAME` and `expect warning ["text"]`.
///
/// A failed expectation throws a `RuntimeError` whose message id is one of
/// `DiagnosticMessage.expectationIDs`, so the runner tells it from a script
/// error; the message says what was expected and what was found.
extension SceneHost {
  // MARK: expect <Bool>

  func expect(_ condition: CheckedExpr, interpreter: Interpreter) throws {
    if case .binary(let op, let left, let right) = condition.kind, Self.isComparison(op) {
      let leftValue = try interpreter.evaluateStepExpression(left)
      let rightValue = try interpreter.evaluateStepExpression(right)
      guard try at(condition.range, { try Self.compare(op, leftValue, rightValue, interpreter) }) else {
        // Each side that is not a literal, with its value ("1 is 1" says nothing).
        var sides: [String] = []
        if !Self.isLiteral(left) { sides.append("\(text(left)) is \(show(leftValue, interpreter))") }
        if !Self.isLiteral(right) { sides.append("\(text(right)) is \(show(rightValue, interpreter))") }
        let found = sides.isEmpty ? "it is false" : sides.joined(separator: " and ")
        throw RuntimeError(.conditionFailed("expected \(text(condition)), but \(found)"), at: condition.range)
      }
      return
    }
    let value = try interpreter.evaluateStepExpression(condition)
    guard case .bool(let holds) = value else {
      throw RuntimeError(.conditionNotBool(value.typeName), at: condition.range)
    }
    if !holds {
      // `expect false` would read "expected false, but it is false".
      let why = Self.isLiteral(condition) ? "it never holds" : "it is false"
      throw RuntimeError(
        .conditionFailed("expected \(text(condition)), but \(why)"), at: condition.range)
    }
  }

  private static func isComparison(_ op: BinaryOperator) -> Bool {
    switch op {
    case .equal, .notEqual, .identical, .notIdentical, .less, .lessEqual, .greater, .greaterEqual: true
    default: false
    }
  }

  /// Swift's comparison of two values (evaluated once each, for the message).
  private static func compare(_ op: BinaryOperator, _ left: Value, _ right: Value, _ interpreter: Interpreter)
    throws -> Bool
  {
    switch op {
    case .equal: return try interpreter.equal(left, right, at: nil)
    case .notEqual: return try !interpreter.equal(left, right, at: nil)
    case .identical, .notIdentical:
      let same: Bool
      switch (left, right) {
      case (.object(let a), .object(let b)): same = a === b
      case (.closure(let a), .closure(let b)): same = a === b
      case (.nil, .nil): same = true
      default: same = false
      }
      return op == .identical ? same : !same
    default:
      let ordered: Bool
      if let a = left.doubleValue, let b = right.doubleValue {
        ordered = op == .less ? a < b : op == .lessEqual ? a <= b : op == .greater ? a > b : a >= b
      } else if let a = left.stringValue, let b = right.stringValue {
        ordered = op == .less ? a < b : op == .lessEqual ? a <= b : op == .greater ? a > b : a >= b
      } else {
        throw RuntimeError(.operandTypes(op.rawValue, left: left.typeName, right: right.typeName))
      }
      return ordered
    }
  }

  /// Literals need no "and X is X" in a message; nor do arrays, dictionaries
  /// and tuples made of literals (`["beach", "forest"]`).
  private static func isLiteral(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .integer, .double, .string, .bool, .nilLiteral, .enumCase: true
    case .unary(_, let operand): isLiteral(operand)
    case .array(let elements), .tuple(let elements, _): elements.allSatisfy(isLiteral)
    case .dictionary(let keys, let values): keys.allSatisfy(isLiteral) && values.allSatisfy(isLiteral)
    default: false
    }
  }

  /// The source text of an expression, for messages.
  private func text(_ expr: CheckedExpr) -> String {
    sourceText(expr.range) ?? "the condition"
  }

  /// A value as a message shows it: strings quoted, `.copy` with its dot.
  private func show(_ value: Value, _ interpreter: Interpreter) -> String {
    if case .enumCase(let symbol) = value { return "." + interpreter.name(of: symbol) }
    return value.debugDescription(symbols: interpreter.program.symbols, limit: Self.shownLength)
  }

  /// The most of a value an expectation's message shows, in bytes.
  static let shownLength = 2_000

  // MARK: expect called

  /// Counts the calls of a handler in the trace: a call matches when UIKit's
  /// spelling is one the catalogue gives the script's name.
  func expectCall(
    negated: Bool, _ method: String, _ methods: [DndCheck.DelegateMethod], on viewExpr: CheckedExpr?,
    interaction: String? = nil, times timesExpr: CheckedExpr?, at range: SourceRange, interpreter: Interpreter
  ) throws {
    let view = try viewExpr.map { expr in
      try at(expr.range) {
        try Convert.view(interpreter.evaluateStepExpression(expr), for: "expect called ... on")
      }
    }
    let times = try timesExpr.map { expr in
      try at(expr.range) {
        let count = try Convert.integer(interpreter.evaluateStepExpression(expr), for: "expect called ... times")
        guard count >= 0 else {
          throw RuntimeError(
            .invalidArgument("'expect called ... times' was given a count of \(count); a count cannot be negative"))
        }
        return count
      }
    }
    // Counted in place: filtering copied every matching event (an
    // explored scenario checks its expectations at each of its orders).
    let spellings = methods.map(\.uikitName)
    let viewName = view?.name
    let events = world.trace.events
    var count = 0
    var firstCall: Int?
    for index in events.indices
    where events[index].kind == .call && Self.matches(events[index], method, spellings)
      && (viewName == nil || events[index].view == viewName)
      && (interaction == nil || events[index].interaction == interaction)
    {
      count += 1
      if firstCall == nil { firstCall = index }
    }
    let holds: Bool
    if let times {
      holds = negated ? count != times : count == times
    } else {
      holds = negated ? count == 0 : count > 0
    }
    if holds { return }
    // "on zone.images" for a named interaction ("dropInteraction images").
    let named = interaction.map { "." + ($0.split(separator: " ").last.map(String.init) ?? $0) } ?? ""
    let place = view.map { " on \($0.name)\(named)" } ?? ""
    let expected: String
    if let times {
      expected = "\(method) \(negated ? "not " : "")to be called \(Self.timesText(times))\(place)"
    } else {
      expected = "\(method) \(negated ? "not " : "")to be called\(place)"
    }
    var found = count == 0 ? "it was not called" : "it was called \(Self.timesText(count))"
    if let first = firstCall.map({ events[$0] }) {
      found += ", first \(first.method)\(first.namedPlace.map { " on \($0)" } ?? "") at \(first.time)"
    } else if view != nil {
      let elsewhere = world.trace.events.filter { $0.kind == .call && Self.matches($0, method, spellings) }
      if let other = elsewhere.first?.namedPlace { found += " (it was called on \(other))" }
    }
    throw RuntimeError(.callExpectationFailed("expected \(expected), but \(found)"), at: range)
  }

  /// `spellings` are the catalogue's one or two for the name: a list is
  /// searched faster than a set is hashed.
  private static func matches(_ event: TraceEvent, _ name: String, _ spellings: [String]) -> Bool {
    if spellings.contains(event.method) { return true }
    // The runtime may qualify a spelling with its protocol
    // ("UISpringLoadedInteractionBehavior.shouldAllow(_:with:)").
    if let dot = event.method.firstIndex(of: "."),
      spellings.contains(String(event.method[event.method.index(after: dot)...]))
    {
      return true
    }
    return event.name == name
  }

  private static func timesText(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }

  // MARK: expect exception

  func expectException(_ name: String, at range: SourceRange) throws {
    guard let termination else {
      throw RuntimeError(
        .exceptionExpectationFailed("expected exception \(name), but no exception was raised"), at: range)
    }
    guard termination.exception.name == name else {
      throw RuntimeError(
        .exceptionExpectationFailed(
          "expected exception \(name), but the app terminated with \(termination.exception.name): "
            + termination.exception.reason), at: range)
    }
    terminationExpected = true
  }

  // MARK: expect warning

  func expectWarning(_ text: String?, negated: Bool, at range: SourceRange) throws {
    let warnings = world.trace.events(of: .warning).compactMap(\.message)
    if negated {
      let matching = warnings.filter { text == nil || $0.contains(text ?? "") }
      guard !matching.isEmpty else { return }
      let unwanted = text.map { "no warning containing \($0.debugDescription)" } ?? "no warning"
      throw RuntimeError(
        .warningExpectationFailed(
          "expected \(unwanted), but there was: " + matching.map(\.debugDescription).joined(separator: "; ")),
        at: range)
    }
    let matched = warnings.filter { text == nil || $0.contains(text ?? "") }
    if !matched.isEmpty {
      for message in matched where !expectedWarnings.contains(message) { expectedWarnings.append(message) }
      return
    }
    let wanted = text.map { "a warning containing \($0.debugDescription)" } ?? "a warning"
    let found =
      warnings.isEmpty
      ? "there was none" : "the warnings were: " + warnings.map(\.debugDescription).joined(separator: "; ")
    throw RuntimeError(.warningExpectationFailed("expected \(wanted), but \(found)"), at: range)
  }
}

extension DiagnosticMessage {
  /// The ids of failed expectations, as opposed to script errors.
  public static let expectationIDs: Set<String> = [
    "conditionFailed", "callExpectationFailed", "exceptionExpectationFailed", "warningExpectationFailed",
    "expectationFailed",
  ]
}
