import Testing
@testable import DndRuntime

@Suite("Scheduler")
struct SchedulerTests {
  @Test("earliest due time first, then first in first out")
  func defaultPolicy() throws {
    let scheduler = Scheduler()
    let background = scheduler.backgroundQueue("bg")
    var order: [String] = []
    try scheduler.enqueue(on: background, after: 0.2, label: "late") { order.append("late") }
    try scheduler.enqueue(on: scheduler.main, after: 0.1, label: "a") { order.append("a") }
    try scheduler.enqueue(on: background, after: 0.1, label: "b") { order.append("b") }
    try scheduler.settle()
    #expect(order == ["a", "b", "late"])
    #expect(scheduler.now == VirtualTime(seconds: 0.2))
  }

  @Test("virtual time only moves when asked")
  func virtualClock() throws {
    let scheduler = Scheduler()
    var ran = false
    try scheduler.enqueue(on: scheduler.main, after: 1, label: "x") { ran = true }
    try scheduler.runDue()
    #expect(!ran)
    try scheduler.advance(by: 0.5)
    #expect(!ran && scheduler.now == VirtualTime(seconds: 0.5))
    try scheduler.advance(by: 0.5)
    #expect(ran && scheduler.now == VirtualTime(seconds: 1))
  }

  @Test("work knows the queue it runs on")
  func currentQueue() throws {
    let scheduler = Scheduler()
    let background = scheduler.backgroundQueue("loads")
    var seen: [String] = []
    try scheduler.enqueue(on: background, label: "x") { seen.append(scheduler.currentQueue.label) }
    try scheduler.enqueue(on: scheduler.main, label: "y") { seen.append(scheduler.currentQueue.label) }
    try scheduler.settle()
    #expect(seen == ["loads", "main"])
    #expect(scheduler.currentQueue.isMain)
  }

  /// Runs the most recently enqueued candidate first.
  final class NewestFirst: SchedulingPolicy {
    func choose(among candidates: [PendingWork], now: VirtualTime) -> Int {
      candidates.indices.max { candidates[$0].id < candidates[$1].id } ?? 0
    }
  }

  @Test("one policy object chooses the order; the main queue stays serial")
  func policyChooses() throws {
    let scheduler = Scheduler(policy: NewestFirst())
    let background = scheduler.backgroundQueue("bg")
    var order: [String] = []
    try scheduler.enqueue(on: scheduler.main, label: "m1") { order.append("m1") }
    try scheduler.enqueue(on: scheduler.main, label: "m2") { order.append("m2") }
    try scheduler.enqueue(on: background, label: "b1") { order.append("b1") }
    try scheduler.enqueue(on: background, label: "b2") { order.append("b2") }
    try scheduler.settle()
    #expect(order == ["b2", "b1", "m1", "m2"])
  }

  @Test("pending work is limited")
  func pendingLimit() throws {
    var limits = SchedulerLimits()
    limits.maxPendingWork = 3
    let scheduler = Scheduler(limits: limits)
    for _ in 0..<3 { try scheduler.enqueue(on: scheduler.main, label: "x") {} }
    #expect(throws: RuntimeLimitError.self) { try scheduler.enqueue(on: scheduler.main, label: "x") {} }
  }

  @Test("work re-queueing itself hits the per-run limit")
  func runawayWork() throws {
    var limits = SchedulerLimits()
    limits.maxWorkPerRun = 100
    let scheduler = Scheduler(limits: limits)
    func again() throws { try scheduler.enqueue(on: scheduler.main, label: "again") { try again() } }
    try again()
    #expect(throws: RuntimeLimitError.self) { try scheduler.settle() }
  }

  @Test("the time horizon bounds waiting and settling")
  func horizon() throws {
    var limits = SchedulerLimits()
    limits.timeHorizon = VirtualTime(seconds: 10)
    let scheduler = Scheduler(limits: limits)
    try scheduler.enqueue(on: scheduler.main, after: 20, label: "never") {}
    #expect(try scheduler.settle() == 1)
    #expect(throws: RuntimeLimitError.self) { try scheduler.advance(by: 11) }
  }

  @Test("cancelled work does not run")
  func cancel() throws {
    let scheduler = Scheduler()
    var ran = false
    let id = try scheduler.enqueue(on: scheduler.main, label: "x") { ran = true }
    #expect(scheduler.cancel(id))
    try scheduler.settle()
    #expect(!ran)
  }
}

@Suite("Bad numbers")
struct BadNumberTests {
  @Test("virtual times clamp instead of trapping")
  func clampedTimes() {
    #expect(VirtualTime(seconds: -1e300) == .zero)
    #expect(VirtualTime(seconds: .nan).microseconds == Int64.max / 2)
    #expect(VirtualTime(seconds: 1e300).microseconds == Int64.max / 2)
  }

  @Test("progress sums saturate instead of overflowing")
  func saturatingProgress() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      (0..<2).map { _ in
        let provider = scene.provider("huge")
        provider.size = .max
        return DragItem(itemProvider: provider)
      }
    }
    var progress: LoadProgress?
    scene.makeFullDropTarget(target).sessionDidEnter = { progress = $0.progress }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(progress?.totalUnitCount == .max)
  }
}
