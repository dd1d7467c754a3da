import DndCLI
import DndSyntax
import Testing

/// `dnd check --dump-tokens` and `--dump-ast`: what the lexer and the parser
/// read, on standard output, before the diagnostics.
@Suite struct SyntaxDumpCommandTests {
  static let source = "let x = 1 + 2 * 3\nprint(x)\n"

  @Test func dumpASTPrintsTheTree() {
    let file = SourceFile(name: "<stdin>", text: Self.source)
    let outcome = dnd(["check", "--dump-ast", "-"], input: Array(Self.source.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == SyntaxDump.tree(Parser.parse(file).script, file: file) + "\n")
    #expect(outcome.output.hasPrefix("script\n  let x 1:1\n    binary + 1:9\n"))
  }

  @Test func dumpTokensPrintsEveryToken() {
    let file = SourceFile(name: "<stdin>", text: Self.source)
    let outcome = dnd(["check", "--dump-tokens", "-"], input: Array(Self.source.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == SyntaxDump.tokens(file) + "\n")
    #expect(outcome.output.hasPrefix("1:1 kwLet \"let\"\n1:5 identifier \"x\"\n"))
  }

  @Test func bothDumpsComeTokensFirst() {
    let file = SourceFile(name: "<stdin>", text: Self.source)
    let outcome = dnd(["check", "--dump-ast", "--dump-tokens", "-"], input: Array(Self.source.utf8))
    #expect(
      outcome.output == SyntaxDump.tokens(file) + "\n"
        + SyntaxDump.tree(Parser.parse(file).script, file: file) + "\n")
  }

  @Test func aScriptWithErrorsShowsWhatWasReadThenTheDiagnostics() {
    let outcome = dnd(
      ["check", "--dump-ast", "--dump-tokens", "-"], input: Array("let x = (1 +\nlable\n".utf8))
    #expect(outcome.status == 65)
    #expect(outcome.output.contains("kwLet"))
    #expect(outcome.output.contains("\nscript\n  let x 1:1\n"))
    #expect(outcome.error.contains("error: "))
  }

  @Test func severalFilesGetAHeaderEach() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.dnd", "let a = 1\n")
    let second = try directory.write("b.dnd", "let b = 2\n")
    let outcome = dnd(["check", "--dump-ast", first, second])
    #expect(
      outcome.output == """
        ==> \(first) <==
        script
          let a 1:1
            integer 1 1:9
        ==> \(second) <==
        script
          let b 1:1
            integer 2 1:9

        """)
  }
}
