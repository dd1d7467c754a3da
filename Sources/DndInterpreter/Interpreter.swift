import DndCheck
import DndSyntax

/// The interpreter: runs a `CheckedProgram`. Each function body is lowered
/// once to register instructions (`FunctionCompiler`) and run by
/// `Interpreter+Machine`; the tree evaluator (`eval`, `execute`) runs the
/// global scope's expressions and the few constructs not lowered.
///
/// Design, for speed and for safety:
/// - Every name is a slot. Locals live in one fixed value stack (`stack`);
///   a call's frame is a window of it (its registers), so that a local read
///   is a pointer offset. Globals are an array; captured variables are
///   `Cell`s that point into the stack while their frame is alive and hold
///   the value after (Lua's upvalues).
/// - Member names are `Symbol`s; core methods switch on `KnownMember`.
/// - `break` and `continue` are jumps, `return` leaves the instruction loop;
///   in the tree evaluator they travel as a `Completion` value. Only runtime
///   errors are thrown.
/// - Every limit (steps, call depth, stack slots, collection and string
///   sizes, and the native stack itself) ends the run with a diagnostic.
///
/// The public surface is small (`run`, `call`, `evaluate`, `execute`,
/// globals), so the checker's output and the binding do not depend on how
/// bodies are run.
public final class Interpreter {
  public private(set) var program: CheckedProgram
  public let host: InterpreterHost
  public let natives: NativeRegistry
  public let limits: InterpreterLimits
  /// Source files, for line numbers in stack traces.
  public var files: [SourceFile]
  /// How its host reaches it (see `InterpreterLink`).
  let link = InterpreterLink()

  /// Whether each global's declaration has run (checked for reads the
  /// checker could not order, `globalChecked`).
  var globalReady: [Bool]

  /// The value stack: one allocation for the whole run, so that open cells
  /// can point into it. Slots below `initializedSlots` are initialized.
  let stack: UnsafeMutablePointer<Value>
  var initializedSlots = 0
  /// The captures of a global function: one empty array, passed to each
  /// call without the retain and release a literal `[]` costs there.
  let noCaptures: [Cell] = []
  /// Cells pointing into the stack, in increasing address order.
  var openCells: [Cell] = []
  /// Bytes printed so far, against `limits.maxOutputBytes`.
  var outputBytes = 0
  /// The counters every call and loop touches, and the globals.
  let registers: UnsafeMutablePointer<Registers>

  /// The state touched on every call, behind a pointer: each access to a
  /// class's `var` field costs a dynamic exclusivity check, an access
  /// through a pointer does not.
  struct Registers {
    /// The first free stack slot.
    var stackTop = 0
    var callDepth = 0
    var stepsLeft = 0
    /// Below this native stack address the interpreter stops recursing.
    var nativeStackLimit: UInt = 0
    /// The address of the highest open cell's slot; 0 when none is open.
    var highestOpenCell: UInt = 0
    var globals: UnsafeMutablePointer<Value>
    var globalCount = 0
    var globalCapacity = 0
    /// For each global slot (`globalCapacity` of them) holding a `func`,
    /// its compiled code, so that a call of it reads no closure.
    var functions: UnsafeMutablePointer<FunctionEntry>
    /// The range of the latest call into native code.
    var lastNativeCallRange: SourceRange?
    /// One box per string literal, shared by every evaluation of it (a
    /// change copies it first, as the box is never uniquely referenced).
    var literals: UnsafeMutablePointer<StringBox>
    var literalCount = 0
    /// Whether a value holding an object keeps the object's address in its
    /// first word (`Value.objectAddress`), checked once here; calls read a
    /// closure out of a register that way, without retaining it.
    var objectPayloadFirst = false
    /// An empty array with room for a few values, lent to each call into
    /// native code for its arguments and given back after it (see
    /// `takeArguments`), so that such a call allocates no argument array.
    var argumentBuffer: [Value] = []
    /// The callers suspended by calls the instruction loop entered without
    /// recursing (`enter`), innermost last; at most one per call in progress.
    var calls = UnsafeMutablePointer<CallRecord>.allocate(capacity: 16)
    var callCount = 0
    var callCapacity = 16
  }

