import Testing
@testable import DndRuntime

/// Two apps side by side on an iPad, and drags from other apps.
struct TwoApps {
  let world: World
  let left: App
  let right: App
  let source: View
  let target: View

  init(device: Device = .iPad) throws {
    world = World(device: device)
    left = world.addApp("Left")
    right = world.addApp("Right")
    source = View(.view, name: "source", frame: Rect(10, 10, 100, 100), world: world)
    target = View(.view, name: "target", frame: Rect(10, 10, 200, 200), world: world)
    try left.addSubview(source)
    try right.addSubview(target)
  }

  @discardableResult
  func dragSource(local: AnyObject? = nil) -> DragInteractionDelegate {
    let delegate = DragInteractionDelegate()
    let world = self.world
    delegate.itemsForBeginning = { session in
      session.localContext = local
      let item = DragItem(itemProvider: ItemProvider(object: .string("text"), world: world))
      item.localObject = local
      return [item]
    }
    source.addInteraction(DragInteraction(delegate: delegate))
    return delegate
  }

  @discardableResult
  func dropTarget(operation: DropOperation = .copy) -> DropInteractionDelegate {
    let delegate = DropInteractionDelegate()
    let target = self.target
    delegate.sessionDidUpdate = { _ in DropProposal(operation: operation) }
    delegate.performDrop = { session in
      try session.loadObjects(ofClass: .string) { values in target.text = values.first?.description }
    }
    target.addInteraction(DropInteraction(delegate: delegate))
    return delegate
  }
}

@Suite("Drags between apps")
struct CrossAppTests {
  final class Box {}

  @Test("§1.4/§12.9 localDragSession, localObject and localContext are not visible in another app")
  func localsDoNotCross() throws {
    let apps = try TwoApps()
    let box = Box()
    apps.dragSource(local: box)
    let drop = apps.dropTarget()
    var seen: (session: Bool, object: Bool, allowsMove: Bool)?
    drop.sessionDidEnter = { session in
      seen = (
        session.localDragSession != nil, session.items.first?.localObject != nil, session.allowsMoveOperation
      )
    }
    try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    #expect(seen?.session == false)
    #expect(seen?.object == false)
    #expect(seen?.allowsMove == false)
    #expect(apps.world.fingers.current?.session?.localContext === box)
    try apps.world.fingers.release()
    try apps.world.fingers.settle()
    #expect(apps.target.text == "\"text\"")
  }

  @Test("§1.4 the same app sees local objects and the drag session")
  func localsInSameApp() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let box = Box()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { session in
      session.localContext = box
      let item = DragItem(itemProvider: scene.provider("x"))
      item.localObject = box
      return [item]
    }
    var seen: (AnyObject?, AnyObject?)
    scene.makeFullDropTarget(target).sessionDidEnter = { session in
      seen = (session.items.first?.localObject, session.localDragSession?.localContext)
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    #expect(seen.0 === box && seen.1 === box)
  }

