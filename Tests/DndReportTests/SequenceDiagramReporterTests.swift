import DndInterpreter
import DndReport
import Foundation
import Testing

/// `dnd run --trace=mermaid`: a sequence diagram that Mermaid's lexer takes.
/// The checker below is stricter than Mermaid (it knows only the statements
/// the reporter writes), following the rules of Mermaid's sequence grammar:
/// text runs to the end of the line and may not hold `#` or `;` except in
/// entity codes, `%%` starts a comment, and an identifier must not begin
/// with a keyword, which the lexer would take first.
@Suite struct SequenceDiagramReporterTests {
  static let keywords = [
    "participant", "actor", "create", "destroy", "box", "loop", "rect", "opt", "alt", "else", "par", "and",
    "critical", "option", "break", "end", "left of", "right of", "links", "link", "properties", "details",
    "over", "note", "activate", "deactivate", "title", "acctitle", "accdescr", "sequencediagram",
    "autonumber",
    "off",
  ]

  /// The problems Mermaid would have with a diagram; empty when it is fine.
  static func problems(in diagram: String) -> [String] {
    var problems: [String] = []
    var declared: Set<String> = []
    let lines = diagram.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == "sequenceDiagram" else { return ["the first line is not sequenceDiagram"] }
    func checkText(_ text: String, _ line: String) {
      if text.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("empty text: \(line)") }
      if text.contains("%%") { problems.append("a comment marker in text: \(line)") }
      let withoutEntities = text.replacingOccurrences(of: #"#[0-9]+;"#, with: "", options: .regularExpression)
      if withoutEntities.contains("#") || withoutEntities.contains(";") {
        problems.append("# or ; outside an entity code: \(line)")
      }
      if text.contains("<") || text.contains(">") { problems.append("an HTML bracket in text: \(line)") }
    }
    func checkIdentifier(_ id: String, _ line: String) {
      if id.range(of: #"^[A-Za-z][A-Za-z0-9]*$"#, options: .regularExpression) == nil {
        problems.append("identifier \(id) is not a plain word: \(line)")
      }
      if keywords.contains(where: { id.lowercased().hasPrefix($0) }) {
        problems.append("identifier \(id) begins with a keyword: \(line)")
      }
    }
    for line in lines.dropFirst() where !line.isEmpty {
      if let match = line.wholeMatch(of: /\ \ participant ([^ ]+) as (.+)/) {
        checkIdentifier(String(match.1), line)
        checkText(String(match.2), line)
        declared.insert(String(match.1))
      } else if let match = line.wholeMatch(of: /\ \ Note over ([A-Za-z0-9]+)(?:,([A-Za-z0-9]+))?: (.+)/) {
        for id in [match.1, match.2].compactMap({ $0 }).map(String.init) where !declared.contains(id) {
          problems.append("undeclared \(id): \(line)")
        }
        checkText(String(match.3), line)
      } else if let match = line.wholeMatch(of: /\ \ ([A-Za-z0-9]+)(->>|-->>|-x|--x)([A-Za-z0-9]+): (.+)/) {
        for id in [String(match.1), String(match.3)] where !declared.contains(id) {
          problems.append("undeclared \(id): \(line)")
        }
        checkText(String(match.4), line)
      } else {
        problems.append("not a statement the reporter writes: \(line)")
      }
    }
    if lines.last != "" { problems.append("no line break at the end") }
    return problems
  }

  @Test(arguments: ReportPaths.exampleNames)
  func everyExampleGivesADiagramMermaidAccepts(_ name: String) throws {
    let run = try ScriptRun.example(name)
    let diagram = SequenceDiagramReporter().render(run.result)
    #expect(Self.problems(in: diagram) == [])
    // The trace's "->" is drawn as the diagram's own arrow, not as an escaped ">".
    #expect(!diagram.contains("-#62;"))
  }

