import Testing

@testable import DndSyntax

/// The diagnostics of marked source: each (id, offset), where a marker gives
/// the offset the diagnostic must start at.
private func diagnostics(_ marked: String) -> (actual: [Spot], expected: [Int]) {
  let source = MarkedSource(marked)
  let (_, result) = parse(source.text)
  return (result.diagnostics.map { Spot(id: $0.id, offset: Int($0.range.start)) }, source.markers)
}

struct Spot: Equatable, CustomStringConvertible {
  var id: String
  var offset: Int
  var description: String { "\(id)@\(offset)" }
}

/// Checks that `marked` gives exactly the diagnostics `ids`, in order, at its
/// markers 1️⃣, 2️⃣, ...
private func expectDiagnostics(
  _ marked: String, _ ids: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let (actual, markers) = diagnostics(marked)
  let expected = zip(ids, markers).map { Spot(id: $0, offset: $1) }
  #expect(markers.count == ids.count, "one marker per expected diagnostic", sourceLocation: sourceLocation)
  #expect(actual == expected, "\(marked)", sourceLocation: sourceLocation)
}

struct ParserDiagnosticTests {
  /// A kind with no near name lists the kinds there are; a near one is named.
  @Test(arguments: [
    ("app A { pickerView target { } }", "; the view kinds are 'view', 'label', 'imageView', 'textField'"),
    ("app A { lable target { } }", "unknown view or interaction kind 'lable'; did you mean 'label'?"),
  ])
  func unknownKindSaysWhatThereIs(source: String, part: String) {
    let result = Parser.parse(SourceFile(name: "t.dnd", text: source))
    #expect(result.diagnostics.first?.message.contains(part) == true, "\(result.diagnostics.map(\.message))")
  }

  /// The byte-length index of Swift's words (read before any string is
  /// made) lists exactly the words that have advice.
  @Test func theSwiftOnlyWordIndexMatchesTheAdvice() {
    let indexed = Parser.State.swiftOnlyWordsByLength.flatMap { $0 }.map { $0.description }
    #expect(Set(indexed) == Set(Parser.State.swiftOnlyWords.keys))
    #expect(indexed.count == Parser.State.swiftOnlyWords.count)
  }

