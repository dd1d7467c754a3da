import DndSyntax

/// The value nesting limit (`InterpreterLimits.maxValueDepth`).
///
/// Swift frees an array of arrays recursively, one native frame set per
/// level, and so do printing, `==` and hashing. A loop of `a = [a]` would
/// otherwise build a value a million levels deep that crashes the process
/// when it is printed, compared, or simply dropped. So every operation that
/// puts a value one level further down checks it first: collection, tuple
/// and dictionary literals, `append`, `insert`, `updateValue`, assignment
/// through a subscript or a tuple element, `Array(repeating:count:)`, the
/// results of `map` and its kin, and `enumerated`.
///
/// Depth counts arrays, dictionaries and tuples: a scalar is 0, `[1]` is 1,
/// `[[1]]` is 2. Objects and closures are leaves here.
extension Interpreter {
  /// Throws unless `value` may go one level down into a collection.
  @inline(__always)
  func checkNesting(_ value: Value, at range: SourceRange?) throws {
    switch value {
    case .array, .dictionary, .tuple: try checkNestingSlowly(value, at: range)
    default: return
    }
  }

  /// Each of `values` may go one level down.
  func checkNesting(_ values: [Value], at range: SourceRange?) throws {
    for value in values { try checkNesting(value, at: range) }
  }

  private func checkNestingSlowly(_ value: Value, at range: SourceRange?) throws {
    // A collection of scalars (a record, a row of numbers) is one level deep.
    switch value {
    case .array(let elements): if NestingWalk.areLeaves(elements) { return }
    case .dictionary(let box): if box.isFlat { return }
    default: break
    }
    var walk = NestingWalk(stepsLeft: stepsLeft, remembersShared: true)
    let fits = walk.fits(value, within: limits.maxValueDepth - 1)
    // A walk of a huge shared structure costs steps, so that no value can
    // make it take unbounded time (`NestingWalk.elementsPerUnit`).
    stepsLeft = walk.stepsLeft
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
    if !fits { throw RuntimeError(.valueTooDeep(limits.maxValueDepth), at: range) }
  }
}

/// One walk of a value's structure: a depth-first walk that stops as soon
/// as the answer is known (too deep, or out of steps).
struct NestingWalk {
  /// A walk's unit of work, each a step: a collection entered, or 64 of
  /// its elements looked at. Real data costs little (a 1,000 x 1,000 grid
  /// is about 16,000 units), but an array holding itself twice, a thousand
  /// times over, is 2^1000 arrays to a walk, which the step budget stops;
  /// and a shared array of a million numbers, reached a thousand times, is
  /// 16 million units where it once cost nothing.
  static let elementsPerUnit = 64

  var stepsLeft: Int
  /// The depths already measured in this walk, by the storage of each
  /// collection that holds collections; nil when the walk does not
  /// remember. The nesting check remembers: a value's depth is the same
  /// wherever it is reached, so a value holding itself twice, thirty times
  /// over (`d["a"] = d; d["b"] = d`), costs thirty collections, not 2^30.
  /// A walk that stands for the cost of hashing or comparing (Swift's own
  /// walks every path) does not.
  private var known: [UnsafeRawPointer: Int]?

  init(stepsLeft: Int, remembersShared: Bool = false) {
    self.stepsLeft = stepsLeft
    self.known = remembersShared ? [:] : nil
  }

  /// Whether `value` nests at most `depth` levels (and steps remain).
  mutating func fits(_ value: Value, within depth: Int) -> Bool {
    self.depth(of: value, within: depth) != nil
  }

  /// Walks all of `value` with no depth in view; false when the steps ran
  /// out first.
  mutating func measure(_ value: Value) -> Bool {
    fits(value, within: .max)
  }

  /// Whether none of `children` is a collection.
  static func areLeaves(_ children: [Value]) -> Bool {
    for child in children {
      switch child {
      case .array, .dictionary, .tuple: return false
      default: continue
      }
    }
    return true
  }

  /// The levels `value` nests (0 for a scalar) when at most `limit`; nil
  /// when it nests deeper, or the steps ran out.
  private mutating func depth(of value: Value, within limit: Int) -> Int? {
    switch value {
    case .array(let elements):
      let key = known == nil ? nil : elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
      if let key, let found = known?[key] { return found <= limit ? found : nil }
      guard enter(limit, elements.count), let inner = childrenDepth(elements, within: limit - 1) else { return nil }
      return remember(inner + 1, key, holdsCollections: inner > 0)
    // Keys and values walked in turn: joining them would allocate an array
    // for every dictionary appended to a list.
    case .dictionary(let box):
      let key = known == nil ? nil : UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
      if let key, let found = known?[key] { return found <= limit ? found : nil }
      guard enter(limit, 2 * box.count), let keys = childrenDepth(box.keys, within: limit - 1),
        let values = childrenDepth(box.values, within: limit - 1)
      else { return nil }
      let inner = max(keys, values)
      return remember(inner + 1, key, holdsCollections: inner > 0)
    case .tuple(let box):
      let key = known == nil ? nil : UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
      if let key, let found = known?[key] { return found <= limit ? found : nil }
      guard enter(limit, box.elements.count), let inner = childrenDepth(box.elements, within: limit - 1) else {
        return nil
      }
      return remember(inner + 1, key, holdsCollections: inner > 0)
    default:
      return 0
    }
  }

  /// Keeps a measured depth when it may be met again: collections of
  /// scalars are many (rows, records) and cheap to walk again.
  private mutating func remember(_ depth: Int, _ key: UnsafeRawPointer?, holdsCollections: Bool) -> Int {
    if let key, holdsCollections { known?[key] = depth }
    return depth
  }

  /// Counts a visit to a collection of `elements` with `limit` levels left.
  private mutating func enter(_ limit: Int, _ elements: Int) -> Bool {
    if limit <= 0 { return false }
    stepsLeft -= 1 + elements / Self.elementsPerUnit
    return stepsLeft >= 0
  }

  /// The deepest of `children` (0 when none is a collection), or nil.
  private mutating func childrenDepth(_ children: [Value], within limit: Int) -> Int? {
    var deepest = 0
    for child in children {
      switch child {
      case .array, .dictionary, .tuple:
        guard let found = depth(of: child, within: limit) else { return nil }
        deepest = max(deepest, found)
      default: continue
      }
    }
    return deepest
  }
}
