import DndCheck
import DndRuntime
import DndSyntax

/// The base of the binding's reference objects: each belongs to the scene
/// that made it, which turns runtime objects into script values and back.
///
/// `unowned`: the scene (the interpreter's host) outlives every value the
/// interpreter holds, and the scene's tables hold objects, never the reverse.
class SceneObject: NativeObject {
  unowned let scene: SceneHost

  init(scene: SceneHost) {
    self.scene = scene
  }

  /// The members every object answers; subclasses fall back to this.
  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if member.known == .description { return .string(description) }
    throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
  }
}

/// Any script value kept by the runtime, which stores objects only: a drag
/// item's `localObject`, a session's `localContext`, a spring-loading
/// context's `targetItem`.
final class ScriptValueBox: CustomStringConvertible {
  let value: Value
  init(_ value: Value) { self.value = value }

  /// The value as `print` shows it inside an array (the explorer's
  /// fingerprints read a drag item's local object so).
  var description: String { value.debugDescription(symbols: .knownMembers) }

  /// The box for a value; nil stays nil.
  static func box(_ value: Value) -> AnyObject? {
    value.isNil ? nil : ScriptValueBox(value)
  }

  /// The value in a box (nil for no box).
  static func unbox(_ object: AnyObject?) -> Value {
    (object as? ScriptValueBox)?.value ?? .nil
  }
}

/// Turns script values into the runtime's types, with messages that name
/// what was expected. The errors carry no range; the interpreter points them
/// at the call or assignment that failed.
enum Convert {
  /// "nil", or "a value of type 'Int'": for messages about results.
  static func phrase(_ value: Value) -> String {
    if value.isNil { return "nil" }
    // `.copy` where a proposal belongs: name the case, not "enum case".
    if case .enumCase(let symbol) = value {
      return symbol.known.map { "the case '.\($0.spelling)'" } ?? "an enum case"
    }
    // An array says what it holds: "an array of elements of type 'Int'", or
    // of types 'UIDragItem' and 'Int' when mixed.
    if case .array(let elements) = value, !elements.isEmpty {
      var types: [String] = []
      for element in elements where !types.contains(element.typeName) {
        types.append(element.typeName)
        if types.count > 3 { break }
      }
      let names = types.prefix(3).map { "'\($0)'" }
      let list =
        names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
      let more = types.count > 3 ? " and more" : ""
      return "an array of elements of type\(types.count == 1 ? "" : "s") \(list)\(more)"
    }
    return "a value of type '\(value.typeName)'"
  }

