import DndCLI
import DndSyntax
import Testing

/// Reading inline expectations from spec comments.
@Suite struct ExpectationsTests {
  private func parse(_ text: String) -> Expectations {
    Expectations.parse(SourceFile(name: "spec.dnd", text: text))
  }

  @Test(arguments: [
    ("print(1) // expect: 1", InlineExpectation(.output, "1", line: 1)),
    ("print(\"\") // expect:", InlineExpectation(.output, "", line: 1)),
    ("print(\"  x \") // expect:   x ", InlineExpectation(.output, "  x ", line: 1)),
    ("x = lable // expect error: unknownName", InlineExpectation(.error, "unknownName", line: 1)),
    (
      "f()   // expect runtime error:  out of range  ",
      InlineExpectation(.runtimeError, "out of range", line: 1)
    ),
    ("var y // expect warning: never used", InlineExpectation(.warning, "never used", line: 1)),
    (
      "// expect: a line // expect: is text", InlineExpectation(.output, "a line // expect: is text", line: 1)
    ),
    ("\"abc // expect error: unterminated", InlineExpectation(.error, "unterminated", line: 1)),
  ])
  func oneExpectationPerLine(line: String, expected: InlineExpectation) {
    let result = parse(line + "\n")
    #expect(result.items == [expected])
    #expect(result.problems.isEmpty)
  }

  @Test(arguments: [
    "// the expected output follows",
    "// expected: not a marker",
    "// expect the label to change: later",
    "// expect Error: capitals are prose",
    "let expect = 1",
  ])
  func proseIsNotAnExpectation(line: String) {
    let result = parse(line + "\n")
    #expect(result.items.isEmpty)
    #expect(result.problems.isEmpty)
  }

  @Test(arguments: [
    ("x // expect eror: y", "unknown expectation 'expect eror:'; did you mean 'expect error:'?"),
    (
      "x // expect runtime eror: y",
      "unknown expectation 'expect runtime eror:'; did you mean 'expect runtime error:'?"
    ),
    ("x // expect error:   ", "'expect error:' needs an id or a message"),
    ("// max-steps: lots", "'max-steps' needs a positive whole number"),
  ])
  func malformedExpectationsAreProblems(line: String, message: String) {
    #expect(parse(line + "\n").problems == [SpecProblem(line: 1, message: message)])
  }

  @Test func linesAreNumberedFromOneInFileOrder() {
    let result = parse("print(1) // expect: 1\n\nprint(2) // expect: 2\nlable // expect error: unknownName\n")
    #expect(result.of(.output).map(\.line) == [1, 3])
    #expect(result.of(.output).map(\.text) == ["1", "2"])
    #expect(result.of(.error).map(\.line) == [4])
  }

  @Test func maxStepsIsADirective() {
    #expect(parse("// max-steps: 500\nwhile true {}\n").maxSteps == 500)
    #expect(parse("print(1)\n").maxSteps == nil)
  }

  @Test func aScriptCannotExpectBothAnErrorAndARuntimeError() {
    let result = parse("lable // expect error: x\nf() // expect runtime error: y\n")
    #expect(result.problems.map(\.line) == [2])
  }

  @Test func linesWithInvalidUTF8AreStillRead() {
    var bytes: [UInt8] = [0xFF, 0xFE]
    bytes += Array(" // expect error: invalidUTF8\n".utf8)
    let result = Expectations.parse(SourceFile(name: "b.dnd", bytes: bytes))
    #expect(result.items == [InlineExpectation(.error, "invalidUTF8", line: 1)])
  }

  @Test(arguments: [
    ("unknownName", true), ("unknown name 'lable'", true), ("did you mean", true),
    ("unknownname", false), ("Unknown", false),
  ])
  func aDiagnosticMeetsAnExpectationByIdOrMessageText(text: String, met: Bool) {
    let message = DiagnosticMessage(id: "unknownName", "unknown name 'lable'; did you mean 'label'?")
    let diagnostic = Diagnostic(message, at: .none)
    #expect(InlineExpectation(.error, text, line: 1).isMet(by: diagnostic) == met)
  }
}
