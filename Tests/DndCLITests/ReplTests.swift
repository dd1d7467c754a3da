import DndCLI
import Foundation
import Testing

/// `dnd repl` sessions piped in, compared with transcripts in
/// `Golden/repl-*.txt`: once in-process (`DndCommand.main` with a console
/// whose input is a string) and once through the built binary, which must
/// print the same. Standard output and standard error are merged in the
/// order they were written, as a user at a terminal sees them.
///
/// Re-record with `DND_RECORD=1 swift test --filter ReplTests` and read the diff.
@Suite struct ReplTests {
  struct Session: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var input: String
    /// A piped session exits with the worst outcome of its inputs.
    var status: Int32 = 0

    var testDescription: String { name }
  }

  static let sessions: [Session] = [
    Session(
      name: "basics", arguments: ["repl"],
      input: """
        var total = 1
        total + 41
        "drag" + " and drop"
        _ = total + 1
        let broken = totl
        func add(n) { total += n }
        let = 3
        add(2)
        total
        let zero = 0
        total / zero
        print("still here: \\(total)")
        :tre
        :help

        """, status: 70),
    Session(
      name: "multiline", arguments: ["repl"],
      input: """
        func describe(items) {
          var names = [
            "first",   // a bracket in a comment: ]
            "second"
          ]
          print("{ not a brace: \\(items) of \\(names.count)")
        }
        describe(3)
        app Demo {
          view root {
            frame = Rect(0, 0, 400, 400)
            label target {
              frame = Rect(0, 0, 100, 40)
              isUserInteractionEnabled = true
              dropInteraction {
                func canHandle(session) {
                  session.canLoadObjects(ofClass: String.self)
                }
              }
            }
          }
        }
        :tree
        target.text = "changed"
        target.text

        """),
    Session(
      name: "hello-drop", arguments: ["repl", "examples/01-hello-drop.dnd"],
      input: """
        :session
        longPress source
        :session
        drag to target
        :session
        :render
        release
        settle
        expect target.text == "Hello World"
        expect target.text == "Drop here"
        expect called performDrop on target
        :tree
        :trace 2
        :explain
        :reset
        source
        :reload
        target.text

        """, status: 65),
  ]

  /// Runs a session in-process; stdout and stderr merged in order.
  static func runInProcess(_ session: Session) -> (status: Int32, output: String) {
    let box = Merged()
    let console = Console(
      writeOutput: { box.text += $0 }, writeError: { box.text += $0 },
      readInput: { Array(session.input.utf8) })
    let status = DndCommand.main(session.arguments, console: console)
    return (status, box.text)
  }

  final class Merged: @unchecked Sendable { var text = "" }

  static func transcript(_ session: Session, output: String) -> String {
    "$ dnd " + session.arguments.joined(separator: " ") + "\n--- input\n" + session.input
      + "--- output\n" + output
  }

  @Test(arguments: sessions)
  func inProcess(_ session: Session) throws {
    let (status, output) = Self.runInProcess(session)
    #expect(status == session.status)
    let transcript = Self.transcript(session, output: output)
    let golden = PackagePaths.golden.appendingPathComponent("repl-\(session.name).txt")
    if ProcessInfo.processInfo.environment["DND_RECORD"] == "1" {
      try Data(transcript.utf8).write(to: golden)
      return
    }
    guard let recorded = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record("no golden file \(golden.lastPathComponent); record it with DND_RECORD=1:\n\(transcript)")
      return
    }
    #expect(transcript == recorded)
  }

  /// The binary prints what the in-process run prints.
  @Test(arguments: sessions)
  func endToEnd(_ session: Session) throws {
    let binary = try #require(EndToEndTests.binary, "the dnd executable was not found")
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let inputPath = try scratch.write("stdin", session.input)
    let outputPath = try scratch.write("out", "")
    let process = Process()
    process.executableURL = binary
    process.arguments = session.arguments
    process.currentDirectoryURL = PackagePaths.root
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = scratch.path
    process.environment = environment
    process.standardInput = FileHandle(forReadingAtPath: inputPath)
    let output = FileHandle(forWritingAtPath: outputPath)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == session.status)
    let printed = try String(contentsOfFile: outputPath, encoding: .utf8)
    #expect(printed == Self.runInProcess(session).output)
    // Piped input writes no history.
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/.dnd_history"))
  }

  /// Piped, the session goes on after every mistake, and exits with the
  /// worst: what `dnd run` would have exited with, or 64 for a REPL command.
  @Test(arguments: [
    ("print(1)\n", Int32(0)),
    ("print(1)\n:quit\nlet = 2\n", 0),
    ("let = 2\nprint(1)\n", 65),
    ("print(missing)\n", 65),
    ("let a = [1][3]\n", 70),
    ("let a = [1][3]\nlet = 2\n", 70),
    ("expect 1 == 2\n", 1),
    ("expect 1 == 2\n:quit\n", 1),
    (":trace x\n", 64),
    (":lod x.dnd\n", 64),
    (":reload\n", 64),
    (":load nowhere.dnd\n", 74),
    ("func f() {\n", 65),
  ])
  func pipedStatusIsTheWorstOutcome(input: String, status: Int32) {
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == status, "\(outcome.error)")
  }

  /// A line starting with ':' inside an open multi-line string or block
  /// comment is part of it, not a command (it ran `:tree` and broke the
  /// string in two).
  @Test func aColonLineInsideAStringOrCommentIsText() {
    let input = "let s = \"\"\"\n:tree\n\"\"\"\nprint(s)\n/* a\n:help\n*/\nprint(1)\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output == ":tree\n1\n", "\(outcome.output)")
  }

  /// A REPL command used wrongly is a diagnostic at the word at fault, in
  /// the form of any other input's, with what to write.
  @Test(arguments: [
    (":trace x", "<repl:1>:1:8: error: ':trace' takes a positive number of events, as in ':trace 5'", "       ^"),
    (":trace 1 2", "<repl:1>:1:8: error: ':trace' takes a positive number of events, as in ':trace 5'", "       ^~~"),
    (":load", "<repl:1>:1:1: error: \(Self.loadNeedsOneFile)", "^~~~~"),
    (":load a b", "<repl:1>:1:9: error: \(Self.loadNeedsOneFile)", "        ^"),
    (":reload", "<repl:1>:1:1: error: no file loaded yet; use ':load FILE'", "^~~~~~~"),
    (":tree all of it", "<repl:1>:1:7: error: ':tree' takes no operand", "      ^~~~~~~~~"),
    (":lod x.dnd", "<repl:1>:1:1: error: unknown command ':lod'; did you mean ':load'?", "^~~~"),
    (":zebra", "<repl:1>:1:1: error: unknown command ':zebra'; ':help' lists the commands", "^~~~~~"),
    (": 2", "<repl:1>:1:1: error: a command's name follows ':' with no space, as in ':help'", "^"),
    (":", "<repl:1>:1:1: error: a command's name follows ':' with no space, as in ':help'", "^"),
  ])
  func aWrongCommandIsADiagnosticAtItsPlace(line: String, first: String, caret: String) {
    let outcome = dnd(["repl"], input: Array((line + "\n").utf8))
    #expect(outcome.status == 64)
    let lines = outcome.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == first)
    #expect(lines.count > 2 && lines[1] == "   1 | " + line && lines[2] == "     | " + caret, "\(outcome.error)")
  }
  static let loadNeedsOneFile =
    "':load' needs one file, as in ':load examples/01-hello-drop.dnd' (a name with spaces in quotes: "
    + "':load \"my drops.dnd\"')"

  /// Quoted, a file name keeps its spaces (the quotes are not part of it):
  /// a missing one is named whole, with the caret under it, quotes and all.
  @Test func aQuotedFileNameKeepsItsSpaces() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let example = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd")
    let source = try String(contentsOf: example, encoding: .utf8)
    let path = try directory.write("my drops.dnd", source)
    let loaded = dnd(["repl"], input: Array(":load \"\(path)\"\n".utf8))
    #expect(loaded.status == 0 && loaded.output.hasPrefix("Loaded \(path): 1 app"), "\(loaded.error)")
    let missing = dnd(["repl"], input: Array(":load \"no such.dnd\"\n".utf8))
    let named = "<repl:1>:1:7: error: cannot read 'no such.dnd': no such file\n"
    #expect(missing.error.hasPrefix(named), "\(missing.error)")
  }


  /// A file `:load` cannot read is a diagnostic at its name, like any other
  /// input's; the status is a file error's.
  @Test func anUnreadableLoadPointsAtTheName() {
    let outcome = dnd(["repl"], input: Array(":load nowhere.dnd\n".utf8), engine: .live)
    #expect(outcome.status == 74)
    let lines = outcome.error.split(separator: "\n").map(String.init)
    #expect(lines.first == "<repl:1>:1:7: error: cannot read 'nowhere.dnd': no such file", "\(outcome.error)")
    #expect(lines.count > 2 && lines[2] == "     |       ^~~~~~~~~~~", "\(outcome.error)")
  }

  /// An input and a loaded file nest as deep as `dnd run` lets a script
  /// nest (`SyntaxLimits.maxNestingDepthOnLargeStack`): the REPL once
  /// parsed on the main thread's stack and stopped at 64 levels, so a file
  /// that ran refused to load.
  @Test func inputsNestAsDeepAsRunAllows() throws {
    let deep = "print(" + String(repeating: "(", count: 100) + "7" + String(repeating: ")", count: 100) + ")\n"
    let typed = dnd(["repl"], input: Array(deep.utf8), engine: .live)
    #expect(typed.status == 0, "\(typed.error)")
    #expect(typed.output.contains("7\n"), "\(typed.output)")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = try folder.write("deep.dnd", deep)
    let loaded = dnd(["repl"], input: Array(":load \(script)\n".utf8), engine: .live)
    #expect(loaded.status == 0, "\(loaded.error)")
    #expect(loaded.output.contains("7\n"), "\(loaded.output)")
    let tooDeep = "print(" + String(repeating: "(", count: 300) + "7" + String(repeating: ")", count: 300) + ")\n"
    let refused = dnd(["repl"], input: Array(tooDeep.utf8), engine: .live)
    #expect(refused.status != 0)
    #expect(refused.error.contains("more than 256 levels"), "\(refused.error)")
  }

  /// Two REPL inputs: an app with a collection view of one item, then an
  /// insertion past its end, which terminates the app.
  static let terminatingInputs = """
    app A { collectionView c { frame = Rect(0, 0, 300, 300)
      dataSource { func numberOfItemsInSection(section) { 1 }
        func cellForItemAt(indexPath) { UICollectionViewCell(text: "x") } } } }
    c.insertItems(at: [IndexPath(item: 5, section: 0)])

    """

  /// An uncaught exception's error is followed by what it means for the
  /// session, as a note, not by a line without a place.
  @Test func anExceptionSaysTheAppTerminatedOnce() {
    let input = Self.terminatingInputs
    let outcome = dnd(["repl"], input: Array(input.utf8), engine: .live)
    // A termination is a failure, as for `dnd run`.
    #expect(outcome.status == 1, "\(outcome.error)")
    #expect(outcome.error.hasPrefix("<repl:2>:1:1: error: the app terminated: uncaught exception"), "\(outcome.error)")
    #expect(outcome.error.hasSuffix("note: later finger steps do nothing; ':reset' or ':reload' to start again\n"))
    #expect(!outcome.error.contains("\nerror: "))
  }

  /// A step whose handler makes an update that does not add up shows the
  /// same advice as `dnd run`, under the termination's error.
  @Test func aStepThatEndsTheAppGivesTheAdvice() {
    let input = """
      app A { tableView t { frame = Rect(0, 0, 300, 300)
        dataSource { func numberOfRowsInSection(section) { 1 }
          func cellForRowAt(indexPath) { UITableViewCell(text: "x") } }
        delegate { func didSelectRowAt(indexPath) { t.insertRows(at: [IndexPath(row: 0, section: 0)]) } } } }
      settle
      tap t.cellForRow(at: IndexPath(row: 0, section: 0))

      """
    let outcome = dnd(["repl"], input: Array(input.utf8), engine: .live)
    #expect(outcome.status == 1, "\(outcome.error)")
    #expect(outcome.error.contains("error: the app terminated (NSInternalInconsistencyException)"))
    #expect(
      outcome.error.contains("note: 'insertRows(at:)' outside 'performBatchUpdates' is an update of its own"),
      "\(outcome.error)")
  }

  /// An input runs when its braces close, so an `else` on the line after
  /// an `if`'s `}` finds the `if` already run: the error says why, and how to
  /// write it; `} else {` on one line works.
  @Test func anElseOnItsOwnLineIsExplained() {
    let input = "if true {\nprint(1)\n}\nelse { print(2) }\nif false {\nprint(1)\n} else {\nprint(3)\n}\n"
    let outcome = dnd(["repl"], input: Array(input.utf8), engine: .live)
    #expect(outcome.output == "1\n3\n", "\(outcome.output)")
    #expect(outcome.error.contains("error: 'else' without an 'if'"), "\(outcome.error)")
    #expect(outcome.error.contains("note: in the REPL an 'if' runs as soon as its '}' closes it"), "\(outcome.error)")
  }

  /// A finger step after the app terminated does nothing, and says so at
  /// the step instead of printing nothing.
  @Test func aStepAfterTheTerminationSaysItDoesNothing() {
    let input = Self.terminatingInputs + """
      tap Point(10, 10)
      print("still here"); wait 1

      """
    let outcome = dnd(["repl"], input: Array(input.utf8), engine: .live)
    #expect(outcome.status == 1, "\(outcome.error)")
    #expect(
      outcome.error.contains(
        "<repl:3>:1:1: note: the app terminated earlier (NSInternalInconsistencyException), so this step does "
          + "nothing; ':reset' or ':reload' to start again\n   1 | tap Point(10, 10)\n"), "\(outcome.error)")
    #expect(outcome.output.hasSuffix("still here\n"), "\(outcome.output)")
    // Pointed at the step, not at the whole input.
    #expect(outcome.error.contains("<repl:4>:1:22: note: the app terminated earlier"), "\(outcome.error)")
  }

  /// Between the release and the end of the drop animation the session is
  /// setting down, not active, and still counts its items (the finger that
  /// held them is up).
  @Test func sessionAfterTheReleaseIsSettingDown() {
    let input = "longPress source\ndrag to target\nrelease\n:session\nsettle\n:session\n"
    let outcome = dnd(["repl", "examples/01-hello-drop.dnd"], input: Array(input.utf8), engine: .live)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(
      outcome.output.contains(
        "Drag session 1 (setting down: the finger is up, and the drop animation and the loads are under way)\n"
          + "  items: 1\n  location: (190, 420) (its last touch; its finger is up)\n"), "\(outcome.output)")
    #expect(outcome.output.contains("Drag session 1 (ended)\n"), "\(outcome.output)")
  }

  /// `:trace N` heads the first events it shows with the phase they
  /// belong to, though the events that opened that phase are cut off; a
  /// step with no phase of its own (`settle`) joins the phase before it.
  @Test func aCutTraceStartsUnderItsPhase() {
    let input = "longPress source\ndrag to target\nrelease\nsettle\nprint(\"cut\")\n:trace 4\n"
    let outcome = dnd(["repl", "examples/01-hello-drop.dnd"], input: Array(input.utf8), engine: .live)
    #expect(outcome.status == 0, "\(outcome.error)")
    let shown = outcome.output.components(separatedBy: "cut\n").last ?? ""
    let lines = shown.split(separator: "\n").map(String.init)
    #expect(lines.first == "  Data transfer", "\(shown)")
    #expect(lines.dropFirst().first?.hasSuffix(" settle") == true, "\(shown)")
    #expect(lines.filter { $0 == "  Set down" }.count == 1, "\(shown)")
    #expect(!outcome.output.contains("Before any drag"), "\(outcome.output)")
  }

  /// `:session` names a table's proposal too (its delegate method is
  /// `dropSessionDidUpdate`, which the command once missed).
  @Test func sessionShowsAListsProposal() {
    let input = """
      source Web { item a { UIDragItem(itemProvider: NSItemProvider(object: "a")) } }
      app A { tableView list { frame = Rect(0, 0, 400, 400)
        dataSource { func numberOfRowsInSection(section) { 1 }
          func cellForRowAt(indexPath) { UITableViewCell(text: "r") } }
        dropDelegate { func dropSessionDidUpdate(session, destinationIndexPath) {
            UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
          func performDropWith(coordinator) { } } } }
      longPress Web.a
      drag to Point(100, 20)
      :session

      """
    let outcome = dnd(["repl", "--no-color"], input: Array(input.utf8), engine: .live)
    #expect(
      outcome.output.contains("last proposal: copy, insertAtDestinationIndexPath from list"), "\(outcome.output)")
  }

  /// After a statement's exception ended the app, finger steps do nothing,
  /// as the note says (they used to run the whole drag).
  @Test func aStatementsExceptionStopsLaterSteps() {
    let input = """
      app A { view root { frame = Rect(0, 0, 300, 300)
        label src { frame = Rect(0, 0, 100, 40); text = "a"; isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] } } }
        label dst { frame = Rect(0, 100, 100, 40); isUserInteractionEnabled = true
          dropInteraction { func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) { session.loadObjects(ofClass: String) { s in dst.text = s.first } } } } } }
      root.addSubview(root)
      longPress src
      drag to dst
      release
      settle
      print(dst.text ?? "empty")

      """
    let outcome = dnd(["repl"], input: Array(input.utf8), engine: .live)
    #expect(outcome.status == 1, "\(outcome.error)")
    #expect(outcome.error.contains("NSInvalidArgumentException"), "\(outcome.error)")
    #expect(!outcome.output.contains("itemsForBeginning"), "\(outcome.output)")
    #expect(outcome.output.hasSuffix("empty\n"), "\(outcome.output)")
  }

  /// The scene keeps what earlier inputs built: declaring an app, view or
  /// source again, or a device once there is a scene, is an error that says
  /// to start over, instead of a second app or an ignored device.
  @Test(arguments: [
    ("app A { view root { frame = Rect(0, 0, 10, 10) } }\napp A { view root { frame = Rect(0, 0, 10, 10) } }\n",
     "<repl:2>:1:5: error: app 'A' is already in the scene"),
    ("app A { view root { frame = Rect(0, 0, 10, 10) } }\ndevice iPhone\n",
     "<repl:2>:1:1: error: this session runs on an iPad, chosen when its scene was built by its first input"),
    ("print(1)\ndevice iPhone\n", "<repl:2>:1:1: error: this session runs on an iPad, chosen when its scene was"),
  ])
  func theSceneIsNotDeclaredTwice(input: String, error: String) {
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 65)
    #expect(outcome.error.hasPrefix(error), "\(outcome.error)")
  }

  /// A script error in the middle of a drag leaves it open: the REPL says
  /// so and how to start again.
  @Test func anErrorMidDragSaysTheDragStaysOpen() {
    let input = """
      app A { view root { frame = Rect(0, 0, 1024, 768)
        label source { frame = Rect(0, 0, 100, 40); text = "Hi"; isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] } } }
        label target { frame = Rect(0, 400, 100, 40); isUserInteractionEnabled = true
          dropInteraction {
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) { print([1][3]) } } } } }
      longPress source
      drag to target
      release

      """
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 70)
    #expect(outcome.error.contains("note: the error cut drag session 1 short: it stays open"), "\(outcome.error)")
    // An error in an input of its own, while a drag is on, cut nothing short.
    let unrelated = input.replacingOccurrences(of: "print([1][3])", with: "")
      .replacingOccurrences(of: "drag to target\n", with: "drag to target\nprint([1][3])\n")
    let other = dnd(["repl"], input: Array(unrelated.utf8))
    #expect(other.status == 70)
    #expect(!other.error.contains("cut drag session"), "\(other.error)")
  }

  /// A loaded app's and source's members can be named from the REPL though
  /// the file never names them so (`B.home`, `Safari.hits`).
  @Test func aLoadedAppsMembersAreReachable() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = """
      source Safari {
          var hits = 2
      }
      app B {
          let home = CGPoint(x: 1, y: 2)
          view root { frame = Rect(0, 0, 100, 100) }
      }
      """
    let path = try folder.write("members.dnd", script)
    let outcome = dnd(["repl", path], input: Array("print(B.home)\nprint(B.root.frame)\nprint(Safari.hits)\n".utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.hasSuffix("Point(1, 2)\nRect(0, 0, 100, 100)\n2\n"), "\(outcome.output)")
  }

  /// A name an earlier input gave a variable or function may name a view:
  /// only what the scene built is kept from being declared twice.
  @Test func aVariableMayBeFollowedByAViewOfItsName() {
    let outcome = dnd(
      ["repl"], input: Array("var photos = 1\napp B { view photos { frame = Rect(0, 0, 10, 10) } }\n".utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
  }

  /// `:session` with two fingers down tells each session by its own finger:
  /// the second long press's point is not the first drag's.
  @Test func sessionTellsEachDragByItsOwnFinger() {
    let scene = """
      app A { view root { frame = Rect(0, 0, 400, 400)
        label source { frame = Rect(0, 0, 100, 100); isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "a"))] }
          } }
        label other { frame = Rect(200, 0, 100, 100); isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "b"))] }
          } }
      } }
      longPress source
      drag to Point(150, 300)
      longPress other
      drag to Point(190, 320)
      :session
      release
      release
      :session

      """
    let outcome = dnd(["repl"], input: Array(scene.utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("Drag session 2 (active)\n  items: 1\n"), "\(outcome.output)")
    #expect(outcome.output.contains("  location: (190, 320) (finger 2 is down)\n"), "\(outcome.output)")
    #expect(outcome.output.contains("  location: (150, 300) (its last touch; its finger is up)\n"), "\(outcome.output)")
  }

  /// `:explain` tells the last step alone: after `settle` it does not know
  /// what the drop loaded or whether the source was a list, and says no more
  /// than it knows.
  @Test func explainingTheLastStepClaimsNoMoreThanItSees() {
    let example = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path
    let outcome = dnd(
      ["repl", example], input: Array("longPress source\ndrag to target\nrelease\nsettle\n:explain\n".utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    let flat = outcome.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    #expect(flat.contains("The destination's loads are over; a drag interaction's delegate would now hear"), "\(flat)")
    #expect(!flat.contains("it loaded no data"), "\(flat)")
  }

  /// A file given on the command line that does not check: its errors, then
  /// a line saying it was not loaded and what to do, and the session goes on.
  @Test func aFileThatDoesNotCheckIsSaidNotLoaded() {
    let broken = PackagePaths.spec.appendingPathComponent("checking/handler-arity.dnd").path
    let outcome = dnd(["repl", broken], input: Array("print(1)\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.output == "1\n")
    #expect(
      outcome.error.hasSuffix("handler-arity.dnd was not loaded, so the scene stays as it was; fix it and type "
        + "':reload'\n"), "\(outcome.error)")
  }

  /// `:reload` after a `:load` of a file that cannot be read reloads the
  /// last file that could be, not the mistyped name.
  @Test func reloadSkipsAFileThatCouldNotBeRead() {
    let example = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path
    let outcome = dnd(["repl", example], input: Array(":load nowhere.dnd\n:reload\n".utf8))
    #expect(outcome.status == 74)
    #expect(outcome.output.components(separatedBy: "Loaded ").count == 3, "\(outcome.output)")
  }

  /// `:tree` with item sources but no app says so, then lists the sources.
  @Test func theTreeOfOnlySourcesListsThem() {
    let input = "source Notes { item note { UIDragItem(itemProvider: NSItemProvider(object: \"n\")) } }\n:tree\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.output.contains("No apps yet.\nItem sources: Notes (note)\n"), "\(outcome.output)")
  }

  /// A device typed before anything is built is the scene's device.
  @Test func aDeviceTypedFirstIsUsed() {
    let outcome = dnd(
      ["repl"], input: Array("device iPhone\napp A { view root { frame = Rect(0, 0, 10, 10) } }\n:tree\n".utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("A (app window, (0, 0, 375, 667) on the screen)"), "\(outcome.output)")
  }

  /// A device typed after the first input says which device the session
  /// has and what to do, whether the first input chose it or took the default.
  @Test(arguments: [
    ("device iPhone\ndevice iPhone\n", "this session runs on an iPhone already, chosen when its scene was built"),
    ("print(1)\ndevice Android\n", "unknown device 'Android'"),
    (
      "device iPhone iOS 15\ndevice iPhone\n",
      "this session runs on an iPhone iOS 15, chosen when its scene was built by its first input"
    ),
  ])
  func aLaterDeviceSaysWhichTheSessionHas(input: String, message: String) {
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 65)
    #expect(outcome.error.contains("<repl:2>:1:"), "\(outcome.error)")
    #expect(outcome.error.contains(message), "\(outcome.error)")
  }

  /// A command under an unfinished input shows what is open, drops it and
  /// is obeyed, rather than being read as code.
  @Test func aCommandEndsAnUnfinishedInput() {
    let outcome = dnd(["repl"], input: Array("func f() {\n  print(1)\n:quit\nprint(2)\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.output == "")
    #expect(outcome.error.hasPrefix("<repl:1>:2:11: error: expected '}' to close the '{' of function 'f'"))
  }

  /// An input whose last token cannot end it (an operator, `.`, `,`, `:`,
  /// `else`, `in`, `as`) reads on, as a file does; `>`, `!` and `?` can end
  /// one (`Array<Int>`, `x!`, `Int?`), and so does a `...` the next line
  /// cannot continue, which the parser reports at once.
  @Test(arguments: [
    ("let a = 1 +\n  2\nprint(a)\n", "3\n"),
    ("let a = [3, 4].\n  count\nprint(a)\n", "2\n"),
    ("let a =\n  5 ==\n  5\nprint(a)\n", "true\n"),
    ("let t = (1,\n 2)\nlet b = true &&\n  false\nprint(b)\n", "false\n"),
    ("if 1 > 2 { print(1) } else\n{ print(2) }\n", "2\n"),
    ("for x in\n  [7] { print(x) }\n", "7\n"),
    ("let d:\n  Int = 4\nprint(d)\n", "4\n"),
    ("let n: Int? = 2\nprint(n!)\n", "2\n"),
    ("let e = 2 as\n  Int\nprint(e)\n", "2\n"),
  ])
  func anInputEndingInAnOperatorReadsOn(input: String, output: String) {
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output == output)
  }

  /// A `let` known to hold a value keeps its properties constant in the
  /// inputs after the one that declared it, as in a file.
  @Test func aConstantValueStaysConstantInLaterInputs() {
    let outcome = dnd(["repl"], input: Array("let p = CGPoint.zero\np.x = 1\nprint(p.x)\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.output == "0.0\n")
    #expect(outcome.error.hasPrefix("<repl:2>:1:1: error: cannot assign to a property of 'p'"), "\(outcome.error)")
  }

  /// At the end of piped input, an input still waiting for its operand is
  /// reported where the operand is missing.
  @Test func anOperatorAtTheEndOfInputIsAnError() {
    let outcome = dnd(["repl"], input: Array("let a = 1 +\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.error.hasPrefix("<repl:1>:1:12: error: "), "\(outcome.error)")
  }

  /// A scenario typed in the REPL is kept, not run, and the REPL says so.
  @Test func aTypedScenarioSaysItIsNotRun() {
    let outcome = dnd(["repl"], input: Array("scenario \"later\" { print(1) }\n".utf8))
    #expect(outcome.status == 0)
    #expect(
      outcome.output
        == "Scenario \"later\" declared, not run: type its steps one at a time here, or run the file with "
        + "'dnd run'.\n")
  }

  @Test func tooManyFilesIsAUsageError() {
    let outcome = dnd(["repl", "a.dnd", "b.dnd"])
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("'dnd repl' takes at most one script"))
  }

  @Test func helpShowsTheCommandsAndExamples() {
    let outcome = dnd(["help", "repl"])
    #expect(outcome.status == 0)
    for word in [":load FILE", ":session", ":trace [N]", "dnd repl examples/01-hello-drop.dnd"] {
      #expect(outcome.output.contains(word))
    }
  }

  /// A function's default values outlive the input that declared it.
  @Test func defaultValuesReachLaterInputs() {
    let input = "func pad(_ n: Int, by: Int = 10) -> Int { n + by }\nprint(pad(1))\nprint(pad(1, by: 2))\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == "11\n3\n", "\(outcome.error)")
  }

  /// An expression whose value is nil shows `nil`; a call that gives
  /// nothing (it may have no result) shows nothing.
  @Test func aNilValueIsShownButANilCallIsNot() {
    let input = "let x: Int? = nil\nx\nnil\nUIView().backgroundColor\nprint(\"p\")\nfunc f() {}\nf()\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == "nil\nnil\nnil\np\n", "\(outcome.error)")
  }

  /// A lookup's nil is its answer, shown as a variable's is.
  @Test func aLookupThatFindsNothingShowsNil() {
    let input = "let names = [\"a\"]\nnames.first(where: { $0 == \"z\" })\nnames.firstIndex(of: \"a\")\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == "nil\n0\n", "\(outcome.error)")
  }

  /// A lift abandoned before the drag began ends its session: `:session`
  /// says so, as `activeSession` does.
  @Test func anAbandonedLiftEndsTheSession() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(
      "lift.dnd",
      """
      app A {
          label l {
              frame = Rect(0, 0, 100, 40)
              isUserInteractionEnabled = true
              dragInteraction {
                  func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "x"))] }
              }
          }
      }
      """)
    let input = "longPress l\ncancel\nsettle\n:session\nactiveSession == nil\n"
    let outcome = dnd(["repl", path], input: Array(input.utf8))
    #expect(outcome.output.contains("Drag session 1 (ended: the lift was abandoned before the drag began)"))
    #expect(!outcome.output.contains("(active)"))
    #expect(outcome.output.hasSuffix("true\n"))
  }

  /// Inputs are numbered from 1 whether or not a script was loaded first.
  @Test func theFirstInputIsOneAfterALoadedScript() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("loaded.dnd", "var loaded = 1\n")
    let outcome = dnd(["repl", path], input: Array("nope\n".utf8))
    #expect(outcome.error.contains("<repl:1>:1:1: error: cannot find 'nope'"), "\(outcome.error)")
  }

  /// `<repl:N>` is the Nth input as the user counts them: a command that
  /// worked, a comment and a statement of two lines count one each, and a
  /// blank line none.
  @Test func everyInputTakesANumberCommandsToo() {
    let input = ":help\n// a note\n\nfunc f() {\n}\nlet b = nope\n"
    let outcome = dnd(["repl"], input: Array(input.utf8))
    #expect(outcome.error.contains("<repl:4>:1:9: error: cannot find 'nope'"), "\(outcome.error)")
  }

  @Test func aMissingFileIsReportedAndTheSessionGoesOn() {
    let outcome = dnd(["repl", "nowhere.dnd"], input: Array("print(1)\n".utf8))
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("cannot read 'nowhere.dnd'"))
    #expect(outcome.output == "1\n")
  }
}
