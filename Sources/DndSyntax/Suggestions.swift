/// "Did you mean ...?": the closest known name to a misspelt one.
public enum Suggestions {
  /// The candidate nearest to `name` by edit distance, if it is close enough
  /// to be a plausible typo (at most a third of the name's length, at least 1),
  /// or if it differs only in case. Ties go to the earlier candidate, so the
  /// answer is deterministic.
  public static func closest<S: Sequence>(to name: String, in candidates: S) -> String?
  where S.Element == String {
    let limit = max(1, name.utf8.count / 3)
    var best: (name: String, distance: Int)?
    let lowered = name.lowercased()
    for candidate in candidates where candidate != name {
      if candidate.lowercased() == lowered { return candidate }
      let distance = editDistance(name, candidate, limit: limit)
      if distance <= limit, best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.name
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
