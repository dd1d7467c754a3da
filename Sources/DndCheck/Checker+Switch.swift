import DndSyntax

/// A switch pattern whose value is known before the run.
private enum SwitchConstant: Hashable {
  case integer(Int), string(String), bool(Bool), nilValue, member(String)

  func isInteger(in numbers: ClosedRange<Int>) -> Bool {
    if case .integer(let value) = self { return numbers.contains(value) }
    return false
  }
}

/// The switch statement. Patterns become Bool tests of the subject, which is
/// kept in a hidden local: a range pattern (`1...5`) tests that its bounds
/// hold the subject, any other is `==`, as Swift's `~=` answers them. Each
/// case body is a scope of its own.
extension Checker {
  mutating func checkSwitch(_ subject: Expr, _ cases: [SwitchCase], range: SourceRange) -> CheckedStmt {
    let checkedSubject = checkExpr(subject)
    pushScope()
    let keyword = SourceRange(file: range.file, start: Int(range.start), end: Int(range.start))
    let slot = declareLocal(Name("(subject)", range: keyword), isConstant: true, declarationRange: keyword)
    let value = CheckedExpr(.local(slot), range: subject.range)
    let current = functions.count - 1
    functions[current].switchDepth += 1
    var checkedCases: [CheckedSwitchCase] = []
    var otherwise: CheckedBlock?
    reportDuplicatePatterns(cases)
    // Each case starts from the state before the switch; after it, the
    // cases that go on and the breaks meet. With no case matching, the run
    // stops (dnd's stand-in for Swift's proof that a switch is exhaustive).
    let before = functions[current].flow
    var after = FlowState(unreachable: true)
    functions[current].breakTargets.append(.switchStatement([]))
    for switchCase in cases {
      pushScope()
      functions[current].flow = before
      let body = closeBlock(checkStatements(switchCase.body))
      after = after.joined(with: functions[current].flow)
      functions[current].flow = before
      guard let patterns = switchCase.patterns else {
        otherwise = body
        continue
      }
      checkedCases.append(CheckedSwitchCase(patterns: patterns.map { test($0, against: value) }, body: body))
    }
    if case .switchStatement(let breaks)? = functions[current].breakTargets.popLast() {
      for state in breaks { after = after.joined(with: state) }
    }
    functions[current].flow = after
    functions[current].switchDepth -= 1
    _ = popScope()
    // Swift proves a switch exhaustive; without types, dnd tells at run time.
    let unmatched = CheckedStmt(.noCaseMatched(value), range: subject.range)
    return CheckedStmt(
      .switchStatement(
        subject: checkedSubject, slot: slot, cases: checkedCases,
        otherwise: otherwise ?? CheckedBlock(statements: [unmatched])),
      range: range)
  }

  /// Warns of a pattern an earlier one of the same switch already
  /// matches: the same constant (`.copy` twice, `"a"` twice, `3` twice) or
  /// an integer inside an earlier range of integers (`2` after `1...5`).
  /// Cases are tried in order, so such a pattern never matches; Swift warns
  /// of the same for enums ("already handled by previous patterns"). Only
  /// literals are compared: a name's value is not known before the run.
  private mutating func reportDuplicatePatterns(_ cases: [SwitchCase]) {
    var constants: [SwitchConstant: SourceRange] = [:]
    var ranges: [(numbers: ClosedRange<Int>, range: SourceRange)] = []
    for pattern in cases.flatMap({ $0.patterns ?? [] }) {
      let earlier: SourceRange?
      if let numbers = Self.integerRange(pattern) {
        earlier = ranges.first(where: {
          $0.numbers.lowerBound <= numbers.lowerBound && numbers.upperBound <= $0.numbers.upperBound
        })?.range
        ranges.append((numbers, pattern.range))
      } else if let constant = Self.switchConstant(pattern) {
        earlier = constants[constant] ?? ranges.first(where: { constant.isInteger(in: $0.numbers) })?.range
        if constants[constant] == nil { constants[constant] = pattern.range }
      } else {
        continue
      }
      guard let earlier else { continue }
      report(
        .duplicateCase(file.text(pattern.range)), at: pattern.range,
        notes: [Diagnostic.Note("first handled here", at: earlier)])
    }
  }

