import DndCheck
import DndInterpreter
import DndSyntax
import Foundation

/// The benchmarks, in the order they run.
enum Workloads {
  static let all: [Benchmark] = startUp + [parse, check] + languageWorkloads + [
    runtimeHitTest, runtimeHitTestTag, drag, smallDrag, listDrops, exploration, galleryExploration,
    galleryFaultsExploration, completeGalleryExploration,
  ]

  // MARK: Start-up

  static let startUp: [Benchmark] = [
    startUp("startup-empty", "dnd run of an empty script, whole process", script: "bench/empty.dnd"),
    startUp("startup-hello", "dnd run of examples/01-hello-drop.dnd, whole process",
      script: "examples/01-hello-drop.dnd"),
  ]

  private static func startUp(_ name: String, _ summary: String, script: String) -> Benchmark {
    Benchmark(name: name, summary: summary, runs: 10, warmUp: true, throughput: nil, reportsMemory: false) {
      guard let dnd = Paths.dndBinary else {
        throw BenchSkip("no release dnd next to dnd-bench: swift build -c release --product dnd")
      }
      let path = Paths.repository.appendingPathComponent(script).path
      return Prepared {
        let (status, _) = try Subprocess.run(dnd, ["run", path])
        return status == 0 ? nil : "dnd run exited with status \(status)"
      }
    }
  }

  // MARK: Lexing, parsing, checking

  static let parse = Benchmark(
    name: "parse", summary: "lex and parse a generated script", runs: 5, warmUp: true,
    throughput: .init(unit: "MB/s", amount: Double(ScriptGenerator.corpus.utf8.count) / 1e6),
    reportsMemory: true
  ) {
    let file = SourceFile(name: "corpus.dnd", text: ScriptGenerator.corpus)
    return Prepared {
      let parsed = Parser.parse(file)
      guard let first = parsed.diagnostics.first else { return nil }
      return "\(parsed.diagnostics.count) diagnostics, the first: \(first.message)"
    }
  }

  static let check = Benchmark(
    name: "check", summary: "lex, parse and check a generated script", runs: 5, warmUp: true,
    throughput: .init(unit: "MB/s", amount: Double(ScriptGenerator.corpus.utf8.count) / 1e6),
    reportsMemory: true
  ) {
    let file = SourceFile(name: "corpus.dnd", text: ScriptGenerator.corpus)
    return Prepared {
      let (program, diagnostics) = Pipeline.check(file)
      return program != nil ? nil : "\(diagnostics.count) diagnostics"
    }
  }

  // MARK: The reference workloads, in the language

  static let languageWorkloads: [Benchmark] = [
    script("fib", "recursive fib(30)", expected: "832040", work: ("calls", 2_692_537)),
    script("loop", "acc += i * i % 7, 10 M times", expected: "19999999", work: ("iterations", 10_000_000)),
    script(
      "records", "1 M records, then the sum of y", expected: "1000000 999999000000",
      work: ("records", 1_000_000)),
    script("strbuild", "200,000 pieces joined", expected: "1488890", work: ("pieces", 200_000)),
    script(
      "closure", "1,000 closures called 3,000 times each", expected: "1498500000",
      work: ("calls", 3_000_000)),
    script(
      "hittest", "100,000 views and 100,000 point queries in script code",
      expected: "100000 2557096716", work: ("queries", 100_000)),
  ]

  static let runtimeHitTest = script(
    "hittest-runtime", "the runtime's own hitTest on a 100,000-view scene built by a script",
    expected: "100000 2557096716", work: ("queries", 100_000), file: "hittest-runtime")

  /// The same scene and queries with each view's id kept in its `tag`, as
  /// the native reference keeps it in a field of the view, instead of in a
  /// dictionary keyed by the view.
  static let runtimeHitTestTag = script(
    "hittest-runtime-tag", "as hittest-runtime, each view's id kept in its tag instead of a dictionary",
    expected: "100000 2557096716", work: ("queries", 100_000), file: "hittest-runtime-tag")

