import DndSyntax

/// Statements: blocks with hoisted functions, declarations, control flow,
/// assignments and scenario steps.
extension Checker {
  /// Checks the statements of a block whose scope the caller has pushed:
  /// first hoists its functions (so earlier code can call them) and notes
  /// its variables (so an early use is reported as such), then checks each
  /// statement in order. A lone expression becomes a `return` when
  /// `implicitReturn` is set, as in Swift.
  mutating func checkStatements(_ statements: [Stmt], implicitReturn: Bool = false) -> [CheckedStmt] {
    let current = functions.count - 1
    if !isGlobalScope {
      for stmt in statements {
        switch stmt.kind {
        case .function(let decl):
          let slot = declareLocal(
            decl.name, isConstant: true, kind: .function(decl.parameters.map(\.name.text)),
            declarationRange: decl.range)
          localFunctionSlots[decl.name.range.start] = slot
          noteRefusedLabels(decl, of: .local(decl.range.start))
          _ = reserveDefaultValueSlots(decl)
        case .variable(let decl):
          guard !functions[current].scopes.isEmpty else { break }
          let last = functions[current].scopes.count - 1
          functions[current].scopes[last].pending.insert(decl.name.text)
        case .tuple(let decl):
          guard !functions[current].scopes.isEmpty else { break }
          let last = functions[current].scopes.count - 1
          for name in Checker.names(in: decl.parts) { functions[current].scopes[last].pending.insert(name.text) }
        default: break
        }
      }
    }
    if implicitReturn, statements.count == 1, case .expression(let expr) = statements[0].kind,
      misspeltStep(expr) == nil
    {
      let value = Checker.typedLiterals(expr, as: functions[functions.count - 1].returnType)
      return [CheckedStmt(.returnStatement(checkExpr(value)), range: statements[0].range)]
    }
    return statements.compactMap { checkStatement($0) }
  }

  /// Ends the block whose scope is innermost, returning it resolved.
  mutating func closeBlock(_ statements: [CheckedStmt]) -> CheckedBlock {
    let scope = popScope()
    return CheckedBlock(
      statements: statements, functions: scope.functions, firstCapturedSlot: scope.firstCapturedSlot)
  }

  /// `{ statements }` in a scope of its own.
  mutating func checkBlock(_ block: Block) -> CheckedBlock {
    pushScope()
    return closeBlock(checkStatements(block.statements))
  }

