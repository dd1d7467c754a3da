import Testing

@testable import DndSyntax

/// Each construct of grammar.ebnf, parsed and compared as a tree dump.
struct ParserTests {
  @Test(
    arguments: [
      // deviceDecl, systemVersion, appDecl, appMember
      ("device iPad", "device iPad"),
      ("device iPhone iOS 15", "device iPhone iOS 15"),
      ("device iPad iPadOS 17.4", "device iPad iPadOS 17.4"),
      ("device iPhone iOS 15.0.1", "device iPhone iOS 15.0.1"),
      (
        "app Demo {\n  var count = 0\n  title = \"x\"\n  func reset() { count = 0 }\n  view root { }\n}",
        """
        app Demo
          var count
            integer 0
          property title
            string "x"
          func reset()
            assign =
              identifier count
              integer 0
          view view root
        """
      ),
      // viewDecl, viewMember, interactionDecl, interactionMember
      (
        """
        app A {
          view root {
            frame = Rect(0, 0, 10, 10)
            label title {
              dropInteraction {
                allowsMultipleSelection = true
                func canHandle(session) { true }
              }
              dragDelegate named { }
            }
            func layout() { }
          }
        }
        """,
        """
        app A
          view view root
            property frame
              call
                identifier Rect
                integer 0
                integer 0
                integer 10
                integer 10
            view label title
              interaction dropInteraction
                property allowsMultipleSelection
                  bool true
                func canHandle(session)
                  bool true
              interaction dragDelegate named
            func layout()
        """
      ),
      // sourceDecl, sourceMember, itemDecl
      (
        "source Safari {\n  let url = \"x\"\n  item photo { return 1 }\n  func helper() { }\n}",
        """
        source Safari
          let url
            string "x"
          item photo
            return
              integer 1
          func helper()
        """
      ),
      // scenarioDecl
      ("scenario \"a \\\"quoted\\\" title\" { settle }", "scenario \"a \\\"quoted\\\" title\"\n  settle"),
      // funcDecl, parameterList, parameter, type
      (
        "func f(_ a: Int, b: [String: Int]?, c: UICollectionView.DropProposal, d: [Int]!) -> Bool "
          + "{ return true }",
        """
        func f(a: Int, b: [String: Int]?, c: UICollectionView.DropProposal, d: [Int]?) -> Bool
          return
            bool true
        """
      ),
      // varDecl
      ("let a: Int? = nil\nvar b", "let a: Int?\n  nil\nvar b"),
      // block, ifStatement, condition, conditionList
      (
        "if let x, x > 1 { a }",
        "if\n  condition let x\n    identifier x\n  condition\n    binary >\n      identifier x\n      integer 1"
          + "\n  then\n    identifier a"
      ),
      (
        "if let x = y, var z: Int = w, x > 1 { a } else if b { c } else { d }",
        """
        if
          condition let x
            identifier y
          condition var z: Int
            identifier w
          condition
            binary >
              identifier x
              integer 1
          then
            identifier a
          else
            if
              condition
                identifier b
              then
                identifier c
              else
                identifier d
        """
      ),
      // guardStatement, forStatement, whileStatement, return, break, continue
      (
        "guard ok else { return }\nfor x in xs { continue }\nfor _ in 0...2 { }\nwhile a, b { break }",
        """
        guard
          condition
            identifier ok
          else
            return
        for x
          identifier xs
          do
            continue
        for _
          range ...
            integer 0
            integer 2
          do
        while
          condition
            identifier a
          condition
            identifier b
          do
            break
        """
      ),
      // expressionStatement, assignmentOperator
      (
        "a = 1; a += 2; a -= 3; a *= 4; a /= 5; a %= 6; f()",
        """
        assign =
          identifier a
          integer 1
        assign +=
          identifier a
          integer 2
        assign -=
          identifier a
          integer 3
        assign *=
          identifier a
          integer 4
        assign /=
          identifier a
          integer 5
        assign %=
          identifier a
          integer 6
        call
          identifier f
        """
      ),
    ] as [(String, String)])
  func declarationsAndStatements(source: String, expected: String) {
    #expect(tree(source) == expected)
  }

