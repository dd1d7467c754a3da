import DndSyntax

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
    for switchCase in cases {
      pushScope()
      let body = closeBlock(checkStatements(switchCase.body))
      guard let patterns = switchCase.patterns else {
        otherwise = body
        continue
      }
      checkedCases.append(CheckedSwitchCase(patterns: patterns.map { test($0, against: value) }, body: body))
    }
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

  /// `pattern ~= value` as a Bool expression.
  private mutating func test(_ pattern: Expr, against value: CheckedExpr) -> CheckedExpr {
    if case .range(let lower, let upper, let isClosed) = Checker.unparenthesized(pattern).kind {
      let low = checkExpr(lower)
      let high = checkExpr(upper)
      let above = CheckedExpr(.binary(.lessEqual, low, value), range: pattern.range)
      let below = CheckedExpr(.binary(isClosed ? .lessEqual : .less, value, high), range: pattern.range)
      return CheckedExpr(.binary(.and, above, below), range: pattern.range)
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
