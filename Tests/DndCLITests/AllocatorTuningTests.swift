import Foundation
import Testing

@testable import DndCLI

/// An exploring `dnd` restarts itself once with glibc's larger per-thread
/// caches of freed blocks: which command lines restart, what the
/// environment becomes, and that the restarted process answers as the
/// process would have.
@Suite struct AllocatorTuningTests {
  @Test(arguments: [
    (["test", "--explore", "a.dnd"], true),
    (["test", "a.dnd", "--faults"], true),
    (["--color", "never", "test", "--explore", "dir"], true),
    (["test", "a.dnd"], false),
    (["run", "a.dnd"], false),
    (["explain", "--explore"], false),
    ([], false),
  ])
  func exploringCommandLines(arguments: [String], explores: Bool) {
    #expect(AllocatorTuning.explores(arguments) == explores)
  }

  @Test(arguments: [
    (nil, "glibc.malloc.tcache_count=500" as String?),
    ("", "glibc.malloc.tcache_count=500"),
    ("glibc.malloc.arena_max=1", "glibc.malloc.arena_max=1:glibc.malloc.tcache_count=500"),
    // The user's own value of the tunable wins, and there is no restart.
    ("glibc.malloc.tcache_count=7", nil),
    ("glibc.malloc.arena_max=1:glibc.malloc.tcache_count=0", nil),
    // A longer name that starts alike is another tunable.
    ("glibc.malloc.tcache_count_extra=1", "glibc.malloc.tcache_count_extra=1:glibc.malloc.tcache_count=500"),
  ] as [(String?, String?)])
  func environmentValue(existing: String?, expected: String?) {
    #expect(AllocatorTuning.tunables(adding: AllocatorTuning.explorationTunable, to: existing) == expected)
  }

  @Test("the restarted dnd keeps its arguments: it explores and reports as dnd does in-process")
  func restartKeepsTheCommand() throws {
    guard EndToEndTests.binary != nil else { return }
    let arguments = ["test", "--explore", "examples/explore/02-gallery-commit.dnd", "--color", "never"]
    let inProcess = dnd(arguments, engine: .live)
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = nil
    let restarted = try ProcessRunner.run(arguments, environment: environment)
    #expect(restarted.status == inProcess.status)
    #expect(restarted.output == inProcess.output)
    #expect(restarted.output.contains("4 of 9 orders fail"))
  }
}
