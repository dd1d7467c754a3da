import Foundation
import Testing

@testable import DndInterpreter

/// The native stack guard's bounds, remembered from one run to the next on
/// a thread (glibc answers the question with a system call).
@Suite struct NativeStackTests {
  @Test func theCurrentThreadsStackHoldsTheCurrentAddress() throws {
    let bounds = try #require(NativeStack.currentBounds())
    #expect(bounds.contains(NativeStack.currentAddress()))
    #expect(bounds.lowestSafeAddress == bounds.low + NativeStack.margin)
  }

  /// Remembered bounds that hold the current address are used as they are;
  /// bounds of another stack are replaced by the current thread's.
  @Test func rememberedBoundsAreUsedOnlyOnTheirOwnStack() throws {
    let actual = try #require(NativeStack.currentBounds())
    var known: NativeStack.Bounds? = NativeStack.Bounds(low: actual.low + 4096, high: actual.high)
    #expect(NativeStack.lowestSafeAddress(remembering: &known) == actual.low + 4096 + NativeStack.margin)
    // Another thread's stack (here, one that holds no address of ours).
    known = NativeStack.Bounds(low: 16, high: 32)
    #expect(NativeStack.lowestSafeAddress(remembering: &known) == actual.lowestSafeAddress)
    #expect(known?.low == actual.low)
    // Bounds holding our address but found for another thread (one that
    // ended, whose stack range ours lies in) are not ours either.
    let elsewhere = try #require(otherThread())
    known = NativeStack.Bounds(low: actual.low + 4096, high: actual.high, thread: elsewhere)
    #expect(NativeStack.lowestSafeAddress(remembering: &known) == actual.lowestSafeAddress)
    known = nil
    #expect(NativeStack.lowestSafeAddress(remembering: &known) == actual.lowestSafeAddress)
  }

  /// The interpreters of one thread's runs share a compiled-function cache,
  /// which carries the bounds: a second thread using the cache later finds
  /// its own stack, not the first's.
  @Test func aCacheMovedToAnotherThreadFindsThatThreadsStack() throws {
    let cache = CompiledFunctionCache()
    var here = cache.stackBounds
    _ = NativeStack.lowestSafeAddress(remembering: &here)
    cache.stackBounds = here
    let mine = try #require(here)
    let other = Locked<NativeStack.Bounds?>(nil)
    let done = DispatchSemaphore(value: 0)
    // Handed over, not shared: this thread waits until the other is done.
    nonisolated(unsafe) let handedOver = cache
    let thread = Thread {
      var bounds = handedOver.stackBounds
      _ = NativeStack.lowestSafeAddress(remembering: &bounds)
      other.withLock { $0 = bounds }
      done.signal()
    }
    thread.start()
    done.wait()
    let theirs = try #require(other.withLock { $0 })
    #expect(theirs.low != mine.low)
    #expect(!theirs.contains(NativeStack.currentAddress()))
  }

  /// The handle of a thread other than the caller (started and joined).
  private func otherThread() -> pthread_t? {
    let handle = Locked<pthread_t?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      handle.withLock { $0 = pthread_self() }
      done.signal()
    }
    thread.start()
    done.wait()
    return handle.withLock { $0 }
  }
}
