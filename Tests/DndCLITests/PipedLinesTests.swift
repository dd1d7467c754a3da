import Testing

@testable import DndCLI

/// The piped REPL's reader: a line as soon as it has arrived, the text
/// checked as UTF-8 line by line, and a bound on a line, not on the stream.
@Suite struct PipedLinesTests {
  /// Chunks handed out one at a time, counting how many were asked for.
  final class Chunks {
    var pending: [[UInt8]]
    var asked = 0
    init(_ chunks: [String]) { pending = chunks.map { Array($0.utf8) } }
    func next() -> [UInt8]? {
      asked += 1
      return pending.isEmpty ? [] : pending.removeFirst()
    }
  }

  @Test("a line is handed over before the next one is read")
  func eachLineAsItArrives() {
    let chunks = Chunks(["print(1)\nprint(", "2)\r\n", "print(3)"])
    let reader = PipedLines { chunks.next() }
    #expect(reader.read(prompt: "") == .line("print(1)"))
    #expect(chunks.asked == 1)
    #expect(reader.read(prompt: "") == .line("print(2)"))
    #expect(chunks.asked == 2)
    // The last line needs no break; then the end.
    #expect(reader.read(prompt: "") == .line("print(3)"))
    #expect(reader.read(prompt: "") == .end)
  }

  @Test("a line that is not UTF-8 is named by its number, and the next lines still come")
  func notUTF8() {
    let reader = PipedLines(Array("ok\n".utf8) + [0x61, 0xFF, 0x0A] + Array("fine\n".utf8))
    #expect(reader.read(prompt: "") == .line("ok"))
    #expect(reader.read(prompt: "") == .notUTF8(line: 2))
    #expect(reader.read(prompt: "") == .line("fine"))
  }

  @Test("a line past the source limit is refused; a long stream of short lines is not")
  func lineLimit() {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    var sent = 0
    let reader = PipedLines {
      sent += 1
      return sent > 20 ? [] : long
    }
    #expect(reader.read(prompt: "") == .failed(.standardInputLineTooLong))
    // 300 chunks of 64 KiB of 64-byte lines: 19 MiB in all, past the limit.
    let line = Array((String(repeating: "1", count: 63) + "\n").utf8)
    let chunk = [UInt8]((0..<1_024).flatMap { _ in line })
    var chunks = 0
    let many = PipedLines {
      chunks += 1
      return chunks > 300 ? [] : chunk
    }
    var read = 0
    while case .line = many.read(prompt: "") { read += 1 }
    #expect(read == 300 * 1_024)
    // A line exactly as long as the limit is read, its break not counted.
    let whole = [UInt8](repeating: UInt8(ascii: "x"), count: SourceLoader.maximumBytes) + [UInt8(ascii: "\n")]
    var fed = false
    let exact = PipedLines {
      defer { fed = true }
      return fed ? [] : whole
    }
    guard case .line(let line) = exact.read(prompt: "") else {
      Issue.record("a line of the limit's length was refused")
      return
    }
    #expect(line.utf8.count == SourceLoader.maximumBytes)
    // One byte more is refused, its break in the same read or not.
    let over = [UInt8](repeating: UInt8(ascii: "x"), count: SourceLoader.maximumBytes + 1) + [UInt8(ascii: "\n")]
    #expect(PipedLines(over).read(prompt: "") == .failed(.standardInputLineTooLong))
  }

  @Test("the REPL reports a line that is not UTF-8, skips it and goes on")
  func replSkipsALineThatIsNotUTF8() {
    let input = Array("print(1)\n".utf8) + [0x70, 0xFF, 0x0A] + Array("print(3)\n".utf8)
    let outcome = dnd(["repl"], input: input)
    #expect(outcome.status == 65)
    #expect(outcome.error.contains("line 2 of standard input is not UTF-8 text"), "\(outcome.error)")
    #expect(outcome.output == "1\n3\n")
  }
}