  /// A pattern's value when it is a literal or an implicit member.
  private static func switchConstant(_ pattern: Expr) -> SwitchConstant? {
    switch unparenthesized(pattern).kind {
    case .integer(let value): return .integer(value)
    case .unary(.negate, let operand):
      // (`-(Int.min)` is no constant: it overflows when it runs.)
      if case .integer(let value) = unparenthesized(operand).kind, value != .min { return .integer(-value) }
      return nil
    case .string(let literal):
      switch literal.segments.first {
      case nil: return .string("")
      case .text(let text)? where literal.segments.count == 1: return .string(text)
      default: return nil
      }
    case .bool(let value): return .bool(value)
    case .nilLiteral: return .nilValue
    case .implicitMember(let name): return .member(name.text)
    default: return nil
    }
  }

  /// The integers a range pattern of integer literals holds; nil for any
  /// other pattern and for an empty range.
  private static func integerRange(_ pattern: Expr) -> ClosedRange<Int>? {
    guard case .range(let lower, let upper, let isClosed) = unparenthesized(pattern).kind,
      case .integer(let low)? = switchConstant(lower), case .integer(let high)? = switchConstant(upper)
    else { return nil }
    guard isClosed || high > Int.min else { return nil }
    let last = isClosed ? high : high - 1
    return low <= last ? low...last : nil
  }

  /// `pattern ~= value` as a Bool expression.
  private mutating func test(_ pattern: Expr, against value: CheckedExpr) -> CheckedExpr {
    if case .range(let lower, let upper, let isClosed) = Checker.unparenthesized(pattern).kind {
      // `case 6...1:` matches nothing here, where Swift stops when it makes
      // the range; bounds written as numbers are checked now.
      if case .integer(let low)? = Self.switchConstant(lower), case .integer(let high)? = Self.switchConstant(upper),
        low > high
      {
        report(.reversedRangePattern(low, high, isClosed: isClosed), at: pattern.range)
      }
      let low = checkExpr(lower)
      let high = checkExpr(upper)
      let above = CheckedExpr(.binary(.lessEqual, low, value), range: pattern.range)
      let below = CheckedExpr(.binary(isClosed ? .lessEqual : .less, value, high), range: pattern.range)
      return CheckedExpr(.binary(.and, above, below), range: pattern.range)
    }
    // Optional's `.some` holds any value that is not nil (`.none` is nil,
    // which `==` answers).
    if case .implicitMember(let name) = Checker.unparenthesized(pattern).kind, name.text == "some" {
      let none = CheckedExpr(.nilLiteral, range: pattern.range)
      return CheckedExpr(.binary(.notEqual, value, none), range: pattern.range)
    }
    return CheckedExpr(.binary(.equal, value, checkExpr(pattern)), range: pattern.range)
  }

  /// Whether a switch always leaves the enclosing scope (for a `guard`'s
  /// else): it has a `default:`, and every case ends in a way that leaves.
  /// A `break` there only leaves the switch, so it does not count.
  static func switchExits(_ cases: [SwitchCase]) -> Bool {
    cases.contains(where: \.isDefault) && cases.allSatisfy { leavesPastSwitch($0.body) }
  }

  private static func leavesPastSwitch(_ statements: [Stmt]) -> Bool {
    guard let last = statements.last else { return false }
    switch last.kind {
    case .returnStatement, .continueStatement: return true
    case .switchStatement(_, let cases): return switchExits(cases)
    case .ifStatement(_, let then, let otherwise?):
      switch otherwise {
      case .block(let block): return leavesPastSwitch(then.statements) && leavesPastSwitch(block.statements)
      case .elseIf(let nested): return leavesPastSwitch(then.statements) && leavesPastSwitch([nested])
      }
    default: return false
    }
  }
}
