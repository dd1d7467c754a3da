import DndCLI
import Foundation
import Testing

/// Corners of the commands found by trying them as a user would: each case
/// was wrong once (a review of 27 November 2026).
@Suite struct CommandEdgeTests {
  static let hello = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path

  static let failingTopLevel = """
    let numbers = [1]
    let oops = numbers[5]
    scenario "s" {
        settle
    }

    """

  /// `--scenario` on a script whose top level fails shows that failure,
  /// not "the script has no scenarios".
  @Test func aScenarioOfAScriptWhoseTopLevelFailsShowsTheFailure() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("top.dnd", Self.failingTopLevel)
    let outcome = dnd(["run", "--scenario", "s", path], engine: .live)
    #expect(outcome.status == 70)
    #expect(outcome.error.contains("index 5 is out of range"), "\(outcome.error)")
    #expect(!outcome.error.contains("no scenario"))
  }

  /// `dnd test --explore` keeps the file's own test (here, a top level
  /// that fails), as `dnd test` does.
  @Test func exploringKeepsTheFilesOwnTest() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("top.dnd", "let numbers = [1]\nprint(numbers[3])\n")
    let plain = dnd(["test", path], engine: .live)
    let explored = dnd(["test", "--explore", path], engine: .live)
    #expect(plain.status == 1 && explored.status == 1)
    #expect(explored.output.contains("FAIL \(path)"))
    #expect(explored.output.hasSuffix("0 passed, 1 failed\n"), "\(explored.output)")
  }

  /// `dnd test -` reads the script from standard input.
  @Test func testReadsStandardInput() {
    let script = "print(1) // expect: 1\n"
    let outcome = dnd(["test", "-"], input: Array(script.utf8), engine: .live)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
    #expect(outcome.output.hasSuffix("1 passed, 0 failed\n"))
  }

  /// A directory linked back up is not followed: each script runs once.
  @Test func aLinkedDirectoryIsNotFollowed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
    try folder.write("sub/a.dnd", "print(1) // expect: 1\n")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/sub/up", withDestinationPath: "..")
    let outcome = dnd(["test", folder.path], engine: .live)
    #expect(outcome.status == 0)
    #expect(outcome.output.hasSuffix("1 passed, 0 failed\n"), "\(outcome.output)")
  }

  /// An SVG that cannot be written is a file error, not a silent success.
  @Test func anSVGThatCannotBeWrittenIsAFileError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let outcome = dnd(["render", "--svg", "/dev/full", Self.hello], engine: .live)
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("cannot write '/dev/full'"))
  }

  /// One fault, or each in turn: not both.
  @Test func oneFaultOrAllOfThem() {
    let outcome = dnd(["test", "--explore", "--faults", "--fault", "fail", "x.dnd"])
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("give one of them"))
  }

  /// The step limit reached on entering a handler UIKit called points at
  /// the handler, not at the first line of the file.
  @Test func aStepLimitInAHandlerPointsAtTheHandler() {
    let outcome = dnd(["run", "--max-steps", "3", Self.hello], engine: .live)
    #expect(outcome.status == 70)
    // A scenario's failure is shown in the text trace, on standard output.
    #expect(outcome.output.contains("01-hello-drop.dnd:40:17: error: the script ran for more than 3 steps"))
  }

  /// A string with quotes and control characters is escaped in the trace,
  /// so the trace keeps its layout.
  @Test func theTraceEscapesStrings() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(
      "escape.dnd",
      #"""
      app A {
          label src {
              frame = Rect(0, 0, 200, 40)
              text = "Hi \"you\"\n\tthere"
              isUserInteractionEnabled = true
              dragInteraction {
                  func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: src.text))] }
              }
          }
          label dst {
              frame = Rect(0, 300, 200, 40)
              isUserInteractionEnabled = true
              dropInteraction {
                  func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                  func performDrop(session) { session.loadObjects(ofClass: String) { s in dst.text = s.first } }
              }
          }
      }
      scenario "s" {
          longPress src
          drag to dst
          release
          settle
      }
      """#)
    let outcome = dnd(["run", path], engine: .live)
    #expect(outcome.status == 0)
    #expect(outcome.output.contains(#"-> "Hi \"you\"\n\tthere""#), "\(outcome.output)")
  }

  /// A replay under a fault names the fault, and says why the failed
  /// expectation the trace shows is no failure of the order.
  @Test func aReplayUnderAFaultSaysSo() {
    let path = PackagePaths.examples.appendingPathComponent("explore/01-url-first.dnd").path
    let outcome = dnd(["test", path, "--replay", "0", "--fault", "fail"], engine: .live)
    #expect(outcome.output.contains("PASS under order 0 with the fault 'fail'"), "\(outcome.output)")
    #expect(outcome.output.contains("as it may under a fault: the order itself passes"))
    #expect(outcome.output.contains("but its loads failed."))
    // The replayed run is not headed FAIL: the order passes.
    #expect(outcome.output.contains("NOT HELD \"the background arrives\": under the fault 'fail', not a failure"))
    #expect(!outcome.output.contains("FAIL \"the background arrives\""))
  }

  /// A UTF-8 byte order mark, which some editors write, is skipped: the
  /// script runs, and columns on its first line count from after it.
  @Test func aByteOrderMarkIsSkipped() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let good = folder.path + "/good.dnd"
    let bad = folder.path + "/bad.dnd"
    try Data(mark + Array("print(\"ok\")\n".utf8)).write(to: URL(fileURLWithPath: good))
    try Data(mark + Array("print(nope)\n".utf8)).write(to: URL(fileURLWithPath: bad))
    #expect(dnd(["run", good], engine: .live).output == "ok\n")
    let failed = dnd(["run", bad], engine: .live)
    #expect(failed.error.hasPrefix(bad + ":1:7: error: cannot find 'nope'"), "\(failed.error)")
  }

  /// `fmt -w` leaves a read-only script alone, and says why.
  @Test func formatLeavesAReadOnlyScriptAlone() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("ro.dnd", "print( 1 )\n")
    chmod(path, 0o444)
    defer { chmod(path, 0o644) }
    // Root writes anywhere: the check means nothing then.
    guard getuid() != 0 else { return }
    let outcome = dnd(["fmt", "-w", path], engine: .live)
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("permission denied"), "\(outcome.error)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "print( 1 )\n")
  }

  /// Every order of an exploration starts from the UserDefaults store as
  /// `dnd test` leaves it to the scenario: the scenarios before it run once,
  /// plainly, and the orders' own writes go to copies. A replay runs the
  /// scenarios before its own first, so it starts from the same store.
  @Test func ordersStartFromTheStoreTheScenariosBeforeLeft() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(
      "-runs.dnd",
      """
      device iPad
      source Notes {
          item one {
              let provider = NSItemProvider(object: "one")
              provider.registerObject(URL(string: "https://example.com/one"))
              return UIDragItem(itemProvider: provider)
          }
      }
      app A {
          label target {
              frame = Rect(0, 0, 300, 300)
              isUserInteractionEnabled = true
              dropInteraction {
                  func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                  func performDrop(session) {
                      let provider = session.items[0].itemProvider
                      provider.loadObject(ofClass: String) { text, error in
                          DispatchQueue.main.async { count() }
                      }
                      provider.loadObject(ofClass: URL) { url, error in
                          DispatchQueue.main.async { count() }
                      }
                  }
              }
          }
      }
      func count() {
          UserDefaults.standard.set(UserDefaults.standard.integer(forKey: "runs") + 1, forKey: "runs")
      }
      scenario "launch" {
          UserDefaults.standard.set(10, forKey: "runs")
      }
      scenario "counts" {
          longPress Notes.one
          drag to target
          release
          settle
          expect UserDefaults.standard.integer(forKey: "runs") == 12
      }
      scenario "first launch" {
          // The second load exists only on a first launch: under shared
          // orders the choice points changed from one order to the next.
          let launched = UserDefaults.standard.bool(forKey: "launched")
          UserDefaults.standard.set(true, forKey: "launched")
          NSItemProvider(object: "x").loadObject(ofClass: String) { s, error in }
          if !launched {
              NSItemProvider(object: "y").loadObject(ofClass: String) { s, error in }
          }
          settle
          expect UserDefaults.standard.integer(forKey: "runs") == 12
      }
      """)
    let path = folder.path + "/-runs.dnd"
    let outcome = dnd(["test", "--explore", "--no-color", path], engine: .live)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
    #expect(outcome.output.contains("PASS \"counts\": all 4 orders pass"), "\(outcome.output)")
    #expect(outcome.output.contains("PASS \"first launch\": both orders pass"), "\(outcome.output)")
    let replay = dnd(["test", "--no-color", "--filter", "counts", "--replay", "1", path], engine: .live)
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.contains("PASS under order 1"), "\(replay.output)")
    // The plain run (the top level once) writes to the store before any
    // scenario, as `dnd test` runs it; each scenario runs the top level again.
    let topLevel = try folder.write(
      "top.dnd",
      """
      let ud = UserDefaults.standard
      ud.set(ud.integer(forKey: "runs") + 1, forKey: "runs")
      scenario "the top level ran twice" {
          expect ud.integer(forKey: "runs") == 2
      }
      """)
    #expect(dnd(["test", topLevel], engine: .live).status == 0)
    let explored = dnd(["test", "--explore", "--no-color", topLevel], engine: .live)
    #expect(explored.status == 0, "\(explored.output)")
  }
}
