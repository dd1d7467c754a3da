import Testing

/// Snippets and what they print: the language's evaluation rules, one line
/// (or a few) each.
struct OutputCase: CustomTestStringConvertible, Sendable {
  var source: String
  var output: String
  init(_ source: String, _ output: String) {
    self.source = source
    self.output = output
  }
  var testDescription: String { source.split(separator: "\n").first.map(String.init) ?? source }
}

@Suite struct OutputTests {
  static let arithmetic: [OutputCase] = [
    .init("print(1 + 2 * 3)", "7\n"),
    .init("print(7 / 2, 7 % 2, -7 / 2)", "3 1 -3\n"),
    .init("print(7.0 / 2)", "3.5\n"),
    .init("print(1 + 2.5)", "3.5\n"),
    .init("print(2.0)", "2.0\n"),
    .init("print(0.1 + 0.2)", "0.30000000000000004\n"),
    .init("print(-(3))", "-3\n"),
    .init("print(1 < 2, 2 <= 2, 3 > 4, 1 == 1.0, 1 != 2)", "true true false true true\n"),
    .init("print(true && false, true || false, !true)", "false true false\n"),
    .init("print(\"a\" < \"b\", \"b\" + \"c\")", "true bc\n"),
    .init("print(Int.max, Int.min)", "9223372036854775807 -9223372036854775808\n"),
    .init("print(abs(-4), min(3, 1, 2), max(1.5, 2), abs(-2.5))", "4 1 2.0 2.5\n"),
    .init("print(1 > 0 ? \"yes\" : \"no\")", "yes\n"),
    .init("var x = 10\nx += 5\nx -= 1\nx *= 2\nx /= 4\nx %= 4\nprint(x)", "3\n"),
  ]

  static let strings: [OutputCase] = [
    .init("let name = \"World\"\nprint(\"Hello \\(name)! \\(1 + 1)\")", "Hello World! 2\n"),
    .init("print(\"\\([1, 2]) \\([\"a\": 1])\")", "[1, 2] [\"a\": 1]\n"),
    .init("let s = \"Hello\"\nprint(s.count, s.isEmpty, s.first, s.last)", "5 false H o\n"),
    .init("print(\"abc\".uppercased(), \"ABC\".lowercased())", "ABC abc\n"),
    .init(
      "print(\"drag\".hasPrefix(\"dr\"), \"drag\".hasSuffix(\"ag\"), \"drag\".contains(\"ra\"))",
      "true true true\n"),
    .init("print(\"a,b,,c\".split(separator: \",\"))", "[\"a\", \"b\", \"c\"]\n"),
    .init("print(\"a,b,,c\".components(separatedBy: \",\"))", "[\"a\", \"b\", \"\", \"c\"]\n"),
    .init("print(\"a-b-c\".replacingOccurrences(of: \"-\", with: \"+\"))", "a+b+c\n"),
    .init("var s = \"a\"\ns += \"b\"\ns.append(\"c\")\nprint(s)", "abc\n"),
    .init("var s = \"\"\nfor i in 0..<3 { s += \"s\\(i);\" }\nprint(s)", "s0;s1;s2;\n"),
    .init("for c in \"hey\" { print(c, terminator: \".\") }\nprint()", "h.e.y.\n"),
    .init("print(\"quote \\\"inside\\\"\", [\"q\\\"\"])", "quote \"inside\" [\"q\\\"\"]\n"),
    .init("print(\"  pad \".trimmingCharacters(in: .whitespaces))", "pad\n"),
    .init(
      "print(String(42), String(describing: 1.5), Int(\"12\"), Int(\"x\"), Double(\"2.5\"))",
      "42 1.5 12 nil 2.5\n"),
    .init("print(Int(3.9), Int(-3.9), Double(2))", "3 -3 2.0\n"),
    .init("print(String(repeating: \"ab\", count: 3))", "ababab\n"),
    // Not the C library's "-nan": the same text on every system, width kept.
    .init(
      "let n = 0.0 / 0.0\nprint(String(format: \"%f|%6.2f|%-5e|%E\", n, -n, 1.0 / 0.0, -1.0 / 0.0))",
      "nan|   nan|inf  |-INF\n"),
    .init("let n = 0.0 / 0.0\nprint(String(format: \"%+f|% f|%+e\", n, 1.0 / 0.0, -n))", "+nan| inf|+nan\n"),
    // At once, however many times nothing is repeated (it once took Int.max turns).
    .init("print(String(repeating: \"\", count: Int.max).count)", "0\n"),
    .init("print(\"a\", \"b\", separator: \"-\")", "a-b\n"),
  ]

