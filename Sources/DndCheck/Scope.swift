import DndSyntax

/// The checker's picture of the functions being checked, innermost last.
///
/// Each function has a stack of block scopes mapping names to frame slots.
/// Slots are handed out in order and given back when a block ends, so
/// sibling blocks share slots and the frame size is the deepest nesting.
/// A name found in an enclosing function becomes a capture of every function
/// in between (as Lua's upvalues do), and the declaring block records that
/// one of its slots is captured.
struct LocalInfo {
  enum Kind {
    case variable
    /// A local `func`, with its parameter names (for arity checks).
    case function([String])
  }

  var name: String
  var slot: Int
  var isConstant: Bool
  var kind: Kind
  /// The whole declaration, for notes and fix-its.
  var declarationRange: SourceRange
  /// The `let` keyword, for the "change 'let' to 'var'" fix-it.
  var letKeywordRange: SourceRange?
  /// The type of object it always holds, when the checker knows every
  /// member of that type: a handler's session parameter.
  var receiver: ReceiverType? = nil
  /// Declared `Double`, `CGFloat` or `Float`: an integer literal assigned
  /// to it is a fractional one (Checker+LiteralTypes.swift).
  var isFractional = false
  /// Declared an optional string, array or dictionary (`String?`): `map`
  /// on it maps the elements, not the optional (Checker+LiteralTypes.swift).
  var isOptionalCollection = false
  /// The value type a `let` holds when its declaration shows it
  /// (`let origin = CGPoint(x: 0, y: 0)`): a member of it cannot be
  /// assigned (Checker+ConstantValues.swift).
  var valueType: String? = nil
}

/// The locals of one block, by name, each name once (a later declaration
/// replaces an earlier one, as in a dictionary).
///
/// A block holds a handful of names, so comparing them in turn beats
/// hashing the name once per enclosing block, which was most of the time
/// name resolution took. Past `linearLimit` names a dictionary indexes them
/// too, so a block with thousands of locals is not quadratic.
struct LocalTable {
  /// The names, in the order declared, for the linear search.
  private(set) var names: [String] = []
  private var infos: [LocalInfo] = []
  /// Name to position, kept once there are more than `linearLimit` names.
  private var positions: [String: Int] = [:]
  private static let linearLimit = 12

  subscript(name: String) -> LocalInfo? {
    position(of: name).map { infos[$0] }
  }

  /// Adds `info` under its name, replacing a local of the same name.
  mutating func insert(_ info: LocalInfo) {
    if let existing = position(of: info.name) {
      infos[existing] = info
      return
    }
    names.append(info.name)
    infos.append(info)
    if names.count == Self.linearLimit + 1 {
      for (position, name) in names.enumerated() { positions[name] = position }
    } else if names.count > Self.linearLimit + 1 {
      positions[info.name] = names.count - 1
    }
  }

  private func position(of name: String) -> Int? {
    if names.count > Self.linearLimit { return positions[name] }
    for position in names.indices where names[position] == name { return position }
    return nil
  }
}

/// A set of names that is searched in turn while it holds a few and hashed
/// once it holds many, for the same reason as `LocalTable`.
struct NameSet {
  private var names: [String] = []
  private var hashed: Set<String>?
  private static let linearLimit = 12

  func contains(_ name: String) -> Bool {
    if let hashed { return hashed.contains(name) }
    return names.contains(name)
  }

  mutating func insert(_ name: String) {
    if hashed != nil {
      hashed?.insert(name)
    } else if !names.contains(name) {
      names.append(name)
      if names.count > Self.linearLimit {
        hashed = Set(names)
        names = []
      }
    }
  }

  mutating func remove(_ name: String) {
    if hashed != nil {
      hashed?.remove(name)
    } else if let position = names.firstIndex(of: name) {
      names.remove(at: position)
    }
  }
}

/// One `{ }` of a function.
struct BlockScope {
  var locals = LocalTable()
  /// Variables declared later in this block: a use before then is an error,
  /// reported as such rather than as an unknown name.
  var pending = NameSet()
  /// Functions declared in this block, hoisted to its start.
  var functions: [LocalFunction] = []
  var firstCapturedSlot: Int?
  /// The slot counter when the block began, restored when it ends.
  var slotsAtEntry: Int
}

