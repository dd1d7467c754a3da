import Foundation
import Testing
@testable import DndRuntime

@Suite("Item providers: legacy initialisers, files and loadItem")
struct ItemProviderFileTests {
  @Test("§5.2 init(item:typeIdentifier:) registers the item under the type; a nil item gives an empty provider")
  func initWithItem() throws {
    let world = World()
    let provider = ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text", world: world)
    #expect(provider.registeredTypeIdentifiers == ["public.plain-text"])
    #expect(ItemProvider(item: nil, typeIdentifier: "public.png", world: world).registeredTypeIdentifiers == [])
    var text: ItemValue?
    try provider.loadObject(ofClass: .string) { value, _ in text = value }
    try world.fingers.settle()
    #expect(text == .string("hi"))
  }

  @Test("§5.2 init(item:typeIdentifier:) with a nil type registers the item's writable types (choice)")
  func initWithItemNoType() {
    let provider = ItemProvider(item: .image(ImageValue(name: "i")), typeIdentifier: nil, world: World())
    #expect(provider.registeredTypeIdentifiers == ["public.png", "public.jpeg"])
  }

  @Test(
    "§5.2 init(contentsOf:) takes the type from the file's extension",
    arguments: [
      ("file:///photos/cat.PNG", "public.png"), ("file:///photos/cat.jpg", "public.jpeg"),
      ("file:///notes/a.txt", "public.plain-text"), ("file:///docs/b.pdf", "com.adobe.pdf"),
      ("file:///clips/c.mov", "com.apple.quicktime-movie"), ("file:///misc/d.xyz", "public.data"),
      ("file:///misc/noextension", "public.data"),
    ])
  func initContentsOf(url: String, type: String) throws {
    let world = World()
    world.writeFile(Data("bytes".utf8), to: url)
    let provider = try #require(ItemProvider(contentsOf: url, world: world))
    #expect(provider.registeredTypeIdentifiers == [type])
    var data: Data?
    try provider.loadDataRepresentation(forTypeIdentifier: type) { bytes, _ in data = bytes }
    try world.fingers.settle()
    #expect(data == Data("bytes".utf8))
  }

  @Test("§5.2 init(contentsOf:) is nil for a file the world does not have, or a URL that is not a file's")
  func initContentsOfMissing() {
    let world = World()
    world.writeFile(Data("x".utf8), to: "file:///a.txt")
    #expect(ItemProvider(contentsOf: "file:///b.txt", world: world) == nil)
    #expect(ItemProvider(contentsOf: "https://example.com/a.txt", world: world) == nil)
    #expect(!world.writeFile(Data(), to: "https://example.com/a.txt"))
  }

  /// A provider with one file representation of `url`, registered as PNG.
  private func fileProvider(
    _ world: World, url: String, options: ItemProviderFileOptions = []
  ) -> ItemProvider {
    let provider = ItemProvider(world: world)
    provider.registerFileRepresentation(forTypeIdentifier: "public.png", fileOptions: options) { done in
      try done(url, false, nil)
      return nil
    }
    return provider
  }

  @Test("§5.2 a file representation loads as data (file to Data), as a temporary copy, and as an object")
  func fileRepresentationLoads() throws {
    let world = World()
    world.writeFile(Data("png bytes".utf8), to: "file:///cat.png")
    let provider = fileProvider(world, url: "file:///cat.png")
    var data: Data?
    var copy: (url: String?, contents: Data?)
    var image: ItemValue?
    try provider.loadDataRepresentation(forTypeIdentifier: "public.image") { bytes, _ in data = bytes }
    try provider.loadFileRepresentation(forTypeIdentifier: "public.png") { url, _ in
      copy = (url, url.flatMap { world.virtualFileContents($0) })
    }
    try provider.loadObject(ofClass: .image) { value, _ in image = value }
    try world.fingers.settle()
    #expect(data == Data("png bytes".utf8))
    #expect(copy.url == "file:///tmp/dnd/1.png" && copy.contents == Data("png bytes".utf8))
    #expect(world.virtualFileContents("file:///tmp/dnd/1.png") == nil)
    #expect(world.virtualFileContents("file:///cat.png") != nil)
    #expect(image?.objectClass == .image)
    let names = world.trace.events(of: .step).map(\.name)
    #expect(names.filter { $0 == "loadCompleted" }.count == 3)
  }

  @Test("§5.2 without .openInPlace the file is copied when the handler hands it over")
  func fileCopiedAtHandOver() throws {
    let world = World()
    world.writeFile(Data("old".utf8), to: "file:///a.png")
    let provider = fileProvider(world, url: "file:///a.png")
    provider.latency = 1
    var data: Data?
    try provider.loadDataRepresentation(forTypeIdentifier: "public.png") { bytes, _ in data = bytes }
    try world.scheduler.enqueue(on: world.scheduler.main, after: 0.5, label: "edit") {
      world.writeFile(Data("new".utf8), to: "file:///a.png")
    }
    try world.fingers.settle()
    #expect(data == Data("old".utf8))
  }

