import DndCheck
import DndSyntax

/// Statements: blocks, declarations, control flow, loops and steps.
extension Interpreter {
  /// Runs a block: creates its hoisted functions, runs its statements, and
  /// detaches the cells of its captured variables when it ends, so the next
  /// pass through it (the next loop iteration) gets fresh variables.
  func executeBlock(_ block: CheckedBlock, _ frame: Frame) throws -> Completion {
    for function in block.functions {
      frame.base[function.slot] = .closure(makeClosure(function.code, frame))
    }
    guard let firstCaptured = block.firstCapturedSlot else {
      return try executeStatements(block.statements, frame)
    }
    defer { closeCells(from: frame.base + firstCaptured) }
    return try executeStatements(block.statements, frame)
  }

  @inline(__always)
  private func executeStatements(_ statements: [CheckedStmt], _ frame: Frame) throws -> Completion {
    for statement in statements {
      let completion = try execute(statement, frame)
      if case .normal = completion { continue }
      return completion
    }
    return .normal
  }

  /// `let (a, b) = value`: each variable gets its element, once the value
  /// is known to be a tuple of their number.
  func declareTuple(_ refs: [VariableRef?], _ value: Value, _ frame: Frame, at range: SourceRange) throws {
    guard case .tuple(let box) = value, box.elements.count == refs.count else {
      throw tupleDestructuringError(value, names: refs.count, at: range)
    }
    for (ref, element) in zip(refs, box.elements) {
      guard let ref else { continue }
      storeVariable(ref, element, frame)
      if case .global(let slot) = ref { globalReady[slot] = true }
    }
  }

  /// The error of taking `value` apart into `names` names when it is not a
  /// tuple of that many elements.
  func tupleDestructuringError(_ value: Value, names: Int, at range: SourceRange) -> RuntimeError {
    var found = value.isNil ? "nil" : "a value of type '\(value.typeName)'"
    var foundTuple = false
    if case .tuple(let box) = value {
      found = "a tuple of \(box.elements.count) elements"
      foundTuple = true
    }
    return RuntimeError(.tupleDestructuring(names: names, found: found, foundTuple: foundTuple), at: range)
  }

  func execute(_ stmt: CheckedStmt, _ frame: Frame) throws -> Completion {
    switch stmt.kind {
    case .expression(let expr):
      _ = try eval(expr, frame)
    case .declare(let ref, let value):
      let initial = try value.map { try eval($0, frame) } ?? .nil
      storeVariable(ref, initial, frame)
      if case .global(let slot) = ref { globalReady[slot] = true }
    case .declareTuple(let refs, let value):
      try declareTuple(refs, eval(value, frame), frame, at: value.range)
    case .sequence(let statements):
      return try executeStatements(statements, frame)
    case .assign(let target, let op, let value):
      try assign(target, op, value, frame)
    case .ifStatement(let conditions, let then, let otherwise):
      if try holds(conditions, frame) { return try executeBlock(then, frame) }
      switch otherwise {
      case .block(let block): return try executeBlock(block, frame)
      case .elseIf(let nested): return try execute(nested, frame)
      case nil: break
      }
    case .guardStatement(let conditions, let otherwise):
      if try !holds(conditions, frame) { return try executeBlock(otherwise, frame) }
    case .whileStatement(let conditions, let body):
      while try holds(conditions, frame) {
        try countStep(at: stmt.range)
        switch try executeBlock(body, frame) {
        case .normal, .continueLoop: continue
        case .breakLoop: return .normal
        case .returned(let value): return .returned(value)
        }
      }
    case .forRange(let slot, let lower, let upper, let isClosed, let body):
      return try forRange(slot, lower, upper, isClosed, body, frame, range: stmt.range)
    case .forIn(let slot, let sequence, let body):
      return try forIn(slot, sequence, body, frame, range: stmt.range)
    case .switchStatement(let subject, let slot, let cases, let otherwise):
      frame.base[slot] = try eval(subject, frame)
      var body = otherwise
      search: for switchCase in cases {
        for pattern in switchCase.patterns where try isTrue(eval(pattern, frame), at: pattern.range) {
          body = switchCase.body
          break search
        }
      }
      // A `break` that reaches the switch ends it; `continue` and `return` go on out.
      let completion = try executeBlock(body, frame)
      frame.base[slot] = .nil
      if case .breakLoop = completion { return .normal }
      return completion
    case .noCaseMatched(let value):
      throw RuntimeError(.noCaseMatched(caseText(try eval(value, frame))), at: stmt.range)
    case .returnStatement(let value):
      guard let value else { return .returned(.nil) }
      return .returned(try eval(value, frame))
    case .breakStatement:
      return .breakLoop
    case .continueStatement:
      return .continueLoop
    case .step(let step):
      let outerStep = stepFrame
      stepFrame = frame
      defer { stepFrame = outerStep }
      try host.perform(step, at: stmt.range, interpreter: self)
    case .declareApp(let index):
      try host.declareApp(program.apps[index], interpreter: self)
    case .declareSource(let index):
      try host.declareSource(program.sources[index], interpreter: self)
    }
    return .normal
  }

