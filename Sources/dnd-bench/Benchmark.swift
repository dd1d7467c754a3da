import Foundation

/// One benchmark: a named piece of work, run several times in a process of
/// its own so that its peak memory is its own.
struct Benchmark {
  /// What one run's throughput counts, and how many of them a run does.
  struct Throughput {
    var unit: String
    var amount: Double
  }

  var name: String
  var summary: String
  /// Timed runs (after one untimed warm-up run when `warmUp` is set).
  var runs: Int
  var warmUp: Bool
  var throughput: Throughput?
  /// Whether peak memory says something about the work (not for start-up,
  /// where it is the harness's own).
  var reportsMemory: Bool
  /// Prepares the work (untimed) and returns the timed part.
  var prepare: @Sendable () throws -> Prepared
}

/// A benchmark ready to time.
struct Prepared {
  /// One run; returns an error text when its result is wrong.
  var run: () throws -> String?
  /// Seconds taken off every run's time (a baseline measured while preparing).
  var baseline: Double = 0
  /// The throughput, when it is known only once the work is prepared.
  var throughput: Benchmark.Throughput?

  init(
    baseline: Double = 0, throughput: Benchmark.Throughput? = nil, _ run: @escaping () throws -> String?
  ) {
    self.run = run
    self.baseline = baseline
    self.throughput = throughput
  }
}

/// The result of a benchmark: wall times of the runs and peak memory.
struct Measurement: Codable {
  var name: String
  var seconds: [Double]
  /// Peak resident memory of the benchmark's process, in bytes.
  var peakBytes: Int?
  var throughputUnit: String?
  var throughputAmount: Double?
  var error: String?
  var skipped: String?

  var median: Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var minimum: Double { seconds.min() ?? 0 }

  /// Throughput at the median time.
  var rate: Double? {
    guard let throughputAmount, median > 0 else { return nil }
    return throughputAmount / median
  }
}

/// Wall-clock timing and memory of the current process.
enum Clock {
  /// Seconds taken by `body`.
  static func time(_ body: () throws -> String?) rethrows -> (Double, String?) {
    let start = DispatchTime.now().uptimeNanoseconds
    let problem = try body()
    let end = DispatchTime.now().uptimeNanoseconds
    return (Double(end - start) / 1e9, problem)
  }

  /// The process's peak resident set (VmHWM), in bytes.
  static func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }
}
