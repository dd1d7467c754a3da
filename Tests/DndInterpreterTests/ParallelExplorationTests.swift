import DndCheck
import DndInterpreter
import DndSyntax
import Foundation
import Testing

/// Everything an exploration reports, as text, to compare two explorations.
private func summary(_ result: ExplorationResult) -> String {
  var lines = [
    "\(result.title) fault=\(result.fault?.rawValue ?? "none") orders=\(result.ordersRun)",
    "exhaustive=\(result.exhaustive) seed=\(result.seed.map(String.init) ?? "none")",
    "merged=\(result.statesMerged) changed=\(result.changedOutcomes)",
  ]
  for failure in result.failures {
    lines.append(
      "failure \(failure.order) \(failure.result.outcome) \(failure.violations) "
        + "\(failure.points.count) choice points, \(failure.ran.count) ran")
  }
  return lines.joined(separator: "\n")
}

/// Explores every scenario of the example at `path` with `threads` threads.
private func explore(
  _ path: String, threads: Int, limit: Int, fault: InjectedFault? = nil, runsBeforeThreads: Int = 0
) throws -> [String] {
  let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  return try explore(text: text, name: URL(fileURLWithPath: path).lastPathComponent, threads: threads,
    limit: limit, fault: fault, runsBeforeThreads: runsBeforeThreads)
}

/// Explores every scenario of the script `text` with `threads` threads,
/// the workers starting after `runsBeforeThreads` runs (at once by default,
/// so that even small explorations run on several threads here).
private func explore(
  text: String, name: String = "scene.dnd", threads: Int, limit: Int, fault: InjectedFault? = nil,
  runsBeforeThreads: Int = 0
) throws -> [String] {
  let file = SourceFile(name: name, text: text)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  let explorer = Explorer(
    runner: ScenarioRunner(program: program, files: [file]),
    options: ExplorationOptions(limit: limit, seed: 3, threads: threads, runsBeforeThreads: runsBeforeThreads))
  return program.scenarios.indices.map { summary(explorer.explore($0, fault: fault)) }
}

/// Exploring on several threads runs orders ahead of the search, never
/// changing what it finds: the same orders, merged states, failures and
/// sample as on one thread.
@Suite("Exploration on several threads")
struct ParallelExplorationTests {
  static let examples = [
    "examples/explore/01-url-first.dnd", "examples/explore/02-gallery-commit.dnd",
    "examples/explore/03-placeholder-race.dnd", "examples/08-two-loads.dnd",
    "examples/22-image-gallery-complete.dnd",
  ]

  @Test("the threads change nothing the exhaustive search finds", arguments: examples)
  func exhaustive(path: String) throws {
    let one = try explore(path, threads: 1, limit: 1000)
    #expect(try explore(path, threads: 2, limit: 1000) == one)
    #expect(try explore(path, threads: 3, limit: 1000) == one)
  }

  /// Workers joining after 16 or 5 runs (example 22 has scenarios of fewer
  /// orders and of more); the default is after the first run.
  @Test("workers that join a search midway change nothing it finds")
  func workersJoinMidway() throws {
    let path = "examples/22-image-gallery-complete.dnd"
    let one = try explore(path, threads: 1, limit: 1000)
    #expect(try explore(path, threads: 2, limit: 1000, runsBeforeThreads: 16) == one)
    #expect(try explore(path, threads: 3, limit: 1000, runsBeforeThreads: 5) == one)
    #expect(ExplorationOptions().runsBeforeThreads == 1)
  }

  @Test("the threads change nothing when the limit cuts the search and samples", arguments: examples)
  func sampled(path: String) throws {
    let one = try explore(path, threads: 1, limit: 4)
    #expect(try explore(path, threads: 2, limit: 4) == one)
  }

  /// Three loads in any order; every order's run counts itself in
  /// `UserDefaults`. Each order starts from the store as the exploration
  /// found it, so every one counts one run, on any number of threads.
  /// (The orders once shared the store, each a launch after the one before:
  /// a run then depended on the runs before it, a replay did not reproduce
  /// it, and a scenario whose choice points depended on the store trapped.)
  static let countingRuns = """
    device iPad
    source Web {
        item all {
            let p0 = NSItemProvider(object: "s0")
            p0.simulate(latency: 1)
            let p1 = NSItemProvider(object: "s1")
            p1.simulate(latency: 1.1)
            let p2 = NSItemProvider(object: "s2")
            p2.simulate(latency: 1.2)
            return [UIDragItem(itemProvider: p0), UIDragItem(itemProvider: p1), UIDragItem(itemProvider: p2)]
        }
    }
    app Target {
        var got = ""
        view zone {
            frame = Rect(512, 0, 512, 768)
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
                    for item in session.items {
                        item.itemProvider.loadObject(ofClass: String) { s, e in got = got + (s ?? "") }
                    }
                }
            }
        }
    }
    scenario "counted" {
        UserDefaults.standard.set(UserDefaults.standard.integer(forKey: "runs") + 1, forKey: "runs")
        longPress Web.all
        drag to zone
        release
        settle
        expect UserDefaults.standard.integer(forKey: "runs") == 1
    }
    """

