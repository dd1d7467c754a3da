import DndInterpreter
import Testing

/// `switch`: the same output and errors whether the tree evaluator runs it
/// (the top level) or a compiled function does.
@Suite struct SwitchStatementTests {
  @Test(arguments: [
    // A value equal to a pattern, the first matching case only.
    ("switch 2 {\ncase 1:\n  print(\"one\")\ncase 2, 3:\n  print(\"two\")\ncase 2:\n  print(\"again\")\n"
      + "default:\n  print(\"other\")\n}", "two\n"),
    // Ranges contain: closed, half-open, and of Doubles and Strings.
    ("for n in [0, 5, 6, 9, 10] {\n  switch n {\n  case 0..<5:\n    print(\"low\", n)\n"
      + "  case 5...9:\n    print(\"mid\", n)\n  default:\n    print(\"high\", n)\n  }\n}",
      "low 0\nmid 5\nmid 6\nmid 9\nhigh 10\n"),
    ("switch 0.25 {\ncase 0.0..<0.5:\n  print(\"first half\")\ndefault:\n  print(\"second\")\n}",
      "first half\n"),
    ("switch \"kiwi\" {\ncase \"a\"...\"m\":\n  print(\"early\")\ndefault:\n  print(\"late\")\n}", "early\n"),
    // Values of another type are not equal (no error); an Int literal matches a Double.
    ("switch \"1\" {\ncase 1:\n  print(\"int\")\ndefault:\n  print(\"string\")\n}", "string\n"),
    ("switch 2.0 {\ncase 2:\n  print(\"two\")\ndefault:\n  print(\"?\")\n}", "two\n"),
    // Enum cases, nil, strings.
    ("let op = UIDropOperation.move\nswitch op {\ncase .copy:\n  print(\"copy\")\ncase .move:\n"
      + "  print(\"move\")\ndefault:\n  break\n}", "move\n"),
    ("let s: String? = nil\nswitch s {\ncase \"a\":\n  print(\"a\")\ncase nil:\n  print(\"none\")\n"
      + "default:\n  print(\"?\")\n}", "none\n"),
    // The subject is evaluated once; patterns in order, up to the match.
    ("var n = 0\nfunc next() -> Int {\n  n += 1\n  return n\n}\nfunc p(_ v: Int) -> Int {\n"
      + "  print(\"try\", v)\n  return v\n}\nswitch next() {\ncase p(2), p(1), p(3):\n  print(\"hit\", n)\n"
      + "default:\n  break\n}", "try 2\ntry 1\nhit 1\n"),
    // break leaves the switch, even from inside an if; continue goes to the loop.
    ("for i in 0..<4 {\n  switch i {\n  case 0:\n    continue\n  case 1:\n    if i == 1 { break }\n"
      + "    print(\"unreached\")\n  default:\n    print(\"case\", i)\n  }\n  print(\"after\", i)\n}",
      "after 1\ncase 2\nafter 2\ncase 3\nafter 3\n"),
    // A loop inside a case takes its own break.
    ("switch 1 {\ncase 1:\n  for j in 0..<5 {\n    if j == 2 { break }\n    print(j)\n  }\n  print(\"end\")\n"
      + "default:\n  break\n}", "0\n1\nend\n"),
    // Nested switches; a while loop around.
    ("var i = 0\nwhile i < 3 {\n  i += 1\n  switch i {\n  case 1:\n    switch i * 10 {\n    case 10:\n"
      + "      print(\"ten\")\n      break\n    default:\n      print(\"?\")\n    }\n    print(\"inner done\")\n"
      + "  default:\n    print(i)\n  }\n}", "ten\ninner done\n2\n3\n"),
    // Each case is a scope: the same name in two cases; closures capture per pass.
    ("var fs: [() -> Int] = []\nfor i in 0..<3 {\n  switch i {\n  case 1:\n    let v = i * 10\n"
      + "    fs.append({ v })\n  default:\n    let v = i\n    fs.append({ v + 1 })\n  }\n}\n"
      + "print(fs.map { $0() })", "[1, 10, 3]\n"),
  ])
  func aSwitchRunsAlike(_ body: String, _ expected: String) {
    let tree = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(tree.output == expected, "\(String(describing: tree.error))")
    #expect(compiled.output == expected, "\(String(describing: compiled.error))")
  }

  /// `return` in a case returns from the function.
  @Test func returnInACaseReturns() {
    let source = """
      func name(_ n: Int) -> String {
        switch n {
        case 1:
          return "one"
        default:
          for _ in 0..<3 {
            switch n {
            case 2:
              return "two"
            default:
              break
            }
          }
          return "many"
        }
      }
      print(name(1), name(2), name(3))
      """
    #expect(runSnippet(source).output == "one two many\n")
  }

  /// Without `default:`, a value no case matches stops the run at the
  /// subject, naming the value, on both paths.
  @Test(arguments: [
    ("let x = 7\nswitch x {\ncase 1:\n  print(1)\n}", "no case of this 'switch' matches 7;"),
    ("let op = UIDropOperation.cancel\nswitch op {\ncase .copy:\n  print(1)\n}",
      "no case of this 'switch' matches .cancel;"),
    ("switch \"b\" {\ncase \"a\":\n  print(1)\n}", "no case of this 'switch' matches \"b\";"),
  ])
  func noCaseMatchedIsARuntimeError(_ body: String, _ message: String) {
    let tree = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(tree.error?.id == "noCaseMatched")
    #expect(tree.error?.message.hasPrefix(message) == true, "\(String(describing: tree.error?.message))")
    #expect(compiled.error?.message == tree.error?.message)
    #expect(compiled.location == locationInFunction(tree.location))
  }

  /// A range pattern compares: a value that cannot be compared with its
  /// bounds is the comparison's error, on both paths.
  @Test func aRangeOfIntsAgainstAStringIsAnError() {
    let body = "switch \"a\" {\ncase 1...5:\n  print(1)\ndefault:\n  break\n}"
    let tree = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(tree.error?.id == "operandTypes")
    #expect(compiled.error?.message == tree.error?.message)
    #expect(compiled.location == locationInFunction(tree.location))
  }

  /// Placement of `break` and `continue`, and scopes, as the checker sees them.
  @Test(arguments: [
    ("switch 1 {\ncase 1:\n  continue\ndefault:\n  break\n}", "continueOutsideLoop"),
    ("switch 1 {\ncase 1:\n  let v = 1\ndefault:\n  print(v)\n}", "unknownName"),
    ("func f() {\n  for _ in 0..<1 {\n    let g = {\n      switch 1 {\n      default:\n        break\n      }\n"
      + "      break\n    }\n  }\n}", "breakOutsideLoop"),
  ])
  func aMisplacedStatementIsReported(_ source: String, _ id: String) {
    #expect(runSnippet(source).error?.id == id)
  }

  @Test func breakInASwitchOutsideALoopIsFine() {
    #expect(runSnippet("switch 1 {\ncase 1:\n  break\ndefault:\n  print(0)\n}\nprint(\"ok\")").output == "ok\n")
  }
}
