// Hit-testing and point conversion, as UIKit does them. A hit-test costs the
// views tested on the way down (the subviews of each view on the path), never
// the size of the tree; conversions cost the depth of the views involved.

extension View {
  /// UIKit's `point(inside:with:)`: the point, in the view's own coordinates,
  /// lies within its bounds.
  public func point(inside point: Point) -> Bool {
    bounds.contains(point)
  }

  /// UIKit's `hitTest(_:with:)`: the deepest view under `point` (in this view's
  /// coordinates) that takes touches. Hidden views, views with alpha below
  /// 0.01 and views with user interaction disabled take none, and neither do
  /// their subtrees; a point outside a view's bounds misses its subviews too,
  /// even where they overhang. Subviews are tried front-most first.
  public func hitTest(_ point: Point) -> View? {
    guard takesTouches, self.point(inside: point) else { return nil }
    return deepestHit(point)
  }

  /// Whether the view may take touches at all: not hidden, alpha at least
  /// 0.01, user interaction enabled.
  @inline(__always)
  private var takesTouches: Bool { !isHidden && alpha >= 0.01 && isUserInteractionEnabled }

  /// `hitTest` below a view known to take touches and to contain `point`:
  /// the front-most subview that takes touches and contains the point (in
  /// its own coordinates) is walked into, else the view itself is the hit.
  /// Each subview is tested here, before any call, so that the many a walk
  /// rejects cost no call of their own.
  ///
  /// A loop rather than a recursion: with no call inside the walk the
  /// compiler needs no retain of each level's subview array to keep it
  /// alive across one (a write to the array's header per level, which on a
  /// large tree is a cache line made dirty).
  private func deepestHit(_ point: Point) -> View {
    var view = Unmanaged.passUnretained(self)
    var point = point
    // The subviews are read as unretained references: each level's array
    // keeps its views alive for the whole walk, which changes nothing.
    descent: while true {
      let next = view._withUnsafeGuaranteedRef { parent -> (Unmanaged<View>, Point)? in
        parent.subviews.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: Unmanaged<View>.self) { children -> (Unmanaged<View>, Point)? in
            var index = children.count
            while index > 0 {
              index -= 1
              let child = children[index]
              let local = child._withUnsafeGuaranteedRef { child -> Point? in
                guard child.takesTouches else { return nil }
                let local = child.pointFromSuperview(point)
                return child.point(inside: local) ? local : nil
              }
              if let local { return (child, local) }
            }
            return nil
          }
        }
      }
      guard let (child, local) = next else { break descent }
      view = child
      point = local
    }
    return view.takeUnretainedValue()
  }

  /// Converts a point from the superview's coordinates into this view's.
  func pointFromSuperview(_ point: Point) -> Point {
    Point(point.x - frame.origin.x + boundsOrigin.x, point.y - frame.origin.y + boundsOrigin.y)
  }

  /// Converts a point from this view's coordinates into the superview's.
  func pointToSuperview(_ point: Point) -> Point {
    Point(point.x - boundsOrigin.x + frame.origin.x, point.y - boundsOrigin.y + frame.origin.y)
  }

  /// The root of this view's tree (its window when it is in one).
  var root: View {
    var view = self
    while let parent = view.superview { view = parent }
    return view
  }

  /// A point of this view in the coordinates of its root.
  func pointInRoot(_ point: Point) -> Point {
    var result = point
    var view = self
    while let parent = view.superview {
      result = view.pointToSuperview(result)
      view = parent
    }
    return result
  }

  /// A point in root coordinates converted into this view's.
  func pointFromRoot(_ point: Point) -> Point {
    guard let parent = superview else { return point }
    return pointFromSuperview(parent.pointFromRoot(point))
  }

  /// A point of this view on the screen. A window's frame is its place on the
  /// screen; a view outside any window uses its root's coordinates.
  public func pointOnScreen(_ point: Point) -> Point {
    let top = root
    let inRoot = pointInRoot(point)
    guard top.kind == .window else { return inRoot }
    return top.pointToSuperview(inRoot)
  }

  /// A screen point converted into this view's coordinates.
  public func point(fromScreen point: Point) -> Point {
    let top = root
    let inRoot = top.kind == .window ? top.pointFromSuperview(point) : point
    return pointFromRoot(inRoot)
  }

  /// UIKit's `convert(_:to:)`: a point of this view in `view`'s coordinates;
  /// `nil` means the window's coordinates. Views in different windows convert
  /// through the screen.
  public func convert(_ point: Point, to view: View?) -> Point {
    guard let view else { return pointInRoot(point) }
    if view.root === root { return view.pointFromRoot(pointInRoot(point)) }
    return view.point(fromScreen: pointOnScreen(point))
  }

  /// UIKit's `convert(_:from:)`: a point of `view` (or of the window when
  /// `nil`) in this view's coordinates.
  public func convert(_ point: Point, from view: View?) -> Point {
    guard let view else { return pointFromRoot(point) }
    return view.convert(point, to: self)
  }

  /// The centre of the view's bounds on the screen: where a finger aims when a
  /// scenario names the view.
  public var centerOnScreen: Point {
    pointOnScreen(bounds.center)
  }
}
