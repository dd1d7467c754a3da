import Testing
@testable import DndRuntime

@Suite("Spring loading")
struct SpringLoadingTests {
  @Test("spring loading: possible, activating after 0.8 s, activated 0.4 s later")
  func timing() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    let delegate = SpringLoadedInteractionDelegate()
    var states: [(SpringLoadedState, VirtualTime)] = []
    var activated: VirtualTime?
    var finished = 0
    delegate.didChangeWith = { context in states.append((context.state, scene.world.scheduler.now)) }
    delegate.activated = { context in
      activated = scene.world.scheduler.now
      #expect(context.targetView === folder)
      #expect(context.location(in: folder) == Point(50, 50))
    }
    delegate.interactionDidFinish = { finished += 1 }
    folder.addInteraction(SpringLoadedInteraction(delegate: delegate))
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    let enteredAt = scene.world.scheduler.now
    try scene.fingers.wait(2)
    #expect(states.map(\.0) == [.possible, .activating, .activated])
    #expect(states.map(\.1) == [enteredAt, enteredAt.adding(seconds: 0.8), enteredAt.adding(seconds: 1.2)])
    #expect(activated == enteredAt.adding(seconds: 1.2))
    #expect(finished == 1)
    try scene.fingers.wait(5)
    #expect(states.count == 3)
  }

  @Test("an activated spring-loaded button runs its action")
  func springLoadedButton() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let button = try scene.add(.button, "open", Rect(400, 400, 100, 40))
    button.isSpringLoaded = true
    var ran = 0
    button.action = { sender in
      #expect(sender === button)
      ran += 1
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: button)
    try scene.fingers.wait(1.19)
    #expect(ran == 0)
    try scene.fingers.wait(0.01)
    #expect(ran == 1)
  }

  @Test("a button that is not spring-loaded does nothing on hover")
  func plainButton() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let button = try scene.add(.button, "open", Rect(400, 400, 100, 40))
    var ran = 0
    button.action = { _ in ran += 1 }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: button)
    try scene.fingers.wait(3)
    #expect(ran == 0)
  }

  @Test("leaving before activation resets to inactive and finishes")
  func leaving() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    let delegate = SpringLoadedInteractionDelegate()
    var states: [SpringLoadedState] = []
    var finished = 0
    var activated = false
    delegate.didChangeWith = { states.append($0.state) }
    delegate.interactionDidFinish = { finished += 1 }
    delegate.activated = { _ in activated = true }
    folder.addInteraction(SpringLoadedInteraction(delegate: delegate))
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    try scene.fingers.wait(1)
    try scene.fingers.move(to: Point(900, 100))
    try scene.fingers.wait(2)
    #expect(states == [.possible, .activating, .inactive])
    #expect(finished == 1)
    #expect(!activated)
  }

  @Test("shouldAllow false keeps spring loading from starting")
  func shouldAllowFalse() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    let delegate = SpringLoadedInteractionDelegate()
    var activated = false
    delegate.shouldAllow = { _ in false }
    delegate.activated = { _ in activated = true }
    folder.addInteraction(SpringLoadedInteraction(delegate: delegate))
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    try scene.fingers.wait(2)
    #expect(!activated)
    #expect(scene.trace.calls("shouldAllow").count == 1)
  }

  @Test("shouldAllow is asked again on every move and can stop spring loading")
  func shouldAllowContinues() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    let delegate = SpringLoadedInteractionDelegate()
    var allow = true
    var activated = false
    delegate.shouldAllow = { _ in allow }
    delegate.activated = { _ in activated = true }
    folder.addInteraction(SpringLoadedInteraction(delegate: delegate))
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    try scene.fingers.wait(0.5)
    allow = false
    try scene.fingers.move(to: .pointIn(folder, Point(10, 10)))
    try scene.fingers.wait(2)
    #expect(!activated)
    #expect(scene.trace.calls("shouldAllow").count == 2)
  }

  @Test("spring loading ends with the drag")
  func endsWithDrag() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeDragSource(source)
    let folder = try scene.add(.view, "folder", Rect(400, 400, 100, 100))
    let interaction = SpringLoadedInteraction { _ in }
    var finished = 0
    interaction.delegate.interactionDidFinish = { finished += 1 }
    folder.addInteraction(interaction)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: folder)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(finished == 1)
    #expect(scene.trace.calls("activated").isEmpty)
  }
}
