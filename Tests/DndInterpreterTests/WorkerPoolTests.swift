import Foundation
import Testing

@testable import DndInterpreter

#if canImport(Glibc)
  import Glibc
#endif

/// The threads an explorer lends its explorations' workers: every task
/// runs, and a thread that finished its task takes the next one.
@Suite("The explorer's worker threads")
struct WorkerPoolTests {
  @Test("every task handed to the pool runs, even more than it has idle threads")
  func everyTaskRuns() {
    let owner = WorkerPool.Owner()
    let done = DispatchSemaphore(value: 0)
    let count = Locked(0)
    for _ in 0..<5 {
      #expect(
        owner.pool.run {
          count.withLock { $0 += 1 }
          done.signal()
        })
    }
    for _ in 0..<5 { done.wait() }
    #expect(count.withLock { $0 } == 5)
  }

  @Test("a thread that finished its task runs the next one instead of a new thread")
  func threadsAreReused() {
    let owner = WorkerPool.Owner()
    let done = DispatchSemaphore(value: 0)
    let threads = Locked<[UInt]>([])
    for _ in 0..<3 {
      #expect(
        owner.pool.run {
          threads.withLock { $0.append(UInt(pthread_self())) }
          done.signal()
        })
      done.wait()
      // Let the thread go back to waiting before the next task comes.
      var waited = 0
      while owner.pool.idleThreads < 1, waited < 10_000 {
        usleep(1000)
        waited += 1
      }
    }
    let seen = threads.withLock { $0 }
    #expect(seen.count == 3)
    #expect(Set(seen).count == 1)
  }

  @Test("with a limit of one thread, a task given while that thread is busy waits for it")
  func limitQueuesTasks() {
    let owner = WorkerPool.Owner()
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let threads = Locked<[UInt]>([])
    let secondRan = Locked(false)
    let first = owner.pool.run(
      {
        threads.withLock { $0.append(UInt(pthread_self())) }
        release.wait()
        done.signal()
      }, limit: 1)
    let second = owner.pool.run(
      {
        threads.withLock { $0.append(UInt(pthread_self())) }
        secondRan.withLock { $0 = true }
        done.signal()
      }, limit: 1)
    #expect(first && second)
    // No second thread was started for it: it has not run while the first blocks.
    usleep(50_000)
    #expect(!secondRan.withLock { $0 })
    release.signal()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(done.wait(timeout: .now() + 10) == .success)
    let seen = threads.withLock { $0 }
    #expect(seen.count == 2)
    #expect(Set(seen).count == 1)
  }

  @Test("an owner that ends while its pool's thread runs a task holding it closes the pool")
  func ownerEndsDuringTask() {
    let started = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let pool: WorkerPool
    do {
      let owner = WorkerPool.Owner()
      pool = owner.pool
      let accepted = pool.run { [owner] in
        started.signal()
        finish.wait()
        withExtendedLifetime(owner) {}
        done.signal()
      }
      #expect(accepted)
      started.wait()
    }
    // The task now holds the owner's last reference; it ends with the task.
    finish.signal()
    #expect(done.wait(timeout: .now() + 10) == .success)
    var closed = false
    for _ in 0..<1000 where !closed {
      closed = !pool.run {}
      if !closed { usleep(10_000) }
    }
    #expect(closed)
  }
}
