import DndInterpreter
import Testing

/// Default parameter values: the same values, in the same order, whether
/// the call is run by the tree evaluator (the top level) or compiled (in a
/// function); the callee always receives every argument.
@Suite struct DefaultValueTests {
  static let declarations = """
    var log: [String] = []
    func note(_ text: String) -> String {
      log.append(text)
      return text
    }
    func join(a: String, b: String = note("b"), c: String = note("c")) -> String {
      a + b + c
    }

    """

  @Test(arguments: [
    ("print(join(a: note(\"a\")), log)", "abc [\"a\", \"b\", \"c\"]\n"),
    ("print(join(a: \"x\", c: note(\"z\")), log)", "xbz [\"b\", \"z\"]\n"),
    ("print(join(a: \"x\", b: \"y\"), join(a: \"p\"), log)", "xyc pbc [\"c\", \"b\", \"c\"]\n"),
    ("print(join(\"1\", \"2\", \"3\"), log)", "123 []\n"),
  ])
  func defaultsAreComputedAtEachCallInParameterOrder(_ call: String, _ expected: String) {
    let tree = runSnippet(Self.declarations + call)
    let compiled = runSnippet(Self.declarations + "func main() {\n\(call)\n}\nmain()")
    #expect(tree.output == expected, "\(String(describing: tree.error))")
    #expect(compiled.output == expected, "\(String(describing: compiled.error))")
  }

  /// A function used as a value loses its defaults, as in Swift.
  @Test func aFunctionValueTakesEveryArgument() {
    let result = runSnippet(Self.declarations + "let f = join\nprint(f(\"a\"))")
    #expect(result.error?.id == "wrongArgumentCount")
  }

  /// A default value failing at run time is reported where it is written,
  /// with the call that needed it.
  @Test func anErrorInADefaultValueNamesTheCall() {
    let result = runSnippet("func pick(_ i: Int = [1, 2][5]) -> Int { i }\nprint(pick(0))\nprint(pick())")
    #expect(result.output == "0\n")
    #expect(result.error?.id == "indexOutOfRange")
    #expect(result.location == "1:22")
    #expect(result.error?.notes.first?.message == "in function 'pick', called from line 3")
  }

  @Test(arguments: [
    ("func f(x: Int, y: Int = x) { }", "defaultValueUsesLocal"),
    ("func g() {\n  let n = 1\n  func f(x: Int = n) { }\n}", "defaultValueUsesLocal"),
    ("func f(x: Int = 1, y: Int) { }\nf(y: 2, x: 1)", "argumentOrder"),
    ("func f(x: Int = 1, y: Int) { }\nf(1)", "missingArgument"),
    ("func f(x: Int = 1, y: Int) { }\nf()", "wrongArgumentCount"),
    ("func f(x: Int = 1) { }\nf(1, 2)", "wrongArgumentCount"),
    ("func f(x: Int = unknown) { }", "unknownName"),
  ])
  func aMistakeIsReportedBeforeTheRun(_ source: String, _ id: String) {
    #expect(runSnippet(source).error?.id == id)
  }

  /// A parameter with a default may come first: a labelled argument for a
  /// later one skips it.
  @Test func aLabelSkipsAnEarlierDefault() {
    #expect(runSnippet("func f(x: Int = 1, y: Int) { print(x, y) }\nf(y: 2)\nf(3, 4)").output == "1 2\n3 4\n")
  }
}
