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
///   after it, and a `let` declared outside a loop cannot be assigned in it;
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

  /// The state where two paths meet; a path that cannot reach it adds nothing.
  func joined(with other: FlowState) -> FlowState {
    if unreachable { return other }
    if other.unreachable { return self }
    return FlowState(
      unassigned: unassigned.union(other.unassigned), assignedLets: assignedLets.union(other.assignedLets))
  }
}

/// What a `break` leaves: a loop (whose state after it is the state before
/// it) or a switch, which collects the states its `break`s leave with.
enum BreakTarget {
  case loop
  case switchStatement([FlowState])
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
    guard case .variable = info.kind, info.declarationRange != initializingDeclaration else { return }
    // `answer = 42` in a closure, for a `let answer` around it: the error
    // is that a closure cannot assign a `let`, reported as such.
    if captured && info.isConstant && info.declarationRange == assignedDeclaration { return }
    let owner = captured ? declaringFunction(of: name, info) : functions.count - 1
    guard let owner, functions[owner].flow.unassigned.contains(info.declarationRange),
      !functions[functions.count - 1].flow.unreachable
    else { return }
    // Reported once: later reads on the same path would repeat it.
    functions[owner].flow.unassigned.remove(info.declarationRange)
    let kind = info.isConstant ? "let" : "var"
    report(
      captured ? .capturedBeforeValue(name, kind: kind) : .usedBeforeValue(name, kind: kind), at: range,
      notes: [Diagnostic.Note("'\(name)' is declared here", at: info.declarationRange)])
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
    } else if loopDepth < functions[current].loopDepth {
      report(
        .letAssignedInLoop(name), at: target.range,
        notes: [Diagnostic.Note("'\(name)' is declared here", at: declaration)],
        fixIts: info.letKeywordRange.map { replacement($0, with: "var") } ?? [])
    }
    return declaration
  }

  /// After the assignment: the declaration has a value on this path.
  mutating func noteInitialized(_ declaration: SourceRange) {
    let current = functions.count - 1
    functions[current].flow.unassigned.remove(declaration)
    if functions[current].deferredLets[declaration] != nil {
      functions[current].flow.assignedLets.insert(declaration)
    }
  }

  /// `return`, `break` or `continue`: nothing after it on this path runs.
  /// A `break` whose target is a switch carries its state past the switch.
  mutating func leavePath(breaking: Bool) {
    let current = functions.count - 1
    if breaking, let last = functions[current].breakTargets.indices.last,
      case .switchStatement(var states) = functions[current].breakTargets[last]
    {
      states.append(functions[current].flow)
      functions[current].breakTargets[last] = .switchStatement(states)
    }
    functions[current].flow.unreachable = true
  }
}