  var stackTop: Int {
    @inline(__always) get { registers.pointee.stackTop }
    @inline(__always) set { registers.pointee.stackTop = newValue }
  }

  var callDepth: Int {
    @inline(__always) get { registers.pointee.callDepth }
    @inline(__always) set { registers.pointee.callDepth = newValue }
  }

  var stepsLeft: Int {
    @inline(__always) get { registers.pointee.stepsLeft }
    @inline(__always) set { registers.pointee.stepsLeft = newValue }
  }

  /// The global slots.
  var globals: UnsafeMutablePointer<Value> {
    @inline(__always) get { registers.pointee.globals }
  }

  /// Each function's compiled form, by its code (`compiled(_:)`); possibly
  /// shared with other interpreters of the same program and limits.
  let compiledFunctions: CompiledFunctionCache

  /// The frame of the step statement being performed, so that the host
  /// evaluates the step's expressions where they were written.
  var stepFrame: Frame?

  /// The range of the latest call into native code (a member set, a method
  /// call): where the binding says a runtime warning arose.
  public internal(set) var lastNativeCallRange: SourceRange? {
    get { registers.pointee.lastNativeCallRange }
    set { registers.pointee.lastNativeCallRange = newValue }
  }

  public convenience init(
    program: CheckedProgram, host: InterpreterHost, natives: NativeRegistry = NativeRegistry(),
    limits: InterpreterLimits = InterpreterLimits(), files: [SourceFile] = []
  ) {
    self.init(
      program: program, host: host, natives: natives, limits: limits, files: files,
      compiled: CompiledFunctionCache())
  }

  /// An interpreter that takes its compiled functions from, and adds them
  /// to, `compiled` (shared by interpreters of the same program and limits).
  init(
    program: CheckedProgram, host: InterpreterHost, natives: NativeRegistry, limits: InterpreterLimits,
    files: [SourceFile], compiled: CompiledFunctionCache
  ) {
    self.compiledFunctions = compiled
    self.program = program
    self.host = host
    self.natives = natives
    self.limits = limits
    self.files = files
    let globalCount = program.globals.count
    let globalStorage = UnsafeMutablePointer<Value>.allocate(capacity: max(globalCount, 1))
    globalStorage.initialize(repeating: .nil, count: globalCount)
    let functionStorage = UnsafeMutablePointer<FunctionEntry>.allocate(capacity: max(globalCount, 1))
    functionStorage.initialize(repeating: FunctionEntry(), count: max(globalCount, 1))
    self.registers = UnsafeMutablePointer<Registers>.allocate(capacity: 1)
    registers.initialize(
      to: Registers(
        stepsLeft: limits.maxSteps, globals: globalStorage, globalCount: globalCount,
        globalCapacity: max(globalCount, 1), functions: functionStorage,
        literals: Interpreter.boxLiterals(program.stringLiterals),
        literalCount: program.stringLiterals.count))
    self.globalReady = program.globals.map { global in
      switch global.kind {
      case .function, .app, .source: true
      case .variable, .constant, .view: false
      }
    }
    self.stack = UnsafeMutablePointer<Value>.allocate(capacity: max(limits.maxStackSlots, 16))
    registers.pointee.objectPayloadFirst = Value.objectPayloadFirst()
    createGlobalFunctions(program.globalFunctions)
    link.attach(self)
  }

  deinit {
    link.detach()
    stack.deinitialize(count: initializedSlots)
    stack.deallocate()
    registers.pointee.globals.deinitialize(count: registers.pointee.globalCount)
    registers.pointee.functions.deinitialize(count: registers.pointee.globalCapacity)
    registers.pointee.functions.deallocate()
    registers.pointee.globals.deallocate()
    registers.pointee.literals.deinitialize(count: registers.pointee.literalCount)
    registers.pointee.literals.deallocate()
    registers.pointee.calls.deinitialize(count: registers.pointee.callCount)
    registers.pointee.calls.deallocate()
    registers.deinitialize(count: 1)
    registers.deallocate()
  }