  @Test(
    arguments: [
      ("var x = 1\nx1️⃣++", "noIncrementOperator"),
      ("var x = 1\nx1️⃣--", "noIncrementOperator"),
      ("let y = 1 1️⃣<< 4", "noShiftOperator"),
      ("let y = 16 1️⃣>> 2", "noShiftOperator"),
      ("a = b 1️⃣= 2", "chainedAssignment"),
      ("let x =1️⃣ ", "expectedExpression"),
      ("let x = 11️⃣ 2", "consecutiveStatements"),
      ("x = 1 1️⃣)", "unexpectedAfterStatement"),
      ("1️⃣)", "expectedStatement"),
      ("1️⃣}", "unexpectedClosingBrace"),
      ("foo(1, 21️⃣", "expectedClosing"),
      ("x = a[11️⃣\nlet y = 2", "expectedClosing"),
      ("app A {\n  view v {\n  }1️⃣\n", "expectedClosing"),
      ("app A {\n  view v {\n  }1️⃣\nscenario \"s\" {\n  release\n}", "expectedClosing"),
      ("app A { 1️⃣lable x { } }", "unknownKind"),
      ("app A { view v { 1️⃣dropInteracton { } } }", "unknownKind"),
      ("app A { 1️⃣x }", "expectedMember"),
      ("app A { view v { frame 1️⃣Rect(0, 0, 1, 1) } }", "expectedAssignment"),
      ("app A { view v { 1️⃣let x = 1 } }", "variableInView"),
      ("app A { 1️⃣dragInteraction { } }", "interactionOutsideView"),
      ("app A { view v { dropInteraction { 1️⃣x } } }", "expectedMember"),
      ("source S { 1️⃣x }", "expectedMember"),
      ("1️⃣label x { }", "viewOutsideApp"),
      ("func f() { 1️⃣app B { } }", "declarationNotAtTopLevel"),
      // Starting an indented line it was written inside on purpose; at the
      // start of a line the block before it lacks its "}".
      ("scenario \"s\" {\n  1️⃣device iPhone\n}", "declarationNotAtTopLevel"),
      ("func f() {\n\t1️⃣app X { }\n}", "declarationNotAtTopLevel"),
      ("scenario \"s\" {\n  settle1️⃣\napp A { }", "expectedClosing"),
      ("if 1️⃣{ }", "expectedCondition"),
      ("if x 1️⃣= 1 { }", "assignmentAsComparison"),
      ("app A { view v { dropInteraction { 1️⃣override func performDrop(s) { } } } }", "swiftOnlyWord"),
      ("source S { 1️⃣private item x { } }", "swiftOnlyWord"),
      ("app A { view v { dropInteraction { 1️⃣@objc func performDrop(s) { } } } }", "swiftAttribute"),
      ("while x 1️⃣= 1 { }", "assignmentAsComparison"),
      ("guard x 1️⃣= 1 else { return }", "assignmentAsComparison"),
      ("scenario \"s\" {\n  expect x 1️⃣= 1\n}", "assignmentAsComparison"),
      ("scenario \"s\" {\n  1️⃣longpress v\n}", "misspeltStep"),
      ("scenario \"s\" {\n  if true {\n    1️⃣dragTo v\n  }\n}", "misspeltStep"),
      ("1️⃣relase v", "misspeltStep"),
      // The rest of the line is the step's operand, not statements of its own.
      ("scenario \"s\" {\n  1️⃣move to root\n}", "misspeltStep"),
      ("scenario \"s\" {\n  1️⃣move to root { x }\n  settle\n}", "misspeltStep"),
      ("func f() {\n  longpress1️⃣ v\n}", "consecutiveStatements"),
      ("scenario \"s\" {\n  zebra1️⃣ v\n}", "consecutiveStatements"),
      ("x = 1\n1️⃣else { }", "elseWithoutIf"),
      ("if let x 1️⃣y { }", "expectedBindingValue"),
      ("guard x 1️⃣{ }", "expectedElseAfterGuard"),
      ("for x 1️⃣items { }", "expectedInAfterForVariable"),
      ("for (a, 1️⃣) in items { }", "expectedName"),
      ("x = a < b 1️⃣< c", "chainedComparison"),
      // Swift concurrency.
      ("func load() 1️⃣async { }", "noConcurrency"),
      ("func load() 1️⃣async throws -> Int { 1 }", "noConcurrency"),
      ("let image = 1️⃣await load()", "noConcurrency"),
      // Swift's patterns outside a switch; a 'where' on a 'for' with no condition.
      ("for x in items where 1️⃣{ }", "expectedCondition"),
      ("for 1️⃣case let x? in items { }", "casePatternOutsideSwitch"),
      ("if 1️⃣case let x? = value { }", "casePatternOutsideSwitch"),
      ("guard 1️⃣case .copy = operation else { return }", "casePatternOutsideSwitch"),
      ("if ready, 1️⃣case 1 = count { }", "casePatternOutsideSwitch"),
      // Swift's generic arguments, in a type and touching a name in an expression.
      ("let a: 1️⃣Array<String> = []", "genericArguments"),
      ("let s = 1️⃣Set<String>()", "genericArguments"),
      ("let d = 1️⃣Dictionary<String, Int>()", "genericArguments"),
      ("func f(x: 1️⃣Optional<Int>) { }", "genericArguments"),
      ("foo(a1️⃣ b)", "expectedComma"),
      ("[1, 21️⃣ 3]", "expectedComma"),
      ("(1, 21️⃣ 3)", "expectedComma"),
      ("let d = [1: 2, 3 1️⃣]", "expectedColonInDictionary"),
      ("x = c ? a 1️⃣b", "expectedColonInConditional"),
      ("x.1️⃣)", "expectedMemberName"),
      ("x = .1️⃣+", "expectedMemberName"),
      ("x = 1️⃣()", "emptyParentheses"),
      ("{ a 1️⃣b in }", "expectedInAfterClosureParameters"),
      // Swift's words dnd lacks: one diagnostic each, then parsing goes on.
      ("1️⃣fallthrough\nprint(x)", "fallthroughNotSupported"),
      // The switch statement: each rule Swift has and dnd keeps or lacks.
      ("switch x {\ncase 1:\n  f()\ndefault:\n  g()\n1️⃣case 2:\n  h()\n}", "caseAfterDefault"),
      ("switch x {\ndefault:\n  f()\n1️⃣default:\n  g()\n}", "duplicateDefault"),
      ("switch x {\n1️⃣case 1:\ncase 2:\n  f()\n}", "caseWithoutStatements"),
      ("switch x {\ncase 1:\n  f()\n1️⃣default:\n}", "caseWithoutStatements"),
      ("1️⃣switch x {\n}", "emptySwitch"),
      ("switch x {\n1️⃣f()\ncase 1:\n  g()\n}", "statementOutsideCase"),
      ("switch x {\n  1️⃣f()\n}", "statementOutsideCase"),
      ("switch x {\ncase 1️⃣let y:\n  f(y)\n}", "caseValueBinding"),
      ("switch x {\ncase 1️⃣.some(let y):\n  f(y)\n}", "caseValueBinding"),
      ("switch x {\ncase 1 1️⃣where y > 0:\n  f()\n}", "caseWhereClause"),
      ("switch x {\ncase 1️⃣(1, 2):\n  f()\n}", "caseTuplePattern"),
      ("switch x {\ncase 1️⃣(_, 2):\n  f()\n}", "caseTuplePattern"),
      ("switch x {\ncase 1️⃣(1, (_, 3)):\n  f()\n}", "caseTuplePattern"),
      ("switch x {\ncase 1️⃣is String:\n  f()\n}", "caseTypePattern"),
      ("switch x {\ncase 1️⃣let image as UIImage:\n  f(image)\n}", "caseValueBinding"),
      ("switch x {\ncase 1:\n  1️⃣fallthrough\ncase 2:\n  f()\n}", "fallthroughNotSupported"),
      ("switch x {\ncase 1 1️⃣f()\n}", "expectedColonAfterCase"),
      ("switch x {\ncase 1️⃣:\n  f()\n}", "expectedExpression"),
      ("switch 1️⃣{\ncase 1:\n  f()\n}", "expectedExpression"),
      ("x = 1\n1️⃣case 1:\nf()", "caseOutsideSwitch"),
      ("1️⃣struct P { var x = 0 }\nlet p = 1", "swiftOnlyWord"),
      ("app A { 1️⃣lazy var cache = [1]\n  view v { } }", "swiftOnlyWord"),
      ("func f() {\n  1️⃣weak var v = 1\n  print(v)\n}", "swiftOnlyWord"),
      ("1️⃣import UIKit", "swiftOnlyWord"),
      ("print(1️⃣$0)", "shorthandOutsideClosure"),
      ("let f = { x in 1️⃣$0 }", "shorthandOutsideClosure"),
      ("let f = { 1️⃣$16 }", "shorthandOutOfRange"),
      ("let f = { 1️⃣$99999999999999999999999 }", "shorthandOutOfRange"),
      ("1️⃣repeat { f() } while x", "swiftOnlyWord"),
      ("1️⃣private struct P { }", "swiftOnlyWord"),
      ("func f 1️⃣{ }", "expectedParameterList"),
      ("app A1️⃣", "expectedBody"),
      ("func f() 1️⃣x", "expectedBody"),
      // '=' where a body belongs is '==' only after a condition.
      ("source S {\n  item x 1️⃣= 3\n}", "expectedBody"),
      ("func f() 1️⃣= 3", "expectedBody"),
      ("if x 1️⃣= 3 { }", "assignmentAsComparison"),
      // One part in parentheses is not Swift's grouping here.
      ("for (1️⃣x) in xs { }", "singlePartPattern"),
      ("let ((1️⃣b), c) = (1, 2)", "singlePartPattern"),
      ("let (1️⃣(b, c)) = ((1, 2))", "singlePartPattern"),
      // A device's name is on its line; the next line is a statement.
      ("device1️⃣\nprint(1)", "expectedName"),
      ("let 1️⃣= 3", "expectedName"),
      ("device1️⃣", "expectedName"),
      ("device iPhone iOS1️⃣\nprint(1)", "expectedSystemVersion"),
      ("device iPhone iOS 1️⃣fifteen", "expectedSystemVersion"),
      ("device iPhone iOS 151️⃣.\nprint(1)", "expectedSystemVersion"),
      ("print(1️⃣.5)", "leadingDotNumber"),
      ("x as 1️⃣+ 1", "expectedType"),
      ("scenario 1️⃣{ }", "expectedScenarioTitle"),
      ("scenario \"a\\(1️⃣x)\" { }", "interpolationNotAllowed"),
      ("drag 1️⃣target", "expectedDragDirection"),
      // Steps written as Swift calls or with a preposition.
      ("drag 1️⃣from a to b", "dragFrom"),
      ("longPress 1️⃣at Point(1, 1)", "stepWordBeforeTarget"),
      ("tap 1️⃣on box", "stepWordBeforeTarget"),
      ("release1️⃣()", "stepTakesNoArguments"),
      ("settle 1️⃣(1)", "stepTakesNoArguments"),
      ("wait 1️⃣1s", "invalidNumber"),
      ("longPress1️⃣\nx", "expectedExpression"),
      ("let x = 1️⃣99999999999999999999", "integerOverflow"),
      // Int.min's magnitude fits only with a minus touching it.
      ("let x = 1️⃣9223372036854775808", "integerOverflow"),
      ("let x = - 1️⃣9223372036854775808", "integerOverflow"),
      ("let x = -1️⃣9223372036854775809", "integerOverflow"),
      ("let x = 1️⃣1e999", "doubleOverflow"),
      ("let s = \"\"\"1️⃣abc\n\"\"\"", "multilineStringContentOnOpeningLine"),
      ("let s = \"\"\"\nabc1️⃣\"\"\"", "multilineStringClosingNotOnOwnLine"),
      ("let s = \"\"\"\n  a\n1️⃣ b\n  \"\"\"", "multilineStringIndentation"),
      ("let s = \"a 1️⃣\\() b\"", "emptyInterpolation"),
      ("let s = \"a \\(1 1️⃣2) b\"", "expectedInterpolationEnd"),
      // Lexer errors come through the parser once, in the lexer's words.
      ("let x = 1️⃣@", "unexpectedCharacter"),
      ("let x = 1️⃣#", "unexpectedCharacter"),
      ("let x = 1️⃣#1", "unexpectedCharacter"),
      ("let x = 1️⃣@1", "unexpectedCharacter"),
      ("f(action: 1️⃣#selector(g))", "swiftPoundWord"),
      ("1️⃣#if DEBUG", "swiftPoundWord"),
      ("let 1️⃣café = 1", "nonASCIIIdentifier"),
      ("let s = 1️⃣\"abc", "unterminatedString"),
      ("let s = \"a1️⃣\\qb\"", "invalidEscape"),
    ] as [(String, String)])
  func oneDiagnostic(marked: String, id: String) {
    expectDiagnostics(marked, [id])
  }

