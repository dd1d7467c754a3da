import DndInterpreter
import Foundation
import Testing

/// Every scenario of every example passes.
@Suite struct BindingExampleTests {
  static let examples: [String] = {
    let folder = repositoryRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".dnd") }.sorted()
  }()

  @Test(arguments: examples)
  func everyScenarioOfTheExamplePasses(_ name: String) throws {
    let url = repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name)
    let source = try String(contentsOf: url, encoding: .utf8)
    let result = try runScenes(source, name: name)
    #expect(result.topLevel.outcome.passed, "top level: \(result.topLevel.summary)")
    for scenario in result.scenarios {
      let trace = scenario.trace.map(\.description).joined(separator: "\n")
      #expect(scenario.outcome.passed, "\(name): \(scenario.title ?? ""): \(scenario.summary)\n\(trace)")
    }
  }
}
