import DndCheck
import DndInterpreter
import DndRuntime
import DndSyntax
import Foundation
import Testing

/// An explorer for a script given as text.
private func explorer(
  _ source: String, limit: Int = 1000, seed: UInt64 = 1, workLimit: Int = ExplorationOptions.defaultWorkLimit,
  limits: InterpreterLimits = InterpreterLimits()
) throws -> Explorer {
  let file = SourceFile(name: "scene.dnd", text: source)
  let (program, diagnostics) = Pipeline.check(file)
  guard let program else {
    throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
  }
  return Explorer(
    runner: ScenarioRunner(program: program, files: [file], limits: limits),
    options: ExplorationOptions(limit: limit, seed: seed, workLimit: workLimit))
}

/// An explorer for an example of the repository.
private func explorer(example path: String, limit: Int = 1000) throws -> Explorer {
  let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  return try explorer(text, limit: limit)
}

/// A scene dropping `count` strings whose loads each set their own global;
/// after the drop, the loads are the only work left, so every order of them
/// is an order of `count` independent completions.
private func independentLoads(_ count: Int) -> String {
  let globals = (0..<count).map { "var got\($0) = \"\"" }.joined(separator: "\n    ")
  let providers = (0..<count).map { index in
    """
            let p\(index) = NSItemProvider(object: "s\(index)")
            p\(index).simulate(latency: \(1 + Double(index) / 10))
    """
  }.joined(separator: "\n")
  let list = (0..<count).map { "UIDragItem(itemProvider: p\($0))" }.joined(separator: ", ")
  let items = """
        item all {
    \(providers)
            return [\(list)]
        }
    """
  let loads = (0..<count).map { index in
    "session.items[\(index)].itemProvider.loadObject(ofClass: String) { s, e in got\(index) = s ?? \"\" }"
  }.joined(separator: "\n                ")
  return """
    device iPad
    source Web {
    \(items)
    }
    app Target {
        \(globals)
        view zone {
            frame = Rect(512, 0, 512, 768)
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
                    \(loads)
                }
            }
        }
    }
    scenario "all arrive" {
        longPress Web.all
        drag to zone
        release
        wait 0.5      // the drop animation ends; the loads are still running
        settle
        expect got0 == "s0"
    }
    """
}

@Suite("Exploration of completion orders")
struct ExplorerTests {
  @Test("order ids: trailing zeros are dropped, 0 is the default, bad text is refused")
  func orderIDs() {
    #expect(OrderID([2, 0, 1, 0]).description == "2.0.1")
    #expect(OrderID([0, 0]).description == "0")
    #expect(OrderID(parsing: "2.0.1") == OrderID([2, 0, 1]))
    #expect(OrderID(parsing: "0") == OrderID.defaultOrder)
    #expect(OrderID(parsing: "1..2") == nil)
    #expect(OrderID(parsing: "-1") == nil)
    #expect(OrderID(parsing: "+2") == nil)
    #expect(OrderID(parsing: "1. 2") == nil)
    // Well formed but past the largest choice: told apart from a malformed id.
    #expect(OrderID.parse("2.1000000") == .outOfRange)
    #expect(OrderID.parse("2..1") == .malformed)
    #expect(OrderID([1]) < OrderID([0, 0, 1, 1]))
  }

  @Test("example 08 (the lecture's way) passes under every order")
  func twoLoadsPassEverywhere() throws {
    let explorer = try explorer(example: "examples/08-two-loads.dnd")
    for index in explorer.runner.program.scenarios.indices {
      let result = explorer.explore(index)
      #expect(result.passed, "\(result.title): \(result.failures.first?.order.description ?? "")")
      #expect(result.exhaustive)
    }
    #expect(explorer.explore(0).ordersRun > 1)
  }

  @Test("explore/01: assuming the URL arrives first fails when the image wins")
  func urlFirstFails() throws {
    let explorer = try explorer(example: "examples/explore/01-url-first.dnd")
    #expect(explorer.replay(0, order: .defaultOrder).failed == false)
    let result = explorer.explore(0)
    let failure = try #require(result.smallestFailure)
    guard case .failedExpectation = failure.result.outcome else {
      Issue.record("expected a failed expectation, got \(failure.result.outcome)")
      return
    }
    // The image's completion ran before the URL's.
    let completions = failure.ran.map(\.label).filter { $0.hasSuffix("completion") }
    let image = try #require(completions.firstIndex { $0.contains("UIImage") })
    let url = try #require(completions.firstIndex { $0.contains("NSURL") })
    #expect(image < url)
    // Replaying the reported order fails the same way.
    let replayed = explorer.replay(0, order: failure.order)
    #expect(replayed.failed)
    #expect(replayed.order == failure.order)
  }

