import Testing
@testable import DndRuntime

@Suite("Performance")
struct PerformanceTests {
  /// The benchmark's tree: 100,000 views, 7 children per node (strips with
  /// margins from a MINSTD generator seeded 42), breadth first.
  private func bigTree(_ world: World, app: App) throws -> [View] {
    var seed = 42
    func random() -> Int {
      seed = seed * 48271 % 2_147_483_647
      return seed
    }
    let side = 1_000_000.0
    app.frame = Rect(0, 0, side, side)
    let root = View(.view, name: "0", frame: Rect(0, 0, side, side), world: world)
    try app.addSubview(root)
    var all = [root]
    var head = 0
    while all.count < 100_000 {
      let parent = all[head]
      head += 1
      let width = Int(parent.frame.size.width), height = Int(parent.frame.size.height)
      for k in 0..<7 where all.count < 100_000 {
        let frame: Rect
        if width >= height {
          let segment = width / 7, m1 = random() % (height / 10 + 1), m2 = random() % (height / 10 + 1)
          frame = Rect(Double(k * segment), Double(m1), Double(segment), Double(height - m1 - m2))
        } else {
          let segment = height / 7, m1 = random() % (width / 10 + 1), m2 = random() % (width / 10 + 1)
          frame = Rect(Double(m1), Double(k * segment), Double(width - m1 - m2), Double(segment))
        }
        let child = View(.view, name: "\(all.count)", frame: frame, world: world)
        try parent.addSubview(child)
        all.append(child)
      }
    }
    return all
  }

  @Test("a drag across 100,000 views reaches its deep target and asks it once")
  func dragOver100kViews() throws {
    let world = World(device: Device(idiom: .pad, name: "big", screenSize: Size(1_000_000, 1_000_000)))
    let app = world.addApp("Big")
    let views = try bigTree(world, app: app)
    let leaf = try #require(views.last)
    let source = try #require(views.first { $0.subviews.isEmpty && $0 !== leaf })
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in
      [DragItem(itemProvider: ItemProvider(object: .string("x"), world: world))]
    }
    source.addInteraction(DragInteraction(delegate: delegate))
    let drop = DropInteractionDelegate()
    drop.sessionDidUpdate = { _ in DropProposal(operation: .copy) }
    drop.performDrop = { _ in }
    leaf.addInteraction(DropInteraction(delegate: drop))
    try world.fingers.longPress(source)
    let points = (0..<200).map { Point(Double($0 * 4_999), Double(999_999 - $0 * 4_999)) }
    for point in points { try world.fingers.move(to: point) }
    try world.fingers.move(to: leaf)
    // What a move costs is measured by the benchmark (`dnd-bench`), never by
    // a timed test: on a shared machine a time limit only makes a test flaky.
    #expect(world.trace.calls("sessionDidUpdate").count == 1)
  }
}
