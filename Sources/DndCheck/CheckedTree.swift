import DndSyntax

/// The resolved tree: what the checker produces and the interpreter runs.
///
/// Every name is already a slot (`local`, `capture`, `global`) or a builtin
/// id, every member name a `Symbol`, every function body a `FunctionCode`
/// with its frame size and capture list. Nothing here can name something
/// unresolved, so the interpreter never looks a name up.
///
/// Frames: a function's parameters are slots `0..<parameterCount`, its
/// locals the slots after them (sibling blocks reuse slots). A closure
/// captures variables by reference: `FunctionCode.captures` says, for each
/// capture, which slot or capture of the enclosing function it refers to.

/// Where a variable lives.
public enum VariableRef: Hashable, Sendable {
  /// A slot of the current frame.
  case local(Int)
  /// An entry of the running closure's captures.
  case capture(Int)
  /// A global slot.
  case global(Int)
}

/// How a closure finds one of its captures when it is created: a slot of the
/// enclosing frame, or one of the enclosing closure's own captures.
public enum CaptureSource: Hashable, Sendable {
  case local(Int)
  case capture(Int)
}

/// A function, closure, handler, scenario or item body, resolved.
public final class FunctionCode: Sendable {
  public enum Kind: Sendable {
    /// A `func` declaration.
    case function
    /// A closure expression.
    case closure
    /// A delegate method or view function that UIKit calls.
    case handler
    /// The top level of a script.
    case main
    case scenario
    /// A source's `item name { ... }`.
    case item
  }

  public let name: String
  public let kind: Kind
  public let parameterNames: [String]
  /// False for a closure written without `params in`: it accepts no arguments.
  public let hasParameterClause: Bool
  /// Parameters plus the most locals alive at once.
  public let frameSize: Int
  public let captures: [CaptureSource]
  public let body: CheckedBlock
  public let range: SourceRange

  public var parameterCount: Int { parameterNames.count }

  public init(
    name: String, kind: Kind, parameterNames: [String], hasParameterClause: Bool = true,
    frameSize: Int, captures: [CaptureSource], body: CheckedBlock, range: SourceRange
  ) {
    self.name = name
    self.kind = kind
    self.parameterNames = parameterNames
    self.hasParameterClause = hasParameterClause
    self.frameSize = max(frameSize, parameterNames.count)
    self.captures = captures
    self.body = body
    self.range = range
  }
}

/// A function declared in a block: created when the block is entered, so
/// that code earlier in the block can call it.
public struct LocalFunction: Sendable {
  public var slot: Int
  public var code: FunctionCode
  public init(slot: Int, code: FunctionCode) {
    self.slot = slot
    self.code = code
  }
}

/// `{ statements }`, with its hoisted functions.
public struct CheckedBlock: Sendable {
  public var statements: [CheckedStmt]
  public var functions: [LocalFunction]
  /// The lowest slot declared in this block that a closure captures; the
  /// captured variables from this slot up are detached from the frame when
  /// the block ends, so each pass through the block gets fresh ones.
  public var firstCapturedSlot: Int?

  public init(statements: [CheckedStmt], functions: [LocalFunction] = [], firstCapturedSlot: Int? = nil) {
    self.statements = statements
    self.functions = functions
    self.firstCapturedSlot = firstCapturedSlot
  }
}

public struct CheckedStmt: Sendable {
  public var kind: Kind
  public var range: SourceRange
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public indirect enum Kind: Sendable {
    case expression(CheckedExpr)
    /// `let`/`var` with a value (`nil` when written without one).
    case declare(VariableRef, CheckedExpr?)
    /// `let (a, _) = value`: the value must be a tuple of as many elements
    /// as there are variables; nil skips an element.
    case declareTuple([VariableRef?], CheckedExpr)
    /// Statements run in order in the enclosing scope: a tuple declaration
    /// with a nested pattern, one `declareTuple` per level.
    case sequence([CheckedStmt])
    case assign(CheckedLValue, AssignmentOperator, CheckedExpr)
    case ifStatement([CheckedCondition], CheckedBlock, otherwise: CheckedElse?)
    case guardStatement([CheckedCondition], otherwise: CheckedBlock)
    case whileStatement([CheckedCondition], CheckedBlock)
    /// `for x in sequence`; a nil slot is `_`.
    case forIn(slot: Int?, sequence: CheckedExpr, body: CheckedBlock)
    /// `for x in a..<b` and `a...b`: no range value is built.
    case forRange(slot: Int?, lower: CheckedExpr, upper: CheckedExpr, isClosed: Bool, body: CheckedBlock)
    /// `switch`: the subject goes to the hidden local `slot`, then each
    /// case's patterns (Bool tests reading it) are tried in order; the first
    /// that holds runs its body, else `otherwise` (the `default:`, or a
    /// `noCaseMatched` when there is none). `break` in a body leaves it.
    case switchStatement(subject: CheckedExpr, slot: Int, cases: [CheckedSwitchCase], otherwise: CheckedBlock)
    /// The end of a switch without `default:` that no case matched: a
    /// runtime error naming the subject's value.
    case noCaseMatched(CheckedExpr)
    case returnStatement(CheckedExpr?)
    case breakStatement
    case continueStatement
    case step(CheckedStep)
    /// An app declaration: run its variables and build its views, in order.
    case declareApp(Int)
    /// A source declaration: run its variables and register its items.
    case declareSource(Int)
  }
}

