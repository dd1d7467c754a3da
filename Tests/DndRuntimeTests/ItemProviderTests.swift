import Foundation
import Testing
@testable import DndRuntime

@Suite("Item providers and type identifiers")
struct ItemProviderTests {
  @Test(
    "§5.3 NSItemProvider(object:) registers the class's type identifiers",
    arguments: [
      (ItemValue.string("s"), ["public.utf8-plain-text"]),
      (.attributedString("a"), ["com.apple.flat-rtfd", "public.rtf", "public.utf8-plain-text"]),
      (.url("https://apple.com"), ["public.url"]),
      (.url("file:///tmp/a.txt"), ["public.url", "public.file-url"]),
      (.image(ImageValue(name: "i")), ["public.png", "public.jpeg"]),
      (.color(ColorValue("red")), ["com.apple.uikit.color"]),
    ])
  func writableTypes(value: ItemValue, types: [String]) {
    let provider = ItemProvider(object: value, world: World())
    #expect(provider.registeredTypeIdentifiers == types)
  }

  @Test("§5.2 registeredTypeIdentifiers keep registration order; duplicate objects are ignored")
  func registrationOrder() {
    let provider = ItemProvider(world: World())
    provider.registerDataRepresentation(forTypeIdentifier: "public.png") { _ in nil }
    provider.registerObject(.image(ImageValue(name: "i")))
    provider.registerObject(.string("s"))
    provider.registerObject(.string("t"))
    #expect(provider.registeredTypeIdentifiers == ["public.png", "public.jpeg", "public.utf8-plain-text"])
  }

  @Test(
    "§5.4 UTI conformance follows the tree",
    arguments: [
      ("public.png", "public.image", true), ("public.jpeg", "public.data", true),
      ("public.utf8-plain-text", "public.text", true), ("public.utf8-plain-text", "public.content", true),
      ("public.file-url", "public.url", true), ("public.rtf", "public.plain-text", false),
      ("public.text", "public.image", false), ("public.url", "public.text", false),
      ("com.example.card", "public.data", true), ("com.example.card", "public.text", false),
      ("public.mpeg-4", "public.movie", true), ("public.mpeg-4", "public.content", true),
      ("com.apple.quicktime-movie", "public.audiovisual-content", true),
      ("public.mpeg-4", "public.image", false),
    ])
  func conformance(type: String, parent: String, conforms: Bool) {
    #expect(TypeIdentifier.conforms(type, to: parent) == conforms)
  }

  @Test("§5.2 hasItemConformingToTypeIdentifier and canLoadObject use conformance")
  func conformanceQueries() {
    let world = World()
    let image = ItemProvider(object: .image(ImageValue(name: "i")), world: world)
    #expect(image.hasItemConformingToTypeIdentifier("public.image"))
    #expect(!image.hasItemConformingToTypeIdentifier("public.text"))
    #expect(image.canLoadObject(ofClass: .image))
    #expect(!image.canLoadObject(ofClass: .string))
    let rich = ItemProvider(object: .attributedString("r"), world: world)
    #expect(rich.canLoadObject(ofClass: .string))
    #expect(rich.canLoadObject(ofClass: .attributedString))
  }

  @Test("§10 provider loads complete on a background queue")
  func backgroundCompletion() throws {
    let world = World()
    let provider = ItemProvider(object: .string("s"), world: world)
    var queue: String?
    var value: ItemValue?
    try provider.loadObject(ofClass: .string) { loaded, _ in
      queue = world.scheduler.currentQueue.label
      value = loaded
    }
    #expect(value == nil)
    try world.fingers.settle()
    #expect(queue == "NSItemProvider")
    #expect(value == .string("s"))
  }

  @Test("§5.2 a slow provider delivers after its latency; progress finishes then")
  func latency() throws {
    let world = World()
    let provider = ItemProvider(object: .string("s"), world: world)
    provider.latency = 1.5
    provider.size = 1000
    var at: VirtualTime?
    let progress = try provider.loadObject(ofClass: .string) { _, _ in at = world.scheduler.now }
    #expect(progress.totalUnitCount == 1000 && !progress.isFinished)
    try world.fingers.settle()
    #expect(at == VirtualTime(seconds: 1.5))
    #expect(progress.isFinished && progress.fractionCompleted == 1)
  }

