import DndCheck
import DndSyntax

/// Lowers one checked function body to instructions (`CompiledFunction`).
///
/// Locals stay in the slots the checker gave them; each expression's value
/// goes to a temporary register above them, allocated like a stack, and a
/// local read as an operand is used where it lives. Statements keep the
/// tree evaluator's order of evaluation, its errors and their ranges, its
/// step counting and its cell closing exactly; the few constructs not
/// lowered here (scenario steps, assignments through member and subscript
/// paths, casts, interpolation, tuples) run through the tree evaluator on
/// the same frame (`evalTree`, `execTree`).
struct FunctionCompiler {
  let code: FunctionCode
  let frameSize: Int32
  let maxCollectionCount: Int
  /// The compiled form of a nested closure or local function.
  let compileChild: (FunctionCode) -> CompiledFunction
  /// The interpreter's box of string literal n, shared with every other
  /// use of the literal (a record's keys, so lookups compare pointers).
  let literalBox: (Int) -> StringBox?

  var instructions: [Instruction] = []
  var ranges: [SourceRange] = []
  var constants: [Value] = []
  var expressions: [CheckedExpr] = []
  var statements: [CheckedStmt] = []
  var lvalues: [CheckedLValue] = []
  var sites: [CallSite] = []
  var shapes: [[Value]] = []
  var prefixes: [[UInt8]] = []
  var children: [CompiledFunction] = []

  /// The first free temporary register.
  var tempTop: Int32
  /// One past the highest register used.
  var registerEnd: Int32
  /// The lowest temporary written since the last clear with a value that
  /// may share a collection with a variable (so that a later in-place change
  /// to the variable would have to copy it); `Int32.max` when none.
  var dirtyLow = Int32.max
  var dirtyHigh: Int32 = 0
  /// The `firstCapturedSlot` of each block being compiled, innermost last.
  var openBlocks: [Int?] = []
  var loops: [Loop] = []
  /// Whether some closure captures a local of this frame.
  var capturesLocals = false

  /// A loop or switch being compiled: where its body block is in
  /// `openBlocks`, and the jumps to patch once its exit and continue points
  /// are known. A switch takes `break`s only; `continue` passes it by.
  struct Loop {
    var bodyDepth: Int
    var isSwitch = false
    var breaks: [Int] = []
    var continues: [Int] = []
  }

  init(
    code: FunctionCode, maxCollectionCount: Int, compileChild: @escaping (FunctionCode) -> CompiledFunction,
    literalBox: @escaping (Int) -> StringBox?
  ) {
    self.code = code
    self.literalBox = literalBox
    self.frameSize = Int32(max(code.frameSize, code.parameterCount))
    self.maxCollectionCount = maxCollectionCount
    self.compileChild = compileChild
    self.tempTop = frameSize
    self.registerEnd = frameSize
  }

  /// Compiles `code`'s body.
  static func compile(
    _ code: FunctionCode, maxCollectionCount: Int, compileChild: @escaping (FunctionCode) -> CompiledFunction,
    literalBox: @escaping (Int) -> StringBox?
  ) -> CompiledFunction {
    var compiler = FunctionCompiler(
      code: code, maxCollectionCount: maxCollectionCount, compileChild: compileChild, literalBox: literalBox)
    compiler.block(code.body)
    compiler.emit(.returnNil, at: code.range)
    return CompiledFunction(
      code: code, registerCount: Int(compiler.registerEnd), clearsLocals: compiler.capturesLocals,
      instructions: compiler.instructions, ranges: compiler.ranges, constants: compiler.constants,
      expressions: compiler.expressions, statements: compiler.statements, lvalues: compiler.lvalues,
      sites: compiler.sites, shapes: compiler.shapes,
      prefixes: compiler.prefixes, children: compiler.children)
  }

  // MARK: - Emitting

  var here: Int32 { Int32(instructions.count) }

  @discardableResult
  mutating func emit(
    _ op: Opcode, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0, _ d: Int32 = 0, _ e: Int32 = 0,
    at range: SourceRange
  ) -> Int {
    instructions.append(Instruction(op, a, b, c, d, e))
    ranges.append(range)
    return instructions.count - 1
  }

  /// Points the jump at `position` to `target` (default: the next
  /// instruction emitted).
  mutating func patch(_ position: Int, to target: Int32? = nil) {
    let destination = target ?? here
    switch instructions[position].op {
    case .jump: instructions[position].a = destination
    case .jumpIfFalse, .jumpIfTrue, .jumpIfNil, .jumpIfNotNil: instructions[position].b = destination
    case .jumpUnlessLess: instructions[position].c = destination
    case .jumpUnlessCompare, .jumpUnlessCompareInt, .jumpIfCompare, .jumpIfCompareInt, .forRangeLoop,
      .forInLoop:
      instructions[position].d = destination
    default: break
    }
  }

