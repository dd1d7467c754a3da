import DndCheck
import DndSyntax

/// Calls of compiled functions: compiling a body on first use, entering and
/// leaving a frame with every limit checked, making closures; and the small
/// types the instruction loop (`Interpreter+Machine`) uses.
extension Interpreter {
  /// The compiled form of `code`, compiled on first use.
  func compiled(_ code: FunctionCode) -> CompiledFunction {
    if let found = compiledFunctions[ObjectIdentifier(code)] { return found }
    let function = FunctionCompiler.compile(
      code, maxCollectionCount: limits.maxCollectionCount,
      compileChild: { [unowned self] child in self.compiled(child) },
      literalBox: { [unowned self] literal in
        literal < self.registers.pointee.literalCount ? self.registers.pointee.literals[literal] : nil
      })
    compiledFunctions[ObjectIdentifier(code)] = function
    return function
  }

  /// Runs `function` in a frame at `base` whose first `argumentCount` slots
  /// hold the arguments.
  func invokeCompiled(
    _ function: CompiledFunction, captures: [Cell], argumentCount: Int, base: Int, at range: SourceRange?
  ) throws -> Value {
    if argumentCount != function.parameterCount {
      throw wrongArgumentCount(function, argumentCount, base: base, at: range)
    }
    let count = function.registerCount
    if base + count > initializedSlots { try reserveStack(base + count) }
    if function.clearsLocals && function.localCount > argumentCount {
      (stack + base + argumentCount).update(repeating: .nil, count: function.localCount - argumentCount)
    }
    let registers = self.registers
    registers.pointee.stackTop = base + count
    registers.pointee.callDepth += 1
    registers.pointee.stepsLeft -= 1
    // The frame is left on both paths; written out instead of a `defer`,
    // which the compiler makes a function of its own, called on each.
    let result: Value
    do {
      // One test for the three limits in the common case; `checkCallLimits`
      // says which was reached.
      if registers.pointee.callDepth > limits.maxCallDepth || registers.pointee.stepsLeft < 0
        || NativeStack.address() < registers.pointee.nativeStackLimit
      {
        try checkCallLimits()
      }
      result = try execute(function, base: base, captures: captures)
    } catch var error as RuntimeError {
      leaveFrame(base: base, count: count)
      if error.range == nil, let range { error.range = range }
      // A limit reached on entering a function UIKit called (a handler has
      // no call in the script): the function is where it happened.
      if error.range == nil { error.range = function.code.range }
      addTraceNote(to: &error, code: function.code, calledFrom: range)
      throw error
    } catch {
      leaveFrame(base: base, count: count)
      throw error
    }
    leaveFrame(base: base, count: count)
    return result
  }

  /// The error of a call with the wrong number of arguments; the frame
  /// was never entered.
  @inline(never)
  private func wrongArgumentCount(
    _ function: CompiledFunction, _ argumentCount: Int, base: Int, at range: SourceRange?
  ) -> RuntimeError {
    stackTop = base
    let code = function.code
    let message: DiagnosticMessage =
      code.hasParameterClause || code.parameterCount > 0
      ? .wrongArgumentCount(code.name, expected: code.parameterCount, found: argumentCount)
      : .closureTakesNoParameters(argumentCount)
    // A call from UIKit has no call site in the script: point at the
    // function or closure it called.
    return RuntimeError(message, at: range ?? code.range)
  }

  /// Ends a call's frame: closes the cells into it, drops its references,
  /// and pops it.
  @inline(__always)
  private func leaveFrame(base: Int, count: Int) {
    // The registers hold the highest open cell's address, so the common
    // case (no cell into this frame) reads no array and retains no cell.
    if registers.pointee.highestOpenCell >= UInt(bitPattern: stack + base) {
      closeCells(from: stack + base)
    }
    releaseReferences(stack + base, count: count)
    stackTop = base
    callDepth -= 1
  }

