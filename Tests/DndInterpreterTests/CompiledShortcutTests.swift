@testable import DndInterpreter
import Testing

/// The compiled forms that take a shortcut (record literals sharing their
/// keys, `"literal" + String(n)` made at once, a dying string's box reused
/// by `+`, a closure borrowed for its call) behave exactly as the general
/// instructions: same values, same order of evaluation, same errors.
@Suite struct CompiledShortcutTests {
  /// Runs `body` inside a function, so that it is compiled rather than run at the top level.
  func inFunction(_ body: String) -> SnippetResult { runInFunction(body) }

  /// What `body` printed when run inside a function.
  func output(_ body: String) -> String { inFunction(body).output }

  @Test(arguments: [
    // Records made by one literal are separate values: a change to one
    // (a new key, a changed value) leaves the others as they were.
    ("var a = [\"x\": 1, \"y\": 2]\nvar b = [\"x\": 1, \"y\": 2]\nb[\"z\"] = 3\na[\"x\"] = 10\nprint(a, b)",
     "[\"x\": 10, \"y\": 2] [\"x\": 1, \"y\": 2, \"z\": 3]\n"),
    // Equality ignores the order of keys; printing keeps insertion order.
    ("let a = [\"x\": 1, \"y\": 2]\nlet b = [\"y\": 2, \"x\": 1]\nprint(a == b, b)",
     "true [\"y\": 2, \"x\": 1]\n"),
    ("var list = []\nfor i in 0..<3 { list.append([\"n\": \"n\" + String(i), \"v\": i * 2]) }\n"
      + "var total = 0\nfor r in list { total += r[\"v\"] ?? 0 }\nprint(list, total, list[1][\"q\"] ?? -1)",
     "[[\"n\": \"n0\", \"v\": 0], [\"n\": \"n1\", \"v\": 2], [\"n\": \"n2\", \"v\": 4]] 6 -1\n"),
  ])
  func recordLiteralsKeepDictionarySemantics(_ body: String, _ expected: String) {
    #expect(output(body) == expected)
  }

