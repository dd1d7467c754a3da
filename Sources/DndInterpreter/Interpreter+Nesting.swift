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
    var walk = NestingWalk(stepsLeft: stepsLeft)
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

  /// Whether `value` nests at most `depth` levels (and steps remain).
  mutating func fits(_ value: Value, within depth: Int) -> Bool {
    switch value {
    case .array(let elements): return enter(depth, elements.count) && childrenFit(elements, within: depth)
    // Keys and values walked in turn: joining them would allocate an array
    // for every dictionary appended to a list.
    case .dictionary(let box):
      return enter(depth, 2 * box.count) && childrenFit(box.keys, within: depth)
        && childrenFit(box.values, within: depth)
    case .tuple(let box): return enter(depth, box.elements.count) && childrenFit(box.elements, within: depth)
    default: return true
    }
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

  /// Counts a visit to a collection of `elements` at `depth` levels from
  /// the limit.
  private mutating func enter(_ depth: Int, _ elements: Int) -> Bool {
    if depth <= 0 { return false }
    stepsLeft -= 1 + elements / Self.elementsPerUnit
    return stepsLeft >= 0
  }

  private mutating func childrenFit(_ children: [Value], within depth: Int) -> Bool {
    for child in children {
      switch child {
      case .array, .dictionary, .tuple:
        if !fits(child, within: depth - 1) { return false }
      default: continue
      }
    }
    return true
  }
}
