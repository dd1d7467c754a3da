import Testing

@testable import DndRuntime

/// The trace records why something did not happen, so that reports can say
/// it: a long press without a drag names its cause, hit-testing names the
/// views it passed over, and a drag names targets it could not reach.
@Suite("Why-not facts in the trace")
struct WhyNotTraceTests {
  private func longPressEvent(_ scene: TestScene) throws -> TraceEvent {
    try #require(scene.trace.events.first { $0.name == "longPress" })
  }

  @Test("a long press without any drag interaction names the cause noDragInteraction")
  func noDragInteractionCause() throws {
    let scene = try TestScene()
    let plain = try scene.add(.view, "plain", Rect(10, 10, 100, 100))
    try scene.fingers.longPress(plain)
    let event = try longPressEvent(scene)
    #expect(event.argument("cause") == "noDragInteraction")
    #expect(event.interaction == nil)
  }

  @Test("UIDragInteraction.isEnabledByDefault is false on iPhone: the cause is disabledByDefault")
  func iPhoneDefaultCause() throws {
    let scene = try TestScene(device: .iPhone)
    let box = try scene.add(.view, "box", Rect(10, 10, 100, 100))
    scene.makeDragSource(box)
    try scene.fingers.longPress(box)
    let event = try longPressEvent(scene)
    #expect(event.argument("cause") == "disabledByDefault")
    #expect(event.interaction == "dragInteraction")
    #expect(scene.calls.isEmpty)
  }

  @Test("an interaction disabled on purpose gives the cause disabled")
  func explicitlyDisabledCause() throws {
    let scene = try TestScene()
    let box = try scene.add(.view, "box", Rect(10, 10, 100, 100))
    let interaction = DragInteraction(delegate: DragInteractionDelegate())
    interaction.isEnabled = false
    box.addInteraction(interaction)
    try scene.fingers.longPress(box)
    #expect(try longPressEvent(scene).argument("cause") == "disabled")
  }

  @Test("a long press that starts a drag has no cause")
  func liftHasNoCause() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    try scene.fingers.longPress(source)
    #expect(try longPressEvent(scene).argument("cause") == nil)
  }

  @Test("UILabel ignores touches by default: hit-testing passes over it and the trace says so")
  func labelPassedOverAtLongPress() throws {
    let scene = try TestScene()
    let label = try scene.add(.label, "source", Rect(10, 100, 200, 30))
    scene.makeDragSource(label)
    try scene.fingers.longPress(label)
    let event = try longPressEvent(scene)
    #expect(event.argument("hitView") == "root")
    #expect(event.argument("cause") == "noDragInteraction")
    let skipped = scene.trace.events.filter { $0.name == "hitTestSkipped" }
    #expect(skipped.map(\.view) == ["source"])
    #expect(skipped.first?.argument("isUserInteractionEnabled") == "false")
    #expect(skipped.first?.argument("class") == "UILabel")
    #expect(skipped.first?.phase == .lift)
  }

  @Test(
    "hidden views and views with alpha below 0.01 are passed over too",
    arguments: [("isHidden", "true"), ("alpha", "0")])
  func hiddenAndTransparent(property: String, value: String) throws {
    let scene = try TestScene()
    let box = try scene.add(.view, "box", Rect(10, 10, 100, 100))
    scene.makeDragSource(box)
    if property == "isHidden" { box.isHidden = true } else { box.alpha = 0 }
    try scene.fingers.longPress(at: Point(50, 50))
    let skipped = try #require(scene.trace.events.first { $0.name == "hitTestSkipped" })
    #expect(skipped.view == "box")
    #expect(skipped.argument(property) == value)
  }

  @Test("a passed-over view without a drag interaction is not mentioned at a long press")
  func irrelevantViewsAreQuiet() throws {
    let scene = try TestScene()
    _ = try scene.add(.label, "caption", Rect(10, 10, 100, 100))
    try scene.fingers.longPress(at: Point(50, 50))
    #expect(!scene.trace.events.contains { $0.name == "hitTestSkipped" })
  }

  @Test("only views in front of the hit view count: a view behind the one hit is not passed over")
  func viewsBehindDoNotCount() throws {
    let scene = try TestScene()
    let back = try scene.add(.view, "back", Rect(0, 0, 200, 200))
    back.isHidden = true
    scene.makeDragSource(back)
    let front = try scene.add(.view, "front", Rect(0, 0, 200, 200))
    scene.makeDragSource(front)
    try scene.fingers.longPress(front)
    #expect(!scene.trace.events.contains { $0.name == "hitTestSkipped" })
  }

  @Test("a drop target that does not take touches is passed over during the drag")
  func dropTargetPassedOverDuringDrag() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeDropTarget(target)
    target.isUserInteractionEnabled = false
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    let skipped = scene.trace.events.filter { $0.name == "hitTestSkipped" }
    #expect(skipped.map(\.view) == ["target"])
    #expect(skipped.first?.phase == .drag)
    #expect(skipped.first?.session == 1)
    #expect(scene.trace.calls("sessionDidUpdate").isEmpty)
  }

  @Test("a drag the source restricted to its app records that the other app is not reachable")
  func restrictedSessionNotReachable() throws {
    let apps = try TwoApps()
    let source = apps.dragSource()
    source.sessionIsRestrictedToDraggingApplication = { _ in true }
    apps.dropTarget()
    try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    let event = try #require(apps.world.trace.events.first { $0.name == "appNotReachable" })
    #expect(event.app == "Right")
    #expect(event.result == "the source restricted the session to its own app")
  }

  @Test("allowsSimultaneousDropSessions is false by default: a busy interaction is recorded as such")
  func busyInteractionRecorded() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let other = try scene.add(.label, "other", Rect(400, 100, 200, 30))
    other.isUserInteractionEnabled = true
    scene.makeDragSource(source)
    scene.makeDragSource(other)
    scene.makeDropTarget(target)
    let first = try scene.fingers.longPress(source)
    try scene.fingers.move(to: target, finger: first)
    let second = try scene.fingers.longPress(other)
    try scene.fingers.move(to: Point(600, 600), finger: second)
    try scene.fingers.move(to: target, finger: second)
    let busy = scene.trace.events.filter { $0.name == "dropInteractionBusy" }
    #expect(busy.map(\.view) == ["target"])
    #expect(busy.first?.session == 2)
  }
}

