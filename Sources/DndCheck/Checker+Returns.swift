import DndSyntax

/// Missing returns: a function declared to return a value, or a handler whose
/// UIKit method needs one, whose body can reach its closing brace. Swift
/// does not compile either ("missing return in global function expected to
/// return 'Int'"); the language would return nil there, silently.
///
/// The flow is Swift's, read from the syntax: a branch may go either way
/// unless its condition is the literal `true` or `false`, a `for` may run
/// no times, and a `while true` ends only through a `break` of its own. The
/// language has no `throw` and no `fatalError`, so `return`, `break` and
/// `continue` are the only statements that do not go on to the next (a
/// `switch` goes on when one of its cases does, or breaks out of it; one
/// without `default:` that matches nothing stops the run); a statement the
/// parser could not read is taken as one of them, so that a broken line
/// never adds a report. The answer errs one way only:
/// "can reach its end" may be wrong when it is no, never when it is yes.
extension Checker {
  /// Reports `decl` when it declares a result type and can end without one,
  /// or has a `return` without a value.
  mutating func checkReturns(of decl: FuncDecl) {
    guard let type = decl.returnType, let spelling = Checker.resultSpelling(type, in: file) else { return }
    for bare in Checker.bareReturns(in: decl.body.statements) {
      let expected = "a value of type '\(spelling)'"
      report(.returnWithoutValue(in: "function '\(decl.name.text)'", expected: expected), at: bare)
    }
    guard Checker.canReachEnd(of: decl.body, implicitReturn: true) else { return }
    dropValueUnusedWarnings(in: decl.body.range)
    report(
      .missingReturn(in: "function '\(decl.name.text)'", type: spelling),
      at: closingBrace(of: decl.body) ?? decl.name.range,
      notes: [Diagnostic.Note("'\(decl.name.text)' is declared to return '\(spelling)' here", at: type.range)]
        + Checker.ifExpressionNote(decl.body))
  }

  /// The same for a closure with a result type (`{ (x: Int) -> Int in ... }`).
  mutating func checkReturns(of closure: Closure, range: SourceRange) {
    guard let type = closure.returnType, Checker.canReachEnd(of: closure.body, implicitReturn: true),
      let spelling = Checker.resultSpelling(type, in: file)
    else { return }
    dropValueUnusedWarnings(in: closure.body.range)
    report(
      .missingReturn(in: "a closure", type: spelling),
      at: closingBrace(of: closure.body) ?? range.emptyAtStart)
  }

  /// A handler whose UIKit method returns a value the runtime requires.
  ///
  /// Choice: a handler declares no result type, but its UIKit method has
  /// one, so a body that can end without a value is reported as Swift would
  /// report it, when the binding would stop the run on the nil the body
  /// gives (`DelegateResult.required`: a Bool, items, a proposal, a count,
  /// a cell). Where UIKit's method returns an optional and nil is one of its
  /// answers (`.optional`: the preview methods, `sessionForAddingItems`, the
  /// preview parameters), ending without a value is how a script answers
  /// nil, as the binding deliberately reads it, and is not reported.
  mutating func checkHandlerReturns(of decl: FuncDecl, method: DelegateMethod) {
    guard decl.returnType == nil, case .required(let expected) = method.result else { return }
    for bare in Checker.bareReturns(in: decl.body.statements) {
      let handler = "'\(decl.name.text)' (UIKit's \(method.uikitName))"
      report(.returnWithoutValue(in: handler, expected: expected), at: bare)
    }
    guard Checker.canReachEnd(of: decl.body, implicitReturn: true) else { return }
    dropValueUnusedWarnings(in: decl.body.range)
    report(
      .missingHandlerReturn(decl.name.text, uikit: method.uikitName, expected: expected),
      at: closingBrace(of: decl.body) ?? decl.name.range, notes: Checker.ifExpressionNote(decl.body))
  }

  /// The missing return says what the values dropped in `body` meant to
  /// be; a warning on each of them as well would only repeat it.
  mutating func dropValueUnusedWarnings(in body: SourceRange) {
    diagnostics.removeAll {
      ($0.id == "valueUnused" || $0.id == "valueIgnored") && $0.range.file == body.file
        && $0.range.start >= body.start
        && $0.range.end <= body.end
    }
  }

  /// A body ending in an `if` whose branches end in values, as Swift 5.9
  /// lets an `if` be the value (`if a { .copy } else { .move }`): a note
  /// saying that dnd's `if` is a statement.
  static func ifExpressionNote(_ body: Block) -> [Diagnostic.Note] {
    guard let last = body.statements.last, case .ifStatement(_, let then, .block(let otherwise)?) = last.kind,
      case .expression = then.statements.last?.kind, case .expression = otherwise.statements.last?.kind
    else { return [] }
    return [
      Diagnostic.Note(
        "if each branch's last line is meant as the result: an 'if' is a statement in dnd, not an expression "
          + "that gives a value, so write 'return' before the value in each branch", at: last.range.emptyAtStart)
    ]
  }

