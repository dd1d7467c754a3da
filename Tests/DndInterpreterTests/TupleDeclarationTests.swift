import DndInterpreter
import Testing

/// `let (a, b) = value`: the same values and errors whether the tree
/// evaluator runs it (the top level) or a compiled function does.
@Suite struct TupleDeclarationTests {
  @Test(arguments: [
    ("let (a, b) = (1, \"x\")\nprint(a, b)", "1 x\n"),
    ("var (a, _, c) = (1, 2, 3)\na += c\nprint(a, c)", "4 3\n"),
    ("let p = (2, (3, 4))\nlet (a, b) = p\nprint(a, b.1)", "2 4\n"),
    ("var (n, m) = (1, 2)\nlet f = { n + m }\nn = 10\nprint(f())", "12\n"),
    ("var (a, b) = (1, 2)\nlet (x, y) = (b, a)\nprint(x, y)", "2 1\n"),
    ("var total = 0\nfor i in 0..<3 {\n  let (u, v) = (i, i * 10)\n  total += u + v\n}\nprint(total)", "33\n"),
  ])
  func aTupleIsTakenApartAlike(_ body: String, _ expected: String) {
    let tree = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(tree.output == expected, "\(String(describing: tree.error))")
    #expect(compiled.output == expected, "\(String(describing: compiled.error))")
  }

  /// A value of the wrong shape stops the run at the value, with the same
  /// message on both paths.
  @Test(arguments: [
    ("let t: Any = (1, 2, 3)\nlet (a, b) = t", "cannot take a tuple of 3 elements apart into 2 names"),
    ("let t: Any = [1, 2]\nlet (a, b) = t", "cannot take a value of type 'Array' apart into 2 names"),
    ("let t: Any = nil\nvar (a, b) = t", "cannot take nil apart into 2 names"),
  ])
  func aValueOfTheWrongShapeIsARuntimeError(_ body: String, _ message: String) {
    let tree = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(tree.error?.id == "tupleDestructuring")
    #expect(tree.error?.message.hasPrefix(message) == true, "\(String(describing: tree.error?.message))")
    #expect(compiled.error?.message == tree.error?.message)
    #expect(compiled.location == locationInFunction(tree.location))
  }

  /// What the checker can see is reported before the run.
  @Test(arguments: [
    ("let (a, b) = (1, 2, 3)", "tupleDeclCountMismatch"),
    ("let (a, b) = \"ab\"", "tupleDeclNotATuple"),
    ("let (a, b) = [1, 2]", "tupleDeclNotATuple"),
    ("var (a, b)", "tupleDeclWithoutValue"),
    ("app A {\n  let (a, b) = (1, 2)\n}", "tupleDeclAmongMembers"),
  ])
  func aPlainMistakeIsReportedBeforeTheRun(_ source: String, _ id: String) {
    #expect(runSnippet(source).error?.id == id)
  }
}
