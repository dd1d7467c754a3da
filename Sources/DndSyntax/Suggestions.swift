/// "Did you mean ...?": the closest known name to a misspelt one.
public enum Suggestions {
  /// The candidate nearest to `name` by edit distance, if it is close enough
  /// to be a plausible typo (at most a third of the name's length, at least 1),
  /// or if it differs only in case. Ties go to the earlier candidate, so the
  /// answer is deterministic.
  ///
  /// Names longer than `maxLength` bytes get no suggestion: the distance
  /// costs the product of the lengths, and a script of a few megabytes could
  /// otherwise spend minutes here. (A candidate can be no longer than the
  /// name and the limit together, so it is bounded too.)
  public static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == String {
    guard name.utf8.count <= maxLength else { return nil }
    let limit = max(1, name.utf8.count / 3)
    var best: (name: String, distance: Int)?
    var bag = ByteCounts(name)
    let length = name.utf8.count
    for candidate in candidates where candidate != name {
      if equalIgnoringCase(candidate, name) { return candidate }
      // Only a nearer candidate than the best so far can win. Cheap lower
      // bounds first: the difference in length, then the bytes one name has
      // and the other lacks (a transposition changes neither).
      let bound = min(limit, (best?.distance ?? limit + 1) - 1)
      guard bound >= 1, abs(candidate.utf8.count - length) <= bound, bag.difference(from: candidate) <= bound
      else { continue }
      let distance = editDistance(name, candidate, limit: bound)
      if distance <= limit, best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The longest name, in UTF-8 bytes, that suggestions are looked for.
  public static let maxLength = 128

  /// How many of each byte a name has.
  private struct ByteCounts {
    var counts = [Int](repeating: 0, count: 256)
    let total: Int

    init(_ name: String) {
      var total = 0
      for byte in name.utf8 {
        counts[Int(byte)] += 1
        total += 1
      }
      self.total = total
    }

    /// max(bytes of self missing from `other`, bytes of `other` missing from
    /// self), counted with multiplicity: at most the edit distance. (The
    /// counts are taken down and put back, rather than copied per candidate.)
    mutating func difference(from other: String) -> Int {
      var extra = 0
      var otherTotal = 0
      for byte in other.utf8 {
        otherTotal += 1
        counts[Int(byte)] -= 1
        if counts[Int(byte)] < 0 { extra += 1 }
      }
      for byte in other.utf8 { counts[Int(byte)] += 1 }
      return max(extra, total - (otherTotal - extra))
    }
  }

  /// Whether two names are equal but for case (names differing only so are
  /// always suggested): ASCII names are compared byte by byte, without
  /// making lowered copies; others as Swift lowercases them.
  private static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
    let ascii = a.utf8.allSatisfy { $0 < 128 } && b.utf8.allSatisfy { $0 < 128 }
    guard ascii else { return a.lowercased() == b.lowercased() }
    guard a.utf8.count == b.utf8.count else { return false }
    for (x, y) in zip(a.utf8, b.utf8) where x != y {
      let lowerX = x >= 65 && x <= 90 ? x + 32 : x
      let lowerY = y >= 65 && y <= 90 ? y + 32 : y
      if lowerX != lowerY { return false }
    }
    return true
  }

  /// Damerau-Levenshtein distance (adjacent transpositions count as one edit,
  /// so `perfromDrop` is one edit from `performDrop`), over UTF-8 bytes.
  /// Stops early once every entry of a row exceeds `limit`.
  public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    if abs(x.count - y.count) > limit { return limit + 1 }
    var previous2 = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return limit + 1 }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[y.count]
  }
}
