import DndCheck
import DndSyntax

/// Runs compiled functions (`CompiledFunction`): one loop over a flat
/// instruction buffer, registers in the value stack.
///
/// A script call made by an instruction starts the callee's frame at the
/// caller's argument registers, so the arguments are already the callee's
/// parameters; the callee clears its whole frame when it returns. Every
/// call still goes through `invokeCompiled`, which checks the arity, the
/// call depth, the step budget and the native stack, and adds the call to
/// the stack trace of an error passing through, exactly as before.
extension Interpreter {
  /// The arguments of a call to native code, moved out of their registers
  /// into the interpreter's argument buffer (`recycle` gives it back).
  @inline(__always)
  func takeArguments(
    _ registers: UnsafeMutablePointer<Value>, _ instruction: InstructionRef, _ function: CompiledFunction
  ) -> Arguments {
    let start = registers + Int(instruction.c)
    let count = Int(instruction.d)
    var values: [Value] = []
    swap(&values, &self.registers.pointee.argumentBuffer)
    values.reserveCapacity(count)
    for position in 0..<count {
      values.append((start + position).move())
      (start + position).initialize(to: .nil)
    }
    return Arguments(values, labels: function.sites[Int(instruction.e)].labels)
  }

  /// Gives the array of `takeArguments` back once the call has returned,
  /// emptied (the arguments are released now, as they were when the array
  /// went), for the next call. If the callee kept the array (an array
  /// value made of the arguments) emptying it makes a new one, as a call
  /// did before; one grown large is dropped.
  @inline(__always)
  func recycle(_ arguments: inout Arguments) {
    guard arguments.values.capacity <= 16 else { return }
    // Popped one by one: `removeAll(keepingCapacity:)` goes through
    // unspecialised code that costs more than a few pops.
    while arguments.values.popLast() != nil {}
    swap(&arguments.values, &registers.pointee.argumentBuffer)
  }

  /// Calls `callee` with the arguments in instruction `i`'s registers: a
  /// closure straight through its compiled code (its frame starts at those
  /// registers), anything else through `callValue` with the arguments moved out.
  @inline(__always)
  private func call(
    _ callee: Value, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ function: CompiledFunction,
    base: Int, top: Int, at position: Int
  ) throws -> Value {
    guard case .closure(let closure) = callee else {
      var arguments = takeArguments(r, i, function)
      let result = try callValue(callee, arguments, at: function.ranges[position])
      recycle(&arguments)
      return result
    }
    let result = try invokeCompiled(
      closure.compiled, captures: closure.captures, argumentCount: Int(i.d), base: base + Int(i.c),
      at: function.ranges[position])
    stackTop = top
    return result
  }

