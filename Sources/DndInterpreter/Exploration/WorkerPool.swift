import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The threads an explorer's explorations borrow to run orders ahead of the
/// search (`SpeculativeRuns`), kept from one exploration to the next.
///
/// Starting a thread costs about as much as a short scenario's run, and
/// most explorations have a handful of orders: with a thread started per
/// exploration, a second core only paid off for explorations of dozens of
/// orders. A thread of the pool that finishes its task waits for the next
/// one instead of ending, so that later explorations start their workers
/// with a wake-up. The threads end when the explorer owning the pool is
/// gone (`WorkerPool.Owner`).
final class WorkerPool: @unchecked Sendable {
  private let condition = NSCondition()
  /// Tasks handed to the pool that no thread has taken yet, oldest first,
  /// each with its number.
  private var tasks: [(number: Int, body: @Sendable () -> Void)] = []
  private var tasksGiven = 0
  /// Threads waiting for a task.
  private var idle = 0
  /// Threads started and not ended.
  private var threads = 0
  private var closed = false

  /// Ends the pool's threads when the explorers holding it are gone: the
  /// threads hold the pool itself, not this.
  final class Owner: Sendable {
    let pool = WorkerPool()

    init() {}

    deinit { pool.close() }
  }

  private init() {}

  /// Runs `task` on a thread of the pool: an idle one, or a new one while
  /// the pool has fewer than `limit` threads, or else the first to finish
  /// its task; false if no thread could be started (or the pool is closed).
  ///
  /// The limit is the exploration's number of threads. Without it, a task
  /// handed over while the thread that would take it was still returning
  /// from its last one started another thread, and the pool grew past the
  /// cores: on two cores, an exploration on two threads kept three busy,
  /// the idle one yielding its core at every poll.
  func run(_ task: @escaping @Sendable () -> Void, limit: Int = Int.max) -> Bool {
    condition.lock()
    guard !closed else {
      condition.unlock()
      return false
    }
    tasksGiven += 1
    let number = tasksGiven
    tasks.append((number, task))
    if idle >= tasks.count || threads >= max(1, limit) {
      condition.signal()
      condition.unlock()
      return true
    }
    threads += 1
    condition.unlock()
    if WorkerThread.start({ [self] in serve() }) { return true }
    // No thread: take the task back, unless a thread that just went idle took it.
    var taken: (number: Int, body: @Sendable () -> Void)?
    condition.lock()
    threads -= 1
    if let index = tasks.firstIndex(where: { $0.number == number }) { taken = tasks.remove(at: index) }
    condition.unlock()
    // Released here, without the lock: it may hold the last reference to an
    // owner, whose end takes the lock.
    return taken == nil
  }

  /// Runs `body` on a thread of the pool and waits for its result; nil if no
  /// thread could be started. An exploration's search runs here: starting a
  /// thread of its own per exploration (with a fresh 256 MB stack whose
  /// pages fault in again) cost about a run's time for every scenario.
  func runAndWait<Result: Sendable>(
    limit: Int = Int.max, _ body: @escaping @Sendable () -> Result
  ) -> Result? {
    let handOver = HandOver<Result>()
    guard run({ handOver.put(body()) }, limit: limit) else { return nil }
    return handOver.take()
  }

  /// A result passed from a pool thread to the thread waiting for it. The
  /// waiting thread polls before it sleeps (`pause`), as the pool's threads
  /// do: put to sleep, it woke about as long after the search ended as an
  /// order takes to run, for every exploration (the Image Gallery's, nine
  /// orders, explored a sixth to a fifth faster once it polled; `dnd-bench`).
  private final class HandOver<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func put(_ made: Value) {
      condition.lock()
      value = made
      condition.signal()
      condition.unlock()
    }

    func take() -> Value {
      condition.lock()
      defer { condition.unlock() }
      var polls = 0
      while true {
        if let value { return value }
        condition.pause(&polls)
      }
    }
  }

  /// The threads waiting for a task.
  var idleThreads: Int {
    condition.lock()
    defer { condition.unlock() }
    return idle
  }

  /// Lets the threads end once their tasks are done.
  private func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// A thread's loop: run tasks as they come, until the pool closes. Each
  /// task is released before the lock is taken again: a task may hold the
  /// last reference to the pool's owner, whose end closes the pool.
  private func serve() {
    while let task = nextTask() { task() }
  }

  /// The next task, waiting for one; nil once the pool is closed (the
  /// thread then ends).
  private func nextTask() -> (@Sendable () -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    var polls = 0
    while tasks.isEmpty {
      if closed {
        threads -= 1
        return nil
      }
      idle += 1
      condition.pause(&polls)
      idle -= 1
    }
    return tasks.removeFirst().body
  }
}

extension NSCondition {
  /// How many times `pause` polls before it sleeps: about a millisecond.
  static let pollsBeforeSleeping = 1000

  /// Waits for another thread (called and returning with the lock held; the
  /// caller checks again what it waits for, as after `wait()`). The first
  /// `pollsBeforeSleeping` pauses of a wait only yield the core: an order
  /// runs in a fraction of a millisecond, and a thread put to sleep on the
  /// condition took about as long again to wake on a virtual machine, so
  /// two threads sleeping and waking at every order used 1.3 cores of 2.
  func pause(_ polls: inout Int) {
    guard polls < Self.pollsBeforeSleeping else {
      wait()
      return
    }
    polls += 1
    unlock()
    sched_yield()
    lock()
  }
}

/// A detached thread with an interpreter's large stack
/// (`InterpreterThread.stackSize`), for an exploration's workers.
enum WorkerThread {
  /// Starts `body` on a new thread; false if none could be created.
  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, InterpreterThread.stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
      guard pthread_create(&thread, &attributes, { Body.run($0) }, context) == 0 else {
        Unmanaged<Body>.fromOpaque(context).release()
        return false
      }
    #else
      var thread: pthread_t?
      guard pthread_create(&thread, &attributes, { Body.run($0) }, context) == 0 else {
        Unmanaged<Body>.fromOpaque(context).release()
        return false
      }
    #endif
    return true
  }

  /// The closure handed to the new thread.
  private final class Body: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
      guard let context else { return nil }
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }
  }
}
