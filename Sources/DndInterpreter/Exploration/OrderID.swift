// An order of completions, named by the choices made at its choice points.

/// Names one order in which a scenario's pending work ran: the index chosen
/// at each choice point, where a choice point is a moment with more than one
/// piece of work that may run next and index 0 is what the default policy
/// (earliest due first) would run. Written `2.0.1`; trailing zeros are left
/// out, so the default order is `0`.
public struct OrderID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The choices, without trailing zeros.
  public let choices: [Int]

  public init(_ choices: [Int]) {
    var trimmed = choices
    while trimmed.last == 0 { trimmed.removeLast() }
    self.choices = trimmed
  }

  /// What `2.0.1` is as an order id: the order, or why it is none.
  public enum Parsed: Equatable, Sendable {
    case order(OrderID)
    /// Not digits separated by single dots.
    case malformed
    /// Well formed, with a choice past `largestChoice`.
    case outOfRange
  }

  /// Parses `2.0.1` (or `0` for the default order).
  public static func parse(_ text: String) -> Parsed {
    var choices: [Int] = []
    var outOfRange = false
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      // Digits only: `Int` would also take "+2", which no report prints.
      guard !part.isEmpty, part.allSatisfy({ ("0"..."9").contains($0) }) else { return .malformed }
      guard let value = Int(part), value <= largestChoice else {
        outOfRange = true
        continue
      }
      choices.append(value)
    }
    return outOfRange ? .outOfRange : .order(OrderID(choices))
  }

  /// Parses `2.0.1` (or `0` for the default order); nil for anything else.
  public init?(parsing text: String) {
    guard case .order(let order) = Self.parse(text) else { return nil }
    self = order
  }

  public static let defaultOrder = OrderID([])

  /// The largest choice an order id may name (no choice point comes near).
  public static let largestChoice = 999_999

  public var description: String {
    choices.isEmpty ? "0" : choices.map(String.init).joined(separator: ".")
  }

  /// The non-default choices (counted without building an array: the
  /// failures of an exploration are sorted with this).
  private var departures: Int {
    var count = 0
    for choice in choices where choice != 0 { count += 1 }
    return count
  }

  /// How far an order departs from the default: fewer non-default choices,
  /// then fewer choice points, then the lexicographic order of the choices.
  public static func < (lhs: OrderID, rhs: OrderID) -> Bool {
    let left = (lhs.departures, lhs.choices.count)
    let right = (rhs.departures, rhs.choices.count)
    if left != right { return left < right }
    return lhs.choices.lexicographicallyPrecedes(rhs.choices)
  }
}

/// A small seeded generator (SplitMix64), so that a sample of orders is the
/// same on every run with the same seed.
struct SeededGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A number in `0..<bound` (bound > 0).
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    mixed ^= mixed >> 31
    return Int(mixed % UInt64(max(1, bound)))
  }
}