  /// A switch subject as a case would spell it: `.copy`, `"a"`, `3`,
  /// shortened past 60 characters.
  func caseText(_ value: Value) -> String {
    if case .enumCase(let symbol) = value { return "." + program.symbols.name(of: symbol) }
    return value.debugDescription(symbols: program.symbols, limit: 60)
  }

  /// Evaluates `if`/`guard`/`while` clauses left to right, binding `let`s;
  /// false at the first false condition or nil binding.
  func holds(_ conditions: [CheckedCondition], _ frame: Frame) throws -> Bool {
    for condition in conditions {
      switch condition {
      case .expression(let expr):
        guard try isTrue(eval(expr, frame), at: expr.range) else { return false }
      case .binding(let ref, let expr):
        let value = try eval(expr, frame)
        if value.isNil { return false }
        storeVariable(ref, value, frame)
        if case .global(let slot) = ref { globalReady[slot] = true }
      }
    }
    return true
  }

  /// A Bool condition's value; anything else is an error (no truthiness).
  @inline(__always)
  func isTrue(_ value: Value, at range: SourceRange) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw RuntimeError(.conditionNotBool(value.typeName), at: range)
    }
    return flag
  }

  private func forRange(
    _ slot: Int?, _ lower: CheckedExpr, _ upper: CheckedExpr, _ isClosed: Bool, _ body: CheckedBlock,
    _ frame: Frame, range: SourceRange
  ) throws -> Completion {
    let low = try integer(eval(lower, frame), at: lower.range)
    let high = try integer(eval(upper, frame), at: upper.range)
    guard low <= high else { throw RuntimeError(.invalidRange(low, high), at: range) }
    var index = low
    while isClosed ? index <= high : index < high {
      try countStep(at: range)
      if let slot { frame.base[slot] = .int(index) }
      switch try executeBlock(body, frame) {
      case .normal, .continueLoop: break
      case .breakLoop: return .normal
      case .returned(let value): return .returned(value)
      }
      if index == Int.max { break }
      index += 1
    }
    return .normal
  }

  private func forIn(
    _ slot: Int?, _ sequence: CheckedExpr, _ body: CheckedBlock, _ frame: Frame, range: SourceRange
  ) throws -> Completion {
    let elements: [Value]
    let value = try eval(sequence, frame)
    switch value {
    case .array(let array): elements = array
    case .range(let box):
      return try forEachInteger(box, slot, body, frame, range: range)
    default: elements = try sequenceElements(value, at: sequence.range)
    }
    for element in elements {
      try countStep(at: range)
      if let slot { frame.base[slot] = element }
      switch try executeBlock(body, frame) {
      case .normal, .continueLoop: continue
      case .breakLoop: return .normal
      case .returned(let value): return .returned(value)
      }
    }
    return .normal
  }

  private func forEachInteger(
    _ box: RangeBox, _ slot: Int?, _ body: CheckedBlock, _ frame: Frame, range: SourceRange
  ) throws -> Completion {
    var index = box.lower
    while box.contains(index) {
      try countStep(at: range)
      if let slot { frame.base[slot] = .int(index) }
      switch try executeBlock(body, frame) {
      case .normal, .continueLoop: break
      case .breakLoop: return .normal
      case .returned(let value): return .returned(value)
      }
      if index == Int.max { break }
      index += 1
    }
    return .normal
  }

  /// The elements a `for` loop (or `Array(x)`) visits: characters of a
  /// string, `(key:, value:)` pairs of a dictionary, integers of a range.
  func sequenceElements(_ value: Value, at range: SourceRange?) throws -> [Value] {
    switch value {
    case .array(let elements): return elements
    case .string(let box): return try characters(of: box.value, at: range)
    case .dictionary(let box):
      let labels = [Symbol(.key), Symbol(.value)]
      return zip(box.keys, box.values).map { .tuple(TupleBox([$0, $1], labels: labels)) }
    case .range(let box):
      let count = box.count
      guard count <= limits.maxCollectionCount else {
        throw RuntimeError(.collectionTooLarge(limits.maxCollectionCount), at: range)
      }
      return (0..<count).map { .int(box.lower + $0) }
    case .object(let object):
      if let elements = try object.sequence(interpreter: self) { return elements }
    default: break
    }
    throw RuntimeError(.notIterable(value.typeName), at: range)
  }

  /// A string's characters as an array: an array like any other, so no
  /// longer than `maxCollectionCount` (a string may hold four times that
  /// many bytes). Byte count bounds the character count, so counting is only
  /// needed near the limit.
  func characters(of text: String, at range: SourceRange?) throws -> [Value] {
    if text.utf8.count > limits.maxCollectionCount { try checkCount(text.count, at: range) }
    return text.map { .string(String($0)) }
  }

  /// An Int operand, or an error naming what it was.
  func integer(_ value: Value, at range: SourceRange) throws -> Int {
    guard case .int(let number) = value else {
      throw RuntimeError(.wrongArgumentType("range", expected: "an Int", found: value.typeName), at: range)
    }
    return number
  }
}
