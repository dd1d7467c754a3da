import Foundation

/// One exploration of several run side by side (`Explorer.explore(_:deliver:)`):
/// a scenario, a fault, and the `UserDefaults` entries its orders start from.
public struct ExplorationJob: Sendable {
  public var index: Int
  public var fault: InjectedFault?
  /// The store as `dnd test` leaves it to this scenario: every order of the
  /// exploration starts from a copy of it. Nil: the runner's store as it is
  /// when the explorations start.
  public var store: [DefaultsValue.Entry]?

  public init(index: Int, fault: InjectedFault? = nil, store: [DefaultsValue.Entry]? = nil) {
    self.index = index
    self.fault = fault
    self.store = store
  }
}

/// The shared state of explorations run side by side: which job is next,
/// the results made, and the threads still working. Threads claim jobs in
/// order; the caller receives results in order.
final class ExplorationBatch: @unchecked Sendable {
  private let condition = NSCondition()
  private var results: [ExplorationResult?]
  private var nextJob = 0
  private var threads = 0

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  /// The next job no thread has taken, or nil when none is left.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard nextJob < results.count else { return nil }
    nextJob += 1
    return nextJob - 1
  }

  func finish(_ position: Int, _ result: ExplorationResult) {
    condition.lock()
    results[position] = result
    condition.signal()
    condition.unlock()
  }

  func threadStarting() {
    condition.lock()
    threads += 1
    condition.unlock()
  }

  func threadEnded() {
    condition.lock()
    threads -= 1
    condition.signal()
    condition.unlock()
  }

  /// Hands each result to `deliver` (outside the lock) as soon as it and
  /// all before it are there, and returns how many it handed over. The
  /// caller sleeps between results rather than polling: a polling thread
  /// would take a core from the explorations. It stops early only if every
  /// thread ended with a job unfinished (a thread claims jobs until none is
  /// left, so that would be a thread that could not run).
  func deliverInOrder(_ deliver: (Int, ExplorationResult) -> Void) -> Int {
    var position = 0
    condition.lock()
    while position < results.count {
      guard let result = results[position] else {
        if threads == 0 { break }
        condition.wait()
        continue
      }
      results[position] = nil
      condition.unlock()
      deliver(position, result)
      position += 1
      condition.lock()
    }
    condition.unlock()
    return position
  }
}