  // MARK: - Entry points

  /// Runs the program's top level.
  public func run() throws {
    _ = try call(program.main, [])
  }

  /// Adds the next input of a REPL session (checked with
  /// `Checker.check(_:file:continuing:)` against the current program) and
  /// runs its top level. Globals keep their values.
  public func continueWith(_ next: CheckedProgram) throws {
    let count = registers.pointee.globalCount
    let added = next.globals.count - count
    if added > 0 {
      if next.globals.count > registers.pointee.globalCapacity {
        let capacity = max(next.globals.count, registers.pointee.globalCapacity * 2)
        let grown = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
        grown.moveInitialize(from: globals, count: count)
        globals.deallocate()
        registers.pointee.globals = grown
        let functions = UnsafeMutablePointer<FunctionEntry>.allocate(capacity: capacity)
        functions.initialize(repeating: FunctionEntry(), count: capacity)
        functions.update(from: registers.pointee.functions, count: registers.pointee.globalCapacity)
        registers.pointee.functions.deinitialize(count: registers.pointee.globalCapacity)
        registers.pointee.functions.deallocate()
        registers.pointee.functions = functions
        registers.pointee.globalCapacity = capacity
      }
      (globals + count).initialize(repeating: .nil, count: added)
      registers.pointee.globalCount = next.globals.count
      for global in next.globals[globalReady.count...] {
        switch global.kind {
        case .function, .app, .source: globalReady.append(true)
        case .variable, .constant, .view: globalReady.append(false)
        }
      }
    }
    program = next
    registers.pointee.literals.deinitialize(count: registers.pointee.literalCount)
    registers.pointee.literals.deallocate()
    registers.pointee.literals = Interpreter.boxLiterals(next.stringLiterals)
    registers.pointee.literalCount = next.stringLiterals.count
    createGlobalFunctions(next.globalFunctions)
    try run()
  }

  /// Calls a script function value (a closure, a builtin, a type, a callable
  /// object) with arguments; how native code calls back into the script.
  public func call(_ function: Value, _ arguments: [Value]) throws -> Value {
    try guarded { try self.callValue(function, Arguments(arguments), at: nil) }
  }

  /// Calls a function's code directly: for handlers and scenario bodies,
  /// which capture nothing.
  public func call(_ code: FunctionCode, _ arguments: [Value]) throws -> Value {
    try guarded { try self.invoke(code, captures: [], with: arguments, at: nil) }
  }

  /// Evaluates an expression of the global scope (a view property's value).
  public func evaluate(_ expr: CheckedExpr) throws -> Value {
    try guarded { try self.eval(expr, self.globalFrame()) }
  }

  /// Evaluates an expression of the step being performed (a `drag to`
  /// target, an `expect` condition) in the frame of the step's statement,
  /// so that it sees the locals of the scenario or function around it.
  public func evaluateStepExpression(_ expr: CheckedExpr) throws -> Value {
    try guarded { try self.eval(expr, self.stepFrame ?? self.globalFrame()) }
  }

  /// Executes a statement of the global scope (an app variable).
  public func execute(_ stmt: CheckedStmt) throws {
    _ = try guarded { try self.execute(stmt, self.globalFrame()) }
  }

  /// Calls `body` with every slot of the calls in progress (their locals
  /// and temporaries), bottom first: the explorer's fingerprints read a
  /// scenario's local variables there.
  func forEachLiveSlot(_ body: (Value) -> Void) {
    for slot in 0..<min(stackTop, initializedSlots) { body(stack[slot]) }
  }

  /// The value of a global slot.
  public func global(_ slot: Int) -> Value {
    slot >= 0 && slot < registers.pointee.globalCount ? globals[slot] : .nil
  }

