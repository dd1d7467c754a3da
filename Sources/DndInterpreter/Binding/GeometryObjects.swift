import DndCheck
import DndRuntime

// CGPoint, CGSize and CGRect: Swift value types, so the objects are value
// types for the interpreter (`isValueType`, `copy()`, equality by value).
// `view.frame.origin.x = 10` changes a copy of the frame and writes it back.

/// `Point(x, y)` / `CGPoint(x:y:)`.
final class PointObject: NativeObject {
  var point: Point

  init(_ point: Point) {
    self.point = point
  }

  override var typeName: String { "CGPoint" }
  override var description: String { "Point(\(formatted(point.x)), \(formatted(point.y)))" }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { PointObject(point) }
  override func isInstance(of type: Builtin) -> Bool { type == .point || type == .cgPoint }
  override func isEqual(to other: NativeObject) -> Bool { (other as? PointObject)?.point == point }
  override func hash(into hasher: inout Hasher) { hasher.combine(point) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .x?: return .double(point.x)
    case .y?: return .double(point.y)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .x?: point.x = try Convert.number(value, for: "x")
    case .y?: point.y = try Convert.number(value, for: "y")
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `Size(width, height)` / `CGSize(width:height:)`.
final class SizeObject: NativeObject {
  var size: Size

  init(_ size: Size) {
    self.size = size
  }

  override var typeName: String { "CGSize" }
  override var description: String { "Size(\(formatted(size.width)), \(formatted(size.height)))" }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { SizeObject(size) }
  override func isInstance(of type: Builtin) -> Bool { type == .size || type == .cgSize }
  override func isEqual(to other: NativeObject) -> Bool { (other as? SizeObject)?.size == size }
  override func hash(into hasher: inout Hasher) { hasher.combine(size) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .width?: return .double(size.width)
    case .height?: return .double(size.height)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .width?: size.width = try Convert.number(value, for: "width")
    case .height?: size.height = try Convert.number(value, for: "height")
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `Rect(x, y, width, height)` / `CGRect(x:y:width:height:)` / `CGRect(origin:size:)`.
final class RectObject: NativeObject {
  var rect: Rect

  init(_ rect: Rect) {
    self.rect = rect
  }

  override var typeName: String { "CGRect" }
  override var description: String {
    "Rect(\(formatted(rect.minX)), \(formatted(rect.minY)), \(formatted(rect.size.width)), "
      + "\(formatted(rect.size.height)))"
  }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { RectObject(rect) }
  override func isInstance(of type: Builtin) -> Bool { type == .rect || type == .cgRect }
  override func isEqual(to other: NativeObject) -> Bool { (other as? RectObject)?.rect == rect }
  override func hash(into hasher: inout Hasher) { hasher.combine(rect) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if let scalar = Self.scalarMember(of: rect, member) { return scalar }
    switch member.known {
    case .origin?: return .object(PointObject(rect.origin))
    case .size?: return .object(SizeObject(rect.size))
    case .center?: return .object(PointObject(rect.center))
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func memberChain(_ first: Symbol, _ second: Symbol, _ third: Symbol?) -> Value? {
    third == nil ? Self.memberChain(of: rect, first, second) : nil
  }

  /// A rect's members that are numbers or flags (no object to make); nil for the others.
  static func scalarMember(of rect: Rect, _ member: Symbol) -> Value? {
    switch member.known {
    case .width?: .double(rect.size.width)
    case .height?: .double(rect.size.height)
    case .minX?: .double(rect.minX)
    case .minY?: .double(rect.minY)
    case .maxX?: .double(rect.maxX)
    case .maxY?: .double(rect.maxY)
    case .midX?: .double(rect.midX)
    case .midY?: .double(rect.midY)
    case .isEmpty?: .bool(rect.size.width <= 0 || rect.size.height <= 0)
    default: nil
    }
  }

  /// `rect.size.width` and the like: a coordinate of the rect's origin,
  /// size or center, as `PointObject` and `SizeObject` give it; nil for
  /// any other pair of members.
  static func memberChain(of rect: Rect, _ first: Symbol, _ second: Symbol) -> Value? {
    switch (first.known, second.known) {
    case (.size?, .width?): .double(rect.size.width)
    case (.size?, .height?): .double(rect.size.height)
    case (.origin?, .x?): .double(rect.origin.x)
    case (.origin?, .y?): .double(rect.origin.y)
    case (.center?, .x?): .double(rect.center.x)
    case (.center?, .y?): .double(rect.center.y)
    default: nil
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .origin?: rect.origin = try Convert.point(value, for: "origin")
    case .size?: rect.size = try Convert.size(value, for: "size")
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    switch member.known {
    case .contains?:
      guard arguments.hasLabels(nil) else { break }
      if let other = arguments[0].object(as: RectObject.self) {
        let inner = other.rect
        return .bool(
          inner.minX >= rect.minX && inner.minY >= rect.minY && inner.maxX <= rect.maxX
            && inner.maxY <= rect.maxY)
      }
      return .bool(rect.contains(try Convert.point(arguments[0], for: "contains")))
    case .intersects?:
      guard arguments.hasLabels(nil) else { break }
      let other = try Convert.rect(arguments[0], for: "intersects")
      return .bool(
        rect.minX < other.maxX && other.minX < rect.maxX && rect.minY < other.maxY && other.minY < rect.maxY)
    case .offsetBy?, .insetBy?:
      guard arguments.hasLabels(.dx, .dy) else { break }
      let dx = try Convert.number(arguments[0], for: "dx")
      let dy = try Convert.number(arguments[1], for: "dy")
      if member.known == .offsetBy {
        return .object(RectObject(Rect(rect.minX + dx, rect.minY + dy, rect.size.width, rect.size.height)))
      }
      return .object(
        RectObject(Rect(rect.minX + dx, rect.minY + dy, rect.size.width - 2 * dx, rect.size.height - 2 * dy)))
    default:
      break
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }
}

/// `IndexPath(item:section:)` / `IndexPath(row:section:)`.
final class IndexPathObject: NativeObject {
  var item: Int
  var section: Int

  init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  override var typeName: String { "IndexPath" }
  override var description: String { "[\(section), \(item)]" }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { IndexPathObject(item: item, section: section) }
  override func isInstance(of type: Builtin) -> Bool { type == .indexPath }
  override func isEqual(to other: NativeObject) -> Bool {
    guard let other = other as? IndexPathObject else { return false }
    return other.item == item && other.section == section
  }
  override func hash(into hasher: inout Hasher) {
    hasher.combine(item)
    hasher.combine(section)
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .item?, .row?: return .int(item)
    case .section?: return .int(section)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .item?, .row?: item = try Convert.integer(value, for: interpreter.name(of: member))
    case .section?: section = try Convert.integer(value, for: "section")
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `CGAffineTransform(scaleX:y:)`, `(rotationAngle:)`, `(translationX:y:)`,
/// `CGAffineTransform.identity`: the extra effect of a preview target.
final class TransformObject: NativeObject {
  var transform: Transform

  init(_ transform: Transform) {
    self.transform = transform
  }

  override var typeName: String { "CGAffineTransform" }
  override var description: String { "CGAffineTransform(\(transform))" }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { TransformObject(transform) }
  override func isInstance(of type: Builtin) -> Bool { type == .cgAffineTransform }
  override func isEqual(to other: NativeObject) -> Bool {
    (other as? TransformObject)?.transform == transform
  }
  override func equalsImplicitMember(_ member: Symbol) -> Bool {
    member.known == .identity && transform == .identity
  }
  /// The identity hashes as `.identity` does, which it equals.
  override func hash(into hasher: inout Hasher) {
    if transform == .identity {
      hasher.combine(Symbol(.identity))
    } else {
      hasher.combine(transform)
    }
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .a?: return .double(transform.a)
    case .b?: return .double(transform.b)
    case .c?: return .double(transform.c)
    case .d?: return .double(transform.d)
    case .tx?: return .double(transform.tx)
    case .ty?: return .double(transform.ty)
    case .isIdentity?: return .bool(transform.isIdentity)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard member.known == .concatenating, arguments.hasLabels(nil) else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    let other = try GeometryTypes.transform(of: arguments[0], for: "concatenating(_:)")
    let product = transform.concatenating(other)
    // Finite transforms may still multiply past Double's range.
    guard [product.a, product.b, product.c, product.d, product.tx, product.ty].allSatisfy(\.isFinite) else {
      throw RuntimeError(
        .invalidArgument("the two transforms' product is not finite (a scale past Double's range, say)"))
    }
    return .object(TransformObject(product))
  }
}

/// The geometry types' initializers.
enum GeometryTypes {
  /// `CGAffineTransform(scaleX:y:)`, `(rotationAngle:)`, `(translationX:y:)`
  /// or `(a:b:c:d:tx:ty:)`.
  static func transform(_ arguments: Arguments) throws -> Value {
    let made: Transform
    if arguments.hasLabels(.scaleX, .y) {
      made = Transform(
        scaleX: try Convert.number(arguments[0], for: "scaleX"),
        y: try Convert.number(arguments[1], for: "y"))
    } else if arguments.hasLabels(.rotationAngle) {
      made = Transform(rotationAngle: try Convert.number(arguments[0], for: "rotationAngle"))
    } else if arguments.hasLabels(.translationX, .y) {
      made = Transform(
        translationX: try Convert.number(arguments[0], for: "translationX"),
        y: try Convert.number(arguments[1], for: "y"))
    } else if arguments.hasLabels(.a, .b, .c, .d, .tx, .ty) {
      let names = ["a", "b", "c", "d", "tx", "ty"]
      let numbers = try (0..<6).map { try Convert.number(arguments[$0], for: names[$0]) }
      made = Transform(
        a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
    } else {
      throw RuntimeError(.notConstructible("CGAffineTransform"))
    }
    guard [made.a, made.b, made.c, made.d, made.tx, made.ty].allSatisfy(\.isFinite) else {
      throw RuntimeError(.invalidArgument("a transform's numbers must be finite"))
    }
    return .object(TransformObject(made))
  }

  /// The transform a value holds, or an error naming the argument.
  static func transform(of value: Value, for name: String) throws -> Transform {
    // `.identity` where a transform is expected, as Swift infers it.
    if case .enumCase(let symbol) = value, symbol.known == .identity { return .identity }
    guard let object = value.object(as: TransformObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a CGAffineTransform", found: value.typeName))
    }
    return object.transform
  }

  /// `Point()`, `Point(x, y)`, `Point(x: x, y: y)`.
  static func point(_ arguments: Arguments, zeros: GeometryZeros) throws -> Value {
    if arguments.isEmpty { return .object(zeros.point) }
    guard arguments.count == 2, isUnlabelled(arguments) || arguments.hasLabels(.x, .y) else {
      throw RuntimeError(.notConstructible("Point"))
    }
    let point = Point(
      try Convert.number(arguments[0], for: "x"), try Convert.number(arguments[1], for: "y"))
    return .object(GeometryZeros.isZero(point) ? zeros.point : PointObject(point))
  }

  /// `Size()`, `Size(w, h)`, `Size(width: w, height: h)`.
  static func size(_ arguments: Arguments, zeros: GeometryZeros) throws -> Value {
    if arguments.isEmpty { return .object(zeros.size) }
    guard arguments.count == 2, isUnlabelled(arguments) || arguments.hasLabels(.width, .height) else {
      throw RuntimeError(.notConstructible("Size"))
    }
    let size = Size(
      try Convert.number(arguments[0], for: "width"), try Convert.number(arguments[1], for: "height"))
    return .object(GeometryZeros.isZero(size) ? zeros.size : SizeObject(size))
  }

  /// `Rect()`, `Rect(x, y, w, h)`, `Rect(x:y:width:height:)`, `Rect(origin:size:)`.
  /// Scripts make rects in bulk (a frame per view), so the common forms
  /// are told apart by count first and read without temporary arrays.
  static func rect(_ arguments: Arguments, zeros: GeometryZeros) throws -> Value {
    let rect: Rect
    switch arguments.count {
    case 0: return .object(zeros.rect)
    case 2 where arguments.hasLabels(.origin, .size):
      rect = Rect(
        origin: try Convert.point(arguments[0], for: "origin"),
        size: try Convert.size(arguments[1], for: "size"))
    case 4 where isUnlabelled(arguments) || arguments.hasLabels(.x, .y, .width, .height):
      rect = Rect(
        try Convert.number(arguments[0], for: "x"), try Convert.number(arguments[1], for: "y"),
        try Convert.number(arguments[2], for: "width"), try Convert.number(arguments[3], for: "height"))
    default: throw RuntimeError(.notConstructible("Rect"))
    }
    return .object(GeometryZeros.isZero(rect) ? zeros.rect : RectObject(rect))
  }

  /// True when no argument has a label (`Rect(0, 0, 10, 10)`).
  private static func isUnlabelled(_ arguments: Arguments) -> Bool {
    arguments.labels.allSatisfy { $0 == nil }
  }

  /// `IndexPath(item: i, section: s)` or `IndexPath(row: r, section: s)`.
  static func indexPath(_ arguments: Arguments) throws -> Value {
    guard arguments.hasLabels(.item, .section) || arguments.hasLabels(.row, .section) else {
      throw RuntimeError(.notConstructible("IndexPath"))
    }
    return .object(
      IndexPathObject(
        item: try Convert.integer(arguments[0], for: arguments.hasLabels(.row, .section) ? "row" : "item"),
        section: try Convert.integer(arguments[1], for: "section")))
  }

  /// `Point.zero`, `Size.zero`, `Rect.zero`.
  static func zero(of builtin: Builtin, zeros: GeometryZeros) -> Value? {
    switch builtin {
    case .point, .cgPoint: .object(zeros.point)
    case .size, .cgSize: .object(zeros.size)
    case .rect, .cgRect: .object(zeros.rect)
    default: nil
    }
  }
}

/// The zero point, size and rect of one registry (one scene at a time),
/// given for every `Point()`, `Rect(0, 0, 0, 0)`, `Size.zero`...: scripts
/// make zero rects as placeholders in loops (`var frame = Rect(0, 0, 0, 0)`
/// before choosing the real one), and a shared object saves making and
/// freeing one each time.
///
/// Sharing cannot be seen: these objects stand for Swift value types, which
/// the interpreter copies before changing one it does not hold alone
/// (`Interpreter.uniqueObject`), and this object's own reference means
/// a zero is never held alone. Only exact zeros are shared (`-0.0` is not).
final class GeometryZeros {
  let point = PointObject(.zero)
  let size = SizeObject(.zero)
  let rect = RectObject(.zero)

  init() {}

  static func isZero(_ point: Point) -> Bool { point.x.bitPattern | point.y.bitPattern == 0 }
  static func isZero(_ size: Size) -> Bool { size.width.bitPattern | size.height.bitPattern == 0 }
  static func isZero(_ rect: Rect) -> Bool {
    rect.origin.x.bitPattern | rect.origin.y.bitPattern | rect.size.width.bitPattern
      | rect.size.height.bitPattern == 0
  }
}

/// `Point`, `Size` and `Rect` (and their CG names), made straight from the
/// arguments rather than through the closure a `BoundType` calls (scripts
/// make them in bulk), with the registry's shared zeros.
final class GeometryType: NativeType {
  private let zeros: GeometryZeros

  init(_ builtin: Builtin, zeros: GeometryZeros) {
    self.zeros = zeros
    super.init(builtin)
  }

  override func construct(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    switch builtin {
    case .rect, .cgRect: try GeometryTypes.rect(arguments, zeros: zeros)
    case .point, .cgPoint: try GeometryTypes.point(arguments, zeros: zeros)
    default: try GeometryTypes.size(arguments, zeros: zeros)
    }
  }

  override func staticMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if member.known == .zero, let zero = GeometryTypes.zero(of: builtin, zeros: zeros) { return zero }
    return try super.staticMember(member, interpreter: interpreter)
  }
}