  /// A fresh temporary register.
  mutating func temporary() -> Int32 {
    let register = tempTop
    tempTop += 1
    registerEnd = max(registerEnd, tempTop)
    return register
  }

  /// Notes that `register` may now hold a value shared with a variable.
  mutating func dirty(_ register: Int32) {
    guard register >= frameSize else { return }
    dirtyLow = min(dirtyLow, register)
    dirtyHigh = max(dirtyHigh, register)
  }

  /// Clears the temporaries written since the last clear, so that none
  /// keeps a second reference to a collection a variable holds.
  /// Only registers from `floor` up are cleared: those below hold values
  /// still in use (a loop's sequence and position).
  mutating func clearDirty(from floor: Int32, at range: SourceRange) {
    let low = max(dirtyLow, floor)
    guard low <= dirtyHigh else { return }
    emit(.clearRegisters, low, dirtyHigh - low + 1, at: range)
    forgetDirty(from: floor)
  }

  /// Forgets the dirty registers from `floor` up (they have been cleared).
  mutating func forgetDirty(from floor: Int32) {
    if dirtyLow >= floor {
      dirtyLow = .max
      dirtyHigh = 0
    } else {
      dirtyHigh = min(dirtyHigh, floor - 1)
    }
  }

  mutating func constant(_ value: Value) -> Int32 {
    constants.append(value)
    return Int32(constants.count - 1)
  }

  mutating func site(_ symbol: Symbol, _ labels: [Symbol?], optional: Bool = false) -> Int32 {
    sites.append(CallSite(symbol: symbol, labels: labels, optional: optional))
    return Int32(sites.count - 1)
  }

  mutating func child(_ function: FunctionCode) -> Int32 {
    if function.captures.contains(where: { if case .local = $0 { true } else { false } }) {
      capturesLocals = true
    }
    children.append(compileChild(function))
    return Int32(children.count - 1)
  }

  // MARK: - Blocks and statements

  mutating func block(_ block: CheckedBlock) {
    openBlocks.append(block.firstCapturedSlot)
    for function in block.functions {
      let index = child(function.code)
      emit(.makeClosure, Int32(function.slot), index, at: function.code.range)
    }
    for statement in block.statements { self.statement(statement) }
    if let first = block.firstCapturedSlot { emit(.closeCells, Int32(first), at: code.range) }
    openBlocks.removeLast()
  }

