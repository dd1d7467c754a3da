/// The hash index of a large `DictionaryBox`: from a key to its position in
/// the box's `keys`.
///
/// An open-addressing table (linear probing, at most half full) of 64-bit
/// slots, each holding a position plus one and the key's 32-bit hash
/// (`Value.keyHash`); 0 is an empty slot. The stored hash rejects most
/// other keys met while probing without comparing values, and lets the
/// table grow and close gaps without hashing any key again. Keys are
/// compared with the language's `==`, so lookups mean what they meant with
/// Swift's `Dictionary`; only the hashing is cheaper for Ints, Doubles and
/// objects equal only to themselves (views), which skip `Hasher`.
///
/// The order of keys is the box's `keys` array: nothing here is iterated
/// by the language, so the table's order never reaches output.
///
/// Positions are stored in 32 bits: a dictionary of four billion keys
/// would not fit in memory (and `maxCollectionCount` stops far below).
final class KeyIndex {
  /// `capacity` slots, a power of two.
  private var slots: UnsafeMutablePointer<UInt64>
  private var mask: Int
  /// The number of positions stored.
  private(set) var count = 0

  /// An index of `keys`, each at its position.
  init(_ keys: [Value]) {
    var capacity = 16
    while capacity < keys.count * 2 + 2 { capacity *= 2 }
    slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
    for (position, key) in keys.enumerated() { insert(hash: key.keyHash, position: position) }
  }

  /// A copy, for a change to a dictionary that is shared.
  init(copying other: KeyIndex) {
    let capacity = other.mask + 1
    slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    slots.initialize(from: other.slots, count: capacity)
    mask = other.mask
    count = other.count
  }

  deinit { slots.deallocate() }

  /// The position of `key` among `keys` (which this indexes), if present.
  @inline(__always)
  func position(of key: Value, hash: UInt32, in keys: [Value]) -> Int? {
    let tag = UInt64(hash) << 32
    var slot = Int(hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if Value.sameKey(keys[position], key) { return position }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The value of `key`, if present: `position(of:hash:in:)` and the read of
  /// `values` at that position in one pass, the key compared and its value
  /// read from the same buffers without a second bounds check.
  @inline(__always)
  func value(of key: Value, hash: UInt32, keys: [Value], values: [Value]) -> Value? {
    let tag = UInt64(hash) << 32
    var slot = Int(hash) & mask
    return keys.withUnsafeBufferPointer { keys in
      values.withUnsafeBufferPointer { values in
        while true {
          let entry = slots[slot]
          if entry == 0 { return nil }
          if entry & 0xFFFF_FFFF_0000_0000 == tag {
            let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            // Positions index both arrays (`DictionaryBox` keeps them the same length).
            if position < values.count && Value.sameKey(keys[position], key) { return values[position] }
          }
          slot = (slot &+ 1) & mask
        }
      }
    }
  }

  /// Records a key, not present, with its hash, at `position`.
  func insert(hash: UInt32, position: Int) {
    if (count + 1) * 2 > mask + 1 { grow() }
    place(UInt64(hash) << 32 | UInt64(truncatingIfNeeded: position + 1))
    count += 1
  }

  /// Forgets the key at `position` (found with `hash`), and moves every
  /// later position down by one, as `keys.remove(at: position)` does.
  func remove(hash: UInt32, position: Int) {
    let wanted = UInt64(hash) << 32 | UInt64(truncatingIfNeeded: position + 1)
    var slot = Int(hash) & mask
    while slots[slot] != wanted {
      // Present by contract; an empty slot would mean it is not.
      if slots[slot] == 0 { return }
      slot = (slot &+ 1) & mask
    }
    closeGap(at: slot)
    count -= 1
    let removed = UInt64(truncatingIfNeeded: position + 1)
    for other in 0...mask {
      let entry = slots[other]
      if entry & 0xFFFF_FFFF > removed { slots[other] = entry - 1 }
    }
  }

  /// Puts an entry in the first free slot of its probe sequence.
  private func place(_ entry: UInt64) {
    var slot = Int(truncatingIfNeeded: entry >> 32) & mask
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = entry
  }

  /// Empties `slot` and moves later entries of the same run back, so that
  /// every entry stays reachable from its home slot without tombstones.
  private func closeGap(at start: Int) {
    var gap = start
    var slot = start
    while true {
      slot = (slot &+ 1) & mask
      let entry = slots[slot]
      if entry == 0 { break }
      let home = Int(truncatingIfNeeded: entry >> 32) & mask
      // The entry may fill the gap unless its home lies after the gap,
      // cyclically, up to the entry itself.
      let distanceToEntry = (slot &- home) & mask
      let distanceToGap = (slot &- gap) & mask
      if distanceToGap <= distanceToEntry {
        slots[gap] = entry
        gap = slot
      }
    }
    slots[gap] = 0
  }

  /// Doubles the table, placing every entry again from its stored hash.
  private func grow() {
    let old = slots
    let oldCapacity = mask + 1
    let capacity = oldCapacity * 2
    slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
    for slot in 0..<oldCapacity where old[slot] != 0 { place(old[slot]) }
    old.deallocate()
  }
}
