import DndCheck
import DndSyntax

/// One instruction of a compiled function (`CompiledFunction`): an opcode
/// and up to five operands, 24 bytes, stored in a flat buffer.
///
/// Operands are registers (frame-relative slots: the function's locals
/// first, then its temporaries), global slots, immediates or indexes into
/// the function's side tables; what each means is listed with the opcode.
/// Jump targets are instruction indexes. Every instruction has a source
/// range in a parallel buffer, read only when it fails.
struct Instruction {
  var op: Opcode
  var a: Int32
  var b: Int32
  var c: Int32
  var d: Int32
  var e: Int32

  init(_ op: Opcode, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0, _ d: Int32 = 0, _ e: Int32 = 0) {
    self.op = op
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.e = e
  }
}

/// An instruction read where it lies in its function's buffer. Each operand
/// is loaded where a case uses it, so that dispatching does not decode all
/// five operands of every instruction up front.
struct InstructionRef {
  let pointer: UnsafeMutablePointer<Instruction>

  @inline(__always) init(_ pointer: UnsafeMutablePointer<Instruction>) { self.pointer = pointer }

  var op: Opcode { @inline(__always) get { pointer.pointee.op } }
  var a: Int32 { @inline(__always) get { pointer.pointee.a } }
  var b: Int32 { @inline(__always) get { pointer.pointee.b } }
  var c: Int32 { @inline(__always) get { pointer.pointee.c } }
  var d: Int32 { @inline(__always) get { pointer.pointee.d } }
  var e: Int32 { @inline(__always) get { pointer.pointee.e } }
}

/// What an instruction does. `r[x]` is register `x` of the running frame.
enum Opcode: UInt8 {
  /// r[a] = r[b]
  case move
  /// r[a] = .int(b)
  case loadInt
  /// r[a] = constants[b]
  case loadConstant
  /// r[a] = nil
  case loadNil
  /// r[a] = the boxed string literal b
  case loadLiteral
  /// r[a] = globals[b]
  case loadGlobal
  /// r[a] = globals[b], which must have been declared
  case loadGlobalChecked
  /// globals[a] = r[b]
  case storeGlobal
  /// globals[a] = r[b], and the global counts as declared
  case declareGlobal
  /// r[a] = captures[b]
  case loadCapture
  /// captures[a] = r[b]
  case storeCapture

  /// r[a] = r[b] op r[c], for these operators (`add` with e bit 0 set: r[b]
  /// is a temporary that dies here, so a string in it may grow in place;
  /// bit 1: r[c] is one, and its box may take the sum):
  case add, subtract, multiply, divide, remainder
  case less, lessEqual, greater, greaterEqual, equal, notEqual
  /// r[a] = r[b] op c (c an integer immediate), for these operators:
  case addInt, subtractInt, multiplyInt, divideInt, remainderInt
  case lessInt, lessEqualInt, greaterInt, greaterEqualInt, equalInt, notEqualInt
  /// r[a] = r[b] op r[c], op `===` (d = 0) or `!==` (d = 1)
  case binaryOther
  /// r[a] = op r[b], op `-` (c = 0) or `!` (c = 1)
  case unary

  /// pc = a
  case jump
  /// if r[a] is false, pc = b (a condition that is not a Bool fails)
  case jumpIfFalse
  /// if r[a] is true, pc = b (a condition that is not a Bool fails)
  case jumpIfTrue
  /// if r[a] is nil, pc = b
  case jumpIfNil
  /// if r[a] is not nil, pc = b
  case jumpIfNotNil
  /// fails unless r[a] is a Bool
  case checkBool
  /// fails if r[a] is nil (`x!`)
  case checkNotNil
  /// unless r[a] < r[b], pc = c
  case jumpUnlessLess
  /// unless r[a] op c (immediate), pc = d; op: `Comparison` code e
  case jumpUnlessCompareInt
  /// unless r[a] op r[b], pc = d; op: `Comparison` code e
  case jumpUnlessCompare
  /// if r[a] op c (immediate), pc = d; op: `Comparison` code e
  case jumpIfCompareInt
  /// if r[a] op r[b], pc = d; op: `Comparison` code e
  case jumpIfCompare