/// One `case` of a switch: its patterns as tests, in order, and its body.
public struct CheckedSwitchCase: Sendable {
  public var patterns: [CheckedExpr]
  public var body: CheckedBlock
  public init(patterns: [CheckedExpr], body: CheckedBlock) {
    self.patterns = patterns
    self.body = body
  }
}

public indirect enum CheckedElse: Sendable {
  case block(CheckedBlock)
  case elseIf(CheckedStmt)
}

/// One clause of `if a, let b = c`.
public enum CheckedCondition: Sendable {
  case expression(CheckedExpr)
  /// `let name = value`: true, and `name` bound, when the value is not nil.
  case binding(VariableRef, CheckedExpr)
}

/// Call arguments: the expressions and their labels (nil when unlabelled).
public struct CheckedArguments: Sendable {
  public var values: [CheckedExpr]
  public var labels: [Symbol?]
  public init(values: [CheckedExpr], labels: [Symbol?]) {
    self.values = values
    self.labels = labels
  }
  public var count: Int { values.count }
}

/// A type as a cast reads it.
public indirect enum CheckedType: Hashable, Sendable {
  case builtin(Builtin)
  case array(CheckedType)
  case dictionary(CheckedType, CheckedType)
  case optional(CheckedType)
}

public struct CheckedExpr: Sendable {
  public var kind: Kind
  public var range: SourceRange
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public indirect enum Kind: Sendable {
    case integer(Int)
    case double(Double)
    /// A string literal; `literal` indexes `CheckedProgram.stringLiterals`
    /// so the interpreter can box each literal once.
    case string(String, literal: Int)
    case bool(Bool)
    case nilLiteral
    case interpolation([InterpolationPart])
    case local(Int)
    case capture(Int)
    case global(Int)
    /// A global read by code that may run before the global's declaration:
    /// the interpreter checks it has been initialized.
    case globalChecked(Int)
    /// A builtin function or type used as a value: `String`, `UIImage.self`.
    case builtin(Builtin)
    /// `.copy`: an enum case whose type the context decides.
    case enumCase(Symbol)
    /// `base.name`; `optional` when `?.` (here or earlier in the chain) makes
    /// a nil base give nil.
    case member(CheckedExpr, Symbol, optional: Bool)
    /// `tuple.0`
    case tupleElement(CheckedExpr, Int, optional: Bool)
    /// A call of a global function known when checking (arity checked).
    case callGlobal(Int, CheckedArguments)
    case callBuiltin(Builtin, CheckedArguments)
    /// A call of any other value: a closure in a variable, a type in a variable.
    case callValue(CheckedExpr, CheckedArguments)
    case callMethod(CheckedExpr, Symbol, CheckedArguments, optional: Bool)
    /// A call of a mutating method (`append`, `remove(at:)`, ...) on something
    /// assignable, so that arrays and dictionaries change in place.
    case callMutating(CheckedLValue, Symbol, CheckedArguments, optional: Bool)
    case subscripted(CheckedExpr, CheckedArguments, optional: Bool)
    /// `a!`
    case forceUnwrap(CheckedExpr)
    case unary(UnaryOperator, CheckedExpr)
    /// All binary operators; `&&`, `||` and `??` evaluate the right side lazily.
    case binary(BinaryOperator, CheckedExpr, CheckedExpr)
    case ternary(CheckedExpr, CheckedExpr, CheckedExpr)
    case cast(CheckedExpr, CastKind, CheckedType)
    case range(CheckedExpr, CheckedExpr, isClosed: Bool)
    case array([CheckedExpr])
    case dictionary(keys: [CheckedExpr], values: [CheckedExpr])
    /// The elements, and one label (or nil) per element, or no labels.
    case tuple([CheckedExpr], labels: [Symbol?])
    case closure(FunctionCode)
  }
}

public enum InterpolationPart: Sendable {
  case text(String)
  case value(CheckedExpr)
}

/// Something assignable: a variable, or a path of members and subscripts
/// from one. Arrays and dictionaries on the path are updated in place and
/// written back, so `model[i].tags.append(t)` changes `model`.
public struct CheckedLValue: Sendable {
  public var kind: Kind
  public var range: SourceRange
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public indirect enum Kind: Sendable {
    case variable(VariableRef)
    case member(CheckedLValue, Symbol, optional: Bool)
    case subscripted(CheckedLValue, CheckedArguments, optional: Bool)
    case tupleElement(CheckedLValue, Int)
    /// `maybe!.append(x)`, `counts["a"]! += 1`: the value must not be nil.
    case forceUnwrap(CheckedLValue)
    /// A base that is not assignable itself (`makeView().text = ...`): the
    /// change goes to the object the expression gives.
    case value(CheckedExpr)
  }
}

/// A scenario step with its expressions resolved.
public enum CheckedStep: Sendable {
  case longPress(target: CheckedExpr, duration: CheckedExpr?)
  case drag(isThrough: Bool, targets: [CheckedExpr])
  case tap(CheckedExpr)
  case release
  case cancel
  case wait(CheckedExpr)
  case settle
  /// `expect [not] called method [on view] [times n]`; `methods` are the
  /// catalogue entries with that name. `interaction` is the trace's name
  /// of one named interaction of the view (`on zone.images`).
  case expectCall(
    negated: Bool, method: String, methods: [DelegateMethod], on: CheckedExpr?, interaction: String?,
    times: CheckedExpr?)
  case expectException(String)
  /// `expect [not] warning ["text"]`: a runtime warning (containing the
  /// text) was, or was not, reported so far in the scenario.
  case expectWarning(negated: Bool, String?)
  case expect(CheckedExpr)
}
