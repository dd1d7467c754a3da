import Foundation

// CGAffineTransform, reduced to what a drag preview target uses: an extra
// scale or rotation applied as the preview sets down (§2.3: "the transform is
// an extra effect (rotate/scale), meaningful on set-down"). The six numbers
// are UIKit's: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).

/// A 2-D affine transform (CGAffineTransform).
public struct Transform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// `CGAffineTransform.identity`: no change.
  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// `CGAffineTransform(scaleX:y:)`.
  public init(scaleX: Double, y: Double) {
    self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// `CGAffineTransform(rotationAngle:)`, in radians, clockwise on screen.
  public init(rotationAngle angle: Double) {
    let cosine = cos(angle)
    let sine = sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// `CGAffineTransform(translationX:y:)`.
  public init(translationX: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y)
  }

  public var isIdentity: Bool { self == .identity }

  /// `t1.concatenating(t2)`: first this transform, then `other`.
  public func concatenating(_ other: Transform) -> Transform {
    Transform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// How the trace shows it: "identity", "scale 0.1", "scale 0.5x2", or
  /// the six numbers.
  public var description: String {
    if isIdentity { return "identity" }
    if b == 0, c == 0, tx == 0, ty == 0 {
      return a == d ? "scale \(formatNumber(a))" : "scale \(formatNumber(a))x\(formatNumber(d))"
    }
    let numbers = [a, b, c, d, tx, ty].map(formatNumber).joined(separator: ", ")
    return "transform(\(numbers))"
  }
}
