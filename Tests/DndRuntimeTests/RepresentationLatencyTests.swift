import Foundation
import Testing
@testable import DndRuntime

/// What the binding added to the runtime: a latency per representation, and
/// recording an exception UIKit raises from an API the app calls directly.
@Suite("Per-representation latency and directly raised exceptions")
struct RepresentationLatencyTests {
  @Test(
    "a load takes the latency of its representation, exact or by conformance, else the provider's",
    arguments: [
      ("public.png", 0.5, ObjectClass.image, 0.5),
      ("public.image", 0.7, .image, 0.7),
      ("public.url", 0.2, .image, 1.0),
    ])
  func representationLatency(type: String, seconds: Double, load: ObjectClass, expected: Double) throws {
    let world = World()
    let provider = ItemProvider(object: .image(ImageValue(name: "i")), world: world)
    provider.latency = 1.0
    provider.setLatency(seconds, forTypeIdentifier: type)
    var at: VirtualTime?
    try provider.loadObject(ofClass: load) { _, _ in at = world.scheduler.now }
    try world.fingers.settle()
    #expect(at == VirtualTime(seconds: expected))
  }

  @Test("two representations of one provider complete in the order of their latencies")
  func twoLoadsInLatencyOrder() throws {
    let world = World()
    let provider = ItemProvider(object: .image(ImageValue(name: "i")), world: world)
    provider.registerObject(.url("https://example.com/i.png"))
    provider.setLatency(0.9, forTypeIdentifier: "public.png")
    provider.setLatency(0.1, forTypeIdentifier: "public.url")
    var order: [String] = []
    try provider.loadObject(ofClass: .image) { _, _ in order.append("image") }
    try provider.loadObject(ofClass: .url) { _, _ in order.append("url") }
    try world.fingers.settle()
    #expect(order == ["url", "image"])
    #expect(provider.latency(forTypeIdentifier: "public.png") == 0.9)
    #expect(provider.latency(forTypeIdentifier: nil) == 0)
  }

  @Test("an exception raised by a direct API call is recorded with its view")
  func uncaughtExceptionIsRecorded() {
    let world = World()
    let exception = UIKitException(name: "NSInvalidArgumentException", reason: "Can't add self as subview")
    world.recordUncaughtException(exception, app: "Demo", view: "root")
    let event = world.trace.events(of: .exception).first
    #expect(event?.exceptionName == "NSInvalidArgumentException")
    #expect(event?.message == "Can't add self as subview")
    #expect(event?.view == "root")
  }
}