  @Test func theUnclosedBraceIsNamedWithItsLineAndANote() {
    let source = "app A {\n  view root {\n    label target {\n      text = \"a\"\n    }\n"
    let (file, result) = parse(source)
    #expect(result.diagnostics.count == 1)
    guard let diagnostic = result.diagnostics.first else { return }
    #expect(diagnostic.message == "expected '}' to close the '{' of view 'root' at line 2")
    #expect(diagnostic.notes.map(\.message) == ["to match this opening '{'"])
    #expect(
      diagnostic.notes.first?.range.map { file.location(of: Int($0.start)) }
        == DndSyntax.SourceLocation(line: 2, column: 13))
    #expect(diagnostic.fixIts.map(\.replacement) == ["}"])
  }

  @Test(
    arguments: [
      ("let x = ", "expected expression after '='"),
      ("foo(1, 2", "expected ')' to close the '(' of this call"),
      ("app A { lable x { } }", "unknown view or interaction kind 'lable'; did you mean 'label'?"),
      // A UIKit view dnd leaves out says what to declare, not a near kind.
      (
        "app A { scrollView s { } }",
        "'scrollView' is UIKit's, but dnd does not model it; scrolling and zooming are not modelled: declare a "
          + "'view' with the content's frame, and put the content's views in it"
      ),
      (
        "scenario \"s\" { expect not exception NSRangeException }",
        "'expect not exception' is not a step: UIKit's exceptions end the app, so a scenario that does not "
          + "expect one passes only if none was raised; write 'expect exception NAME' to require one"
      ),
      ("let x = 1 2", "consecutive statements on a line must be separated by ';'"),
      ("func f() {\n  x = 1\n", "expected '}' to close the '{' of function 'f' at line 1"),
    ] as [(String, String)])
  func messagesTeach(source: String, message: String) {
    #expect(parse(source).result.diagnostics.map(\.message) == [message])
  }

  @Test func independentErrorsAreAllReported() {
    expectDiagnostics(
      """
      let a =1️⃣
      let b = (1, 22️⃣
      app A {
        3️⃣lable x { text = 1 }
        view v {
          frame 4️⃣Rect(0, 0, 1, 1)
          label l { text = 5️⃣@ }
        }
      }
      scenario "s" {
        drag 6️⃣target
        x = 1 7️⃣)
      }
      """,
      [
        "expectedExpression", "expectedClosing", "unknownKind", "expectedAssignment", "unexpectedCharacter",
        "expectedDragDirection", "unexpectedAfterStatement",
      ])
  }

  @Test func oneErrorPerStatement() {
    expectDiagnostics("let x = 1️⃣) + ) * (]\nlet y =2️⃣ ", ["expectedExpression", "expectedExpression"])
  }

  @Test func noCascadeAfterAnUnterminatedString() {
    expectDiagnostics(
      """
      app A {
        view v {
          text = 1️⃣"abc
          frame = Rect(0, 0, 1, 1)
        }
      }
      scenario "s" { release }
      """, ["unterminatedString"])
  }

  @Test func noCascadeAfterAnUnterminatedMultilineString() {
    expectDiagnostics(
      "app A {\n  view v {\n    text = 1️⃣\"\"\"\n      abc\n  }\n}\n", ["unterminatedMultilineString"])
  }

  @Test func noCascadeAfterAnUnterminatedComment() {
    expectDiagnostics("app A {\n  view v {\n    1️⃣/* text = 1\n  }\n}\n", ["unterminatedBlockComment"])
  }

  @Test func noCascadeAfterAMissingBrace() {
    expectDiagnostics(
      """
      app A {
        view root {
          label l {
            text = "a"
        }
      }1️⃣
      scenario "s" {
        release
      }
      """, ["expectedClosing"])
  }

  @Test func noCascadeAfterAMissingParenthesis() {
    expectDiagnostics("f(a, g(b)1️⃣\nlet x = 1\nx = 2", ["expectedClosing"])
  }

  @Test func errorsInsideAnUnknownDeclarationAreStillFound() {
    expectDiagnostics(
      "app A {\n  1️⃣lable x {\n    text = 2️⃣)\n  }\n}", ["unknownKind", "expectedExpression"])
  }

  @Test func theUnknownKindComesWithAFixIt() {
    let (file, result) = parse("app A { buton b { } }")
    #expect(
      result.diagnostics.first?.fixIts.map { "\(file.text($0.range)) -> \($0.replacement)" } == [
        "buton -> button"
      ])
  }

  /// The fix-it of a step written with a preposition or as a call removes
  /// the extra text; `cancel(1)` has arguments to rethink, so none.
  @Test(
    arguments: [
      ("longPress at Point(1, 1)", ["at  -> "]),
      ("tap on box", ["on  -> "]),
      ("release()", ["() -> "]),
      ("settle ( )", ["( ) -> "]),
      ("cancel(1)", []),
    ] as [(String, [String])])
  func aStepsExtraTextIsRemovedByItsFixIt(source: String, fixIts: [String]) {
    let (file, result) = parse(source)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.fixIts.map { "\(file.text($0.range)) -> \($0.replacement)" } == fixIts)
  }

  /// A number with a unit of time gives the seconds to write, exactly:
  /// 700 ms is 0.7 (multiplying by 0.001 gave 0.7000000000000001).
  @Test(
    arguments: [
      ("1s", "write 1"), ("0.5s", "write 0.5"), ("700ms", "write 0.7"), ("350ms", "write 0.35"),
      ("9ms", "write 0.009"), ("1_000ms", "write 1"), ("250MS", "write 0.25"), ("2min", "write 120"),
      ("1.5seconds", "write 1.5"), ("33.3ms", "write 0.0333"), ("2.05min", "write 123"),
      ("0.07ms", "write 7e-05"), ("12abc", "write digits (1_000, 2.5, 1e-3) or 0x and hex digits"),
      // Swift's binary and octal literals give the decimal value.
      ("0b101", "binary literals are not part of dnd; write 5 (or 0x and hex digits)"),
      ("0b1_0", "write 2 (or 0x and hex digits)"),
      ("0o17", "octal literals are not part of dnd; write 15 (or 0x and hex digits)"),
      ("0b2", "write digits (1_000, 2.5, 1e-3) or 0x and hex digits"),
    ] as [(String, String)])
  func aDurationWithAUnitGivesItsSeconds(text: String, ending: String) {
    #expect(DiagnosticMessage.invalidNumber(text).text.hasSuffix(ending))
  }

  /// A step's parentheses or `drag from`'s targets spread over lines give
  /// one error, not one more per line.
  @Test(
    arguments: [
      ("release(\n)", "stepTakesNoArguments"),
      ("cancel(\n  1,\n  2\n)", "stepTakesNoArguments"),
      ("drag from box to Point(\n  10, 10)", "dragFrom"),
      ("drag from box\nto other", "dragFrom"),
    ] as [(String, String)])
  func aStepWrittenAsSwiftOverLinesIsOneError(source: String, id: String) {
    let (_, result) = parse(source + "\nlet after = 1 +\n")
    #expect(result.diagnostics.map(\.id) == [id, "expectedExpression"])
  }

  /// `drag from` at the end of its line leaves the next line alone.
  @Test func dragFromAtTheEndOfALineKeepsTheNextLinesError() {
    let (_, result) = parse("drag from\nlongpress other\n")
    #expect(result.diagnostics.map(\.id) == ["dragFrom", "misspeltStep"])
  }

  @Test func diagnosticsAreSortedByPosition() {
    let (_, result) = parse("let s = \"\\(1 2)\" + @\nlet t = ")
    let starts = result.diagnostics.map(\.range.start)
    #expect(starts == starts.sorted())
    #expect(result.diagnostics.count == 3)
  }
}
