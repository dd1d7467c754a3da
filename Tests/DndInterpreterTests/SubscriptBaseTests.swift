import DndInterpreter
import Testing

/// `local[i] = v` and `global[i] = v` compiled in a function reach the
/// collection through `CompiledFunction.Tables.subscriptBases` instead of
/// walking the lvalue. Each case runs in a function and, as the general
/// path, at the top level (the tree evaluator): same output, same error,
/// same place in the line.
@Suite struct SubscriptBaseTests {
  @Test(arguments: [
    // Locals: arrays and dictionaries, plain and compound assignment, nil removing a key.
    "var a = [1, 2, 3]\na[1] = 20\na[2] += 5\nprint(a)",
    "var d = [\"x\": 1]\nd[\"y\"] = 2\nd[\"x\"] += 10\nd[\"z\"] = nil\nd[\"y\"] = nil\nprint(d, d.count)",
    "var d = [:]\nfor i in 0..<20 { d[i] = i * i }\nd[3] = nil\nd[4.0] = -1\nprint(d.count, d[4] ?? 0, d[3] ?? 0)",
    // A copy is not changed by a change to the other.
    "var a = [1, 2]\nlet b = a\na[0] = 9\nprint(a, b)",
    "var d = [1: \"a\"]\nlet e = d\nd[1] = \"b\"\nprint(d, e)",
    // A captured local (the general path) next to a plain one.
    "var a = [0, 0]\nlet f = { a[0] = 5 }\nf()\na[1] = 6\nprint(a)",
    // Neither an array nor a dictionary: the general path's error.
    "var s = \"abc\"\ns[0] = \"x\"",
    "var n = 5\nn[0] = 1",
    // Errors raised in place.
    "var a = [1, 2]\na[5] = 1",
    "var a = [1, 2]\na[-1] += 1",
    "var d = [\"k\": 1]\nd[\"k\"] += \"x\"",
    "var d = [\"k\": [1]]\nd[\"k\"] = d",
  ])
  func localsMatchTheTreeEvaluator(_ body: String) {
    let topLevel = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(compiled.output == topLevel.output)
    #expect(compiled.error?.message == topLevel.error?.message)
    #expect(compiled.location == locationInFunction(topLevel.location))
  }

  /// Globals changed from a function, and the same statements at the top level.
  @Test func globalsMatchTheTreeEvaluator() {
    let body = "a[1] = 7\nd[\"q\"] = 1\nd[\"r\"] = 2\nd[\"q\"] = nil\na[0] -= 1\nprint(a, d)"
    let declarations = "var a = [1, 2, 3]\nvar d = [\"p\": 0]\n"
    let topLevel = runSnippet(declarations + body)
    let compiled = runSnippet(declarations + "func main() {\n\(body)\n}\nmain()")
    #expect(topLevel.output == "[0, 7, 3] [\"p\": 0, \"r\": 2]\n")
    #expect(compiled.output == topLevel.output)
    let failing = runSnippet("var a = [1]\nfunc main() {\n  a[3] = 0\n}\nmain()")
    #expect(failing.error?.message == runSnippet("var a = [1]\na[3] = 0").error?.message)
    #expect(failing.location == "3:3")
  }
}
