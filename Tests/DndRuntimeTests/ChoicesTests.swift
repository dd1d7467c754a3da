import Foundation
import Testing
@testable import DndRuntime

/// Open points of UIKIT-SEMANTICS §13 and the runtime's choices, one test each.
@Suite("Choices on open points")
struct ChoicesTests {
  @Test("choice §13.6: no sessionDidUpdate while the finger rests")
  func noPeriodicUpdates() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.wait(5)
    #expect(scene.trace.calls("sessionDidUpdate").count == 1)
  }

  @Test("choice §13.8: drop previews are asked for every visible item, however many")
  func previewsForManyItems() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source, strings: (1...40).map { "item \($0)" })
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForDropping").count == 40)
  }

  @Test("choice §13.11: moving inside a spring-loaded view does not restart its timers")
  func springTimersKeepRunning() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    var activated = false
    folder.addInteraction(SpringLoadedInteraction { _ in activated = true })
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    try scene.fingers.wait(0.6)
    try scene.fingers.move(to: .pointIn(folder, Point(10, 10)))
    try scene.fingers.wait(0.6)
    #expect(activated)
  }

  @Test("choice §13.12: a source's load handler runs on the background queue")
  func loadHandlerQueue() throws {
    let world = World()
    let provider = ItemProvider(world: world)
    var queue: String?
    provider.registerObject(ofClass: .string, visibility: .all) { done in
      queue = world.scheduler.currentQueue.label
      try done(.string("made"), nil)
      return nil
    }
    var value: ItemValue?
    try provider.loadObject(ofClass: .string) { loaded, _ in value = loaded }
    try world.fingers.settle()
    #expect(queue == "NSItemProvider")
    #expect(value == .string("made"))
  }

  @Test("choice §13.13: concludeDrop comes even when no item had a visible drop animation")
  func concludeWithoutVisibleItems() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source).previewForLifting = { _, _ in nil }
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("previewForDropping").isEmpty)
    #expect(scene.trace.calls("concludeDrop").count == 1)
  }

  @Test("choice §13.14: previewForDropping's nil and default are passed through as answered")
  func dropPreviewAnswers() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source, strings: ["a", "b"])
    var count = 0
    scene.makeFullDropTarget(target).previewForDropping = { _, preview in
      count += 1
      return count == 1 ? nil : preview
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForDropping").map(\.result) == ["nil", "default preview of source"])
  }

  @Test("choice: movement under 10 pt after the lift does not begin the drag")
  func hysteresis() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: .pointIn(source, Point(109, 15)))
    #expect(scene.trace.calls("sessionWillBegin").isEmpty)
  }

  @Test("choice: several drop interactions on one view, the first added that accepts is the target")
  func firstInteractionOfAView() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target, name: "left")
    scene.makeFullDropTarget(target, name: "right")
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    #expect(scene.trace.calls("sessionDidEnter").map(\.interaction) == ["left"])
  }

  @Test("choice: a text drop without layout appends at the end")
  func textAppends() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source, strings: ["a", "b"])
    let field = try scene.add(.textField, "field", Rect(400, 400, 200, 30))
    field.text = ">"
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: field)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(field.text == ">ab")
  }

  @Test("choice: a registerItem of the type NSItemProvider(item:typeIdentifier:) offered takes the item's place")
  func legacyItemReplacedByLoadHandler() throws {
    let world = World()
    let provider = ItemProvider(item: .url("https://example.com/a.mp4"), typeIdentifier: "public.mpeg-4", world: world)
    #expect(provider.registeredTypeIdentifiers == ["public.mpeg-4"])
    provider.registerItem(forTypeIdentifier: "public.mpeg-4") { completion in
      try completion(.data(Data(count: 3), typeIdentifier: "public.mpeg-4"), nil)
    }
    provider.registerItem(forTypeIdentifier: "public.mpeg-4") { completion in
      try completion(.data(Data(count: 9), typeIdentifier: "public.mpeg-4"), nil)
    }
    // Only the initial item is replaced: a second handler of the type is a second representation.
    #expect(provider.registeredTypeIdentifiers == ["public.mpeg-4", "public.mpeg-4"])
    var count: Int?
    try provider.loadDataRepresentation(forTypeIdentifier: "public.mpeg-4") { data, _ in count = data?.count }
    try world.fingers.settle()
    #expect(count == 3)
  }
}
