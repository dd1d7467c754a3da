/// The syntax tree the parser builds: value types, each node with the source
/// range it covers. Enums for the alternatives, structs for the shapes; no
/// class hierarchy and no visitor. The checker turns this tree into its own,
/// resolved tree (`DndCheck`), which is what the interpreter runs.
///
/// Recovery: where the parser reports an error it still builds a node, using
/// `ExprKind.error` / `StmtKind.error`, so later stages see a whole tree and
/// skip what is broken without reporting it again.

/// A whole script.
public struct Script: Sendable {
  public var items: [TopLevelItem]
  public var file: SourceFile.ID
  public init(items: [TopLevelItem], file: SourceFile.ID) {
    self.items = items
    self.file = file
  }
}

/// A name as written, with where it was written.
public struct Name: Hashable, Sendable {
  public var text: String
  public var range: SourceRange
  public init(_ text: String, range: SourceRange) {
    self.text = text
    self.range = range
  }
}

// MARK: - Declarations

public enum TopLevelItem: Sendable {
  case device(DeviceDecl)
  case app(AppDecl)
  case source(SourceDecl)
  case scenario(ScenarioDecl)
  case statement(Stmt)
}

/// `device iPad`, or with the system's version: `device iPhone iOS 15`.
public struct DeviceDecl: Sendable {
  public var name: Name
  /// The system and its version as written (`iOS`, `15`), if given.
  public var system: SystemVersion?
  public var range: SourceRange
  public init(name: Name, system: SystemVersion? = nil, range: SourceRange) {
    self.name = name
    self.system = system
    self.range = range
  }
}

/// `iOS 15` after a device's name. The version is kept as written (`17.4`):
/// the checker decides which versions exist.
public struct SystemVersion: Sendable {
  public var name: Name
  public var version: String
  public var versionRange: SourceRange
  public init(name: Name, version: String, versionRange: SourceRange) {
    self.name = name
    self.version = version
    self.versionRange = versionRange
  }
}

/// `app Demo { ... }`
public struct AppDecl: Sendable {
  public var name: Name
  public var members: [AppMember]
  public var range: SourceRange
  public init(name: Name, members: [AppMember], range: SourceRange) {
    self.name = name
    self.members = members
    self.range = range
  }
}

public enum AppMember: Sendable {
  case view(ViewDecl)
  case property(PropertyAssignment)
  case variable(VarDecl)
  case function(FuncDecl)
}

/// `label target { ... }`: `kind` holds the kind word as written ("label").
public struct ViewDecl: Sendable {
  public var kind: Name
  public var name: Name
  public var members: [ViewMember]
  public var range: SourceRange
  public init(kind: Name, name: Name, members: [ViewMember], range: SourceRange) {
    self.kind = kind
    self.name = name
    self.members = members
    self.range = range
  }
}

public enum ViewMember: Sendable {
  case view(ViewDecl)
  case interaction(InteractionDecl)
  case function(FuncDecl)
  case property(PropertyAssignment)
}

/// `frame = Rect(0, 0, 100, 100)` inside a view, app or interaction.
public struct PropertyAssignment: Sendable {
  public var name: Name
  public var value: Expr
  public var range: SourceRange
  public init(name: Name, value: Expr, range: SourceRange) {
    self.name = name
    self.value = value
    self.range = range
  }
}

/// `dropInteraction { func performDrop(session) { ... } }`; `kind` holds the
/// kind word ("dropInteraction"), `name` an optional name for the interaction.
public struct InteractionDecl: Sendable {
  public var kind: Name
  public var name: Name?
  public var members: [InteractionMember]
  public var range: SourceRange
  public init(kind: Name, name: Name?, members: [InteractionMember], range: SourceRange) {
    self.kind = kind
    self.name = name
    self.members = members
    self.range = range
  }
}

public enum InteractionMember: Sendable {
  case function(FuncDecl)
  case property(PropertyAssignment)
}

/// `source Safari { item photo { ... } }`: another app, reduced to its items.
public struct SourceDecl: Sendable {
  public var name: Name
  public var members: [SourceMember]
  public var range: SourceRange
  public init(name: Name, members: [SourceMember], range: SourceRange) {
    self.name = name
    self.members = members
    self.range = range
  }
}

public enum SourceMember: Sendable {
  case item(ItemDecl)
  case variable(VarDecl)
  case function(FuncDecl)
}

/// `item photo { return UIDragItem(...) }`
public struct ItemDecl: Sendable {
  public var name: Name
  public var body: Block
  public var range: SourceRange
  public init(name: Name, body: Block, range: SourceRange) {
    self.name = name
    self.body = body
    self.range = range
  }
}