  /// One statement; nil for declarations that leave nothing to run (functions)
  /// and for statements the parser could not read.
  mutating func checkStatement(_ stmt: Stmt) -> CheckedStmt? {
    let range = stmt.range
    switch stmt.kind {
    case .variable(let decl):
      if isGlobalScope { return checkGlobalVariable(decl) }
      return checkLocalVariable(decl)
    case .tuple(let decl):
      return checkTupleDecl(decl)
    case .function(let decl):
      checkFunctionDeclaration(decl)
      return nil
    case .ifStatement(let conditions, let then, let otherwise):
      return checkIf(conditions, then: then, otherwise: otherwise, range: range)
    case .guardStatement(let conditions, let otherwise):
      let checked = checkConditions(conditions)
      let topLevel = functions.count == 1 && functions[0].loopDepth == 0 && functions[0].switchDepth == 0
      // The else leaves: what follows sees the state before it.
      let before = flow
      let body = checkBlock(otherwise)
      flow = before
      if !Checker.exits(otherwise) {
        // `guard ok else { false }`: the error says the else must leave; a
        // warning that `false` is dropped would only repeat it.
        dropValueUnusedWarnings(in: otherwise.range)
        report(topLevel ? .guardAtTopLevel : .guardMustExit, at: otherwise.range)
      }
      return CheckedStmt(.guardStatement(checked, otherwise: body), range: range)
    case .forStatement(let variable, let sequence, let body, let pattern, let filter):
      return checkFor(variable, pattern: pattern, sequence: sequence, filter: filter, body: body, range: range)
    case .whileStatement(let conditions, let body):
      pushScope()
      let checked = checkConditions(conditions)
      let statements = inLoop { $0.checkStatements(body.statements) }
      return CheckedStmt(.whileStatement(checked, closeBlock(statements)), range: range)
    case .returnStatement(let value):
      if functions.count == 1 { report(.returnOutsideFunction, at: range) }
      let returnType = functions[functions.count - 1].returnType
      let checked = value.map { checkExpr(Checker.typedLiterals($0, as: returnType)) }
      leavePath(.returning)
      return CheckedStmt(.returnStatement(checked), range: range)
    case .switchStatement(let subject, let cases):
      return checkSwitch(subject, cases, range: range)
    case .breakStatement:
      let current = functions[functions.count - 1]
      if current.loopDepth == 0 && current.switchDepth == 0 { report(.breakOutsideLoop, at: range) }
      leavePath(.breaking)
      return CheckedStmt(.breakStatement, range: range)
    case .continueStatement:
      if functions[functions.count - 1].loopDepth == 0 { report(.continueOutsideLoop, at: range) }
      leavePath(.continuing)
      return CheckedStmt(.continueStatement, range: range)
    case .step(let step):
      return CheckedStmt(.step(checkStep(step)), range: range)
    case .expression(let expr):
      if let step = misspeltStep(expr) {
        report(
          .misspeltStep(step.word, step: step.meant), at: expr.range,
          fixIts: replacement(expr.range, with: step.meant))
        return nil
      }
      let checked = checkExpr(expr)
      warnIfOnlyComputed(checked, written: expr)
      return CheckedStmt(.expression(checked), range: range)
    case .discard(let expr):
      return CheckedStmt(.expression(checkExpr(expr)), range: range)
    case .assignment(let target, let op, let value):
      let checkedValue = checkExpr(isFractionalVariable(target) ? Checker.fractional(value) : value)
      let initialized = declarationInitialized(by: target, op: op)
      initializingDeclaration = initialized
      if op == .assign, case .identifier(let name) = Checker.unparenthesized(target).kind {
        assignedDeclaration = visibleLocal(name)?.declarationRange
      }
      let checkedTarget = checkAssignmentTarget(target)
      initializingDeclaration = nil
      assignedDeclaration = nil
      if let initialized { noteInitialized(initialized, at: target.range) }
      guard let target = checkedTarget else {
        // `(a, b) = (1, 2)` is refused; the names it meant to assign are
        // counted as assigned, so that their reads add no errors to that one.
        noteInitializedByRefusedTuple(target)
        return nil
      }
      return CheckedStmt(.assign(target, op, checkedValue), range: range)
    case .error:
      return nil
    }
  }

  /// A statement inside a function that only computes a value (a proposal,
  /// `true`, an array of items) does nothing: it is dropped. That is the
  /// mistake of a branch that meant to answer (`if inside { UIDropProposal(
  /// operation: .copy) }` before a later `return`): only a body that is one
  /// expression returns it without `return`. Swift warns too ("result of
  /// initializer is unused"). Calls of functions and methods may act, so
  /// they are left alone; the top level and scenarios are too (the REPL
  /// shows a value typed there).
  mutating func warnIfOnlyComputed(_ checked: CheckedExpr, written: Expr) {
    let kind = functions[functions.count - 1].kind
    guard kind == .function || kind == .handler || kind == .closure || kind == .item,
      Checker.onlyComputes(checked)
    else { return }
    // A closure alone on a line: meant as the trailing closure of the call
    // above it, which must open on that call's line.
    if case .closure = checked.kind {
      report(.closureOnItsOwnLine, at: written.range)
      return
    }
    let text = file.text(written.range)
    let shown = text.count <= 40 && !text.contains("\n") ? "'\(text)'" : "this expression"
    if functions[functions.count - 1].answersNothing {
      report(.valueIgnored(shown, handler: functions[functions.count - 1].name), at: written.range)
      return
    }
    // `.copy` alone in `sessionDidUpdate`: 'return .copy' would be refused in
    // turn, so the fix-it returns what the handler must answer with.
    if let answer = functions[functions.count - 1].answer, case .required(let expected) = answer,
      let found = Checker.obviousValue(Checker.unparenthesized(written)),
      let wrapped = Checker.advice(for: found, expected: expected, handler: functions[functions.count - 1].name)?
        .wrap?(text), !text.contains("\n")
    {
      report(
        .valueUnused(shown, answer: ("return " + wrapped, expected)), at: written.range,
        fixIts: [Diagnostic.FixIt(range: written.range, replacement: "return " + wrapped)])
      return
    }
    report(
      .valueUnused(shown), at: written.range,
      fixIts: [Diagnostic.FixIt(range: written.range.emptyAtStart, replacement: "return ")])
  }