  /// Enters the script function `target`, called by instruction `i` of the
  /// running frame, without leaving the instruction loop: the caller is
  /// saved in a `CallRecord` and the callee's frame runs in its place,
  /// until its return (`returnToCaller`) restores the caller. What a call
  /// checks and counts is what `invokeCompiled` does; a limit reached here
  /// is an error in the callee's frame, as it is there.
  @inline(__always)
  func enter(
    _ target: Unmanaged<CompiledFunction>, closure: Unmanaged<Closure>?, _ i: InstructionRef,
    _ running: inout RunningFrame,
    _ ip: inout UnsafeMutablePointer<Instruction>, _ place: Place
  ) throws {
    unowned(unsafe) let callee = target.takeUnretainedValue()
    let argumentCount = Int(i.d)
    // Wrapping arithmetic: every count here is far from overflowing (the
    // stack and the call depth are bounded), and the checks would cost.
    let base = running.base &+ Int(i.c)
    if argumentCount != callee.parameterCount {
      throw wrongArgumentCount(callee, argumentCount, base: base, at: place.range)
    }
    let count = callee.registerCount
    if base &+ count > initializedSlots { try reserveStack(base &+ count) }
    if callee.clearsLocals && callee.localCount > argumentCount {
      (stack + base + argumentCount).update(repeating: .nil, count: callee.localCount - argumentCount)
    }
    let registers = self.registers
    if registers.pointee.callCount == registers.pointee.callCapacity { growCallRecords() }
    (registers.pointee.calls + registers.pointee.callCount).initialize(
      to: CallRecord(frame: running, resume: ip))
    registers.pointee.callCount &+= 1
    running = RunningFrame(target, closure: closure, base: base, stack: stack)
    ip = callee.instructions
    registers.pointee.stackTop = base &+ count
    registers.pointee.callDepth &+= 1
    registers.pointee.stepsLeft &-= 1
    // The native stack does not grow here: only the other two limits.
    if registers.pointee.callDepth > limits.maxCallDepth || registers.pointee.stepsLeft < 0 {
      try checkCallLimits()
    }
  }

  /// Leaves the running frame, entered by `enter`, for its caller's, and
  /// puts `result` in the register the call instruction names.
  @inline(__always)
  func returnToCaller(
    _ result: consuming Value, _ running: inout RunningFrame, _ ip: inout UnsafeMutablePointer<Instruction>
  ) {
    let registers = self.registers
    let start = running.registers
    if registers.pointee.highestOpenCell >= UInt(bitPattern: start) { closeCells(from: start) }
    releaseReferences(start, count: running.borrowFunction { $0.registerCount })
    registers.pointee.callDepth &-= 1
    registers.pointee.callCount &-= 1
    let record = (registers.pointee.calls + registers.pointee.callCount).move()
    running = record.frame
    ip = record.resume
    put(running.registers + Int(InstructionRef(ip - 1).a), result)
    registers.pointee.stackTop = running.base &+ running.borrowFunction { $0.registerCount }
  }

  /// Leaves the frames `enter` entered above `entryCalls` as an error passes
  /// through them, innermost first, as `invokeCompiled` leaves its frame:
  /// each call's range given to an error without one, and a stack trace
  /// note for each.
  @inline(never)
  func unwindCalls(_ error: any Error, to entryCalls: Int, from innermost: RunningFrame) -> any Error {
    guard registers.pointee.callCount > entryCalls else { return error }
    var runtimeError = error as? RuntimeError
    var base = innermost.base
    var function = innermost.unretainedFunction
    while registers.pointee.callCount > entryCalls {
      registers.pointee.callCount -= 1
      let record = registers.pointee.calls + registers.pointee.callCount
      let count = function._withUnsafeGuaranteedRef { $0.registerCount }
      leaveFrame(base: base, count: count)
      if var located = runtimeError {
        let range = record.pointee.callRange
        if located.range == nil { located.range = range }
        addTraceNote(to: &located, code: function.takeUnretainedValue().code, calledFrom: range)
        runtimeError = located
      }
      base = record.pointee.frame.base
      function = record.pointee.frame.unretainedFunction
      record.deinitialize(count: 1)
    }
    return runtimeError ?? error
  }

  /// Doubles the room for call records.
  @inline(never)
  private func growCallRecords() {
    let count = registers.pointee.callCount
    let capacity = max(16, registers.pointee.callCapacity * 2)
    let grown = UnsafeMutablePointer<CallRecord>.allocate(capacity: capacity)
    grown.moveInitialize(from: registers.pointee.calls, count: count)
    registers.pointee.calls.deallocate()
    registers.pointee.calls = grown
    registers.pointee.callCapacity = capacity
  }

  /// A closure of `function` created by a frame whose registers start at
  /// `registers`.
  func makeClosure(_ function: CompiledFunction, _ registers: UnsafeMutablePointer<Value>, _ captures: [Cell])
    -> Closure
  {
    let sources = function.code.captures
    if sources.isEmpty { return Closure(compiled: function, captures: []) }
    var cells: [Cell] = []
    cells.reserveCapacity(sources.count)
    for source in sources {
      switch source {
      case .local(let slot): cells.append(openCell(registers + slot))
      case .capture(let index): cells.append(captures[index])
      }
    }
    return Closure(compiled: function, captures: cells)
  }
}

