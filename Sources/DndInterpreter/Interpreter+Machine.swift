import DndCheck
import DndSyntax

/// Runs compiled functions (`CompiledFunction`): one loop over a flat
/// instruction buffer, registers in the value stack.
///
/// A script call made by an instruction starts the callee's frame at the
/// caller's argument registers, so the arguments are already the callee's
/// parameters; the callee clears its whole frame when it returns. The loop
/// runs the callee itself (`enter`, `returnToCaller`): no native frame per
/// script call, so a script recursing deeply uses no native stack. It checks
/// and counts what `invokeCompiled` does (arity, call depth, step budget),
/// and an error leaving the frames adds each call to its stack trace
/// (`unwindCalls`). Calls from native code into the script (delegates,
/// builtins calling closures, the tree evaluator) still go through
/// `invokeCompiled`, one `execute` per call.
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

  /// Calls `callee` with the arguments in instruction `i`'s registers
  /// where the loop cannot run the callee itself: a closure held where the
  /// call could change it (a global variable, a captured local) runs in a
  /// frame of its own through `invokeCompiled`, which keeps it for the call;
  /// anything else goes through `callValue` with the arguments moved out.
  @inline(__always)
  private func call(
    _ callee: Value, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ running: RunningFrame,
    at range: SourceRange
  ) throws -> Value {
    guard case .closure(let closure) = callee else {
      let arguments = running.borrowFunction { takeArguments(r, i, $0) }
      let result = try callValue(callee, arguments, at: range)
      var spent = consume arguments
      recycle(&spent)
      return result
    }
    let result = try invokeCompiled(
      closure.compiled, captures: closure.captures, argumentCount: Int(i.d), base: running.base + Int(i.c),
      at: range)
    stackTop = running.base + running.borrowFunction { $0.registerCount }
    return result
  }

  /// Runs a compiled function's instructions on the frame at `base`, and
  /// the script functions it calls (`enter`), each in its own frame, until
  /// it returns.
  func execute(_ function: CompiledFunction, base: Int, captures: [Cell]) throws -> Value {
    var running = RunningFrame(Unmanaged.passUnretained(function), closure: nil, base: base, stack: stack)
    // The next instruction, as a pointer: cheaper to step and to dispatch
    // on than an index. An instruction's range is at its own index.
    var ip = running.code
    // The calls this loop has entered are the records above these.
    let entryCalls = registers.pointee.callCount
    do {
      while true {
        let r = running.registers
        let code = running.code
        let i = InstructionRef(ip)
        ip += 1
        // Where errors of this instruction are reported: found only if used.
        let place = Place(running.unretainedFunction, i)
        switch i.op {
        case .move:
          move(r + Int(i.b), to: r + Int(i.a))
        case .loadInt:
          put(r + Int(i.a), .int(Int(i.b)))
        case .loadConstant:
          put(r + Int(i.a), running.borrowFunction { $0.constants }[Int(i.b)])
        case .loadNil:
          put(r + Int(i.a), .nil)
        case .loadLiteral:
          put(r + Int(i.a), .string(registers.pointee.literals[Int(i.b)]))
        case .loadGlobal:
          put(r + Int(i.a), globals[Int(i.b)])
        case .loadGlobalChecked:
          let slot = Int(i.b)
          guard globalReady[slot] else {
            throw RuntimeError(.uninitializedGlobal(program.globals[slot].name), at: place.range)
          }
          put(r + Int(i.a), globals[slot])
        case .storeGlobal:
          globals[Int(i.a)] = r[Int(i.b)]
        case .declareGlobal:
          globals[Int(i.a)] = r[Int(i.b)]
          globalReady[Int(i.a)] = true
        case .loadCapture:
          if let closure = running.closure {
            let value = closure._withUnsafeGuaranteedRef { $0.captures[Int(i.b)].current }
            put(r + Int(i.a), value)
          } else {
            put(r + Int(i.a), captures[Int(i.b)].current)
          }
        case .storeCapture:
          if let closure = running.closure {
            closure._withUnsafeGuaranteedRef { $0.captures[Int(i.a)].current = r[Int(i.b)] }
          } else {
            captures[Int(i.a)].current = r[Int(i.b)]
          }

        case .add:
          if i.e != 0, case .string = r[Int(i.c)], case .string = r[Int(i.b)] {
            try concatenate(r, i, at: place.range)
          } else {
            try binary(.add, r, i, r[Int(i.c)], place)
          }
        case .subtract: try binary(.subtract, r, i, r[Int(i.c)], place)
        case .multiply: try binary(.multiply, r, i, r[Int(i.c)], place)
        case .divide: try binary(.divide, r, i, r[Int(i.c)], place)
        case .remainder: try binary(.remainder, r, i, r[Int(i.c)], place)
        case .less: try binary(.less, r, i, r[Int(i.c)], place)
        case .lessEqual: try binary(.lessEqual, r, i, r[Int(i.c)], place)
        case .greater: try binary(.greater, r, i, r[Int(i.c)], place)
        case .greaterEqual: try binary(.greaterEqual, r, i, r[Int(i.c)], place)
        case .equal: try binary(.equal, r, i, r[Int(i.c)], place)
        case .notEqual: try binary(.notEqual, r, i, r[Int(i.c)], place)
        case .addInt: try binary(.add, r, i, .int(Int(i.c)), place)
        case .subtractInt: try binary(.subtract, r, i, .int(Int(i.c)), place)
        case .multiplyInt: try binary(.multiply, r, i, .int(Int(i.c)), place)
        case .divideInt: try binary(.divide, r, i, .int(Int(i.c)), place)
        case .remainderInt: try binary(.remainder, r, i, .int(Int(i.c)), place)
        case .lessInt: try binary(.less, r, i, .int(Int(i.c)), place)
        case .lessEqualInt: try binary(.lessEqual, r, i, .int(Int(i.c)), place)
        case .greaterInt: try binary(.greater, r, i, .int(Int(i.c)), place)
        case .greaterEqualInt: try binary(.greaterEqual, r, i, .int(Int(i.c)), place)
        case .equalInt: try binary(.equal, r, i, .int(Int(i.c)), place)
        case .notEqualInt: try binary(.notEqual, r, i, .int(Int(i.c)), place)
        case .binaryOther:
          let op: BinaryOperator = i.d == 0 ? .identical : .notIdentical
          put(r + Int(i.a), try arithmetic(op, r[Int(i.b)], r[Int(i.c)], at: place.range))
        case .unary:
          put(r + Int(i.a), try unary(i.c == 0 ? .negate : .not, r[Int(i.b)], at: place.range))

        case .jump:
          ip = code + Int(i.a)
        case .jumpIfFalse:
          if try !condition(r[Int(i.a)], place) { ip = code + Int(i.b) }
        case .jumpIfTrue:
          if try condition(r[Int(i.a)], place) { ip = code + Int(i.b) }
        case .jumpIfNil:
          if case .nil = r[Int(i.a)] { ip = code + Int(i.b) }
        case .jumpIfNotNil:
          if case .nil = r[Int(i.a)] {} else { ip = code + Int(i.b) }
        case .checkBool:
          _ = try condition(r[Int(i.a)], place)
        case .checkNotNil:
          if case .nil = r[Int(i.a)] { throw RuntimeError(.unwrappedNil, at: place.range) }
        case .jumpUnlessLess:
          if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
            if !(x < y) { ip = code + Int(i.c) }
          } else {
            let result = try arithmetic(.less, r[Int(i.a)], r[Int(i.b)], at: place.range)
            if try !condition(result, place) { ip = code + Int(i.c) }
          }
        case .jumpUnlessCompareInt:
          let comparison = Comparison(code: i.e)
          if case .int(let x) = r[Int(i.a)] {
            if !comparison.holds(x, Int(i.c)) { ip = code + Int(i.d) }
          } else {
            let result = try arithmetic(
              comparison.op, r[Int(i.a)], .int(Int(i.c)), at: place.range)
            if try !condition(result, place) { ip = code + Int(i.d) }
          }
        case .jumpUnlessCompare:
          let comparison = Comparison(code: i.e)
          if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
            if !comparison.holds(x, y) { ip = code + Int(i.d) }
          } else {
            let result = try arithmetic(comparison.op, r[Int(i.a)], r[Int(i.b)], at: place.range)
            if try !condition(result, place) { ip = code + Int(i.d) }
          }

        case .jumpIfCompareInt:
          let comparison = Comparison(code: i.e)
          if case .int(let x) = r[Int(i.a)] {
            if comparison.holds(x, Int(i.c)) { ip = code + Int(i.d) }
          } else {
            let result = try arithmetic(
              comparison.op, r[Int(i.a)], .int(Int(i.c)), at: place.range)
            if try condition(result, place) { ip = code + Int(i.d) }
          }
        case .jumpIfCompare:
          let comparison = Comparison(code: i.e)
          if case .int(let x) = r[Int(i.a)], case .int(let y) = r[Int(i.b)] {
            if comparison.holds(x, y) { ip = code + Int(i.d) }
          } else {
            let result = try arithmetic(comparison.op, r[Int(i.a)], r[Int(i.b)], at: place.range)
            if try condition(result, place) { ip = code + Int(i.d) }
          }

        case .callGlobal:
          let entry = registers.pointee.functions + Int(i.b)
          if let target = entry.pointee.function {
            try enter(target, closure: entry.pointee.closure, i, &running, &ip, place)
            continue
          }
          put(r + Int(i.a), try call(globals[Int(i.b)], r, i, running, at: place.range))
        case .callValue:
          let slot = r + Int(i.b)
          if case .closure = slot.pointee, registers.pointee.objectPayloadFirst,
            UInt(bitPattern: slot) > registers.pointee.highestOpenCell
          {
            // No cell points at the callee's register, and a cell into this
            // frame can only be made by this frame, so nothing can change the
            // register until the call returns: the closure is borrowed from
            // it, not retained for the call (nor copied out of the register,
            // which would retain it too), and the callee's frame refers to it.
            let closure = Unmanaged<Closure>.fromOpaque(Value.objectAddress(slot))
            let target = closure._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.compiled) }
            try enter(target, closure: closure, i, &running, &ip, place)
            continue
          }
          put(r + Int(i.a), try call(slot.pointee, r, i, running, at: place.range))
        case .callBuiltin:
          guard let builtin = Builtin(rawValue: UInt16(truncatingIfNeeded: i.b)) else { break }
          put(r + Int(i.a), try running.borrowFunction { try callBuiltin(builtin, r, i, $0, at: place.range) })
        case .callMethod:
          put(r + Int(i.a), try running.borrowFunction { try callMethod(r, i, $0, at: place.range) })
        case .callMutatingVariable:
          let result = try running.borrowFunction { function in
            try running.withCaptures(or: captures) { try callMutating(function, i, r, $0, at: place.range) }
          }
          put(r + Int(i.a), result)
        case .appendVariable:
          let slot = i.d == 0 ? r + Int(i.b) : globals + Int(i.b)
          let element = i.e != 0 ? take(r + Int(i.c)) : r[Int(i.c)]
          put(r + Int(i.a), try append(element, to: slot, at: place.range))
        case .stringOf:
          if case .int(let number) = r[Int(i.b)] {
            put(r + Int(i.a), .string(decimal(number)))
          } else {
            r[Int(i.a)] = try callBuiltin(
              .string, Arguments([r[Int(i.b)]], labels: [nil]), at: place.range)
          }
        case .prefixedDecimal:
          guard case .int(let number) = r[Int(i.b)] else { continue }
          let prefix = running.borrowFunction { $0.prefixes[Int(i.e)] }
          // A number has at most 20 characters: the exact count only near the limit.
          if prefix.count + 20 > limits.maxStringLength {
            try checkLength(prefix.count + decimalLength(number), at: place.range)
          }
          put(r + Int(i.a), .string(decimal(number, after: prefix)))
          ip = code + Int(i.d)
        case .member:
          // `xs.count` read where the array lives, without copying it out.
          if i.c == Symbol(.count).raw, case .array(let elements) = r[Int(i.b)] {
            put(r + Int(i.a), .int(elements.count))
            continue
          }
          let value = r[Int(i.b)]
          if i.d != 0, case .nil = value {
            put(r + Int(i.a), .nil)
          } else {
            put(r + Int(i.a), try member(of: value, Symbol(raw: i.c), at: place.range))
          }
        case .memberChain:
          // Only objects have shortcuts; anything else reads the members that follow.
          guard case .object(let object) = r[Int(i.b)] else { continue }
          let third = i.e == -1 ? nil : Symbol(raw: i.e)
          guard let value = object.memberChain(Symbol(raw: i.c), Symbol(raw: i.d), third) else { continue }
          // Where the last member read, as the general path leaves it.
          lastNativeCallRange = place.range
          put(r + Int(i.a), value)
          ip += third == nil ? 2 : 3
        case .subscriptValue:
          put(r + Int(i.a), try subscriptValue(r + Int(i.b), r[Int(i.c)], place))
        case .subscriptGlobal:
          put(r + Int(i.a), try subscriptValue(globals + Int(i.b), r[Int(i.c)], place))
        case .field:
          let key = registers.pointee.literals + Int(i.c)
          if case .dictionary = r[Int(i.b)], registers.pointee.objectPayloadFirst {
            // The dictionary and the key are borrowed where they are, not retained.
            let box = Unmanaged<DictionaryBox>.fromOpaque(Value.objectAddress(r + Int(i.b)))
            box._withUnsafeGuaranteedRef { box in
              put(r + Int(i.a), box.value(forLiteral: key, addressFirst: true))
            }
          } else {
            let range = place
            put(r + Int(i.a), try subscriptValue(r + Int(i.b), .string(key.pointee), range))
          }
        case .setSubscript:
          try running.borrowFunction { function in
            try running.withCaptures(or: captures) { try setSubscript(function, i, r, $0, at: place.range) }
          }
        case .setPath:
          try running.borrowFunction { function in
            try running.withCaptures(or: captures) { try setPath(function, i, r, $0, at: place.range) }
          }
        case .callMutatingSubscript:
          let result = try running.borrowFunction { function in
            try running.withCaptures(or: captures) {
              try callMutatingSubscript(function, i, r, $0, at: place.range)
            }
          }
          put(r + Int(i.a), result)

        case .makeArray:
          let values = takeValues(r + Int(i.b), count: Int(i.c))
          try checkNesting(values, at: place.range)
          put(r + Int(i.a), .array(values))
        case .makeDictionary:
          put(r + Int(i.a), .dictionary(DictionaryBox(capacity: Int(i.b))))
        case .dictionaryInsert:
          let element = r[Int(i.b)]
          let key = r[Int(i.c)]
          try checkNesting(element, at: place.range)
          try checkNesting(key, at: place.range)
          if case .dictionary(let box) = r[Int(i.a)], box.set(element, for: key) != nil {
            throw RuntimeError(.duplicateDictionaryKey(key.debugDescription(symbols: program.symbols)), at: place.range)
          }
        case .makeRecord:
          let start = r + Int(i.b)
          // The values before the last were checked as they were made (`checkNesting`).
          try checkNesting(start[Int(i.c) - 1], at: place.range)
          let record = running.borrowFunction { DictionaryBox(shape: $0.shapes[Int(i.d)], moving: start) }
          put(r + Int(i.a), .dictionary(record))
        case .checkNesting:
          try checkNesting(r[Int(i.a)], at: place.range)
        case .makeClosure:
          let closure = running.borrowFunction { function in
            running.withCaptures(or: captures) { makeClosure(function.children[Int(i.b)], r, $0) }
          }
          put(r + Int(i.a), .closure(closure))

        case .returnValue:
          // A local is moved out too, as its frame ends here, unless a cell
          // points at it: closing the cell reads it.
          let slot = r + Int(i.a)
          let result =
            i.b != 0 || UInt(bitPattern: slot) > registers.pointee.highestOpenCell ? take(slot) : slot.pointee
          if registers.pointee.callCount == entryCalls { return result }
          returnToCaller(result, &running, &ip)
        case .returnNil:
          if registers.pointee.callCount == entryCalls { return .nil }
          returnToCaller(.nil, &running, &ip)
        case .closeCells:
          if registers.pointee.highestOpenCell >= UInt(bitPattern: r + Int(i.a)) {
            closeCells(from: r + Int(i.a))
          }
        case .clearRegisters:
          releaseReferences(r + Int(i.a), count: Int(i.b))
        case .countStep:
          try countStep(place)

        case .checkRangeBound:
          _ = try integer(r[Int(i.a)], at: place.range)
        case .checkRangeOrder:
          let low = try integer(r[Int(i.a)], at: place.range)
          let high = try integer(r[Int(i.b)], at: place.range)
          guard low <= high else { throw RuntimeError(.invalidRange(low, high), at: place.range) }
        case .forRangeLoop:
          guard case .int(let index) = r[Int(i.a)], case .int(let high) = r[Int(i.b)],
            i.e == 0 ? index < high : index <= high
          else {
            ip = code + Int(i.d)
            continue
          }
          try countStep(place)
          if i.c >= 0 { put(r + Int(i.c), .int(index)) }
        case .forRangeNext:
          // The increment and the next pass's test in one instruction.
          guard case .int(let index) = r[Int(i.a)], index != Int.max else { continue }
          let next = index + 1
          put(r + Int(i.a), .int(next))
          guard case .int(let high) = r[Int(i.d)], i.e == 0 ? next < high : next <= high else { continue }
          try countStep(place)
          if i.c >= 0 { put(r + Int(i.c), .int(next)) }
          ip = code + Int(i.b)
        case .checkTuple:
          let names = Int(i.b)
          guard case .tuple(let box) = r[Int(i.a)], box.elements.count == names else {
            throw tupleDestructuringError(r[Int(i.a)], names: names, at: place.range)
          }
        case .tupleElementAt:
          guard case .tuple(let box) = r[Int(i.b)] else { continue }
          put(r + Int(i.a), box.elements[Int(i.c)])
        case .forInPrepare:
          try prepareSequence(r + Int(i.a), r + Int(i.b), at: place.range)
        case .forInLoop:
          guard case .int(let position) = r[Int(i.b)], let element = element(of: r[Int(i.a)], at: position)
          else {
            ip = code + Int(i.d)
            continue
          }
          try countStep(place)
          if i.c >= 0 { put(r + Int(i.c), element) }
        case .forInNext:
          guard case .int(let position) = r[Int(i.b)], position != Int.max else { continue }
          let next = position + 1
          r[Int(i.b)] = .int(next)
          guard let element = element(of: r[Int(i.a)], at: next) else { continue }
          try countStep(place)
          if i.d >= 0 { put(r + Int(i.d), element) }
          ip = code + Int(i.c)

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
          try update(&slot.pointee, Self.assignmentOperator(i.c), operand, at: place.range)
        case .compoundVariable:
          let target = running.borrowFunction { $0.lvalues[Int(i.a)] }
          guard case .variable(let ref) = target.kind else { break }
          let operand = r[Int(i.b)]
          let op = Self.assignmentOperator(i.c)
          let range = place.range
          let frame = Frame(base: r, captures: running.capturesCopy(or: captures))
          if let slot = variablePointer(ref, frame) {
            try update(&slot.pointee, op, operand, at: range)
          } else {
            try modify(target, frame) { current in try self.update(&current, op, operand, at: range) }
          }

        case .evalTree:
          let expression = running.borrowFunction { $0.expressions[Int(i.b)] }
          put(r + Int(i.a), try eval(expression, Frame(base: r, captures: running.capturesCopy(or: captures))))
        case .execTree:
          let statement = running.borrowFunction { $0.statements[Int(i.a)] }
          let completion = try execute(statement, Frame(base: r, captures: running.capturesCopy(or: captures)))
          if case .returned(let value) = completion {
            if registers.pointee.callCount == entryCalls { return value }
            returnToCaller(value, &running, &ip)
          }
        case .collectionTooLarge:
          throw RuntimeError(.collectionTooLarge(limits.maxCollectionCount), at: place.range)
        }
      }
    } catch {
      throw unwindCalls(error, to: entryCalls, from: running)
    }
  }

  /// A builtin called with the arguments in instruction `i`'s registers.
  /// Out of line, as `callMethod(_:_:_:at:)`: the argument buffer's
  /// handling would otherwise be inlined into the instruction loop, whose
  /// size costs every other instruction registers.
  @inline(never)
  private func callBuiltin(
    _ builtin: Builtin, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ function: CompiledFunction,
    at range: SourceRange
  ) throws -> Value {
    // A `let` passed on as it is, then consumed: a `var` would be copied
    // (its two arrays retained and released) for the call.
    let arguments = takeArguments(r, i, function)
    let result = try callBuiltin(builtin, arguments, at: range)
    var spent = consume arguments
    recycle(&spent)
    return result
  }

  /// `r[b].method(arguments)`, the method and labels at `sites[e]`.
  @inline(never)
  private func callMethod(
    _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ function: CompiledFunction, at range: SourceRange
  ) throws -> Value {
    let receiver = r[Int(i.b)]
    let symbol = function.sites[Int(i.e)].symbol
    let arguments = takeArguments(r, i, function)
    let result = try callMethod(on: receiver, symbol, arguments, at: range)
    var spent = consume arguments
    recycle(&spent)
    return result
  }

  /// `r[a] = r[b] op right`, Int with Int answered here.
  @inline(__always)
  private func binary(
    _ op: BinaryOperator, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ right: Value,
    _ range: Place
  ) throws {
    if case .int(let x) = r[Int(i.b)], case .int(let y) = right {
      // One store for every operator, so that each inlined copy stays small.
      if let result = intResult(op, x, y) {
        put(r + Int(i.a), result)
        return
      }
    }
    try binarySlowly(op, r, i, right, range)
  }

  /// `binary` for anything but two Ints (and for their overflows): out of
  /// line, so that the instruction loop's copies of `binary` stay small.
  @inline(never)
  private func binarySlowly(
    _ op: BinaryOperator, _ r: UnsafeMutablePointer<Value>, _ i: InstructionRef, _ right: Value,
    _ range: Place
  ) throws {
    if op == .add, case .string(let a) = r[Int(i.b)], case .string(let b) = right {
      try checkLength(a.value.utf8.count + b.value.utf8.count, at: range.range)
      put(r + Int(i.a), .string(a.value + b.value))
      return
    }
    put(r + Int(i.a), try arithmetic(op, r[Int(i.b)], right, at: range.range))
  }

  /// `x op y` for two Ints, nil when the general path must answer (an
  /// overflow, a division by zero, an operator without an Int case here).
  /// The tree evaluator asks it too.
  @inline(__always)
  func intResult(_ op: BinaryOperator, _ x: Int, _ y: Int) -> Value? {
    switch op {
    case .less: return .bool(x < y)
    case .lessEqual: return .bool(x <= y)
    case .greater: return .bool(x > y)
    case .greaterEqual: return .bool(x >= y)
    case .equal: return .bool(x == y)
    case .notEqual: return .bool(x != y)
    case .add:
      let (sum, overflow) = x.addingReportingOverflow(y)
      return overflow ? nil : .int(sum)
    case .subtract:
      let (difference, overflow) = x.subtractingReportingOverflow(y)
      return overflow ? nil : .int(difference)
    case .multiply:
      let (product, overflow) = x.multipliedReportingOverflow(by: y)
      return overflow ? nil : .int(product)
    // Zero and Int.min % -1 take the generic path, which reports them.
    case .remainder: return y != 0 && y != -1 ? .int(x % y) : nil
    case .divide: return y != 0 && y != -1 ? .int(x / y) : nil
    default: return nil
    }
  }

  /// `variable.append(element)`, an array changed in place; anything else
  /// takes the general path of mutating methods.
  @inline(__always)
  private func append(
    _ element: consuming Value, to slot: UnsafeMutablePointer<Value>, at range: SourceRange
  ) throws -> Value {
    guard case .array = slot.pointee else {
      return try callMutatingMethod(
        on: &slot.pointee, Symbol(.append), Arguments([element], labels: [nil]), at: range)
    }
    // Moved out of the slot (which holds nil meanwhile), so that its buffer
    // is not shared, and without a retain and release.
    guard case .array(var elements) = take(slot) else { return .nil }
    defer { slot.initialize(to: .array(elements)) }
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
      put(r + Int(i.a), .string(left))
    } else if i.e & 2 != 0 && isKnownUniquelyReferenced(&right) {
      right.value = left.value + right.value
      put(r + Int(i.a), .string(right))
    } else {
      put(r + Int(i.a), .string(left.value + right.value))
    }
  }


  /// A condition's Bool; anything else is an error (no truthiness).
  @inline(__always)
  private func condition(_ value: Value, _ range: Place) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw RuntimeError(.conditionNotBool(value.typeName), at: range.range)
    }
    return flag
  }

  /// `collection[index]`, arrays and dictionaries answered here. The
  /// collection is read where it lives (a register or a global), not
  /// copied out, which would retain and release it.
  @inline(__always)
  private func subscriptValue(
    _ collection: UnsafeMutablePointer<Value>, _ index: Value, _ range: Place
  ) throws -> Value {
    if case .array(let elements) = collection.pointee, case .int(let position) = index {
      guard position >= 0, position < elements.count else {
        throw RuntimeError(.indexOutOfRange(position, count: elements.count), at: range.range)
      }
      return elements[position]
    }
    if case .dictionary(let box) = collection.pointee {
      try chargeWalk(of: index, at: range.range)
      return box[index] ?? .nil
    }
    return try subscriptGet(collection.pointee, Arguments([index], labels: [nil]), at: range.range)
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

extension Value {
  /// The address of the object a value holding one (a closure, a box)
  /// refers to, read from its first word without retaining it. Only valid
  /// when `objectPayloadFirst()` holds, and for a value known to hold an
  /// object.
  @inline(__always)
  static func objectAddress(_ slot: UnsafeMutablePointer<Value>) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(slot).load(as: UnsafeMutableRawPointer.self)
  }

  /// Whether this build lays a value holding an object out with the
  /// object's address in its first word (Swift's layout of an enum whose
  /// payloads are one word each, the case number in the byte after).
  static func objectPayloadFirst() -> Bool {
    let box = StringBox("")
    let value = Value.string(box)
    let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    slot.initialize(to: value)
    defer {
      slot.deinitialize(count: 1)
      slot.deallocate()
    }
    return MemoryLayout<Value>.size == 9 && objectAddress(slot) == Unmanaged.passUnretained(box).toOpaque()
  }
}

