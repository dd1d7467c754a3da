import DndSyntax

/// Swift's definite initialization, for locals declared without a value.
///
/// `let destination: IndexPath` followed by an assignment in each branch of
/// an `if` is how Swift code picks a value it computes in several ways; a
/// non-optional `var count: Int` must be given a value before it is read.
/// The checker follows every path through a function: a read of such a
/// local where some path reaches it without a value is an error (the run
/// would read nil where the script promised an `Int`), and so is a second
/// assignment to a `let` that some path may already have given its value.
/// An optional `var` (`var image: UIImage?`) starts as nil, as in Swift, and
/// needs none of this. The rules:
/// - `if`/`else` and `switch` join their branches: a local has a value after
///   them only if every branch that goes on gave it one (a branch that ends
///   in `return`, `break` or `continue` does not go on; a `break` out of a
///   switch goes on after it);
/// - a loop may run zero times, so what its body assigns does not count
///   after it; a `let` declared outside a loop may be assigned in it only on
///   a path that leaves the loop (`return`, `break`): one that goes round
///   again (the body's end, `continue`) would assign it a second time;
/// - `guard`'s else leaves, so what follows sees the state before it;
/// - a closure or local function may not use a local that has no value where
///   it is written, nor assign a `let` of the function around it.
/// Globals (top-level, app and source declarations) are not followed: a
/// `let` there needs its value where it is declared.
struct FlowState {
  /// Declarations (by their range) that some path reaches without a value.
  var unassigned: Set<SourceRange> = []
  /// Deferred `let`s that some path has already given their value.
  var assignedLets: Set<SourceRange> = []
  /// Nothing here runs: a `return`, `break` or `continue` came first.
  var unreachable = false
  /// Where each deferred `let` was last assigned on this path, for the
  /// error a loop's back edge may give.
  var lastAssignment: [SourceRange: SourceRange] = [:]

  /// The state where two paths meet; a path that cannot reach it adds nothing.
  func joined(with other: FlowState) -> FlowState {
    if unreachable { return other }
    if other.unreachable { return self }
    return FlowState(
      unassigned: unassigned.union(other.unassigned), assignedLets: assignedLets.union(other.assignedLets),
      lastAssignment: lastAssignment.merging(other.lastAssignment) { mine, _ in mine })
  }
}

/// What a `break` leaves: a loop or a switch, each collecting the states
/// its `break`s (and a loop's `continue`s) leave with.
enum BreakTarget {
  case loop(breaks: [FlowState], continues: [FlowState])
  case switchStatement([FlowState])
}

/// How a path ends early.
enum PathExit {
  case returning, breaking, continuing
}

extension Checker {
  var flow: FlowState {
    get { functions[functions.count - 1].flow }
    set { functions[functions.count - 1].flow = newValue }
  }

  /// A local declared without a value: followed until it gets one. An
  /// optional `var` has nil.
  mutating func noteDeclaredWithoutValue(_ decl: VarDecl) {
    if !decl.isConstant, case .optional? = decl.type?.kind { return }
    let current = functions.count - 1
    functions[current].flow.unassigned.insert(decl.range)
    if decl.isConstant { functions[current].deferredLets[decl.range] = functions[current].loopDepth }
  }

