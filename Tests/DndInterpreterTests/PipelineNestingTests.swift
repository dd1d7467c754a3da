import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// The pipeline parses and checks on the interpreter's large stack, so
/// scripts may nest to `SyntaxLimits.maxNestingDepthOnLargeStack` (256)
/// rather than the 64 `Parser.parse` allows on any thread. These run in a
/// debug build, whose frames are the largest, at the deepest each construct
/// allows.
@Suite struct PipelineNestingTests {
  static let depth = SyntaxLimits.maxNestingDepthOnLargeStack

  private func run(_ source: String) -> SnippetResult { runSnippet(source) }

  /// Each case: a script nested as deep as the limit allows, and what it prints.
  static let deepest: [(name: String, source: String, output: String)] = [
    ("brackets", "let x = " + wrapped(depth - 1, "[", "]") + "\nprint(\"ok\")", "ok\n"),
    ("parentheses", "let x = " + wrapped(depth - 1, "(", ")") + "\nprint(x)", "1\n"),
    ("a sum of 250 terms", "let a = 1\nlet s = " + Array(repeating: "a", count: 250).joined(separator: " + ")
      + "\nprint(s)", "250\n"),
    ("closures", "let f = " + wrapped(127, "{ ", " }") + "\nprint(\"ok\")", "ok\n"),
    ("else if", "let v = 249\nif v == 0 { print(0) }"
      + (1..<250).map { " else if v == \($0) { print(\($0)) }" }.joined() + " else { print(\"none\") }",
     "249\n"),
    ("blocks", wrapped(120, "if true { ", " }").replacingOccurrences(of: "1", with: "print(\"ok\")"), "ok\n"),
    ("switches",
     wrapped(120, "switch 1 {\ndefault:\n", "\n}").replacingOccurrences(of: "\n1\n", with: "\nprint(\"ok\")\n"),
     "ok\n"),
    // A switch's cases are a list, not a nesting: any number of them is fine.
    ("a switch of 2000 cases", "switch 1999 {\n" + (0..<2000).map { "case \($0):\n  print(\($0))\n" }.joined() + "}",
     "1999\n"),
  ]

  /// `1` inside `levels` pairs of brackets.
  static func wrapped(_ levels: Int, _ open: String, _ close: String) -> String {
    String(repeating: open, count: levels) + "1" + String(repeating: close, count: levels)
  }

  @Test(arguments: deepest.map(\.name))
  func theDeepestScriptOfEachKindRuns(_ name: String) {
    guard let script = Self.deepest.first(where: { $0.name == name }) else { return }
    let result = run(script.source)
    #expect(result.error == nil, "\(result.error?.message ?? "")")
    #expect(result.output == script.output)
  }

  @Test func oneLevelPastTheLimitIsADiagnostic() {
    let nested = { (levels: Int) in "let x = " + Self.wrapped(levels, "(", ")") }
    #expect(run(nested(Self.depth - 1)).error == nil)
    let past = run(nested(Self.depth))
    #expect(past.error?.id == "nestingTooDeep")
    #expect(past.error?.message.contains("256 levels") == true)
  }

  /// Switches nest like blocks: past the limit, one diagnostic.
  @Test func switchesNestedPastTheLimitAreADiagnostic() {
    let past = run(Self.wrapped(Self.depth, "switch 1 {\ndefault:\n", "\n}"))
    #expect(past.error?.id == "nestingTooDeep")
  }

  /// `Parser.parse` alone, on whatever thread calls it, keeps the smaller limit.
  @Test func parserParseKeepsTheLimitForAnyThread() {
    let file = SourceFile(name: "n.dnd", text: "let x = " + Self.wrapped(100, "(", ")"))
    #expect(Parser.parse(file).diagnostics.map(\.id) == ["nestingTooDeep"])
    #expect(Parser.parse(file, maxNestingDepth: Self.depth).diagnostics.isEmpty)
    #expect(Pipeline.check(file).diagnostics.isEmpty)
  }

  /// A hundred thousand brackets stop at the limit with one error.
  @Test func absurdNestingIsOneDiagnostic() {
    let result = run("let x = " + String(repeating: "[", count: 100_000))
    #expect(result.error?.id == "nestingTooDeep")
  }
}