  /// The result type as written, or nil when there is nothing to return:
  /// `Void`, or a type the parser could not read (already reported).
  static func resultSpelling(_ type: TypeRef, in file: SourceFile) -> String? {
    if case .named(let names) = type.kind {
      if names.isEmpty { return nil }
      if names.count == 1, names[0].text == "Void" { return nil }
    }
    guard type.range.file == file.id, type.range.start < type.range.end,
      Int(type.range.end) <= file.bytes.count
    else { return nil }
    return file.text(type.range)
  }

  /// The `}` ending a block, if the block has one.
  func closingBrace(of block: Block) -> SourceRange? {
    let end = Int(block.range.end)
    guard block.range.file == file.id, end > Int(block.range.start), end <= file.bytes.count,
      file.bytes[end - 1] == UInt8(ascii: "}")
    else { return nil }
    return SourceRange(file: file.id, start: end - 1, end: end)
  }

  /// The `return`s among these statements, each with its value, in the
  /// blocks of `if`, `guard`, `for`, `while` and `switch`; not in the
  /// functions and closures written in them, whose returns are their own.
  static func returns(in statements: [Stmt]) -> [(range: SourceRange, value: Expr?)] {
    var found: [(range: SourceRange, value: Expr?)] = []
    for stmt in statements {
      switch stmt.kind {
      case .returnStatement(let value): found.append((stmt.range, value))
      case .ifStatement(_, let then, let otherwise):
        found += returns(in: then.statements)
        switch otherwise {
        case .block(let block)?: found += returns(in: block.statements)
        case .elseIf(let nested)?: found += returns(in: [nested])
        case nil: break
        }
      case .guardStatement(_, let otherwise): found += returns(in: otherwise.statements)
      case .forStatement(_, _, let body, _, _), .whileStatement(_, let body): found += returns(in: body.statements)
      case .switchStatement(_, let cases): for switchCase in cases { found += returns(in: switchCase.body) }
      default: break
      }
    }
    return found
  }

  /// The `return`s without a value among these statements (see `returns(in:)`).
  static func bareReturns(in statements: [Stmt]) -> [SourceRange] {
    returns(in: statements).filter { $0.value == nil }.map(\.range)
  }

  // MARK: - Reachability

  /// Whether running a body can reach its closing brace. A body of one
  /// expression returns it, as in Swift.
  static func canReachEnd(of body: Block, implicitReturn: Bool) -> Bool {
    if implicitReturn, body.statements.count == 1, case .expression = body.statements[0].kind { return false }
    return canComplete(body.statements)
  }

  /// Whether control can leave the end of these statements.
  static func canComplete(_ statements: [Stmt]) -> Bool {
    statements.allSatisfy { canComplete($0) }
  }

  /// Whether control can go on after this statement.
  static func canComplete(_ stmt: Stmt) -> Bool {
    switch stmt.kind {
    case .variable, .tuple, .function, .expression, .discard, .assignment, .step, .forStatement:
      return true
    case .returnStatement, .breakStatement, .continueStatement, .error:
      return false
    case .ifStatement(let conditions, let then, let otherwise):
      switch literalTruth(of: conditions) {
      case true?: return canComplete(then.statements)
      case false?: return otherwise.map { canComplete($0) } ?? true
      case nil: return canComplete(then.statements) || (otherwise.map { canComplete($0) } ?? true)
      }
    case .guardStatement(let conditions, let otherwise):
      return literalTruth(of: conditions) == false ? canComplete(otherwise.statements) : true
    case .whileStatement(let conditions, let body):
      return literalTruth(of: conditions) == true ? breaks(body.statements) : true
    case .switchStatement(_, let cases):
      // A `break` in a case leaves the switch, so it goes on after it.
      return cases.contains { canComplete($0.body) || breaks($0.body) }
    }
  }

  private static func canComplete(_ clause: ElseClause) -> Bool {
    switch clause {
    case .block(let block): return canComplete(block.statements)
    case .elseIf(let stmt): return canComplete(stmt)
    }
  }

  /// Whether a `break` among these statements ends the loop whose body they
  /// are: one outside any nested loop (a closure or a function inside is a
  /// body of its own, where `break` cannot reach this loop).
  static func breaks(_ statements: [Stmt]) -> Bool {
    statements.contains { stmt in
      switch stmt.kind {
      case .breakStatement: return true
      case .ifStatement(_, let then, let otherwise):
        if breaks(then.statements) { return true }
        var clause = otherwise
        while let current = clause {
          switch current {
          case .block(let block): return breaks(block.statements)
          case .elseIf(let nested):
            guard case .ifStatement(_, let nestedThen, let nestedElse) = nested.kind else { return false }
            if breaks(nestedThen.statements) { return true }
            clause = nestedElse
          }
        }
        return false
      case .guardStatement(_, let otherwise): return breaks(otherwise.statements)
      default: return false
      }
    }
  }

  /// `true` or `false` when every condition is that literal (in
  /// parentheses or not) or one is `false`; nil when any may go either way.
  static func literalTruth(of conditions: [Condition]) -> Bool? {
    var allTrue = !conditions.isEmpty
    for condition in conditions {
      guard case .expression(let expr) = condition.kind, case .bool(let value) = unparenthesized(expr).kind
      else {
        allTrue = false
        continue
      }
      if !value { return false }
    }
    return allTrue ? true : nil
  }
}
