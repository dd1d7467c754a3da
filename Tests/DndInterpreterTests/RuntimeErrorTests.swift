import DndInterpreter
import Testing

/// Snippets that fail at run time: the diagnostic's id and where it points.
struct ErrorCase: CustomTestStringConvertible, Sendable {
  var source: String
  var id: String
  var location: String
  init(_ source: String, _ id: String, _ location: String) {
    self.source = source
    self.id = id
    self.location = location
  }
  var testDescription: String { "\(id): " + (source.split(separator: "\n").first.map(String.init) ?? "") }
}

@Suite struct RuntimeErrorTests {
  static let cases: [ErrorCase] = [
    .init("print(1 / 0)", "divisionByZero", "1:7"),
    .init("let z = 0\nprint(5 % z)", "divisionByZero", "2:7"),
    .init("print(Int.max + 1)", "integerOverflow", "1:7"),
    .init("print(Int.min * -1)", "integerOverflow", "1:7"),
    .init("print(-Int.min)", "integerOverflow", "1:7"),
    .init("let a = [1, 2]\nprint(a[2])", "indexOutOfRange", "2:7"),
    .init("var a = [1]\na[-1] = 0", "indexOutOfRange", "2:1"),
    .init("var a = [1]\na.remove(at: 3)", "indexOutOfRange", "2:1"),
    // A range subscript names the range, whichever bound is at fault (it named an index inside).
    .init("print([1, 2, 3][-1..<1])", "rangeOutOfRange", "1:7"),
    .init("print([1, 2, 3][1...3])", "rangeOutOfRange", "1:7"),
    .init("var a = []\na.removeFirst()", "emptyCollection", "2:1"),
    .init("let x = nil\nprint(x.count)", "nilMember", "2:7"),
    .init("if 1 { print(1) }", "conditionNotBool", "1:4"),
    .init("print(1 + \"a\")", "operandTypes", "1:7"),
    .init("print(!1)", "operandType", "1:7"),
    .init("let f = { x in x }\nf(1, 2)", "wrongArgumentCount", "2:1"),
    .init("let f = { 1 }\nprint([1].map(f))", "closureTakesNoParameters", "2:7"),
    .init("let x = 1\nx()", "notCallable", "2:1"),
    .init("print(\"a\" as! Int)", "forcedCastFailed", "1:7"),
    .init("let x: Int? = nil\nprint(x! + 1)", "unwrappedNil", "2:7"),
    .init("switch 3 - 1 {\ncase 1:\n  break\n}", "noCaseMatched", "1:8"),
    // A for-in pattern takes each element apart as `let (a, b) =` does.
    .init("for (a, b) in [(1, 2, 3)] { print(a) }", "tupleDestructuring", "1:6"),
    .init("func f() {\n  for (i, _) in [(1, 2), (3, 4, 5)] { print(i) }\n}\nf()", "tupleDestructuring", "2:8"),
    .init("let words = [\"a\"]\nfor (i, word) in words { print(i, word) }", "tupleDestructuring", "2:6"),
    .init("var x: [Int]? = nil\nx!.append(1)", "unwrappedNil", "2:1"),
    // Members other types have: a name no type has is the checker's error.
    .init("print(5.text)", "unknownMember", "1:7"),
    .init("print([1].uppercased())", "noMatchingMethod", "1:7"),
    .init("for x in 5 { }", "notIterable", "1:10"),
    .init("let pairs = zip([1], 5)", "notIterable", "1:13"),
    .init("let r = 3..<1", "invalidRange", "1:9"),
    .init("func f() { g }\nf()\nvar g = 1", "uninitializedGlobal", "1:12"),
    // `UIDragItem()` itself is a check error (InitializerCatalogue); `.init` is checked when it runs.
    .init("let item = UIDragItem.init()", "notConstructible", "1:12"),
    .init("let p = UIDragPreviewParameters(textLineRects: 1)", "notConstructible", "1:9"),
    .init("let d = Progress()", "notImplemented", "1:9"),
    .init("release", "stepFailed", "1:1"),
    .init("print(Int(1e300))", "invalidArgument", "1:7"),
    .init("print(stride(from: 0, to: 5, by: 0))", "invalidArgument", "1:7"),
    .init("let s = \"abc\"\nprint(s[0])", "notSubscriptable", "2:7"),
  ]

  /// Text and a number joined with '+' says how Swift joins them.
  @Test(arguments: [
    (
      "let n = 3\nprint(\"count: \" + n)",
      "binary operator '+' cannot be applied to operands of type 'String' and 'Int'; to join text and a value, "
        + "interpolate it (\"count: \\(n)\") or convert it with String(n)"
    ),
    ("print([1] - 2)", "binary operator '-' cannot be applied to operands of type 'Array' and 'Int'"),
    (
      "var counts: [String: Int] = [:]\ncounts[\"a\"] += 1",
      "binary operator '+' cannot be applied to operands of type 'nil' and 'Int'; an optional has no value to "
        + "compute with: unwrap it first ('if let', or 'value ?? 0'), and count in a dictionary with a default "
        + "('counts[word, default: 0] += 1')"
    ),
  ])
  func mixedOperandsSayHowToJoin(source: String, message: String) {
    #expect(runSnippet(source).error?.message == message)
  }