  @Test("§1.4/§12.4 a move in another app becomes cancel with UIKit's console line")
  func moveAcrossAppsRefused() throws {
    let apps = try TwoApps()
    let drag = apps.dragSource()
    var ended: DropOperation?
    drag.didEndWith = { _, operation in ended = operation }
    apps.dropTarget(operation: .move)
    try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    try apps.world.fingers.release()
    try apps.world.fingers.settle()
    #expect(ended == .cancel)
    #expect(
      apps.world.trace.events(of: .warning).first?.message?.contains(
        "_UIDragOperation 16 that is outside of the sourceOperationMask 1") == true)
  }

  @Test("§1.4/§12.24 a restricted session is invisible to other apps and cancels there")
  func restrictedSession() throws {
    let apps = try TwoApps()
    let drag = apps.dragSource()
    drag.sessionIsRestrictedToDraggingApplication = { _ in true }
    var ended: DropOperation?
    drag.didEndWith = { _, operation in ended = operation }
    let drop = apps.dropTarget()
    var asked = false
    drop.canHandle = { _ in
      asked = true
      return true
    }
    try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    try apps.world.fingers.release()
    try apps.world.fingers.settle()
    #expect(!asked)
    #expect(ended == .cancel)
  }

  @Test("a drag can start in another app (an item source) and land in ours")
  func dragFromItemSource() throws {
    let scene = try TestScene()
    let target = try scene.add(.imageView, "photo", Rect(10, 10, 300, 300))
    target.isUserInteractionEnabled = true
    let safari = scene.world.addItemSource("Safari")
    safari.addItem("photo") {
      [
        DragItem(
          itemProvider: ItemProvider(
            object: .image(ImageValue(name: "cat", size: Size(40, 30))), world: scene.world))
      ]
    }
    let drop = DropInteractionDelegate()
    var local = true
    drop.canHandle = { session in session.canLoadObjects(ofClass: .image) }
    drop.sessionDidUpdate = { session in
      local = session.localDragSession != nil
      return DropProposal(operation: .copy)
    }
    drop.performDrop = { session in
      try session.loadObjects(ofClass: .image) { values in
        if case .image(let image)? = values.first { target.image = image }
      }
    }
    target.addInteraction(DropInteraction(delegate: drop))
    try scene.fingers.longPress(item: "photo", in: safari)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(!local)
    #expect(target.image == ImageValue(name: "cat", size: Size(40, 30)))
    #expect(scene.trace.events.contains { $0.name == "dragFromItemSource" && $0.app == "Safari" })
    #expect(scene.trace.events.contains { $0.name == "dragEnded" && $0.app == "Safari" })
  }

  @Test("an unknown item of an item source is a scenario error")
  func unknownSourceItem() throws {
    let scene = try TestScene()
    let safari = scene.world.addItemSource("Safari")
    #expect(throws: ScenarioError.self) { try scene.fingers.longPress(item: "nope", in: safari) }
  }

  /// Safari's text dragged onto a full drop target, on `device`.
  private func dropFromSafari(on device: Device) throws -> TestScene {
    let scene = try TestScene(device: device)
    let target = try scene.add(.view, "target", Rect(10, 10, 300, 300))
    let safari = scene.world.addItemSource("Safari")
    safari.addItem("text") { [DragItem(itemProvider: scene.provider("x"))] }
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(item: "text", in: safari)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    return scene
  }

  @Test("§11 iPhone drags stay inside their app (iOS 11-14 choice)")
  func iPhoneStaysInApp() throws {
    let scene = try dropFromSafari(on: .iPhone)
    #expect(scene.callNames(view: "target").isEmpty)
    #expect(!scene.world.device.allowsDragsBetweenApps)
  }

  @Test("§2.2/§11 the restriction question is not asked on iPhone")
  func noRestrictionQuestionOnIPhone() throws {
    let scene = try TestScene(device: .iPhone)
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    source.dragInteractions.first?.isEnabled = true
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 500))
    #expect(scene.trace.calls("sessionIsRestrictedToDraggingApplication").isEmpty)
    #expect(scene.trace.calls("sessionAllowsMoveOperation").count == 1)
  }

  @Test("§11 from iOS 15 another app's drag reaches an iPhone app, as a copy")
  func iPhoneOnIOS15TakesOtherAppsDrags() throws {
    let scene = try dropFromSafari(on: Device.iPhone.running(iOS: 15))
    #expect(scene.callNames(view: "target").contains("performDrop"))
    let ended = scene.trace.events.first { $0.name == "dragEnded" }
    #expect(ended?.arguments == [TraceArgument("operation", "copy")])
  }

  @Test("§2.2/§11 from iOS 15 the restriction question is asked on iPhone")
  func restrictionQuestionOnIOS15IPhone() throws {
    let scene = try TestScene(device: Device.iPhone.running(iOS: 15))
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    source.dragInteractions.first?.isEnabled = true
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 500))
    #expect(scene.trace.calls("sessionIsRestrictedToDraggingApplication").count == 1)
  }

  /// §11's table: what each device and version starts with. Without a
  /// version the model is iOS 11-14; choice §13.3 keeps a plain drag
  /// interaction off on every iPhone.
  @Test(
    "§11 the defaults by device and iOS version",
    arguments: [
      (Device.iPad, true, true, true),
      (Device.iPad.running(iOS: 17), true, true, true),
      (Device.iPhone, false, false, false),
      (Device.iPhone.running(iOS: 14), false, false, false),
      (Device.iPhone.running(iOS: 15), false, true, true),
      (Device.iPhone.running(iOS: 26), false, true, true),
    ])
  func defaultsByVersion(device: Device, interaction: Bool, crossApp: Bool, lists: Bool) {
    #expect(device.isDragInteractionEnabledByDefault == interaction)
    #expect(device.allowsDragsBetweenApps == crossApp)
    #expect(device.isTableDragEnabledByDefault == lists)
  }

  @Test("the scene picture's device names the version given, and only then")
  func deviceLabel() {
    #expect(Device.iPhone.label == "iPhone")
    #expect(Device.iPhone.running(iOS: 15).label == "iPhone (iOS 15)")
    #expect(Device.iPad.running(iOS: 17).label == "iPad (iPadOS 17)")
    #expect(Device.iPad.running(iOS: 12).label == "iPad (iOS 12)")
  }

  @Test("§5.2 own-process representations are hidden from other apps")
  func ownProcessHidden() throws {
    let apps = try TwoApps()
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in
      let provider = ItemProvider(world: apps.world)
      provider.registerObject(.string("public"))
      provider.registerDataRepresentation(forTypeIdentifier: "com.example.secret", visibility: .ownProcess) {
        done in
        try done(nil, nil)
        return nil
      }
      return [DragItem(itemProvider: provider)]
    }
    apps.source.addInteraction(DragInteraction(delegate: delegate))
    var types: [String] = []
    let drop = apps.dropTarget()
    drop.sessionDidEnter = { session in
      types = session.items.first?.itemProvider.registeredTypeIdentifiers ?? []
    }
    try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    #expect(types == ["public.utf8-plain-text"])
  }
}