  @Test("§5.2 a failing provider delivers its error")
  func failure() throws {
    let world = World()
    let provider = ItemProvider(object: .string("s"), world: world)
    provider.failure = .unknown()
    var error: ItemProviderError?
    try provider.loadObject(ofClass: .string) { _, failure in error = failure }
    try world.fingers.settle()
    #expect(error?.domain == "NSItemProviderErrorDomain")
    #expect(error?.code == -1)
  }

  @Test("§5.2 loading a type with no representation fails with item-unavailable")
  func missingRepresentation() throws {
    let world = World()
    let provider = ItemProvider(object: .image(ImageValue(name: "i")), world: world)
    var error: ItemProviderError?
    try provider.loadDataRepresentation(forTypeIdentifier: "public.text") { _, failure in error = failure }
    try world.fingers.settle()
    #expect(
      error == ItemProviderError(code: -1000, message: "Cannot load representation of type public.text"))
  }

  @Test("§5.2 data that cannot become the class fails with UIKit's coercion message")
  func coercionFailure() throws {
    let world = World()
    let provider = ItemProvider(world: world)
    provider.registerDataRepresentation(forTypeIdentifier: "org.webmproject.webp") { done in
      try done(Data([1, 2, 3]), nil)
      return nil
    }
    #expect(provider.canLoadObject(ofClass: .image))
    var error: ItemProviderError?
    try provider.loadObject(ofClass: .image) { _, failure in error = failure }
    try world.fingers.settle()
    #expect(error?.code == -1200)
    #expect(error?.message == "Could not coerce an item to class UIImage")
  }

  @Test("§5.2 a data representation's load handler runs on demand and its data converts")
  func dataHandler() throws {
    let world = World()
    let provider = ItemProvider(world: world)
    var calls = 0
    provider.registerDataRepresentation(forTypeIdentifier: "public.utf8-plain-text") { done in
      calls += 1
      try done(Data("from data".utf8), nil)
      return nil
    }
    #expect(calls == 0)
    var value: ItemValue?
    try provider.loadObject(ofClass: .string) { loaded, _ in value = loaded }
    try world.fingers.settle()
    #expect(calls == 1)
    #expect(value == .string("from data"))
  }

  @Test("§5.2 loadDataRepresentation and object values round-trip")
  func dataRoundTrip() throws {
    let world = World()
    let provider = ItemProvider(object: .image(ImageValue(name: "cat", size: Size(4, 3))), world: world)
    var bytes: Data?
    try provider.loadDataRepresentation(forTypeIdentifier: "public.image") { data, _ in bytes = data }
    try world.fingers.settle()
    let data = try #require(bytes)
    #expect(
      ItemValue.decode(data, type: "public.png", as: .image)
        == .image(ImageValue(name: "cat", size: Size(4, 3))))
  }

  @Test("§4.3 a load's progress grows evenly over its latency (choice), and is whole only when the data arrives")
  func progressGrowsWithVirtualTime() throws {
    let world = World()
    let provider = ItemProvider(object: .string("body"), world: world)
    provider.latency = 2
    provider.size = 1000
    var delivered = false
    let progress = try provider.loadObject(ofClass: .string) { _, _ in delivered = true }
    #expect(progress.completedUnitCount == 0)
    try world.fingers.wait(1)
    #expect(progress.completedUnitCount == 500)
    #expect(progress.fractionCompleted == 0.5)
    try world.fingers.wait(0.999_999)
    #expect(progress.completedUnitCount == 999)
    #expect(!progress.isFinished && !delivered)
    try world.fingers.settle()
    #expect(progress.completedUnitCount == 1000 && progress.isFinished && delivered)
  }

  @Test("§5.2/§12.18 loadFileRepresentation's file is deleted when the handler returns")
  func fileDeleted() throws {
    let world = World()
    let provider = ItemProvider(object: .string("file body"), world: world)
    var url: String?
    var contents: Data?
    try provider.loadFileRepresentation(forTypeIdentifier: "public.plain-text") { file, _ in
      url = file
      contents = file.flatMap { world.contentsOfTemporaryFile($0) }
    }
    try world.fingers.settle()
    let file = try #require(url)
    #expect(file.hasSuffix(".txt"))
    #expect(contents == Data("file body".utf8))
    #expect(world.contentsOfTemporaryFile(file) == nil)
    // The trace says a file arrives (the completion gets its URL), not bytes.
    let completed = try #require(world.trace.events.first { $0.name == "loadCompleted" })
    #expect(completed.result == "a temporary file of 9 bytes")
  }

  @Test(
    "§5.2 suggestedName names the file loadFileRepresentation writes (choice: the type's extension when it has none)",
    arguments: [
      (String?.none, "file:///tmp/dnd/1.txt"), ("notes.md", "file:///tmp/dnd/1/notes.md"),
      ("notes", "file:///tmp/dnd/1/notes.txt"), ("a/b: c", "file:///tmp/dnd/1/a-b-%20c.txt"),
      ("", "file:///tmp/dnd/1.txt"),
    ])
  func suggestedNameNamesTheFile(name: String?, expected: String) throws {
    let world = World()
    let provider = ItemProvider(object: .string("file body"), world: world)
    provider.suggestedName = name
    var url: String?
    try provider.loadFileRepresentation(forTypeIdentifier: "public.plain-text") { file, _ in url = file }
    try world.fingers.settle()
    #expect(url == expected)
  }

  @Test(
    "choice: a file loaded without a suggested name takes its type's extension, movies included",
    arguments: [("public.mpeg-4", "mp4"), ("com.apple.quicktime-movie", "mov"), ("com.example.card", "data")])
  func fileExtensionOfType(type: String, fileExtension: String) throws {
    let world = World()
    let provider = ItemProvider(world: world)
    provider.registerDataRepresentation(forTypeIdentifier: type) { completion in
      try completion(Data(count: 4), nil)
      return nil
    }
    var url: String?
    try provider.loadFileRepresentation(forTypeIdentifier: type) { file, _ in url = file }
    try world.fingers.settle()
    #expect(url == "file:///tmp/dnd/1.\(fileExtension)")
  }

  @Test("§5.2 cancelling a load delivers the cancellation error at once")
  func cancelLoad() throws {
    let world = World()
    let provider = ItemProvider(object: .string("s"), world: world)
    provider.latency = 5
    var results: [ItemProviderError?] = []
    let progress = try provider.loadObject(ofClass: .string) { _, error in results.append(error) }
    try progress.cancel()
    try world.fingers.settle()
    #expect(results == [ItemProviderError.cancelled])
    #expect(progress.isCancelled)
  }
}

