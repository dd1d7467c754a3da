import DndSyntax

/// What walking a value costs: `==`, hashing a key and searching an array
/// look at a value all the way down, and a value may hold one array many
/// times over (`a = [a, a]`, twenty times, is a million arrays to a walk).
/// Each costs steps as it goes, a step per collection it enters and per 64
/// elements it looks at (`NestingWalk.elementsPerUnit`), so that a loop of
/// comparisons stops at the step budget instead of running for hours, and a
/// search or comparison that stops early pays only for what it looked at.
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
    var passed = 0
    func matches(_ index: Int) throws -> Bool {
      passed += 1
      if passed % NestingWalk.elementsPerUnit == 0 { try chargeStep(at: range) }
      return try equal(elements[index], needle, at: range)
    }
    if fromEnd {
      for index in elements.indices.reversed() where try matches(index) { return index }
    } else {
      for index in elements.indices where try matches(index) { return index }
    }
    return nil
  }

  /// `elements.starts(with: prefix)`, charged as `position(of:in:)` is.
  func starts(_ elements: [Value], with prefix: [Value], at range: SourceRange?) throws -> Bool {
    guard prefix.count <= elements.count else { return false }
    for index in prefix.indices {
      if (index + 1) % NestingWalk.elementsPerUnit == 0 { try chargeStep(at: range) }
      if try !equal(elements[index], prefix[index], at: range) { return false }
    }
    return true
  }

  /// Native work over many elements at once (`sorted()`,
  /// `Array(repeating:count:)`, `zip`) is a single evaluation step that may
  /// take a quarter of a second; it costs a step per 8 elements it makes or
  /// goes over, so a loop of it meets the step budget instead of running
  /// for hours (a step of script code takes about as long as 8 elements).
  @inline(__always)
  func chargeBulk(elements count: Int, at range: SourceRange?) throws {
    guard count >= Interpreter.elementsPerBulkStep else { return }
    try chargeSteps(count / Interpreter.elementsPerBulkStep, at: range)
  }

  /// The same for text, a step per 64 bytes (`uppercased()`, `components`).
  @inline(__always)
  func chargeBulk(bytes count: Int, at range: SourceRange?) throws {
    guard count >= Interpreter.bytesPerBulkStep else { return }
    try chargeSteps(count / Interpreter.bytesPerBulkStep, at: range)
  }

  static let elementsPerBulkStep = 8
  static let bytesPerBulkStep = 64

  private func chargeSteps(_ steps: Int, at range: SourceRange?) throws {
    stepsLeft -= steps
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
  }

  private func chargeStep(at range: SourceRange?) throws {
    stepsLeft -= 1
    if stepsLeft < 0 { throw RuntimeError(.stepBudgetExceeded(limits.maxSteps), at: range) }
  }
}

/// Swift's `==` on two values, walked in step: each collection entered
/// costs a step, and so does each 64 of its elements compared, so a walk
/// that stops at a first difference costs little.
private struct EqualityWalk {
  var stepsLeft: Int

  mutating func equal(_ left: Value, _ right: Value) -> Bool? {
    if case .array(let a) = left, case .array(let b) = right {
      guard a.count == b.count else { return false }
      if sameStorage(a, b) { return true }
      guard spend() else { return nil }
      return elementsEqual(a, b)
    }
    if case .dictionary(let a) = left, case .dictionary(let b) = right {
      if a === b { return true }
      guard a.count == b.count else { return false }
      guard spend() else { return nil }
      // Same keys with equal values, in any order, as `Value.==` answers.
      for (position, key) in a.keys.enumerated() {
        if (position + 1) % (NestingWalk.elementsPerUnit / 2) == 0 { guard spend() else { return nil } }
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
    // Tuples have no storage to share: Swift compares them element by
    // element (a NaN inside makes a tuple unequal to itself).
    if case .tuple(let a) = left, case .tuple(let b) = right {
      guard a.elements.count == b.elements.count else { return false }
      guard spend() else { return nil }
      return elementsEqual(a.elements, b.elements)
    }
    return left == right
  }

  private mutating func elementsEqual(_ a: [Value], _ b: [Value]) -> Bool? {
    for index in a.indices {
      if (index + 1) % NestingWalk.elementsPerUnit == 0 { guard spend() else { return nil } }
      if a[index].isLeaf || b[index].isLeaf {
        if a[index] != b[index] { return false }
        continue
      }
      guard let same = equal(a[index], b[index]) else { return nil }
      if !same { return false }
    }
    return true
  }

  private mutating func spend() -> Bool {
    stepsLeft -= 1
    return stepsLeft >= 0
  }

  /// Whether two arrays share their storage, which Swift's `==` answers
  /// without looking at the elements.
  private func sameStorage(_ a: [Value], _ b: [Value]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }
}