  /// Sets a global slot (the binding binds view names this way) and marks
  /// it as declared.
  public func setGlobal(_ slot: Int, to value: Value) {
    guard slot >= 0 && slot < registers.pointee.globalCount else { return }
    globals[slot] = value
    globalReady[slot] = true
  }

  /// The spelling of a symbol.
  public func name(of symbol: Symbol) -> String { program.symbols.name(of: symbol) }

  /// The text `print` shows for a value.
  public func describe(_ value: Value) -> String { value.description(symbols: program.symbols) }

  /// `describe`, for text a script keeps or prints: over the string limit it
  /// stops building and throws.
  func describe(_ value: Value, at range: SourceRange?) throws -> String {
    var text = ""
    value.write(to: &text, symbols: program.symbols, quoted: false, limit: limits.maxStringLength)
    try checkLength(text.utf8.count, at: range)
    try chargeBulk(bytes: text.utf8.count, at: range)
    return text
  }

  /// Steps left in the budget (calls and loop iterations).
  public var remainingSteps: Int { stepsLeft }

  /// Gives the step budget back in full: a REPL session does this before
  /// each input, so that one runaway loop does not use up the session.
  public func refillStepBudget() { stepsLeft = limits.maxSteps }

  // MARK: - Frames

  /// A call's window of the stack and the running closure's captures.
  struct Frame {
    let base: UnsafeMutablePointer<Value>
    let captures: [Cell]
  }

  /// How a statement ended.
  enum Completion {
    case normal
    case breakLoop
    case continueLoop
    case returned(Value)
  }

  func globalFrame() -> Frame { Frame(base: stack + stackTop, captures: []) }

  /// Runs an entry point; if it fails, puts the interpreter back as it was
  /// (stack, cells, depth) so that the session can go on.
  private func guarded<T>(_ body: () throws -> T) throws -> T {
    let savedTop = stackTop
    let savedDepth = callDepth
    if callDepth == 0 {
      registers.pointee.nativeStackLimit = NativeStack.lowestSafeAddress(remembering: &compiledFunctions.stackBounds)
    }
    do {
      return try body()
    } catch let error as RuntimeError {
      closeCells(from: stack + savedTop)
      stackTop = savedTop
      callDepth = savedDepth
      throw error
    }
  }

  private static func boxLiterals(_ texts: [String]) -> UnsafeMutablePointer<StringBox> {
    let boxes = UnsafeMutablePointer<StringBox>.allocate(capacity: max(texts.count, 1))
    for (index, text) in texts.enumerated() { (boxes + index).initialize(to: StringBox(text)) }
    return boxes
  }

  private func createGlobalFunctions(_ functions: [GlobalFunction]) {
    for function in functions {
      let closure = Closure(compiled: compiled(function.code), captures: [])
      globals[function.slot] = .closure(closure)
      // Function slots are written only here (the checker lets no code
      // assign to a `func`), so the table stays in step with the globals.
      registers.pointee.functions[function.slot] = FunctionEntry(closure: closure)
    }
  }

  /// Makes sure slots up to `end` exist and are initialized.
  @inline(__always)
  func reserveStack(_ end: Int) throws {
    if end > initializedSlots {
      guard end <= limits.maxStackSlots else {
        throw RuntimeError(.stackOverflowLocals(limits.maxStackSlots))
      }
      (stack + initializedSlots).initialize(repeating: .nil, count: end - initializedSlots)
      initializedSlots = end
    }
  }

  // MARK: - Calls

  /// Calls `code` with arguments already evaluated.
  func invoke(_ code: FunctionCode, captures: [Cell], with arguments: [Value], at range: SourceRange?) throws
    -> Value
  {
    let base = stackTop
    try reserveStack(base + max(code.frameSize, arguments.count))
    for (position, argument) in arguments.enumerated() { stack[base + position] = argument }
    return try invoke(code, captures: captures, argumentCount: arguments.count, base: base, at: range)
  }