/// The frame the instruction loop runs: its function, its closure and its
/// registers (a window of the value stack at `base`). Unretained, so that
/// entering and leaving a call touches no reference count: compiled
/// functions live as long as the interpreter (`compiledFunctions`), and a
/// callee's closure as long as the caller's register or the global that
/// holds it, which the call cannot change (see `enter`'s callers).
struct RunningFrame {
  var unretainedFunction: Unmanaged<CompiledFunction>
  /// Whose captures the frame reads; nil in the frame `execute` was given,
  /// whose captures came with it.
  var closure: Unmanaged<Closure>?
  var base: Int
  var registers: UnsafeMutablePointer<Value>
  var code: UnsafeMutablePointer<Instruction>

  @inline(__always)
  init(
    _ function: Unmanaged<CompiledFunction>, closure: Unmanaged<Closure>?, base: Int,
    stack: UnsafeMutablePointer<Value>
  ) {
    self.unretainedFunction = function
    self.closure = closure
    self.base = base
    self.registers = stack + base
    self.code = function._withUnsafeGuaranteedRef { $0.instructions }
  }

  /// Runs `body` on the frame's function, borrowed: not retained for it.
  @inline(__always)
  func borrowFunction<T>(_ body: (CompiledFunction) throws -> T) rethrows -> T {
    try unretainedFunction._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` on the frame's captures, borrowed; `entry` are those of
  /// the frame `execute` was given.
  @inline(__always)
  func withCaptures<T>(or entry: [Cell], _ body: ([Cell]) throws -> T) rethrows -> T {
    guard let closure else { return try body(entry) }
    return try closure._withUnsafeGuaranteedRef { try body($0.captures) }
  }

  /// The frame's captures, for a `Frame` of the tree evaluator.
  @inline(__always)
  func capturesCopy(or entry: [Cell]) -> [Cell] {
    withCaptures(or: entry) { $0 }
  }
}

/// A caller waiting in the instruction loop for a call it made (`enter`).
struct CallRecord {
  var frame: RunningFrame
  /// The instruction after the call, where the caller goes on; the call
  /// is the one before it.
  var resume: UnsafeMutablePointer<Instruction>

  /// The call's source range.
  var callRange: SourceRange {
    frame.borrowFunction { $0.ranges[resume - 1 - $0.instructions].range }
  }
}

/// A global function's compiled code and closure, unretained, so that a
/// call borrows them (`_withUnsafeGuaranteedRef`) instead of retaining and
/// releasing them: compiled functions live as long as the interpreter
/// (`compiledFunctions`), and the entry holds the closure.
struct FunctionEntry {
  var function: Unmanaged<CompiledFunction>?
  var closure: Unmanaged<Closure>?
  /// Keeps the closure alive as long as the entry.
  private var owner: Closure?

  init(closure: Closure? = nil) {
    self.function = closure.map { Unmanaged.passUnretained($0.compiled) }
    self.closure = closure.map { Unmanaged.passUnretained($0) }
    self.owner = closure
  }
}

/// Drops the references a finished frame's registers hold. Scalars stay:
/// a register is always written before it is read (the locals a closure
/// may read early are cleared on entry, `clearsLocals`), so only
/// references, which keep objects alive and collections shared, need to go.
@inline(__always)
func releaseReferences(_ start: UnsafeMutablePointer<Value>, count: Int) {
  for position in 0..<count {
    // The reference cases are named, not the scalar ones: `nil`, the case
    // without a payload, then costs one comparison instead of three.
    switch start[position] {
    case .string, .array, .dictionary, .tuple, .closure, .range, .object: start[position] = .nil
    default: continue
    }
  }
}

/// The comparison of a compare-and-branch instruction.
struct Comparison {
  /// The code the compiler stored (`Comparison.code(of:)`): `holds`
  /// switches on it directly, one jump instead of a mapping to the
  /// operator and a switch on that.
  let code: Int32

  @inline(__always)
  init(code: Int32) { self.code = code }

  /// The operator, for the general path (anything but two Ints).
  var op: BinaryOperator {
    switch code {
    case 0: .less
    case 1: .lessEqual
    case 2: .greater
    case 3: .greaterEqual
    case 4: .equal
    default: .notEqual
    }
  }

  /// The code of a comparison operator; nil for the other operators.
  static func code(of op: BinaryOperator) -> Int32? {
    switch op {
    case .less: 0
    case .lessEqual: 1
    case .greater: 2
    case .greaterEqual: 3
    case .equal: 4
    case .notEqual: 5
    default: nil
    }
  }

  @inline(__always)
  func holds(_ x: Int, _ y: Int) -> Bool {
    switch code {
    case 0: x < y
    case 1: x <= y
    case 2: x > y
    case 3: x >= y
    case 4: x == y
    default: x != y
    }
  }
}
