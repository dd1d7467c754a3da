/// A script's text, its name, and a table of line starts.
///
/// Everything downstream refers to text by `SourceRange` (UTF-8 byte offsets);
/// lines and columns are computed only when a diagnostic is rendered.
public final class SourceFile: Sendable {
  /// The name shown in diagnostics: a path, `<stdin>` or `<repl:3>`.
  public let name: String
  /// The text as UTF-8 bytes; the lexer reads these, never `Character`s.
  public let bytes: [UInt8]
  /// Identifies the file inside a `SourceRange`.
  public let id: SourceFile.ID
  /// Byte offset at which each line starts; `lineStarts[0] == 0`, or 3
  /// after a UTF-8 byte order mark (the lexer skips it too).
  public let lineStarts: [Int]

  public typealias ID = UInt32

  public init(name: String, bytes: [UInt8], id: SourceFile.ID = 0) {
    self.name = name
    // A lone carriage return (old Mac line endings) ends a line, as it does
    // for swiftc; it becomes a line feed here, byte for byte, so offsets
    // stay those of the file and nothing downstream has a third kind of
    // line break to know about. A CR before an LF stays (read as spacing).
    let bytes = SourceFile.loneCarriageReturnsAsLineFeeds(bytes)
    self.bytes = bytes
    self.id = id
    let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var starts = [hasByteOrderMark ? 3 : 0]
    // Through a buffer pointer: a debug build subscripts arrays slowly, and
    // tests build multi-megabyte files.
    bytes.withUnsafeBufferPointer { buffer in
      for offset in buffer.indices where buffer[offset] == 0x0A {
        starts.append(offset + 1)
      }
    }
    self.lineStarts = starts
  }

  private static func loneCarriageReturnsAsLineFeeds(_ bytes: [UInt8]) -> [UInt8] {
    let lone: [Int] = bytes.withUnsafeBufferPointer { buffer in
      var found: [Int] = []
      for offset in buffer.indices where buffer[offset] == 0x0D {
        if offset + 1 == buffer.count || buffer[offset + 1] != 0x0A { found.append(offset) }
      }
      return found
    }
    guard !lone.isEmpty else { return bytes }
    var result = bytes
    for offset in lone { result[offset] = 0x0A }
    return result
  }

  public convenience init(name: String, text: String, id: SourceFile.ID = 0) {
    self.init(name: name, bytes: Array(text.utf8), id: id)
  }

  /// The 1-based line and column (in UTF-8 bytes, as swiftc counts) of an offset.
  public func location(of offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    // `max`: an offset inside a byte order mark is at the first column.
    return SourceLocation(line: low + 1, column: max(1, clamped - lineStarts[low] + 1))
  }

  /// The text of a 1-based line, without its line break.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The text covered by a range.
  public func text(_ range: SourceRange) -> String {
    let start = max(0, min(Int(range.start), bytes.count))
    let end = max(start, min(Int(range.end), bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// A 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
  public var description: String { "\(line):\(column)" }
}

/// A half-open range of UTF-8 byte offsets in one source file.
public struct SourceRange: Hashable, Sendable {
  public var file: SourceFile.ID
  public var start: UInt32
  public var end: UInt32

  public init(file: SourceFile.ID = 0, start: Int, end: Int) {
    self.file = file
    self.start = UInt32(clamping: start)
    self.end = UInt32(clamping: max(start, end))
  }

  /// An empty range, for nodes that have no text (missing tokens).
  public static let none = SourceRange(file: 0, start: 0, end: 0)

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    guard other.file == file else { return self }
    var result = self
    result.start = Swift.min(start, other.start)
    result.end = Swift.max(end, other.end)
    return result
  }
}

/// The source files of one session, so that a diagnostic or a stack frame in
/// any of them can be rendered. A REPL adds one file per input.
public struct SourceFiles: Sendable {
  public private(set) var files: [SourceFile] = []
  public init() {}

  /// Registers a new file and returns it with its id.
  public mutating func add(name: String, bytes: [UInt8]) -> SourceFile {
    let file = SourceFile(name: name, bytes: bytes, id: SourceFile.ID(files.count))
    files.append(file)
    return file
  }

  public subscript(id: SourceFile.ID) -> SourceFile? {
    Int(id) < files.count ? files[Int(id)] : nil
  }
}
