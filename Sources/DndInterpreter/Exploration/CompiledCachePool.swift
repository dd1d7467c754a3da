import Foundation

/// What the runs on one thread reuse, one run after the other: the
/// compiled functions and the binding's builtin types.
final class RunCaches {
  let compiled = CompiledFunctionCache()
  let natives = SceneNatives()

  init() {}
}

/// The caches an explorer's threads use (`RunCaches`), kept from one
/// exploration to the next: exploring every scenario (and fault) of a
/// script then compiles each function once per thread, not once per
/// exploration.
///
/// A cache is used by one thread at a time: a thread takes one for an
/// exploration and gives it back at the end. Caches are kept for one
/// collection size limit (compiled code depends on it); another limit gets
/// fresh caches.
final class CompiledCachePool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [RunCaches] = []
  private var maxCollectionCount: Int?

  init() {}

  /// A cache for code compiled with `maxCollectionCount`, for one thread.
  func take(maxCollectionCount: Int) -> RunCaches {
    lock.lock()
    defer { lock.unlock() }
    if self.maxCollectionCount != maxCollectionCount {
      idle = []
      self.maxCollectionCount = maxCollectionCount
    }
    return idle.popLast() ?? RunCaches()
  }

  /// Gives back a cache taken for `maxCollectionCount`.
  func giveBack(_ cache: RunCaches, maxCollectionCount: Int) {
    lock.lock()
    defer { lock.unlock() }
    if self.maxCollectionCount == maxCollectionCount { idle.append(cache) }
  }
}
