import Testing
@testable import DndRuntime

@Suite("Lift and the beginning of the drag")
struct LiftTests {
  @Test("empty items means no lift")
  func emptyItemsNoLift() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let delegate = scene.makeFullDragSource(source)
    delegate.itemsForBeginning = { _ in [] }
    let finger = try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(500, 500))
    #expect(finger.session == nil)
    #expect(scene.callNames() == ["itemsForBeginning"])
    #expect(scene.trace.events.contains { $0.name == "noLift" })
  }

  @Test("itemsForBeginning comes just before the lift, after the lift delay (0.325 s: choice §13.17)")
  func liftDelay() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source, duration: 0.3)
    #expect(scene.trace.calls("itemsForBeginning").isEmpty)
    try scene.fingers.wait(0.025)
    let call = try #require(scene.trace.calls("itemsForBeginning").first)
    #expect(call.time == VirtualTime(seconds: 0.325))
  }

  @Test("previewForLifting is asked once per item, then willAnimateLift once")
  func previewsPerItem() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source, strings: ["a", "b", "c"])
    try scene.fingers.longPress(source)
    #expect(
      scene.callNames() == [
        "itemsForBeginning", "previewForLifting", "previewForLifting", "previewForLifting",
        "willAnimateLiftWith",
      ])
    #expect(
      scene.trace.calls("previewForLifting").map { $0.argument("item") } == [
        "items[0]", "items[1]", "items[2]",
      ])
  }

  @Test("sessionWillBegin only once the finger moves past the hysteresis")
  func willBeginOnMove() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.wait(2)
    #expect(scene.trace.calls("sessionWillBegin").isEmpty)
    try scene.fingers.move(to: .pointIn(source, Point(105, 20)))
    #expect(scene.trace.calls("sessionWillBegin").isEmpty)
    try scene.fingers.move(to: .pointIn(source, Point(150, 20)))
    #expect(scene.trace.calls("sessionWillBegin").count == 1)
    #expect(scene.trace.calls("sessionDidMove").count == 1)
  }

  @Test("restricted, allowsMove and prefersFullSize are asked once, right after sessionWillBegin")
  func threeQuestionsOnce() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(through: [.view(target), .point(Point(500, 500)), .view(target)])
    let names = scene.callNames(view: "source")
    #expect(
      Array(names.prefix(7)) == [
        "itemsForBeginning", "previewForLifting", "willAnimateLiftWith", "sessionWillBegin",
        "sessionIsRestrictedToDraggingApplication", "sessionAllowsMoveOperation",
        "prefersFullSizePreviewsForSession",
      ])
    #expect(names.filter { $0 == "sessionAllowsMoveOperation" }.count == 1)
    #expect(names.filter { $0 == "sessionDidMove" }.count == 3)
  }

  @Test("unimplemented source questions use UIKit's defaults")
  func sourceDefaults() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let finger = try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(500, 500))
    let session = try #require(finger.session)
    #expect(session.allowsMoveOperation)
    #expect(!session.isRestrictedToDraggingApplication)
    let defaults = scene.trace.events(of: .defaultUsed).map { "\($0.name)=\($0.result ?? "")" }
    #expect(defaults.contains("sessionAllowsMoveOperation=true"))
    #expect(defaults.contains("sessionIsRestrictedToDraggingApplication=false"))
    #expect(defaults.contains("prefersFullSizePreviewsForSession=false"))
  }

  @Test("lift animator completes with end when the lift finishes")
  func liftEnds() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let delegate = scene.makeFullDragSource(source)
    var positions: [AnimatingPosition] = []
    delegate.willAnimateLiftWith = { animator, _ in
      try animator.addAnimations { source.alpha = 0.5 }
      animator.addCompletion { positions.append($0) }
    }
    try scene.fingers.longPress(source)
    #expect(positions == [.end])
    #expect(source.alpha == 0.5)
  }

  @Test("lift animator completes with start when the finger lifts during the lift, and reverts")
  func liftReverses() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let delegate = scene.makeFullDragSource(source)
    var positions: [AnimatingPosition] = []
    delegate.willAnimateLiftWith = { animator, _ in
      try animator.addAnimations { source.alpha = 0.5 }
      animator.addCompletion { positions.append($0) }
    }
    try scene.fingers.longPress(source, duration: 0.4)
    #expect(source.alpha == 0.5)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(positions == [.start])
    #expect(source.alpha == 1)
    #expect(scene.trace.calls("sessionWillBegin").isEmpty)
    #expect(scene.trace.calls("willEndWith").isEmpty)
    #expect(scene.trace.calls("didEndWith").isEmpty)
  }

  @Test("a lift abandoned before the finger moves sends no willEnd or didEnd")
  func abandonedLift() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.callNames() == ["itemsForBeginning", "previewForLifting", "willAnimateLiftWith"])
    #expect(scene.trace.events.contains { $0.name == "liftAbandoned" })
  }

  @Test("moving before the lift fails the long press")
  func moveBeforeLift() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source, duration: 0.1)
    try scene.fingers.move(to: Point(600, 600))
    try scene.fingers.wait(1)
    #expect(scene.callNames().isEmpty)
    #expect(scene.trace.events.contains { $0.name == "longPressFailed" })
  }

  @Test("§11/§12.1 drag interaction is disabled by default on iPhone (choice §13.3: iOS 11-14)")
  func iPhoneDefault() throws {
    let scene = try TestScene(device: .iPhone)
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let interaction = try #require(source.dragInteractions.first)
    #expect(!interaction.isEnabled)
    #expect(!DragInteraction.isEnabledByDefault(on: .iPhone))
    #expect(DragInteraction.isEnabledByDefault(on: .iPad))
    try scene.fingers.longPress(source)
    #expect(scene.callNames().isEmpty)
    let step = try #require(scene.trace.events.first { $0.name == "longPress" })
    #expect(step.result?.contains("isEnabledByDefault is false on iPhone") == true)
    try scene.fingers.release()
    interaction.isEnabled = true
    try scene.fingers.longPress(source)
    #expect(scene.callNames().first == "itemsForBeginning")
  }

  @Test("a disabled drag interaction ignores touches; an ancestor's can still lift")
  func disabledInteraction() throws {
    let scene = try TestScene()
    let outer = try scene.add(.view, "outer", Rect(0, 0, 300, 300))
    let inner = try scene.add(.view, "inner", Rect(10, 10, 100, 100), in: outer)
    scene.makeDragSource(outer)
    scene.makeDragSource(inner)
    inner.dragInteractions.first?.isEnabled = false
    try scene.fingers.longPress(inner)
    #expect(scene.trace.calls("itemsForBeginning").map(\.view) == ["outer"])
  }

  @Test("a label source needs isUserInteractionEnabled")
  func labelSourceNeedsInteraction() throws {
    let scene = try TestScene()
    let label = try scene.add(.label, "label", Rect(10, 10, 100, 30))
    scene.makeDragSource(label)
    try scene.fingers.longPress(label)
    #expect(scene.callNames().isEmpty)
    let step = try #require(scene.trace.events.first { $0.name == "longPress" })
    #expect(step.argument("hitView") == "root")
  }

  @Test("sessionDidMove on every move")
  func didMoveEachMove() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    try scene.fingers.longPress(source)
    try scene.fingers.move(through: [
      .point(Point(300, 300)), .point(Point(310, 300)), .point(Point(320, 300)),
    ])
    #expect(scene.trace.calls("sessionDidMove").count == 3)
  }

  @Test("a nil lift preview hides the item: no cancel preview is asked for it")
  func invisibleItem() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let delegate = scene.makeFullDragSource(source, strings: ["a", "b"])
    var asked = 0
    delegate.previewForLifting = { _, _ in
      asked += 1
      return asked == 1 ? nil : TargetedDragPreview(view: source)
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: Point(600, 600))
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("previewForCancelling").map { $0.argument("item") } == ["items[1]"])
    #expect(scene.trace.calls("willAnimateCancelWith").count == 2)
  }
}