  static let collections: [OutputCase] = [
    .init("var a = [1, 2]\nvar b = a\nb.append(3)\nprint(a, b)", "[1, 2] [1, 2, 3]\n"),
    .init("var a = [3, 1, 2]\nprint(a.sorted(), a)\na.sort()\nprint(a)", "[1, 2, 3] [3, 1, 2]\n[1, 2, 3]\n"),
    .init("var a = [1, 2, 3]\na.insert(0, at: 0)\nlet r = a.remove(at: 1)\nprint(a, r)", "[0, 2, 3] 1\n"),
    .init("var a = [1, 2, 3]\nprint(a.removeFirst(), a.removeLast(), a)", "1 3 [2]\n"),
    .init("var a = [1]\na.append(contentsOf: [2, 3])\na += [4]\nprint(a, a.count)", "[1, 2, 3, 4] 4\n"),
    .init("print([1, 2, 3].map { x in x * 2 }, [1, 2, 3].filter { x in x > 1 })", "[2, 4, 6] [2, 3]\n"),
    .init("print([1, 2, 3].reduce(0) { a, b in a + b })", "6\n"),
    .init("print([\"1\", \"x\", \"3\"].compactMap { s in Int(s) })", "[1, 3]\n"),
    .init("print([3, 1, 2].sorted(by: { a, b in a > b }))", "[3, 2, 1]\n"),
    .init(
      "print([1, 2, 3].contains(2), [1, 2].firstIndex(of: 2), [1, 2].firstIndex(where: { x in x > 5 }))",
      "true 1 nil\n"),
    .init("print([1, 2, 3].reversed(), [\"a\", \"b\"].joined(separator: \", \"))", "[3, 2, 1] a, b\n"),
    .init(
      "for pair in [\"a\", \"b\"].enumerated() { print(pair.offset, pair.element, pair.0) }", "0 a 0\n1 b 1\n"
    ),
    .init("print([4, 2, 9].min(), [4, 2, 9].max(), [].first, [1, 2].last)", "2 9 nil 2\n"),
    .init("print([1, 2, 3].indices, Array(0..<3), [7, 8][1])", "0..<3 [0, 1, 2] 8\n"),
    .init("var total = 0\n[1, 2, 3].forEach { x in total += x }\nprint(total)", "6\n"),
    .init("var a = [[1], [2]]\na[0].append(5)\na[1][0] = 9\nprint(a)", "[[1, 5], [9]]\n"),
    .init("var a = [1, 2, 3]\na.removeAll()\nprint(a, a.isEmpty)", "[] true\n"),
    .init(
      "var d = [\"b\": 2, \"a\": 1]\nd[\"c\"] = 3\nprint(d, d.count, d[\"a\"], d[\"z\"])",
      "[\"b\": 2, \"a\": 1, \"c\": 3] 3 1 nil\n"),
    .init("var d = [\"a\": 1]\nd[\"a\"] = nil\nprint(d)", "[:]\n"),
    .init(
      "var d: [String: Int] = [:]\nd[\"x\", default: 0] += 2\nd[\"x\", default: 0] += 2\nprint(d)",
      "[\"x\": 4]\n"),
    .init(
      "var d = [\"a\": 1, \"b\": 2]\nprint(d.removeValue(forKey: \"a\"), d.keys, d.values)", "1 [\"b\"] [2]\n"
    ),
    .init("for entry in [\"k\": 1] { print(entry.key, entry.value) }", "k 1\n"),
    .init("var d = [\"a\": [1]]\nd[\"a\"]?.append(2)\nprint(d)", "[\"a\": [1, 2]]\n"),
    .init("print((1, \"a\"), (1, 2).1)", "(1, \"a\") 2\n"),
    .init("print([1: \"one\"][1], [1, 2] == [1, 2], [\"a\": 1] == [\"a\": 1])", "one true true\n"),
    .init(
      "print(stride(from: 0, to: 10, by: 3), stride(from: 3, through: 1, by: -1))", "[0, 3, 6, 9] [3, 2, 1]\n"
    ),
    .init(
      "print(Array(repeating: 0, count: 3), [1, 2, 3].prefix(2), [1, 2, 3].dropFirst())",
      "[0, 0, 0] [1, 2] [2, 3]\n"),
  ]

  static let control: [OutputCase] = [
    .init("for i in 0..<3 { print(i) }", "0\n1\n2\n"),
    .init("for i in 1...3 { if i == 2 { continue }\nprint(i) }", "1\n3\n"),
    .init("var i = 0\nwhile true { i += 1\nif i > 4 { break } }\nprint(i)", "5\n"),
    .init("for _ in 0..<2 { print(\"x\") }", "x\nx\n"),
    .init("let r = 0..<3\nfor i in r { print(i, terminator: \" \") }\nprint(r.count)", "0 1 2 3\n"),
    .init("let x: Int? = nil\nif let y = x { print(y) } else { print(\"none\") }", "none\n"),
    .init("let x = 5\nif let y = x, y > 3 { print(y) }", "5\n"),
    .init(
      "func f(v) { guard let w = v else { return \"nil\" }\nreturn \"got \\(w)\" }\nprint(f(nil), f(2))",
      "nil got 2\n"),
    .init("var n = 0\nfor i in 0..<10 { if i % 2 == 0 { n += i } }\nprint(n)", "20\n"),
    .init("if 1 > 2 { print(1) } else if 2 > 1 { print(2) } else { print(3) }", "2\n"),
  ]

