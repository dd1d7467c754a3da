import DndCLI
import DndInterpreter
import Testing

/// Only `dnd run` in its own process leaves a run's objects to the
/// process's exit: every other way of running a script (in-process, `dnd
/// test`) frees them, since the process goes on.
@Suite struct SingleRunTests {
  /// The limits an engine was called with, recorded by `recordingEngine`.
  private final class SeenLimits: @unchecked Sendable {
    var limits: [RunLimits] = []
  }

  /// An engine that records its limits and runs the fake language.
  private func recordingEngine(_ seen: SeenLimits) -> Engine {
    Engine(
      check: Engine.fake.check,
      run: { file, limits, output in
        seen.limits.append(limits)
        return Engine.fake.run(file, limits, output)
      })
  }

  /// Runs `dnd` in-process with a console that has (or lacks) the hook the
  /// process's own console sets; returns the limits the engine saw and how
  /// often the hook was called.
  private func run(_ arguments: [String], withHook: Bool) -> (limits: [RunLimits], hookCalls: Int) {
    let seen = SeenLimits()
    let recorder = ConsoleRecorder()
    var console = recorder.console()
    var calls = 0
    if withHook { console.prepareForSingleRun = { calls += 1 } }
    _ = DndCommand.main(arguments, console: console, engine: recordingEngine(seen))
    return (seen.limits, calls)
  }

  @Test func theFlagIsOffByDefault() {
    #expect(!InterpreterLimits().leavesObjectsToExit)
    #expect(!RunOptions().leavesObjectsToExit)
    #expect(!RunOptions().limits.leavesObjectsToExit)
    #expect(!RunLimits().leavesObjectsToExit)
    var options = RunOptions()
    options.leavesObjectsToExit = true
    #expect(options.limits.leavesObjectsToExit)
  }

  @Test func dndRunInItsOwnProcessSetsIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("one.dnd", "print ok\n")
    let ran = run(["run", path], withHook: true)
    #expect(ran.hookCalls == 1)
    #expect(ran.limits.map(\.leavesObjectsToExit) == [true])
  }

  @Test func inProcessRunsAndTestsLeaveItOff() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("one.dnd", "print ok\n")
    let inProcess = run(["run", path], withHook: false)
    #expect(inProcess.limits.map(\.leavesObjectsToExit) == [false])
    let tested = run(["test", path], withHook: true)
    #expect(tested.hookCalls == 0)
    #expect(tested.limits.allSatisfy { !$0.leavesObjectsToExit })
  }

  /// With the flag, the real pipeline still runs the top level and every
  /// scenario, and prints the same.
  @Test func aRunThatLeavesItsObjectsPrintsTheSame() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = """
      let root = UIView()
      var views = [root: 0]
      for n in 1...50 {
        let view = UIView()
        root.addSubview(view)
        views[view] = n
      }
      print(views.count)
      scenario "one" {
        print(root.subviews.count)
      }
      scenario "two" {
        print(views[root] ?? -1)
      }
      """
    let path = try directory.write("views.dnd", script)
    let recorder = ConsoleRecorder()
    var console = recorder.console()
    console.prepareForSingleRun = {}
    let status = DndCommand.main(["run", path], console: console, engine: .live)
    let plain = dnd(["run", path], engine: .live)
    #expect(status == plain.status)
    #expect(recorder.output == plain.output)
    #expect(recorder.output.contains("51"))
  }
}
