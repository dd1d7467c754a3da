// Points, sizes and rectangles in UIKit's coordinate conventions: the origin is
// the top-left corner, y grows downwards, units are points.

/// A location in some view's coordinate space (CGPoint).
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ x: Double, _ y: Double) {
    self.init(x: x, y: y)
  }

  public static let zero = Point(0, 0)

  /// Straight-line distance, used for the drag's movement hysteresis.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height (CGSize).
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public init(_ width: Double, _ height: Double) {
    self.init(width: width, height: height)
  }

  public static let zero = Size(0, 0)

  public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}

/// An origin and a size (CGRect).
public struct Rect: Hashable, Codable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x, y), size: Size(width, height))
  }

  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.init(x: x, y: y, width: width, height: height)
  }

  public static let zero = Rect(0, 0, 0, 0)

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var center: Point { Point(midX, midY) }

  /// Half-open containment, as `CGRect.contains`: the right and bottom edges
  /// are outside, so two adjacent views never both contain a point.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  public var description: String {
    "(\(formatNumber(minX)), \(formatNumber(minY)), \(formatNumber(size.width)), "
      + "\(formatNumber(size.height)))"
  }
}

/// Prints whole numbers without a fractional part ("10", not "10.0") so that
/// trace text stays short and stable.
func formatNumber(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
    return String(Int64(value))
  }
  return String(value)
}
