import Foundation
import Testing

@testable import DndInterpreter

/// The runs an exploration makes ahead of its search: a job a run hints is
/// started by an idle thread before the search asks for it, and the search
/// takes that run instead of making it again; a hint that never comes true
/// changes no result.
@Suite("Runs made ahead of the search")
struct SpeculativeRunsTests {
  /// Jobs are numbers; a run's result is its job times ten, and the jobs
  /// performed are counted.
  private final class Fixture: Sendable {
    let performed = Locked<[Int: Int]>([:])
    let owner = WorkerPool.Owner()
    let caches = CompiledCachePool()

    func count(_ job: Int) -> Int { performed.withLock { $0[job] ?? 0 } }

    func runs(
      threads: Int, _ body: @escaping @Sendable (Int, SpeculativeRuns<Int, Int>.Hints) -> Void
    ) -> SpeculativeRuns<Int, Int> {
      SpeculativeRuns<Int, Int>(
        threads: threads, caches: caches, pool: owner.pool, maxCollectionCount: 1000
      ) { [self] job, _, hints in
        performed.withLock { $0[job, default: 0] += 1 }
        body(job, hints)
        return job * 10
      }
    }
  }

  @Test("a job hinted by the search's run is started by the other thread while that run goes on")
  func hintStartsTheJobEarly() {
    let fixture = Fixture()
    let hintedStarted = DispatchSemaphore(value: 0)
    let runs = fixture.runs(threads: 2) { job, hints in
      switch job {
      case 0:
        hints.next([1])
        // Job 0 ends only once job 1 has begun elsewhere: the hint, not
        // the search's next request, started it.
        #expect(hintedStarted.wait(timeout: .now() + 30) == .success)
      case 1: hintedStarted.signal()
      default: break
      }
    }
    defer { runs.stop() }
    #expect(runs.run(0, upcoming: []) == 0)
    #expect(runs.run(1, upcoming: []) == 10)
    #expect(fixture.count(0) == 1)
    #expect(fixture.count(1) == 1)
  }

  @Test("a hint the search never asks for changes none of the runs it takes")
  func wrongHintCostsOnlyARun() {
    let fixture = Fixture()
    let runs = fixture.runs(threads: 2) { job, hints in
      if job == 0 { hints.next([99]) }
    }
    defer { runs.stop() }
    #expect(runs.run(0, upcoming: []) == 0)
    #expect(runs.run(1, upcoming: []) == 10)
    #expect(runs.run(2, upcoming: []) == 20)
    for job in 0...2 { #expect(fixture.count(job) == 1) }
  }

  @Test("on one thread a hint is ignored: every job runs when asked for, once")
  func oneThreadIgnoresHints() {
    let fixture = Fixture()
    let runs = fixture.runs(threads: 1) { job, hints in
      if job == 0 { hints.next([1]) }
    }
    defer { runs.stop() }
    #expect(runs.run(0, upcoming: []) == 0)
    #expect(fixture.count(1) == 0)
    #expect(runs.run(1, upcoming: []) == 10)
    #expect(fixture.count(1) == 1)
  }
}
