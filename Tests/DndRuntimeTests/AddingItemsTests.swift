import Testing
@testable import DndRuntime

@Suite("Adding items mid-drag")
struct AddingItemsTests {
  @Test("itemsForAddingTo not implemented adds nothing and the tap reaches the button")
  func tapFallsThrough() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let button = try scene.add(.button, "button", Rect(500, 500, 100, 40))
    scene.makeDragSource(button)
    var tapped = 0
    button.action = { _ in tapped += 1 }
    scene.makeDragSource(source)
    let finger = try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 300))
    try scene.fingers.tap(button)
    #expect(tapped == 1)
    #expect(finger.session?.items.count == 1)
    #expect(scene.trace.events(of: .defaultUsed).contains { $0.name == "itemsForAddingTo" })
  }

  /// Choice (§1.6 "while a session is active"): a drag that has lifted but
  /// not moved takes no items; the tap is an ordinary one, and the trace
  /// says why nothing was added.
  @Test("choice: a tap before the lifted drag moves adds nothing, and the trace says why")
  func tapBeforeTheDragMoves() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let button = try scene.add(.button, "button", Rect(500, 500, 100, 40))
    let adding = scene.makeFullDragSource(button)
    var asked = 0
    adding.itemsForAddingTo = { _, _ in
      asked += 1
      return []
    }
    var tapped = 0
    button.action = { _ in tapped += 1 }
    scene.makeDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.tap(button)
    #expect(asked == 0)
    #expect(tapped == 1)
    #expect(scene.trace.events.contains { $0.name == "tapBeforeDragBegan" && $0.view == "button" })
  }

  @Test("the point of itemsForAddingTo is in the tapped interaction's view")
  func addingPoint() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    var point: Point?
    drag.itemsForAddingTo = { _, touch in
      point = touch
      return []
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 300))
    try scene.fingers.tap(.pointIn(source, Point(12, 7)))
    #expect(point == Point(12, 7))
  }

  @Test("UIKit does not de-duplicate: tapping twice adds the items twice")
  func noDeduplication() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let finger = try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 300))
    try scene.fingers.tap(source)
    try scene.fingers.tap(source)
    #expect(finger.session?.items.count == 3)
  }

  @Test("an added item's default drop preview is the view it was added from")
  func addedItemDropPreview() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let other = try scene.add(.view, "other", Rect(500, 100, 100, 100))
    scene.makeFullDragSource(source)
    scene.makeFullDragSource(other)
    let drop = scene.makeFullDropTarget(target)
    var shown: [String] = []
    drop.previewForDropping = { _, preview in
      shown.append(preview.view.name)
      return preview
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 500))
    try scene.fingers.tap(other)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    #expect(shown == ["source", "other"])
  }

  @Test("the lift animation of added items belongs to the drag phase, after the tap")
  func addedLiftPhase() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let other = try scene.add(.view, "other", Rect(500, 100, 100, 100))
    scene.makeFullDragSource(source)
    scene.makeFullDragSource(other)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(300, 500))
    try scene.fingers.tap(other)
    let lifts = scene.trace.events.filter { $0.name == "liftAnimationBegan" }
    #expect(lifts.map(\.phase) == [.lift, .drag])
    let tap = try #require(scene.trace.events.first { $0.name == "tap" })
    #expect(lifts[1].sequence > tap.sequence)
  }

  /// Two drags in progress from one app, and a third view to tap.
  private func twoSessions(_ scene: TestScene) throws -> (tapped: View, delegate: DragInteractionDelegate) {
    let first = try scene.add(.view, "first", Rect(0, 0, 100, 100))
    let second = try scene.add(.view, "second", Rect(0, 200, 100, 100))
    let third = try scene.add(.view, "third", Rect(0, 400, 100, 100))
    scene.makeFullDragSource(first)
    scene.makeFullDragSource(second)
    let delegate = scene.makeFullDragSource(third)
    let one = try scene.fingers.longPress(first)
    try scene.fingers.move(to: Point(500, 100), finger: one)
    let two = try scene.fingers.longPress(second)
    try scene.fingers.move(to: Point(500, 300), finger: two)
    return (third, delegate)
  }

  @Test("two sessions and no sessionForAddingItems: nothing is added")
  func twoSessionsDefault() throws {
    let scene = try TestScene()
    let (third, delegate) = try twoSessions(scene)
    delegate.sessionForAddingItems = nil
    try scene.fingers.tap(third)
    #expect(scene.trace.calls("itemsForAddingTo").isEmpty)
    #expect(scene.trace.events(of: .defaultUsed).contains { $0.name == "sessionForAddingItems" })
  }

  @Test("two sessions: sessionForAddingItems chooses where the items go")
  func twoSessionsChoose() throws {
    let scene = try TestScene()
    let (third, delegate) = try twoSessions(scene)
    var offered: [Int] = []
    delegate.sessionForAddingItems = { sessions, _ in
      offered = sessions.map(\.id)
      return sessions.last
    }
    try scene.fingers.tap(third)
    #expect(offered == [1, 2])
    #expect(scene.trace.calls("itemsForAddingTo").first?.session == 2)
  }

  /// Choice: it raises on every system version (which SDK starts raising
  /// rather than logging is not on record), the iOS 11-14 default included.
  @Test("returning a session that was not offered raises (choice: on every system version)")
  func foreignSessionRaises() throws {
    let scene = try TestScene()
    let (third, delegate) = try twoSessions(scene)
    let stale = try #require(scene.fingers.fingers.first?.session)
    try scene.fingers.release(scene.fingers.fingers[0])
    delegate.sessionForAddingItems = { sessions, _ in sessions.isEmpty ? nil : stale }
    // One session left: it is used without asking, so lift another.
    let fourth = try scene.add(.view, "fourth", Rect(0, 600, 100, 100))
    scene.makeFullDragSource(fourth)
    let three = try scene.fingers.longPress(fourth)
    try scene.fingers.move(to: Point(500, 600), finger: three)
    #expect {
      try scene.fingers.tap(third)
    } throws: { error in
      let reason = (error as? UIKitException)?.reason ?? ""
      return reason.hasSuffix("from dragInteraction:sessionForAddingItems:withTouchAtPoint: that is not a local "
        + "drag session.")
    }
    #expect(scene.trace.events(of: .exception).count == 1)
  }

  @Test("items cannot be added across apps")
  func noAddingAcrossApps() throws {
    let apps = try TwoApps()
    apps.dragSource()
    let other = View(.view, name: "other", frame: Rect(300, 300, 100, 100), world: apps.world)
    try apps.right.addSubview(other)
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in [] }
    delegate.itemsForAddingTo = { _, _ in
      [DragItem(itemProvider: ItemProvider(object: .string("y"), world: apps.world))]
    }
    other.addInteraction(DragInteraction(delegate: delegate))
    let finger = try apps.world.fingers.longPress(apps.source)
    try apps.world.fingers.move(to: apps.target)
    try apps.world.fingers.tap(other)
    #expect(finger.session?.items.count == 1)
    #expect(apps.world.trace.calls("itemsForAddingTo").isEmpty)
  }
}