/// `scenario "title" { steps }`
public struct ScenarioDecl: Sendable {
  public var title: String
  public var titleRange: SourceRange
  public var body: Block
  public var range: SourceRange
  public init(title: String, titleRange: SourceRange, body: Block, range: SourceRange) {
    self.title = title
    self.titleRange = titleRange
    self.body = body
    self.range = range
  }
}

/// `func name(a, b: Type) -> Type { ... }`
public struct FuncDecl: Sendable {
  public var name: Name
  public var parameters: [Parameter]
  public var returnType: TypeRef?
  public var body: Block
  public var range: SourceRange
  public init(name: Name, parameters: [Parameter], returnType: TypeRef?, body: Block, range: SourceRange) {
    self.name = name
    self.parameters = parameters
    self.returnType = returnType
    self.body = body
    self.range = range
  }
}

/// A function or closure parameter. `name.text == "_"` for a closure's wildcard.
public struct Parameter: Sendable {
  public var name: Name
  public var type: TypeRef?
  public var range: SourceRange
  /// A Swift argument label (`canHandle session`). dnd's functions take
  /// none; it is kept so that the checker can say what to write instead,
  /// which for a UIKit delegate signature is the method's short name.
  public var label: Name?
  /// `y: Int = 2`: the value a call that leaves the argument out gets.
  public var defaultValue: Expr?
  public init(name: Name, type: TypeRef?, range: SourceRange, label: Name? = nil, defaultValue: Expr? = nil) {
    self.name = name
    self.type = type
    self.range = range
    self.label = label
    self.defaultValue = defaultValue
  }
}

/// `let x: Int = 1` or `var y`
public struct VarDecl: Sendable {
  public var isConstant: Bool
  public var name: Name
  public var type: TypeRef?
  public var initializer: Expr?
  public var range: SourceRange
  public init(isConstant: Bool, name: Name, type: TypeRef?, initializer: Expr?, range: SourceRange) {
    self.isConstant = isConstant
    self.name = name
    self.type = type
    self.initializer = initializer
    self.range = range
  }
}

extension Array where Element == Name? {
  /// The label of element `index` of a tuple whose labels these are: nil
  /// when it has none, or when no element has one (the list is empty).
  public func label(at index: Int) -> Name? {
    indices.contains(index) ? self[index] : nil
  }
}

/// One part of a tuple pattern: a name, `_`, or a tuple pattern of its own
/// (`for (index, (name, size)) in ...`).
public indirect enum PatternPart: Sendable {
  case name(Name)
  /// `_`: the element is skipped.
  case wildcard(SourceRange)
  case tuple([PatternPart], range: SourceRange)

  public var range: SourceRange {
    switch self {
    case .name(let name): name.range
    case .wildcard(let range), .tuple(_, let range): range
    }
  }

  /// The pattern as written, normalized: `(index, (name, _))`.
  public static func text(of parts: [PatternPart]) -> String {
    "(" + parts.map(\.text).joined(separator: ", ") + ")"
  }

  public var text: String {
    switch self {
    case .name(let name): name.text
    case .wildcard: "_"
    case .tuple(let parts, _): PatternPart.text(of: parts)
    }
  }
}

/// `let (a, b) = pair` or `var (x, (y, _)) = point`: a tuple taken apart
/// into names.
public struct TupleDecl: Sendable {
  public var isConstant: Bool
  public var parts: [PatternPart]
  /// `let (a, b): (Int, Int) = ...`: documents the elements, as a `let`'s type does.
  public var type: TypeRef?
  public var value: Expr
  public var range: SourceRange
  public init(isConstant: Bool, parts: [PatternPart], type: TypeRef? = nil, value: Expr, range: SourceRange) {
    self.isConstant = isConstant
    self.parts = parts
    self.type = type
    self.value = value
    self.range = range
  }
}