  mutating func statement(_ stmt: CheckedStmt) {
    let mark = tempTop
    defer { tempTop = mark }
    switch stmt.kind {
    case .expression(let expr):
      into(expr, temporary())
      clearDirty(from: mark, at: stmt.range)
    case .declare(let ref, let value):
      if let value {
        assign(ref, value, declaring: true)
      } else {
        let register = temporary()
        emit(.loadNil, register, at: stmt.range)
        store(ref, register, declaring: true)
      }
      clearDirty(from: mark, at: stmt.range)
    case .assign(let target, let op, let value):
      if case .subscripted(let base, let arguments, false) = target.kind, case .variable = base.kind,
        arguments.count == 1, arguments.labels[0] == nil
      {
        // As in Swift, the index first, then the value.
        let index = self.operand(arguments.values[0], before: [value])
        let operand = self.operand(value, before: [])
        lvalues.append(target)
        let opIndex = Int32(AssignmentOperator.allCases.firstIndex(of: op) ?? 0)
        let range = op == .assign ? target.range : target.range.union(value.range)
        emit(
          .setSubscript, Int32(lvalues.count - 1), operand, index, opIndex, operand >= frameSize ? 1 : 0,
          at: range)
        clearDirty(from: mark, at: stmt.range)
        return
      }
      guard case .variable(let ref) = target.kind else {
        // Any other subscript, an optional link, or a value that could
        // change the path's variable (`v.alpha = { v = w; ... }()` sets the
        // view `v` held first, as Swift reads a reference before the value):
        // the tree evaluator, which evaluates the target first.
        guard Self.isMemberPath(target), isPure(value) else {
          fallback(stmt)
          return
        }
        // A member or tuple element path: the value here, the path by `assign`'s rules.
        let operand = self.value(value)
        lvalues.append(target)
        let opIndex = Int32(AssignmentOperator.allCases.firstIndex(of: op) ?? 0)
        let range = op == .assign ? target.range : target.range.union(value.range)
        emit(.setPath, Int32(lvalues.count - 1), operand, opIndex, at: range)
        clearDirty(from: mark, at: stmt.range)
        return
      }
      if op == .assign {
        assign(ref, value, declaring: false)
      } else if case .local(let slot) = ref, case .integer(let number) = value.kind,
        let immediate = Int32(exactly: number), let opcode = immediateOpcode(of: op)
      {
        // `i -= 1`: one instruction with the literal as its immediate. For
        // an Int literal operand `update` and the operator agree exactly
        // (overflow and other types take `arithmetic` in both).
        emit(opcode, Int32(slot), Int32(slot), immediate, at: target.range.union(value.range))
      } else {
        let operand = self.value(value)
        let range = target.range.union(value.range)
        let opIndex = Int32(AssignmentOperator.allCases.firstIndex(of: op) ?? 0)
        if case .local(let slot) = ref {
          emit(.compoundLocal, Int32(slot), operand, opIndex, at: range)
        } else {
          lvalues.append(target)
          emit(.compoundVariable, Int32(lvalues.count - 1), operand, opIndex, at: range)
        }
      }
      clearDirty(from: mark, at: stmt.range)
    case .ifStatement(let conditions, let then, let otherwise):
      var falseJumps: [Int] = []
      self.conditions(conditions, falseJumps: &falseJumps)
      block(then)
      switch otherwise {
      case nil:
        for jump in falseJumps { patch(jump) }
      case .block(let elseBlock):
        let end = emit(.jump, at: stmt.range)
        for jump in falseJumps { patch(jump) }
        block(elseBlock)
        patch(end)
      case .elseIf(let nested):
        let end = emit(.jump, at: stmt.range)
        for jump in falseJumps { patch(jump) }
        statement(nested)
        patch(end)
      }
      clearDirty(from: mark, at: stmt.range)
    case .guardStatement(let conditions, let otherwise):
      var falseJumps: [Int] = []
      self.conditions(conditions, falseJumps: &falseJumps)
      let end = emit(.jump, at: stmt.range)
      for jump in falseJumps { patch(jump) }
      block(otherwise)
      patch(end)
      clearDirty(from: mark, at: stmt.range)
    case .whileStatement(let conditions, let body):
      let top = here
      var falseJumps: [Int] = []
      self.conditions(conditions, falseJumps: &falseJumps)
      clearDirty(from: mark, at: stmt.range)
      emit(.countStep, at: stmt.range)
      let loop = loopBody(body)
      for jump in loop.continues { patch(jump, to: top) }
      emit(.jump, top, at: stmt.range)
      for jump in falseJumps + loop.breaks { patch(jump) }
      clearDirty(from: mark, at: stmt.range)
    case .forRange(let slot, let lower, let upper, let isClosed, let body):
      let low = temporary()
      into(lower, low)
      emit(.checkRangeBound, low, at: lower.range)
      let high = temporary()
      into(upper, high)
      emit(.checkRangeBound, high, at: upper.range)
      emit(.checkRangeOrder, low, high, at: stmt.range)
      clearDirty(from: high + 1, at: stmt.range)
      let top = here
      let test = emit(.forRangeLoop, low, high, Int32(slot ?? -1), 0, isClosed ? 1 : 0, at: stmt.range)
      let loop = loopBody(body)
      for jump in loop.continues { patch(jump) }
      emit(.forRangeNext, low, top + 1, Int32(slot ?? -1), high, isClosed ? 1 : 0, at: stmt.range)
      patch(test)
      for jump in loop.breaks { patch(jump) }
      emit(.clearRegisters, low, 2, at: stmt.range)
      forgetDirty(from: low)
    case .forIn(let slot, let sequence, let body):
      let elements = temporary()
      into(sequence, elements)
      let position = temporary()
      emit(.forInPrepare, elements, position, at: sequence.range)
      clearDirty(from: position + 1, at: stmt.range)
      let top = here
      let test = emit(.forInLoop, elements, position, Int32(slot ?? -1), 0, at: stmt.range)
      let loop = loopBody(body)
      for jump in loop.continues { patch(jump) }
      emit(.forInNext, elements, position, top + 1, Int32(slot ?? -1), at: stmt.range)
      patch(test)
      for jump in loop.breaks { patch(jump) }
      emit(.clearRegisters, elements, 2, at: stmt.range)
      forgetDirty(from: elements)
    case .returnStatement(let value):
      if let value { returnValue(value) } else { emit(.returnNil, at: stmt.range) }
    case .switchStatement(let subject, let slot, let cases, let otherwise):
      switchStatement(subject, slot: slot, cases, otherwise, range: stmt.range)
      clearDirty(from: mark, at: stmt.range)
    case .breakStatement:
      guard !loops.isEmpty else { return }
      let target = loops.count - 1
      closeCellsLeaving(target, at: stmt.range)
      let jump = emit(.jump, at: stmt.range)
      loops[target].breaks.append(jump)
    case .continueStatement:
      guard let target = loops.lastIndex(where: { !$0.isSwitch }) else { return }
      closeCellsLeaving(target, at: stmt.range)
      let jump = emit(.jump, at: stmt.range)
      loops[target].continues.append(jump)
    case .sequence(let statements):
      for statement in statements { self.statement(statement) }
    case .declareTuple(let refs, let value):
      // Checked once, then each name gets its element (a `for (a, b) in`
      // loop's pattern does this on every pass).
      let source = self.value(value)
      emit(.checkTuple, source, Int32(refs.count), at: value.range)
      for (position, ref) in refs.enumerated() {
        guard let ref else { continue }
        let register = temporary()
        emit(.tupleElementAt, register, source, Int32(position), at: value.range)
        store(ref, register, declaring: true)
      }
      clearDirty(from: mark, at: stmt.range)
    case .step, .declareApp, .declareSource, .noCaseMatched:
      fallback(stmt)
    }
  }

