import Foundation

/// Runs an exploration's orders on more than one core without changing what
/// the exploration finds.
///
/// The search itself stays sequential: it asks for the run of one job (an
/// order's prefix, or a sampling seed) at a time, in exactly the order a
/// single thread would, and folds each run into its state (the states
/// seen, the orders kept) in that order. A run depends only on its job, not
/// on the search's state, so worker threads may run the jobs the search
/// will ask for next (`upcoming`: the top of its stack) ahead of time; the
/// search then finds their runs ready. Results, and so the report, are the
/// same for any number of threads.
///
/// Each thread has its own cache of compiled functions (taken from the
/// explorer's `CompiledCachePool`); runs share nothing
/// else but the program (immutable): each order has its own copy of the
/// `UserDefaults` store the exploration started from.
final class SpeculativeRuns<Job: Hashable & Sendable, Run: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  /// The jobs the search will probably ask for next, soonest first.
  private var upcoming: [Job] = []
  /// Jobs runs said the search will ask for (see `Hints`), latest first:
  /// taken when `upcoming` has none left to start.
  private var hinted: [Job] = []
  private var running: Set<Job> = []
  private var finished: [Job: Run] = [:]
  private var stopping = false
  private var workersRunning = 0
  private let perform: @Sendable (Job, RunCaches, Hints) -> Run
  private let caches: CompiledCachePool
  /// Where the workers' threads come from.
  private let pool: WorkerPool
  private let maxCollectionCount: Int
  /// The calling (search) thread's cache.
  private let cache: RunCaches
  /// The threads an exploration uses, the search's included: the most the
  /// pool may have.
  private let threads: Int
  /// Workers still to start, and how many runs the search asks for first.
  private var workersToStart: Int
  private let startAfter: Int
  /// Runs asked for so far (the search's thread alone touches it).
  private var asked = 0

  /// Will start `threads - 1` workers on threads of `pool` (the calling
  /// thread is the other one) once the search has asked for `startAfter`
  /// runs. With `threads` 1, or if no thread can be started, every job
  /// runs on the calling thread when asked for. `perform` runs a job with a
  /// cache of compiled functions only its thread uses.
  init(
    threads: Int, startAfter: Int = 0, caches: CompiledCachePool, pool: WorkerPool, maxCollectionCount: Int,
    perform: @escaping @Sendable (Job, RunCaches, Hints) -> Run
  ) {
    self.perform = perform
    self.caches = caches
    self.pool = pool
    self.maxCollectionCount = maxCollectionCount
    self.startAfter = max(0, startAfter)
    self.threads = max(1, threads)
    workersToStart = max(0, threads - 1)
    cache = caches.take(maxCollectionCount: maxCollectionCount)
  }

  /// Starts the workers (called on the search's thread, without the lock).
  private func startWorkers() {
    let count = workersToStart
    workersToStart = 0
    for _ in 0..<count {
      condition.lock()
      workersRunning += 1
      condition.unlock()
      // Held weakly: in explorations run side by side, a helper's task may
      // wait in the pool until the search is over, and should not keep it.
      let started = pool.run({ [weak self] in self?.work() }, limit: threads)
      if !started {
        condition.lock()
        workersRunning -= 1
        condition.unlock()
        break
      }
    }
  }

  /// The run of `job`, which the search needs now; `next` lists the jobs it
  /// will probably need after it, soonest first (workers run them ahead).
  func run(_ job: Job, upcoming next: [Job]) -> Run {
    if workersToStart > 0 {
      if asked >= startAfter { startWorkers() }
      asked += 1
    }
    condition.lock()
    defer { condition.unlock() }
    upcoming = next
    if workersRunning > 0 { condition.broadcast() }
    var polls = 0
    while true {
      if let run = finished.removeValue(forKey: job) { return run }
      if !running.contains(job) { return runUnlocked(job) }
      // A worker is running it: run another upcoming job meanwhile, or wait
      // for the worker. Running it here too would cost a whole run to save
      // what is left of the worker's, and when the machine is busy (the
      // worker off its core) the second copy takes the very core the
      // worker needs: under valgrind, which runs one thread at a time, the
      // Image Gallery explored 20 times made 570 runs for 540 orders.
      if let other = nextUnstarted() {
        finished[other] = runUnlocked(other)
        condition.broadcast()
      } else {
        condition.pause(&polls)
      }
    }
  }

  /// What a run may say, before it ends, about the jobs the search will ask
  /// for once it has this run.
  struct Hints {
    fileprivate weak var runs: SpeculativeRuns?
    /// Whether the run is the search's own (which may start the workers).
    fileprivate var onSearchThread: Bool

    /// `jobs` will probably be asked for soon after this run: idle threads
    /// may start on them now. A wrong guess costs a run, never a result.
    func next(_ jobs: [Job]) { runs?.hint(jobs, onSearchThread: onSearchThread) }
  }

  /// `Hints.next`, without the lock.
  private func hint(_ jobs: [Job], onSearchThread: Bool) {
    if onSearchThread, workersToStart > 0 { startWorkers() }
    condition.lock()
    for job in jobs where finished[job] == nil && !running.contains(job) && !hinted.contains(job) {
      hinted.insert(job, at: 0)
    }
    if workersRunning > 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Stops the workers, dropping whatever they ran ahead. A worker in the
  /// middle of a run finishes it on its own and drops it: the search does
  /// not wait for it (on a busy machine the worker may be off its core for
  /// a while), since a run made ahead touches nothing the search still uses.
  func stop() {
    condition.lock()
    stopping = true
    finished = [:]
    hinted = []
    condition.broadcast()
    condition.unlock()
    caches.giveBack(cache, maxCollectionCount: maxCollectionCount)
  }

  /// Runs `job` on the search's thread with the lock released (called and
  /// returning with it held).
  private func runUnlocked(_ job: Job) -> Run {
    start(job)
    condition.unlock()
    let run = perform(job, cache, Hints(runs: self, onSearchThread: true))
    condition.lock()
    running.remove(job)
    return run
  }

  /// The soonest upcoming job nobody has run or is running, else the
  /// latest hinted one.
  private func nextUnstarted() -> Job? {
    let unstarted = { [self] (job: Job) in finished[job] == nil && !running.contains(job) }
    return upcoming.first(where: unstarted) ?? hinted.first(where: unstarted)
  }

  /// Marks `job` as running (with the lock held); it is no longer a hint.
  private func start(_ job: Job) {
    running.insert(job)
    if let index = hinted.firstIndex(of: job) { hinted.remove(at: index) }
  }

  /// A worker's loop (on a thread of the pool): run upcoming jobs until stopped.
  private func work() {
    let workerCache = caches.take(maxCollectionCount: maxCollectionCount)
    condition.lock()
    var polls = 0
    while !stopping {
      guard let job = nextUnstarted() else {
        condition.pause(&polls)
        continue
      }
      polls = 0
      start(job)
      condition.unlock()
      let run = perform(job, workerCache, Hints(runs: self, onSearchThread: false))
      condition.lock()
      running.remove(job)
      if !stopping { finished[job] = run }
      condition.broadcast()
    }
    caches.giveBack(workerCache, maxCollectionCount: maxCollectionCount)
    workersRunning -= 1
    condition.broadcast()
    condition.unlock()
  }
}
