#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outside world as the command sees it: two output streams, standard
/// input, whether the streams are terminals, and the environment.
///
/// Everything the command prints goes through here, so tests run the command
/// in-process with a console that records, and `Sources/dnd/main.swift` wires
/// the real streams (`Console.system()`). The real console talks to the file
/// descriptors directly, without Foundation, which keeps `dnd`'s start-up
/// short (Foundation alone about doubles it on Linux).
public struct Console {
  /// Writes text to standard output, as given (line breaks included).
  public var writeOutput: (String) -> Void
  /// Writes text to standard error, as given.
  public var writeError: (String) -> Void
  /// Reads all of standard input, or nil when it cannot be read.
  public var readInput: () -> [UInt8]?
  /// Reads what standard input has now (blocking until some arrives): an
  /// empty array at its end, nil when it cannot be read. The piped REPL
  /// answers each line as it comes; in-process consoles hand over
  /// `readInput`'s bytes in one piece.
  public var readInputChunk: () -> [UInt8]?
  /// Writes out anything still buffered; called once the command is done.
  public var flush: () -> Void
  /// The error number of the first write to standard output that failed
  /// (a full disk, a closed stream), or nil. Read after `flush`.
  public var outputFailure: () -> Int32? = { nil }
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (diagnostics are coloured by this).
  public var errorIsTerminal: Bool
  /// Whether standard input is a terminal (`dnd repl` then edits lines itself).
  public var inputIsTerminal: Bool = false
  /// The environment, for `NO_COLOR`.
  public var environment: [String: String]
  /// Set only by the process's own console (`system()`), where `dnd run`
  /// runs one script and the process then exits: `dnd run` calls it before
  /// the run, and leaves the run's objects to the exit instead of freeing
  /// them. Nil for consoles that run the command in-process (tests), whose
  /// process goes on, so their runs free everything as usual.
  public var prepareForSingleRun: (() -> Void)?

  public init(
    writeOutput: @escaping (String) -> Void,
    writeError: @escaping (String) -> Void,
    readInput: @escaping () -> [UInt8]? = { [] },
    flush: @escaping () -> Void = {},
    outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readInput = readInput
    let whole = WholeInput(readInput)
    self.readInputChunk = { whole.next() }
    self.flush = flush
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
  }

  /// The process's own streams and environment. Standard output is buffered
  /// (a script may print a line per loop iteration) and flushed before
  /// anything goes to standard error, so `2>&1` keeps the order of events.
  public static func system() -> Console {
    let output = BufferedOutput(descriptor: STDOUT_FILENO, lineBuffered: isatty(STDOUT_FILENO) == 1)
    var console = Console(
      writeOutput: { output.write($0) },
      writeError: { text in
        output.flush()
        var bytes = Array(text.utf8)
        writeAll(&bytes, to: STDERR_FILENO)
      },
      // Standard input may never end (`yes | dnd run -`): past the limit a
      // script is refused anyway, so reading stops there.
      readInput: { readAll(STDIN_FILENO, limit: SourceLoader.maximumBytes) },
      flush: { output.flush() },
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      environment: processEnvironment()
    )
    console.inputIsTerminal = isatty(STDIN_FILENO) == 1
    console.readInputChunk = { readSome(STDIN_FILENO) }
    console.outputFailure = { output.failure }
    console.prepareForSingleRun = { AllocatorTuning.forSingleRun() }
    return console
  }

  /// The variables of the process environment the command reads
  /// (`NO_COLOR`, `HOME`). Only those: copying every variable into a
  /// dictionary cost about 0.75 million instructions at each start-up.
  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    for name in ["NO_COLOR", "HOME"] {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }
}

/// Reads a file descriptor to its end, or until more than `limit` bytes
/// have come (the caller refuses that many); nil if a read fails.
func readAll(_ descriptor: Int32, limit: Int) -> [UInt8]? {
  var result: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while result.count <= limit {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count == 0 { return result }
    if count < 0 {
      if errno == EINTR { continue }
      return nil
    }
    result += chunk[0..<count]
  }
  return result
}

/// What one `read` gives: up to 64 KiB, empty at the end, nil on an error.
func readSome(_ descriptor: Int32) -> [UInt8]? {
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count >= 0 { return Array(chunk[0..<count]) }
    if errno != EINTR { return nil }
  }
}

/// `readInput`'s bytes as chunks: all of them once, then the end.
private final class WholeInput {
  private let read: () -> [UInt8]?
  private var done = false

  init(_ read: @escaping () -> [UInt8]?) { self.read = read }

  func next() -> [UInt8]? {
    if done { return [] }
    done = true
    return read()
  }
}

/// A write buffer in front of a file descriptor.
final class BufferedOutput {
  private let descriptor: Int32
  /// Flush at every line break (for a terminal, where a person is watching).
  private let lineBuffered: Bool
  private var buffer: [UInt8] = []
  /// Flush once this much is waiting: large enough to make printing loops
  /// cheap, small enough not to matter for memory.
  private static let capacity = 64 * 1024

  init(descriptor: Int32, lineBuffered: Bool) {
    self.descriptor = descriptor
    self.lineBuffered = lineBuffered
  }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity || (lineBuffered && text.utf8.contains(UInt8(ascii: "\n"))) {
      flush()
    }
  }

  /// The first write error, kept for the exit status; later output is dropped.
  private(set) var failure: Int32?

  func flush() {
    guard !buffer.isEmpty else { return }
    if failure == nil { failure = writeAll(&buffer, to: descriptor) }
    buffer.removeAll(keepingCapacity: true)
  }

}

/// Writes every byte, retrying after interruptions and partial writes.
/// Returns the error number of a write that failed (a full disk, a closed
/// pipe), or nil; the rest is dropped.
@discardableResult
func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { raw in
      write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}
