/// Diagnostic rendering: the one place where `Diagnostic` values become text.
///
/// The form follows swiftc and clang: a header `path:line:col: error: message`,
/// then the source line behind a line-number gutter and a `^~~~` underline of
/// the range, then the notes, each with its own header and snippet. Fix-its
/// that fit on the primary line are shown clang-style, as the replacement text
/// under the underline; the others become notes that say what to change.
///
/// Columns in headers count UTF-8 bytes, as swiftc does. Underlines count
/// display cells, so they stay aligned under wide characters (CJK, emoji) and
/// tabs, which the snippet expands to spaces. Control characters and invalid
/// UTF-8 are shown as U+FFFD, so a snippet never sends escape sequences to
/// the terminal.
///
/// Whether to colour is decided by the caller (see `ColorMode`); the renderer
/// only obeys.

/// When to colour output: a choice given by the user, resolved by the caller
/// against the stream and the environment.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  case auto, always, never

  /// Whether to colour a stream. `auto` colours only a terminal, and only
  /// when `NO_COLOR` is unset or empty (https://no-color.org).
  public func usesColor(streamIsTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      return streamIsTerminal && !noColor
    }
  }
}

/// Renders diagnostics as text, with or without ANSI colour.
public struct DiagnosticRenderer: Sendable {
  /// Emit ANSI colour codes.
  public var useColor: Bool
  /// Tab stops in snippets, in display cells.
  public var tabWidth: Int
  private let files: [SourceFile.ID: SourceFile]

  /// A renderer that can show snippets from any of `files` (matched by id).
  public init(files: [SourceFile], useColor: Bool = false, tabWidth: Int = 4) {
    var table: [SourceFile.ID: SourceFile] = [:]
    for file in files where table[file.id] == nil { table[file.id] = file }
    self.files = table
    self.useColor = useColor
    self.tabWidth = max(1, tabWidth)
  }

  public init(file: SourceFile, useColor: Bool = false, tabWidth: Int = 4) {
    self.init(files: [file], useColor: useColor, tabWidth: tabWidth)
  }

  /// All diagnostics, in the order given, each ending with a line break.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// One diagnostic: header, snippet, fix-its, notes.
  public func render(_ diagnostic: Diagnostic) -> String {
    let plan = FixItPlan(diagnostic: diagnostic, files: files, tabWidth: tabWidth)
    let gutter = gutterWidth(for: diagnostic, plan: plan)
    var out = header(diagnostic.severity, diagnostic.message, at: diagnostic.range)
    if let file = files[diagnostic.range.file] {
      out += snippet(file, diagnostic.range, inline: plan.inline, gutter: gutter)
    }
    for fixIt in plan.separate {
      out += header(.note, describe(fixIt), at: fixIt.range)
      if let file = files[fixIt.range.file] {
        out += snippet(file, fixIt.range, inline: [], gutter: gutter)
      }
    }
    for (note, repeats) in Self.collapsed(diagnostic.notes) {
      out += header(.note, note.message, at: note.range)
      if let range = note.range, let file = files[range.file] {
        out += snippet(file, range, inline: [], gutter: gutter)
      }
      if repeats > 0 {
        out += header(.note, "the note above repeats \(repeats) more time\(repeats == 1 ? "" : "s")", at: nil)
      }
    }
    return out
  }

  /// Runs of identical notes (a recursive call's stack trace) as one note and
  /// a count of the repeats, so a deep recursion does not print a wall of
  /// identical snippets.
  static func collapsed(_ notes: [Diagnostic.Note]) -> [(note: Diagnostic.Note, repeats: Int)] {
    var runs: [(note: Diagnostic.Note, repeats: Int)] = []
    for note in notes {
      if let last = runs.last, last.note == note {
        runs[runs.count - 1].repeats += 1
      } else {
        runs.append((note, 0))
      }
    }
    return runs
  }

  /// A message with no place in a source file, such as a command-line error:
  /// `error: message`, coloured like a diagnostic's header.
  public func render(_ severity: Diagnostic.Severity, _ message: String) -> String {
    header(severity, message, at: nil)
  }