  /// Runs a compiled function's instructions on the frame at `base`.
  func execute(_ function: CompiledFunction, base: Int, captures: [Cell]) throws -> Value {
    let code = function.instructions
    let r = stack + base
    let top = base + function.registerCount
    var pc = 0
    while true {
      let i = InstructionRef(code + pc)
      pc &+= 1
      switch i.op {
      case .move:
        r[Int(i.a)] = r[Int(i.b)]
      case .loadInt:
        r[Int(i.a)] = .int(Int(i.b))
      case .loadConstant:
        r[Int(i.a)] = function.constants[Int(i.b)]
      case .loadNil:
        r[Int(i.a)] = .nil
      case .loadLiteral:
        r[Int(i.a)] = .string(registers.pointee.literals[Int(i.b)])
      case .loadGlobal:
        r[Int(i.a)] = globals[Int(i.b)]
      case .loadGlobalChecked:
        let slot = Int(i.b)
        guard globalReady[slot] else {
          throw RuntimeError(.uninitializedGlobal(program.globals[slot].name), at: function.ranges[pc - 1])
        }
        r[Int(i.a)] = globals[slot]
      case .storeGlobal:
        globals[Int(i.a)] = r[Int(i.b)]
      case .declareGlobal:
        globals[Int(i.a)] = r[Int(i.b)]
        globalReady[Int(i.a)] = true
      case .loadCapture:
        r[Int(i.a)] = captures[Int(i.b)].current
      case .storeCapture:
        captures[Int(i.a)].current = r[Int(i.b)]

      case .add:
        if i.e != 0, case .string = r[Int(i.c)], case .string = r[Int(i.b)] {
          try concatenate(r, i, at: function.ranges[pc - 1])
        } else {
          try binary(.add, r, i, r[Int(i.c)], function.ranges + (pc - 1))
        }
      case .subtract: try binary(.subtract, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .multiply: try binary(.multiply, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .divide: try binary(.divide, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .remainder: try binary(.remainder, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .less: try binary(.less, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .lessEqual: try binary(.lessEqual, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .greater: try binary(.greater, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .greaterEqual: try binary(.greaterEqual, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .equal: try binary(.equal, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .notEqual: try binary(.notEqual, r, i, r[Int(i.c)], function.ranges + (pc - 1))
      case .addInt: try binary(.add, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .subtractInt: try binary(.subtract, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .multiplyInt: try binary(.multiply, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .divideInt: try binary(.divide, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .remainderInt: try binary(.remainder, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .lessInt: try binary(.less, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .lessEqualInt: try binary(.lessEqual, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .greaterInt: try binary(.greater, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .greaterEqualInt: try binary(.greaterEqual, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .equalInt: try binary(.equal, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .notEqualInt: try binary(.notEqual, r, i, .int(Int(i.c)), function.ranges + (pc - 1))
      case .binaryOther:
        let op: BinaryOperator = i.d == 0 ? .identical : .notIdentical
        r[Int(i.a)] = try arithmetic(op, r[Int(i.b)], r[Int(i.c)], at: function.ranges[pc - 1])
      case .unary:
        r[Int(i.a)] = try unary(i.c == 0 ? .negate : .not, r[Int(i.b)], at: function.ranges[pc - 1])

      case .jump:
        pc = Int(i.a)
      case .jumpIfFalse:
        if try !condition(r[Int(i.a)], function.ranges + (pc - 1)) { pc = Int(i.b) }
      case .jumpIfTrue:
        if try condition(r[Int(i.a)], function.ranges + (pc - 1)) { pc = Int(i.b) }
      case .jumpIfNil:
        if case .nil = r[Int(i.a)] { pc = Int(i.b) }
      case .jumpIfNotNil:
        if case .nil = r[Int(i.a)] {} else { pc = Int(i.b) }
      case .checkBool:
        _ = try condition(r[Int(i.a)], function.ranges + (pc - 1))
      case .jumpUnlessLess:
        if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
          if !(x < y) { pc = Int(i.c) }
        } else {
          let result = try arithmetic(.less, r[Int(i.a)], r[Int(i.b)], at: function.ranges[pc - 1])
          if try !condition(result, function.ranges + (pc - 1)) { pc = Int(i.c) }
        }
      case .jumpUnlessCompareInt:
        let comparison = Comparison(code: i.e)
        if case .int(let x) = r[Int(i.a)] {
          if !comparison.holds(x, Int(i.c)) { pc = Int(i.d) }
        } else {
          let result = try arithmetic(
            comparison.op, r[Int(i.a)], .int(Int(i.c)), at: function.ranges[pc - 1])
          if try !condition(result, function.ranges + (pc - 1)) { pc = Int(i.d) }
        }
      case .jumpUnlessCompare:
        let comparison = Comparison(code: i.e)
        if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
          if !comparison.holds(x, y) { pc = Int(i.d) }
        } else {
          let result = try arithmetic(comparison.op, r[Int(i.a)], r[Int(i.b)], at: function.ranges[pc - 1])
          if try !condition(result, function.ranges + (pc - 1)) { pc = Int(i.d) }
        }

      case .jumpIfCompareInt:
        let comparison = Comparison(code: i.e)
        if case .int(let x) = r[Int(i.a)] {
          if comparison.holds(x, Int(i.c)) { pc = Int(i.d) }
        } else {
          let result = try arithmetic(
            comparison.op, r[Int(i.a)], .int(Int(i.c)), at: function.ranges[pc - 1])
          if try condition(result, function.ranges + (pc - 1)) { pc = Int(i.d) }
        }
      case .jumpIfCompare:
        let comparison = Comparison(code: i.e)
        if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
          if comparison.holds(x, y) { pc = Int(i.d) }
        } else {
          let result = try arithmetic(comparison.op, r[Int(i.a)], r[Int(i.b)], at: function.ranges[pc - 1])
          if try condition(result, function.ranges + (pc - 1)) { pc = Int(i.d) }
        }

      case .callGlobal:
        if let target = registers.pointee.functions[Int(i.b)].function {
          r[Int(i.a)] = try target._withUnsafeGuaranteedRef { callee in
            try invokeCompiled(
              callee, captures: [], argumentCount: Int(i.d), base: base + Int(i.c),
              at: function.ranges[pc - 1])
          }
          stackTop = top
          continue
        }
        r[Int(i.a)] = try call(globals[Int(i.b)], r, i, function, base: base, top: top, at: pc - 1)
      case .callValue:
        let slot = r + Int(i.b)
        if case .closure(let closure) = slot.pointee,
          UInt(bitPattern: slot) > registers.pointee.highestOpenCell
        {
          // No cell points at the callee's register, and a cell into this
          // frame can only be made by this frame, so nothing can change the
          // register until the call returns: the closure is borrowed from
          // it, not retained for the call.
          let borrowed = Unmanaged.passUnretained(closure)
          r[Int(i.a)] = try borrowed._withUnsafeGuaranteedRef { callee in
            try invokeCompiled(
              callee.compiled, captures: callee.captures, argumentCount: Int(i.d), base: base + Int(i.c),
              at: function.ranges[pc - 1])
          }
          stackTop = top
          continue
        }
        r[Int(i.a)] = try call(slot.pointee, r, i, function, base: base, top: top, at: pc - 1)
      case .callBuiltin:
        guard let builtin = Builtin(rawValue: UInt16(truncatingIfNeeded: i.b)) else { break }
        var arguments = takeArguments(r, i, function)
        r[Int(i.a)] = try callBuiltin(builtin, arguments, at: function.ranges[pc - 1])
        recycle(&arguments)
      case .callMethod:
        let receiver = r[Int(i.b)]
        let symbol = function.sites[Int(i.e)].symbol
        var arguments = takeArguments(r, i, function)
        r[Int(i.a)] = try callMethod(on: receiver, symbol, arguments, at: function.ranges[pc - 1])
        recycle(&arguments)
      case .callMutatingVariable:
        r[Int(i.a)] = try callMutating(function, i, r, captures, at: function.ranges[pc - 1])
      case .appendVariable:
        let slot = i.d == 0 ? r + Int(i.b) : globals + Int(i.b)
        let element = i.e != 0 ? take(r + Int(i.c)) : r[Int(i.c)]
        r[Int(i.a)] = try append(element, to: slot, at: function.ranges[pc - 1])
      case .stringOf:
        if case .int(let number) = r[Int(i.b)] {
          r[Int(i.a)] = .string(decimal(number))
        } else {
          r[Int(i.a)] = try callBuiltin(
            .string, Arguments([r[Int(i.b)]], labels: [nil]), at: function.ranges[pc - 1])
        }
      case .prefixedDecimal:
        guard case .int(let number) = r[Int(i.b)] else { continue }
        let prefix = function.prefixes[Int(i.e)]
        try checkLength(prefix.count + decimalLength(number), at: function.ranges[pc - 1])
        r[Int(i.a)] = .string(decimal(number, after: prefix))
        pc = Int(i.d)
      case .member:
        // `xs.count` read where the array lives, without copying it out.
        if i.c == Symbol(.count).raw, case .array(let elements) = r[Int(i.b)] {
          r[Int(i.a)] = .int(elements.count)
          continue
        }
        let value = r[Int(i.b)]
        if i.d != 0, case .nil = value {
          r[Int(i.a)] = .nil
        } else {
          r[Int(i.a)] = try member(of: value, Symbol(raw: i.c), at: function.ranges[pc - 1])
        }
      case .subscriptValue:
        r[Int(i.a)] = try subscriptValue(r + Int(i.b), r[Int(i.c)], function.ranges + (pc - 1))
      case .subscriptGlobal:
        r[Int(i.a)] = try subscriptValue(globals + Int(i.b), r[Int(i.c)], function.ranges + (pc - 1))
      case .setSubscript:
        try setSubscript(function, i, r, captures, at: function.ranges[pc - 1])
      case .setPath:
        try setPath(function, i, r, captures, at: function.ranges[pc - 1])
      case .callMutatingSubscript:
        r[Int(i.a)] = try callMutatingSubscript(function, i, r, captures, at: function.ranges[pc - 1])

      case .makeArray:
        let values = takeValues(r + Int(i.b), count: Int(i.c))
        try checkNesting(values, at: function.ranges[pc - 1])
        r[Int(i.a)] = .array(values)
      case .makeDictionary:
        r[Int(i.a)] = .dictionary(DictionaryBox(capacity: Int(i.b)))
      case .dictionaryInsert:
        let element = r[Int(i.b)]
        let key = r[Int(i.c)]
        try checkNesting(element, at: function.ranges[pc - 1])
        try checkNesting(key, at: function.ranges[pc - 1])
        if case .dictionary(let box) = r[Int(i.a)] { box.set(element, for: key) }
      case .makeRecord:
        let start = r + Int(i.b)
        // The values before the last were checked as they were made (`checkNesting`).
        try checkNesting(start[Int(i.c) - 1], at: function.ranges[pc - 1])
        r[Int(i.a)] = .dictionary(DictionaryBox(shape: function.shapes[Int(i.d)], moving: start))
      case .checkNesting:
        try checkNesting(r[Int(i.a)], at: function.ranges[pc - 1])
      case .makeClosure:
        r[Int(i.a)] = .closure(makeClosure(function.children[Int(i.b)], r, captures))

      case .returnValue:
        return i.b != 0 ? take(r + Int(i.a)) : r[Int(i.a)]
      case .returnNil:
        return .nil
      case .closeCells:
        if registers.pointee.highestOpenCell >= UInt(bitPattern: r + Int(i.a)) {
          closeCells(from: r + Int(i.a))
        }
      case .clearRegisters:
        releaseReferences(r + Int(i.a), count: Int(i.b))
      case .countStep:
        stepsLeft -= 1
        if stepsLeft < 0 {
          throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: function.ranges[pc - 1])
        }

      case .checkRangeBound:
        _ = try integer(r[Int(i.a)], at: function.ranges[pc - 1])
      case .checkRangeOrder:
        let low = try integer(r[Int(i.a)], at: function.ranges[pc - 1])
        let high = try integer(r[Int(i.b)], at: function.ranges[pc - 1])
        guard low <= high else { throw RuntimeError(.invalidRange(low, high), at: function.ranges[pc - 1]) }
      case .forRangeLoop:
        guard case .int(let index) = r[Int(i.a)], case .int(let high) = r[Int(i.b)],
          i.e == 0 ? index < high : index <= high
        else {
          pc = Int(i.d)
          continue
        }
        stepsLeft -= 1
        if stepsLeft < 0 {
          throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: function.ranges[pc - 1])
        }
        if i.c >= 0 { r[Int(i.c)] = .int(index) }
      case .forRangeNext:
        // The increment and the next pass's test in one instruction.
        guard case .int(let index) = r[Int(i.a)], index != Int.max else { continue }
        let next = index + 1
        r[Int(i.a)] = .int(next)
        guard case .int(let high) = r[Int(i.d)], i.e == 0 ? next < high : next <= high else { continue }
        stepsLeft -= 1
        if stepsLeft < 0 {
          throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: function.ranges[pc - 1])
        }
        if i.c >= 0 { r[Int(i.c)] = .int(next) }
        pc = Int(i.b)
      case .forInPrepare:
        try prepareSequence(r + Int(i.a), r + Int(i.b), at: function.ranges[pc - 1])
      case .forInLoop:
        guard case .int(let position) = r[Int(i.b)], let element = element(of: r[Int(i.a)], at: position)
        else {
          pc = Int(i.d)
          continue
        }
        stepsLeft -= 1
        if stepsLeft < 0 {
          throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: function.ranges[pc - 1])
        }
        if i.c >= 0 { r[Int(i.c)] = element }
      case .forInNext:
        guard case .int(let position) = r[Int(i.b)], position != Int.max else { continue }
        let next = position + 1
        r[Int(i.b)] = .int(next)
        guard let element = element(of: r[Int(i.a)], at: next) else { continue }
        stepsLeft -= 1
        if stepsLeft < 0 {
          throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: function.ranges[pc - 1])
        }
        if i.d >= 0 { r[Int(i.d)] = element }
        pc = Int(i.c)

      case .compoundLocal:
        let operand = r[Int(i.b)]
        let slot = r + Int(i.a)
        if case .int(let x) = slot.pointee, case .int(let y) = operand {
          // `+=`, `-=` and `*=` on Ints; overflow and the rest take `update`.
          let result: (partialValue: Int, overflow: Bool)
          switch i.c {
          case 1: result = x.addingReportingOverflow(y)
          case 2: result = x.subtractingReportingOverflow(y)
          case 3: result = x.multipliedReportingOverflow(by: y)
          default: result = (0, true)
          }
          if !result.overflow {
            slot.pointee = .int(result.partialValue)
            continue
          }
        }
        try update(&slot.pointee, Self.assignmentOperator(i.c), operand, at: function.ranges[pc - 1])
      case .compoundVariable:
        let target = function.lvalues[Int(i.a)]
        guard case .variable(let ref) = target.kind else { break }
        let operand = r[Int(i.b)]
        let op = Self.assignmentOperator(i.c)
        let range = function.ranges[pc - 1]
        let frame = Frame(base: r, captures: captures)
        if let slot = variablePointer(ref, frame) {
          try update(&slot.pointee, op, operand, at: range)
        } else {
          try modify(target, frame) { current in try self.update(&current, op, operand, at: range) }
        }

      case .evalTree:
        r[Int(i.a)] = try eval(function.expressions[Int(i.b)], Frame(base: r, captures: captures))
      case .execTree:
        let completion = try execute(function.statements[Int(i.a)], Frame(base: r, captures: captures))
        if case .returned(let value) = completion { return value }
      case .collectionTooLarge:
        throw RuntimeError(.collectionTooLarge(limits.maxCollectionCount), at: function.ranges[pc - 1])
      }
    }
  }

  /// `r[a] = r[b] op right`, Int with Int answered here.
  @inline(__always)
  private func binary(
    _ op: BinaryOperator, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ right: Value,
    _ range: UnsafeMutablePointer<SourceRange>
  ) throws {
    if case .int(let x) = r[Int(i.b)], case .int(let y) = right {
      switch op {
      case .less: r[Int(i.a)] = .bool(x < y); return
      case .lessEqual: r[Int(i.a)] = .bool(x <= y); return
      case .greater: r[Int(i.a)] = .bool(x > y); return
      case .greaterEqual: r[Int(i.a)] = .bool(x >= y); return
      case .equal: r[Int(i.a)] = .bool(x == y); return
      case .notEqual: r[Int(i.a)] = .bool(x != y); return
      case .add:
        let (sum, overflow) = x.addingReportingOverflow(y)
        if !overflow { r[Int(i.a)] = .int(sum); return }
      case .subtract:
        let (difference, overflow) = x.subtractingReportingOverflow(y)
        if !overflow { r[Int(i.a)] = .int(difference); return }
      case .multiply:
        let (product, overflow) = x.multipliedReportingOverflow(by: y)
        if !overflow { r[Int(i.a)] = .int(product); return }
      case .remainder:
        // Zero and Int.min % -1 take the generic path, which reports them.
        if y != 0 && y != -1 { r[Int(i.a)] = .int(x % y); return }
      case .divide:
        if y != 0 && y != -1 { r[Int(i.a)] = .int(x / y); return }
      default: break
      }
    } else if op == .add, case .string(let a) = r[Int(i.b)], case .string(let b) = right {
      try checkLength(a.value.utf8.count + b.value.utf8.count, at: range.pointee)
      r[Int(i.a)] = .string(a.value + b.value)
      return
    }
    r[Int(i.a)] = try arithmetic(op, r[Int(i.b)], right, at: range.pointee)
  }

  /// `variable.append(element)`, an array changed in place; anything else
  /// takes the general path of mutating methods.
  @inline(__always)
  private func append(_ element: Value, to slot: UnsafeMutablePointer<Value>, at range: SourceRange) throws
    -> Value
  {
    guard case .array(var elements) = slot.pointee else {
      return try callMutatingMethod(
        on: &slot.pointee, Symbol(.append), Arguments([element], labels: [nil]), at: range)
    }
    // Taken out of the slot so that its buffer is not shared.
    slot.pointee = .nil
    defer { slot.pointee = .array(elements) }
    try checkCount(elements.count + 1, at: range)
    try checkNesting(element, at: range)
    elements.append(element)
    return .nil
  }

  /// `r[a] = r[b] + r[c]` for two strings, one of them (or both) in a
  /// temporary that dies here (`e`: 1 the left, 2 the right, 3 both): a
  /// dying side's box is reused when nothing else holds it, instead of
  /// making another. `a + b + c` appends to the first sum's box;
  /// `"n" + String(i)` writes into the box `String(i)` made. A dying side
  /// is moved out of its register, so that its box is held only here.
  @inline(never)
  private func concatenate(_ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, at range: SourceRange) throws {
    var leftValue = i.e & 1 != 0 ? take(r + Int(i.b)) : r[Int(i.b)]
    var rightValue = i.e & 2 != 0 ? take(r + Int(i.c)) : r[Int(i.c)]
    guard case .string(var left) = leftValue, case .string(var right) = rightValue else { return }
    // Only the boxes hold the strings now, so that uniqueness is exact.
    leftValue = .nil
    rightValue = .nil
    let length = left.value.utf8.count + right.value.utf8.count
    try checkLength(length, at: range)
    if i.e & 1 != 0 && isKnownUniquelyReferenced(&left) {
      // Short strings are built anew (inline, fast); long ones grow in place.
      if length <= 15 { left.value = left.value + right.value } else { left.value += right.value }
      r[Int(i.a)] = .string(left)
    } else if i.e & 2 != 0 && isKnownUniquelyReferenced(&right) {
      right.value = left.value + right.value
      r[Int(i.a)] = .string(right)
    } else {
      r[Int(i.a)] = .string(left.value + right.value)
    }
  }


  /// A condition's Bool; anything else is an error (no truthiness).
  @inline(__always)
  private func condition(_ value: Value, _ range: UnsafeMutablePointer<SourceRange>) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw RuntimeError(.conditionNotBool(value.typeName), at: range.pointee)
    }
    return flag
  }

  /// `collection[index]`, arrays and dictionaries answered here. The
  /// collection is read where it lives (a register or a global), not
  /// copied out, which would retain and release it.
  @inline(__always)
  private func subscriptValue(
    _ collection: UnsafeMutablePointer<Value>, _ index: Value, _ range: UnsafeMutablePointer<SourceRange>
  ) throws -> Value {
    if case .array(let elements) = collection.pointee, case .int(let position) = index {
      guard position >= 0, position < elements.count else {
        throw RuntimeError(.indexOutOfRange(position, count: elements.count), at: range.pointee)
      }
      return elements[position]
    }
    if case .dictionary(let box) = collection.pointee { return box[index] ?? .nil }
    return try subscriptGet(collection.pointee, Arguments([index], labels: [nil]), at: range.pointee)
  }

  /// `variable.method(arguments)` changing the variable in place.
  private func callMutating(
    _ function: CompiledFunction, _ i: InstructionRef, _ r: UnsafeMutablePointer<Value>, _ captures: [Cell],
    at range: SourceRange
  ) throws -> Value {
    let site = function.sites[Int(i.e)]
    let arguments = takeArguments(r, i, function)
    let target = function.lvalues[Int(i.b)]
    guard case .variable(let ref) = target.kind else { return .nil }
    let frame = Frame(base: r, captures: captures)
    // A variable is changed where it lives: no closure, no path.
    if let slot = variablePointer(ref, frame) {
      if site.optional && slot.pointee.isNil { return .nil }
      return try callMutatingMethod(on: &slot.pointee, site.symbol, arguments, at: range)
    }
    var result = Value.nil
    try modify(target, frame) { receiver in
      if site.optional && receiver.isNil { return }
      result = try self.callMutatingMethod(on: &receiver, site.symbol, arguments, at: range)
    }
    return result
  }

  /// Readies a `for in` loop: an array or a range stays as it is (a range
  /// is walked without building its elements), anything else becomes the
  /// array of its elements; the position starts at the first.
  private func prepareSequence(
    _ sequence: UnsafeMutablePointer<Value>, _ position: UnsafeMutablePointer<Value>, at range: SourceRange
  ) throws {
    switch sequence.pointee {
    case .array: position.pointee = .int(0)
    case .range(let box): position.pointee = .int(box.lower)
    default:
      sequence.pointee = .array(try sequenceElements(sequence.pointee, at: range))
      position.pointee = .int(0)
    }
  }

  /// The element of a prepared sequence at `position`, nil past its end.
  @inline(__always)
  private func element(of sequence: Value, at position: Int) -> Value? {
    if case .array(let elements) = sequence {
      return position < elements.count ? elements[position] : nil
    }
    if case .range(let box) = sequence { return box.contains(position) ? .int(position) : nil }
    return nil
  }

  static func assignmentOperator(_ code: Int32) -> AssignmentOperator {
    switch code {
    case 1: .add
    case 2: .subtract
    case 3: .multiply
    case 4: .divide
    case 5: .remainder
    default: .assign
    }
  }
}

/// Moves `count` consecutive registers into a new array, leaving nil behind:
/// an array or record literal's elements, evaluated into temporaries.
@inline(__always)
private func takeValues(_ start: UnsafeMutablePointer<Value>, count: Int) -> [Value] {
  var values: [Value] = []
  values.reserveCapacity(count)
  for position in 0..<count {
    values.append((start + position).move())
    (start + position).initialize(to: .nil)
  }
  return values
}