  /// The immediate form of a compound assignment's operator, for the ones
  /// whose Int case `update` answers as the operator does.
  private func immediateOpcode(of op: AssignmentOperator) -> Opcode? {
    switch op {
    case .add: .addInt
    case .subtract: .subtractInt
    case .multiply: .multiplyInt
    default: nil
    }
  }

  /// `switch`: the subject into its hidden local, then each case's
  /// patterns in order, each jumping to its body when it holds; the
  /// default (or the no-match error) when none does. A `break` in a body
  /// jumps to the end.
  private mutating func switchStatement(
    _ subject: CheckedExpr, slot: Int, _ cases: [CheckedSwitchCase], _ otherwise: CheckedBlock, range: SourceRange
  ) {
    assign(.local(slot), subject, declaring: true)
    loops.append(Loop(bodyDepth: openBlocks.count, isSwitch: true))
    var ends: [Int] = []
    for switchCase in cases {
      var taken: [Int] = []
      for pattern in switchCase.patterns { taken += branchIf(pattern) }
      let next = emit(.jump, at: range)
      for jump in taken { patch(jump) }
      block(switchCase.body)
      ends.append(emit(.jump, at: range))
      patch(next)
    }
    block(otherwise)
    let exits = loops.removeLast()
    for jump in ends + exits.breaks { patch(jump) }
    // The subject is done with: no second reference to a collection stays.
    emit(.clearRegisters, Int32(slot), 1, at: range)
  }

  /// Whether `target` is a variable's member or tuple element, however deep
  /// (`view.frame.origin.x`, `pair.0`, `maybe!.count`), with no subscript
  /// and no optional link: given a value that changes no variable, the
  /// instruction loop assigns it with the value evaluated first, which no
  /// one can tell from Swift's order.
  static func isMemberPath(_ target: CheckedLValue) -> Bool {
    switch target.kind {
    case .variable: return true
    case .member(let base, _, let optional): return !optional && isMemberPath(base)
    // (A force unwrap is checked at the write, after the value, as in Swift.)
    case .tupleElement(let base, _), .forceUnwrap(let base): return isMemberPath(base)
    // A subscript's index is evaluated before the value: the tree evaluator's order.
    case .subscripted, .value: return false
    }
  }

  /// A statement the tree evaluator runs. None of these kinds can break,
  /// continue or return.
  private mutating func fallback(_ stmt: CheckedStmt) {
    statements.append(stmt)
    emit(.execTree, Int32(statements.count - 1), at: stmt.range)
  }

  /// Compiles a loop body; returns its pending break and continue jumps.
  private mutating func loopBody(_ body: CheckedBlock) -> Loop {
    loops.append(Loop(bodyDepth: openBlocks.count))
    block(body)
    return loops.removeLast()
  }

  /// Before `break` or `continue`: detaches the cells of the blocks being
  /// left (the loop body's pass, or the switch's case, ends either way).
  private mutating func closeCellsLeaving(_ target: Int, at range: SourceRange) {
    let loop = loops[target]
    let lowest = openBlocks[loop.bodyDepth...].compactMap { $0 }.min()
    if let lowest { emit(.closeCells, Int32(lowest), at: range) }
  }