@Suite("Sessions")
struct SessionTests {
  @Test("§4.1 hasItemsConforming is true if any item conforms to any type")
  func hasItemsConforming() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      [
        DragItem(itemProvider: scene.provider("t")),
        DragItem(itemProvider: ItemProvider(object: .image(ImageValue(name: "i")), world: scene.world)),
      ]
    }
    var answers: [Bool] = []
    scene.makeFullDropTarget(target).canHandle = { session in
      answers = [
        session.hasItemsConforming(toTypeIdentifiers: ["public.image"]),
        session.hasItemsConforming(toTypeIdentifiers: ["com.adobe.pdf", "public.text"]),
        session.hasItemsConforming(toTypeIdentifiers: ["public.url"]),
        session.canLoadObjects(ofClass: .image),
        session.canLoadObjects(ofClass: .color),
      ]
      return true
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    #expect(answers == [true, true, false, true, false])
  }

  @Test("§4.3/§10 loadObjects completes on the main queue with objects in item order")
  func loadObjectsOrder() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      let slow = scene.provider("first")
      slow.latency = 2
      return [DragItem(itemProvider: slow), DragItem(itemProvider: scene.provider("second"))]
    }
    var result: [ItemValue] = []
    var queue: String?
    scene.makeFullDropTarget(target).performDrop = { session in
      try session.loadObjects(ofClass: .string) { values in
        result = values
        queue = scene.world.scheduler.currentQueue.label
      }
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(result == [.string("first"), .string("second")])
    #expect(queue == "main")
  }

  @Test("§3.6 loading outside performDrop fails (choice §13.7: item-unavailable, and a console line)")
  func loadOutsidePerformDrop() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    var providerError: ItemProviderError?
    var objects: [ItemValue]?
    let drop = scene.makeFullDropTarget(target)
    drop.sessionDidEnter = { session in
      try session.items.first?.itemProvider.loadObject(ofClass: .string) { _, error in providerError = error }
      try session.loadObjects(ofClass: .string) { objects = $0 }
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.settle()
    #expect(providerError?.code == -1000)
    #expect(objects == [])
    #expect(scene.trace.events(of: .warning).count == 2)
  }

  @Test("a load before the drop belongs to the drag phase in the trace; one in performDrop to data transfer")
  func loadPhaseInTheTrace() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    drop.sessionDidEnter = { session in try session.loadObjects(ofClass: .string) { _ in } }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    let phases = scene.trace.events.filter { $0.name == "loadObjects(ofClass:)" }.map(\.phase)
    #expect(phases == [.drag, .dataTransfer])
    #expect(scene.trace.events(of: .warning).map(\.phase) == [.drag])
  }

  @Test("§3.6 loads started in performDrop may finish later; loads started after it fail")
  func loadAfterPerformDrop() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    var concludeError: ItemProviderError?
    let drop = scene.makeFullDropTarget(target)
    drop.concludeDrop = { session in
      try session.items.first?.itemProvider.loadObject(ofClass: .string) { _, error in concludeError = error }
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(target.text == "\"Hello\"")
    #expect(concludeError?.code == -1000)
  }

  @Test("§4.3 session progress aggregates the destination's loads")
  func sessionProgress() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      let provider = scene.provider("big")
      provider.size = 500
      provider.latency = 1
      return [DragItem(itemProvider: provider)]
    }
    var progress: LoadProgress?
    let drop = scene.makeFullDropTarget(target)
    drop.sessionDidEnter = { session in
      session.progressIndicatorStyle = .none
      progress = session.progress
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(progress?.totalUnitCount == 500)
    #expect(progress?.isFinished == false)
    try scene.fingers.settle()
    #expect(progress?.isFinished == true)
  }

  @Test(
    "§4.3 progressIndicatorStyle .default: UIKit's progress UI shows while a drop's loads run long (choice: past 1 s)",
    arguments: [
      // latency, style set in performDrop, the event's arguments (nil: no progress UI)
      (3.0, DropSessionProgressIndicatorStyle.default, ["1s", "3s"] as [String]?), (3.0, .none, nil),
      (0.5, .default, nil),
    ])
  func progressIndicator(latency: Double, style: DropSessionProgressIndicatorStyle, shown: [String]?) throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      let provider = scene.provider("slow")
      provider.latency = latency
      return [DragItem(itemProvider: provider)]
    }
    let drop = scene.makeFullDropTarget(target)
    let load = drop.performDrop
    var before: DropSessionProgressIndicatorStyle?
    drop.performDrop = { session in
      before = session.progressIndicatorStyle
      session.progressIndicatorStyle = style
      try load?(session)
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(before == .default)
    let events = scene.trace.events(of: .step).filter { $0.name == "progressIndicatorShown" }
    #expect(events.first.map { $0.arguments.map(\.value) } == shown)
    #expect(events.count <= 1)
    // The last load delivers on the provider's queue; the progress UI is
    // UIKit's, on the main thread (§10).
    #expect(events.allSatisfy { $0.queue == "main" })
  }

  @Test("§4.1 location(in:) is in the view's coordinates")
  func location() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    var location: Point?
    scene.makeFullDropTarget(target).sessionDidEnter = { session in location = session.location(in: target) }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: .pointIn(target, Point(7, 8)))
    #expect(location == Point(7, 8))
  }
}