  static func number(_ value: Value, for name: String) throws -> Double {
    guard let number = value.doubleValue else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a number", found: value.typeName))
    }
    return number
  }

  static func integer(_ value: Value, for name: String) throws -> Int {
    guard case .int(let number) = value else {
      throw RuntimeError(.wrongArgumentType(name, expected: "an Int", found: value.typeName))
    }
    return number
  }

  static func bool(_ value: Value, for name: String) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a Bool", found: value.typeName))
    }
    return flag
  }

  static func string(_ value: Value, for name: String) throws -> String {
    guard case .string(let box) = value else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a String", found: value.typeName))
    }
    return box.value
  }

  static func strings(_ value: Value, for name: String) throws -> [String] {
    guard case .array(let elements) = value else {
      throw RuntimeError(.wrongArgumentType(name, expected: "an array of Strings", found: value.typeName))
    }
    return try elements.map { try string($0, for: name) }
  }

  static func point(_ value: Value, for name: String) throws -> Point {
    guard let object = value.object(as: PointObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a Point", found: value.typeName))
    }
    return object.point
  }

  static func size(_ value: Value, for name: String) throws -> Size {
    guard let object = value.object(as: SizeObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a Size", found: value.typeName))
    }
    return object.size
  }

  static func rect(_ value: Value, for name: String) throws -> Rect {
    guard let object = value.object(as: RectObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a Rect", found: value.typeName))
    }
    return object.rect
  }

  static func view(_ value: Value, for name: String) throws -> View {
    guard let object = value.object(as: ViewObject.self) else {
      throw RuntimeError(.wrongArgumentType(name, expected: "a view", found: value.typeName))
    }
    return object.view
  }

  /// A view, or nil for the window's coordinates (`convert(p, to: nil)`).
  static func optionalView(_ value: Value, for name: String) throws -> View? {
    value.isNil ? nil : try view(value, for: name)
  }

  /// A closure or function value the runtime will call later.
  static func function(_ value: Value, for name: String) throws -> Value {
    switch value {
    case .closure, .builtinFunction: return value
    default: throw RuntimeError(.wrongArgumentType(name, expected: "a closure", found: value.typeName))
    }
  }

  /// A class named for `ofClass:` (`String`, `String.self`, `NSURL`, ...).
  static func objectClass(_ value: Value, for name: String) throws -> ObjectClass {
    if case .type(let builtin) = value, let objectClass = objectClass(of: builtin) { return objectClass }
    throw RuntimeError(
      .wrongArgumentType(
        name, expected: "a class: String, NSString, URL, NSURL, UIImage, NSAttributedString or UIColor",
        found: value.typeName))
  }

  /// The runtime's reader/writer class a builtin type names.
  static func objectClass(of builtin: Builtin) -> ObjectClass? {
    switch builtin {
    case .string, .nsString: .string
    case .url, .nsURL: .url
    case .uiImage: .image
    case .nsAttributedString: .attributedString
    case .uiColor: .color
    default: nil
    }
  }

  /// An object an item provider can carry: a String, URL, UIImage,
  /// NSAttributedString or UIColor.
  static func itemValue(_ value: Value, for name: String) throws -> ItemValue {
    switch value {
    case .string(let box): return .string(box.value)
    case .object(let object):
      switch object {
      case let url as URLObject: return .url(url.string)
      case let image as ImageObject: return .image(image.image)
      case let text as AttributedStringObject: return .attributedString(text.string)
      case let color as ColorObject: return .color(color.color)
      default: break
      }
    default: break
    }
    throw RuntimeError(
      .wrongArgumentType(
        name, expected: "a String, URL, UIImage, NSAttributedString or UIColor", found: value.typeName))
  }

  /// `.cancel`, `.forbidden`, `.copy` or `.move`.
  static func operation(_ value: Value, for name: String) throws -> DropOperation {
    if case .enumCase(let symbol) = value {
      switch symbol.known {
      case .cancel?: return .cancel
      case .forbidden?: return .forbidden
      case .copy?: return .copy
      case .move?: return .move
      default: break
      }
    }
    throw RuntimeError(
      .wrongArgumentType(name, expected: ".cancel, .forbidden, .copy or .move", found: value.mismatchName))
  }

  /// The enum case a script compares an operation with: `.copy`.
  static func value(of operation: DropOperation) -> Value {
    switch operation {
    case .cancel: .enumCase(Symbol(.cancel))
    case .forbidden: .enumCase(Symbol(.forbidden))
    case .copy: .enumCase(Symbol(.copy))
    case .move: .enumCase(Symbol(.move))
    }
  }

  /// `fileOptions: .openInPlace`, `[.openInPlace]` or `[]`.
  static func fileOptions(_ value: Value, for name: String) throws -> ItemProviderFileOptions {
    if case .enumCase(let symbol) = value, symbol.known == .openInPlace { return .openInPlace }
    if case .array(let elements) = value {
      var options: ItemProviderFileOptions = []
      for element in elements { options.formUnion(try fileOptions(element, for: name)) }
      return options
    }
    throw RuntimeError(
      .wrongArgumentType(name, expected: ".openInPlace, [.openInPlace] or []", found: value.mismatchName))
  }

  /// `visibility: .all` and its siblings.
  static func visibility(_ value: Value, for name: String) throws -> RepresentationVisibility {
    if case .enumCase(let symbol) = value {
      switch symbol.known {
      case .all?: return .all
      case .team?: return .team
      case .group?: return .group
      case .ownProcess?: return .ownProcess
      default: break
      }
    }
    throw RuntimeError(
      .wrongArgumentType(name, expected: ".all, .team, .group or .ownProcess", found: value.mismatchName))
  }
}

/// Whole numbers without a fractional part, as the trace prints them.
func formatted(_ number: Double) -> String {
  if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
  return String(number)
}

extension Arguments {
  /// The argument labelled `label`, or else the unlabelled argument at
  /// `position`; nil if neither is there.
  func value(_ label: KnownMember, orAt position: Int) -> Value? {
    if let labelled = value(labelled: label) { return labelled }
    guard position < count, self.label(position) == nil else { return nil }
    return values[position]
  }

  /// The last argument when it is an unlabelled closure (a trailing
  /// closure) or is labelled with one of `labels`.
  func trailingClosure(labels: [KnownMember] = [.completion, .completionHandler, .loadHandler]) -> Value? {
    guard let last = values.last else { return nil }
    let lastLabel = label(count - 1)
    guard lastLabel == nil || labels.contains(where: { Symbol($0) == lastLabel }) else { return nil }
    switch last {
    case .closure, .builtinFunction: return last
    default: return nil
    }
  }
}

extension UIKitException {
  /// The model's advice as a note under the termination's error.
  public var adviceNotes: [Diagnostic.Note] {
    advice.map { [Diagnostic.Note($0)] } ?? []
  }
}