  @Test(
    arguments: [
      // stepStatement and each step
      (
        "longPress Safari.photo for 0.5",
        "longPress\n  member .photo\n    identifier Safari\n  for double 0.5"
      ),
      ("longPress source", "longPress\n  identifier source"),
      ("drag to a", "drag to\n  identifier a"),
      ("drag through a, b,\n  c", "drag through\n  identifier a\n  identifier b\n  identifier c"),
      ("tap Point(1, 2)", "tap\n  call\n    identifier Point\n    integer 1\n    integer 2"),
      ("release; cancel; settle", "release\ncancel\nsettle"),
      ("wait 0.25", "wait\n  double 0.25"),
      // expectStep, expectCall, expectException, expectWarning
      (
        "expect target.text == \"x\"",
        "expect\n  binary ==\n    member .text\n      identifier target\n    string \"x\""
      ),
      (
        "expect called sessionDidUpdate on target times 2",
        "expect called sessionDidUpdate\n  on identifier target\n  times integer 2"
      ),
      ("expect not called performDrop", "expect not called performDrop"),
      (
        "expect exception NSInternalInconsistencyException",
        "expect exception NSInternalInconsistencyException"
      ),
      ("expect warning\nexpect warning \"main thread\"", "expect warning\nexpect warning \"main thread\""),
      ("expect not warning\nexpect not warning \"main\"", "expect not warning\nexpect not warning \"main\""),
      // The contextual words stay usable as names.
      ("expect called == 2", "expect\n  binary ==\n    identifier called\n    integer 2"),
      ("expect not", "expect\n  identifier not"),
      (
        "expect warning.count == 0",
        "expect\n  binary ==\n    member .count\n      identifier warning\n    integer 0"
      ),
    ] as [(String, String)])
  func steps(source: String, expected: String) {
    #expect(tree(source) == expected)
  }

