#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one byte: the count `read` returned, and the byte.
private func readByte(_ descriptor: Int32) -> (Int, UInt8) {
  var byte: UInt8 = 0
  let count = read(descriptor, &byte, 1)
  return (count, byte)
}

/// One read of a line.
enum LineRead: Equatable {
  case line(String)
  /// Ctrl-C: the input so far is abandoned.
  case interrupted
  /// End of input (Ctrl-D on an empty line, or the end of a pipe).
  case end
  /// Piped input that is not UTF-8 text: the line's number (from 1).
  case notUTF8(line: Int)
  /// Piped input that cannot be read, or went on past the source limit.
  case failed(LoadFailure)
}

/// Where the REPL's lines come from.
protocol LineReader: AnyObject {
  /// Shows `prompt` (a terminal only) and reads one line, without its break.
  func read(prompt: String) -> LineRead
  /// Adds an accepted line to the in-memory history (for Up and Ctrl-R).
  func remember(_ line: String)
}

/// Lines from standard input that is not a terminal: no prompt, no echo.
/// Each line is handed over as soon as it has arrived, so a program that
/// drives the REPL through a pipe gets each answer before it sends the next
/// line. A line longer than a script may be is refused (a stream with no
/// line break would otherwise fill memory); a stream of lines may go on.
final class PipedLines: LineReader {
  private let readChunk: () -> [UInt8]?
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next line break goes on (bytes before it have none).
  private var searched = 0
  private var ended = false
  private var lineNumber = 0

  init(_ readChunk: @escaping () -> [UInt8]?) {
    self.readChunk = readChunk
  }

  /// All the lines at once (the tests' input).
  convenience init(_ bytes: [UInt8]) {
    var delivered = false
    self.init {
      defer { delivered = true }
      return delivered ? [] : bytes
    }
  }

  func read(prompt: String) -> LineRead {
    while true {
      if let newline = buffer[max(start, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
        // However the bytes arrived, in one read or many, the same bound.
        guard newline - start <= SourceLoader.maximumBytes else { return .failed(.standardInputLineTooLong) }
        let line = buffer[start..<newline]
        start = newline + 1
        return decode(line)
      }
      searched = buffer.count
      // Only the line being read counts, without its break.
      guard buffer.count - start <= SourceLoader.maximumBytes else { return .failed(.standardInputLineTooLong) }
      if ended {
        guard start < buffer.count else { return .end }
        let line = buffer[start...]
        start = buffer.count
        return decode(line)
      }
      guard let chunk = readChunk() else { return .failed(.standardInputUnreadable) }
      if chunk.isEmpty {
        ended = true
        continue
      }
      // Drop the lines already handed over before growing the buffer.
      if start > 0 {
        buffer.removeFirst(start)
        searched -= start
        start = 0
      }
      buffer += chunk
    }
  }

  private func decode(_ bytes: ArraySlice<UInt8>) -> LineRead {
    lineNumber += 1
    let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
    guard let text = String(validating: line, as: UTF8.self) else { return .notUTF8(line: lineNumber) }
    return .line(text)
  }

  func remember(_ line: String) {}
}

/// The terminal readers, best first: raw mode with `LineEditor`, else plain
/// reading of the terminal's lines. The REPL edits lines itself rather than
/// through the system's libedit: the same keys in every build (a static
/// `dnd` cannot load libedit), and the prompt is written only once the
/// terminal is in raw mode, so a key typed at the prompt is never read in
/// line mode (where a Ctrl-D that arrives before the switch is lost).
enum TerminalLines {
  static func make(history: [String]) -> LineReader {
    if let raw = RawTerminalReader(history: history) { return raw }
    return PlainTerminalReader()
  }
}

/// Reading a terminal with `LineEditor` in raw mode. The terminal is put
/// back in its own mode after every line, so output and a Ctrl-C during a
/// long evaluation behave as usual.
final class RawTerminalReader: LineReader {
  private var editor: LineEditor
  private let saved: termios

  init?(history: [String]) {
    var mode = termios()
    guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return nil }
    saved = mode
    editor = LineEditor(history: history)
  }

  func read(prompt: String) -> LineRead {
    var raw = saved
    // No line buffering, echo or signal keys; Ctrl-S/Q and CR mapping off.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else {
      return PlainTerminalReader().read(prompt: prompt)
    }
    var restore = saved
    defer { tcsetattr(STDIN_FILENO, TCSADRAIN, &restore) }
    editor.startLine()
    write(editor.redraw(prompt: prompt))
    while true {
      let (count, byte) = readByte(STDIN_FILENO)
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        write("\r\n")
        return .end
      }
      switch editor.feed(byte) {
      case .edit:
        write(editor.redraw(prompt: prompt))
      case .clearScreen:
        write("\u{1B}[H\u{1B}[2J" + editor.redraw(prompt: prompt))
      case .accept(let line):
        write(editor.redraw(prompt: prompt) + "\r\n")
        return .line(line)
      case .interrupt:
        write("^C\r\n")
        return .interrupted
      case .endOfInput:
        write("\r\n")
        return .end
      }
    }
  }

  func remember(_ line: String) { editor.remember(line) }

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    writeAll(&bytes, to: STDOUT_FILENO)
  }
}

/// A terminal whose mode cannot be changed: the prompt, then the line the
/// terminal itself edited.
final class PlainTerminalReader: LineReader {
  func read(prompt: String) -> LineRead {
    var bytes = Array(prompt.utf8)
    writeAll(&bytes, to: STDOUT_FILENO)
    var line: [UInt8] = []
    while true {
      let (count, byte) = readByte(STDIN_FILENO)
      if count < 0, errno == EINTR { return .interrupted }
      if count <= 0 { return line.isEmpty ? .end : .line(String(decoding: line, as: UTF8.self)) }
      if byte == UInt8(ascii: "\n") { return .line(String(decoding: line, as: UTF8.self)) }
      line.append(byte)
    }
  }

  func remember(_ line: String) {}
}

/// The history file, `~/.dnd_history`: one line per entry, appended as each
/// line is accepted, so nothing is lost however the REPL ends.
struct HistoryFile {
  let path: String
  /// Entries loaded at start.
  static let kept = 1_000

  /// The file in the home directory, if `HOME` is set.
  static func inHome(_ environment: [String: String]) -> HistoryFile? {
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return HistoryFile(path: home.hasSuffix("/") ? home + ".dnd_history" : home + "/.dnd_history")
  }

  /// The last entries, oldest first; none if the file cannot be read.
  func load() -> [String] {
    guard case .success(let bytes) = SourceLoader.readFile(path) else { return [] }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.suffix(Self.kept))
  }

  /// Appends one entry; a failure to write is ignored (history is a comfort).
  func append(_ line: String) {
    // Not blocking, and only into a regular file: a history that is a FIFO
    // with no reader would otherwise hang the session at its first line.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    var bytes = Array((line + "\n").utf8)
    writeAll(&bytes, to: descriptor)
  }
}