/// A function (or closure, handler, scenario, item, or the top level) being
/// checked.
struct FunctionContext {
  var name: String
  var kind: FunctionCode.Kind
  var scopes: [BlockScope] = []
  var nextSlot = 0
  var frameSize = 0
  var captures: [CaptureSource] = []
  var captureIndex: [CaptureSource: Int] = [:]
  /// Loops enclosing the current statement, within this function only.
  var loopDepth = 0
  /// Switches enclosing the current statement, within this function: a
  /// `break` may leave one.
  var switchDepth = 0
  /// Which locals without a value yet each path has given one
  /// (Checker+DefiniteInitialization.swift).
  var flow = FlowState()
  /// The `let`s declared without a value, with the loop depth of their
  /// declaration.
  var deferredLets: [SourceRange: Int] = [:]
  /// The loops and switches a `break` here may leave, innermost last.
  var breakTargets: [BreakTarget] = []
  /// The first assignment inside a loop to each `let` declared outside it,
  /// with its name and `let` keyword, for the error a back edge may give.
  var loopAssignments: [SourceRange: (range: SourceRange, name: String, keyword: SourceRange?)] = [:]
  /// The local functions whose declaration has been reached.
  var declaredLocalFunctions: Set<SourceRange> = []
  /// For a local function used before its declaration (they are hoisted):
  /// the locals that had no value yet at some such use.
  var unassignedAtEarlyUse: [SourceRange: Set<SourceRange>] = [:]
  /// For each local function checked: the locals of this function it reads,
  /// itself or through the local functions it names, with their names and
  /// `let`/`var`.
  var localFunctionReads: [SourceRange: [SourceRange: (name: String, kind: String)]] = [:]
  /// The global `self` stands for (the enclosing view, app or source).
  var selfSlot: Int?
  /// In a default value's context, the parameters of its function: the
  /// locals of the functions around it are out of its sight, and these
  /// are named when it tries to use one (Checker+DefaultValues.swift).
  var isolatedFrom: [String]?
  var isIsolated: Bool { isolatedFrom != nil }
  /// The declared return type: a `Double` (`CGFloat`, `Float`) or a
  /// collection or tuple of them types the literals returned.
  var returnType: TypeRef?
  /// A handler's: what UIKit's method returns (nil for other functions).
  var answer: DelegateResult?
  /// A handler whose UIKit method returns nothing: a value it computes has
  /// nobody to answer (`valueIgnored` says so, with no `return` to add).
  var answersNothing: Bool { answer == .void }

  init(name: String, kind: FunctionCode.Kind, selfSlot: Int?) {
    self.name = name
    self.kind = kind
    self.selfSlot = selfSlot
  }

  mutating func pushScope() {
    scopes.append(BlockScope(slotsAtEntry: nextSlot))
  }

  mutating func popScope() -> BlockScope {
    let scope = scopes.removeLast()
    nextSlot = scope.slotsAtEntry
    return scope
  }

  /// A fresh slot in the innermost scope.
  mutating func allocateSlot() -> Int {
    let slot = nextSlot
    nextSlot += 1
    frameSize = max(frameSize, nextSlot)
    return slot
  }

  /// The capture index for `source`, adding it on first use.
  mutating func capture(_ source: CaptureSource) -> Int {
    if let index = captureIndex[source] { return index }
    let index = captures.count
    captures.append(source)
    captureIndex[source] = index
    return index
  }

  /// The innermost local named `name`, and the index of its scope.
  func findLocal(_ name: String) -> (info: LocalInfo, scope: Int)? {
    for index in scopes.indices.reversed() {
      if let info = scopes[index].locals[name] { return (info, index) }
    }
    return nil
  }

  /// Marks `slot`, declared in scope `scope`, as captured by a closure.
  mutating func markCaptured(slot: Int, scope: Int) {
    let current = scopes[scope].firstCapturedSlot ?? slot
    scopes[scope].firstCapturedSlot = min(current, slot)
  }
}

/// What a name resolved to.
enum Resolution {
  case local(Int, LocalInfo)
  case capture(Int, LocalInfo)
  case global(Int)
  case builtin(Builtin)
}
