import DndCheck
import Foundation
import DndInterpreter
import DndRuntime
import DndSyntax
import Testing

/// A scene (its host, world and everything the script made) is freed when
/// its run ends: no reference cycle keeps it alive, so a long exploration of
/// thousands of runs does not grow without bound.
@Suite struct SceneLifetimeTests {
  /// Weak references to a scene, filled in by `inspect`.
  private final class WeakScene {
    weak var host: SceneHost?
    weak var world: World?
    /// Whether the scenario passed (a run that ended in an error would
    /// free its scene for another reason than the one a case names).
    var passed = false
  }

  /// Runs scenario `index` of `file` and returns weak references to its host and world.
  private func weakScene(_ file: SourceFile, _ index: Int = 0) throws -> WeakScene {
    let program = try #require(Pipeline.check(file).program)
    let scene = WeakScene()
    let result = ScenarioRunner(program: program, files: [file]).runScenario(
      index, output: { _ in }, prepare: { _ in },
      inspect: { host, _ in
        scene.host = host
        scene.world = host.world
      })
    if case .passed = result.outcome { scene.passed = true }
    return scene
  }

  static let drop = """
    app A {
      label source {
        frame = Rect(0, 0, 100, 100)
        text = "a"
        isUserInteractionEnabled = true
        dragInteraction {
          func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
        }
      }
      label target {
        frame = Rect(0, 300, 300, 300)
        isUserInteractionEnabled = true
        dropInteraction {
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) {
            session.loadObjects(ofClass: String) { strings in target.text = strings.first }
          }
        }
      }
    }
    """

  @Test(arguments: [
    ("a drag", "longPress source\n  drag to target"),
    ("a drop with loadObjects", "longPress source\n  drag to target\n  release\n  settle"),
    ("a drop whose load is still pending", "longPress source\n  drag to target\n  release"),
    ("work still queued", "DispatchQueue.main.async { print(1) }"),
  ])
  func aSceneIsFreedWhenItsRunEnds(_ name: String, _ steps: String) throws {
    let source = Self.drop + "\nscenario \"s\" {\n  \(steps)\n}\n"
    let scene = try weakScene(SourceFile(name: "lifetime.dnd", text: source))
    #expect(scene.passed, "the scenario of \(name) did not pass")
    #expect(scene.host == nil, "the host of \(name) is still alive")
    #expect(scene.world == nil, "the world of \(name) is still alive")
  }

  /// Closures the world keeps reach their scene through its link, which
  /// holds it unretained and is emptied as the scene ends (`SceneLink`):
  /// run after the scene is gone, they find none and do nothing.
  @Test("work a world runs after its scene has ended finds no scene")
  func workAfterTheSceneEndsFindsNoScene() throws {
    let source = Self.drop + """

      scenario "s" {
        DispatchQueue.main.async { print("late") }
        DispatchQueue.global().async { print("later") }
      }
      """
    let file = SourceFile(name: "lifetime.dnd", text: source)
    let program = try #require(Pipeline.check(file).program)
    final class Kept {
      weak var host: SceneHost?
      var world: World?
      var printed: [String] = []
    }
    let kept = Kept()
    _ = ScenarioRunner(program: program, files: [file]).runScenario(
      0, output: { kept.printed.append($0) }, prepare: { _ in },
      inspect: { host, _ in
        kept.host = host
        kept.world = host.world
      })
    #expect(kept.host == nil)
    let world = try #require(kept.world)
    #expect(world.scheduler.hasPendingWork)
    _ = try world.scheduler.settle()
    #expect(!world.scheduler.hasPendingWork)
    #expect(kept.printed.isEmpty)
  }

  /// Every scenario of every example, whatever it does.
  @Test(arguments: exampleFiles())
  func everyExampleScenarioIsFreed(_ path: String) throws {
    let file = SourceFile(name: path, bytes: Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
    guard let program = Pipeline.check(file).program else { return }
    for index in program.scenarios.indices {
      let scene = try weakScene(file, index)
      #expect(scene.world == nil, "\(program.scenarios[index].title) leaves its world alive")
    }
  }

  static func exampleFiles() -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".dnd") }.sorted().map { root.appendingPathComponent($0).path }
  }
}
