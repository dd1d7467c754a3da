import Foundation
import Testing

@testable import DndSyntax

/// `ScriptFormatter`: the canonical layout, comments kept in place, and the
/// two guarantees (same tree, idempotent) over every script in the repository.
struct FormatterTests {
  /// Every example and every spec script that parses without errors, as
  /// paths relative to the repository root.
  static let scripts: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: [String] = []
    for folder in ["examples", "Tests/DndCLITests/Spec"] {
      let directory = root.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: directory.path)
      while let entry = walker?.nextObject() as? String {
        guard entry.hasSuffix(".dnd"), let file = load(folder + "/" + entry) else { continue }
        if !Parser.parse(file).diagnostics.contains(where: { $0.severity == .error }) {
          found.append(folder + "/" + entry)
        }
      }
    }
    return found.sorted()
  }()

  static func load(_ path: String) -> SourceFile? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
      return nil
    }
    return SourceFile(name: path, bytes: Array(data))
  }

  /// The formatted text of `source`, or the ids of its errors.
  static func format(_ source: String) -> String {
    switch ScriptFormatter.format(SourceFile(name: "test", text: source)) {
    case .success(let text): return text
    case .failure(let failure): return "errors: " + failure.diagnostics.map(\.id).joined(separator: ", ")
    }
  }

  @Test func theScriptsAreFound() {
    #expect(Self.scripts.contains("examples/01-hello-drop.dnd"))
    #expect(Self.scripts.contains("Tests/DndCLITests/Spec/lexing/comments.dnd"))
    #expect(Self.scripts.count > 30)
  }

  @Test(arguments: scripts)
  func formattingKeepsTheTree(_ path: String) throws {
    let file = try #require(Self.load(path))
    let formatted = try ScriptFormatter.format(file).get()
    let reparsed = SourceFile(name: path, text: formatted)
    let result = Parser.parse(reparsed)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))\n\(formatted)")
    let before = SyntaxDump.tree(Parser.parse(file).script, file: file, includeLocations: false)
    let after = SyntaxDump.tree(result.script, file: reparsed, includeLocations: false)
    #expect(before == after)
  }

  @Test(arguments: scripts)
  func formattingTwiceChangesNothing(_ path: String) throws {
    let file = try #require(Self.load(path))
    let once = try ScriptFormatter.format(file).get()
    let twice = try ScriptFormatter.format(SourceFile(name: path, text: once)).get()
    #expect(once == twice)
  }

  /// The same comments come out, in the same order; only the indentation of
  /// the lines of a block comment may change.
  @Test(arguments: scripts)
  func formattingKeepsEveryComment(_ path: String) throws {
    let file = try #require(Self.load(path))
    let formatted = SourceFile(name: path, text: try ScriptFormatter.format(file).get())
    func comments(_ file: SourceFile) -> [String] {
      Parser.parse(file).comments.map { range in
        file.text(range).split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r"))) }
          .joined(separator: "\n")
      }
    }
    #expect(comments(file) == comments(formatted))
  }

  @Test(arguments: scripts.filter { $0.hasPrefix("examples/") })
  func everyExampleIsAlreadyFormatted(_ path: String) throws {
    let file = try #require(Self.load(path))
    #expect(try ScriptFormatter.format(file).get() == String(decoding: file.bytes, as: UTF8.self))
  }

  // MARK: - Layout

  @Test(
    arguments: [
      // Indentation, one statement per line, no semicolons.
      ("func f() {\n  var n = 0; n += 1\n}", "func f() {\n    var n = 0\n    n += 1\n}\n"),
      (
        "if a {\n b } else if c { d }\nelse { e; f }",
        "if a {\n    b\n} else if c { d } else {\n    e\n    f\n}\n"
      ),
      (
        "func f( _ a :Int,b:[String:Int]? )->Bool{\nreturn a<1}",
        "func f(_ a: Int, b: [String: Int]?) -> Bool {\n    return a < 1\n}\n"
      ),
      // A body written on one line, with one statement, stays on one line.
      ("if a { b } else if c { d } else { e }", "if a { b } else if c { d } else { e }\n"),
      (
        "func f() {  x+1 }\napp A { label l { text = \"t\" } }",
        "func f() { x + 1 }\napp A { label l { text = \"t\" } }\n"
      ),
      ("if a { if b { c } }", "if a { if b { c } }\n"),
      ("if a { if b { c; d } }", "if a {\n    if b {\n        c\n        d\n    }\n}\n"),
      ("func g() {\n}", "func g() {}\n"),
      ("guard let x = y , x>0 else {return}", "guard let x = y, x > 0 else { return }\n"),
      ("for _ in 0 ..< 3 { }\nwhile i<=2 {i+=1\n}", "for _ in 0..<3 {}\nwhile i <= 2 {\n    i += 1\n}\n"),
      // Spaces around binary operators; none after unary ones or around ranges.
      ("let x = -a*(b+c)/2%3 ?? !d", "let x = -a * (b + c) / 2 % 3 ?? !d\n"),
      ("let x = - -a\nlet y = !!b\nlet z = -(-a)", "let x = - -a\nlet y = ! !b\nlet z = -(-a)\n"),
      ("x=a===b ? c:d", "x = a === b ? c : d\n"),
      ("let y = v as?String; let z = v is[Int]", "let y = v as? String\nlet z = v is [Int]\n"),
      ("let r = 1...n", "let r = 1...n\n"),
      ("for ( i,_ ) in a.enumerated() { }", "for (i, _) in a.enumerated() {}\n"),
      ("for x in a   where x>0 { }", "for x in a where x > 0 {}\n"),
      ("for ( i,( a , _ ) ) in a { }", "for (i, (a, _)) in a {}\n"),
      ("let (x,(y,z))=t", "let (x, (y, z)) = t\n"),
      ("a.reduce(0,+ ).sorted(by:>)", "a.reduce(0, +).sorted(by: >)\n"),
      (
        "let s:(width:Int,height:Int)=(width:1,height :2)",
        "let s: (width: Int, height: Int) = (width: 1, height: 2)\n"
      ),
      ("if let x{ f(x) }\nguard let y:Int else { return }", "if let x { f(x) }\nguard let y: Int else { return }\n"),
      ("x!.append(y![0]!)\nlet b = !a! != c", "x!.append(y![0]!)\nlet b = !a! != c\n"),
      // Literals, parentheses and optional marks as written.
      ("let n = 0x1F + 1_000 + 1.5e3", "let n = 0x1F + 1_000 + 1.5e3\n"),
      ("print(\"a\\tb \\(1+2)\")", "print(\"a\\tb \\(1+2)\")\n"),
      ("let p = ((a))", "let p = ((a))\n"),
      ("var v: Int! = nil\nvar w: (Int?)? = nil", "var v: Int! = nil\nvar w: Int?? = nil\n"),
      // "??" after a type is two marks, not the coalescing operator.
      ("func f(a: Int??, b: Int?!) -> String?? { nil }", "func f(a: Int??, b: Int?!) -> String?? { nil }\n"),
      ("let f: ((Int) -> Int)? = nil", "let f: ((Int) -> Int)? = nil\n"),
      ("let t = ( 1 , 2 ).0", "let t = (1, 2).0\n"),
      ("let e = [ : ]; let a = [ ]", "let e = [:]\nlet a = []\n"),
      // Lists: on one line, or on the lines they were written on when the
      // first element had a line of its own.
      ("f(a,\n  b)", "f(a, b)\n"),
      ("f(\na,\nb,\n)", "f(\n    a,\n    b,\n)\n"),
      ("f(\n  a , b,\n  c\n)", "f(\n    a, b,\n    c\n)\n"),
      ("f(\n  x: a, y: b)", "f(\n    x: a, y: b)\n"),
      // A line comment after an element keeps the lines as written, the
      // first element staying on the opener's line (joining would move it).
      ("f(a: 1, // the a\n  b: 2)", "f(a: 1, // the a\n    b: 2)\n"),
      ("let xs = [1, // one\n2, 3]", "let xs = [1, // one\n    2, 3]\n"),
      ("let d = [\"a\": 1, // first\n\"b\": 2]", "let d = [\"a\": 1, // first\n    \"b\": 2]\n"),
      ("func f(a: Int, // the a\n b: Int) {}", "func f(a: Int, // the a\n    b: Int) {}\n"),
      ("f(a, b // last\n)", "f(a, b // last\n)\n"),
      // A comment inside an element is the element's: the list is joined.
      ("f(g(1, // in g\n 2), 3)", "f(g(1, // in g\n    2), 3)\n"),
      ("let x = [1, /* two */ 2,\n 3]", "let x = [1, /* two */ 2, 3]\n"),
      ("let d = [\n\"a\": 1,\n\n\n \"b\": 2, ]", "let d = [\n    \"a\": 1,\n\n    \"b\": 2]\n"),
      ("f(\n  a) { x in\n  x\n}", "f(\n    a) { x in\n    x\n}\n"),
      // Closures: trailing as written; on one line like other bodies.
      ("list.map() { x in x * 2 }", "list.map { x in x * 2 }\n"),
      ("list.map({ x in x * 2 })", "list.map({ x in x * 2 })\n"),
      ("f()() { }", "f()() {}\n"),
      ("g { a in\n a }", "g { a in\n    a\n}\n"),
      ("g { a; b }", "g {\n    a\n    b\n}\n"),
      ("g { if a { b } }", "g { if a { b } }\n"),
      ("g { if a { b; c } }", "g {\n    if a {\n        b\n        c\n    }\n}\n"),
      ("g { (a: Int, b) in a } label: { }", "g { (a: Int, b) in a } label: {}\n"),
      // Scenario steps.
      (
        "scenario \"s\" { longPress a for 2; drag through b , c; tap d; wait 1; release; settle }",
        """
        scenario "s" {
            longPress a for 2
            drag through b, c
            tap d
            wait 1
            release
            settle
        }

        """
      ),
      (
        "expect not called f on t times 2\nexpect exception E\nexpect warning  \"w\"\nexpect warning",
        "expect not called f on t times 2\nexpect exception E\nexpect warning \"w\"\nexpect warning\n"
      ),
      // Declarations.
      (
        "device iPad\napp A { view root { label l {\ndropInteraction drop { x = 1 } } } }",
        """
        device iPad
        app A {
            view root {
                label l {
                    dropInteraction drop { x = 1 }
                }
            }
        }

        """
      ),
      (
        "source S { item i { 1 } ; let u = 2 }",
        "source S {\n    item i { 1 }\n    let u = 2\n}\n"
      ),
      // Blank lines: at most one, none at the start or end of a block.
      ("a\n\n\n\nb", "a\n\nb\n"),
      ("func f() {\n\n  a\n\n  b\n\n}", "func f() {\n    a\n\n    b\n}\n"),
      ("", ""),
      // switch: labels at the indentation of `switch`, each statement on a
      // line of its own one level in; a case of one statement written on
      // its label's line stays there, as a one-line body in braces does.
      (
        "switch  x{\n  case 1 ,2 : a ; b\n    case .copy:\n c\n default :break }",
        "switch x {\ncase 1, 2:\n    a\n    b\ncase .copy:\n    c\ndefault: break\n}\n"
      ),
      (
        "func f() {\nswitch n {\ncase 0..<3:\nswitch m {\ndefault: g()\n}\n\n\ncase 3...5: h()\n}\n}",
        """
        func f() {
            switch n {
            case 0..<3:
                switch m {
                default: g()
                }

            case 3...5: h()
            }
        }

        """
      ),
      // A statement starting with `.` after a `;` is parenthesized: on a line
      // of its own it would continue the line before (`p.cancel`).
      ("let q = p; .cancel == p", "let q = p\n(.cancel == p)\n"),
      ("let f = { a(); .copy }", "let f = {\n    a()\n    (.copy)\n}\n"),
      ("(.copy)", "(.copy)\n"),
      ("func f() {\n.copy\n}", "func f() {\n    .copy\n}\n"),
      // Multi-line strings are copied whole, their indentation included.
      ("func f() {\nlet s = \"\"\"\n  x\n  \"\"\"\n}", "func f() {\n    let s = \"\"\"\n  x\n  \"\"\"\n}\n"),
    ])
  func layout(_ input: String, _ expected: String) {
    #expect(Self.format(input) == expected)
  }

  // MARK: - Comments

  @Test(
    arguments: [
      // A comment at the end of a case, indented as its body, stays in it.
      (
        "switch n {\ncase 1:\n    a()\n    // still one\ncase 2:\n    b()\n}",
        "switch n {\ncase 1:\n    a()\n    // still one\ncase 2:\n    b()\n}\n"
      ),
      // Own-line comments stay before what follows them.
      ("// a\nlet x = 1", "// a\nlet x = 1\n"),
      ("app A {\n// inside\n  var n = 0\n}", "app A {\n    // inside\n    var n = 0\n}\n"),
      // Trailing comments stay at the end of their line, aligned with neighbours.
      ("let x = 1 // one", "let x = 1 // one\n"),
      ("let x = 1 // one\nlet long = 22 // two", "let x = 1     // one\nlet long = 22 // two\n"),
      ("let x = 1 // one\n\nlet long = 22 // two", "let x = 1 // one\n\nlet long = 22 // two\n"),
      ("a(); // after the semicolon\nb()", "a() // after the semicolon\nb()\n"),
      ("if a { // opens\n  b\n} // closes", "if a { // opens\n    b\n} // closes\n"),
      ("f(\n  a, // first\n  b // second\n)", "f(\n    a, // first\n    b  // second\n)\n"),
      // A parameter list written one per line keeps its lines and their comments.
      (
        "func f(\n  x: Int, // the x\n  // why y\n  y: Int\n) -> Int { x }",
        "func f(\n    x: Int, // the x\n    // why y\n    y: Int\n) -> Int { x }\n"
      ),
      ("func f(x: Int,\n  y: Int) { }", "func f(x: Int, y: Int) {}\n"),
      // Comments at the end of a block or the file stay there.
      ("func f() {\n  a\n  // last\n}", "func f() {\n    a\n    // last\n}\n"),
      ("func f() {\n  // only\n}", "func f() {\n    // only\n}\n"),
      ("a\n\n// end of file", "a\n\n// end of file\n"),
      ("// only comments\n\n\n/* here */\n", "// only comments\n\n/* here */\n"),
      // A block comment on the line of code stays inline.
      ("/* before */ let x = 1", "/* before */ let x = 1\n"),
      ("let x = f(/* no args */)", "let x = f() /* no args */\n"),
      ("let x = a + /* b */ b", "let x = a + /* b */ b\n"),
      // A line comment inside an expression joined onto one line moves above it.
      ("let x = a + // why\n  b", "// why\nlet x = a + b\n"),
      ("if a // first\n  && b {\n}", "// first\nif a && b {}\n"),
      // Between a block's "}" and "else", a comment goes first in the else
      // branch (an inline else branch opens to hold it), also for else if.
      ("if a {\n  b\n}\n// c\nelse {\n  d\n}", "if a {\n    b\n} else {\n    // c\n    d\n}\n"),
      ("if a { b } // c\nelse { d }", "if a { b } else {\n    // c\n    d\n}\n"),
      ("if a { b }\n// c\nelse {}", "if a { b } else {\n    // c\n}\n"),
      (
        "if a { b }\n/* c */\n// d\nelse if e { f }\nelse { g }",
        "if a { b } else if e {\n    /* c */\n    // d\n    f\n} else { g }\n"
      ),
      // After `else` too; a one-line block comment there stays inline.
      ("if a { b } else // c\nif d { e }", "if a { b } else if d {\n    // c\n    e\n}\n"),
      ("if a { b } else /* c */ { d }", "if a { b } else /* c */ { d }\n"),
      // An else-if condition's closure with an if/else of its own keeps both comments.
      (
        "if a {}\n// c1\nelse if f({ v in\n  if v { return 1 }\n  // c2\n  else { return 2 }\n}) {}",
        "if a {} else if f({ v in\n    if v { return 1 } else {\n        // c2\n        return 2\n    }\n}) {\n"
          + "    // c1\n}\n"
      ),
      // Block comments over several lines move with the code they precede.
      (
        "app A {\n/*\n * boxed\n */\nvar n = 0\n}",
        "app A {\n    /*\n     * boxed\n     */\n    var n = 0\n}\n"
      ),
      // In a switch: comments above a label stay above it, at its indentation;
      // a label's trailing comment stays on its line; the last case keeps its own.
      (
        "switch x {\n  // the ones\n  case 1: // one\n    a // after a\n// others\ndefault:\n  b\n  // last\n}",
        "switch x {\n// the ones\ncase 1: // one\n    a // after a\n// others\ndefault:\n    b\n    // last\n}\n"
      ),
      // Comments inside string interpolations are part of the string.
      ("print(\"\\(a /* c */)\")", "print(\"\\(a /* c */)\")\n"),
      // Trailing white space and carriage returns are dropped.
      ("let x = 1 // one   \r\nlet y = 2\r\n", "let x = 1 // one\nlet y = 2\n"),
    ])
  func comments(_ input: String, _ expected: String) {
    #expect(Self.format(input) == expected)
  }

  // MARK: - Refusals

  @Test func aScriptWithSyntaxErrorsIsNotFormatted() throws {
    let file = SourceFile(name: "bad", text: "let x = (1 +\nprint(x)\n")
    let failure = try #require(throws: FormatFailure.self) { try ScriptFormatter.format(file).get() }
    #expect(failure.diagnostics.map(\.id) == Parser.parse(file).diagnostics.map(\.id))
    #expect(!failure.diagnostics.isEmpty)
  }

  @Test func invalidUTF8InACommentIsNotRewritten() throws {
    let bytes = Array("let x = 1 // ".utf8) + [0xFF, 0x0A]
    let file = SourceFile(name: "bytes", bytes: bytes)
    #expect(Parser.parse(file).diagnostics.isEmpty)
    let failure = try #require(throws: FormatFailure.self) { try ScriptFormatter.format(file).get() }
    #expect(failure.diagnostics.map(\.id) == ["invalidUTF8"])
    #expect(failure.diagnostics.first?.range.start == 13)
  }
}