  // MARK: - Pieces

  /// `path:line:col: error: message`, or `note: message` for a note without a place.
  private func header(_ severity: Diagnostic.Severity, _ message: String, at range: SourceRange?) -> String {
    var out = ""
    if let range, let file = files[range.file] {
      let location = file.location(of: Int(range.start))
      out += paint("\(file.name):\(location.line):\(location.column):", .bold) + " "
    }
    let label = "\(severity.rawValue):"
    switch severity {
    case .error:
      out += paint(label, .red) + " " + paint(message, .bold)
    case .warning:
      out += paint(label, .magenta) + " " + paint(message, .bold)
    case .note:
      out += paint(label, .cyan) + " " + message
    }
    return out + "\n"
  }

  /// The range's first line behind the gutter, the underline, and the inline
  /// fix-its' replacement text on a third line.
  private func snippet(
    _ file: SourceFile, _ range: SourceRange, inline: [(column: Int, text: String)], gutter: Int
  ) -> String {
    // A range past the end of the file (a stage's mistake) is shown at the end.
    let startOffset = min(Int(range.start), file.bytes.count)
    let start = file.location(of: startOffset)
    let window = SnippetWindow(file: file, line: start.line, around: startOffset)
    let line = LineLayout(bytes: file.bytes[window.start..<window.end], tabWidth: tabWidth)
    // A range running past its line (or the part shown) is underlined to its end.
    let end = max(startOffset, min(Int(range.end), window.end))
    let startColumn = window.lead + line.column(atByte: startOffset - window.start, roundingUp: false)
    let endColumn = max(
      startColumn + 1, window.lead + line.column(atByte: end - window.start, roundingUp: true))
    let number = String(start.line)
    let numberField = String(repeating: " ", count: max(0, gutter - number.count)) + number
    let blankField = String(repeating: " ", count: gutter)

    let shown = (window.cutBefore ? SnippetWindow.ellipsis : "") + line.text
      + (window.cutAfter ? SnippetWindow.ellipsis : "")
    var out = trimmed(paint(numberField + " |", .blue) + " " + shown) + "\n"
    let marks = "^" + String(repeating: "~", count: endColumn - startColumn - 1)
    out += paint(blankField + " |", .blue) + " "
    out += String(repeating: " ", count: startColumn) + paint(marks, .green) + "\n"

    if !inline.isEmpty {
      var replacement = ""
      var width = 0
      for (column, text) in inline {
        replacement += String(repeating: " ", count: max(0, column - width)) + paint(text, .green)
        width = max(width, column) + LineLayout(bytes: ArraySlice(text.utf8), tabWidth: tabWidth).width
      }
      out += paint(blankField + " |", .blue) + " " + replacement + "\n"
    }
    return out
  }

  /// "insert 'x'", "remove 'x'" or "replace 'x' with 'y'".
  private func describe(_ fixIt: Diagnostic.FixIt) -> String {
    let original = files[fixIt.range.file].map { $0.text(fixIt.range) } ?? ""
    let old = escaped(original)
    let new = escaped(fixIt.replacement)
    if original.isEmpty { return "fix-it: insert '\(new)'" }
    if fixIt.replacement.isEmpty { return "fix-it: remove '\(old)'" }
    return "fix-it: replace '\(old)' with '\(new)'"
  }

  /// The width of the line-number field: the widest line number the
  /// diagnostic shows, and at least 4 so short files line up alike.
  private func gutterWidth(for diagnostic: Diagnostic, plan: FixItPlan) -> Int {
    var ranges = [diagnostic.range] + plan.separate.map(\.range)
    ranges += diagnostic.notes.compactMap(\.range)
    var widest = 4
    for range in ranges {
      guard let file = files[range.file] else { continue }
      widest = max(widest, String(file.location(of: Int(range.start)).line).count)
    }
    return widest
  }

  // MARK: - Text helpers

