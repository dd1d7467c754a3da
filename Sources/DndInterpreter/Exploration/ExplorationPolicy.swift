import DndRuntime

/// One moment at which more than one piece of work could have run next.
public struct ChoicePoint: Hashable, Sendable {
  public var time: VirtualTime
  /// How many alternatives there were. (Their labels are not kept: a run
  /// with N loads ready at once meets N points of up to N alternatives.)
  public var optionCount: Int
  public var chosen: Int
}

/// A piece of work that ran, in the order it ran.
public struct RanWork: Hashable, Sendable {
  public var time: VirtualTime
  public var queue: String
  public var label: String
  /// Set when this work ran at a choice point: the index chosen.
  public var choiceIndex: Int?
  /// The number of alternatives at that choice point (0 when none).
  public var choiceCount = 0

  init(time: VirtualTime, queue: String, label: String) {
    self.time = time
    self.queue = queue
    self.label = label
  }
}

/// The scheduling policy of an explored run: at every choice point it takes
/// the alternative its choice list names (beyond the list, the default one,
/// or a random one when sampling), and records the point.
///
/// What may run next ("can complete in either order") is what the scheduler
/// offers within the current step: the head of the serial main queue and
/// every background piece of work due by the end of the step (the end of a
/// `wait`, or the time horizon for `settle`), whatever its due time. A load's
/// latency is an estimate, so any pending load may finish before or after
/// any other, and before or after the main queue's next block; the main queue
/// itself stays first in, first out. Work that only hands over a stored
/// value (labels ending in " obtain") runs no app code, so it never makes a
/// choice: it runs first.
final class ExplorationPolicy: SchedulingPolicy {
  private let choices: [Int]
  private var sampler: SeededGenerator?
  /// Called at each choice point with its number, before the choice (the
  /// explorer fingerprints the state there).
  var atChoicePoint: ((Int) -> Void)?
  private(set) var points: [ChoicePoint] = []
  private(set) var ran: [RanWork] = []

  init(choices: [Int], sampler: SeededGenerator? = nil) {
    self.choices = choices
    self.sampler = sampler
    // A run of a drop scenario runs a dozen pieces of work or so. (Not 16:
    // sixteen 64-byte entries make a block glibc serves from its large
    // bins, which costs more than a small one.)
    ran.reserveCapacity(14)
  }

  /// The choices made, one per choice point. (Closures rather than key
  /// paths here and in the explorer: a key path is applied through the
  /// runtime, at about 2,000 instructions a call.)
  var chosen: [Int] { points.map { $0.chosen } }

  /// The work that has run, as a multiset of labels (part of the
  /// fingerprint): the sum of the labels' hashes, which no order of running
  /// changes. Each hash is scrambled before it is added: FNV's last step is
  /// linear in the last byte, so plain FNV hashes of labels differing only
  /// there sum alike in pairs (`l0` and `l3` make what `l1` and `l2` make,
  /// for any prefix), and the explorer merged states it must not.
  /// Brought up to date when read: only the choice points a run
  /// fingerprints read it, and runs replaying a prefix or sampling have
  /// few or none.
  var completedDigest: (count: Int, sum: UInt64) {
    while summedCount < ran.count {
      labelSum &+= Self.labelHash(ran[summedCount].label)
      summedCount += 1
    }
    return (summedCount, labelSum)
  }

  /// A label's hash for `completedDigest`: FNV, then MurmurHash3's
  /// finaliser, whose multiplications and shifts leave no such pairs.
  static func labelHash(_ label: String) -> UInt64 {
    var hash = StateFingerprint.FNV()
    hash.add(label)
    var mixed = hash.value
    mixed ^= mixed >> 33
    mixed &*= 0xff51_afd7_ed55_8ccd
    mixed ^= mixed >> 33
    mixed &*= 0xc4ce_b9fe_1a85_ec53
    mixed ^= mixed >> 33
    return mixed
  }

  private var labelSum: UInt64 = 0
  /// How many entries of `ran` `labelSum` holds.
  private var summedCount = 0

  func choose(among candidates: [PendingWork], now: VirtualTime) -> Int {
    // Most work runs alone: nothing to order, no choice.
    if candidates.count == 1 { return note(candidates[0], now: now, index: 0, choice: nil) }
    let order = candidates.indices.sorted {
      (candidates[$0].due, candidates[$0].id) < (candidates[$1].due, candidates[$1].id)
    }
    if let quiet = order.first(where: {
      !candidates[$0].isMainQueue && Self.handsOverStoredValue(candidates[$0].label)
    }) {
      return note(candidates[quiet], now: now, index: quiet, choice: nil)
    }
    guard order.count > 1 else { return note(candidates[order[0]], now: now, index: order[0], choice: nil) }
    let point = points.count
    atChoicePoint?(point)
    var pick = 0
    if point < choices.count {
      pick = min(choices[point], order.count - 1)
    } else if sampler != nil {
      pick = sampler?.next(below: order.count) ?? 0
    }
    points.append(ChoicePoint(time: now, optionCount: order.count, chosen: pick))
    return note(candidates[order[pick]], now: now, index: order[pick], choice: (pick, order.count))
  }

  private func note(_ work: PendingWork, now: VirtualTime, index: Int, choice: (Int, Int)?) -> Int {
    var entry = RanWork(time: max(now, work.due), queue: work.queue, label: work.label)
    entry.choiceIndex = choice?.0
    entry.choiceCount = choice?.1 ?? 0
    ran.append(entry)
    return index
  }

  /// Whether the work's label ends in " obtain" (the runtime's labels are
  /// ASCII, so the bytes are compared rather than the characters).
  static func handsOverStoredValue(_ label: String) -> Bool {
    let found = label.utf8.withContiguousStorageIfAvailable { bytes in
      let suffix = obtainSuffix
      guard bytes.count >= suffix.count else { return false }
      let start = bytes.count - suffix.count
      for offset in suffix.indices where bytes[start + offset] != suffix[offset] { return false }
      return true
    }
    return found ?? label.hasSuffix(" obtain")
  }

  private static let obtainSuffix = Array(" obtain".utf8)
}
