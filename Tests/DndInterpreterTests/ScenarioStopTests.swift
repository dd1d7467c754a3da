import DndCheck
import DndInterpreter
import DndRuntime
import DndSyntax
import Foundation
import Testing

/// `ScenarioRunner.stopAfterSteps` (behind `dnd render --at`) and the scene
/// each result carries.
@Suite struct ScenarioStopTests {
  static let script = """
    app Demo {
      view root {
        frame = Rect(0, 0, 1024, 768)
        label source {
          frame = Rect(40, 100, 200, 40)
          text = "Hello"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) {
              [UIDragItem(itemProvider: NSItemProvider(object: "Hello"))]
            }
          }
        }
        label target {
          frame = Rect(40, 400, 300, 40)
          isUserInteractionEnabled = true
          dropInteraction {
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) {
              session.loadObjects(ofClass: String) { strings in target.text = strings.first }
            }
          }
        }
      }
    }
    scenario "drop" {
      longPress source
      drag to target
      expect target.text == "never checked when stopped"
      release
      settle
    }
    """

  private func run(stoppingAfter steps: Int?) throws -> ScenarioResult {
    let file = SourceFile(name: "stop.dnd", text: Self.script)
    let program = try #require(Pipeline.check(file).program)
    let runner = ScenarioRunner(program: program, files: [file], stopAfterSteps: steps)
    return try #require(runner.run { _ in }.scenarios.first)
  }

  @Test func stoppingAfterTwoStepsLeavesTheDragOverTheTarget() throws {
    let result = try run(stoppingAfter: 2)
    #expect(result.outcome == .passed)
    #expect(result.stoppedEarly)
    #expect(result.steps.count == 2)
    let scene = try #require(result.scene)
    #expect(scene.drags.first?.targetView == "target")
    #expect(scene.fingers.count == 1)
    #expect(scene.traceCount == result.trace.count)
    #expect(!result.trace.contains { $0.name == "performDrop" })
  }

  @Test func stoppingAfterZeroStepsShowsTheSceneBeforeTheFirstStep() throws {
    let result = try run(stoppingAfter: 0)
    #expect(result.steps.isEmpty)
    #expect(result.trace.isEmpty)
    #expect(result.scene?.fingers.isEmpty == true)
  }

  @Test func withoutALimitTheScenarioRunsToItsEndAndKeepsItsFinalScene() throws {
    let result = try run(stoppingAfter: nil)
    #expect(!result.stoppedEarly)
    #expect(result.steps.count == 2)
    guard case .failedExpectation = result.outcome else {
      Issue.record("expected the scenario's expectation to fail, got \(result.outcome)")
      return
    }
    #expect(result.scene?.view(named: "target") != nil)
  }

  @Test func aLimitBeyondTheLastStepRunsEverything() throws {
    let expectation = "  expect target.text == \"never checked when stopped\"\n"
    let text = Self.script.replacingOccurrences(of: expectation, with: "")
    let file = SourceFile(name: "short.dnd", text: text)
    let program = try #require(Pipeline.check(file).program)
    let runner = ScenarioRunner(program: program, files: [file], stopAfterSteps: 10)
    let result = try #require(runner.run { _ in }.scenarios.first)
    #expect(result.outcome == .passed)
    #expect(result.steps.count == 4)
    #expect(!result.stoppedEarly)
    #expect(result.scene?.drags.isEmpty == true)
  }
}