  @Test(
    arguments: [
      // ternary and the precedence ladder
      (
        "a ? b : c ? d : e",
        "ternary\n  identifier a\n  identifier b\n  ternary\n    identifier c\n    identifier d\n"
          + "    identifier e"
      ),
      (
        "a || b && c == d ?? e",
        """
        binary ||
          identifier a
          binary &&
            identifier b
            binary ==
              identifier c
              binary ??
                identifier d
                identifier e
        """
      ),
      ("a ?? b ?? c", "binary ??\n  identifier a\n  binary ??\n    identifier b\n    identifier c"),
      (
        "1 + 2 * 3 - 4",
        "binary -\n  binary +\n    integer 1\n    binary *\n      integer 2\n      integer 3\n  integer 4"
      ),
      ("a / b % c", "binary %\n  binary /\n    identifier a\n    identifier b\n  identifier c"),
      ("a != b", "binary !=\n  identifier a\n  identifier b"),
      ("a === b", "binary ===\n  identifier a\n  identifier b"),
      ("a !== b", "binary !==\n  identifier a\n  identifier b"),
      ("a < b", "binary <\n  identifier a\n  identifier b"),
      ("a <= b", "binary <=\n  identifier a\n  identifier b"),
      ("a > b", "binary >\n  identifier a\n  identifier b"),
      ("a >= b", "binary >=\n  identifier a\n  identifier b"),
      // cast, rangeExpr
      ("x as? String ?? \"\"", "binary ??\n  cast as? String\n    identifier x\n  string \"\""),
      ("x as! [Int] as Any", "cast as Any\n  cast as! [Int]\n    identifier x"),
      ("x is Int ? 1 : 2", "ternary\n  cast is Int\n    identifier x\n  integer 1\n  integer 2"),
      ("0..<n + 1", "range ..<\n  integer 0\n  binary +\n    identifier n\n    integer 1"),
      // unary
      ("-x * !y", "binary *\n  unary -\n    identifier x\n  unary !\n    identifier y"),
      ("- -1", "unary -\n  unary -\n    integer 1"),
      // postfix, memberSuffix, callSuffix, argumentList, argument, subscriptSuffix
      ("a?.b.c", "member .c\n  member ?.b\n    identifier a"),
      ("pair.0.1", "member .1\n  member .0\n    identifier pair"),
      ("x.self.default", "member .default\n  member .self\n    identifier x"),
      // forceUnwrap: the "!" touches its operand; "a != !b" and "!a" are not unwraps
      ("a!.b![0]", "subscript\n  forceUnwrap\n    member .b\n      forceUnwrap\n        identifier a\n  integer 0"),
      ("!a! != !b", "binary !=\n  unary !\n    forceUnwrap\n      identifier a\n  unary !\n    identifier b"),
      (
        "IndexPath(item: 0, section: s,)",
        "call\n  identifier IndexPath\n  item: integer 0\n  section: identifier s"
      ),
      ("f(for: x, in: y)", "call\n  identifier f\n  for: identifier x\n  in: identifier y"),
      ("a[0][key: k]", "subscript\n  subscript\n    identifier a\n    integer 0\n  key: identifier k"),
      // trailingClosures
      (
        "session.loadObjects(String) { strings in print(strings) }",
        """
        call
          member .loadObjects
            identifier session
          identifier String
          trailing closure (strings) in
            call
              identifier print
              identifier strings
        """
      ),
      (
        "animate { a } completion: { b }",
        "call\n  identifier animate\n  trailing closure\n    identifier a\n"
          + "  trailing completion: closure\n    identifier b"
      ),
      // primary and its literals
      ("42; 0x1F; 1_000; 2.5; 1e3", "integer 42\ninteger 31\ninteger 1000\ndouble 2.5\ndouble 1000.0"),
      ("true; false; nil; self", "bool true\nbool false\nnil\nself"),
      // implicitMember
      (
        "UIDropProposal(operation: .move)",
        "call\n  identifier UIDropProposal\n  operation: implicitMember .move"
      ),
      (".cancel", "implicitMember .cancel"),
      // parenthesized, tuple
      ("(a)", "parenthesized\n  identifier a"),
      ("(a, (b, c))", "tuple\n  identifier a\n  tuple\n    identifier b\n    identifier c"),
      // collectionLiteral
      ("[]", "array"),
      ("[:]", "dictionary"),
      ("[1, 2,]", "array\n  integer 1\n  integer 2"),
      (
        "[\"a\": 1, \"b\": 2,]",
        "dictionary\n  key string \"a\"\n  value integer 1\n  key string \"b\"\n  value integer 2"
      ),
      ("[\n  1,\n  2\n]", "array\n  integer 1\n  integer 2"),
      // closure, closureParameters, closureParameter
      ("{ }", "closure"),
      ("{ a, _ in a }", "closure (a, _) in\n  identifier a"),
      ("{ (a: Int, b) in }", "closure (a: Int, b) in"),
      ("{ () in 1 }", "closure () in\n  integer 1"),
      ("{ (a, b) }", "closure\n  tuple\n    identifier a\n    identifier b"),
      // stringLiteral
      ("\"a\\(b)c\"", "string\n  text \"a\"\n  interpolation identifier b\n  text \"c\""),
      ("\"\"\"\n  x\n  \"\"\"", "multilineString \"x\""),
    ] as [(String, String)])
  func expressions(source: String, expected: String) {
    #expect(tree(source) == expected)
  }