  @Test(
    "§5.2 loadInPlaceFileRepresentation gives the original (isInPlace true) only for an .openInPlace file",
    arguments: [(ItemProviderFileOptions.openInPlace, true), (ItemProviderFileOptions(), false)])
  func inPlace(options: ItemProviderFileOptions, inPlace: Bool) throws {
    let world = World()
    world.writeFile(Data("png".utf8), to: "file:///cat.png")
    let provider = fileProvider(world, url: "file:///cat.png", options: options)
    var result: (url: String?, isInPlace: Bool)?
    try provider.loadInPlaceFileRepresentation(forTypeIdentifier: "public.png") { url, isInPlace, _ in
      result = (url, isInPlace)
    }
    try world.fingers.settle()
    #expect(result?.isInPlace == inPlace)
    #expect(result?.url == (inPlace ? "file:///cat.png" : "file:///tmp/dnd/1.png"))
    #expect(world.virtualFileContents("file:///cat.png") == Data("png".utf8))
  }

  @Test("§5.2 registeredTypeIdentifiers(fileOptions:) and hasRepresentationConforming filter by file options")
  func fileOptionsFilter() {
    let world = World()
    let provider = ItemProvider(object: .string("s"), world: world)
    provider.registerFileRepresentation(forTypeIdentifier: "public.png", fileOptions: .openInPlace) { _ in nil }
    provider.registerFileRepresentation(forTypeIdentifier: "public.jpeg") { _ in nil }
    #expect(provider.registeredTypeIdentifiers(fileOptions: []) == provider.registeredTypeIdentifiers)
    #expect(provider.registeredTypeIdentifiers(fileOptions: .openInPlace) == ["public.png"])
    #expect(provider.hasRepresentationConforming(toTypeIdentifier: "public.image", fileOptions: .openInPlace))
    #expect(!provider.hasRepresentationConforming(toTypeIdentifier: "public.text", fileOptions: .openInPlace))
    #expect(provider.hasRepresentationConforming(toTypeIdentifier: "public.text"))
  }

  @Test("§5.2 a file handler's URL with no file fails as item-unavailable (choice); its error passes through")
  func missingFile() throws {
    let world = World()
    let missing = fileProvider(world, url: "file:///gone.png")
    let failing = ItemProvider(world: world)
    failing.registerFileRepresentation(forTypeIdentifier: "public.png") { done in
      try done(nil, false, .unknown("disk full"))
      return nil
    }
    var errors: [ItemProviderError?] = []
    try missing.loadDataRepresentation(forTypeIdentifier: "public.png") { _, error in errors.append(error) }
    try failing.loadDataRepresentation(forTypeIdentifier: "public.png") { _, error in errors.append(error) }
    try world.fingers.settle()
    #expect(errors == [.itemUnavailable(type: "public.png"), .unknown("disk full")])
  }

  @Test("§5.2 loadItem gives the item as registered (choice: no coercion by declared type), traced as a load")
  func loadItem() throws {
    let world = World()
    world.writeFile(Data("jpeg".utf8), to: "file:///b.jpg")
    let provider = ItemProvider(object: .url("https://example.com"), world: world)
    provider.registerDataRepresentation(forTypeIdentifier: "public.png") { done in
      try done(Data([1, 2]), nil)
      return nil
    }
    let legacy = ItemProvider(item: .url("file:///b.jpg"), typeIdentifier: "public.jpeg", world: world)
    var items: [ItemValue?] = []
    var copied: Data?
    try provider.loadItem(forTypeIdentifier: "public.url") { value, _ in items.append(value) }
    try provider.loadItem(forTypeIdentifier: "public.png") { value, _ in items.append(value) }
    try legacy.loadItem(forTypeIdentifier: "public.jpeg") { value, _ in
      items.append(value)
      if case .url(let url)? = value { copied = world.virtualFileContents(url) }
    }
    try provider.loadItem(forTypeIdentifier: "public.text") { value, _ in items.append(value) }
    try world.fingers.settle()
    #expect(
      items == [
        .url("https://example.com"), .data(Data([1, 2]), typeIdentifier: "public.png"),
        .url("file:///tmp/dnd/1.jpeg"), nil,
      ])
    #expect(copied == Data("jpeg".utf8))
    let loads = world.trace.events(of: .step).filter { $0.name == "loadItem(forTypeIdentifier:options:)" }
    #expect(loads.count == 4)
  }
}

@Suite("Item providers: teamData")
struct TeamDataTests {
  @Test("§5.2 teamData is readable by another app during the drag, before the drop (choice: all apps one team)")
  func readableDuringTheDrag() throws {
    let apps = try TwoApps()
    let world = apps.world
    let drag = DragInteractionDelegate()
    drag.itemsForBeginning = { _ in
      let provider = ItemProvider(object: .string("text"), world: world)
      provider.setTeamData(Data("album 7".utf8))
      return [DragItem(itemProvider: provider)]
    }
    apps.source.addInteraction(DragInteraction(delegate: drag))
    let drop = apps.dropTarget()
    var seen: Data?
    drop.sessionDidEnter = { session in seen = session.items.first?.itemProvider.teamData }
    try world.fingers.longPress(apps.source)
    try world.fingers.move(to: apps.target)
    #expect(seen == Data("album 7".utf8))
    #expect(world.trace.events(of: .warning).isEmpty)
  }

  @Test("§5.2 teamData holds up to 8 KB (choice: more is refused with a console line, the old value stays)")
  func limit() {
    let world = World()
    let provider = ItemProvider(world: world)
    #expect(provider.teamData == nil)
    #expect(provider.setTeamData(Data(count: 8192)))
    #expect(!provider.setTeamData(Data(count: 8193)))
    #expect(provider.teamData?.count == 8192)
    #expect(world.trace.events(of: .warning).first?.message?.contains("at most 8192 bytes") == true)
    #expect(provider.setTeamData(nil) && provider.teamData == nil)
  }
}
