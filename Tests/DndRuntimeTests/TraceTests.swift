import Foundation
import Testing
@testable import DndRuntime

@Suite("Trace")
struct TraceTests {
  /// The Hello World scenario of the design document.
  private func helloWorld(keepingDetails: Bool = true) throws -> TestScene {
    let scene = try TestScene()
    scene.trace.keepsDetails = keepingDetails
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    return scene
  }

  @Test("events carry sequence, time, queue, phase, app, view, interaction and result")
  func eventFields() throws {
    let scene = try helloWorld()
    let events = scene.trace.events
    #expect(events.map(\.sequence) == Array(1...events.count))
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    let items = try #require(scene.trace.calls("itemsForBeginning").first)
    #expect(items.time == VirtualTime(seconds: 0.325))
    #expect(items.queue == "main" && items.phase == .lift && items.session == 1)
    #expect(items.app == "Demo" && items.view == "source" && items.interaction == "dragInteraction")
    #expect(items.result == "1 item")
    #expect(
      items.description
        == "#\(items.sequence) 0.325s main lift call Demo.source dragInteraction "
        + "dragInteraction(_:itemsForBeginning:) session=1 -> 1 item"
    )
    let load = try #require(scene.trace.events.first { $0.name == "loadCompleted" })
    #expect(load.queue == "NSItemProvider" && load.phase == .dataTransfer)
  }

  /// Limit maxTraceEvents: the trace keeps at most its limit of events, and
  /// the step that passes it stops with an error naming the limit.
  @Test("a trace stops at its limit of events, and the step that passes it says so")
  func traceLimit() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    let limit = scene.trace.events.count + 5
    scene.trace.maxEvents = limit
    var thrown: RuntimeLimitError?
    for x in 0..<20 where thrown == nil {
      do { try scene.fingers.move(to: Point(Double(100 + x), 500)) } catch let error as RuntimeLimitError {
        thrown = error
      }
    }
    #expect(thrown?.limit == "maxTraceEvents")
    #expect(thrown?.message.hasPrefix("the trace passed \(limit) events, the limit for one scenario") == true)
    #expect(scene.trace.events.count == limit)
    #expect(scene.trace.overflowed)
  }

  @Test("a trace without details has the same events, with no arguments or results")
  func withoutDetails() throws {
    let full = try helloWorld().trace.events
    let lean = try helloWorld(keepingDetails: false).trace.events
    #expect(full.contains { !$0.arguments.isEmpty } && full.contains { $0.result != nil })
    #expect(lean.allSatisfy { $0.arguments.isEmpty && $0.result == nil })
    func bare(_ event: TraceEvent) -> TraceEvent {
      var event = event
      event.arguments = []
      event.result = nil
      return event
    }
    #expect(lean == full.map(bare))
  }

  @Test("the trace is deterministic")
  func deterministic() throws {
    #expect(try helloWorld().trace.events == helloWorld().trace.events)
  }

  @Test("events round-trip through JSON")
  func codable() throws {
    let events = try helloWorld().trace.events
    let data = try JSONEncoder().encode(events)
    #expect(try JSONDecoder().decode([TraceEvent].self, from: data) == events)
  }

  @Test("two worlds never interfere")
  func twoWorlds() throws {
    let first = try TestScene()
    let second = try helloWorld()
    #expect(first.trace.events.isEmpty)
    #expect(first.world.scheduler.now == .zero)
    #expect(second.trace.events.count > 0)
  }

  @Test("§10 touching a view off the main queue warns in the Main Thread Checker's words")
  func mainThreadChecker() throws {
    let scene = try TestScene()
    scene.world.sourceLocationProvider = { "demo.dnd:12:9" }
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target).performDrop = { session in
      try session.items.first?.itemProvider.loadObject(ofClass: .string) { value, _ in
        target.text = value?.description
      }
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    let warning = try #require(scene.trace.events(of: .warning).first)
    #expect(
      warning.message == "Main Thread Checker: UI API called on a background thread: -[UILabel setText:]")
    #expect(warning.queue == "NSItemProvider")
    #expect(warning.sourceLocation == "demo.dnd:12:9")
    #expect(target.text == "\"Hello\"")
  }

  @Test("setting a view on the main queue gives no warning")
  func mainQueueIsFine() throws {
    let scene = try helloWorld()
    #expect(scene.trace.events(of: .warning).isEmpty)
  }

  @Test("the delegate method catalogue spells every method as UIKit does")
  func catalogue() {
    #expect(DragMethods.all.count == 16)
    #expect(DropMethods.all.count == 9)
    #expect(DropMethods.performDrop.uikit == "dropInteraction(_:performDrop:)")
    #expect(Set(DragMethods.all.map(\.name)).count == DragMethods.all.count)
  }
}
