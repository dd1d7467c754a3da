import DndCheck
import DndSyntax

/// A function body lowered to instructions (`FunctionCompiler`), which
/// `Interpreter+Machine` runs.
///
/// A frame is a window of the interpreter's value stack: registers
/// `0..<frameSize` are the function's parameters and locals (the slots the
/// checker assigned), the registers after them its temporaries. The
/// instructions and their ranges live in flat buffers; constants, and the
/// trees of the few constructs run by the tree evaluator, in side tables.
final class CompiledFunction {
  let code: FunctionCode
  let parameterCount: Int
  /// The parameters and locals (`code.frameSize`), read here on each call.
  let localCount: Int
  /// Locals and temporaries: the frame's size.
  let registerCount: Int
  /// Whether locals must start out nil: a closure may read a captured local
  /// before its declaration has run (`g()` before `var x = 1; func g()`).
  let clearsLocals: Bool
  let instructions: UnsafeMutablePointer<Instruction>
  let instructionCount: Int
  /// The source range of each instruction, for its errors.
  let ranges: UnsafeMutablePointer<RangeSlot>
  let constants: UnsafeMutablePointer<Value>
  let constantCount: Int
  /// The side tables, behind one reference: the instruction loop would
  /// otherwise load every one of them on entering each call.
  let tables: Tables

  /// What the instructions refer to by index, besides constants.
  final class Tables {
    let expressions: [CheckedExpr]
    let statements: [CheckedStmt]
    let lvalues: [CheckedLValue]
    let sites: [CallSite]
    /// The keys of each record literal (`makeRecord`), shared by its records.
    let shapes: [[Value]]
    /// The UTF-8 bytes of the literals before `+ String(n)` (`prefixedDecimal`).
    let prefixes: [[UInt8]]
    /// Closures and local functions created by this function.
    let children: [CompiledFunction]
    /// For each lvalue, where `setSubscript` finds the collection without
    /// walking the lvalue (`subscriptBase(of:)`).
    let subscriptBases: [Int]

    /// No shortcut: the lvalue is not `variable[index]` of a local or a global.
    static let noSubscriptBase = -1

    /// A local's slot (0 or more) for `local[i]`, `-2 - slot` for
    /// `global[i]`, else `noSubscriptBase` (a captured variable, an
    /// optional `x?[i]`, a longer path).
    static func subscriptBase(of lvalue: CheckedLValue) -> Int {
      guard case .subscripted(let base, _, optional: false) = lvalue.kind, case .variable(let ref) = base.kind
      else { return noSubscriptBase }
      switch ref {
      case .local(let slot): return slot
      case .global(let slot): return -2 - slot
      case .capture: return noSubscriptBase
      }
    }

    init(
      expressions: [CheckedExpr], statements: [CheckedStmt], lvalues: [CheckedLValue], sites: [CallSite],
      shapes: [[Value]], prefixes: [[UInt8]], children: [CompiledFunction]
    ) {
      self.expressions = expressions
      self.statements = statements
      self.lvalues = lvalues
      self.sites = sites
      self.shapes = shapes
      self.prefixes = prefixes
      self.children = children
      self.subscriptBases = lvalues.map(Tables.subscriptBase(of:))
    }
  }

  var expressions: [CheckedExpr] { tables.expressions }
  var statements: [CheckedStmt] { tables.statements }
  var lvalues: [CheckedLValue] { tables.lvalues }
  var sites: [CallSite] { tables.sites }
  var shapes: [[Value]] { tables.shapes }
  var prefixes: [[UInt8]] { tables.prefixes }
  var children: [CompiledFunction] { tables.children }

  init(
    code: FunctionCode, registerCount: Int, clearsLocals: Bool, instructions: [Instruction],
    ranges: [SourceRange], constants: [Value], expressions: [CheckedExpr], statements: [CheckedStmt],
    lvalues: [CheckedLValue], sites: [CallSite], shapes: [[Value]] = [], prefixes: [[UInt8]] = [],
    children: [CompiledFunction]
  ) {
    self.code = code
    self.parameterCount = code.parameterCount
    self.localCount = code.frameSize
    self.registerCount = registerCount
    self.clearsLocals = clearsLocals
    self.instructions = UnsafeMutablePointer.allocate(capacity: max(instructions.count, 1))
    self.instructions.initialize(from: instructions, count: instructions.count)
    self.instructionCount = instructions.count
    self.ranges = UnsafeMutablePointer.allocate(capacity: max(ranges.count, 1))
    self.ranges.initialize(from: ranges.map { RangeSlot(range: $0) }, count: ranges.count)
    self.constants = UnsafeMutablePointer.allocate(capacity: max(constants.count, 1))
    self.constants.initialize(from: constants, count: constants.count)
    self.constantCount = constants.count
    self.tables = Tables(
      expressions: expressions, statements: statements, lvalues: lvalues, sites: sites, shapes: shapes,
      prefixes: prefixes, children: children)
  }

  deinit {
    instructions.deinitialize(count: instructionCount)
    instructions.deallocate()
    ranges.deinitialize(count: instructionCount)
    ranges.deallocate()
    constants.deinitialize(count: constantCount)
    constants.deallocate()
  }
}

/// An instruction's source range, padded to an instruction's size: the
/// range of the instruction at a pointer is then at the same byte offset
/// in the ranges (`Place`), found without a division.
struct RangeSlot {
  var range: SourceRange
  var padding: (UInt32, UInt32, UInt32) = (0, 0, 0)
}