/// Every script changed where the formatter should not care: comments put
/// between any two tokens the source separates with white space (the tree
/// and every comment are kept, and a second run changes nothing), and other
/// indentation and spacing (the result is the same).
struct FormatterPerturbationTests {
  /// A small deterministic generator (SplitMix64), so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
  }

  static func isBlank(_ gap: [UInt8]) -> Bool {
    !gap.isEmpty && gap.allSatisfy { $0 == .space || $0 == .tab || $0 == .newline || $0 == .carriageReturn }
  }

  /// `file` with comments added in some of the white space between tokens:
  /// `/* cN */` between tokens on a line, `// cN` at the end of a line.
  static func withComments(_ file: SourceFile, seed: UInt64) -> String {
    var generator = Generator(state: seed)
    let tokens = Lexer.tokenize(file)
    var out: [UInt8] = []
    var position = 0
    var count = 0
    for token in tokens {
      let start = Int(token.range.start)
      let gap = Array(file.bytes[position..<start])
      if isBlank(gap) && position > 0 && generator.chance(25) {
        count += 1
        if let newline = gap.firstIndex(of: .newline) {
          out += Array(" // c\(count)".utf8) + gap[newline...]
        } else {
          out += Array(" /* c\(count) */ ".utf8)
        }
      } else {
        out += gap
      }
      out += file.bytes[start..<Int(token.range.end)]
      position = Int(token.range.end)
    }
    out += file.bytes[position...]
    return String(decoding: out, as: UTF8.self)
  }

  /// `file` with its white space between tokens changed: other indentation,
  /// more spaces, more blank lines where there was one.
  static func reindented(_ file: SourceFile, seed: UInt64) -> String {
    var generator = Generator(state: seed)
    var out: [UInt8] = []
    var position = 0
    for token in Lexer.tokenize(file) {
      let start = Int(token.range.start)
      let gap = Array(file.bytes[position..<start])
      if isBlank(gap) {
        let newlines = gap.filter { $0 == .newline }.count
        let spaces = [UInt8](repeating: .space, count: Int(generator.next() % 7) + 1)
        let extra = newlines >= 2 && generator.chance(50) ? 2 : 0
        out += newlines == 0 ? spaces : [UInt8](repeating: .newline, count: newlines + extra) + spaces
      } else {
        out += gap
      }
      out += file.bytes[start..<Int(token.range.end)]
      position = Int(token.range.end)
    }
    out += file.bytes[position...]
    return String(decoding: out, as: UTF8.self)
  }

  @Test(arguments: FormatterTests.scripts)
  func indentationAndSpacingDoNotMatter(_ path: String) throws {
    let original = try #require(FormatterTests.load(path))
    let canonical = try ScriptFormatter.format(original).get()
    for seed in UInt64(1)...3 {
      let file = SourceFile(name: path, text: Self.reindented(original, seed: seed))
      #expect(try ScriptFormatter.format(file).get() == canonical, "seed \(seed)")
    }
  }

  @Test(arguments: FormatterTests.scripts)
  func commentsAnywhereKeepTheTreeAndAreStable(_ path: String) throws {
    let original = try #require(FormatterTests.load(path))
    let tree = SyntaxDump.tree(Parser.parse(original).script, file: original, includeLocations: false)
    for seed in UInt64(1)...4 {
      let file = SourceFile(name: path, text: Self.withComments(original, seed: seed))
      let parsed = Parser.parse(file)
      guard parsed.diagnostics.isEmpty else { continue }
      let once = try ScriptFormatter.format(file).get()
      let reparsed = SourceFile(name: path, text: once)
      let result = Parser.parse(reparsed)
      #expect(result.diagnostics.isEmpty, "seed \(seed)")
      #expect(SyntaxDump.tree(result.script, file: reparsed, includeLocations: false) == tree, "seed \(seed)")
      #expect(result.comments.count == parsed.comments.count, "seed \(seed)")
      let twice = try ScriptFormatter.format(reparsed).get()
      #expect(once == twice, "seed \(seed)\n\(once)")
    }
  }
}
