import DndCLI
import DndInterpreter
import Foundation
import Testing

/// `dnd run --defaults FILE`: a script's `UserDefaults` kept in a file,
/// read before the run and replaced atomically after it.
@Suite struct DefaultsFileTests {
  /// Counts its launches in UserDefaults, as an app keeping state would.
  static let counter = """
    let defaults = UserDefaults.standard
    let launches = defaults.integer(forKey: "launches") + 1
    defaults.set(launches, forKey: "launches")
    print("launch \\(launches)")
    """

  @Test func theOptionIsParsed() throws {
    var expected = Invocation(.run("a.dnd"))
    expected.defaultsPath = "store.json"
    #expect(try CommandLineParser.parse(["run", "--defaults", "store.json", "a.dnd"]).get() == expected)
    #expect(try CommandLineParser.parse(["a.dnd", "--defaults=store.json"]).get() == expected)
    let check = CommandLineParser.parse(["check", "--defaults", "s.json", "a.dnd"])
    guard case .failure(let error) = check else {
      Issue.record("--defaults was accepted by check")
      return
    }
    #expect(error.message.contains("does not apply"))
  }

  @Test func withoutTheOptionDefaultsLiveInMemoryOnly() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("counter.dnd", Self.counter)
    let before = ProcessRunner.snapshot(scratch.path)
    for _ in 0..<2 {
      #expect(dnd(["run", script], engine: .live).output == "launch 1\n")
    }
    #expect(ProcessRunner.snapshot(scratch.path) == before)
  }

  @Test func theFileIsReadBeforeAndWrittenAfterEachRun() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("counter.dnd", Self.counter)
    let store = scratch.path + "/store.json"
    for launch in 1...3 {
      let result = dnd(["run", "--defaults", store, script], engine: .live)
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output == "launch \(launch)\n")
    }
    let saved = try DefaultsStore(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: store))))
    #expect(saved.value(forKey: "launches") == .int(3))
    // Nothing but the file itself is left behind: no temporary files.
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
    #expect(left == ["counter.dnd", "store.json"])
  }

  @Test func aRunThatChangesNothingWritesNothing() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("reader.dnd", "print(UserDefaults.standard.integer(forKey: \"launches\"))")
    let store = scratch.path + "/store.json"
    #expect(dnd(["run", "--defaults", store, script], engine: .live).output == "0\n")
    #expect(!FileManager.default.fileExists(atPath: store))
  }

  @Test(arguments: [
    ("{", "is not JSON"), ("[]", "not a defaults file"),
    ("{\"format\": \"dnd-defaults 1\", \"values\": {\"k\": 1}}", "not a tagged defaults value"),
  ])
  func aFileThatIsNotADefaultsFileStopsTheRunWith74(_ contents: String, _ message: String) throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("counter.dnd", Self.counter)
    let store = try scratch.write("store.json", contents)
    let result = dnd(["run", "--defaults", store, script], engine: .live)
    #expect(result.status == 74)
    #expect(result.output == "")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(try String(contentsOfFile: store, encoding: .utf8) == contents)
  }

  @Test func aDirectoryIsNotADefaultsFile() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("counter.dnd", Self.counter)
    let result = dnd(["run", "--defaults", scratch.path, script], engine: .live)
    #expect(result.status == 74)
    #expect(result.error.contains("it is a directory"))
  }

  /// A store in a folder that does not exist could never be written: that
  /// is found before the run, which would otherwise run for nothing.
  @Test func aMissingFolderIsFoundBeforeTheRun() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("counter.dnd", Self.counter)
    let result = dnd(["run", "--defaults", scratch.path + "/missing/store.json", script], engine: .live)
    #expect(result.output == "")
    #expect(result.status == 74)
    #expect(result.error.contains("there is no folder '\(scratch.path)/missing' to write it in"), "\(result.error)")
  }

  /// The new contents replace the old in one rename: a temporary file left
  /// by a run killed mid-write is ignored, and the file is never partial.
  @Test func writingReplacesTheFileAtomically() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let store = try scratch.write("store.json", "old")
    // What a run killed while writing would leave: a partial temporary file.
    let leftover = DefaultsFile.temporaryPath(for: store) + "-killed"
    try Data("{\"format\": \"dnd-def".utf8).write(to: URL(fileURLWithPath: leftover))
    let failure = DefaultsFile.writeAtomically(Array("new contents".utf8), to: store)
    #expect(failure == nil)
    #expect(try String(contentsOfFile: store, encoding: .utf8) == "new contents")
    #expect(!FileManager.default.fileExists(atPath: DefaultsFile.temporaryPath(for: store)))
  }

  @Test func theTemporaryFileIsInTheSameDirectory() {
    #expect(DefaultsFile.temporaryPath(for: "store.json").hasPrefix(".store.json.dnd-tmp-"))
    #expect(DefaultsFile.temporaryPath(for: "/a/b/store.json").hasPrefix("/a/b/.store.json.dnd-tmp-"))
  }

  /// A run killed before it ends leaves the old file exactly as it was.
  @Test func aKilledRunLeavesTheOldFile() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write(
      "forever.dnd",
      Self.counter + "\nvar i = 0\nwhile true { i += 1 }\n")
    let store = scratch.path + "/store.json"
    let counter = try scratch.write("once.dnd", Self.counter)
    let first = try ProcessRunner.run(["run", "--defaults", store, counter], in: scratch.url)
    #expect(first.output == "launch 1\n")
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    // A step limit far past the second the run is given, but finite: a
    // test run itself killed in that second must not leave the script
    // running for hours.
    let killed = try ProcessRunner.runAndKill(
      ["run", "--max-steps", "3000000000", "--defaults", store, script], after: 1.0, in: scratch.url)
    #expect(killed, "the endless script should still have been running")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == [
      "forever.dnd", "once.dnd", "store.json",
    ])
  }
}

extension TemporaryDirectory {
  var url: URL { URL(fileURLWithPath: path) }
}