  @Test("explore/02: exploration finds the order that leaves the placeholder uncommitted")
  func galleryPlaceholderLeftBehind() throws {
    let explorer = try explorer(example: "examples/explore/02-gallery-commit.dnd")
    #expect(explorer.replay(0, order: .defaultOrder).failed == false)
    let failure = try #require(explorer.explore(0).smallestFailure)
    #expect(failure.violations.contains { $0.contains("neither committed nor deleted") })
  }

  /// A failed expectation stops the scenario before the steps that would
  /// commit (here before `settle`): the failure is the report, and the
  /// placeholder left pending is not reported again as a broken invariant.
  /// After `settle`, with nothing pending, it still is (the test above).
  @Test func aScenarioStoppedMidwayIsNotChargedWithWhatItLeftUndone() throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/explore/02-gallery-commit.dnd"), encoding: .utf8)
    let early = text.replacingOccurrences(of: "    release\n", with: "    release\n    expect images.count == 99\n")
    #expect(early != text)
    let failure = try #require(try explorer(early).explore(0).smallestFailure)
    guard case .failedExpectation = failure.result.outcome else {
      Issue.record("expected a failed expectation, got \(failure.result.outcome)")
      return
    }
    #expect(failure.violations.isEmpty, "\(failure.violations)")
  }

  @Test("explore/03: destinationIndexPath fails under some order, insertionIndexPath under none")
  func placeholderRace() throws {
    let explorer = try explorer(example: "examples/explore/03-placeholder-race.dnd")
    #expect(explorer.replay(0, order: .defaultOrder).failed == false)
    #expect(explorer.explore(0).passed == false)
    let right = explorer.explore(1)
    #expect(right.passed)
    #expect(right.ordersRun > 1)
  }

  @Test("pruning: N independent loads take fewer than N! orders", arguments: [4, 5])
  func pruning(count: Int) throws {
    let explorer = try explorer(independentLoads(count))
    let result = explorer.explore(0)
    let factorial = (1...count).reduce(1, *)
    #expect(result.passed)
    #expect(result.exhaustive)
    #expect(result.statesMerged > 0)
    #expect(result.ordersRun < factorial)
    #expect(result.ordersRun >= count)
  }

  @Test("the limit cuts the search short and samples with the seed, the same each time")
  func limitAndSeed() throws {
    let explorer = try explorer(independentLoads(5), limit: 6, seed: 7)
    let first = explorer.explore(0)
    let second = explorer.explore(0)
    #expect(first.exhaustive == false)
    #expect(first.seed == 7)
    #expect(first.ordersRun <= 6)
    #expect(first.sampled > 0)
    #expect(first.ordersRun == second.ordersRun)
  }

  @Test("the limit: a scenario with as many orders as the limit is explored whole")
  func limitEqualToTheOrders() throws {
    let whole = try explorer(independentLoads(3)).explore(0)
    #expect(whole.exhaustive)
    let atLimit = try explorer(independentLoads(3), limit: whole.ordersRun).explore(0)
    #expect(atLimit.exhaustive)
    #expect(atLimit.ordersRun == whole.ordersRun)
    #expect(atLimit.sampled == 0)
    let below = try explorer(independentLoads(3), limit: whole.ordersRun - 1).explore(0)
    #expect(!below.exhaustive)
    #expect(below.ordersRun <= whole.ordersRun - 1)
  }

  @Test("the work limit: many loads ready at once stop the search, which says so instead of running on")
  func workLimit() throws {
    // Six loads: the first run weighs 6 + 5 + 4 + 3 + 2 = 20 alternatives.
    let whole = try explorer(independentLoads(6)).explore(0)
    #expect(whole.exhaustive && !whole.stoppedAtWorkLimit)
    let stopped = try explorer(independentLoads(6), workLimit: 30).explore(0)
    #expect(stopped.stoppedAtWorkLimit)
    #expect(!stopped.exhaustive)
    #expect(stopped.ordersRun == 2, "the run that passes the limit is the last")
    #expect(stopped.sampled == 0)
  }

  @Test("an order that runs out of steps stops the search: every other could take as long")
  func stepBudgetStopsTheSearch() throws {
    // The third load loops for ever when it completes before the first, as
    // no order but the default's first alternatives do.
    let looping = independentLoads(3).replacingOccurrences(
      of: "got2 = s ?? \"\"", with: "got2 = s ?? \"\"; if got0 == \"\" { while true { } }")
    var limits = InterpreterLimits()
    limits.maxSteps = 10_000
    let result = try explorer(looping, limits: limits).explore(0)
    #expect(result.stoppedAtStepBudget)
    #expect(!result.exhaustive && result.sampled == 0)
    #expect(result.failures.count == 1)
    #expect(result.ordersRun < 6, "the search went on past the order that ran out of steps")
  }

  @Test("the stack holds no more orders than the budget can run, and the results do not change")
  func alternativesBeyondTheBudget() throws {
    // Five loads: 50 orders whole; a limit of 20 leaves most alternatives
    // off the stack, and the search still spends its budget as before:
    // depth first for half of it at least, then a sample.
    let whole = try explorer(independentLoads(5)).explore(0)
    #expect(whole.exhaustive && whole.ordersRun == 50)
    let cut = try explorer(independentLoads(5), limit: 20, seed: 3).explore(0)
    #expect(!cut.exhaustive)
    #expect(cut.ordersRun <= 20)
    #expect(cut.ordersRun - cut.sampled >= 10, "the depth-first search takes at least half the budget")
  }

  @Test("the limit: a limit of 1 runs the default order and draws no sample (the seed plays no part)")
  func limitOfOne() throws {
    let result = try explorer(independentLoads(3), limit: 1, seed: 5).explore(0)
    #expect(!result.exhaustive)
    #expect(result.ordersRun == 1)
    #expect(result.sampled == 0)
    #expect(result.seed == nil)
  }

  @Test("faults: a failing provider leaves the drop's expectations changed, not failed")
  func failFault() throws {
    let explorer = try explorer(example: "examples/08-two-loads.dnd")
    let result = explorer.explore(0, fault: .fail)
    #expect(result.passed)
    #expect(result.changedOutcomes > 0)
  }

  @Test("faults: a failing provider with a placeholder that is never deleted is found")
  func failFaultPlaceholder() throws {
    // explore/02 neither commits nor deletes when the loads fail.
    let wrong = try explorer(example: "examples/explore/02-gallery-commit.dnd")
    let result = wrong.explore(0, fault: .fail)
    let failure = try #require(result.smallestFailure)
    #expect(failure.violations.contains { $0.contains("neither committed nor deleted") })
    // Example 19 deletes the placeholder of a failed load: no violation.
    let good = try explorer(example: "examples/19-placeholders.dnd")
    #expect(good.explore(1, fault: .fail).passed)
  }

  @Test("faults: cancel, slow and remove-target run without breaking example 08's invariants",
    arguments: [InjectedFault.cancel, .slow, .removeTarget])
  func otherFaults(fault: InjectedFault) throws {
    let explorer = try explorer(example: "examples/08-two-loads.dnd")
    let result = explorer.explore(0, fault: fault)
    #expect(result.passed, "\(result.failures.first?.violations ?? [])")
  }

  @Test("the cancel fault delivers the cancellation error to the loads it catches")
  func cancelFault() throws {
    let explorer = try explorer(example: "examples/08-two-loads.dnd")
    let run = explorer.replay(0, order: .defaultOrder, fault: .cancel)
    #expect(run.ran.contains { $0.label == "fault: cancel the loads" })
    #expect(run.result.outcome.passed == false)
  }

  @Test("a Main Thread Checker warning breaks an invariant without any expect")
  func mainThreadCheckerInvariant() throws {
    let source = """
      device iPad
      source Web { item s { UIDragItem(itemProvider: NSItemProvider(object: "hi")) } }
      app A {
          label target {
              frame = Rect(512, 0, 300, 40)
              isUserInteractionEnabled = true
              dropInteraction {
                  func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                  func performDrop(session) {
                      session.items[0].itemProvider.loadObject(ofClass: String) { s, e in target.text = s }
                  }
              }
          }
      }
      scenario "off the main queue" {
          longPress Web.s
          drag to target
          release
          settle
      }
      """
    let run = try explorer(source).replay(0, order: .defaultOrder)
    #expect(run.violations.contains { $0.hasPrefix("Main Thread Checker") })
    #expect(run.failed)
  }

  @Test("invariant: a set-down that cancels (forbidden) closes the entry without an exit, as UIKit sends none")
  func cancelledSetDownClosesTheEntry() throws {
    let source = """
      device iPad
      app A {
          label source {
              frame = Rect(40, 100, 200, 40)
              text = "Hello"
              isUserInteractionEnabled = true
              dragInteraction {
                  func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: source.text))] }
              }
          }
          label target {
              frame = Rect(40, 400, 300, 40)
              isUserInteractionEnabled = true
              dropInteraction {
                  func sessionDidEnter(session) { }
                  func sessionDidUpdate(session) { UIDropProposal(operation: .forbidden) }
                  func sessionDidExit(session) { }
                  func sessionDidEnd(session) { }
              }
          }
      }
      scenario "enter, leave, come back, release" {
          longPress source
          drag to target
          drag to Point(900, 700)
          drag to target
          release
          settle
          expect called sessionDidEnd on target
          expect not called performDrop
      }
      """
    let run = try explorer(source).replay(0, order: .defaultOrder)
    #expect(run.violations == [])
    #expect(!run.failed)
  }

  @Test("invariants: an exception that ends the run is its reason once; what the dead app left undone is not added")
  func exceptionIsReportedOnce() throws {
    // explore/02 with a commit that, when the URL wins, updates nothing: UIKit raises.
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/explore/02-gallery-commit.dnd"), encoding: .utf8)
    let crashing = text
      .replacingOccurrences(of: "if let image = loadedImage {", with: "if true {")
      .replacingOccurrences(
        of: "images.insert(image.name, at: insertionIndexPath.item)",
        with: "if let image = loadedImage { images.insert(image.name, at: insertionIndexPath.item) }")
    #expect(crashing != text)
    let result = try explorer(crashing).explore(0)
    let failure = try #require(result.smallestFailure)
    guard case .uncaughtException(let name, _, _) = failure.result.outcome else {
      Issue.record("expected an uncaught exception, got \(failure.result.outcome)")
      return
    }
    #expect(name == "NSInternalInconsistencyException")
    #expect(failure.violations == [])
  }

  @Test("invariant: a placeholder left waiting in a list removed from the window is still found")
  func placeholderInRemovedList() throws {
    let wrong = try explorer(example: "examples/explore/02-gallery-commit.dnd")
    let result = wrong.explore(0, fault: .removeTarget)
    let failure = try #require(result.smallestFailure)
    #expect(
      failure.violations == [
        "1 placeholder in Gallery.gallery (removed from the window) was neither committed nor deleted"
      ])
  }

  @Test(
    "faults: cancel and remove-target strike at any point among the completions, and the trace shows it",
    arguments: [InjectedFault.cancel, .removeTarget], [false, true])
  func faultsCompeteWithTheLoads(fault: InjectedFault, instantLoads: Bool) throws {
    // Example 08's loads take 0.2 s and 0.5 s; with no latency their
    // completions are due at the drop itself, and the fault must be too.
    var text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/08-two-loads.dnd"), encoding: .utf8)
    if instantLoads {
      text = text.replacingOccurrences(of: "var urlLatency = 0.2", with: "var urlLatency = 0.0")
        .replacingOccurrences(of: "var imageLatency = 0.5", with: "var imageLatency = 0.0")
      #expect(text.contains("var imageLatency = 0.0"))
    }
    let explorer = try explorer(text)
    let label = fault == .cancel ? "fault: cancel the loads" : "fault: remove the drop target"
    // The default order: the fault first, before any load completes.
    let first = explorer.replay(0, order: .defaultOrder, fault: fault)
    let firstIndex = try #require(first.ran.firstIndex { $0.label == label })
    #expect(!first.ran[..<firstIndex].contains { $0.label.hasSuffix("completion") })
    // Some order runs a load's completion before it.
    let result = explorer.explore(0, fault: fault)
    #expect(result.ordersRun > 4)
    var later = false
    for choice in 1...3 {
      let run = explorer.replay(0, order: OrderID([choice]), fault: fault)
      guard run.order == OrderID([choice]), let index = run.ran.firstIndex(where: { $0.label == label }) else {
        continue
      }
      if run.ran[..<index].contains(where: { $0.label.hasSuffix("completion") }) { later = true }
    }
    #expect(later)
    // The replay's trace records the fault when it strikes.
    #expect(first.result.trace.contains { $0.name == "injectedFault" })
  }

  @Test("timers falling due together on the main queue run in either order; other main-queue work stays in order")
  func mainQueueTimersDueTogether() throws {
    let source = """
      var log: [String] = []
      scenario "two timers, one second" {
          DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.append("a") }
          DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.append("b") }
          settle
          expect log == ["a", "b"]
      }
      scenario "two blocks" {
          DispatchQueue.main.async { log.append("a") }
          DispatchQueue.main.async { log.append("b") }
          settle
          expect log == ["a", "b"]
      }
      scenario "a timer and a later one" {
          DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.append("a") }
          DispatchQueue.main.asyncAfter(deadline: .now() + 2) { log.append("b") }
          settle
          expect log == ["a", "b"]
      }
      """
    let explorer = try explorer(source)
    let timers = explorer.explore(0)
    #expect(timers.ordersRun == 2)
    #expect(timers.failures.map { $0.order } == [OrderID([1])])
    // Each block is told by the line that queued it.
    let labels = timers.failures.first?.ran.map(\.label) ?? []
    #expect(labels == ["DispatchQueue.main.asyncAfter (line 4)", "DispatchQueue.main.asyncAfter (line 3)"])
    #expect(explorer.explore(1).ordersRun == 1)
    #expect(explorer.explore(2).ordersRun == 1)
  }
}
