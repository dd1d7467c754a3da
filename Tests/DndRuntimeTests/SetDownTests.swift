import Testing
@testable import DndRuntime

@Suite("Set down and data transfer")
struct SetDownTests {
  @Test("concludeDrop and didEndWith come after the drop animation")
  func afterAnimations() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    var completions: [AnimatingPosition] = []
    drop.willAnimateDropWith = { _, animator in animator.addCompletion { completions.append($0) } }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    let releasedAt = scene.world.scheduler.now
    #expect(scene.trace.calls("concludeDrop").isEmpty)
    try scene.fingers.wait(0.3)
    #expect(scene.trace.calls("concludeDrop").isEmpty && completions.isEmpty)
    try scene.fingers.wait(0.05)
    #expect(completions == [.end])
    let conclude = try #require(scene.trace.calls("concludeDrop").first)
    let didEnd = try #require(scene.trace.calls("didEndWith").first)
    #expect(conclude.time == releasedAt.adding(seconds: 0.35))
    #expect(conclude.sequence < didEnd.sequence)
  }

  @Test("drop previews once per visible item, drop animators once per item")
  func dropPreviewsPerItem() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source, strings: ["a", "b", "c"])
    var lifted = 0
    drag.previewForLifting = { _, _ in
      lifted += 1
      return lifted == 2 ? nil : TargetedDragPreview(view: source)
    }
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("previewForDropping").map { $0.argument("item") } == ["items[0]", "items[2]"])
    #expect(scene.trace.calls("willAnimateDropWith").count == 3)
    #expect(target.text == "\"a\",\"b\",\"c\"")
  }

  @Test("a drop preview whose container is not in a window is used as nil")
  func unusableDropPreview() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    let detached = View(.view, name: "detached", world: scene.world)
    drop.previewForDropping = { _, preview in
      preview.retargetedPreview(with: DragPreviewTarget(container: detached, center: .zero))
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForDropping").first?.result?.contains("so nil") == true)
  }

  /// Choice: `init(view:)` requires a view in a window (UIKit's header);
  /// what UIKit does with one outside a window is not on record, so the
  /// model takes the rule for returned previews (§2.3): used as nil.
  @Test("choice: UITargetedDragPreview(view:) of a view in no window is used as nil")
  func previewOfAViewInNoWindow() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    let loose = View(.view, name: "loose", world: scene.world)
    drop.previewForDropping = { _, _ in TargetedDragPreview(view: loose) }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForDropping").first?.result?.hasSuffix("not in a window, so nil)") == true)
  }

  @Test(
    "§2.3/§12.17 a preview container hidden, inside a hidden view or not in a window: the trace says which",
    arguments: [
      ("hidden", "(unusable: container hidden, so nil)"),
      ("inside", "(unusable: container inside hidden box, so nil)"),
      ("detached", "(unusable: container not in a window, so nil)"),
    ])
  func unusableDropPreviewReason(kind: String, expected: String) throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    let box = View(.view, name: "box", world: scene.world)
    let shelf = View(.view, name: "shelf", world: scene.world)
    try box.addSubview(shelf)
    if kind != "detached", let root = target.superview { try root.addSubview(box) }
    if kind == "hidden" { shelf.isHidden = true }
    if kind == "inside" { box.isHidden = true }
    drop.previewForDropping = { _, preview in
      preview.retargetedPreview(with: DragPreviewTarget(container: shelf, center: .zero))
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForDropping").first?.result?.hasSuffix(expected) == true)
  }

  @Test("sessionDidTransferItems after the destination's loads finish")
  func transferAfterLoads() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      let provider = scene.provider("slow")
      provider.latency = 2
      return [DragItem(itemProvider: provider)]
    }
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    let releasedAt = scene.world.scheduler.now
    try scene.fingers.wait(1)
    #expect(scene.trace.calls("didEndWith").count == 1)
    #expect(scene.trace.calls("sessionDidTransferItems").isEmpty)
    #expect(target.text == nil)
    try scene.fingers.settle()
    let transfer = try #require(scene.trace.calls("sessionDidTransferItems").first)
    #expect(transfer.time == releasedAt.adding(seconds: 2))
    #expect(transfer.phase == .dataTransfer)
    #expect(target.text == "\"slow\"")
  }

  @Test("no sessionDidTransferItems after a cancel")
  func noTransferAfterCancel() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(800, 600))
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("sessionDidTransferItems").isEmpty)
    #expect(scene.trace.calls("didEndWith").first?.argument("operation") == "cancel")
  }

  @Test("previewForCancelling not implemented: the item fades in place")
  func cancelPreviewDefault() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(800, 600))
    try scene.fingers.release()
    let event = try #require(scene.trace.events(of: .defaultUsed).first { $0.name == "previewForCancelling" })
    #expect(event.result == "nil (fades in place)")
  }

  @Test("the default cancel preview is unusable once the source left its window")
  func cancelPreviewSourceGone() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(800, 600))
    source.removeFromSuperview()
    try scene.fingers.release()
    #expect(scene.trace.calls("previewForCancelling").first?.result?.contains("so nil") == true)
  }

  @Test("a system cancel cancels whatever the target proposed")
  func systemCancel() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.cancel()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").isEmpty)
    #expect(scene.trace.calls("willEndWith").first?.argument("operation") == "cancel")
    #expect(scene.trace.calls("sessionDidEnd").count == 1)
  }

  @Test("a handler's error leaves the finger call unchanged")
  func handlerErrorsPropagate() throws {
    struct ScriptError: Error, Equatable { let line: Int }
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target).performDrop = { _ in throw ScriptError(line: 42) }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    let before = scene.trace.events.count
    #expect(throws: ScriptError(line: 42)) { try scene.fingers.release() }
    let after = scene.trace.events.dropFirst(before).map(\.name)
    #expect(after.last == "performDrop")
  }

  @Test("finger steps do not nest inside delegate calls")
  func noNestedSteps() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target).sessionDidEnter = { _ in try scene.fingers.release() }
    try scene.fingers.longPress(source)
    #expect(throws: ScenarioError.self) { try scene.fingers.move(to: target) }
  }

  @Test("steps without a finger down are scenario errors")
  func noFinger() throws {
    let scene = try TestScene()
    #expect(throws: ScenarioError.self) { try scene.fingers.release() }
    #expect(throws: ScenarioError.self) { try scene.fingers.move(to: Point(1, 1)) }
    #expect(throws: ScenarioError.self) { try scene.fingers.wait(-1) }
  }
}

@Suite("World lifetime")
struct WorldLifetimeTests {
  @Test("fingers kept after their world is gone say so instead of crashing")
  func orphanFingers() {
    let fingers = World().fingers
    #expect(throws: ScenarioError.self) { try fingers.settle() }
  }
}