  /// ANSI styles used by the renderer.
  enum Style: String {
    case bold = "1", red = "1;31", magenta = "1;35", cyan = "1;36", green = "1;32", blue = "34"
  }

  private func paint(_ text: String, _ style: Style) -> String {
    guard useColor, !text.isEmpty else { return text }
    return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
  }

  /// Removes trailing spaces (an empty source line would otherwise end in one).
  private func trimmed(_ line: String) -> String {
    var result = Substring(line)
    while result.last == " " { result = result.dropLast() }
    return String(result)
  }

  /// Text for a quoted description: line breaks, tabs and controls made visible.
  private func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default: out.unicodeScalars.append(LineLayout.isControl(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return out
  }
}

/// Which fix-its go on the primary snippet's replacement line (with the
/// display column each starts at), and which are described in notes of their own.
private struct FixItPlan {
  var inline: [(column: Int, text: String)] = []
  var separate: [Diagnostic.FixIt] = []

  init(diagnostic: Diagnostic, files: [SourceFile.ID: SourceFile], tabWidth: Int) {
    guard let file = files[diagnostic.range.file] else {
      separate = diagnostic.fixIts
      return
    }
    let primaryLine = file.location(of: Int(diagnostic.range.start)).line
    let lineStart = file.lineStarts[primaryLine - 1]
    guard file.lineBytes(primaryLine).count <= SnippetWindow.longLine else {
      // A long line is shown in part; its fix-its are described in notes.
      separate = diagnostic.fixIts
      return
    }
    let layout = LineLayout(bytes: file.lineBytes(primaryLine), tabWidth: tabWidth)
    var candidates: [(column: Int, fixIt: Diagnostic.FixIt)] = []
    for fixIt in diagnostic.fixIts {
      let fits =
        fixIt.range.file == diagnostic.range.file
        && Int(fixIt.range.end) <= file.bytes.count
        && !fixIt.replacement.isEmpty
        && !fixIt.replacement.contains(where: \.isNewline)
        && file.location(of: Int(fixIt.range.start)).line == primaryLine
        && file.location(of: Int(fixIt.range.end)).line == primaryLine
      if fits {
        let column = layout.column(atByte: Int(fixIt.range.start) - lineStart, roundingUp: false)
        candidates.append((column, fixIt))
      } else {
        separate.append(fixIt)
      }
    }
    // Left to right; one that would overwrite the previous replacement is described instead.
    candidates.sort { $0.column < $1.column }
    var reach = 0
    for (column, fixIt) in candidates {
      let text = LineLayout(bytes: ArraySlice(fixIt.replacement.utf8), tabWidth: tabWidth)
      if column >= reach {
        inline.append((column, text.text))
        reach = column + text.width
      } else {
        separate.append(fixIt)
      }
    }
  }
}

/// The part of a line a snippet shows: all of it, or for a line longer than
/// `longLine` bytes (minified or generated code, a 10 MB line of garbage)
/// a stretch around the range with "..." where it is cut, so that rendering
/// costs the same however long the line is.
struct SnippetWindow {
  /// Lines up to this many bytes are shown whole.
  static let longLine = 1_000
  /// How much of a long line is shown before and after the range's start.
  static let before = 200
  static let after = 300
  static let ellipsis = "..."

  /// Byte offsets in the file of the first byte shown and past the last.
  let start: Int
  let end: Int
  let cutBefore: Bool
  let cutAfter: Bool

  /// Display columns before the first byte shown (the ellipsis).
  var lead: Int { cutBefore ? Self.ellipsis.count : 0 }

