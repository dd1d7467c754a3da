/// Folds a stretch of the text trace that says the same thing over and
/// over (work that re-queues itself until a limit stops it, a timer that
/// prints on every tick) into its first rounds, one line that counts the
/// rest, and its last round: a hundred thousand identical lines tell a
/// reader less than five. Events are compared without their time.
///
/// A round is one event or a few in a row (up to `longestRound`); a
/// stretch is folded only when its round comes `fewestRounds` times or
/// more in a row, so ordinary traces, whose lines differ, print whole.
public struct TraceRepeats {
  /// One event's lines in the text trace.
  public struct Entry {
    public var time: String
    /// What it says without its time: two entries alike say the same.
    public var shape: [String]
    public var lines: [String]

    public init(time: String, shape: [String], lines: [String]) {
      self.time = time
      self.shape = shape
      self.lines = lines
    }
  }

  public var longestRound = 8
  public var fewestRounds = 8
  /// Rounds printed whole before the counting line (the last one is, too).
  public var roundsShown = 2
  /// Where the counting line begins its text.
  public var indent: String

  public init(longestRound: Int = 8, fewestRounds: Int = 8, roundsShown: Int = 2, indent: String) {
    self.longestRound = longestRound
    self.fewestRounds = fewestRounds
    self.roundsShown = roundsShown
    self.indent = indent
  }

  /// The entries' lines, each long run of one round folded.
  public func lines(of entries: [Entry]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < entries.count {
      guard let (length, rounds) = repeatedRound(at: index, in: entries) else {
        out += entries[index].lines
        index += 1
        continue
      }
      let end = index + length * rounds
      for entry in entries[index..<(index + length * roundsShown)] { out += entry.lines }
      let left = entries[(index + length * roundsShown)..<(end - length)]
      let what = length == 1 ? "the event above" : "the \(length) events above"
      let from = left.first?.time.trimmed ?? ""
      let to = left.last?.time.trimmed ?? ""
      let span = from == to ? "at \(from)" : "from \(from) to \(to)"
      let more = rounds - roundsShown - 1
      out.append(indent + "… \(what), \(NumberText.grouped(more)) more time\(more == 1 ? "" : "s") \(span) …")
      for entry in entries[(end - length)..<end] { out += entry.lines }
      index = end
    }
    return out
  }

  /// The shortest round starting at `index` that repeats at least
  /// `fewestRounds` times in a row, with how many times it does.
  private func repeatedRound(at index: Int, in entries: [Entry]) -> (length: Int, rounds: Int)? {
    for length in 1...longestRound where index + length * fewestRounds <= entries.count {
      var rounds = 1
      var next = index + length
      while next + length <= entries.count,
        (0..<length).allSatisfy({ entries[next + $0].shape == entries[index + $0].shape })
      {
        rounds += 1
        next += length
      }
      if rounds >= fewestRounds { return (length, rounds) }
    }
    return nil
  }
}

extension String {
  fileprivate var trimmed: String { String(drop { $0 == " " }) }
}
