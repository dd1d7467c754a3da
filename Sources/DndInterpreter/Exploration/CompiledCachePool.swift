import Foundation

/// The caches of compiled functions an explorer's threads use, kept from
/// one exploration to the next: exploring every scenario (and fault) of a
/// script then compiles each function once per thread, not once per
/// exploration.
///
/// A cache is used by one thread at a time: a thread takes one for an
/// exploration and gives it back at the end. Caches are kept for one
/// collection size limit (compiled code depends on it); another limit gets
/// fresh caches.
final class CompiledCachePool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [CompiledFunctionCache] = []
  private var maxCollectionCount: Int?

  init() {}

  /// A cache for code compiled with `maxCollectionCount`, for one thread.
  func take(maxCollectionCount: Int) -> CompiledFunctionCache {
    lock.lock()
    defer { lock.unlock() }
    if self.maxCollectionCount != maxCollectionCount {
      idle = []
      self.maxCollectionCount = maxCollectionCount
    }
    return idle.popLast() ?? CompiledFunctionCache()
  }

  /// Gives back a cache taken for `maxCollectionCount`.
  func giveBack(_ cache: CompiledFunctionCache, maxCollectionCount: Int) {
    lock.lock()
    defer { lock.unlock() }
    if self.maxCollectionCount == maxCollectionCount { idle.append(cache) }
  }
}