  /// A drag of another app's item `a` (its body `item`) onto a view whose
  /// drop interaction runs `performDrop`; the scenario runs `first` first.
  static func dropFromAnotherApp(item: String, performDrop: String, first: String = "") -> String {
    """
    source S {
        item a {
    \(item)
        }
    }
    app A {
        view zone {
            frame = Rect(0, 0, 500, 500)
            dropInteraction {
                func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
                func performDrop(session) {
    \(performDrop)
                }
            }
        }
    }
    scenario "s" {
        \(first)
        longPress S.a
        drag to zone
        release
        settle
    }
    """
  }

  /// A handler's own load right after a session's loadObjects of the same
  /// class is the handler's, told by the trace (UIKit's item loads are
  /// marked); what the script printed keeps its "->"; a print before the
  /// first drag is headed as the text trace heads it; loadItem is drawn.
  @Test func ownLoadsPrintsAndLegacyLoadsAreDrawnWhereTheyBelong() throws {
    let run = try ScriptRun(
      Self.dropFromAnotherApp(
        item: "UIDragItem(itemProvider: NSItemProvider(object: \"sunset\"))",
        performDrop: """
          session.loadObjects(ofClass: String) { s in print("session -> \\(s.count)") }
          _ = session.items[0].itemProvider.loadObject(ofClass: String) { o, e in print("own") }
          let type = "public.utf8-plain-text"
          _ = session.items[0].itemProvider.loadItem(forTypeIdentifier: type) { i, e in }
          """, first: "print(\"before\")"))
    let lines = SequenceDiagramReporter().render(run.result).split(separator: "\n").map(String.init)
    #expect(lines.filter { $0 == "  UIKit->>Q2: loadObject(ofClass:) class=NSString" }.count == 1, "\(lines)")
    #expect(lines.filter { $0 == "  D1->>Q2: loadObject(ofClass:) class=NSString" }.count == 1)
    #expect(lines.contains { $0.hasPrefix("  D1->>Q2: loadItem(forTypeIdentifier:options:)") })
    #expect(lines.contains("  Note over D1: print: own"))
    #expect(lines.contains("  Note over D1: print: session -#62; 1"))
    let heading = try #require(lines.firstIndex { $0.hasSuffix(": Before any drag") })
    #expect(lines[heading + 1] == "  Note over Finger: print: before")
    // A text field's built-in drop asks for the text itself.
    let fields = SequenceDiagramReporter().render(try ScriptRun.example("13-text-fields.dnd").result)
    #expect(fields.contains("  UIKit->>UIKit: loadObjects(ofClass:) class=NSString\n"), "\(fields)")
  }

  /// Completions are told apart by the trace, not by order: the script's
  /// own load finishes first and goes to its delegate, UIKit's slower one to
  /// UIKit (paired oldest first, both went to UIKit).
  @Test func aCompletionGoesToWhoeverStartedItsLoad() throws {
    let run = try ScriptRun(
      Self.dropFromAnotherApp(
        item: """
          let slow = NSItemProvider(object: "slow")
          slow.simulate(latency: 0.5, forTypeIdentifier: "public.utf8-plain-text")
          return [UIDragItem(itemProvider: slow), UIDragItem(itemProvider: NSItemProvider(object: "fast"))]
          """,
        performDrop: """
          session.loadObjects(ofClass: String) { s in print("session") }
          _ = session.items[1].itemProvider.loadObject(ofClass: String) { o, e in print("own") }
          """))
    let lines = SequenceDiagramReporter().render(run.result).split(separator: "\n").map(String.init)
    #expect(lines.contains("  Note over D1: print: own"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("  Q2->>UIKit: [0.5s] completion") }, "\(lines)")
  }

