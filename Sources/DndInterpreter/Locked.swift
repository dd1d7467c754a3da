import Foundation

/// A value behind a lock, shared by the threads of an exploration.
///
/// It takes the place of the standard library's `Mutex`: on Linux that one
/// waits on a futex that ThreadSanitizer does not see, so the sanitizer
/// reported accesses made under the lock as races. `NSLock` is a pthread
/// mutex, which it does see, and the sanitizer run stays meaningful.
final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` on the value while holding the lock.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