  /// `return value`; a ternary returns from each branch.
  private mutating func returnValue(_ value: CheckedExpr) {
    let mark = tempTop
    defer { tempTop = mark }
    if case .ternary(let condition, let then, let otherwise) = value.kind {
      let jumps = branchUnless(condition)
      returnValue(then)
      for jump in jumps { patch(jump) }
      returnValue(otherwise)
      return
    }
    let register = self.value(value)
    // A temporary dies here: its value is moved out, not copied. A local
    // may be captured, and its cell takes the value when the frame ends.
    emit(.returnValue, register, register >= frameSize ? 1 : 0, at: value.range)
  }

  /// `if`, `guard` and `while` clauses: each jump taken when a clause fails
  /// goes to `falseJumps`.
  private mutating func conditions(_ conditions: [CheckedCondition], falseJumps: inout [Int]) {
    for condition in conditions {
      let mark = tempTop
      defer { tempTop = mark }
      switch condition {
      case .expression(let expr):
        falseJumps += branchUnless(expr)
      case .binding(let ref, let expr):
        let register = value(expr)
        falseJumps.append(emit(.jumpIfNil, register, 0, at: expr.range))
        store(ref, register, declaring: true)
      }
    }
  }

  /// Evaluates a condition and jumps (the jumps returned, to be patched)
  /// when it is false; comparisons compare and branch in one instruction,
  /// and `&&` and `||` become branches, each side failing where the tree
  /// evaluator's would.
  mutating func branchUnless(_ condition: CheckedExpr) -> [Int] {
    let mark = tempTop
    defer { tempTop = mark }
    if case .binary(.and, let left, let right) = condition.kind {
      return branchUnless(left) + branchUnless(right)
    }
    if case .binary(.or, let left, let right) = condition.kind {
      let taken = branchIf(left)
      let failing = branchUnless(right)
      for jump in taken { patch(jump) }
      return failing
    }
    return [branchUnlessSimple(condition)]
  }

  /// Evaluates a condition and jumps (the jumps returned) when it is true.
  mutating func branchIf(_ condition: CheckedExpr) -> [Int] {
    let mark = tempTop
    defer { tempTop = mark }
    if case .binary(.or, let left, let right) = condition.kind {
      return branchIf(left) + branchIf(right)
    }
    if case .binary(.and, let left, let right) = condition.kind {
      let failing = branchUnless(left)
      let taken = branchIf(right)
      for jump in failing { patch(jump) }
      return taken
    }
    if case .binary(let op, let left, let right) = condition.kind, let opIndex = Comparison.code(of: op) {
      if case .integer(let number) = right.kind, let immediate = Int32(exactly: number) {
        let register = value(left)
        return [emit(.jumpIfCompareInt, register, 0, immediate, 0, opIndex, at: condition.range)]
      }
      let a = operand(left, before: [right])
      let b = value(right)
      return [emit(.jumpIfCompare, a, b, 0, 0, opIndex, at: condition.range)]
    }
    let register = value(condition)
    return [emit(.jumpIfTrue, register, 0, at: condition.range)]
  }

  /// A condition that is not `&&` or `||`.
  private mutating func branchUnlessSimple(_ condition: CheckedExpr) -> Int {
    if case .binary(let op, let left, let right) = condition.kind, let opIndex = Comparison.code(of: op) {
      if case .integer(let number) = right.kind, let immediate = Int32(exactly: number) {
        let register = value(left)
        return emit(.jumpUnlessCompareInt, register, 0, immediate, 0, opIndex, at: condition.range)
      }
      let a = operand(left, before: [right])
      let b = value(right)
      if op == .less { return emit(.jumpUnlessLess, a, b, 0, at: condition.range) }
      return emit(.jumpUnlessCompare, a, b, 0, 0, opIndex, at: condition.range)
    }
    let register = value(condition)
    return emit(.jumpIfFalse, register, 0, at: condition.range)
  }

  /// `ref = value` (or its declaration).
  private mutating func assign(_ ref: VariableRef, _ value: CheckedExpr, declaring: Bool) {
    if case .local(let slot) = ref {
      into(value, Int32(slot))
      return
    }
    store(ref, self.value(value), declaring: declaring)
  }

  /// Stores a register into a variable; a declared global counts as
  /// initialized.
  private mutating func store(_ ref: VariableRef, _ register: Int32, declaring: Bool) {
    switch ref {
    case .local(let slot):
      if Int32(slot) != register { emit(.move, Int32(slot), register, at: code.range) }
    case .capture(let index):
      emit(.storeCapture, Int32(index), register, at: code.range)
    case .global(let slot):
      emit(declaring ? .declareGlobal : .storeGlobal, Int32(slot), register, at: code.range)
    }
  }
}
