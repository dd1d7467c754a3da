/// A small line editor as a pure state machine: bytes from a terminal in
/// raw mode go in, the edited line and what to do come out. The terminal
/// driver (`RawTerminalReader`) draws it; tests feed it bytes directly.
///
/// Keys: printable text is inserted at the cursor; Left/Right and Ctrl-B/F
/// move; Home/End and Ctrl-A/E jump; Backspace and Delete (Ctrl-D on a
/// non-empty line) delete; Ctrl-K, Ctrl-U and Ctrl-W kill to the end, to
/// the start and the word before; Up/Down and Ctrl-P/N walk the history;
/// Ctrl-R searches it backwards (Ctrl-R again for an older match, Enter to
/// take it, Ctrl-G or Escape to give up); Ctrl-L clears the screen; Enter
/// accepts; Ctrl-C abandons the line; Ctrl-D on an empty line ends input.
struct LineEditor {
  /// What the caller should do after a byte.
  enum Action: Equatable {
    /// Keep reading; redraw.
    case edit
    /// The line is done.
    case accept(String)
    /// Ctrl-C: abandon the line.
    case interrupt
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-L: clear the screen, then redraw.
    case clearScreen
  }

  private(set) var text: [Character] = []
  private(set) var cursor = 0
  /// Earlier lines, oldest first.
  private(set) var history: [String]
  /// Where Up/Down stand in the history; `history.count` is the line being typed.
  private var historyIndex: Int
  /// The line being typed, kept while browsing the history.
  private var draft: [Character] = []
  /// An escape sequence being read.
  private var escape: [UInt8]?
  /// Bytes of a UTF-8 character not yet complete.
  private var pendingUTF8: [UInt8] = []
  /// The reverse search in progress: the query and the history index found.
  private(set) var search: (query: String, match: Int?)?

  init(history: [String] = []) {
    self.history = history
    self.historyIndex = history.count
  }

  /// The line as typed.
  var line: String { String(text) }

  /// Starts a new line, keeping the history.
  mutating func startLine() {
    text = []
    cursor = 0
    draft = []
    historyIndex = history.count
    escape = nil
    pendingUTF8 = []
    search = nil
  }

  /// Adds an accepted line to the history (not blanks, not a repeat of the last).
  mutating func remember(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
    history.append(line)
    historyIndex = history.count
  }

  /// Takes one byte from the terminal.
  mutating func feed(_ byte: UInt8) -> Action {
    if escape != nil { return feedEscape(byte) }
    if search != nil, let action = feedSearch(byte) { return action }
    switch byte {
    case 0x01: cursor = 0
    case 0x02: cursor = max(0, cursor - 1)
    case 0x03: return .interrupt
    case 0x04:
      if text.isEmpty { return .endOfInput }
      if cursor < text.count { text.remove(at: cursor) }
    case 0x05: cursor = text.count
    case 0x06: cursor = min(text.count, cursor + 1)
    case 0x08, 0x7F:
      if cursor > 0 {
        text.remove(at: cursor - 1)
        cursor -= 1
      }
    case 0x0A, 0x0D: return .accept(line)
    case 0x0B: text.removeSubrange(cursor...)
    case 0x0C: return .clearScreen
    case 0x0E: showHistory(historyIndex + 1)
    case 0x10: showHistory(historyIndex - 1)
    case 0x12: search = (query: "", match: nil)
    case 0x15:
      text.removeSubrange(..<cursor)
      cursor = 0
    case 0x17: deleteWordBefore()
    case 0x1B: escape = []
    default:
      if byte >= 0x20 { insert(byte) }
    }
    return .edit
  }

  /// Inserts a byte of text, once its UTF-8 character is complete.
  private mutating func insert(_ byte: UInt8) {
    pendingUTF8.append(byte)
    let expected: Int
    switch pendingUTF8[0] {
    case 0xF0...: expected = 4
    case 0xE0...: expected = 3
    case 0xC0...: expected = 2
    default: expected = 1
    }
    guard pendingUTF8.count >= expected else { return }
    let decoded = String(decoding: pendingUTF8, as: UTF8.self)
    pendingUTF8 = []
    for character in decoded {
      text.insert(character, at: cursor)
      cursor += 1
    }
  }

