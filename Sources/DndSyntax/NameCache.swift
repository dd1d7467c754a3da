/// The strings of the names a parse has read, by their bytes, so that a name
/// seen before costs a table lookup rather than building a `String` (which
/// validates and copies the bytes: about 170 instructions, a tenth of a
/// parse when every name did it).
///
/// Direct-mapped: a slot holds the last name of up to 24 bytes that hashed to
/// it, packed into three words and a length; a name that misses replaces it.
/// Longer names are not cached. A cache of no slots caches nothing (the
/// parses of string interpolations, which read a name or two).
struct NameCache {
  /// One cached name: its bytes packed (the first in the low byte of
  /// `words.0`), its length (0 for an empty slot) and its string.
  private struct Slot {
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var length = 0
    var text = ""
  }

  /// The longest name cached.
  static let longest = 24

  private var slots: [Slot]
  private let mask: Int

  /// A cache of `2^bits` slots, or none when `bits` is 0.
  init(bits: Int) {
    slots = bits > 0 ? [Slot](repeating: Slot(), count: 1 << bits) : []
    mask = bits > 0 ? (1 << bits) - 1 : 0
  }

  /// The string of `bytes[start..<end]` (decoded as UTF-8, invalid bytes
  /// repaired, as `SourceFile.text` does).
  @inline(__always)
  mutating func string(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
    let length = end - start
    guard length > 0 && length <= NameCache.longest && !slots.isEmpty else {
      return NameCache.decode(bytes, start, end)
    }
    let words = NameCache.pack(bytes, start, length)
    let hash = (words.0 &+ words.1 &* 0x2545_F491_4F6C_DD1D &+ words.2 &* 0x5851_F42D_4C95_7F2D
      ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
    let index = Int(truncatingIfNeeded: hash >> 40) & mask
    // Compared in place: copying the slot would retain its string.
    if slots[index].length == length && slots[index].words == words { return slots[index].text }
    let text = NameCache.decode(bytes, start, end)
    slots[index] = Slot(words: words, length: length, text: text)
    return text
  }

  /// The `length` bytes at `start` packed into three words, zeros after them.
  @inline(__always)
  private static func pack(_ bytes: [UInt8], _ start: Int, _ length: Int) -> (UInt64, UInt64, UInt64) {
    bytes.withUnsafeBytes { raw in
      if start + 24 <= raw.count {
        // Three unaligned loads, the bytes past the name masked off.
        var words = (
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)),
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 16, as: UInt64.self))
        )
        words.0 &= mask(length)
        words.1 &= mask(length - 8)
        words.2 &= mask(length - 16)
        return words
      }
      var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
      for offset in 0..<length {
        let byte = UInt64(raw[start + offset])
        let shift = UInt64(8 * (offset % 8))
        switch offset / 8 {
        case 0: words.0 |= byte << shift
        case 1: words.1 |= byte << shift
        default: words.2 |= byte << shift
        }
      }
      return words
    }
  }

  /// A mask keeping the low `count` bytes of a word (none when `count` is
  /// not positive, all when it is 8 or more).
  @inline(__always)
  private static func mask(_ count: Int) -> UInt64 {
    count <= 0 ? 0 : count >= 8 ? ~0 : (1 &<< (8 &* UInt64(count))) &- 1
  }

  /// The bytes as a string, invalid UTF-8 repaired.
  static func decode(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }
}