  /// A read of a local (or of one captured from a function around):
  /// reported when some path reaches it without a value.
  mutating func checkInitialized(_ name: String, _ info: LocalInfo, captured: Bool, at range: SourceRange) {
    if case .function = info.kind {
      noteUse(ofFunction: name, info, captured: captured, at: range)
      return
    }
    guard info.declarationRange != initializingDeclaration else { return }
    // `answer = 42` in a closure, for a `let answer` around it: the error
    // is that a closure cannot assign a `let`, reported as such.
    if captured && info.isConstant && info.declarationRange == assignedDeclaration { return }
    let owner = captured ? declaringFunction(of: name, info) : functions.count - 1
    let kind = info.isConstant ? "let" : "var"
    if captured, let owner {
      // What a local function being checked reads: a use of it elsewhere is checked against it.
      for checking in checkingLocalFunctions where checking.owner == owner {
        functions[owner].localFunctionReads[checking.declaration, default: [:]][info.declarationRange] = (name, kind)
      }
    }
    guard let owner, functions[owner].flow.unassigned.contains(info.declarationRange),
      !functions[functions.count - 1].flow.unreachable
    else { return }
    // Reported once: later reads on the same path would repeat it.
    functions[owner].flow.unassigned.remove(info.declarationRange)
    guard reportedBeforeValue.insert(info.declarationRange).inserted else { return }
    let current = functions[functions.count - 1]
    let user = current.kind == .closure ? "this closure" : "function '\(current.name)'"
    report(
      captured ? .capturedBeforeValue(name, kind: kind, user: user) : .usedBeforeValue(name, kind: kind), at: range,
      notes: [Diagnostic.Note("'\(name)' is declared here", at: info.declarationRange)])
  }

  /// A local function is named (called, or used as a value). Local
  /// functions are hoisted, so earlier code may call one: named before its
  /// declaration is reached, the locals without a value at that point are
  /// remembered, and its body is checked as if written there too
  /// (`checkLocalFunctionBody`); named from another local function's body,
  /// the locals counted as without a value there pass on the same way. Named
  /// after its declaration, the locals its body reads (itself or through the
  /// local functions it names) must have values where it is named.
  private mutating func noteUse(ofFunction name: String, _ info: LocalInfo, captured: Bool, at range: SourceRange) {
    guard let owner = captured ? declaringFunction(of: name, info) : functions.count - 1 else { return }
    let declaration = info.declarationRange
    guard functions[owner].declaredLocalFunctions.contains(declaration) else {
      let unassigned = functions[owner].flow.unassigned
      guard !unassigned.isEmpty, !functions[owner].flow.unreachable else { return }
      functions[owner].unassignedAtEarlyUse[declaration, default: []].formUnion(unassigned)
      return
    }
    let reads = functions[owner].localFunctionReads[declaration] ?? [:]
    guard !reads.isEmpty else { return }
    for checking in checkingLocalFunctions where checking.owner == owner && checking.declaration != declaration {
      functions[owner].localFunctionReads[checking.declaration, default: [:]].merge(reads) { old, _ in old }
    }
    guard !functions[owner].flow.unreachable else { return }
    for (variable, (variableName, kind)) in reads.sorted(by: { $0.key.start < $1.key.start })
    where functions[owner].flow.unassigned.contains(variable) {
      functions[owner].flow.unassigned.remove(variable)
      guard reportedBeforeValue.insert(variable).inserted else { continue }
      report(
        .capturedBeforeValue(variableName, kind: kind, user: "function '\(name)'"), at: range,
        notes: [Diagnostic.Note("'\(variableName)' is declared here", at: variable)])
    }
  }

  /// Checks a local function's body where it is declared, with the locals
  /// that had no value where it was used earlier counted as having none.
  mutating func checkLocalFunctionBody<T>(_ declaration: SourceRange, _ body: (inout Checker) -> T) -> T {
    let current = functions.count - 1
    functions[current].declaredLocalFunctions.insert(declaration)
    let saved = functions[current].flow.unassigned
    if let early = functions[current].unassignedAtEarlyUse[declaration] {
      functions[current].flow.unassigned.formUnion(early)
    }
    checkingLocalFunctions.append((current, declaration))
    let result = body(&self)
    checkingLocalFunctions.removeLast()
    functions[current].flow.unassigned = saved
    return result
  }

  /// The index of the function, around the current one, that declares the
  /// captured local.
  private func declaringFunction(of name: String, _ info: LocalInfo) -> Int? {
    for index in functions.indices.dropLast().reversed() {
      if let (found, _) = functions[index].findLocal(name), found.declarationRange == info.declarationRange {
        return index
      }
    }
    return nil
  }