  @Test("every order starts from the UserDefaults store the exploration found")
  func ordersStartFromOneStore() throws {
    let one = try explore(text: Self.countingRuns, threads: 1, limit: 1000)
    #expect(one.first?.contains("orders=1\n") == false)
    #expect(one.first?.contains("failure") == false, "\(one)")
    #expect(try explore(text: Self.countingRuns, threads: 2, limit: 1000) == one)
    #expect(try explore(text: Self.countingRuns, threads: 3, limit: 5) == explore(
      text: Self.countingRuns, threads: 1, limit: 5))
  }

  /// Every scenario of the example under faults, as `dnd test --explore
  /// --faults` asks for them: explored side by side, one exploration a
  /// thread, they are handed over in the jobs' order and say what exploring
  /// them one after the other says. (Example 22's scenarios read the store
  /// earlier ones left; two faults keep the test short.)
  @Test(
    "explorations side by side find what they find one after the other, in order",
    arguments: [
      ("examples/explore/02-gallery-commit.dnd", [nil] + InjectedFault.allCases),
      ("examples/22-image-gallery-complete.dnd", [nil, .fail]),
    ] as [(String, [InjectedFault?])])
  func sideBySide(path: String, faults: [InjectedFault?]) throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let file = SourceFile(name: URL(fileURLWithPath: path).lastPathComponent, text: text)
    let program = try #require(Pipeline.check(file).program)
    let jobs = program.scenarios.indices.flatMap { index in
      faults.map { ExplorationJob(index: index, fault: $0) }
    }
    func explorer(threads: Int) -> Explorer {
      Explorer(
        runner: ScenarioRunner(program: program, files: [file]),
        options: ExplorationOptions(limit: 1000, seed: 3, threads: threads))
    }
    let one = explorer(threads: 1)
    let expected = jobs.map { summary(one.explore($0.index, fault: $0.fault)) }
    for threads in [1, 2] {
      var positions: [Int] = []
      var found: [String] = []
      explorer(threads: threads).explore(jobs) { position, result in
        positions.append(position)
        found.append(summary(result))
      }
      #expect(positions == Array(jobs.indices), "threads: \(threads)")
      #expect(found == expected, "threads: \(threads)")
    }
  }

  /// Several scripts at once (`dnd test --explore` over a folder): their
  /// explorers share one set of threads and keep their own compiled code,
  /// and each exploration says what it says on its own.
  @Test("explorations of several scripts side by side find what each finds alone")
  func scriptsSideBySide() throws {
    let paths = [
      "examples/explore/01-url-first.dnd", "examples/explore/03-placeholder-race.dnd",
      "examples/explore/02-gallery-commit.dnd",
    ]
    var work: [(Explorer, ExplorationJob)] = []
    var expected: [String] = []
    var owner: Explorer?
    for path in paths {
      let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      let file = SourceFile(name: URL(fileURLWithPath: path).lastPathComponent, text: text)
      let program = try #require(Pipeline.check(file).program)
      let runner = ScenarioRunner(program: program, files: [file])
      let alone = Explorer(runner: runner, options: ExplorationOptions(limit: 1000, seed: 3))
      let explorer = Explorer(
        runner: runner, options: ExplorationOptions(limit: 1000, seed: 3, threads: 2), sharingThreadsWith: owner)
      owner = owner ?? explorer
      for index in program.scenarios.indices {
        for fault in [nil, InjectedFault.fail] {
          work.append((explorer, ExplorationJob(index: index, fault: fault)))
          expected.append(summary(alone.explore(index, fault: fault)))
        }
      }
    }
    var found: [String] = []
    Explorer.explore(work) { position, result in
      #expect(position == found.count)
      found.append(summary(result))
    }
    #expect(found == expected)
  }

  /// A job's store is where its orders start, whatever the runner's own
  /// store holds: the command line gives each scenario the store `dnd test`
  /// leaves to it, and explores them all at once. A job without one starts
  /// from the runner's, as `explore(_:fault:)` does.
  @Test("each exploration side by side starts from its own UserDefaults store")
  func sideBySideStores() throws {
    let text = """
      scenario "seen before" {
          expect UserDefaults.standard.bool(forKey: "seen")
      }
      """
    let file = SourceFile(name: "scene.dnd", text: text)
    let program = try #require(Pipeline.check(file).program)
    let seen = [DefaultsValue.Entry("seen", .bool(true))]
    let explorer = Explorer(
      runner: ScenarioRunner(program: program, files: [file], defaults: DefaultsStore(seen)),
      options: ExplorationOptions(threads: 2))
    let jobs = [
      ExplorationJob(index: 0, store: []), ExplorationJob(index: 0, store: seen), ExplorationJob(index: 0),
    ]
    var passed: [Bool] = []
    explorer.explore(jobs) { _, result in passed.append(result.passed) }
    #expect(passed == [false, true, true])
  }

  @Test("the threads change nothing under a fault", arguments: [InjectedFault.fail, .cancel])
  func faulted(fault: InjectedFault) throws {
    let path = "examples/explore/02-gallery-commit.dnd"
    let one = try explore(path, threads: 1, limit: 1000, fault: fault)
    #expect(try explore(path, threads: 2, limit: 1000, fault: fault) == one)
  }
}
