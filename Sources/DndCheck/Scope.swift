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
}

/// One `{ }` of a function.
struct BlockScope {
  var locals: [String: LocalInfo] = [:]
  /// Variables declared later in this block: a use before then is an error,
  /// reported as such rather than as an unknown name.
  var pending: Set<String> = []
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
  /// The global `self` stands for (the enclosing view, app or source).
  var selfSlot: Int?

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