/// A type as written. Only casts (`as?`, `is`) give types a meaning at run time.
public struct TypeRef: Sendable {
  /// Only the recursive cases are boxed: a plain name, the common case,
  /// costs its array and no box.
  public enum Kind: Sendable {
    /// `String`, `UIDropOperation`, `UICollectionView.DropProposal`
    case named([Name])
    indirect case array(TypeRef)
    indirect case dictionary(TypeRef, TypeRef)
    /// `T?` and `T!`
    indirect case optional(TypeRef)
    /// `(A, B) -> C`
    indirect case function(parameters: [TypeRef], result: TypeRef)
    /// `(A, B)`, `()`, and `(width: Int, height: Int)` (`labels` is empty
    /// when no element has one).
    indirect case tuple([TypeRef], labels: [Name?])
  }
  public var kind: Kind
  public var range: SourceRange
  public init(kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

// MARK: - Statements

/// `{ statements }`
public struct Block: Sendable {
  public var statements: [Stmt]
  public var range: SourceRange
  public init(statements: [Stmt], range: SourceRange) {
    self.statements = statements
    self.range = range
  }
}

public struct Stmt: Sendable {
  public var kind: StmtKind
  public var range: SourceRange
  public init(_ kind: StmtKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// Only the cases holding declarations, blocks or several expressions are
/// boxed: an expression statement or a `return`, the commonest, allocate
/// no box of their own.
public enum StmtKind: Sendable {
  indirect case variable(VarDecl)
  indirect case tuple(TupleDecl)
  indirect case function(FuncDecl)
  indirect case ifStatement(conditions: [Condition], then: Block, otherwise: ElseClause?)
  indirect case guardStatement(conditions: [Condition], otherwise: Block)
  /// `for x in seq { }`; a nil variable is the wildcard `_`.
  /// `for (i, x) in seq { }` has a `pattern` and no variable;
  /// `for x in seq where x > 0 { }` has a `filter`.
  indirect case forStatement(variable: Name?, sequence: Expr, body: Block, pattern: [PatternPart]?, filter: Expr?)
  indirect case whileStatement(conditions: [Condition], body: Block)
  /// `switch subject { case 1, 2: ... default: ... }`; a `default:` is last if present.
  indirect case switchStatement(subject: Expr, cases: [SwitchCase])
  case returnStatement(Expr?)
  case breakStatement
  case continueStatement
  indirect case step(Step)
  case expression(Expr)
  /// `_ = value`: evaluated, and dropped on purpose.
  case discard(Expr)
  indirect case assignment(target: Expr, op: AssignmentOperator, value: Expr)
  /// A statement the parser could not read; already reported.
  case error
}

/// One `case p1, p2:` of a switch, or its `default:` (no patterns), with
/// the statements up to the next label.
public struct SwitchCase: Sendable {
  /// The patterns, in order; nil for `default:`.
  public var patterns: [Expr]?
  public var body: [Stmt]
  /// The label, from `case` or `default` to its ":".
  public var labelRange: SourceRange
  public var range: SourceRange
  public var isDefault: Bool { patterns == nil }
  public init(patterns: [Expr]?, body: [Stmt], labelRange: SourceRange, range: SourceRange) {
    self.patterns = patterns
    self.body = body
    self.labelRange = labelRange
    self.range = range
  }
}

public indirect enum ElseClause: Sendable {
  case block(Block)
  /// `else if ...`: the nested statement is always an `.ifStatement`.
  case elseIf(Stmt)
}

/// One clause of `if a, let b = c`.
public struct Condition: Sendable {
  public enum Kind: Sendable {
    case expression(Expr)
    case binding(isConstant: Bool, name: Name, type: TypeRef?, value: Expr)
  }
  public var kind: Kind
  public var range: SourceRange
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public enum AssignmentOperator: String, Sendable, CaseIterable {
  case assign = "=", add = "+=", subtract = "-=", multiply = "*=", divide = "/=", remainder = "%="
}

/// A scenario step: what the simulated fingers do, and what to check.
public enum Step: Sendable {
  case longPress(target: Expr, duration: Expr?)
  /// `drag to a, b` or `drag through a, b`: one touch sample per target.
  case drag(isThrough: Bool, targets: [Expr])
  case tap(Expr)
  case release
  case cancel
  case wait(Expr)
  case settle
  /// `expect [not] called method [on view] [times n]`
  case expectCall(negated: Bool, method: Name, on: Expr?, times: Expr?)
  /// `expect exception NSInternalInconsistencyException`
  case expectException(Name)
  /// `expect [not] warning ["text"]`
  case expectWarning(negated: Bool, text: String?, range: SourceRange)
  /// `expect <Bool expression>`
  case expect(Expr)
}

// MARK: - Expressions

public struct Expr: Sendable {
  public var kind: ExprKind
  public var range: SourceRange
  public init(_ kind: ExprKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// Literals, names and collections are stored inline and only the cases
/// that hold further expressions are boxed: the parser then allocates
/// nothing for the commonest nodes (names and numbers; boxing every case
/// was a quarter of a parse's allocations).
public enum ExprKind: Sendable {
  case integer(Int)
  case double(Double)
  case string(StringLiteral)
  case bool(Bool)
  case nilLiteral
  case selfReference
  case identifier(String)
  /// `.copy`
  indirect case implicitMember(Name)
  /// `a.b` or `a?.b`; a tuple element is a member named "0", "1", ...
  indirect case member(base: Expr, name: Name, isOptional: Bool)
  /// Trailing closures become arguments with `isTrailingClosure` set; the
  /// first is unlabelled, later ones keep their labels. `f?(x)`
  /// (`isOptional`) is nil when `f` is, without evaluating the arguments.
  indirect case call(callee: Expr, arguments: [Argument], isOptional: Bool = false)
  /// `a[i]`, or `a?[i]` (`isOptional`), nil when `a` is.
  indirect case subscripted(base: Expr, arguments: [Argument], isOptional: Bool)
  /// `a!`: the value of `a`, or a runtime error when it is nil.
  indirect case forceUnwrap(Expr)
  indirect case unary(UnaryOperator, Expr)
  indirect case binary(BinaryOperator, Expr, Expr)
  indirect case ternary(condition: Expr, then: Expr, otherwise: Expr)
  indirect case cast(Expr, CastKind, TypeRef)
  indirect case range(lower: Expr, upper: Expr, isClosed: Bool)
  case array([Expr])
  case dictionary([DictionaryEntry])
  /// `(a, b)`, and `(width: 4, height: 3)`: `labels` is empty when no
  /// element has one, else one per element.
  case tuple([Expr], labels: [Name?])
  indirect case parenthesized(Expr)
  indirect case closure(Closure)
  /// `sorted(by: >)`, `reduce(0, +)`: an operator passed as an argument,
  /// which is the closure `{ $0 > $1 }`.
  case operatorFunction(BinaryOperator)
  /// An expression the parser could not read; already reported.
  case error
}

public struct Argument: Sendable {
  public var label: Name?
  public var value: Expr
  public var isTrailingClosure: Bool
  public init(label: Name?, value: Expr, isTrailingClosure: Bool = false) {
    self.label = label
    self.value = value
    self.isTrailingClosure = isTrailingClosure
  }
}

public struct DictionaryEntry: Sendable {
  public var key: Expr
  public var value: Expr
  public init(key: Expr, value: Expr) {
    self.key = key
    self.value = value
  }
}

/// `{ a, b in ... }`; `hasParameterClause` is false for `{ ... }`.
/// `returnType` is the type after "->" (`{ (x: Int) -> Int in x + 1 }`),
/// which, like a function's, only documents the closure.
public struct Closure: Sendable {
  public var parameters: [Parameter]
  public var hasParameterClause: Bool
  public var returnType: TypeRef?
  public var body: Block
  /// `[weak self, count]`, empty when there is no capture list.
  public var captures: [CaptureItem]
  public init(
    parameters: [Parameter], hasParameterClause: Bool, returnType: TypeRef? = nil, body: Block,
    captures: [CaptureItem] = []
  ) {
    self.parameters = parameters
    self.hasParameterClause = hasParameterClause
    self.returnType = returnType
    self.body = body
    self.captures = captures
  }
}

/// One entry of a closure's capture list: `weak self`, `unowned view`, `count`.
public struct CaptureItem: Sendable {
  public enum Ownership: String, Sendable {
    case strong = "", weak, unowned
  }
  public var ownership: Ownership
  public var name: Name
  public var range: SourceRange
  public init(ownership: Ownership, name: Name, range: SourceRange) {
    self.ownership = ownership
    self.name = name
    self.range = range
  }
}

/// A string literal: text with escapes resolved, and interpolated expressions.
public struct StringLiteral: Sendable {
  public enum Segment: Sendable {
    case text(String)
    case interpolation(Expr)
  }
  public var segments: [Segment]
  public var isMultiline: Bool
  public init(segments: [Segment], isMultiline: Bool) {
    self.segments = segments
    self.isMultiline = isMultiline
  }
}

public enum UnaryOperator: String, Sendable, CaseIterable {
  case negate = "-", not = "!"
}

public enum BinaryOperator: String, Sendable, CaseIterable {
  case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
  case equal = "==", notEqual = "!=", identical = "===", notIdentical = "!=="
  case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
  case and = "&&", or = "||", nilCoalescing = "??"
}

public enum CastKind: String, Sendable, CaseIterable {
  /// `as?`: nil when the value is not of the type
  case conditional = "as?"
  /// `as!`: a runtime error when the value is not of the type
  case forced = "as!"
  /// `as`: a no-op annotation
  case plain = "as"
  /// `is`: a Bool
  case check = "is"
}
