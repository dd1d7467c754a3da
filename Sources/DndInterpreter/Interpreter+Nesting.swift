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
    // make it take unbounded time (`NestingWalk.freeNodes`).
    stepsLeft = walk.stepsLeft
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
    if !fits { throw RuntimeError(.valueTooDeep(limits.maxValueDepth), at: range) }
  }
}

/// One depth check: a depth-first walk that stops as soon as the answer is
/// known (too deep, or out of steps).
private struct NestingWalk {
  /// Collections a walk visits for free; each further one costs a step.
  /// Real data stays far below (a 1,000 x 1,000 grid is 1,000 arrays), but
  /// an array holding itself twice, a thousand times over, is 2^1000 arrays
  /// to a walk, which the step budget stops.
  static let freeNodes = 100_000

  var stepsLeft: Int
  var visited = 0

  /// Whether `value` nests at most `depth` levels (and steps remain).
  mutating func fits(_ value: Value, within depth: Int) -> Bool {
    switch value {
    case .array(let elements): return enter(depth) && childrenFit(elements, within: depth)
    // Keys and values walked in turn: joining them would allocate an array
    // for every dictionary appended to a list.
    case .dictionary(let box):
      return enter(depth) && childrenFit(box.keys, within: depth) && childrenFit(box.values, within: depth)
    case .tuple(let box): return enter(depth) && childrenFit(box.elements, within: depth)
    default: return true
    }
  }

  /// Whether none of `children` is a collection.
  @inline(__always)
  /// Whether `value` is not a collection.
  static func isLeaf(_ value: Value) -> Bool {
    switch value {
    case .array, .dictionary, .tuple: return false
    default: return true
    }
  }

  static func areLeaves(_ children: [Value]) -> Bool {
    for child in children {
      switch child {
      case .array, .dictionary, .tuple: return false
      default: continue
      }
    }
    return true
  }

  /// Counts a visit to a collection at `depth` levels from the limit.
  private mutating func enter(_ depth: Int) -> Bool {
    if depth <= 0 { return false }
    visited += 1
    if visited > Self.freeNodes {
      stepsLeft -= 1
      if stepsLeft < 0 { return false }
    }
    return true
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
