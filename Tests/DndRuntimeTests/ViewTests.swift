import Testing
@testable import DndRuntime

@Suite("Views and hit-testing")
struct ViewTests {
  @Test("label ignores touches by default")
  func labelIgnoresTouches() throws {
    let scene = try TestScene()
    let label = try scene.add(.label, "label", Rect(10, 10, 100, 30))
    #expect(label.isUserInteractionEnabled == false)
    #expect(scene.world.hitTest(Point(20, 20))?.view === scene.root)
    label.isUserInteractionEnabled = true
    #expect(scene.world.hitTest(Point(20, 20))?.view === label)
  }

  @Test("image view ignores touches by default, other kinds take them", arguments: ViewKind.allCases)
  func defaultInteraction(kind: ViewKind) {
    let world = World()
    let view = View(kind, name: "v", world: world)
    let expected = !(kind == .label || kind == .imageView)
    #expect(view.isUserInteractionEnabled == expected)
  }

  @Test("front-most subview is hit first")
  func frontMostFirst() throws {
    let scene = try TestScene()
    let back = try scene.add(.view, "back", Rect(0, 0, 100, 100))
    let front = try scene.add(.view, "front", Rect(50, 50, 100, 100))
    #expect(scene.world.hitTest(Point(60, 60))?.view === front)
    scene.root.bringSubviewToFront(back)
    #expect(scene.world.hitTest(Point(60, 60))?.view === back)
  }

  @Test("hidden, transparent and non-interactive subtrees take no touch")
  func skippedSubtrees() throws {
    let scene = try TestScene()
    let parent = try scene.add(.view, "parent", Rect(0, 0, 200, 200))
    let child = try scene.add(.view, "child", Rect(10, 10, 50, 50), in: parent)
    let point = Point(20, 20)
    #expect(scene.world.hitTest(point)?.view === child)
    parent.isHidden = true
    #expect(scene.world.hitTest(point)?.view === scene.root)
    parent.isHidden = false
    parent.alpha = 0.009
    #expect(scene.world.hitTest(point)?.view === scene.root)
    parent.alpha = 0.01
    #expect(scene.world.hitTest(point)?.view === child)
    parent.isUserInteractionEnabled = false
    #expect(scene.world.hitTest(point)?.view === scene.root)
  }

  @Test("points outside a view's bounds miss its overhanging subviews")
  func outsideBoundsMiss() throws {
    let scene = try TestScene()
    let parent = try scene.add(.view, "parent", Rect(0, 0, 50, 50))
    try scene.add(.view, "overhang", Rect(40, 40, 50, 50), in: parent)
    #expect(scene.world.hitTest(Point(70, 70))?.view === scene.root)
  }

  @Test("frames are in superview coordinates and convert both ways")
  func conversion() throws {
    let scene = try TestScene()
    let outer = try scene.add(.view, "outer", Rect(100, 100, 300, 300))
    let inner = try scene.add(.view, "inner", Rect(10, 20, 50, 50), in: outer)
    #expect(inner.convert(Point(1, 1), to: nil) == Point(111, 121))
    #expect(inner.convert(Point(1, 1), to: outer) == Point(11, 21))
    #expect(outer.convert(Point(11, 21), to: inner) == Point(1, 1))
    #expect(inner.convert(Point(111, 121), from: nil) == Point(1, 1))
    outer.bounds = Rect(5, 5, 300, 300)
    #expect(inner.convert(Point(0, 0), to: nil) == Point(105, 115))
  }

  @Test("views in side-by-side apps convert through the screen")
  func crossWindowConversion() throws {
    let world = World()
    let left = world.addApp("Left")
    let right = world.addApp("Right")
    #expect(left.frame == Rect(0, 0, 512, 768))
    #expect(right.frame == Rect(512, 0, 512, 768))
    let a = View(.view, name: "a", frame: Rect(10, 10, 10, 10), world: world)
    let b = View(.view, name: "b", frame: Rect(10, 10, 10, 10), world: world)
    try left.addSubview(a)
    try right.addSubview(b)
    #expect(a.convert(Point(0, 0), to: b) == Point(-512, 0))
    #expect(b.centerOnScreen == Point(527, 15))
    #expect(world.hitTest(Point(530, 15))?.view === b)
  }