/// The source range of the running instruction, found only when an error
/// or a call needs it: at the instruction's byte offset in the parallel
/// buffer of ranges (`RangeSlot`), without dividing by a stride. Holds
/// the function, not its buffers, so that the instruction loop loads
/// them only where a range is wanted.
struct Place {
  let function: Unmanaged<CompiledFunction>
  let instruction: InstructionRef

  @inline(__always)
  init(_ function: Unmanaged<CompiledFunction>, _ i: InstructionRef) {
    self.function = function
    self.instruction = i
  }

  var range: SourceRange {
    @inline(__always) get {
      function._withUnsafeGuaranteedRef { function in
        let code = function.instructions
        guard MemoryLayout<RangeSlot>.stride == MemoryLayout<Instruction>.stride else {
          return function.ranges[instruction.pointer - code].range
        }
        let offset = UnsafeRawPointer(instruction.pointer) - UnsafeRawPointer(code)
        return (UnsafeRawPointer(function.ranges) + offset).load(as: RangeSlot.self).range
      }
    }
  }
}

extension Value {
  /// Whether the value holds no reference: copying it copies its bits,
  /// dropping it does nothing.
  @inline(__always)
  var isScalar: Bool {
    // The reference cases are named (see `releaseReferences`).
    switch self {
    case .string, .array, .dictionary, .tuple, .closure, .range, .object: false
    default: true
    }
  }
}

/// `slot.pointee = value`, for an initialized register: when the value it
/// replaces is a scalar, there is nothing to release, and the value is
/// written without the general (outlined, switching) destroy.
@inline(__always)
func put(_ slot: UnsafeMutablePointer<Value>, _ value: consuming Value) {
  if slot.pointee.isScalar {
    slot.initialize(to: value)
  } else {
    slot.pointee = value
  }
}

/// `target.pointee = source.pointee`: two scalars are copied as bits,
/// without the general copy and destroy.
@inline(__always)
func move(_ source: UnsafeMutablePointer<Value>, to target: UnsafeMutablePointer<Value>) {
  if source.pointee.isScalar && target.pointee.isScalar {
    UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: MemoryLayout<Value>.size)
  } else {
    target.pointee = source.pointee
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

extension Interpreter {
  /// Counts one step (a loop's pass, a `countStep` instruction) against the
  /// budget; the range is found only when the budget is spent.
  @inline(__always)
  func countStep(_ place: Place) throws {
    stepsLeft -= 1
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: place.range) }
  }
}
