// Uniform type identifiers and the classes that read and write them (§5.3,
// §5.4). Conformance is transitive and multi-parent: public.png conforms to
// public.image, which conforms to public.data and public.content.

/// The UTI conformance tree the runtime knows.
public enum TypeIdentifier {
  /// Each known type with its direct parents. QA1406's table, plus the types
  /// later systems use (§5.4).
  static let parents: [String: [String]] = [
    "public.item": [],
    "public.content": ["public.item"],
    "public.data": ["public.item"],
    "public.composite-content": ["public.content"],
    "public.text": ["public.data", "public.content"],
    "public.plain-text": ["public.text"],
    "public.utf8-plain-text": ["public.plain-text"],
    "public.utf16-plain-text": ["public.plain-text"],
    "public.utf16-external-plain-text": ["public.plain-text"],
    "public.rtf": ["public.text"],
    "public.html": ["public.text"],
    "public.json": ["public.text"],
    "com.apple.flat-rtfd": ["public.data", "public.composite-content"],
    "com.adobe.pdf": ["public.data", "public.composite-content"],
    "public.url": ["public.data"],
    "public.file-url": ["public.url"],
    "public.vcard": ["public.data", "public.content"],
    "public.image": ["public.data", "public.content"],
    "public.jpeg": ["public.image"],
    "public.png": ["public.image"],
    "public.tiff": ["public.image"],
    "public.jpeg-2000": ["public.image"],
    "public.heic": ["public.image"],
    "com.compuserve.gif": ["public.image"],
    "org.webmproject.webp": ["public.image"],
    "com.apple.uikit.color": ["public.data"],
    "public.audiovisual-content": ["public.data", "public.content"],
    "public.movie": ["public.audiovisual-content"],
    "public.mpeg-4": ["public.movie"],
    "com.apple.quicktime-movie": ["public.movie"],
  ]

  /// True if `type` is `parent` or conforms to it through the tree.
  /// Choice: a type the runtime does not know (a custom `com.example.card`)
  /// conforms to itself, `public.data` and `public.item`, as an exported data
  /// type would.
  public static func conforms(_ type: String, to parent: String) -> Bool {
    if type == parent { return true }
    guard let known = ancestors[type] else {
      return parent == "public.data" || parent == "public.item"
    }
    return known.contains(parent)
  }

  /// True if `type` conforms to any of `parents`.
  public static func conforms(_ type: String, toAnyOf parents: [String]) -> Bool {
    // One look-up of the type's ancestors serves every parent (item
    // providers ask for each of a class's readable types, at every drop).
    guard let known = ancestors[type] else {
      return parents.contains { $0 == type || $0 == "public.data" || $0 == "public.item" }
    }
    return parents.contains { known.contains($0) }
  }

  /// Every known type with all the types it conforms to, itself included:
  /// `parents` closed once, so that a conformance test is one look-up and a
  /// few comparisons of short strings instead of a walk up the tree (every
  /// parent named is a known type; a type has at most five ancestors).
  static let ancestors: [String: [String]] = {
    func closure(_ type: String) -> [String] {
      var found = [type]
      for parent in parents[type] ?? [] {
        for ancestor in closure(parent) where !found.contains(ancestor) { found.append(ancestor) }
      }
      return found
    }
    return Dictionary(uniqueKeysWithValues: parents.keys.map { ($0, closure($0)) })
  }()

  /// The type of a file with this name extension (any case), for
  /// `NSItemProvider(contentsOf:)` (§5.2). Choice: an extension the runtime
  /// does not know gives public.data, where UIKit would make a dynamic type.
  public static func forFileExtension(_ fileExtension: String) -> String {
    switch fileExtension.lowercased() {
    case "png": "public.png"
    case "jpg", "jpeg": "public.jpeg"
    case "tif", "tiff": "public.tiff"
    case "gif": "com.compuserve.gif"
    case "heic": "public.heic"
    case "webp": "org.webmproject.webp"
    case "txt", "text": "public.plain-text"
    case "rtf": "public.rtf"
    case "rtfd": "com.apple.flat-rtfd"
    case "html", "htm": "public.html"
    case "json": "public.json"
    case "pdf": "com.adobe.pdf"
    case "vcf": "public.vcard"
    case "mp4": "public.mpeg-4"
    case "mov": "com.apple.quicktime-movie"
    default: "public.data"
    }
  }

  /// A file name extension for temporary files of this type.
  static func fileExtension(for type: String) -> String {
    switch type {
    case "public.png": "png"
    case "public.jpeg": "jpeg"
    case "public.tiff": "tiff"
    case "public.rtf": "rtf"
    case "public.html": "html"
    case "com.adobe.pdf": "pdf"
    case "public.json": "json"
    case "public.mpeg-4": "mp4"
    case "com.apple.quicktime-movie": "mov"
    case _ where conforms(type, to: "public.plain-text"): "txt"
    default: "data"
    }
  }
}

/// The classes that adopt NSItemProviderReading and NSItemProviderWriting
/// (§5.3): what `NSItemProvider(object:)`, `canLoadObject(ofClass:)` and
/// `loadObject(ofClass:)` work with.
public enum ObjectClass: String, Codable, Sendable, CaseIterable {
  case string, attributedString, url, image, color

  /// The class name UIKit prints (NSString for Swift's String).
  public var uikitName: String {
    switch self {
    case .string: "NSString"
    case .attributedString: "NSAttributedString"
    case .url: "NSURL"
    case .image: "UIImage"
    case .color: "UIColor"
    }
  }

  /// `writableTypeIdentifiersForItemProvider`, highest fidelity first.
  /// Choice (the exact arrays are open, §13.4): NSString writes UTF-8 plain
  /// text; NSAttributedString rich text first, then plain text; NSURL
  /// public.url; UIImage PNG then JPEG; UIColor its UIKit type.
  public var writableTypeIdentifiers: [String] {
    switch self {
    case .string: ["public.utf8-plain-text"]
    case .attributedString: ["com.apple.flat-rtfd", "public.rtf", "public.utf8-plain-text"]
    case .url: ["public.url"]
    case .image: ["public.png", "public.jpeg"]
    case .color: ["com.apple.uikit.color"]
    }
  }

  /// `readableTypeIdentifiersForItemProvider`. A registered type is readable
  /// when it conforms to one of these, so the abstract entries stand for
  /// their families (public.image covers PNG, JPEG, ...).
  public var readableTypeIdentifiers: [String] {
    // Constants: every drop asks each item which classes it can load.
    switch self {
    case .string: Self.readableByString
    case .attributedString: Self.readableByAttributedString
    case .url: Self.readableByURL
    case .image: Self.readableByImage
    case .color: Self.readableByColor
    }
  }

  private static let readableByString = [
    "public.utf8-plain-text", "public.utf16-external-plain-text", "public.utf16-plain-text",
    "public.plain-text",
  ]
  private static let readableByAttributedString = [
    "com.apple.flat-rtfd", "public.rtf", "public.utf8-plain-text", "public.plain-text",
  ]
  private static let readableByURL = ["public.url"]
  private static let readableByImage = ["public.png", "public.jpeg", "public.image"]
  private static let readableByColor = ["com.apple.uikit.color"]

  /// True if a representation of `type` can produce an object of this class.
  func canRead(_ type: String) -> Bool {
    TypeIdentifier.conforms(type, toAnyOf: readableTypeIdentifiers)
  }
}
