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
      code.hasParameterClause
      ? .wrongArgumentCount(code.name, expected: code.parameterCount, found: argumentCount)
      : .closureTakesNoParameters(argumentCount)
    return RuntimeError(message, at: range)
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

/// A global function's compiled code, unretained: compiled functions live
/// as long as the interpreter (`compiledFunctions`).
struct FunctionEntry {
  /// Unmanaged, so that a call borrows it (`_withUnsafeGuaranteedRef`)
  /// instead of retaining and releasing it.
  var function: Unmanaged<CompiledFunction>?

  init(function: CompiledFunction? = nil) { self.function = function.map { Unmanaged.passUnretained($0) } }
}

/// Drops the references a finished frame's registers hold. Scalars stay:
/// a register is always written before it is read (the locals a closure
/// may read early are cleared on entry, `clearsLocals`), so only
/// references, which keep objects alive and collections shared, need to go.
@inline(__always)
func releaseReferences(_ start: UnsafeMutablePointer<Value>, count: Int) {
  for position in 0..<count {
    switch start[position] {
    case .nil, .bool, .int, .double, .builtinFunction, .type, .enumCase: continue
    default: start[position] = .nil
    }
  }
}

/// The comparison of a compare-and-branch instruction.
struct Comparison {
  let op: BinaryOperator

  /// From the code the compiler stored (`Comparison.code(of:)`).
  @inline(__always)
  init(code: Int32) {
    switch code {
    case 0: op = .less
    case 1: op = .lessEqual
    case 2: op = .greater
    case 3: op = .greaterEqual
    case 4: op = .equal
    default: op = .notEqual
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
    switch op {
    case .less: x < y
    case .lessEqual: x <= y
    case .greater: x > y
    case .greaterEqual: x >= y
    case .equal: x == y
    default: x != y
    }
  }
}