@Suite("Scene snapshots")
struct SceneSnapshotTests {
  @Test("a snapshot lists apps, views with screen frames, kinds and interactions")
  func viewsAndInteractions() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeDropTarget(target)
    let picture = scene.world.snapshot()
    #expect(picture.device == "iPad")
    #expect(picture.apps.map(\.name) == ["Demo"])
    let names = picture.allViews.map(\.name)
    #expect(names == ["Demo.window", "root", "source", "target"])
    let snapshotOfSource = try #require(picture.view(named: "source"))
    #expect(snapshotOfSource.kind == .label)
    #expect(snapshotOfSource.screenFrame == Rect(10, 100, 200, 30))
    #expect(
      snapshotOfSource.interactions == [
        InteractionSnapshot(kind: .drag, name: "dragInteraction", followsDefault: true)
      ])
    #expect(snapshotOfSource.isDragSource)
    #expect(try #require(picture.view(named: "target")).isDropTarget)
  }

  @Test("frames on the screen add up the superviews' origins and the window's place")
  func nestedScreenFrames() throws {
    let world = World(device: .iPad)
    _ = world.addApp("Left")
    let right = world.addApp("Right")
    let box = View(.view, name: "box", frame: Rect(10, 20, 100, 100), world: world)
    let inner = View(.button, name: "inner", frame: Rect(5, 5, 10, 10), world: world)
    try right.addSubview(box)
    try box.addSubview(inner)
    inner.title = "Go"
    let picture = world.snapshot()
    let snapshot = try #require(picture.view(named: "inner"))
    #expect(snapshot.screenFrame == Rect(527, 25, 10, 10))
    #expect(snapshot.frame == Rect(5, 5, 10, 10))
    #expect(snapshot.text == "Go")
  }

  @Test("a snapshot during a drag holds the finger, the drag and its current target")
  func fingerAndDrag() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    let picture = scene.world.snapshot()
    #expect(picture.fingers == [FingerSnapshot(id: 1, location: Point(160, 315), session: 1)])
    let drag = try #require(picture.drags.first)
    #expect(drag.targetView == "target")
    #expect(drag.operation == "copy")
    #expect(drag.stage == "dragging")
    #expect(drag.sourceView == "source")
    #expect(picture.traceCount == scene.trace.events.count)
    try scene.fingers.release()
    try scene.fingers.settle()
    let after = scene.world.snapshot()
    #expect(after.fingers.isEmpty)
    #expect(after.drags.isEmpty)
  }

  @Test("a pasteConfiguration shows as the hidden paste interaction; a text view as its text drop one")
  func builtInInteractions() throws {
    let scene = try TestScene()
    let paste = try scene.add(.imageView, "paste", Rect(0, 0, 50, 50))
    paste.pasteConfiguration = PasteConfiguration(acceptableTypeIdentifiers: ["public.image"])
    let text = try scene.add(.textView, "notes", Rect(60, 0, 50, 50))
    let picture = scene.world.snapshot()
    #expect(try #require(picture.view(named: "paste")).interactions.map(\.kind) == [.paste])
    #expect(try #require(picture.view(named: "notes")).interactions.map(\.kind) == [.textDrop])
    _ = text
  }
}
