import Testing
@testable import DndRuntime

/// `View.hitTest` tests each subview before walking into it (so rejected
/// subviews cost no call); it answers exactly as UIKit's rule written
/// plainly (`reference`): a hidden view, one with alpha below 0.01 or with
/// user interaction disabled takes no touch and neither does its subtree, a
/// point outside a view's bounds misses its subviews too (even where they
/// overhang), and subviews are tried front-most first.
@Suite("Hit-test walk against UIKit's rule")
struct HitTestWalkTests {
  /// UIKit's hit-test rule, one call per view.
  static func reference(_ view: View, _ point: Point) -> View? {
    guard !view.isHidden, view.alpha >= 0.01, view.isUserInteractionEnabled, view.bounds.contains(point) else {
      return nil
    }
    for child in view.subviews.reversed() {
      let local = Point(
        point.x - child.frame.origin.x + child.bounds.origin.x,
        point.y - child.frame.origin.y + child.bounds.origin.y)
      if let hit = reference(child, local) { return hit }
    }
    return view
  }

  /// A random tree of overlapping, overhanging, scrolled, hidden,
  /// transparent and non-interactive views, and points over all of it.
  @Test("the walk finds the view UIKit's rule finds", arguments: [1, 2, 3, 4, 5, 6])
  func walkMatchesTheRule(seed: Int) throws {
    var state = UInt64(seed)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let world = World()
    let root = View(.view, name: "root", frame: Rect(0, 0, 200, 200), world: world)
    var views = [root]
    for number in 1..<120 {
      let kind: ViewKind = next(8) == 0 ? .label : .view
      let view = View(
        kind, name: "v\(number)",
        frame: Rect(Double(next(180)) - 20, Double(next(180)) - 20, Double(next(120)), Double(next(120))),
        world: world)
      if next(10) == 0 { view.isHidden = true }
      if next(12) == 0 { view.alpha = next(2) == 0 ? 0.005 : 0.01 }
      if next(12) == 0 { view.isUserInteractionEnabled.toggle() }
      if next(8) == 0 { view.boundsOrigin = Point(Double(next(30)), Double(next(30))) }
      try views[next(views.count)].addSubview(view)
      views.append(view)
    }
    for _ in 0..<2_000 {
      let point = Point(Double(next(2_400)) / 10 - 20, Double(next(2_400)) / 10 - 20)
      for start in [root, views[next(views.count)]] {
        #expect(start.hitTest(point) === Self.reference(start, point))
      }
    }
  }
}
