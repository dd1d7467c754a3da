import Testing
@testable import DndRuntime

@Suite("Drop targets")
struct DropTargetTests {
  /// Lifts the source and drags to the target.
  private func dragToTarget(_ scene: TestScene, _ source: View, _ target: View) throws {
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
  }

  @Test("enter is always followed by update")
  func enterThenUpdate() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    try scene.fingers.move(to: Point(900, 700))
    try scene.fingers.move(to: target)
    let names = scene.callNames(view: "target")
    for (index, name) in names.enumerated() where name == "sessionDidEnter" {
      #expect(names.indices.contains(index + 1) && names[index + 1] == "sessionDidUpdate")
    }
    #expect(names.filter { $0 == "sessionDidEnter" }.count == 2)
  }

  @Test("update on every move inside the view")
  func updateEachMove() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    try scene.fingers.move(through: [.pointIn(target, Point(5, 5)), .pointIn(target, Point(50, 5))])
    #expect(
      scene.callNames(view: "target") == [
        "canHandle", "sessionDidEnter", "sessionDidUpdate", "sessionDidUpdate", "sessionDidUpdate",
      ])
    #expect(scene.trace.calls("sessionDidUpdate").last?.argument("location") == "(50, 5)")
  }

  @Test("canHandle false silences the interaction for the session")
  func canHandleFalse() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let delegate = scene.makeFullDropTarget(target)
    delegate.canHandle = { _ in false }
    try dragToTarget(scene, source, target)
    try scene.fingers.move(to: .pointIn(target, Point(40, 10)))
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.callNames(view: "target") == ["canHandle"])
    #expect(target.text == nil)
  }

  @Test("canHandle defaults to true")
  func canHandleDefault() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeDropTarget(target)
    try dragToTarget(scene, source, target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.events(of: .defaultUsed).contains { $0.name == "canHandle" && $0.result == "true" })
    #expect(target.text == "Hello")
  }

  @Test("canHandle is asked again on re-entry, not on every move inside (choice §13.2)")
  func canHandleOnReentry() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let delegate = scene.makeFullDropTarget(target)
    delegate.canHandle = { _ in false }
    try dragToTarget(scene, source, target)
    try scene.fingers.move(through: [.pointIn(target, Point(30, 10)), .pointIn(target, Point(60, 10))])
    #expect(scene.trace.calls("canHandle").count == 1)
    try scene.fingers.move(through: [.point(Point(900, 700)), .view(target)])
    #expect(scene.trace.calls("canHandle").count == 2)
  }

  @Test("no sessionDidUpdate handler accepts nothing")
  func noUpdateNoDrop() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let delegate = scene.makeFullDropTarget(target)
    delegate.sessionDidUpdate = nil
    try dragToTarget(scene, source, target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").isEmpty)
    #expect(scene.trace.events(of: .defaultUsed).contains { $0.name == "sessionDidUpdate" })
    #expect(scene.trace.events.contains { $0.name == "didEndWith" || $0.name == "dragEnded" })
  }

  @Test("no performDrop handler cannot accept (choice §3.4: the proposal is not recorded)")
  func noPerformDropNoDrop() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    var ended: DropOperation?
    drag.didEndWith = { _, operation in ended = operation }
    let delegate = scene.makeFullDropTarget(target)
    delegate.performDrop = nil
    try dragToTarget(scene, source, target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(ended == .cancel)
    #expect(
      scene.trace.calls("sessionDidUpdate").first?.result?.contains("performDrop is not implemented") == true)
    #expect(scene.trace.calls("concludeDrop").isEmpty)
  }

  @Test("sessionDidEnd goes to every interaction that saw the session, and only those")
  func sessionDidEndToAllSeen() throws {
    let scene = try TestScene()
    let source = try scene.add(.view, "source", Rect(0, 0, 100, 100))
    let a = try scene.add(.view, "a", Rect(200, 0, 100, 100))
    let b = try scene.add(.view, "b", Rect(300, 0, 100, 100))
    let never = try scene.add(.view, "never", Rect(400, 0, 100, 100))
    let refusing = try scene.add(.view, "refusing", Rect(500, 0, 100, 100))
    scene.makeDragSource(source)
    for view in [a, b, never] { scene.makeFullDropTarget(view) }
    scene.makeFullDropTarget(refusing).canHandle = { _ in false }
    try scene.fingers.longPress(source)
    try scene.fingers.move(through: [.view(a), .view(b), .view(refusing), .point(Point(700, 700))])
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("sessionDidEnd").map(\.view) == ["a", "b"])
  }

  @Test("an ancestor takes the session when the deeper interaction refuses")
  func ancestorFallback() throws {
    let scene = try TestScene()
    let source = try scene.add(.view, "source", Rect(0, 0, 100, 100))
    let outer = try scene.add(.view, "outer", Rect(200, 0, 400, 400))
    let inner = try scene.add(.view, "inner", Rect(100, 100, 100, 100), in: outer)
    scene.makeDragSource(source)
    scene.makeFullDropTarget(outer)
    scene.makeFullDropTarget(inner).canHandle = { _ in false }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: inner)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(outer.text == "\"Hello\"")
    #expect(inner.text == nil)
  }

  @Test("§3.1/§12.16 allowsSimultaneousDropSessions false ignores a second session until it re-enters")
  func oneSessionAtATime() throws {
    let scene = try TestScene()
    let first = try scene.add(.view, "first", Rect(0, 0, 100, 100))
    let second = try scene.add(.view, "second", Rect(0, 200, 100, 100))
    let target = try scene.add(.view, "target", Rect(400, 0, 300, 300))
    scene.makeDragSource(first)
    scene.makeDragSource(second)
    let delegate = scene.makeFullDropTarget(target)
    _ = delegate
    let one = try scene.fingers.longPress(first)
    try scene.fingers.move(to: target, finger: one)
    let two = try scene.fingers.longPress(second)
    try scene.fingers.move(to: .pointIn(target, Point(10, 10)), finger: two)
    #expect(scene.trace.calls("sessionDidEnter").map(\.session) == [1])
    try scene.fingers.move(to: Point(900, 700), finger: one)
    // Free again, but the second session has not re-entered: still ignored,
    // and the trace says why.
    try scene.fingers.move(to: .pointIn(target, Point(20, 20)), finger: two)
    #expect(scene.trace.calls("sessionDidEnter").map(\.session) == [1])
    let busy = scene.trace.events.filter { $0.name == "dropInteractionBusy" }
    #expect(busy.last?.result?.hasPrefix("was tracking another session when this one arrived") == true)
    try scene.fingers.move(to: Point(900, 500), finger: two)
    try scene.fingers.move(to: .pointIn(target, Point(30, 30)), finger: two)
    #expect(scene.trace.calls("sessionDidEnter").map(\.session) == [1, 2])
  }

  @Test("allowsSimultaneousDropSessions true lets two sessions in")
  func simultaneousSessions() throws {
    let scene = try TestScene()
    let first = try scene.add(.view, "first", Rect(0, 0, 100, 100))
    let second = try scene.add(.view, "second", Rect(0, 200, 100, 100))
    let target = try scene.add(.view, "target", Rect(400, 0, 300, 300))
    scene.makeDragSource(first)
    scene.makeDragSource(second)
    scene.makeFullDropTarget(target)
    target.dropInteractions.first?.allowsSimultaneousDropSessions = true
    let one = try scene.fingers.longPress(first)
    try scene.fingers.move(to: target, finger: one)
    let two = try scene.fingers.longPress(second)
    try scene.fingers.move(to: .pointIn(target, Point(10, 10)), finger: two)
    #expect(scene.trace.calls("sessionDidEnter").map(\.session) == [1, 2])
  }

  @Test("a removed drop target exits on the next move and gets no drop")
  func removedTarget() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    target.removeFromSuperview()
    try scene.fingers.move(to: Point(200, 310))
    #expect(scene.callNames(view: "target").last == "sessionDidExit")
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").isEmpty)
    #expect(scene.callNames(view: "target").last == "sessionDidEnd")
  }

  @Test("a drop target removed just before release exits and the drag cancels")
  func removedBeforeRelease() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    var ended: DropOperation?
    drag.didEndWith = { _, operation in ended = operation }
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    target.removeFromSuperview()
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(ended == .cancel)
    #expect(scene.callNames(view: "target").suffix(2) == ["sessionDidExit", "sessionDidEnd"])
  }

  @Test("hidden drop targets are skipped by the hit-test")
  func hiddenTarget() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    scene.makeFullDropTarget(target)
    target.isHidden = true
    try dragToTarget(scene, source, target)
    #expect(scene.callNames(view: "target").isEmpty)
  }

  @Test("a label drop target needs isUserInteractionEnabled")
  func labelTargetNeedsInteraction() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    target.isUserInteractionEnabled = false
    scene.makeDragSource(source)
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    #expect(scene.callNames(view: "target").isEmpty)
  }

  @Test("items added while inside re-ask canHandle and update the target")
  func itemsAddedWhileInside() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try dragToTarget(scene, source, target)
    try scene.fingers.tap(source)
    #expect(
      scene.callNames(view: "target") == [
        "canHandle", "sessionDidEnter", "sessionDidUpdate", "canHandle", "sessionDidUpdate",
      ])
  }
}
