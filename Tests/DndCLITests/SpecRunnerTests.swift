import DndCLI
import DndSyntax
import Testing

/// The spec runner against the fake engine: what passes, and the failure
/// text for each way a spec can fail.
@Suite struct SpecRunnerTests {
  private let runner = SpecRunner(engine: .fake)

  private func run(_ text: String) -> SpecResult {
    runner.run(SpecFile(source: SourceFile(name: "t.dnd", text: text)))
  }

  @Test(arguments: [
    "",
    "print one // expect: one\nprint two // expect: two\n",
    "let b = lable // expect error: unknownName\nprint skipped\n",
    "let b = lable // expect error: did you mean 'label'\n",
    "print before // expect: before\nboom // expect runtime error: went boom\nprint after\n",
    "var unused // expect warning: never used\n",
    "// max-steps: 2\nprint 1 // expect: 1\nprint 2 // expect: 2\n"
      + "print 3 // expect runtime error: stepLimit\n",
  ])
  func passingSpecs(text: String) {
    let result = run(text)
    #expect(result.passed, "\(result.report)")
  }

  @Test(arguments: [
    ("print one // expect: uno\n", ["line 1: expected output \"uno\", got \"one\""]),
    (
      "print one // expect: one\n// expect: two\n",
      ["line 2: expected output \"two\", but the script printed nothing more"]
    ),
    ("print one\n", ["unexpected output line 1: \"one\""]),
    (
      "let b = lable\n",
      [
        "expected the run to succeed, but it stopped at a syntax or check error",
        "line 1: unexpected error: \"unknown name 'lable'; did you mean 'label'?\" [unknownName]",
      ]
    ),
    (
      "let b = 1 // expect error: unknownName\nlable\n",
      [
        "line 1: expected error \"unknownName\", but none was reported on this line",
        "line 2: unexpected error: \"unknown name 'lable'; did you mean 'label'?\" [unknownName]",
      ]
    ),
    (
      "lable // expect error: typeMismatch\n",
      [
        "line 1: expected error \"typeMismatch\", but none was reported on this line; "
          + "got \"unknown name 'lable'; did you mean 'label'?\" [unknownName]",
        "line 1: unexpected error: \"unknown name 'lable'; did you mean 'label'?\" [unknownName]",
      ]
    ),
    (
      "boom // expect error: boom\n",
      [
        "expected the run to stop at a syntax or check error, but it stopped at a runtime error",
        "line 1: expected error \"boom\", but none was reported on this line",
        "line 1: unexpected runtime error: \"the script went boom\" [boom]",
      ]
    ),
    (
      "print 1 // expect runtime error: boom\n",
      [
        "expected the run to stop at a runtime error, but it succeeded",
        "unexpected output line 1: \"1\"",
        "line 1: expected runtime error \"boom\", but none was reported on this line",
      ]
    ),
    ("var unused\n", ["line 1: unexpected warning: \"'unused' is never used\" [unused]"]),
    (
      "fail\n",
      [
        "expected the run to succeed, but it failed a scenario or expectation",
        "line 1: unexpected runtime error: \"expectation failed\" [expectationFailed]",
      ]
    ),
    ("x // expect eror: y\n", ["line 1: unknown expectation 'expect eror:'; did you mean 'expect error:'?"]),
  ])
  func failingSpecsSayWhatDiffered(text: String, failures: [String]) {
    let result = run(text)
    #expect(result.failures.map(\.description) == failures)
  }

  @Test func theReportNamesTheSpecAndListsEachFailure() {
    let result = run("print one // expect: uno\nprint two // expect: dos\n")
    #expect(
      result.report == """
        FAIL t.dnd
          line 1: expected output "uno", got "one"
          line 2: expected output "dos", got "two"
        """)
    #expect(run("").report == "PASS t.dnd")
  }

  @Test func manyOutputDifferencesAreCounted() {
    let text = (1...15).map { "print \($0)\n" }.joined()
    let result = run(text)
    #expect(result.failures.count == 11)
    #expect(result.failures.last?.message == "... and 5 more output differences")
  }

  @Test func aMissingSpecFileIsAFailedSpec() {
    let result = runner.run(path: "/nonexistent/spec.dnd", name: "spec.dnd")
    #expect(result.report == "FAIL spec.dnd\n  cannot read '/nonexistent/spec.dnd': no such file")
  }
}