  /// Line breaks end statements, except after a binary operator; "(", "[" and
  /// a trailing "{" starting a line begin something new (grammar.ebnf header).
  @Test(
    arguments: [
      ("f\n(x)", "identifier f\nparenthesized\n  identifier x"),
      ("a\n[1]", "identifier a\narray\n  integer 1"),
      ("f\n{ }", "identifier f\nclosure"),
      ("a\n  + b", "binary +\n  identifier a\n  identifier b"),
      ("a +\n  b", "binary +\n  identifier a\n  identifier b"),
      ("a\n-1", "identifier a\nunary -\n  integer 1"),
      ("a\n- 1", "binary -\n  identifier a\n  integer 1"),
      ("a\n  .b\n  ?.c", "member ?.c\n  member .b\n    identifier a"),
      (
        "x = c\n  ? 1\n  : 2",
        "assign =\n  identifier x\n  ternary\n    identifier c\n    integer 1\n    integer 2"
      ),
      ("func f() {\n  return\n  g()\n}", "func f()\n  return\n  call\n    identifier g"),
      ("if x { }\nelse { y }", "if\n  condition\n    identifier x\n  then\n  else\n    identifier y"),
      ("if list.isEmpty { }", "if\n  condition\n    member .isEmpty\n      identifier list\n  then"),
      (
        "while f(g { }) { }",
        "while\n  condition\n    call\n      identifier f\n      call\n        identifier g\n"
          + "        trailing closure\n  do"
      ),
      ("for x in xs { y }", "for x\n  identifier xs\n  do\n    identifier y"),
      ("for (i, _) in xs { y }", "for (i, _)\n  identifier xs\n  do\n    identifier y"),
      ("for (i, (a, _)) in xs { }", "for (i, (a, _))\n  identifier xs\n  do"),
      ("var (a, ((b, c), _)) = t", "var (a, ((b, c), _))\n  identifier t"),
      ("x = (w: 1, 2)", "assign =\n  identifier x\n  tuple\n    w: integer 1\n    integer 2"),
      ("let x =\n  1", "let x\n  integer 1"),
      ("a;;b;", "identifier a\nidentifier b"),
      ("f(a,\n  b)", "call\n  identifier f\n  identifier a\n  identifier b"),
    ] as [(String, String)])
  func lineBreaks(source: String, expected: String) {
    #expect(tree(source) == expected)
  }

  /// Contextual words are names everywhere the grammar gives them no meaning.
  @Test(
    arguments: [
      ("let label = view + source", "let label\n  binary +\n    identifier view\n    identifier source"),
      (
        "to = through; item = on; times = exception",
        "assign =\n  identifier to\n  identifier through\nassign =\n  identifier item\n  identifier on\n"
          + "assign =\n  identifier times\n  identifier exception"
      ),
      (
        "delegate.dataSource = dragInteraction",
        "assign =\n  member .dataSource\n    identifier delegate\n  identifier dragInteraction"
      ),
      ("source { }", "call\n  identifier source\n  trailing closure"),
      // `where` means something only after a `for` sequence.
      (
        "let where = 1; for x in a where x > where { }",
        "let where\n  integer 1\nfor x\n  identifier a\n  where\n    binary >\n      identifier x\n"
          + "      identifier where\n  do"
      ),
    ] as [(String, String)])
  func contextualWordsAreNames(source: String, expected: String) {
    #expect(tree(source) == expected)
  }

  @Test func everyViewKindDeclaresAView() {
    for kind in Parser.viewKinds {
      #expect(tree("app A { \(kind) v { } }") == "app A\n  view \(kind) v", "\(kind)")
    }
  }

