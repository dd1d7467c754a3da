import Foundation

// The world's files. They are virtual: a scenario never touches the real file
// system. A file is a `file:` URL and its bytes; `NSItemProvider(contentsOf:)`
// and file representations read them (§5.2).

extension World {
  /// Writes (or replaces) the file at `url`. Returns false, writing nothing,
  /// when `url` is not a `file:` URL with a path.
  @discardableResult
  public func writeFile(_ data: Data, to url: String) -> Bool {
    guard Self.isFileURL(url) else { return false }
    files[url] = data
    return true
  }

  /// A file's contents: one of the world's files or a temporary file still
  /// handed out; nil for any other URL.
  public func virtualFileContents(_ url: String) -> Data? {
    files[url] ?? contentsOfTemporaryFile(url)
  }

  /// True if the world has a file at `url` (its own or a temporary one).
  public func fileExists(_ url: String) -> Bool {
    virtualFileContents(url) != nil
  }

  /// `file:///path/name.ext`: a URL the world can keep a file at.
  static func isFileURL(_ url: String) -> Bool {
    url.hasPrefix("file:///") && url.count > "file:///".count
  }
}
