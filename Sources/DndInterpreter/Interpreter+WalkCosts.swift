import DndSyntax

/// What walking a value costs: `==`, hashing a key and searching an array
/// look at a value all the way down, and a value may hold one array many
/// times over (`a = [a, a]`, twenty times, is a million arrays to a walk).
/// Each costs steps as it goes, a step per collection it enters and per 64
/// elements it looks at (`NestingWalk.elementsPerUnit`), so that a loop of
/// comparisons stops at the step budget instead of running for hours.
extension Interpreter {
  /// Charges a walk of all of `value`, as hashing it does.
  @inline(__always)
  func chargeWalk(of value: Value, at range: SourceRange?) throws {
    switch value {
    case .array, .dictionary, .tuple: try chargeWalkSlowly(of: value, at: range)
    default: return
    }
  }

  private func chargeWalkSlowly(of value: Value, at range: SourceRange?) throws {
    var walk = NestingWalk(stepsLeft: stepsLeft)
    let finished = walk.measure(value)
    stepsLeft = walk.stepsLeft
    if !finished || stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
  }

  /// `left == right` as Swift answers it, charged for what it looks at: a
  /// walk of both in step that skips storage they share and stops at the
  /// first difference, as Swift's `==` does.
  @inline(__always)
  func equal(_ left: Value, _ right: Value, at range: SourceRange?) throws -> Bool {
    if left.isLeaf || right.isLeaf { return left == right }
    var walk = EqualityWalk(stepsLeft: stepsLeft)
    let answer = walk.equal(left, right)
    stepsLeft = walk.stepsLeft
    guard let answer else { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
    return answer
  }

  /// The place of the first element equal to `needle` (the last with
  /// `fromEnd`), charged as `equal` is, and a step per 64 elements passed.
  func position(of needle: Value, in elements: [Value], fromEnd: Bool = false, at range: SourceRange?) throws
    -> Int?
  {
    try chargeScan(elements.count, at: range)
    if fromEnd {
      for index in elements.indices.reversed() where try equal(elements[index], needle, at: range) { return index }
    } else {
      for index in elements.indices where try equal(elements[index], needle, at: range) { return index }
    }
    return nil
  }

  /// `elements.starts(with: prefix)`, charged as `position(of:in:)` is.
  func starts(_ elements: [Value], with prefix: [Value], at range: SourceRange?) throws -> Bool {
    guard prefix.count <= elements.count else { return false }
    try chargeScan(prefix.count, at: range)
    for index in prefix.indices where try !equal(elements[index], prefix[index], at: range) { return false }
    return true
  }

  private func chargeScan(_ count: Int, at range: SourceRange?) throws {
    stepsLeft -= count / NestingWalk.elementsPerUnit
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
  }
}

/// Swift's `==` on two values, walked in step: each collection entered on
/// the left costs a step, and so do each 64 of its elements. Nil when the
/// steps run out.
private struct EqualityWalk {
  var stepsLeft: Int

  mutating func equal(_ left: Value, _ right: Value) -> Bool? {
    if case .array(let a) = left, case .array(let b) = right {
      guard a.count == b.count else { return false }
      if sameStorage(a, b) { return true }
      guard spend(a.count) else { return nil }
      return elementsEqual(a, b)
    }
    if case .dictionary(let a) = left, case .dictionary(let b) = right {
      if a === b { return true }
      guard a.count == b.count else { return false }
      guard spend(2 * a.count) else { return nil }
      // Same keys with equal values, in any order, as `Value.==` answers.
      for (position, key) in a.keys.enumerated() {
        // Finding the key hashes it: a walk of its own.
        if !key.isLeaf {
          var keyWalk = NestingWalk(stepsLeft: stepsLeft)
          guard keyWalk.measure(key) else { return nil }
          stepsLeft = keyWalk.stepsLeft
        }
        guard let other = b[key] else { return false }
        guard let same = equal(a.value(at: position), other) else { return nil }
        if !same { return false }
      }
      return true
    }
    if case .tuple(let a) = left, case .tuple(let b) = right {
      if a === b { return true }
      guard a.elements.count == b.elements.count else { return false }
      guard spend(a.elements.count) else { return nil }
      return elementsEqual(a.elements, b.elements)
    }
    return left == right
  }

  private mutating func elementsEqual(_ a: [Value], _ b: [Value]) -> Bool? {
    for index in a.indices {
      if a[index].isLeaf || b[index].isLeaf {
        if a[index] != b[index] { return false }
        continue
      }
      guard let same = equal(a[index], b[index]) else { return nil }
      if !same { return false }
    }
    return true
  }

  /// A collection of `elements` entered: a step, and one per 64 elements.
  private mutating func spend(_ elements: Int) -> Bool {
    stepsLeft -= 1 + elements / NestingWalk.elementsPerUnit
    return stepsLeft >= 0
  }

  /// Whether two arrays share their storage, which Swift's `==` answers
  /// without looking at the elements.
  private func sameStorage(_ a: [Value], _ b: [Value]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }
}