  /// `name = value` where `name` is a local of this function declared
  /// without a value: the declaration it initializes (to be passed to the
  /// target's check, which then neither reads it nor calls a deferred `let`
  /// constant), or nil when the assignment is an ordinary one.
  mutating func declarationInitialized(by target: Expr, op: AssignmentOperator) -> SourceRange? {
    guard op == .assign, case .identifier(let name) = Checker.unparenthesized(target).kind,
      let (info, _) = functions[functions.count - 1].findLocal(name), case .variable = info.kind
    else { return nil }
    let current = functions.count - 1
    let declaration = info.declarationRange
    guard let loopDepth = functions[current].deferredLets[declaration] else {
      // A `var`: any assignment gives it a value.
      return functions[current].flow.unassigned.contains(declaration) ? declaration : nil
    }
    if functions[current].flow.unreachable { return declaration }
    if functions[current].flow.assignedLets.contains(declaration) {
      report(
        .letMayHaveValue(name), at: target.range,
        notes: [Diagnostic.Note("'\(name)' is declared here", at: declaration)],
        fixIts: info.letKeywordRange.map { replacement($0, with: "var") } ?? [])
    } else if loopDepth < functions[current].loopDepth, functions[current].loopAssignments[declaration] == nil {
      // Judged where the loop goes round again (`checkLoopBackEdges`).
      functions[current].loopAssignments[declaration] = (target.range, name, info.letKeywordRange)
    }
    return declaration
  }

  /// A loop's body is checked: a `let` from outside it that the body may
  /// have assigned where the loop goes round again (the body's end, a
  /// `continue`) would get a second value on the next pass.
  mutating func checkLoopBackEdges(before: FlowState, backEdges: [FlowState]) {
    let current = functions.count - 1
    let depth = functions[current].loopDepth
    for state in backEdges where !state.unreachable {
      for declaration in state.assignedLets.subtracting(before.assignedLets).sorted(by: { $0.start < $1.start }) {
        guard let declared = functions[current].deferredLets[declaration], declared < depth,
          let (first, name, keyword) = functions[current].loopAssignments[declaration]
        else { continue }
        // The assignment on the path that goes round again, not one that leaves the loop.
        let range = state.lastAssignment[declaration] ?? first
        functions[current].loopAssignments[declaration] = nil
        report(
          .letAssignedInLoop(name), at: range, notes: [Diagnostic.Note("'\(name)' is declared here", at: declaration)],
          fixIts: keyword.map { replacement($0, with: "var") } ?? [])
      }
    }
  }

  /// The locals a refused tuple assignment names, counted as assigned.
  mutating func noteInitializedByRefusedTuple(_ target: Expr) {
    guard case .tuple(let elements, _) = Checker.unparenthesized(target).kind else { return }
    for element in elements {
      guard case .identifier(let name) = Checker.unparenthesized(element).kind,
        let (info, _) = functions[functions.count - 1].findLocal(name)
      else { continue }
      noteInitialized(info.declarationRange)
    }
  }

  /// After the assignment: the declaration has a value on this path.
  mutating func noteInitialized(_ declaration: SourceRange, at range: SourceRange? = nil) {
    let current = functions.count - 1
    functions[current].flow.unassigned.remove(declaration)
    if functions[current].deferredLets[declaration] != nil {
      functions[current].flow.assignedLets.insert(declaration)
      if let range { functions[current].flow.lastAssignment[declaration] = range }
    }
  }

  /// `return`, `break` or `continue`: nothing after it on this path runs.
  /// A `break` carries its state past its loop or switch; a `continue`
  /// takes its state round its loop again.
  mutating func leavePath(_ exit: PathExit) {
    let current = functions.count - 1
    let state = functions[current].flow
    functions[current].flow.unreachable = true
    guard exit != .returning, !state.unreachable else { return }
    for index in functions[current].breakTargets.indices.reversed() {
      switch functions[current].breakTargets[index] {
      case .switchStatement(var states):
        guard exit == .breaking else { continue }
        states.append(state)
        functions[current].breakTargets[index] = .switchStatement(states)
      case .loop(var breaks, var continues):
        if exit == .breaking { breaks.append(state) } else { continues.append(state) }
        functions[current].breakTargets[index] = .loop(breaks: breaks, continues: continues)
      }
      return
    }
  }
}