  private static func script(
    _ name: String, _ summary: String, expected: String, work: (String, Double), file: String? = nil
  ) -> Benchmark {
    Benchmark(
      name: name, summary: summary, runs: 5, warmUp: false,
      throughput: .init(unit: "\(work.0)/s", amount: work.1), reportsMemory: true
    ) {
      let text = try Paths.read(Paths.bench("\(file ?? name).dnd"))
      let source = SourceFile(name: "\(file ?? name).dnd", text: text)
      return Prepared { ScriptRun.run(source, expecting: expected + "\n") }
    }
  }

  // MARK: The runtime driven by scripts

  static let drag = dragBenchmark(name: "drag", views: 100_000)
  /// The same drag over a tenth of the views (the tree one level shallower):
  /// a move hit-tests down the tree, so its cost should follow the depth,
  /// not the number of views.
  static let smallDrag = dragBenchmark(name: "drag-10k", views: 10_000)

  private static func dragBenchmark(name: String, views: Int) -> Benchmark {
    Benchmark(
      name: name,
      summary: "100,000 moves over a \(views)-view scene, handlers on 3 drop targets (scene build subtracted)",
      runs: 3, warmUp: false, throughput: .init(unit: "moves/s", amount: Double(ScriptGenerator.dragMoves)),
      reportsMemory: true
    ) {
      let moves = ScriptGenerator.dragMoves
      let full = SourceFile(name: "drag.dnd", text: ScriptGenerator.dragScript(moves: moves, views: views))
      let empty = SourceFile(name: "drag0.dnd", text: ScriptGenerator.dragScript(moves: 0, views: views))
      // The scene is built for the plain run and again for the scenario; the
      // same script without moves is timed first and its time taken off.
      var baseline: [Double] = []
      for _ in 0..<3 {
        let (seconds, problem) = Clock.time { ScriptRun.run(empty, expecting: nil) }
        if let problem { throw BenchSkip("baseline failed: \(problem)") }
        baseline.append(seconds)
      }
      let base = baseline.sorted()[1]
      return Prepared(baseline: base) { ScriptRun.run(full, expecting: nil) }
    }
  }

  static let listDrops = Benchmark(
    name: "list-drops",
    summary: "collection view of \(ScriptGenerator.listItems) items taking \(ScriptGenerator.listDrops) "
      + "placeholder drops",
    runs: 3, warmUp: false, throughput: .init(unit: "drops/s", amount: Double(ScriptGenerator.listDrops)),
    reportsMemory: true
  ) {
    let source = SourceFile(name: "list.dnd", text: ScriptGenerator.listScript())
    let finalCount = ScriptGenerator.listItems + ScriptGenerator.listDrops
    return Prepared { ScriptRun.run(source, expecting: "\(finalCount)\n") }
  }

