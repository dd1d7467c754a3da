import Foundation

/// An image as the model sees it: a name and a size (no pixels).
public struct ImageValue: Hashable, Codable, Sendable, CustomStringConvertible {
  public var name: String
  public var size: Size

  public init(name: String, size: Size = .zero) {
    self.name = name
    self.size = size
  }

  /// `UIImage(dawn, 400x300)`: written in one pass when the size is whole
  /// (a loaded image is described in the trace at every explored order).
  public var description: String {
    guard let width = wholeNumber(size.width), let height = wholeNumber(size.height) else {
      return "UIImage(\(name), \(size))"
    }
    // "UIImage(", the name, ", ", two numbers of at most 20 characters, "x", ")".
    return shortText(capacity: name.utf8.count + 60) { text in
      text.put("UIImage(")
      text.put(name)
      text.put(UInt8(ascii: ","))
      text.put(UInt8(ascii: " "))
      text.put(width)
      text.put(UInt8(ascii: "x"))
      text.put(height)
      text.put(UInt8(ascii: ")"))
    }
  }
}

/// A colour, by name ("red", "systemBlue").
public struct ColorValue: Hashable, Codable, Sendable, CustomStringConvertible {
  public var name: String

  public init(_ name: String) {
    self.name = name
  }

  public var description: String { "UIColor.\(name)" }
}

/// What item providers carry and loads return: an object of one of the
/// reader/writer classes, or raw data of a type.
public enum ItemValue: Hashable, Codable, Sendable {
  case string(String)
  case attributedString(String)
  case url(String)
  case image(ImageValue)
  case color(ColorValue)
  case data(Data, typeIdentifier: String)

  /// The class of an object value; nil for raw data.
  public var objectClass: ObjectClass? {
    switch self {
    case .string: .string
    case .attributedString: .attributedString
    case .url: .url
    case .image: .image
    case .color: .color
    case .data: nil
    }
  }

  /// The types `NSItemProvider(object:)` registers for this value.
  /// A file URL also offers public.file-url, after the class's public.url.
  public var writableTypeIdentifiers: [String] {
    switch self {
    case .url(let string) where string.hasPrefix("file:"):
      ["public.url", "public.file-url"]
    case .data(_, let type):
      [type]
    default:
      objectClass?.writableTypeIdentifiers ?? []
    }
  }

  /// This value as an object of `target`, if the model knows the coercion:
  /// identity, and plain text to and from attributed text.
  func coerced(to target: ObjectClass, from type: String) -> ItemValue? {
    switch (self, target) {
    case (.string, .string), (.attributedString, .attributedString), (.url, .url),
      (.image, .image), (.color, .color):
      return self
    case (.string(let text), .attributedString): return .attributedString(text)
    case (.attributedString(let text), .string): return .string(text)
    case (.data(let bytes, _), _): return ItemValue.decode(bytes, type: type, as: target)
    default: return nil
    }
  }

  /// The bytes of this value in the representation `type`. The encodings are
  /// the model's own (a PNG is not real PNG data) but round-trip exactly.
  func encoded(as type: String) -> Data {
    switch self {
    case .string(let text), .url(let text):
      return Data(text.utf8)
    case .attributedString(let text):
      if type == "public.rtf" || type == "com.apple.flat-rtfd" {
        return Data(("{\\rtf1 " + text + "}").utf8)
      }
      return Data(text.utf8)
    case .image(let image):
      let format = type == "public.jpeg" ? "JPEG" : "PNG"
      return Data(
        "\(format) image \(image.name) \(formatNumber(image.size.width))x\(formatNumber(image.size.height))"
          .utf8)
    case .color(let color):
      return Data(color.name.utf8)
    case .data(let bytes, _):
      return bytes
    }
  }

  /// Decodes bytes of representation `type` into an object of `target`; nil
  /// when the bytes cannot be coerced (UIImage from WebP, §12.19).
  static func decode(_ bytes: Data, type: String, as target: ObjectClass) -> ItemValue? {
    let text = String(decoding: bytes, as: UTF8.self)
    switch target {
    case .string:
      return .string(stripRTF(text, type: type))
    case .attributedString:
      return .attributedString(stripRTF(text, type: type))
    case .url:
      return text.isEmpty ? nil : .url(text)
    case .color:
      return text.isEmpty ? nil : .color(ColorValue(text))
    case .image:
      let decodable = ["public.png", "public.jpeg", "public.tiff", "public.heic", "com.compuserve.gif"]
      guard decodable.contains(type) else { return nil }
      let words = text.split(separator: " ")
      if words.count == 4, words[1] == "image" {
        let dimensions = words[3].split(separator: "x").compactMap { Double($0) }
        let size = dimensions.count == 2 ? Size(dimensions[0], dimensions[1]) : .zero
        return .image(ImageValue(name: String(words[2]), size: size))
      }
      return .image(ImageValue(name: "image (\(bytes.count) bytes)"))
    }
  }

  private static func stripRTF(_ text: String, type: String) -> String {
    guard type == "public.rtf" || type == "com.apple.flat-rtfd",
      text.hasPrefix("{\\rtf1 "), text.hasSuffix("}")
    else { return text }
    return String(text.dropFirst(7).dropLast())
  }
}

extension ItemValue: CustomStringConvertible {
  /// Short, stable text for the trace.
  public var description: String {
    switch self {
    case .string(let text): quotedForTrace(text)
    case .attributedString(let text): "NSAttributedString(" + quotedForTrace(text) + ")"
    case .url(let text): "URL(\(text))"
    case .image(let image): image.description
    case .color(let color): color.description
    case .data(let bytes, let type): "Data(\(bytes.count) bytes, \(type))"
    }
  }
}