  /// A repeated literal key stops the run, as it stops a Swift program, on
  /// both paths (the compiled one makes no record of such a literal).
  @Test func aRepeatedLiteralKeyIsARuntimeError() {
    let body = "print([\"a\": 1, \"b\": 2, \"a\": 3])"
    for result in [inFunction(body), runSnippet(body)] {
      #expect(result.error?.id == "duplicateDictionaryKey", "\(result.error?.message ?? "no error")")
      #expect(result.output == "")
    }
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

  /// A chain of members read at once (`NativeObject.memberChain`) gives
  /// what the tree evaluator gives reading them one by one, and where a
  /// chain has no shortcut, or fails, the same error at the same place.
  @Test(arguments: [
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.size.width, v.frame.size.height, v.frame.origin.x)",
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.origin.y, v.frame.center.x, v.bounds.center.y)",
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.width, v.bounds.midY, v.frame.isEmpty, v.bounds.size)",
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.origin, v.frame.size.width.description)",
    "let r = Rect(5, 6, 7, 8)\nprint(r.size.width, r.origin.y, r.center.x, r.size, r.origin.x.description)",
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nv.frame.size.width = 9\nprint(v.frame.size.width, v.frame)",
    // Members other types have (the checker refuses a name no type has).
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.size.x)",
    "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.origin.width)",
    "let d = [\"a\": [\"b\": [1, 2]]]\nprint(d.values.first?.count ?? 0, d.keys.first?.count ?? 0)",
    "let v: UIView? = nil\nprint(v?.frame.size.width ?? -1)",
  ])
  func memberChainsReadAsOneByOne(_ body: String) {
    let compiled = inFunction(body)
    let tree = runSnippet(body)
    #expect(compiled.output == tree.output)
    #expect(compiled.status == tree.status)
    #expect(compiled.error?.message == tree.error?.message)
    #expect(compiled.location == locationInFunction(tree.location))
  }

  @Test func memberChainsOfAViewGiveItsGeometry() {
    let body = "let v = UIView(frame: Rect(1, 2, 30, 40))\nprint(v.frame.size.width, v.frame.origin.y, v.bounds.midX)"
    #expect(output(body) == "30.0 2.0 15.0\n")
    let failed = inFunction("let v = UIView()\nprint(v.frame.size.x)")
    #expect(failed.error?.message == "value of type 'CGSize' has no member 'x'")
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

  /// Assignment through one subscript and a mutating method on an element
  /// (`setSubscript`, `callMutatingSubscript`): values, value semantics,
  /// and the order in which the index, the value and the arguments are read
  /// (Swift's: the target's index first).
  @Test(arguments: [
    ("var a = [10, 20, 30]\na[0] = 5\na[1] += 7\na[2] -= 1\na[2] *= 2\na[0] /= 2\na[1] %= 4\n"
      + "var b = a\nb[0] = 99\nprint(a, b)",
     "[2, 3, 58] [99, 3, 58]\n"),
    ("var d = [\"x\": 1, \"y\": 2]\nd[\"x\"] = 10\nd[\"z\"] = 3\nd[\"y\"] += 5\nlet e = d\n"
      + "d[\"x\"] = nil\nprint(d, d.count, e)",
     "[\"y\": 7, \"z\": 3] 2 [\"x\": 10, \"y\": 7, \"z\": 3]\n"),
    ("var grid = [[1, 2], [3, 4]]\ngrid[1][0] = 7\ngrid[0][1] += 100\nvar s = [\"a\"]\ns[0] += \"z\"\n"
      + "print(grid, s)",
     "[[1, 102], [7, 4]] [\"az\"]\n"),
    ("func say(_ s, _ v) {\n  print(s)\n  return v\n}\nvar o = [0, 0, 0]\no[say(\"i\", 1)] = say(\"v\", 8)\n"
      + "o[say(\"i2\", 2)] += say(\"v2\", 3)\nvar rows = [[], [1]]\n"
      + "rows[say(\"row\", 0)].append(say(\"arg\", 7))\nprint(o, rows, rows[1].removeLast(), rows)",
     "i\nv\ni2\nv2\nrow\narg\n[0, 8, 3] [[7], [1]] 1 [[7], []]\n"),
    ("var caps = [1, 2]\nlet setter = { caps[0] = 50 }\nsetter()\ncaps[1] = 60\n"
      + "var dm = [\"k\": [1]]\ndm[\"k\"]?.append(2)\ndm[\"none\"]?.append(3)\nvar opt = nil\nopt?[0] = 1\n"
      + "print(caps, dm, opt)",
     "[50, 60] [\"k\": [1, 2]] nil\n"),
    ("var big = [:]\nfor i in 0..<20 { big[i] = i * i }\nbig[3] = nil\nbig[19] += 1\n"
      + "print(big.count, big[19] ?? 0, big[3] ?? -1)",
     "19 362 -1\n"),
  ])
  func subscriptAssignmentKeepsSemantics(_ body: String, _ expected: String) {
    #expect(output(body) == expected)
  }

  /// Errors of subscript assignment keep the tree evaluator's messages and
  /// their place (the target's range; the whole statement's for `op=`).
  @Test(arguments: [
    ("var a = [1, 2]\na[2] = 5", "3:1", "out of range"),
    ("var a = [1, 2]\na[\"x\"] += 5", "3:1", "expects an Int index"),
    ("var a = [[1], [2]]\na[3].append(1)", "3:1", "out of range"),
    ("var a = nil\na[0] = 1", "3:1", "on nil"),
    ("var a = [\"x\": \"s\"]\na[\"x\"] -= 1", "3:1", "cannot be applied"),
    ("var a = [1]\nvar b = []\nfor _ in 0..<999 { b = [b] }\na[0] = b", "5:1", "levels deep"),
  ])
  func subscriptAssignmentErrors(_ body: String, _ location: String, _ message: String) {
    let result = inFunction(body)
    #expect(result.location == location)
    #expect(result.error.map { "\($0.message)".contains(message) } == true)
  }

  /// `x op= <Int literal>` on a local is one instruction with an immediate;
  /// Doubles, overflow and other types behave as the general `update`.
  @Test(arguments: [
    ("var d = 1.5\nd += 1\nd -= 2\nd *= 3\nvar i = 10\ni -= 1\ni *= 3\ni += 100\nprint(d, i)", "1.5 127\n", nil),
    ("var big = 9223372036854775806\nbig += 1\nprint(big)\nbig += 1", "9223372036854775807\n", "5:1"),
    ("var s = \"a\"\ns -= 1", "", "3:1"),
  ])
  func compoundAssignmentOfALiteral(_ body: String, _ expected: String, _ location: String?) {
    let result = inFunction(body)
    #expect(result.output == expected)
    #expect(result.location == location)
  }

  /// A dictionary keeps up to four values in its box and moves them to an
  /// array at the fifth key: adding, removing, copying, comparing and
  /// printing across that line keep Swift's semantics and insertion order.
  @Test(arguments: [
    ("var d = [:]\nfor i in 0..<6 { d[\"k\" + String(i)] = i }\nd[\"k2\"] = nil\nd[\"k0\"] = nil\n"
      + "print(d, d.count, d[\"k4\"] ?? -1)",
     "[\"k1\": 1, \"k3\": 3, \"k4\": 4, \"k5\": 5] 4 4\n"),
    ("var e = [\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4]\nlet f = e\ne[\"b\"] = nil\n"
      + "print(e, f == [\"d\": 4, \"c\": 3, \"b\": 2, \"a\": 1])\ne[\"b\"] = 20\ne[\"x\"] = 5\n"
      + "print(e, e.values, f.values)",
     "[\"a\": 1, \"c\": 3, \"d\": 4] true\n[\"a\": 1, \"c\": 3, \"d\": 4, \"b\": 20, \"x\": 5] "
      + "[1, 3, 4, 20, 5] [1, 2, 3, 4]\n"),
    ("let r = [\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5]\nvar s = r\ns[\"c\"] = nil\n"
      + "var g = [\"p\": [1]]\ng[\"p\"]?.append(3)\nvar h = [1: \"one\"]\nh.removeAll()\nh[2] = \"two\"\n"
      + "print(r, s, g, h)",
     "[\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5] [\"a\": 1, \"b\": 2, \"d\": 4, \"e\": 5] "
      + "[\"p\": [1, 3]] [2: \"two\"]\n"),
  ])
  func dictionariesAcrossTheInlineValues(_ body: String, _ expected: String) {
    #expect(output(body) == expected)
  }

  /// Assignment through a member or tuple path (`setPath`): a view changed
  /// where it is, a point or a rect copied (value semantics), the value
  /// evaluated before the path, and the tree evaluator's errors and places.
  @Test(arguments: [
    ("let v = UIView(frame: Rect(0, 0, 10, 10))\nv.alpha = 0.5\nv.alpha += 0.25\nvar f = Rect(1, 2, 3, 4)\n"
      + "f.origin.x = 7\nf.size.width *= 2\nvar t = (1, \"x\")\nt.0 = 5\nt.1 += \"y\"\nprint(v.alpha, f, t)",
     "0.75 Rect(7, 2, 6, 4) (5, \"xy\")\n", nil),
    ("let v = UIView(frame: Rect(0, 0, 1, 1))\nvar views = [v]\nviews[0].alpha = 0.1\nvar p = Point(1, 2)\n"
      + "var q = p\nq.x = 9\nvar o = nil\no?.alpha = 1\nprint(v.alpha, p, q, o)",
     "0.1 Point(1, 2) Point(9, 2) nil\n", nil),
    ("var t = (1, 2)\nt.x = 3", "", "3:1"),
    ("let v = UIView(frame: Rect(0, 0, 1, 1))\nv.alpha += \"s\"", "", "3:1"),
  ])
  func memberAssignmentKeepsSemantics(_ body: String, _ expected: String, _ location: String?) {
    let result = inFunction(body)
    #expect(result.output == expected)
    #expect(result.location == location)
  }

  /// The same snippet run by the tree evaluator (at the top level) and
  /// compiled (in a function): same output, same error, same place (one
  /// line further down in the function, below its `func` line).
  func expectSameInBoth(_ body: String, _ expected: String, _ error: String?) {
    let tree = runSnippet(body)
    let compiled = inFunction(body)
    #expect(tree.output == expected)
    #expect(compiled.output == expected)
    #expect(tree.error.map { "\($0.message)" } == compiled.error.map { "\($0.message)" })
    #expect(tree.error.map { "\($0.message)".contains(error ?? "-") } ?? (error == nil))
    #expect(compiled.location == locationInFunction(tree.location))
  }

  /// A field read by a string literal key (`field`): found by the
  /// literal's box in a record, by text in a dictionary whose keys were
  /// built, through the hash index past eight keys, nil when absent; and
  /// anything else than a dictionary answers as the general subscript.
  @Test(arguments: [
    ("let r = [\"x\": 1, \"y\": 2]\nprint(r[\"y\"], r[\"x\"], r[\"z\"])", "2 1 nil\n", nil),
    ("var d = [:]\nd[\"a\" + \"b\"] = 5\nd[String(7)] = 6\nprint(d[\"ab\"], d[\"7\"], d[\"a\"] ?? -1)",
     "5 6 -1\n", nil),
    ("var d = [:]\nfor i in 0..<12 { d[\"k\" + String(i)] = i }\nprint(d[\"k11\"], d[\"k0\"], d[\"q\"])",
     "11 0 nil\n", nil),
    ("let r = [\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5]\nvar s = r\ns[\"e\"] = 50\n"
      + "print(r[\"e\"], s[\"e\"], s[\"a\"])",
     "5 50 1\n", nil),
    ("let r = [\"p\": [1, 2]]\nlet o = nil\nprint(r[\"p\"], o?[\"p\"], r[\"q\"]?[\"x\"])", "[1, 2] nil nil\n",
     nil),
    ("let a = [1, 2]\nprint(a[\"x\"])", "", "expects an Int index"),
    ("let n = nil\nprint(n[\"x\"])", "", "on nil"),
    ("let s = \"text\"\nprint(1)\nprint(s[\"x\"])", "1\n", "subscript"),
  ] as [(String, String, String?)])
  func fieldByLiteralKey(_ body: String, _ expected: String, _ error: String?) {
    expectSameInBoth(body, expected, error)
  }

  /// `"literal" + String(n)` and `String(n)` write the digits of every
  /// size of number, the sign, and Int.min, as the general path does.
  @Test func decimalsOfEverySize() {
    var body = "var a = []\nvar n = 1\nfor _ in 0..<19 {\n"
    body += "  a.append(\"n\" + String(n) + \" \" + String(n - 1))\n"
    body += "  a.append(\"é\" + String(-n))\n  if n < 1000000000000000000 { n *= 10 }\n}\n"
    body += "let m = -9223372036854775807 - 1\n"
    body += "print(a.joined(separator: \",\"), \"m\" + String(m), String(m))"
    let tree = runSnippet(body)
    #expect(tree.error == nil)
    #expect(inFunction(body).output == tree.output)
    #expect(tree.output.contains("n1000000000000000000 999999999999999999,é-1000000000000000000"))
    #expect(tree.output.hasSuffix("m-9223372036854775808 -9223372036854775808\n"))
  }

  /// A record appended to a list is one level deep; one holding a
  /// collection is walked, and the depth limit still stops a deep one.
  @Test(arguments: [
    ("var l = []\nl.append([\"a\": 1, \"b\": \"s\"])\nl.append([\"c\": [1], \"d\": 2])\nprint(l)",
     "[[\"a\": 1, \"b\": \"s\"], [\"c\": [1], \"d\": 2]]\n", nil),
    ("var a = []\nfor _ in 0..<998 { a = [a] }\nvar l = []\nl.append([\"k\": 1, \"deep\": a])", "",
     "levels deep"),
  ] as [(String, String, String?)])
  func recordsAppendedAreCheckedForDepth(_ body: String, _ expected: String, _ error: String?) {
    expectSameInBoth(body, expected, error)
  }

  /// Calls of closures held in locals (borrowed from their register),
  /// of global functions, with the wrong number of arguments, and past the
  /// call depth: the same results and errors as the tree evaluator's calls.
  @Test(arguments: [
    ("var acc = 0\nfor j in 0..<3 {\n  let f = { x in x + j }\n  for _ in 0..<4 { acc = f(acc) }\n}\n"
      + "print(acc)",
     "12\n", nil),
    ("func twice(_ g, _ x) { return g(g(x)) }\nlet h = { s in s + \"!\" }\nprint(twice(h, \"a\"))",
     "a!!\n", nil),
    ("let f = { x in x }\nprint(f(1, 2))", "", "argument"),
    ("let f = { 1 }\nprint(f(3))", "", "takes no"),
    ("func down(_ n) { return down(n + 1) }\nprint(down(0))", "", "nested calls"),
  ] as [(String, String, String?)])
  func callsKeepTheirSemantics(_ body: String, _ expected: String, _ error: String?) {
    expectSameInBoth(body, expected, error)
  }

  /// Calls and field reads read a closure or a dictionary out of its
  /// register by the object's address in the value's first word; this
  /// build lays values out so, for every kind of object a value holds.
  @Test func aValueKeepsItsObjectInItsFirstWord() {
    #expect(Value.objectPayloadFirst())
    let box = DictionaryBox()
    let string = StringBox("s")
    for (value, object) in [(Value.dictionary(box), box as AnyObject), (.string(string), string)] {
      let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
      slot.initialize(to: value)
      #expect(Value.objectAddress(slot) == Unmanaged.passUnretained(object).toOpaque())
      slot.deinitialize(count: 1)
      slot.deallocate()
    }
  }

  /// An instruction's range is found at the instruction's own byte offset
  /// in the ranges, which holds while a range slot is as large as an
  /// instruction (otherwise `Place` divides, correct but slower).
  @Test func aRangeSlotIsAsLargeAsAnInstruction() {
    #expect(MemoryLayout<RangeSlot>.stride == MemoryLayout<Instruction>.stride)
  }
}
