import DndInterpreter
import Testing

/// The compiled forms that take a shortcut (record literals sharing their
/// keys, `"literal" + String(n)` made at once, a dying string's box reused
/// by `+`, a closure borrowed for its call) behave exactly as the general
/// instructions: same values, same order of evaluation, same errors.
@Suite struct CompiledShortcutTests {
  /// Runs `body` inside a function (so that it is compiled) and returns what it printed.
  func output(_ body: String) -> String {
    runSnippet("func main() {\n\(body)\n}\nmain()").output
  }

  @Test(arguments: [
    // Records made by one literal are separate values: a change to one
    // (a new key, a changed value) leaves the others as they were.
    ("var a = [\"x\": 1, \"y\": 2]\nvar b = [\"x\": 1, \"y\": 2]\nb[\"z\"] = 3\na[\"x\"] = 10\nprint(a, b)",
     "[\"x\": 10, \"y\": 2] [\"x\": 1, \"y\": 2, \"z\": 3]\n"),
    // Equality ignores the order of keys; printing keeps insertion order.
    ("let a = [\"x\": 1, \"y\": 2]\nlet b = [\"y\": 2, \"x\": 1]\nprint(a == b, b)",
     "true [\"y\": 2, \"x\": 1]\n"),
    // A repeated key keeps its first position and the last value.
    ("print([\"a\": 1, \"b\": 2, \"a\": 3])", "[\"a\": 3, \"b\": 2]\n"),
    ("var list = []\nfor i in 0..<3 { list.append([\"n\": \"n\" + String(i), \"v\": i * 2]) }\n"
      + "var total = 0\nfor r in list { total += r[\"v\"] ?? 0 }\nprint(list, total, list[1][\"q\"] ?? -1)",
     "[[\"n\": \"n0\", \"v\": 0], [\"n\": \"n1\", \"v\": 2], [\"n\": \"n2\", \"v\": 4]] 6 -1\n"),
  ])
  func recordLiteralsKeepDictionarySemantics(_ body: String, _ expected: String) {
    #expect(output(body) == expected)
  }

  @Test(arguments: [
    ("let a = -5\nprint(\"n\" + String(a), \"\" + String(0), \"é\" + String(123))", "n-5 0 é123\n"),
    ("print(\"n\" + String(1.5), \"n\" + String(\"x\"), \"n\" + String(true), \"n\" + String([1]))",
     "n1.5 nx ntrue n[1]\n"),
    ("print(\"s\" + String(-9223372036854775807 - 1) + \";\")", "s-9223372036854775808;\n"),
    ("var s = \"q\"\nlet t = s + String(1)\nlet u = String(2) + s + String(3)\nprint(s, t, u)", "q q1 2q3\n"),
  ])
  func literalPlusStringOfANumber(_ body: String, _ expected: String) {
    #expect(output(body) == expected)
  }

  /// The depth of each record value is checked before the next value is
  /// evaluated, as the tree evaluator does: `noisy()` never prints.
  @Test func recordValuesAreCheckedForDepthInOrder() {
    let result = runSnippet(
      """
      func noisy() {
        print("evaluated")
        return 1
      }
      func main() {
        var a = []
        for _ in 0..<998 { a = [a] }
        let e = [a]
        let r = ["x": e, "y": noisy()]
        print(r)
      }
      main()
      """)
    #expect(result.output.isEmpty)
    #expect(result.location == "9:11")
  }

  /// A closure that replaces the variable holding it while it runs (the
  /// variable is captured, so the call does not borrow it) and one held by a
  /// variable nothing captures (borrowed) both finish with the right values.
  @Test func closuresReplacedWhileRunning() {
    let body = """
      var f = { 0 }
      f = {
        f = { 1 }
        return 2
      }
      var g = { x in x + 1 }
      let h = { g = { x in x * 10 }; return 0 }
      print(f(), f(), g(1), h(), g(2))
      """
    #expect(output(body) == "2 1 2 0 20\n")
  }
}