  /// r[a] = call global b with the d arguments at r[c...]; labels: sites[e]
  case callGlobal
  /// r[a] = call r[b] with the d arguments at r[c...]; labels: sites[e]
  case callValue
  /// r[a] = call builtin b with the d arguments at r[c...]; labels: sites[e]
  case callBuiltin
  /// r[a] = r[b].method(d arguments at r[c...]); method, labels, optional: sites[e]
  case callMethod
  /// r[a] = variable.method(d arguments at r[c...]), changing the variable
  /// lvalues[b] in place; method, labels, optional: sites[e]
  case callMutatingVariable
  /// r[a] = variable.append(r[c]): the local (d = 0) or global (d = 1) slot
  /// b; r[c] is a temporary whose value is moved out when e = 1
  case appendVariable
  /// r[a] = String(r[b])
  case stringOf
  /// `"literal" + String(r[b])` for an Int r[b]: r[a] = the UTF-8 bytes
  /// prefixes[e] followed by its digits, then pc = d; anything else falls
  /// through to the general instructions that follow
  case prefixedDecimal
  /// r[a] = r[b].member c (a symbol); d = 1 when `?.`
  case member
  /// r[a] = r[b].c.d, or r[b].c.d.e when e is not -1 (symbols), when the
  /// object in r[b] has a shortcut for the chain (`NativeObject.memberChain`);
  /// then the two or three general `member` instructions that follow are
  /// skipped, otherwise they run (with their own ranges for errors)
  case memberChain
  /// r[a] = r[b][r[c]]
  case subscriptValue
  /// r[a] = globals[b][r[c]]
  case subscriptGlobal
  /// r[a] = r[b]["literal"], the key being the boxed string literal c: a
  /// record's field, found by its box; anything but a dictionary in r[b]
  /// takes the general subscript with the literal as the key
  case field
  /// lvalues[a] op= r[b], the target being `base[r[c]]`; op =
  /// AssignmentOperator.allCases[d]; r[b] is a temporary moved out when e = 1
  case setSubscript
  /// lvalues[a] op= r[b] for any other path (`view.alpha = 0.5`, `p.x += 1`),
  /// as the tree evaluator's `assign` with the value already evaluated;
  /// op = AssignmentOperator.allCases[c]
  case setPath
  /// r[a] = element.method(d arguments at r[c...]) changing the element in
  /// place: lvalues[b] is `base[r[c + d]]`; method, labels, optional: sites[e]
  case callMutatingSubscript

  /// r[a] = [the c values at r[b...]]
  case makeArray
  /// r[a] = an empty dictionary with room for b keys
  case makeDictionary
  /// r[a][r[c]] = r[b] (a dictionary literal's pair)
  case dictionaryInsert
  /// r[a] = a record: the dictionary of shape shapes[d] (its keys) with the
  /// c values at r[b...], which are moved out
  case makeRecord
  /// fails unless r[a] may go one level down into a collection
  case checkNesting
  /// r[a] = a closure of children[b] over this frame
  case makeClosure

  /// return r[a], moved out when b = 1 (a temporary)
  case returnValue
  /// return nil
  case returnNil
  /// detaches the cells of slots a and up
  case closeCells
  /// r[a ..< a + b] = nil (temporaries no longer needed)
  case clearRegisters
  /// counts a loop iteration against the step budget
  case countStep

  /// fails unless r[a] is an Int (a range bound)
  case checkRangeBound
  /// fails unless r[a] <= r[b] (a range's bounds)
  case checkRangeOrder
  /// `for` over a..<b (e = 0) or a...b (e = 1): unless r[a] is in range with
  /// upper bound r[b], pc = d; else counts a step and sets r[c] (if c >= 0)
  case forRangeLoop
  /// next pass of a range loop: falls through (out of the loop) when r[a]
  /// is Int.max or r[a] + 1 is past the upper bound r[d] (closed when e = 1);
  /// otherwise r[a] += 1, counts a step, sets r[c] (if c >= 0), pc = b
  case forRangeNext
  /// `let (x, y) = r[a]`: r[a] must be a tuple of b elements
  case checkTuple
  /// r[a] = element c of the tuple r[b] (which `checkTuple` checked)
  case tupleElementAt
  /// `for x in r[a]`: prepares the sequence (an array or a range; anything
  /// else becomes an array), position r[b]
  case forInPrepare
  /// unless position r[b] is in the sequence r[a], pc = d; else counts a
  /// step and sets r[c] (if c >= 0) to the element
  case forInLoop
  /// next pass of a `for in` loop: falls through when position r[b] is
  /// Int.max or r[b] + 1 is past the end of r[a]; otherwise r[b] += 1,
  /// counts a step, sets r[d] (if d >= 0) to the element, pc = c
  case forInNext

  /// local r[a] op= r[b], op = AssignmentOperator.allCases[c]
  case compoundLocal
  /// variable lvalues[a] op= r[b], op = AssignmentOperator.allCases[c]
  case compoundVariable

  /// r[a] = the tree evaluator's value of expressions[b]
  case evalTree
  /// runs statements[a] with the tree evaluator
  case execTree
  /// fails: a collection literal of more than the limit's elements (a)
  case collectionTooLarge
}

/// The method, labels and optionality of a call site.
struct CallSite {
  var symbol: Symbol
  var labels: [Symbol?]
  var optional: Bool
}