  @Test("views can be added, moved and removed")
  func treeEdits() throws {
    let scene = try TestScene()
    let a = try scene.add(.view, "a", Rect(0, 0, 10, 10))
    let b = try scene.add(.view, "b", Rect(0, 0, 10, 10))
    try a.addSubview(b)
    #expect(b.superview === a)
    #expect(scene.root.subviews.map(\.name) == ["a"])
    b.removeFromSuperview()
    #expect(b.superview == nil)
    #expect(b.window == nil)
    #expect(throws: UIKitException.self) { try a.addSubview(a) }
    try a.addSubview(b)
    #expect(throws: UIKitException.self) { try b.addSubview(a) }
    #expect(scene.trace.events(of: .exception).map(\.message) == [
      "Can't add self as subview", "Can't add an ancestor as subview",
    ])
  }

  @Test("a subview that outlives its superview has none, and can join another")
  func subviewOutlivesSuperview() throws {
    let world = World()
    let child = View(.view, name: "child", frame: Rect(0, 0, 10, 10), world: world)
    do {
      let parent = View(.view, name: "parent", frame: Rect(0, 0, 100, 100), world: world)
      try parent.addSubview(child)
      #expect(child.superview === parent)
      #expect(child.depth == 2)
    }
    #expect(child.superview == nil)
    #expect(child.depth == 1)
    let other = View(.view, name: "other", frame: Rect(0, 0, 100, 100), world: world)
    try other.addSubview(child)
    #expect(child.superview === other)
    #expect(other.hitTest(Point(5, 5)) === child)
  }

  /// Views keep their world unretained (`WorldLink`): once the world is
  /// gone they must find none, setters must not report to it, and UIKit's
  /// exceptions still reach the caller.
  @Test("a view that outlives its world finds none, and still changes and raises")
  func viewOutlivesWorld() throws {
    var world: World? = World()
    weak let gone = world
    let parent = try #require(
      world.map { View(.view, name: "parent", frame: Rect(0, 0, 100, 100), world: $0) })
    let child = try #require(world.map { View(.textField, number: 3, frame: Rect(0, 0, 10, 10), world: $0) })
    #expect(parent.world === world)
    world = nil
    #expect(gone == nil)
    #expect(parent.world == nil)
    parent.frame = Rect(0, 0, 50, 50)
    parent.isHidden = false
    child.text = "still here"
    try parent.addSubview(child)
    #expect(throws: UIKitException.self) { try parent.addSubview(parent) }
    #expect(parent.hitTest(Point(5, 5)) === child)
    #expect(child.name == "textField#3")
  }

  @Test("a view moved to another superview leaves the first one")
  func reparenting() throws {
    let world = World()
    let first = View(.view, name: "first", frame: Rect(0, 0, 100, 100), world: world)
    let second = View(.view, name: "second", frame: Rect(0, 0, 100, 100), world: world)
    let child = View(.view, name: "child", frame: Rect(0, 0, 10, 10), world: world)
    try first.addSubview(child)
    try second.insertSubview(child, at: 0)
    #expect(first.subviews.isEmpty)
    #expect(child.superview === second)
    #expect(child.isDescendant(of: second))
    #expect(!child.isDescendant(of: first))
  }

  @Test("a view made by code is named after its kind and number")
  func numberedName() {
    let world = World()
    let view = View(.label, number: 7, world: world)
    #expect(view.name == "\(ViewKind.label.rawValue)#7")
    view.name = "renamed"
    #expect(view.name == "renamed")
    // Numbers are kept in 32 bits; any other is named as the view is made.
    for number in [Int(UInt32.max), Int(UInt32.max) + 1, -3, Int.max] {
      #expect(View(.view, number: number, world: world).name == "view#\(number)")
    }
  }
}