  /// Runs `code` in a frame at `base` whose first `argumentCount` slots hold
  /// the arguments. Checks the arity and every call limit, and adds this
  /// call to the stack trace of an error passing through.
  func invoke(
    _ code: FunctionCode, captures: [Cell], argumentCount: Int, base: Int, at range: SourceRange?
  ) throws -> Value {
    try invokeCompiled(
      compiled(code), captures: captures, argumentCount: argumentCount, base: base, at: range)
  }

  @inline(__always)
  func checkCallLimits() throws {
    if callDepth > limits.maxCallDepth { throw RuntimeError(.callDepthExceeded(limits.maxCallDepth)) }
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps)) }
    if NativeStack.currentAddress() < registers.pointee.nativeStackLimit {
      throw RuntimeError(.nativeStackExhausted)
    }
  }

  /// Counts one loop iteration against the step budget.
  @inline(__always)
  func countStep(at range: SourceRange) throws {
    stepsLeft -= 1
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
  }

  /// "in function 'performDrop', called from line 12"; deep recursion keeps
  /// the innermost calls and counts the rest.
  func addTraceNote(to error: inout RuntimeError, code: FunctionCode, calledFrom range: SourceRange?)
  {
    if code.kind == .main && range == nil { return }
    if error.notes.count >= RuntimeError.maxTraceNotes {
      error.omittedCalls += 1
      return
    }
    let what: String
    switch code.kind {
    case .function, .handler: what = "in function '\(code.name)'"
    case .closure: what = "in a closure"
    case .main: what = "at the top level"
    case .scenario: what = "in scenario \"\(code.name)\""
    case .item: what = "in item '\(code.name)'"
    }
    if let range, let line = line(of: range) {
      error.notes.append(Diagnostic.Note("\(what), called from line \(line)", at: range))
    } else {
      error.notes.append(Diagnostic.Note(what, at: code.range))
    }
  }

  /// The 1-based line of a range, if its file is known.
  func line(of range: SourceRange) -> Int? {
    files.first { $0.id == range.file }.map { $0.location(of: Int(range.start)).line }
  }

  // MARK: - Closures and cells

  /// A closure for `code` created in `frame`: its captures are cells for
  /// the frame's slots (shared with any other closure capturing the same
  /// slot) or the frame's own captures.
  func makeClosure(_ code: FunctionCode, _ frame: Frame) -> Closure {
    let function = compiled(code)
    if code.captures.isEmpty { return Closure(compiled: function, captures: []) }
    var cells: [Cell] = []
    cells.reserveCapacity(code.captures.count)
    for source in code.captures {
      switch source {
      case .local(let slot): cells.append(openCell(frame.base + slot))
      case .capture(let index): cells.append(frame.captures[index])
      }
    }
    return Closure(compiled: function, captures: cells)
  }

  /// The open cell for a stack slot, creating it if needed.
  func openCell(_ slot: UnsafeMutablePointer<Value>) -> Cell {
    var position = openCells.count
    while position > 0, let existing = openCells[position - 1].slot, existing >= slot {
      if existing == slot { return openCells[position - 1] }
      position -= 1
    }
    let cell = Cell(slot: slot)
    openCells.insert(cell, at: position)
    registers.pointee.highestOpenCell = openCells.last?.slot.map { UInt(bitPattern: $0) } ?? 0
    return cell
  }

  /// Detaches the cells of every slot from `slot` up: each keeps the
  /// slot's current value, and the slot is free to be reused.
  func closeCells(from slot: UnsafeMutablePointer<Value>) {
    while let last = openCells.last, let pointer = last.slot, pointer >= slot {
      last.value = pointer.pointee
      last.slot = nil
      openCells.removeLast()
    }
    registers.pointee.highestOpenCell = openCells.last?.slot.map { UInt(bitPattern: $0) } ?? 0
  }
}

extension RuntimeError {
  /// Stack trace notes kept before the rest are only counted.
  static let maxTraceNotes = 12
}
