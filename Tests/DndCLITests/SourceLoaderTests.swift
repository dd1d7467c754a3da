import DndCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading scripts: every way a path can fail to be a readable script maps
/// to one `LoadFailure` (exit status 74), never a crash.
@Suite struct SourceLoaderTests {
  private let console = ConsoleRecorder().console(input: Array("from stdin".utf8))

  @Test func aRegularFileIsReadAsBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("a.dnd", "print(1)\n")
    let file = try SourceLoader.load(path, console: console).get()
    #expect(file.name == path)
    #expect(file.bytes == Array("print(1)\n".utf8))
  }

  @Test func aDashIsStandardInput() throws {
    let file = try SourceLoader.load("-", console: console).get()
    #expect(file.name == "<stdin>")
    #expect(file.bytes == Array("from stdin".utf8))
  }

  /// Standard input that never ends (`yes | dnd run -`) is read up to the
  /// source limit and refused: it was read whole first, and the process
  /// ran out of memory and aborted. The REPL reads its piped input a line
  /// at a time, and refuses a line that long (/dev/zero has no line break).
  @Test(arguments: [
    (["run", "-"], "cannot read '<stdin>': it is over the limit of 16777216 bytes"),
    (["check", "-"], "cannot read '<stdin>': it is over the limit of 16777216 bytes"),
    (["repl"], "cannot read standard input: a line (or an input left open over several) goes on past the limit"),
  ])
  func endlessStandardInputStopsAtTheLimit(_ arguments: [String], _ message: String) throws {
    let zeros = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
    let result = try ProcessRunner.run(arguments, input: zeros)
    #expect(result.status == 74, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func aSymbolicLinkIsFollowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.write("target.dnd", "x")
    let link = directory.path + "/link.dnd"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(try SourceLoader.load(link, console: console).get().bytes == [UInt8(ascii: "x")])
  }

  @Test func failures() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write("file.dnd", "x")
    let dangling = directory.path + "/dangling.dnd"
    let gone = directory.path + "/gone"
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: gone)
    let fifo = directory.path + "/fifo.dnd"
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases: [(String, LoadFailure)] = [
      (directory.path + "/absent.dnd", .missing(directory.path + "/absent.dnd")),
      (file + "/inside.dnd", .missing(file + "/inside.dnd")),
      ("", .missing("")),
      (dangling, .missing(dangling)),
      (directory.path, .directory(directory.path)),
      (fifo, .notRegularFile(fifo)),
      ("/dev/null", .notRegularFile("/dev/null")),
    ]
    for (path, failure) in cases {
      #expect(SourceLoader.readFile(path) == .failure(failure), "\(path)")
    }
  }

  @Test(.enabled(if: geteuid() != 0, "root can read any file"))
  func anUnreadableFileIsReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("secret.dnd", "x")
    #expect(chmod(path, 0) == 0)
    #expect(SourceLoader.readFile(path) == .failure(.unreadable(path, reason: "permission denied")))
  }

  @Test(arguments: [
    ([ExitCode](), ExitCode.success),
    ([.success, .scriptError], .scriptError),
    ([.scriptError, .fileError, .success], .fileError),
  ])
  func theWorstOutcomeWins(codes: [ExitCode], worst: ExitCode) {
    #expect(ExitCode.worst(codes) == worst)
  }
}
