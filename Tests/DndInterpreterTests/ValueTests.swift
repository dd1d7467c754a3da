import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// Values print and compare as Swift's do.
@Suite struct ValueTests {
  @Test func printing() {
    let table: [(Value, String)] = [
      (Value.nil, "nil"), (.bool(true), "true"), (.int(-3), "-3"), (.double(1), "1.0"), (.double(0.5), "0.5"),
      (.string("a\"b"), "a\"b"), (.array([]), "[]"),
      (.array([.string("x"), .int(1), .nil]), "[\"x\", 1, nil]"),
      (.array([.array([.int(1)])]), "[[1]]"), (.tuple([.int(1), .string("a")]), "(1, \"a\")"),
      (.enumCase(Symbol(.copy)), "copy"), (.type(.uiImage), "UIImage"),
      (.builtinFunction(.print), "(Function)"),
      (.range(RangeBox(lower: 1, upper: 3, isClosed: true)), "1...3"),
    ]
    for (value, text) in table { #expect(value.description(symbols: SymbolTable()) == text) }
  }

  @Test func dictionariesPrintInInsertionOrder() {
    let box = DictionaryBox()
    box.set(.int(1), for: .string("b"))
    box.set(.int(2), for: .string("a"))
    #expect(Value.dictionary(box).description == "[\"b\": 1, \"a\": 2]")
    #expect(Value.dictionary(DictionaryBox()).description == "[:]")
  }

  @Test func labelledTuplesPrintTheirLabels() {
    let pair = Value.tuple(TupleBox([.int(0), .string("x")], labels: [Symbol(.offset), Symbol(.element)]))
    #expect(pair.description == "(offset: 0, element: \"x\")")
  }

  @Test func equalityFollowsSwift() {
    #expect(Value.int(1) == .double(1))
    #expect(Value.string("a") == .string("a"))
    #expect(Value.array([.int(1), .nil]) == .array([.int(1), .nil]))
    #expect(Value.nil != .int(0))
    #expect(Value.enumCase(Symbol(.copy)) != .enumCase(Symbol(.move)))
  }

  @Test func equalNumbersAreTheSameDictionaryKey() {
    let box = DictionaryBox()
    box.set(.string("int"), for: .int(1))
    box.set(.string("double"), for: .double(1))
    #expect(box.count == 1)
    #expect(box[.int(1)] == .string("double"))
  }

  @Test func removingAKeyKeepsTheOrderOfTheRest() {
    let box = DictionaryBox()
    for key in ["a", "b", "c"] { box.set(.int(0), for: .string(key)) }
    box.remove(.string("a"))
    #expect(box.keys == [.string("b"), .string("c")])
    #expect(box[.string("c")] == .int(0))
  }

  @Test func valuesStaySmall() {
    #expect(MemoryLayout<Value>.size <= 9)
    #expect(MemoryLayout<Value>.stride <= 16)
  }
}

/// A REPL session: each input checked against the program so far.
@Suite struct SessionTests {
  @Test func laterInputsSeeEarlierGlobals() throws {
    let host = TestHost()
    let first = SourceFile(name: "<repl:1>", text: "var total = 1\nfunc add(n) { total += n }", id: 0)
    let firstCheck = Checker.check(Parser.parse(first).script, file: first)
    let interpreter = Interpreter(program: firstCheck.program, host: host, files: [first])
    try interpreter.run()
    let second = SourceFile(name: "<repl:2>", text: "add(41)\nlet shown = total\nprint(shown)", id: 1)
    let secondCheck = Checker.check(
      Parser.parse(second).script, file: second, continuing: interpreter.program)
    #expect(secondCheck.diagnostics.isEmpty)
    interpreter.files.append(second)
    try interpreter.continueWith(secondCheck.program)
    #expect(host.printed == "42\n")
  }
}

@Suite struct DictionaryBoxTests {
  /// Past the threshold the hash index takes over; both find every key.
  @Test(arguments: [3, 8, 9, 40])
  func findsEveryKeyAtAnySize(_ size: Int) {
    let box = DictionaryBox()
    for key in 0..<size { box.set(.int(key * 10), for: .string("k\(key)")) }
    for key in 0..<size { #expect(box[.string("k\(key)")] == .int(key * 10)) }
    #expect(box[.string("missing")] == nil)
    box.remove(.string("k1"))
    #expect(box[.string("k1")] == nil)
    #expect(box.count == size - 1)
    if size > 2 { #expect(box[.string("k2")] == .int(20)) }
    box.set(.int(1), for: .string("k1"))
    #expect(box.keys.last == .string("k1"))
  }
}
