@testable import DndCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL's own line editor, fed key bytes the way a terminal in raw mode
/// sends them.
@Suite struct LineEditorTests {
  /// Feeds every byte; the last action.
  func type(_ bytes: [UInt8], into editor: inout LineEditor) -> LineEditor.Action {
    var last = LineEditor.Action.edit
    for byte in bytes { last = editor.feed(byte) }
    return last
  }

  @Test func ctrlAThenTypingInsertsAtTheStart() {
    var editor = LineEditor()
    let action = type(Array("rint(1)".utf8) + [0x01] + Array("p".utf8) + [0x0D], into: &editor)
    #expect(action == .accept("print(1)"))
  }

  @Test func arrowsMoveAndBackspaceDeletes() {
    var editor = LineEditor()
    // "abd", Left, "c" -> "abcd"; End (ESC [ F), Backspace -> "abc"
    let action = type(
      Array("abd".utf8) + [0x1B, 0x5B, 0x44] + Array("c".utf8) + [0x1B, 0x5B, 0x46, 0x7F, 0x0D],
      into: &editor)
    #expect(action == .accept("abc"))
  }

  @Test func upAndDownWalkTheHistory() {
    var editor = LineEditor(history: ["first", "second"])
    #expect(type([0x1B, 0x5B, 0x41], into: &editor) == .edit)
    #expect(editor.line == "second")
    _ = type([0x1B, 0x5B, 0x41], into: &editor)
    #expect(editor.line == "first")
    _ = type([0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x42], into: &editor)
    #expect(editor.line == "")
  }

  @Test func ctrlRFindsAnEarlierLine() {
    var editor = LineEditor(history: ["longPress source", "drag to target", "release"])
    let action = type([0x12] + Array("drag".utf8) + [0x0D], into: &editor)
    #expect(action == .accept("drag to target"))
  }

  @Test func ctrlCInterruptsAndCtrlDEndsOnlyAnEmptyLine() {
    var editor = LineEditor()
    #expect(type(Array("abc".utf8) + [0x03], into: &editor) == .interrupt)
    editor.startLine()
    #expect(type(Array("ab".utf8) + [0x01, 0x04], into: &editor) == .edit)
    #expect(editor.line == "b")
    editor.startLine()
    #expect(type([0x04], into: &editor) == .endOfInput)
  }

  @Test func multiByteCharactersArriveWhole() {
    var editor = LineEditor()
    #expect(type(Array("\"é\"".utf8) + [0x0D], into: &editor) == .accept("\"é\""))
  }
}

/// `dnd repl` on a pseudo-terminal: the prompt, line editing (type, Ctrl-A,
/// insert, Enter), the history file, and Ctrl-D to quit.
@Suite struct ReplTerminalTests {
  @Test func editsALineAndQuitsOnCtrlD() throws {
    #if canImport(Glibc)
      let binary = try #require(EndToEndTests.binary, "the dnd executable was not found")
      var master: Int32 = -1
      var slave: Int32 = -1
      guard openpty(&master, &slave, nil, nil, nil) == 0 else { return }  // no pty here: skip
      let home = try TemporaryDirectory()
      defer { home.remove() }
      let process = Process()
      process.executableURL = binary
      process.arguments = ["repl"]
      process.currentDirectoryURL = PackagePaths.root
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = home.path
      environment["TERM"] = "xterm"
      process.environment = environment
      let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
      process.standardInput = terminal
      process.standardOutput = terminal
      process.standardError = terminal
      try process.run()
      close(slave)
      defer { close(master) }
      let screen = Screen(master)
      #expect(screen.waitFor("dnd> "), "no prompt: \(screen.text)")
      screen.send(Array("rint(\"from a terminal\")".utf8) + [0x01] + Array("p".utf8) + [0x0D])
      #expect(screen.waitFor("from a terminal\r\n"), "no output: \(screen.text)")
      // The editor redraws the prompt on every key, so counting prompts does
      // not tell that the next line is being read. Only a prompt written
      // after the output does: the reader is back in raw mode by then. A
      // Ctrl-D sent earlier reaches a terminal in line mode, which turns it
      // into a bare end-of-line that raw mode never sees as Ctrl-D.
      let afterOutput = screen.end(of: "from a terminal\r\n")
      #expect(screen.waitFor("dnd> ", after: afterOutput), "no second prompt: \(screen.text)")
      screen.send([0x04])
      let deadline = Date().addingTimeInterval(30)
      while process.isRunning && Date() < deadline { usleep(20_000) }
      let quitOnItsOwn = !process.isRunning
      // Foundation traps on `terminationStatus` while the process runs, so a
      // REPL that did not quit is stopped and waited for before asking.
      // SIGKILL, not SIGTERM: a REPL stuck in a read must not hang the suite.
      if !quitOnItsOwn { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      #expect(quitOnItsOwn, "dnd repl did not quit on Ctrl-D: \(screen.text)")
      guard quitOnItsOwn else { return }
      #expect(process.terminationStatus == 0)
      let history = try String(contentsOfFile: home.path + "/.dnd_history", encoding: .utf8)
      #expect(history == "print(\"from a terminal\")\n")
    #endif
  }

  /// What the program wrote to the terminal, read as it arrives.
  final class Screen: @unchecked Sendable {
    private let master: Int32
    private var bytes: [UInt8] = []

    init(_ master: Int32) { self.master = master }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The offset just past the first `needle` that arrived (or of all
    /// that arrived, when it is not there).
    func end(of needle: String) -> Int {
      let pattern = Array(needle.utf8)
      guard !pattern.isEmpty, bytes.count >= pattern.count else { return bytes.count }
      for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern) {
        return start + pattern.count
      }
      return bytes.count
    }

    func send(_ keys: [UInt8]) {
      var keys = keys
      _ = write(master, &keys, keys.count)
    }

    /// Reads until `needle` has appeared `occurrences` times in what arrived
    /// after the first `after` bytes, for at most thirty seconds.
    func waitFor(_ needle: String, occurrences: Int = 1, after: Int = 0) -> Bool {
      // Generous: a loaded CI machine can take seconds to start the binary.
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        let recent = String(decoding: bytes.dropFirst(after), as: UTF8.self)
        if recent.components(separatedBy: needle).count - 1 >= occurrences { return true }
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) >= 0 else { return false }
        if poller.revents & Int16(POLLIN) != 0 {
          var chunk = [UInt8](repeating: 0, count: 4096)
          let count = read(master, &chunk, chunk.count)
          if count <= 0 { return false }
          bytes += chunk[0..<count]
        }
      }
      return false
    }
  }
}

/// The history file is a comfort: appending to one that is not a regular
/// file (a FIFO with no reader would block the first line for ever) writes
/// nothing and returns; a regular one gets the line.
@Suite struct HistoryFileTests {
  @Test func aHistoryThatIsAFIFOIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path + "/fifo_history"
    #expect(mkfifo(fifo, 0o600) == 0)
    HistoryFile(path: fifo).append("print(1)")
    let regular = HistoryFile(path: directory.path + "/history")
    regular.append("print(2)")
    #expect(regular.load() == ["print(2)"])
  }
}