  /// A move's "[0, 3]->[0, 0]" is drawn with the diagram's arrow, as a batch
  /// update's "2 -> 3" is (an escaped ">" showed as -#62;).
  @Test func aMovedRowIsDrawnWithAnArrow() throws {
    let run = try ScriptRun(
      """
      app Shelf {
          var books = ["Emma", "Dune", "Ulysses"]
          tableView list {
              frame = Rect(0, 0, 400, 600)
              dataSource {
                  func numberOfRowsInSection(section) { books.count }
                  func cellForRowAt(indexPath) { UITableViewCell(text: books[indexPath.row]) }
              }
          }
      }
      scenario "move" {
          wait 0
          books.insert(books.remove(at: 2), at: 0)
          list.moveRow(at: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
      }
      """)
    let diagram = SequenceDiagramReporter().render(run.result)
    #expect(diagram.contains("[0, 2]→[0, 0]"), "\(diagram)")
    #expect(!diagram.contains("#62;"))
  }

  /// What comes before the first drag (a list's first layout) is headed as
  /// the text trace heads it.
  @Test func theEventsBeforeAnyDragAreHeaded() throws {
    let diagram = SequenceDiagramReporter().render(try ScriptRun.example("17-video-table.dnd").result)
    let lines = diagram.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex { $0.hasSuffix(": Before any drag") })
    #expect(lines[heading + 1].contains("numberOfSections"), "\(diagram)")
  }

  @Test func whatIsPrintedBeforeTheFirstEventComesFirst() throws {
    let run = try ScriptRun(
      """
      app A { view root { frame = Rect(0, 0, 100, 100) } }
      scenario "prints" {
        print("one")
        wait 1
        print("two")
      }
      """)
    let lines = SequenceDiagramReporter().render(run.result).split(separator: "\n").map(String.init)
    let one = lines.firstIndex { $0.contains("print: one") }
    let wait = lines.firstIndex { $0.contains("wait seconds=1") }
    let two = lines.firstIndex { $0.contains("print: two") }
    #expect(one != nil && wait != nil && two != nil)
    #expect((one ?? 0) < (wait ?? 0) && (wait ?? 0) < (two ?? 0), "\(lines)")
  }

  @Test func awkwardNamesAndTextsAreSanitised() throws {
    let run = try ScriptRun(
      scene(
        dropHandlers: """
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) { print("a;b#c%%d<e>") }
          """))
    let diagram = SequenceDiagramReporter().render(run.result)
    #expect(Self.problems(in: diagram) == [])
  }

  @Test(arguments: [
    ("a;b", "a#59;b"), ("#1", "#35;1"), ("50%", "50#37;"), ("<UILabel>", "#60;UILabel#62;"),
    ("two\nlines", "two lines"), ("", "(empty)"), ("\u{1}bell", "bell"),
  ])
  func escapeWritesEntityCodes(_ text: String, _ escaped: String) {
    #expect(SequenceDiagramReporter().escape(text) == escaped)
  }

  @Test func longTextsAreShortenedWithAnEllipsis() {
    let escaped = SequenceDiagramReporter(maximumTextLength: 20).escape(String(repeating: "x", count: 50))
    #expect(escaped == String(repeating: "x", count: 19) + "…")
  }

  @Test func participantsAreTheFingerUIKitEachInteractionWithItsDelegateAndTheQueues() throws {
    let run = try ScriptRun.example("01-hello-drop.dnd")
    let diagram = SequenceDiagramReporter().render(run.result)
    let participants = diagram.split(separator: "\n").filter { $0.hasPrefix("  participant") }
    #expect(
      participants == [
        "  participant Finger as Finger", "  participant UIKit as UIKit",
        "  participant I1 as source dragInteraction", "  participant D1 as source drag delegate",
        "  participant I2 as target dropInteraction", "  participant D2 as target drop delegate",
        "  participant Q1 as main queue", "  participant Q2 as NSItemProvider queue",
      ])
    #expect(
      diagram.contains(
        "  I2->>D2: dropInteraction(_:sessionDidUpdate:) location=(150, 20)\n  D2-->>I2: copy\n"))
    #expect(diagram.contains("  I1-xD1: sessionAllowsMoveOperation (not implemented) → true\n"))
    #expect(diagram.contains("  Note over Finger,Q2: Set down\n"))
  }

  /// A session's `loadObjects` asks UIKit, which loads each item on the
  /// provider's queue and calls the delegate back on the main queue; a load
  /// the script starts on a provider goes from its delegate to the queue.
  /// (The delegate's code once appeared to run on the provider's queue.)
  @Test func sessionLoadsGoThroughUIKitAndProviderLoadsComeFromTheScript() throws {
    let hello = SequenceDiagramReporter().render(try ScriptRun.example("01-hello-drop.dnd").result)
    #expect(hello.contains("  D2->>UIKit: loadObjects(ofClass:) class=NSString\n"))
    #expect(hello.contains("  UIKit->>Q2: loadObject(ofClass:) class=NSString\n"))
    #expect(hello.contains("  Q2->>UIKit: completion class=NSString → \"Hello World\"\n"))
    #expect(hello.contains("  Q1->>D2: loadObjects completion class=NSString → 1 object\n"))
    let own = SequenceDiagramReporter().render(try ScriptRun.example("10-background-completions.dnd").result)
    #expect(!own.contains("UIKit->>Q"), "\(own)")
    #expect(own.contains("  D1->>Q2: loadObject(ofClass:) class=UIImage\n"))
    #expect(own.contains("  Q2->>D1: completion class=UIImage → UIImage(sunset, 400x300)\n"))
    // A block queued on the main queue comes from the main queue.
    #expect(own.contains("  Q1->>D2: DispatchQueue.main.async block (line 56)\n"))
    // Loads started in performDropWith after a placeholder's cellUpdateHandler
    // ran inside it come from the drop delegate, not from the placeholder.
    let gallery = SequenceDiagramReporter().render(try ScriptRun.example("explore/02-gallery-commit.dnd").result)
    let dropDelegate = try #require(
      gallery.split(separator: "\n").first { $0.hasSuffix(" as gallery dropDelegate") }?.split(separator: " ")[1])
    #expect(gallery.contains("  \(dropDelegate)->>Q2: loadObject(ofClass:) class=UIImage\n"), "\(gallery)")
  }

  /// A collection view is one participant calling its blocks; its cells are
  /// the list, and a default that says "(not implemented)" says it once.
  /// A commit is the app's call (from the queued block it runs in), and the
  /// data source update is UIKit's call of the block given to it: one
  /// arrow from the list read as UIKit calling commitInsertion.
  @Test func aCommitGoesFromTheAppsCodeAndItsBlockFromTheList() throws {
    let run = try ScriptRun.example("19-placeholders.dnd")
    let lines = SequenceDiagramReporter().render(run.result).split(separator: "\n").map(String.init)
    let commit = try #require(lines.firstIndex { $0.hasSuffix("->>L1: commitInsertion(dataSourceUpdates:)") })
    #expect(lines[commit - 1].hasPrefix("  Q1->>D2: "), "\(lines[commit - 1])")
    #expect(lines[commit].hasPrefix("  D2->>L1: "))
    #expect(lines[commit + 1].hasPrefix("  L1->>D4: dataSourceUpdates block insertionIndexPath="))
  }

  @Test func aListCallsItsBlocks() throws {
    let run = try ScriptRun.example("18-image-gallery.dnd")
    let diagram = SequenceDiagramReporter().render(run.result)
    let participants = diagram.split(separator: "\n").filter { $0.hasPrefix("  participant") }
    #expect(
      participants.prefix(6) == [
        "  participant Finger as Finger", "  participant UIKit as UIKit", "  participant L1 as gallery",
        "  participant D1 as gallery dataSource", "  participant D2 as gallery dragDelegate",
        "  participant D3 as gallery dropDelegate",
      ])
    #expect(!diagram.contains("[0, 0] dragDelegate"))
    #expect(diagram.contains("  L1-xD1: [0s] numberOfSections (not implemented) → 1\n"))
    #expect(diagram.contains("  Finger->>L1: long press point=(120, 90) hitView=gallery[0, 0]\n"))
    #expect(diagram.contains("  L1->>D3: collectionView(_:performDropWith:)"))
  }
}
