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
        + "\(failure.result.trace.count) events, \(failure.ran.count) ran")
  }
  return lines.joined(separator: "\n")
}

/// Explores every scenario of the example at `path` with `threads` threads.
private func explore(
  _ path: String, threads: Int, limit: Int, fault: InjectedFault? = nil
) throws -> [String] {
  let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  let file = SourceFile(name: URL(fileURLWithPath: path).lastPathComponent, text: text)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  let explorer = Explorer(
    runner: ScenarioRunner(program: program, files: [file]),
    options: ExplorationOptions(limit: limit, seed: 3, threads: threads))
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

  @Test("the threads change nothing when the limit cuts the search and samples", arguments: examples)
  func sampled(path: String) throws {
    let one = try explore(path, threads: 1, limit: 4)
    #expect(try explore(path, threads: 2, limit: 4) == one)
  }

  @Test("the threads change nothing under a fault", arguments: [InjectedFault.fail, .cancel])
  func faulted(fault: InjectedFault) throws {
    let path = "examples/explore/02-gallery-commit.dnd"
    let one = try explore(path, threads: 1, limit: 1000, fault: fault)
    #expect(try explore(path, threads: 2, limit: 1000, fault: fault) == one)
  }
}