@Suite("Preview providers")
struct PreviewProviderTests {
  @Test("previewProvider is asked lazily once the drag begins, and again when replaced")
  func previewProviderLazily() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    var asked: [String] = []
    drag.itemsForBeginning = { _ in
      let item = DragItem(itemProvider: scene.provider("x"))
      item.previewProvider = {
        asked.append("first")
        return DragPreview(view: source)
      }
      return [item]
    }
    drag.sessionDidMove = { session in
      guard session.items[0].previewProviderVersion == 1 else { return }
      session.items[0].previewProvider = {
        asked.append("second")
        return nil
      }
    }
    try scene.fingers.longPress(source)
    #expect(asked.isEmpty)
    try scene.fingers.move(to: Point(600, 600))
    #expect(asked == ["first", "second"])
    try scene.fingers.move(to: Point(700, 600))
    #expect(asked == ["first", "second"])
    try scene.fingers.release()
    // The hidden item gets no cancel preview, only its animator.
    #expect(scene.trace.calls("previewForCancelling").isEmpty)
    #expect(scene.trace.calls("willAnimateCancelWith").count == 1)
  }
}

@Suite("A finger touches the screen only")
struct FingerOnScreenTests {
  /// Where each step may aim: on the screen, edges included, or an error
  /// that names the target and the screen. (Not a UIKit rule: a touch
  /// cannot happen off the glass, so a target there is a scenario's mistake.)
  @Test(
    arguments: [
      ("point inside", TargetCase.point(Point(500, 500)), nil),
      ("top-left corner", .point(Point(0, 0)), nil),
      ("just inside the bottom-right corner", .point(Point(1023.5, 767.5)), nil),
      // Half-open, as hit-testing is: the far edges are past the last point.
      ("the right edge", .point(Point(1024, 10)), "the point (1024, 10) is off the iPad's screen"),
      ("the bottom edge", .point(Point(10, 768)), "the point (10, 768) is off the iPad's screen"),
      ("past the right edge", .point(Point(2000, 10)), "the point (2000, 10) is off the iPad's screen"),
      ("above the top", .point(Point(10, -1)), "the point (10, -1) is off the iPad's screen"),
      ("not a number", .point(Point(.nan, 10)), "the point (nan, 10) is off"),
      ("a view out of sight", .farView, "the centre of `far` is at (1100, 50), off the iPad's screen"),
      ("a point of a view", .pointInFar, "the point (5, 5) of `far` is at (1055, 5), off"),
      ("a view in no window", .loneView, "`lone` is in no window (never added, or removed)"),
    ] as [(String, TargetCase, String?)])
  func stepsAimOnTheScreen(_ name: String, _ target: TargetCase, _ error: String?) throws {
    for step in ["longPress", "move", "tap"] {
      let scene = try TestScene()
      let (source, _) = try scene.sourceAndTarget()
      scene.makeDragSource(source)
      let far = try scene.add(.view, "far", Rect(1050, 0, 100, 100))
      let lone = View(.view, name: "lone", frame: Rect(10, 10, 10, 10), world: scene.world)
      let aim = target.touchTarget(far: far, lone: lone)
      do {
        switch step {
        case "longPress": try scene.fingers.longPress(aim)
        case "move":
          try scene.fingers.longPress(source)
          try scene.fingers.move(to: aim)
        default: try scene.fingers.tap(aim)
        }
        #expect(error == nil, "\(name), \(step): no error")
      } catch let thrown as ScenarioError {
        let expected = try #require(error, "\(name), \(step): \(thrown.message)")
        #expect(thrown.message.contains(expected), "\(name), \(step): \(thrown.message)")
        let advice = ": a finger can only touch the screen; aim at a point on it, or at a view on it"
        #expect(thrown.message.hasSuffix(advice))
      }
    }
  }

  enum TargetCase: Sendable {
    case point(Point)
    case farView
    case pointInFar
    case loneView

    func touchTarget(far: View, lone: View) -> TouchTarget {
      switch self {
      case .point(let point): .point(point)
      case .farView: .view(far)
      case .pointInFar: .pointIn(far, Point(5, 5))
      case .loneView: .view(lone)
      }
    }
  }
}
