import DndCheck
import DndRuntime
import Foundation

// The things item providers carry: images, URLs, attributed strings,
// colours and data. Immutable, compared by value (URL is a Swift value type;
// images and colours compare by what the model knows of them: a name and a
// size). A plain String travels as a script string.

/// `UIImage(named: "cat", size: Size(300, 200))`: a name and a size.
final class ImageObject: NativeObject {
  let image: ImageValue

  init(_ image: ImageValue) {
    self.image = image
  }

  override var typeName: String { "UIImage" }
  override var description: String {
    let size = "Size(\(formatted(image.size.width)), \(formatted(image.size.height)))"
    return "UIImage(named: \"\(image.name)\", size: \(size))"
  }
  override func isInstance(of type: Builtin) -> Bool { type == .uiImage || type == .nsObject }
  override func isEqual(to other: NativeObject) -> Bool { (other as? ImageObject)?.image == image }
  override func hash(into hasher: inout Hasher) { hasher.combine(image) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .name?: return .string(image.name)
    case .size?: return .object(SizeObject(image.size))
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `URL(string: "https://...")`.
final class URLObject: NativeObject {
  let string: String

  init(_ string: String) {
    self.string = string
  }

  override var typeName: String { "URL" }
  override var description: String { string }
  override var debugDescription: String { "URL(\(string.debugDescription))" }
  override func isInstance(of type: Builtin) -> Bool { type == .url || type == .nsURL || type == .nsObject }
  override func isEqual(to other: NativeObject) -> Bool { (other as? URLObject)?.string == string }
  override func hash(into hasher: inout Hasher) { hasher.combine(string) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .absoluteString?, .description?: return .string(string)
    case .lastPathComponent?: return .string(lastPathComponent)
    case .path?: return .string(URL(string: string)?.path ?? "")
    case .pathExtension?: return .string(URL(string: string)?.pathExtension ?? "")
    case .isFileURL?: return .bool(URL(string: string)?.isFileURL ?? false)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// `URL(fileURLWithPath: "/tmp/movie.mp4")`: "file:///tmp/movie.mp4", with
  /// the path's spaces and other characters escaped as Foundation does. The
  /// simulation has no working directory: a relative path is taken from "/".
  static func file(_ path: String) -> URLObject {
    let absolute = path.hasPrefix("/") ? path : "/" + path
    let escaped = absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute
    return URLObject("file://" + escaped)
  }

  /// Foundation's answer: the last part of the path, without a query or a
  /// fragment and with escapes decoded ("cat.jpg" for ".../photos/cat.jpg?s=2",
  /// "/" for a bare "https://host/"); text Foundation does not read as a URL
  /// gives what follows its last "/".
  private var lastPathComponent: String {
    if let url = URL(string: string) { return url.lastPathComponent }
    return string.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
  }

  /// `URL(string:)` is nil for text that is not a URL; the model only
  /// rejects the empty string and text with spaces.
  static func make(_ text: String) -> Value {
    text.isEmpty || containsSpace(text) ? .nil : .object(URLObject(text))
  }

  /// `text.contains(" ")`. Foundation's search cost thousands of instructions
  /// a URL (one per explored order, in a drop scenario's item); ASCII text
  /// is scanned byte by byte, any other is left to Foundation.
  private static func containsSpace(_ text: String) -> Bool {
    var space = false
    for byte in text.utf8 {
      if byte >= 0x80 { return text.contains(" ") }
      if byte == 0x20 { space = true }
    }
    return space
  }
}

/// `NSAttributedString(string: "...")`: the model keeps the characters only.
final class AttributedStringObject: NativeObject {
  let string: String

  init(_ string: String) {
    self.string = string
  }

  override var typeName: String { "NSAttributedString" }
  override var description: String { string }
  override var debugDescription: String { "NSAttributedString(\(string.debugDescription))" }
  override func isInstance(of type: Builtin) -> Bool { type == .nsAttributedString || type == .nsObject }
  override func isEqual(to other: NativeObject) -> Bool {
    (other as? AttributedStringObject)?.string == string
  }
  override func hash(into hasher: inout Hasher) { hasher.combine(string) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .string?, .description?: return .string(string)
    case .count?: return .int(string.count)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `UIColor.red`, `UIColor(named: "accent")`.
final class ColorObject: NativeObject {
  let color: ColorValue

  init(_ color: ColorValue) {
    self.color = color
  }

  override var typeName: String { "UIColor" }
  override var description: String { color.description }
  override func isInstance(of type: Builtin) -> Bool { type == .uiColor || type == .nsObject }
  override func isEqual(to other: NativeObject) -> Bool { (other as? ColorObject)?.color == color }
  override func hash(into hasher: inout Hasher) { hasher.combine(color) }

  /// The colours `UIColor.name` gives.
  /// The colour `value` names: a `UIColor`, or an implicit member such as
  /// `.clear` where Swift infers `UIColor` from the property's type.
  static func color(of value: Value) -> ColorValue? {
    if let object = value.object(as: ColorObject.self) { return object.color }
    if case .enumCase(let symbol) = value, let known = symbol.known { return named(known)?.color }
    return nil
  }

  static func named(_ member: KnownMember) -> ColorObject? {
    switch member {
    case .red, .green, .blue, .white, .black, .clear, .gray, .orange, .yellow, .purple, .brown, .lightGray,
      .darkGray, .systemBlue, .systemRed, .systemGreen:
      ColorObject(ColorValue(member.spelling))
    default: nil
    }
  }
}

/// `Data`: bytes, from a data representation or for one.
final class DataObject: NativeObject {
  let data: Data

  init(_ data: Data) {
    self.data = data
  }

  /// `text.data(using: .utf8)`: the text's UTF-8 bytes.
  convenience init(utf8Of text: String) {
    self.init(Data(text.utf8))
  }

  override var typeName: String { "Data" }
  override var description: String { "\(data.count) bytes" }
  override func isInstance(of type: Builtin) -> Bool { type == .data }
  override func isEqual(to other: NativeObject) -> Bool { (other as? DataObject)?.data == data }
  override func hash(into hasher: inout Hasher) { hasher.combine(data) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .count?: return .int(data.count)
    case .isEmpty?: return .bool(data.isEmpty)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// `data.write(to: url)`: keeps the bytes as one of the world's files
  /// (virtual: nothing reaches the real file system), for
  /// `NSItemProvider(contentsOf:)` and file representations to read.
  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    guard member.known == .write else { return try super.callMethod(member, arguments, interpreter: interpreter) }
    guard arguments.hasLabels(.to) else {
      throw RuntimeError(.invalidArgument("write takes one file URL labelled 'to:': data.write(to: url)"))
    }
    guard let url = arguments[0].object(as: URLObject.self) else {
      throw RuntimeError(.wrongArgumentType("write(to:)", expected: "a file URL", found: arguments[0].typeName))
    }
    guard let scene = interpreter.host as? SceneHost else { throw RuntimeError(.sceneEnded) }
    guard scene.world.writeFile(data, to: url.string) else {
      throw RuntimeError(
        .invalidArgument("write(to:) needs a file URL with a path, such as URL(string: \"file:///photos/cat.png\")"))
    }
    return .nil
  }

  /// `Data(contentsOf: url)`: the bytes of one of the world's files. Swift
  /// throws for a missing file; here (choice) it is nil, as `try?` gives.
  static func contents(of value: Value, world: World) throws -> Value {
    guard let url = value.object(as: URLObject.self) else {
      throw RuntimeError(.wrongArgumentType("contentsOf:", expected: "a file URL", found: value.typeName))
    }
    return world.virtualFileContents(url.string).map { .object(DataObject($0)) } ?? .nil
  }

  /// `String(data: data, encoding: .utf8)`: the text the bytes spell, or nil
  /// when they are not UTF-8, as in Foundation. Only UTF-8 is modelled.
  static func text(_ arguments: Arguments) throws -> Value {
    guard let object = arguments[0].object(as: DataObject.self) else {
      throw RuntimeError(
        .wrongArgumentType("String(data:encoding:)", expected: "Data", found: arguments[0].typeName))
    }
    guard case .enumCase(let encoding) = arguments[1], encoding.known == .utf8 else {
      throw RuntimeError(
        .invalidArgument("String(data:encoding:) models the encoding .utf8 only; write 'encoding: .utf8'"))
    }
    return String(data: object.data, encoding: .utf8).map { .string($0) } ?? .nil
  }

  /// `Data()`, `Data(count: n)`, `Data(text.utf8)` or `Data([bytes])`,
  /// `Data("text")` for the text's UTF-8 bytes (dnd's own shorthand; Swift
  /// refuses it), and `Data(contentsOf: url)`.
  static func make(_ arguments: Arguments, world: () throws -> World) throws -> Value {
    if arguments.isEmpty { return .object(DataObject(Data())) }
    if arguments.hasLabels(.contentsOf) { return try contents(of: arguments[0], world: try world()) }
    if arguments.hasLabels(.count) {
      let count = try Convert.integer(arguments[0], for: "Data(count:)")
      guard count >= 0, count <= 64_000_000 else {
        throw RuntimeError(.invalidArgument("Data(count:) needs a count from 0 to 64000000, not \(count)"))
      }
      return .object(DataObject(Data(count: count)))
    }
    if arguments.hasLabels(nil), case .array(let elements) = arguments[0] {
      // `Data(text.utf8)`, `Data([0x89, 0x50])`: bytes from 0 to 255.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(elements.count)
      for element in elements {
        guard case .int(let byte) = element, (0...255).contains(byte) else {
          throw RuntimeError(
            .invalidArgument("Data([...]) takes bytes, Ints from 0 to 255, not \(element.typeName) \(element)"))
        }
        bytes.append(UInt8(byte))
      }
      return .object(DataObject(Data(bytes)))
    }
    if arguments.hasLabels(nil), let data = arguments[0].object(as: DataObject.self) {
      return .object(DataObject(data.data))
    }
    if arguments.hasLabels(nil), case .string = arguments[0] {
      return .object(DataObject(Data(try Convert.string(arguments[0], for: "Data").utf8)))
    }
    if arguments.hasLabels(nil) {
      throw RuntimeError(
        .invalidArgument(
          "Data(...) takes bytes: 'Data(text.utf8)', 'Data([0x89, 0x50])', another Data, or 'Data(count: n)'; "
            + "not \(arguments[0].typeName)"))
    }
    throw RuntimeError(.notConstructible("Data"))
  }
}

/// An `Error` a load delivers (NSItemProviderErrorDomain and friends).
final class ErrorObject: NativeObject {
  let error: ItemProviderError

  init(_ error: ItemProviderError) {
    self.error = error
  }

  override var typeName: String { "Error" }
  override var description: String { error.description }
  override func isInstance(of type: Builtin) -> Bool { type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .localizedDescription?: return .string(error.message)
    case .domain?: return .string(error.domain)
    case .code?: return .int(error.code)
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }
}

/// `Progress` of a load, or of every load of a drop session.
final class ProgressObject: NativeObject {
  let progress: LoadProgress

  init(_ progress: LoadProgress) {
    self.progress = progress
  }

  override var typeName: String { "Progress" }
  override var description: String { progress.description }
  override func isInstance(of type: Builtin) -> Bool { type == .progress }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .fractionCompleted?: return .double(progress.fractionCompleted)
    case .isFinished?: return .bool(progress.isFinished)
    case .isCancelled?: return .bool(progress.isCancelled)
    case .totalUnitCount?: return .int(Int(progress.totalUnitCount))
    case .completedUnitCount?: return .int(Int(progress.completedUnitCount))
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard member.known == .cancel, arguments.isEmpty else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    try progress.cancel()
    return .nil
  }
}
