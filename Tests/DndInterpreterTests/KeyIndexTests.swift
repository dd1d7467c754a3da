import DndInterpreter
import Testing

/// An object equal only to itself, hashed by the default `keyHash`.
private final class PlainObject: NativeObject {}

/// An object equal only to itself that opts into the identity key hash.
private final class IdentityObject: NativeObject {
  override var keyHash: Int { identityKeyHash }
}

/// An object standing for a value: distinct instances with the same number are equal.
private final class NumberObject: NativeObject {
  let number: Int
  init(_ number: Int) { self.number = number }
  override func isEqual(to other: NativeObject) -> Bool { (other as? NumberObject)?.number == number }
  override func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// A dictionary's hashed index (`KeyIndex`, past eight keys) finds what a
/// scan comparing every key with `==` finds, for every kind of key: Ints
/// and the equal Doubles, strings in distinct boxes, objects equal only to
/// themselves and objects equal by value; and keeps the insertion order.
@Suite struct KeyIndexTests {
  /// Keys of every kind, with equal pairs among them (1 and 1.0, 0 and
  /// -0.0, two boxes of "b", two NumberObjects of 7, ...).
  static func keyPool() -> [Value] {
    let plain = PlainObject()
    let identity = IdentityObject()
    var pool: [Value] = (0..<24).map { .int($0) }
    pool += [
      .int(-1), .int(Int.max), .int(Int.min), .int((1 << 60) + 3), .double(1), .double(-0.0), .double(0.5),
      .double(-2.5), .double(.nan), .double(1e300), .double(23), .string("a"), .string("b"), .string("b"),
      .string(""), .bool(true), .bool(false), .nil, .array([.int(1), .int(2)]), .array([.double(1), .int(2)]),
      .tuple([.int(1), .string("x")]), .object(plain), .object(plain), .object(PlainObject()),
      .object(identity), .object(identity), .object(IdentityObject()), .object(NumberObject(7)),
      .object(NumberObject(7)), .object(NumberObject(8)),
    ]
    return pool
  }

  /// The general path: the position of the first key `==` to `key`.
  static func scan(_ keys: [Value], _ key: Value) -> Int? { keys.firstIndex { $0 == key } }

