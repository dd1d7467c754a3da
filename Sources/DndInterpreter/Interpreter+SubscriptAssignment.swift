import DndCheck
import DndSyntax

/// Assignment through one subscript, `a[i] = v` and `d[k] += v`, through
/// any other path, `view.alpha = 0.5`, and a mutating method called on an
/// element, `rows[i].append(x)`, run by the instruction loop
/// (`setSubscript`, `setPath`, `callMutatingSubscript`) with the value and
/// the index already in registers. The compiler sends them only targets
/// where that order is Swift's (the index evaluated before the value, a
/// subscript of a variable, no optional link); the tree evaluator takes
/// the others (`Interpreter+Paths`).
///
/// Each does what the tree evaluator's `store` and `modify` do, with the
/// same errors; an array or a dictionary held by a local or a global is
/// changed where it lives, without an argument list.
extension Interpreter {
  /// `lvalues[a] op= r[b]` for a target `base[r[c]]`; op code d (0 is `=`);
  /// r[b] is moved out when e = 1.
  func setSubscript(
    _ function: CompiledFunction, _ i: InstructionRef, _ r: UnsafeMutablePointer<Value>, _ captures: [Cell],
    at range: SourceRange
  ) throws {
    let value = i.e != 0 ? take(r + Int(i.b)) : r[Int(i.b)]
    let index = r[Int(i.c)]
    let op = Self.assignmentOperator(i.d)
    let targetRange = function.lvalues[Int(i.a)].range
    if op == .assign {
      try checkNesting(value, at: targetRange)
      try checkNesting(index, at: targetRange)
    }
    // `local[i] = v` and `global[i] = v` reach the collection straight from
    // the table, without copying the lvalue (each copy retains its parts).
    let encoded = function.tables.subscriptBases[Int(i.a)]
    if encoded != CompiledFunction.Tables.noSubscriptBase {
      let slot = encoded >= 0 ? r + encoded : globals + (-2 - encoded)
      if try assignInPlace(slot, index, value, op, at: targetRange, range) { return }
    }
    let target = function.lvalues[Int(i.a)]
    guard case .subscripted(let base, _, let optional) = target.kind else { return }
    let frame = Frame(base: r, captures: captures)
    if !optional, case .variable(let ref) = base.kind, let slot = variablePointer(ref, frame),
      try assignInPlace(slot, index, value, op, at: target.range, range)
    {
      return
    }
    try modify(base, frame) { collection in
      if optional && collection.isNil { return }
      try self.modifySubscript(&collection, Arguments([index], labels: [nil]), at: target.range) { current in
        if op == .assign {
          current = value
        } else {
          try self.update(&current, op, value, at: range)
        }
      }
    }
  }

  /// `collection[index] op= value` for an array with an Int index or a
  /// dictionary in `slot`, as `modifySubscript` does it; false (nothing
  /// done) for anything else.
  @inline(__always)
  private func assignInPlace(
    _ slot: UnsafeMutablePointer<Value>, _ index: Value, _ value: Value, _ op: AssignmentOperator,
    at targetRange: SourceRange, _ range: SourceRange
  ) throws -> Bool {
    if case .array(var elements) = slot.pointee, case .int(let position) = index {
      guard position >= 0, position < elements.count else {
        throw RuntimeError(.indexOutOfRange(position, count: elements.count), at: targetRange)
      }
      // Taken out of the slot so that its buffer is not shared.
      slot.pointee = .nil
      defer { slot.pointee = .array(elements) }
      if op == .assign {
        elements[position] = value
      } else {
        try update(&elements[position], op, value, at: range)
      }
      return true
    }
    guard case .dictionary(var box) = slot.pointee else { return false }
    slot.pointee = .nil
    if !isKnownUniquelyReferenced(&box) { box = DictionaryBox(copying: box) }
    defer { slot.pointee = .dictionary(box) }
    var current = value
    try chargeWalk(of: index, at: targetRange)
    if op != .assign {
      current = box[index] ?? .nil
      try update(&current, op, value, at: range)
    }
    // As in Swift, storing nil removes the key.
    if current.isNil {
      box.remove(index)
    } else {
      try box.set(current, for: index) { try checkCount(box.count + 1, at: targetRange) }
    }
    return true
  }

  /// `lvalues[a] op= r[b]` for a path that is not one subscript of a
  /// variable: what `assign` does once it has evaluated the value.
  func setPath(
    _ function: CompiledFunction, _ i: InstructionRef, _ r: UnsafeMutablePointer<Value>, _ captures: [Cell],
    at range: SourceRange
  ) throws {
    let target = function.lvalues[Int(i.a)]
    let value = r[Int(i.b)]
    let op = Self.assignmentOperator(i.c)
    let frame = Frame(base: r, captures: captures)
    if op == .assign {
      try store(target, value, frame)
      return
    }
    try modify(target, frame) { current in try self.update(&current, op, value, at: range) }
  }

  /// r[a] = `base[r[c + d]].method(d arguments at r[c...])`, changing the
  /// element in place: lvalues[b] is the element, sites[e] the method.
  func callMutatingSubscript(
    _ function: CompiledFunction, _ i: InstructionRef, _ r: UnsafeMutablePointer<Value>, _ captures: [Cell],
    at range: SourceRange
  ) throws -> Value {
    let site = function.sites[Int(i.e)]
    let arguments = takeArguments(r, i, function)
    let index = take(r + Int(i.c) + Int(i.d))
    let target = function.lvalues[Int(i.b)]
    guard case .subscripted(let base, _, let optional) = target.kind else { return .nil }
    var result = Value.nil
    try modify(base, Frame(base: r, captures: captures)) { collection in
      if optional && collection.isNil { return }
      try self.modifySubscript(&collection, Arguments([index], labels: [nil]), at: target.range) { receiver in
        if site.optional && receiver.isNil { return }
        result = try self.callMutatingMethod(on: &receiver, site.symbol, arguments, at: range)
      }
    }
    return result
  }
}