  /// Whether evaluating `expr` has no effect but its value: literals, names,
  /// member reads, operators, and values made by a type (`UIDropProposal(...)`,
  /// `IndexPath(...)`) from such parts. A closure made and dropped counts.
  static func onlyComputes(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .integer, .double, .string, .bool, .nilLiteral, .local, .capture, .global, .globalChecked, .builtin,
      .enumCase, .closure:
      return true
    case .interpolation(let parts):
      return parts.allSatisfy { if case .value(let value) = $0 { onlyComputes(value) } else { true } }
    case .member(let base, _, _), .tupleElement(let base, _, _), .forceUnwrap(let base), .unary(_, let base),
      .cast(let base, _, _):
      return onlyComputes(base)
    case .binary(_, let left, let right), .range(let left, let right, _):
      return onlyComputes(left) && onlyComputes(right)
    case .ternary(let condition, let then, let otherwise):
      return onlyComputes(condition) && onlyComputes(then) && onlyComputes(otherwise)
    case .array(let values), .tuple(let values, _):
      return values.allSatisfy(onlyComputes)
    case .dictionary(let keys, let values):
      return keys.allSatisfy(onlyComputes) && values.allSatisfy(onlyComputes)
    case .callBuiltin(let builtin, let arguments):
      return builtin.kind == .type && arguments.values.allSatisfy(onlyComputes)
    default:
      return false
    }
  }

  /// Runs `body` with the current function one loop deeper. A loop may run
  /// zero times: after it, a local has a value only if it had one before;
  /// one its body or a `break` may have given joins the ones that may have
  /// one (Checker+DefiniteInitialization.swift).
  mutating func inLoop<T>(_ body: (inout Checker) -> T) -> T {
    let current = functions.count - 1
    let before = functions[current].flow
    functions[current].loopDepth += 1
    functions[current].breakTargets.append(.loop(breaks: [], continues: []))
    let result = body(&self)
    var after = before
    if case .loop(let breaks, let continues)? = functions[current].breakTargets.popLast() {
      let end = functions[current].flow
      checkLoopBackEdges(before: before, backEdges: [end] + continues)
      for state in [end] + continues + breaks { after = after.joined(with: state) }
    }
    functions[current].loopDepth -= 1
    functions[current].flow = after
    // No loop around here can take these assignments round again.
    let depth = functions[current].loopDepth
    functions[current].loopAssignments = functions[current].loopAssignments.filter {
      (functions[current].deferredLets[$0.key] ?? 0) < depth
    }
    return result
  }

  // MARK: - Declarations

  mutating func checkLocalVariable(_ decl: VarDecl) -> CheckedStmt {
    checkAnnotation(of: decl)
    let isFractional = Checker.isFractional(decl.type) || Checker.infersDouble(decl)
    let value = decl.initializer.map { checkExpr(Checker.typedLiterals($0, as: decl.type)) }
    if value == nil { noteDeclaredWithoutValue(decl) }
    let keyword = SourceRange(
      file: decl.range.file, start: Int(decl.range.start), end: Int(decl.range.start) + 3)
    let slot = declareLocal(
      decl.name, isConstant: decl.isConstant, declarationRange: decl.range,
      letKeyword: decl.isConstant ? keyword : nil, isFractional: isFractional,
      isOptionalCollection: Checker.isOptionalCollection(decl.type), valueType: Checker.valueType(of: decl))
    return CheckedStmt(.declare(.local(slot), value), range: decl.range)
  }

  /// A top-level, app or source `let`/`var`: a global declared in pass one.
  mutating func checkGlobalVariable(_ decl: VarDecl) -> CheckedStmt {
    checkAnnotation(of: decl)
    let isFractional = Checker.isFractional(decl.type) || Checker.infersDouble(decl)
    let value = decl.initializer.map { checkExpr(Checker.typedLiterals($0, as: decl.type)) }
    if decl.isConstant && value == nil { report(.letWithoutValue(decl.name.text), at: decl.name.range) }
    let slot =
      globalSlot(declaredBy: decl.name)
      ?? declareGlobal(decl.name, kind: decl.isConstant ? .constant : .variable)
    globalDeclared[slot] = true
    globals[slot].valueType = Checker.valueType(of: decl)
    if isFractional { fractionalGlobals.insert(slot) } else { fractionalGlobals.remove(slot) }
    if Checker.isOptionalCollection(decl.type) {
      optionalCollectionGlobals.insert(slot)
    } else {
      optionalCollectionGlobals.remove(slot)
    }
    return CheckedStmt(.declare(.global(slot), value), range: decl.range)
  }

  /// `let x: Int = "a"`: annotations are for the reader (values are not
  /// typed), but a literal its annotation rules out is reported. Only the
  /// plain value types (not optional) are compared; anything else is left
  /// to run time.
  mutating func checkAnnotation(of decl: VarDecl) {
    if let type = decl.type { reportTypeSpelledOtherwise(type) }
    guard let type = decl.type, let initializer = decl.initializer else { return }
    guard case .named(let names) = type.kind, names.count == 1 else { return }
    var inner = initializer
    while case .parenthesized(let wrapped) = inner.kind { inner = wrapped }
    let literal: String
    let fits: Set<String>
    switch inner.kind {
    case .nilLiteral:
      (literal, fits) = ("nil", [])
    case .integer:
      (literal, fits) = ("an integer literal", ["Int", "Double", "Float", "CGFloat"])
    case .double:
      (literal, fits) = ("a decimal literal", ["Double", "Float", "CGFloat"])
    case .string:
      (literal, fits) = ("a string literal", ["String", "Character", "NSString", "Substring"])
    case .bool:
      (literal, fits) = ("a Bool literal", ["Bool"])
    case .array:
      (literal, fits) = ("an array literal", [])
    case .dictionary:
      (literal, fits) = ("a dictionary literal", [])
    default: return
    }
    let name = names[0].text
    let plain: Set<String> = ["Int", "Double", "Float", "CGFloat", "String", "Character", "Bool"]
    guard plain.contains(name), !fits.contains(name) else { return }
    report(.annotationMismatch(decl.name.text, type: "'\(name)'", literal: literal), at: initializer.range)
  }

  /// `var seen: Set = []`: a type dnd spells another way (`Set`, `Date`), in
  /// an annotation, would otherwise pass unread and the value behave as an array.
  mutating func reportTypeSpelledOtherwise(_ type: TypeRef) {
    switch type.kind {
    case .named(let names):
      guard names.count == 1, let instead = Checker.spelledOtherwise[names[0].text] else { return }
      report(.nameNotInDnd(names[0].text, instead: instead), at: type.range)
    case .array(let element), .optional(let element): reportTypeSpelledOtherwise(element)
    case .dictionary(let key, let value):
      reportTypeSpelledOtherwise(key)
      reportTypeSpelledOtherwise(value)
    case .tuple(let elements, _):
      for element in elements { reportTypeSpelledOtherwise(element) }
    case .function(let parameters, let result):
      for parameter in parameters { reportTypeSpelledOtherwise(parameter) }
      reportTypeSpelledOtherwise(result)
    }
  }

  /// A `func` statement: global at the top level, otherwise a function of
  /// the enclosing block (its slot was given when the block was entered).
  mutating func checkFunctionDeclaration(_ decl: FuncDecl, selfSlot: Int? = nil) {
    if isGlobalScope {
      let slot = globalSlot(declaredBy: decl.name) ?? declareGlobal(decl.name, kind: .function)
      let code = checkFunction(decl, kind: .function, selfSlot: selfSlot)
      globalFunctions.append(GlobalFunction(slot: slot, code: code))
      return
    }
    let code = checkLocalFunctionBody(decl.range) { $0.checkFunction(decl, kind: .function, selfSlot: selfSlot) }
    let current = functions.count - 1
    let slot = localFunctionSlots[decl.name.range.start] ?? functions[current].allocateSlot()
    if functions[current].scopes.isEmpty { functions[current].pushScope() }
    let last = functions[current].scopes.count - 1
    functions[current].scopes[last].functions.append(LocalFunction(slot: slot, code: code))
  }

  // MARK: - Control flow

  mutating func checkIf(_ conditions: [Condition], then: Block, otherwise: ElseClause?, range: SourceRange)
    -> CheckedStmt
  {
    pushScope()
    let checked = checkConditions(conditions)
    let before = flow
    let thenBlock = closeBlock(checkStatements(then.statements))
    let afterThen = flow
    flow = before
    var checkedElse: CheckedElse?
    switch otherwise {
    case .block(let block): checkedElse = .block(checkBlock(block))
    case .elseIf(let stmt): checkedElse = checkStatement(stmt).map { .elseIf($0) }
    case nil: break
    }
    flow = afterThen.joined(with: flow)
    return CheckedStmt(.ifStatement(checked, thenBlock, otherwise: checkedElse), range: range)
  }

  /// The clauses of `if`, `guard` and `while`. A `let` binds in the scope
  /// the caller has set up (the body for `if` and `while`, the enclosing
  /// block for `guard`), after its value is checked, so `if let x = x` reads
  /// the outer `x`.
  mutating func checkConditions(_ conditions: [Condition]) -> [CheckedCondition] {
    conditions.map { condition in
      switch condition.kind {
      case .expression(let expr):
        return .expression(checkExpr(expr))
      case .binding(_, let name, _, let value) where name.text == "self":
        // `guard let self = self`: only a check that self is there (see the grammar).
        guard case .selfReference = Checker.unparenthesized(value).kind else {
          report(.selfBoundToAnotherValue, at: value.range)
          return .expression(checkExpr(value))
        }
        let present = CheckedExpr.Kind.binary(.notEqual, checkExpr(value), CheckedExpr(.nilLiteral, range: name.range))
        return .expression(CheckedExpr(present, range: condition.range))
      case .binding(let isConstant, let name, _, let value):
        let checkedValue = checkExpr(value)
        if isGlobalScope {
          let slot = declareGlobal(name, kind: isConstant ? .constant : .variable)
          globalDeclared[slot] = true
          return .binding(.global(slot), checkedValue)
        }
        let slot = declareLocal(name, isConstant: isConstant, declarationRange: condition.range)
        return .binding(.local(slot), checkedValue)
      }
    }
  }

  mutating func checkFor(
    _ variable: Name?, pattern: [PatternPart]? = nil, sequence: Expr, filter: Expr? = nil, body: Block,
    range: SourceRange
  ) -> CheckedStmt {
    var rangeBounds: (lower: CheckedExpr, upper: CheckedExpr, isClosed: Bool)?
    var checkedSequence: CheckedExpr?
    if case .range(let lower, let upper, let isClosed) = Checker.unparenthesized(sequence).kind {
      rangeBounds = (checkExpr(lower), checkExpr(upper), isClosed)
    } else {
      checkedSequence = checkExpr(sequence)
    }
    pushScope()
    var slot = variable.map { declareLocal($0, isConstant: true, declarationRange: $0.range) }
    // `for (i, x) in pairs`: each element goes to a hidden local, and the
    // body starts by taking it apart as `let (i, x) = element` does, which
    // stops the run at the pattern when an element is not a tuple of as
    // many values (rather than dropping the extra ones); a nested pattern
    // takes its part apart the same way.
    var unpacking: [CheckedStmt] = []
    if let pattern, let first = pattern.first, let last = pattern.last {
      let hidden = declarePart(.hidden(range.emptyAtStart), isConstant: true, letKeyword: nil)
      slot = hidden
      let (refs, nested) = patternBindings(pattern) { checker, part in
        .local(checker.declarePart(part, isConstant: true, letKeyword: nil))
      }
      let patternRange = SourceRange(file: first.range.file, start: Int(first.range.start), end: Int(last.range.end))
      let element = CheckedExpr(.local(hidden), range: patternRange)
      unpacking.append(CheckedStmt(.declareTuple(refs, element), range: patternRange))
      unpacking += nested
    }
    // `where`: the body starts with `guard filter else { continue }`, so
    // the condition sees the loop's names and an element it rejects skips
    // the body as Swift's does.
    if let filter {
      let condition = checkExpr(filter)
      let skip = CheckedBlock(statements: [CheckedStmt(.continueStatement, range: filter.range)])
      unpacking.append(CheckedStmt(.guardStatement([.expression(condition)], otherwise: skip), range: filter.range))
    }
    let statements = inLoop { $0.checkStatements(body.statements) }
    let block = closeBlock(unpacking + statements)
    if let rangeBounds {
      return CheckedStmt(
        .forRange(
          slot: slot, lower: rangeBounds.lower, upper: rangeBounds.upper, isClosed: rangeBounds.isClosed,
          body: block), range: range)
    }
    let sequenceExpr = checkedSequence ?? CheckedExpr(.nilLiteral, range: sequence.range)
    return CheckedStmt(.forIn(slot: slot, sequence: sequenceExpr, body: block), range: range)
  }

  /// Whether a block always leaves its scope (what a `guard`'s else needs).
  static func exits(_ block: Block) -> Bool {
    guard let last = block.statements.last else { return false }
    return exits(last)
  }

  private static func exits(_ stmt: Stmt) -> Bool {
    switch stmt.kind {
    case .returnStatement, .breakStatement, .continueStatement: return true
    case .switchStatement(_, let cases): return switchExits(cases)
    case .ifStatement(_, let then, let otherwise?):
      switch otherwise {
      case .block(let block): return exits(then) && exits(block)
      case .elseIf(let nested): return exits(then) && exits(nested)
      }
    default: return false
    }
  }

  static func unparenthesized(_ expr: Expr) -> Expr {
    if case .parenthesized(let inner) = expr.kind { return unparenthesized(inner) }
    return expr
  }

  // MARK: - Steps

  /// `tap Safari.photo`: only `longPress` takes an item of a source app.
  private mutating func reportSourceItem(_ target: Expr, step: String) {
    guard case .member(let base, let member, false) = Checker.unparenthesized(target).kind,
      case .identifier(let name) = Checker.unparenthesized(base).kind, !isLocalName(name),
      let slot = globalIndex[name], globals[slot].kind == .source,
      sourceItems[name]?.contains(member.text) == true
    else { return }
    report(.stepSourceItem(step, item: file.text(target.range)), at: target.range)
  }

  mutating func checkStep(_ step: Step) -> CheckedStep {
    switch step {
    case .longPress(let target, let duration):
      return .longPress(target: checkExpr(target), duration: duration.map { checkExpr($0) })
    case .drag(let isThrough, let targets):
      for target in targets { reportSourceItem(target, step: "drag") }
      return .drag(isThrough: isThrough, targets: targets.map { checkExpr($0) })
    case .tap(let target):
      reportSourceItem(target, step: "tap")
      return .tap(checkExpr(target))
    case .release: return .release
    case .cancel: return .cancel
    case .wait(let duration): return .wait(checkExpr(duration))
    case .settle: return .settle
    case .expectCall(let negated, let method, let on, let times):
      let methods = DelegateCatalogue.methods(named: method.text)
      if methods.isEmpty {
        let suggestion = Suggestions.closest(to: method.text, in: DelegateCatalogue.allNames)
        report(
          .unknownDelegateMethod(method.text, suggestion: suggestion), at: method.range,
          fixIts: replacement(method.range, with: suggestion))
      }
      // `on zone.images` (or `on Board.zone.images`): the calls of one
      // named interaction of the view.
      var viewExpr = on
      var interaction: String?
      if let on, case .member(let base, let name, _) = on.kind, let slot = declaredViewSlot(base),
        let traced = tracedBlock(name.text, of: slot, for: methods)
      {
        viewExpr = base
        if traced.isEmpty {
          report(.blockCountedOnItsView(name.text, view: globals[slot].name), at: on.range)
        } else {
          interaction = traced
        }
      }
      let view = viewExpr.map { checkExpr($0) }
      // A count written as a negative number can never be met (the most
      // negative Int is read as one literal).
      if let times, let count = Checker.negativeLiteral(times) {
        report(.negativeCallCount(count), at: times.range)
      } else if let times, let found = Checker.nonIntegerLiteral(times) {
        report(.callCountNotInt(found: found), at: times.range)
      }
      if !methods.isEmpty {
        callExpectations.append(
          CallExpectation(methods: methods, view: view.flatMap(viewName(of:)), hasView: view != nil,
            negated: negated, counted: times != nil, range: method.range))
      }
      return .expectCall(
        negated: negated, method: method.text, methods: methods, on: view, interaction: interaction,
        times: times.map { checkExpr($0) })
    case .expectException(let name):
      if !Checker.exceptionNames.contains(name.text) {
        let suggestion = Suggestions.closest(to: name.text, in: Checker.exceptionNames)
        report(
          .unknownException(name.text, suggestion: suggestion, known: Checker.exceptionNames), at: name.range,
          fixIts: replacement(name.range, with: suggestion))
      }
      return .expectException(name.text)
    case .expectWarning(let negated, let text, _): return .expectWarning(negated: negated, text)
    case .expect(let condition):
      // `expect called` or `expect exception` with the name left out reads as
      // a Bool of that name, which a script may declare; when it has not, the
      // step's own form is what was meant.
      if case .identifier(let word) = condition.kind, word == "called" || word == "exception", resolve(word) == nil {
        report(.expectStepNameMissing(word), at: condition.range)
        // Instead of a second error ("cannot find 'called'"); the script does not run.
        return .expect(CheckedExpr(.bool(true), range: condition.range))
      }
      return .expect(checkExpr(condition))
    }
  }

  /// The type of a literal that is plainly no whole number: `times 1.5`.
  static func nonIntegerLiteral(_ expr: Expr) -> String? {
    switch unparenthesized(expr).kind {
    case .double: "Double"
    case .unary(.negate, let operand): nonIntegerLiteral(operand)
    case .string: "String"
    case .bool: "Bool"
    case .nilLiteral: "nil"
    default: nil
    }
  }

  /// "Int" for a whole-number literal (where a class is wanted).
  static func integerLiteralType(_ expr: Expr) -> String? {
    if case .integer = unparenthesized(expr).kind { return "Int" }
    return nil
  }

  /// The value of `-n` written as a number literal, if it is negative.
  static func negativeLiteral(_ expr: Expr) -> Int? {
    switch expr.kind {
    case .integer(let value) where value < 0: return value
    case .unary(.negate, let operand):
      guard case .integer(let value) = operand.kind, value > 0 else { return nil }
      return -value
    default: return nil
    }
  }

  /// A statement that is one unknown name, in a scenario or at the top level
  /// (the REPL), spelt like a step: `drop` for `release`, `setle`.
  mutating func misspeltStep(_ expr: Expr) -> (word: String, meant: String)? {
    guard case .identifier(let name) = expr.kind, let kind = functions.last?.kind,
      kind == .scenario || kind == .main, resolve(name) == nil, !isPending(name),
      let step = Parser.stepSuggestion(for: name)
    else { return nil }
    return (name, step)
  }

  /// The exceptions the runtime raises (UIKitException in DndRuntime; a test
  /// in DndInterpreterTests reads its sources to keep the two equal): an
  /// `expect exception` naming another can never hold.
  public static let exceptionNames = ["NSInternalInconsistencyException", "NSInvalidArgumentException"]
}