  init(file: SourceFile, line: Int, around offset: Int) {
    let bytes = file.lineBytes(line)
    var start = bytes.startIndex
    var end = bytes.endIndex
    if bytes.count > Self.longLine {
      start = max(bytes.startIndex, offset - Self.before)
      end = min(bytes.endIndex, max(start, offset) + Self.after)
      // Cut between characters: never inside a UTF-8 sequence.
      while start > bytes.startIndex, start < end, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      while end < bytes.endIndex, end > start, bytes[end] & 0xC0 == 0x80 { end += 1 }
    }
    self.start = start
    self.end = end
    cutBefore = start > bytes.startIndex
    cutAfter = end < bytes.endIndex
  }
}

extension SourceFile {
  /// The bytes of a 1-based line, without its line break.
  func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
    guard line >= 1, line <= lineStarts.count else { return [] }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return bytes[start..<end]
  }
}

/// One source line as it is displayed: tabs expanded, controls and invalid
/// UTF-8 replaced by U+FFFD, and the display column of every byte offset.
struct LineLayout {
  /// The line as shown in a snippet.
  private(set) var text = ""
  /// Display cells of the whole line.
  private(set) var width = 0
  /// Number of bytes of the original line.
  let byteCount: Int
  /// (byte offset, display column) at the start of each character, ascending.
  private var starts: [(byte: Int, column: Int)] = []

  init(bytes: ArraySlice<UInt8>, tabWidth: Int) {
    byteCount = bytes.count
    let decoded = Self.decode(bytes)
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: decoded.map(\.scalar))
    var index = 0
    for character in String(scalars) {
      starts.append((decoded[index].offset, width))
      index += character.unicodeScalars.count
      if character == "\t" {
        let cells = tabWidth - width % tabWidth
        text += String(repeating: " ", count: cells)
        width += cells
      } else if character.unicodeScalars.contains(where: Self.isControl) {
        text += "\u{FFFD}"
        width += 1
      } else {
        text.append(character)
        width += Self.cells(character)
      }
    }
  }

  /// The display column (0-based) of a byte offset within the line. An offset
  /// inside a character rounds to its start, or past its end when `roundingUp`.
  func column(atByte offset: Int, roundingUp: Bool) -> Int {
    if offset >= byteCount { return width + max(0, offset - byteCount) }
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid].byte <= offset { low = mid } else { high = mid - 1 }
    }
    guard low < starts.count else { return 0 }
    let start = starts[low]
    if start.byte == offset || !roundingUp { return start.column }
    return low + 1 < starts.count ? starts[low + 1].column : width
  }

  /// C0 and C1 controls and DEL, and what would move the rest of the line
  /// (bidirectional controls reorder it on screen, line and paragraph
  /// separators break it), so the caret stays under its text: never sent to
  /// the terminal as they are.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Display cells of a printable character: 2 for East Asian wide and emoji,
  /// 0 for a lone combining mark or format character, else 1.
  private static func cells(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    if isWide(first.value) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// East Asian Wide and Fullwidth blocks (a compact approximation of UAX #11).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// Decodes UTF-8 keeping each scalar's byte offset; every byte of an
  /// invalid sequence becomes one U+FFFD, so offsets stay exact.
  private static func decode(_ bytes: ArraySlice<UInt8>) -> [(scalar: Unicode.Scalar, offset: Int)] {
    var result: [(scalar: Unicode.Scalar, offset: Int)] = []
    result.reserveCapacity(bytes.count)
    let base = bytes.startIndex
    var i = base
    while i < bytes.endIndex {
      let lead = bytes[i]
      let length: Int
      var value: UInt32
      switch lead {
      case 0x00...0x7F: length = 1; value = UInt32(lead)
      case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
      case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
      case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
      default: length = 0; value = 0
      }
      var valid = length > 0 && i + length <= bytes.endIndex
      if valid {
        for k in 1..<max(1, length) {
          let byte = bytes[i + k]
          if byte & 0xC0 != 0x80 { valid = false; break }
          value = value << 6 | UInt32(byte & 0x3F)
        }
      }
      // Overlong forms and surrogates are invalid too; Unicode.Scalar rejects surrogates.
      let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0
      if valid, value >= minimum, let scalar = Unicode.Scalar(value) {
        result.append((scalar, i - base))
        i += length
      } else {
        result.append(("\u{FFFD}", i - base))
        i += 1
      }
    }
    return result
  }
}