  @Test func everyInteractionKindDeclaresAnInteraction() {
    for kind in Parser.interactionKinds {
      #expect(
        tree("app A { view v { \(kind) { } } }") == "app A\n  view view v\n    interaction \(kind)", "\(kind)"
      )
    }
  }

  @Test func rangesCoverTheNodeText() {
    let source = "let total = items.count + 1"
    let (file, result) = parse(source)
    guard case .statement(let statement)? = result.script.items.first,
      case .variable(let declaration) = statement.kind, let value = declaration.initializer
    else {
      Issue.record("not a variable declaration")
      return
    }
    #expect(file.text(statement.range) == source)
    #expect(file.text(declaration.name.range) == "total")
    #expect(file.text(value.range) == "items.count + 1")
  }

  @Test func theCommentsAreReturned() {
    let (file, result) = parse("a // one\n/* two */ b")
    #expect(result.comments.map(file.text) == ["// one", "/* two */"])
  }

  /// The script of DESIGN.md's sketch, verbatim.
  static let designSketch = """
    device iPad

    app Demo {
        view root {
            frame = Rect(0, 0, 1024, 768)

            label source {
                frame = Rect(10, 100, 200, 30)
                text = "Hello World"
                isUserInteractionEnabled = true      // UILabel's default is false

                dragInteraction {
                    func itemsForBeginning(session) {
                        return [UIDragItem(NSItemProvider("Hello World"))]
                    }
                }
            }

            label target {
                frame = Rect(10, 300, 300, 30)
                isUserInteractionEnabled = true

                dropInteraction {
                    func canHandle(session) { session.canLoadObjects(String) }
                    func sessionDidUpdate(session) { UIDropProposal(.copy) }
                    func performDrop(session) {
                        session.loadObjects(String) { strings in
                            target.text = strings.first
                        }
                    }
                }
            }
        }
    }

    scenario "Hello World lands in the label" {
        longPress source
        drag to target
        release
        settle
        expect target.text == "Hello World"
    }
    """

  @Test func theDesignSketchParses() {
    let file = SourceFile(name: "sketch.dnd", text: Self.designSketch)
    let result = Parser.parse(file)
    #expect(result.diagnostics.isEmpty)
    #expect(
      SyntaxDump.tree(result.script, file: file) == """
        script
          device iPad 1:1
          app Demo 3:1
            view view root 4:5
              property frame 5:9
                call 5:17
                  identifier Rect 5:17
                  integer 0 5:22
                  integer 0 5:25
                  integer 1024 5:28
                  integer 768 5:34
              view label source 7:9
                property frame 8:13
                  call 8:21
                    identifier Rect 8:21
                    integer 10 8:26
                    integer 100 8:30
                    integer 200 8:35
                    integer 30 8:40
                property text 9:13
                  string "Hello World" 9:20
                property isUserInteractionEnabled 10:13
                  bool true 10:40
                interaction dragInteraction 12:13
                  func itemsForBeginning(session) 13:17
                    return 14:21
                      array 14:28
                        call 14:29
                          identifier UIDragItem 14:29
                          call 14:40
                            identifier NSItemProvider 14:40
                            string "Hello World" 14:55
              view label target 19:9
                property frame 20:13
                  call 20:21
                    identifier Rect 20:21
                    integer 10 20:26
                    integer 300 20:30
                    integer 300 20:35
                    integer 30 20:40
                property isUserInteractionEnabled 21:13
                  bool true 21:40
                interaction dropInteraction 23:13
                  func canHandle(session) 24:17
                    call 24:43
                      member .canLoadObjects 24:43
                        identifier session 24:43
                      identifier String 24:66
                  func sessionDidUpdate(session) 25:17
                    call 25:50
                      identifier UIDropProposal 25:50
                      implicitMember .copy 25:65
                  func performDrop(session) 26:17
                    call 27:21
                      member .loadObjects 27:21
                        identifier session 27:21
                      identifier String 27:41
                      trailing closure (strings) in 27:49
                        assign = 28:25
                          member .text 28:25
                            identifier target 28:25
                          member .first 28:39
                            identifier strings 28:39
          scenario "Hello World lands in the label" 36:1
            longPress 37:5
              identifier source 37:15
            drag to 38:5
              identifier target 38:13
            release 39:5
            settle 40:5
            expect 41:5
              binary == 41:12
                member .text 41:12
                  identifier target 41:12
                string "Hello World" 41:27
        """)
  }

  @Test func tokenDumpShowsKindTextAndPosition() {
    let dump = SyntaxDump.tokens(SourceFile(name: "t", text: "let x = @\n\"s\""))
    #expect(
      dump == """
        1:1 kwLet "let"
        1:5 identifier "x"
        1:7 equal "="
        1:9 error "@" unexpectedCharacter
        2:1 string "\\"s\\""
        2:4 endOfFile ""
        """)
  }
}