  /// Same key in the strictest sense (the same Double bits, the same box
  /// or object), to compare the order of keys.
  static func identical(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return x === y
    case (.object(let x), .object(let y)): return x === y
    default: return a == b
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func randomChangesMatchAScan(_ seed: Int) {
    let pool = Self.keyPool()
    let box = DictionaryBox()
    var keys: [Value] = []
    var values: [Value] = []
    var state = UInt64(seed)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for step in 0..<3_000 {
      let key = pool[next(pool.count)]
      if next(4) == 0 {
        let removed = box.remove(key)
        let position = Self.scan(keys, key)
        #expect(removed == position.map { values[$0] })
        if let position {
          keys.remove(at: position)
          values.remove(at: position)
        }
      } else {
        let old = box.set(.int(step), for: key)
        if let position = Self.scan(keys, key) {
          #expect(old == values[position])
          values[position] = .int(step)
        } else {
          #expect(old == nil)
          keys.append(key)
          values.append(.int(step))
        }
      }
      #expect(box.count == keys.count)
      #expect(zip(box.keys, keys).allSatisfy { Self.identical($0, $1) })
      for probe in pool {
        #expect(box[probe] == Self.scan(keys, probe).map { values[$0] })
      }
    }
  }

  /// Ints and Doubles that are equal find each other past the threshold
  /// (`Value.==` compares an Int with a Double as Doubles), as below it.
  @Test(arguments: [4, 40])
  func equalNumbersAreOneKey(_ size: Int) {
    let box = DictionaryBox()
    for number in 0..<size { box.set(.string("i\(number)"), for: .int(number)) }
    #expect(box[.double(3)] == .string("i3"))
    #expect(box[.double(-0.0)] == .string("i0"))
    #expect(box[.double(3.5)] == nil)
    box.set(.string("d"), for: .double(2))
    #expect(box[.int(2)] == .string("d"))
    #expect(box.count == size)
    box.set(.string("big"), for: .double(1e18))
    #expect(box[.int(1_000_000_000_000_000_000)] == .string("big"))
    #expect(box.remove(.double(1)) == .string("i1"))
    #expect(box[.int(1)] == nil)
  }

  /// A copy shares the index until one side changes; then each keeps its own.
  @Test func copiesChangeIndependently() {
    let box = DictionaryBox()
    for number in 0..<20 { box.set(.int(number), for: .int(number)) }
    let copy = DictionaryBox(copying: box)
    copy.set(.int(-1), for: .int(100))
    copy.remove(.int(3))
    box.remove(.int(5))
    #expect(box[.int(3)] == .int(3))
    #expect(box[.int(100)] == nil)
    #expect(box[.int(5)] == nil)
    #expect(copy[.int(3)] == nil)
    #expect(copy[.int(5)] == .int(5))
    #expect(copy[.int(100)] == .int(-1))
    #expect(box.keys == (0..<20).filter { $0 != 5 }.map { .int($0) })
  }

  /// Thousands of keys removed in an order unrelated to insertion: every
  /// remaining key is still found at its (shifted) position.
  @Test func manyRemovalsKeepEveryKeyReachable() {
    let box = DictionaryBox()
    for number in 0..<2_000 { box.set(.int(number * 3), for: .int(number)) }
    for number in stride(from: 0, to: 2_000, by: 3) { box.remove(.int((number * 7) % 2_000)) }
    var expected = Array(0..<2_000)
    for number in stride(from: 0, to: 2_000, by: 3) { expected.removeAll { $0 == (number * 7) % 2_000 } }
    #expect(box.keys == expected.map { .int($0) })
    for number in 0..<2_000 {
      #expect(box[.int(number)] == (expected.contains(number) ? .int(number * 3) : nil))
    }
  }

  /// Objects made one after another (so mostly in the same pages, which
  /// `identityKeyHash` files near each other) are each found with their own
  /// value, after growth and after removals; objects not in the table are not.
  @Test func manyObjectsMadeInARowAreEachFound() {
    let objects = (0..<20_000).map { _ in IdentityObject() }
    let box = DictionaryBox()
    for (number, object) in objects.enumerated() { box.set(.int(number), for: .object(object)) }
    #expect(box.count == objects.count)
    let found = objects.indices.filter { box[.object(objects[$0])] == .int($0) }
    #expect(found.count == objects.count)
    for number in stride(from: 0, to: objects.count, by: 97) { box.remove(.object(objects[number])) }
    let kept = objects.indices.filter { number in
      box[.object(objects[number])] == (number % 97 == 0 ? nil : .int(number))
    }
    #expect(kept.count == objects.count)
    let strangers = (0..<1_000).map { _ in IdentityObject() }
    #expect(strangers.allSatisfy { box[.object($0)] == nil })
  }

  /// Views are keys by identity, past the threshold as below it; the
  /// dictionary prints in insertion order.
  @Test(arguments: [5, 30])
  func viewsAsKeys(_ count: Int) throws {
    let result = try runScenes(
      """
      func main() {
        var ids = [:]
        var views = []
        for i in 0..<\(count) {
          let v = UIView(frame: Rect(i, 0, 1, 1))
          views.append(v)
          ids[v] = i
        }
        var total = 0
        for v in views { total += ids[v] ?? 100 }
        ids[views[1]] = nil
        ids[views[2]] = 50
        print(total, ids.count, ids[views[1]] ?? -1, ids[views[2]] ?? -1, ids[UIView()] ?? -1)
        let values = ids.values
        print(values[0], values[1], values[2], values[3])
      }
      main()
      """)
    let total = count * (count - 1) / 2
    #expect(result.topLevel.output == "\(total) \(count - 1) -1 50 -1\n0 50 3 4\n")
  }
}