  /// Exploration: every scenario of `examples/explore/*.dnd` explored with the
  /// command's default budget (1,000 orders); throughput in orders (runs of
  /// a scenario in one order of completions) per second. The scripts'
  /// scenarios are explored side by side, as `dnd test --explore` does.
  static let exploration = Benchmark(
    name: "explore", summary: "dnd explore over examples/explore/*.dnd (orders run per second)",
    runs: 3, warmUp: false, throughput: nil, reportsMemory: true
  ) {
    let folder = Paths.repository.appendingPathComponent("examples/explore")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".dnd") }.sorted()
    guard !names.isEmpty else { throw BenchSkip("no examples/explore/*.dnd") }
    return try explorePrepared(names.map { "examples/explore/" + $0 }, repeats: 1, sideBySide: [nil])
  }

  /// Exploration of the Image Gallery example alone (the figure issue #8
  /// asks for): its scenario explored 20 times a run, so that a run is long
  /// enough to time.
  static let galleryExploration = Benchmark(
    name: "explore-gallery",
    summary: "dnd explore of examples/explore/02-gallery-commit.dnd (orders run per second)",
    runs: 3, warmUp: true, throughput: nil, reportsMemory: true
  ) {
    try explorePrepared(["examples/explore/02-gallery-commit.dnd"], repeats: 20)
  }

  /// What `dnd test --explore --faults` does with the Image Gallery example:
  /// its scenario without a fault and under each of the four, five
  /// explorations side by side (one a thread), 20 times a run.
  static let galleryFaultsExploration = Benchmark(
    name: "explore-gallery-faults",
    summary: "dnd explore --faults of examples/explore/02-gallery-commit.dnd, side by side (orders run per second)",
    runs: 3, warmUp: true, throughput: nil, reportsMemory: true
  ) {
    try explorePrepared(
      ["examples/explore/02-gallery-commit.dnd"], repeats: 20, sideBySide: [nil] + InjectedFault.allCases)
  }

  /// The complete Image Gallery example, when it is in the repository.
  static let completeGalleryExploration = Benchmark(
    name: "explore-gallery-complete",
    summary: "dnd explore of examples/22-image-gallery-complete.dnd (orders run per second)",
    runs: 3, warmUp: true, throughput: nil, reportsMemory: true
  ) {
    let path = "examples/22-image-gallery-complete.dnd"
    guard FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent(path).path) else {
      throw BenchSkip("no \(path)")
    }
    return try explorePrepared([path], repeats: 1)
  }

  /// Explores every scenario of the scripts `repeats` times a run; the
  /// throughput is the orders run. Without `sideBySide`, one exploration
  /// after the other (each on all threads); with it, each scenario under
  /// each of those faults (nil: none), all the scripts' explorations side
  /// by side as `dnd test --explore` runs them.
  private static func explorePrepared(
    _ paths: [String], repeats: Int, sideBySide faults: [InjectedFault?]? = nil
  ) throws -> Prepared {
    var explorers: [(Explorer, [Int])] = []
    for path in paths {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let text = try Paths.read(Paths.repository.appendingPathComponent(path))
      let file = SourceFile(name: name, text: text)
      guard let program = Pipeline.check(file).program else { throw BenchSkip("\(name) does not check") }
      let runner = ScenarioRunner(program: program, files: [file], limits: InterpreterLimits())
      // As `dnd test --explore` does: one thread per core (DND_BENCH_THREADS
      // sets another number, to compare).
      let environment = ProcessInfo.processInfo.environment
      let threads = environment["DND_BENCH_THREADS"].flatMap { Int($0) }
      var options = ExplorationOptions(threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
      if let join = environment["DND_BENCH_JOIN_AFTER"].flatMap({ Int($0) }) { options.runsBeforeThreads = join }
      let explorer = Explorer(runner: runner, options: options, sharingThreadsWith: explorers.first?.0)
      explorers.append((explorer, Array(program.scenarios.indices)))
    }
    guard explorers.contains(where: { !$0.1.isEmpty }) else { throw BenchSkip("no scenarios to explore") }
    // Exploration is deterministic: one untimed pass counts the orders.
    func exploreAll() -> Int {
      var orders = 0
      for _ in 0..<repeats {
        guard let faults else {
          for (explorer, indices) in explorers {
            for index in indices { orders += explorer.explore(index).ordersRun }
          }
          continue
        }
        let work = explorers.flatMap { explorer, indices in
          indices.flatMap { index in faults.map { (explorer, ExplorationJob(index: index, fault: $0)) } }
        }
        Explorer.explore(work) { _, result in orders += result.ordersRun }
      }
      return orders
    }
    let orders = exploreAll()
    return Prepared(throughput: .init(unit: "orders/s", amount: Double(orders))) {
      exploreAll() == orders ? nil : "the number of orders changed between runs"
    }
  }
}

/// Thrown by a benchmark's preparation when it cannot run here.
struct BenchSkip: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Runs a script in process, as `dnd run` does, and checks its output.
enum ScriptRun {
  /// Runs and returns nil, or what went wrong.
  static func run(_ source: SourceFile, expecting expected: String?) -> String? {
    var printed = ""
    // The scene workloads build 100,000 views on purpose, ten times the
    // default limit (as `dnd run --max-views 200000` would allow).
    var options = RunOptions()
    options.maxViews = 200_000
    let outcome = Pipeline.run(source, options: options, output: { printed += $0 })
    guard outcome.status == .ok else {
      let messages = outcome.diagnostics.map(\.message).joined(separator: "; ")
      return "status \(outcome.status): \(messages)"
    }
    if let expected, printed != expected { return "printed \(printed.debugDescription)" }
    return nil
  }
}
