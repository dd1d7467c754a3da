import Testing
@testable import DndRuntime

/// The orders of UIKIT-SEMANTICS §1.3-§1.8, asserted as UIKit spellings.
@Suite("Canonical orders")
struct CanonicalOrderTests {
  @Test("§1.3 successful local drop: the canonical order (choice §13.1 for the set-down)")
  func successfulLocalDrop() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(target.text == "\"Hello\"")
    #expect(
      scene.calls == [
        "dragInteraction(_:itemsForBeginning:)",
        "dragInteraction(_:previewForLifting:session:)",
        "dragInteraction(_:willAnimateLiftWith:session:)",
        "dragInteraction(_:sessionWillBegin:)",
        "dragInteraction(_:sessionIsRestrictedToDraggingApplication:)",
        "dragInteraction(_:sessionAllowsMoveOperation:)",
        "dragInteraction(_:prefersFullSizePreviewsForSession:)",
        "dragInteraction(_:sessionDidMove:)",
        "dropInteraction(_:canHandle:)",
        "dropInteraction(_:sessionDidEnter:)",
        "dropInteraction(_:sessionDidUpdate:)",
        "dragInteraction(_:session:willEndWith:)",
        "dropInteraction(_:performDrop:)",
        "dropInteraction(_:previewForDropping:withDefault:)",
        "dropInteraction(_:item:willAnimateDropWith:)",
        "dropInteraction(_:sessionDidEnd:)",
        "dropInteraction(_:concludeDrop:)",
        "dragInteraction(_:session:didEndWith:)",
        "dragInteraction(_:sessionDidTransferItems:)",
      ])
    let phases = scene.trace.events.filter { $0.kind == .call }.map { $0.phase?.rawValue ?? "-" }
    #expect(
      phases == [
        "lift", "lift", "lift", "drag", "drag", "drag", "drag", "drag", "drag", "drag", "drag",
        "setDown", "setDown", "setDown", "setDown", "setDown", "setDown", "setDown", "dataTransfer",
      ])
  }

  @Test("§1.3 the drop's data loads interleave with the set-down")
  func loadsInterleave() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    // Loads of a provider without latency finish with the release's run loop,
    // before the drop animation ends.
    let names = scene.trace.events.map(\.name)
    let completion = try #require(names.firstIndex(of: "loadObjectsCompletion"))
    let sessionDidEnd = try #require(names.firstIndex(of: "sessionDidEnd"))
    #expect(completion > sessionDidEnd)
    #expect(!names.contains("concludeDrop"))
    try scene.fingers.settle()
    #expect(scene.trace.events.map(\.name).contains("concludeDrop"))
  }

  @Test("§1.4 cross-app drop: the order, with the source's calls in the source app")
  func crossAppDrop() throws {
    let world = World()
    let left = world.addApp("Left")
    let right = world.addApp("Right")
    let source = View(.view, name: "source", frame: Rect(10, 10, 100, 100), world: world)
    let target = View(.view, name: "target", frame: Rect(10, 10, 100, 100), world: world)
    try left.addSubview(source)
    try right.addSubview(target)
    let drag = DragInteractionDelegate()
    drag.itemsForBeginning = { _ in [DragItem(itemProvider: ItemProvider(object: .string("x"), world: world))]
    }
    drag.sessionWillBegin = { _ in }
    drag.willEndWith = { _, _ in }
    drag.didEndWith = { _, _ in }
    drag.sessionDidTransferItems = { _ in }
    source.addInteraction(DragInteraction(delegate: drag))
    var sawLocalSession: Bool?
    let drop = DropInteractionDelegate()
    drop.sessionDidEnter = { session in sawLocalSession = session.localDragSession != nil }
    drop.sessionDidUpdate = { _ in DropProposal(operation: .copy) }
    drop.performDrop = { session in try session.loadObjects(ofClass: .string) { _ in } }
    drop.concludeDrop = { _ in }
    drop.sessionDidEnd = { _ in }
    target.addInteraction(DropInteraction(delegate: drop))
    try world.fingers.longPress(source)
    try world.fingers.move(to: target)
    try world.fingers.release()
    try world.fingers.settle()
    let calls = world.trace.events.filter { $0.kind == .call }.map { "\($0.app ?? "-") \($0.method)" }
    #expect(
      calls == [
        "Left dragInteraction(_:itemsForBeginning:)",
        "Left dragInteraction(_:sessionWillBegin:)",
        "Right dropInteraction(_:sessionDidEnter:)",
        "Right dropInteraction(_:sessionDidUpdate:)",
        "Left dragInteraction(_:session:willEndWith:)",
        "Right dropInteraction(_:performDrop:)",
        "Right dropInteraction(_:sessionDidEnd:)",
        "Right dropInteraction(_:concludeDrop:)",
        "Left dragInteraction(_:session:didEndWith:)",
        "Left dragInteraction(_:sessionDidTransferItems:)",
      ])
    #expect(sawLocalSession == false)
  }

  @Test("§1.5 cancelled drag: released over no drop target")
  func cancelOverNothing() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.move(to: Point(900, 700))
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(
      Array(scene.calls.suffix(7)) == [
        "dragInteraction(_:sessionDidMove:)",
        "dropInteraction(_:sessionDidExit:)",
        "dragInteraction(_:session:willEndWith:)",
        "dropInteraction(_:sessionDidEnd:)",
        "dragInteraction(_:previewForCancelling:withDefault:)",
        "dragInteraction(_:item:willAnimateCancelWith:)",
        "dragInteraction(_:session:didEndWith:)",
      ])
    #expect(scene.trace.calls("willEndWith").first?.argument("operation") == "cancel")
    #expect(scene.trace.calls("didEndWith").first?.argument("operation") == "cancel")
    #expect(scene.trace.calls("performDrop").isEmpty)
    #expect(scene.trace.calls("sessionDidTransferItems").isEmpty)
    #expect(target.text == nil)
  }

  @Test("§1.5 cancelled drag: released over a target whose last proposal was cancel")
  func cancelOverRefusingTarget() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target, operation: .cancel)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    let tail = Array(scene.calls.drop { $0 != "dragInteraction(_:session:willEndWith:)" })
    #expect(
      tail == [
        "dragInteraction(_:session:willEndWith:)",
        "dropInteraction(_:sessionDidEnd:)",
        "dragInteraction(_:previewForCancelling:withDefault:)",
        "dragInteraction(_:item:willAnimateCancelWith:)",
        "dragInteraction(_:session:didEndWith:)",
      ])
  }

  @Test("§1.6 adding items mid-drag: the order")
  func addingItems() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let other = try scene.add(.view, "other", Rect(400, 100, 100, 100))
    scene.makeFullDragSource(source, name: "first")
    scene.makeFullDragSource(other, name: "second")
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    let before = scene.trace.events.count
    try scene.fingers.tap(other)
    let added = scene.trace.events.dropFirst(before).filter { $0.kind == .call }
      .map { "\($0.interaction ?? "-") \($0.method)" }
    #expect(
      added == [
        "second dragInteraction(_:itemsForAddingTo:withTouchAt:)",
        "second dragInteraction(_:previewForLifting:session:)",
        "second dragInteraction(_:willAnimateLiftWith:session:)",
        "first dragInteraction(_:session:willAdd:for:)",
        "second dragInteraction(_:session:willAdd:for:)",
        "dropInteraction dropInteraction(_:canHandle:)",
        "dropInteraction dropInteraction(_:sessionDidUpdate:)",
      ])
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(target.text == "\"Hello\",\"added\"")
  }

  @Test("§1.7 moving across several targets: exit, then canHandle, enter, update")
  func severalTargets() throws {
    let scene = try TestScene()
    let source = try scene.add(.view, "source", Rect(0, 0, 100, 100))
    let a = try scene.add(.view, "a", Rect(200, 0, 100, 100))
    let b = try scene.add(.view, "b", Rect(300, 0, 100, 100))
    scene.makeDragSource(source)
    scene.makeFullDropTarget(a, name: "A")
    scene.makeFullDropTarget(b, name: "B")
    try scene.fingers.longPress(source)
    try scene.fingers.move(through: [.view(a), .view(b), .view(a)])
    try scene.fingers.release()
    try scene.fingers.settle()
    let drops = scene.trace.events.filter { $0.kind == .call && $0.interaction != "dragInteraction" }.map {
      "\($0.interaction ?? "-").\($0.name)"
    }
    #expect(
      drops == [
        "A.canHandle", "A.sessionDidEnter", "A.sessionDidUpdate",
        "A.sessionDidExit", "B.canHandle", "B.sessionDidEnter", "B.sessionDidUpdate",
        "B.sessionDidExit", "A.canHandle", "A.sessionDidEnter", "A.sessionDidUpdate",
        "A.performDrop", "A.previewForDropping", "A.willAnimateDropWith",
        "A.sessionDidEnd", "B.sessionDidEnd", "A.concludeDrop",
      ])
  }

  @Test("§1.8 nested targets: the deepest willing interaction wins, ancestors are fallbacks")
  func nestedTargets() throws {
    let scene = try TestScene()
    let source = try scene.add(.view, "source", Rect(0, 0, 100, 100))
    let outer = try scene.add(.view, "outer", Rect(200, 0, 400, 400))
    let inner = try scene.add(.view, "inner", Rect(100, 100, 100, 100), in: outer)
    let refusing = try scene.add(.view, "refusing", Rect(250, 250, 100, 100), in: outer)
    scene.makeDragSource(source)
    scene.makeFullDropTarget(outer, name: "outer")
    scene.makeFullDropTarget(inner, name: "inner")
    let refuser = scene.makeFullDropTarget(refusing, name: "refusing")
    refuser.canHandle = { _ in false }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: .pointIn(outer, Point(10, 10)))
    try scene.fingers.move(to: inner)
    try scene.fingers.move(to: refusing)
    let calls = scene.trace.events.filter { $0.kind == .call && $0.interaction != "dragInteraction" }
      .map { "\($0.interaction ?? "-").\($0.name)" }
    #expect(
      calls == [
        "outer.canHandle", "outer.sessionDidEnter", "outer.sessionDidUpdate",
        "inner.canHandle", "outer.sessionDidExit", "inner.sessionDidEnter", "inner.sessionDidUpdate",
        "inner.sessionDidExit", "refusing.canHandle", "outer.canHandle", "outer.sessionDidEnter",
        "outer.sessionDidUpdate",
      ])
  }
}