  static let functions: [OutputCase] = [
    .init("func add(a, b) { return a + b }\nprint(add(2, 3), add(a: 1, b: 1))", "5 2\n"),
    .init("func double(x) { x * 2 }\nprint(double(4))", "8\n"),
    .init("print(later())\nfunc later() { \"hoisted\" }", "hoisted\n"),
    .init("func fact(n) { n <= 1 ? 1 : n * fact(n - 1) }\nprint(fact(10))", "3628800\n"),
    .init("func outer() {\n  func inner() { \"inner\" }\n  return inner()\n}\nprint(outer())", "inner\n"),
    .init("func f() {\n  print(g())\n  func g() { 7 }\n}\nf()", "7\n"),
    .init(
      """
      func even(n) { n == 0 ? true : odd(n - 1) }
      func odd(n) { n == 0 ? false : even(n - 1) }
      print(even(10))
      """,
      "true\n"),
    .init("func noReturn() { let x = 1 }\nprint(noReturn())", "nil\n"),
    .init("let apply = { f, x in f(x) }\nprint(apply({ v in v + 1 }, 1))", "2\n"),
    .init("func twice(f) { f()\nf() }\ntwice { print(\"hi\") }", "hi\nhi\n"),
    .init("func make(by) { return { x in x * by } }\nlet triple = make(3)\nprint(triple(5))", "15\n"),
  ]

  static let closures: [OutputCase] = [
    .init(
      """
      func counter() {
        var n = 0
        return { n += 1
      return n }
      }
      let c = counter()
      c()
      c()
      print(c())
      """,
      "3\n"),
    .init("var x = 1\nlet f = { x }\nx = 2\nprint(f())", "2\n"),
    .init("func f() {\n  var x = 1\n  let g = { x += 10 }\n  g()\n  print(x)\n}\nf()", "11\n"),
    .init(
      "var fs = []\nfor i in 0..<3 { fs.append({ i * 10 }) }\nprint(fs.map { f in f() })", "[0, 10, 20]\n"),
    .init(
      """
      func f() {
        var fs = []
        for i in 0..<3 {
          var j = i
          fs.append({ j += 1
      return j })
        }
        return fs
      }
      let fs = f()
      print(fs[0](), fs[0](), fs[2]())
      """,
      "1 2 3\n"),
    .init(
      """
      func pair() {
        var shared = 0
        let inc = { shared += 1 }
        let get = { shared }
        return [inc, get]
      }
      let p = pair()
      p[0]()
      p[0]()
      print(p[1]())
      """,
      "2\n"),
    .init(
      """
      func outer() {
        var v = 1
        func mid() {
          return { v * 100 }
        }
        v = 5
        return mid()
      }
      print(outer()())
      """,
      "500\n"),
  ]

  static let optionals: [OutputCase] = [
    .init("let a: [Int]? = nil\nprint(a?.count, a?.count ?? 0)", "nil 0\n"),
    .init("let a = [1, 2]\nprint(a.first ?? 0, a.last?.description)", "1 2\n"),
    .init("let d = [\"k\": [1, 2]]\nprint(d[\"k\"]?.count, d[\"z\"]?.count)", "2 nil\n"),
    .init("let x = nil\nprint(x ?? \"default\", x == nil)", "default true\n"),
    .init("let v = 3\nprint(v as? Int, v as? String, v is Int, 3 as Double)", "3 nil true 3.0\n"),
    .init(
      "let items = [1, \"a\", 2.5]\nprint(items.compactMap { x in x as? Int }, items[1] as? String)",
      "[1] a\n"),
    .init("print([1, 2] as? [Int], [1, \"a\"] as? [Int])", "[1, 2] nil\n"),
  ]

  @Test(arguments: arithmetic + strings)
  func scalars(_ snippet: OutputCase) { expectOutput(snippet) }

  @Test(arguments: collections)
  func collectionValues(_ snippet: OutputCase) { expectOutput(snippet) }

  @Test(arguments: control + functions + closures + optionals)
  func controlAndFunctions(_ snippet: OutputCase) { expectOutput(snippet) }

  private func expectOutput(_ snippet: OutputCase) {
    let result = runSnippet(snippet.source)
    #expect(result.error == nil, "\(result.error?.message ?? "") at \(result.location ?? "")")
    #expect(result.output == snippet.output)
  }
}

/// Edges that must neither trap nor hang.
@Suite struct EdgeTests {
  @Test func strideNearIntMaxStops() {
    let result = runSnippet("print(stride(from: Int.max - 2, through: Int.max, by: 2))")
    #expect(result.output == "[9223372036854775805, 9223372036854775807]\n")
  }

  @Test func deeplyNestedCollectionsPrintCutShort() {
    let result = runSnippet("var a = []\nfor i in 0..<300 { a = [a] }\nprint(\"\\(a)\".count < 700)")
    #expect(result.output == "true\n")
  }
}