  @Test func aRangeSubscriptOfAnEmptyArraySaysItIsEmpty() {
    #expect(
      runSnippet("let a: [Int] = []\nprint(a[0..<1])").error?.message
        == "the range 0..<1 is out of range for an empty collection: only an empty range, 0..<0, fits")
  }

  @Test func aRangeSubscriptOutsideTheArrayNamesTheRange() {
    #expect(
      runSnippet("print([1, 2, 3][-1..<1])").error?.message
        == "the range -1..<1 is out of range for a collection of 3 elements: its elements must be indices 0 to 2, "
        + "and a ..< range may end at 3")
  }

  /// A Progress comes from a load; the message says where, not that UIKit is missing.
  @Test func aProgressIsNotMadeByCode() {
    #expect(
      runSnippet("let p = Progress(totalUnitCount: 10)").error?.message
        == "'Progress' cannot be made by code: the runtime makes each load's progress, which the load returns "
        + "('let progress = provider.loadObject(ofClass: UIImage) { ... }'); a load handler cannot return its own")
  }

  /// A NaN where seconds go is named as such, not by Swift's "-nan".
  @Test(arguments: [
    ("wait 0.0 / 0.0", "'wait' expects a number of seconds, but was given NaN (not a number)"),
    (
      "let p = NSItemProvider(object: \"x\")\np.simulate(latency: 0.0 / 0.0)",
      "a latency is a number of seconds, zero or more, not NaN (not a number)"
    ),
    (
      "DispatchQueue.main.asyncAfter(deadline: .now() + 0.0 / 0.0) { print(1) }",
      "'asyncAfter(deadline:)' needs a time such as '.now() + 0.5', not NaN (not a number)"
    ),
    ("print(Int(0.0 / 0.0))", "nan cannot be converted to an Int: it is not a number"),
    ("print(JSON.encode(0.0 / 0.0))", "JSON.encode cannot write nan: JSON numbers are finite"),
    // A size below zero is refused as a latency below zero is.
    (
      "let p = NSItemProvider(object: \"x\")\np.simulate(size: -5)",
      "a size is a number of bytes, zero or more, not -5"
    ),
  ])
  func notANumberIsNamed(source: String, message: String) {
    #expect(runSnippet(source).error?.message == message)
  }

  /// A type whose forms the checker knows names them when one fails at run time.
  @Test func notConstructibleListsTheForms() {
    let result = runSnippet("let item = UIDragItem.init()")
    #expect(
      result.error?.message
        == "'UIDragItem' cannot be created with these arguments; it is created with UIDragItem(itemProvider:) "
        + "or UIDragItem(_:)")
  }

  @Test(arguments: cases)
  func runtimeError(_ snippet: ErrorCase) {
    let result = runSnippet(snippet.source)
    #expect(result.status == .runtimeError)
    #expect(result.error?.id == snippet.id, "\(result.error?.message ?? "no error")")
    #expect(result.location == snippet.location)
  }

  @Test func aFailedExpectationFailsTheRunWithoutBeingAnError() {
    let result = runSnippet("expect 1 == 2")
    #expect(result.status == .failed)
    #expect(result.error?.id == "conditionFailed")
    // Two literals: neither side's value says anything the expression does not.
    #expect(result.error?.message == "expected 1 == 2, but it is false")
    #expect(result.location == "1:8")
  }

  @Test func stackTraceNamesEachCallAndItsLine() {
    let result = runSnippet(
      """
      func inner(x) {
        return x / 0
      }
      func outer() {
        return inner(1)
      }
      outer()
      """)
    #expect(result.error?.id == "divisionByZero")
    #expect(result.location == "2:10")
    let notes = result.error?.notes.map(\.message) ?? []
    #expect(notes == ["in function 'inner', called from line 5", "in function 'outer', called from line 7"])
  }

  @Test func closuresAppearInTheStackTrace() {
    let result = runSnippet(
      """
      let values = [1, 0]
      print(values.map { v in 10 / v })
      """)
    #expect(result.error?.id == "divisionByZero")
    #expect(result.error?.notes.first?.message == "in a closure, called from line 2")
  }

  @Test func deepRecursionKeepsTheInnermostCallsInTheTrace() {
    let result = runSnippet("func down(n) { n == 0 ? 1 / n : down(n - 1) }\ndown(100)")
    #expect(result.error?.id == "divisionByZero")
    let notes = result.error?.notes ?? []
    #expect(notes.count == 13)
    #expect(notes.last?.message == "... and 89 more calls")
  }

  @Test func anInterpreterGoesOnAfterARuntimeError() throws {
    let session = try makeInterpreter("var count = 0\nfunc bump() { count += 1\nreturn 1 / (count - 1) }")
    #expect(throws: RuntimeError.self) { try session.interpreter.call(session.global("bump"), []) }
    #expect(try session.interpreter.call(session.global("bump"), []) == .int(1))
  }
}