  private mutating func deleteWordBefore() {
    var start = cursor
    while start > 0, text[start - 1] == " " { start -= 1 }
    while start > 0, text[start - 1] != " " { start -= 1 }
    text.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Shows history entry `index` (`history.count` is the draft).
  private mutating func showHistory(_ index: Int) {
    guard index >= 0, index <= history.count, index != historyIndex else { return }
    if historyIndex == history.count { draft = text }
    historyIndex = index
    text = index == history.count ? draft : Array(history[index])
    cursor = text.count
  }

  /// The rest of an escape sequence: `ESC [ A` and friends.
  private mutating func feedEscape(_ byte: UInt8) -> Action {
    var sequence = escape ?? []
    sequence.append(byte)
    if sequence.count == 1 {
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
        escape = sequence
        return .edit
      }
      // Escape alone (or Alt-key): cancels a search, otherwise ignored.
      escape = nil
      search = nil
      return .edit
    }
    // Parameters (digits, ';') continue the sequence; a letter or '~' ends it.
    if (0x30...0x3F).contains(byte) {
      escape = sequence
      return .edit
    }
    escape = nil
    if search != nil { acceptSearch() }
    let body = String(decoding: sequence.dropFirst(), as: UTF8.self)
    switch body {
    case "A": showHistory(historyIndex - 1)
    case "B": showHistory(historyIndex + 1)
    case "C": cursor = min(text.count, cursor + 1)
    case "D": cursor = max(0, cursor - 1)
    case "H", "1~", "7~": cursor = 0
    case "F", "4~", "8~": cursor = text.count
    case "3~": if cursor < text.count { text.remove(at: cursor) }
    default: break
    }
    return .edit
  }

  /// A key during a reverse search; nil when the key should act on the
  /// line found (the search ends and the key is handled normally).
  private mutating func feedSearch(_ byte: UInt8) -> Action? {
    guard var current = search else { return nil }
    switch byte {
    case 0x12:
      current.match = find(current.query, before: current.match ?? history.count)
    case 0x07:
      search = nil
      return .edit
    case 0x08, 0x7F:
      if !current.query.isEmpty { current.query.removeLast() }
      current.match = find(current.query, before: history.count)
    case 0x03:
      search = nil
      return .interrupt
    case 0x1B:
      // Escape cancels; an arrow key (ESC [ ...) takes the match. Decided in feedEscape.
      escape = []
      return .edit
    case 0x20...0x7E:
      current.query.append(Character(Unicode.Scalar(byte)))
      current.match = find(current.query, before: (current.match ?? history.count) + 1)
    default:
      acceptSearch()
      return nil
    }
    search = current
    return .edit
  }

  /// The newest history entry before `limit` containing `query`.
  private func find(_ query: String, before limit: Int) -> Int? {
    guard !query.isEmpty else { return nil }
    var index = min(limit, history.count) - 1
    while index >= 0 {
      if history[index].contains(query) { return index }
      index -= 1
    }
    return nil
  }

  /// Ends a search, putting the line found (if any) in the buffer.
  private mutating func acceptSearch() {
    if let match = search?.match {
      text = Array(history[match])
      cursor = text.count
    }
    search = nil
  }

  /// The prompt as shown: the search prompt during a reverse search.
  func shownPrompt(_ prompt: String) -> String {
    guard let search else { return prompt }
    return "(reverse-i-search)'\(search.query)': "
  }

  /// The line as shown: during a search, the match.
  var shownText: String {
    guard let search else { return line }
    return search.match.map { history[$0] } ?? ""
  }

  /// Where the cursor is shown, in characters after the prompt.
  var shownCursor: Int { search == nil ? cursor : shownText.count }

  /// The escape codes that redraw the line in place: back to column 0, the
  /// prompt and text, clear to the end of the line, cursor to its column.
  func redraw(prompt: String) -> String {
    let shown = shownPrompt(prompt)
    var out = "\r" + shown + shownText + "\u{1B}[K\r"
    let column = shown.count + shownCursor
    if column > 0 { out += "\u{1B}[\(column)C" }
    return out
  }
}
