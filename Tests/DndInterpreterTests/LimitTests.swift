import DndInterpreter
import Testing

/// Every named limit: a script just inside it runs, one just past it stops
/// with the limit's diagnostic (never a crash or a hang).
@Suite struct LimitTests {
  /// The top-level call counts one step and each iteration one more.
  @Test func stepBudgetAllowsExactlyTheBudget() {
    let loop = "var n = 0\nfor i in 0..<10 { n += 1 }\nprint(n)"
    #expect(runSnippet(loop, maxSteps: 11).output == "10\n")
    let past = runSnippet(loop, maxSteps: 10)
    #expect(past.error?.id == "stepBudgetExceeded")
    #expect(past.location == "2:1")
  }

  @Test func stepBudgetStopsAnEndlessLoop() {
    let result = runSnippet("var i = 0\nwhile true { i += 1 }", maxSteps: 1_000)
    #expect(result.status == .runtimeError)
    #expect(result.error?.id == "stepBudgetExceeded")
  }

  /// Native work over many elements is one step of evaluation but costs a
  /// step per 8 elements (or 64 bytes), so a loop of it meets the budget:
  /// each of these makes or goes over 100,000 elements (or 800,000 bytes),
  /// 12,500 steps, past a budget of 10,000 (zip's two arrays and pairs fit in 50,000).
  @Test(arguments: [
    "let a = Array(repeating: 0, count: 100_000)",
    "let a = Array(0..<100_000)",
    "let a = stride(from: 0, to: 100_000, by: 1)",
    "let a = zip(Array(repeating: 1, count: 100_000), Array(repeating: 2, count: 100_000))",
    "let s = String(repeating: \"x\", count: 800_000)",
  ])
  func bulkWorkCostsStepsByItsSize(line: String) {
    #expect(runSnippet(line, maxSteps: 10_000).error?.id == "stepBudgetExceeded", "\(line)")
    #expect(runSnippet(line, maxSteps: 50_000).error == nil, "\(line)")
  }

  /// The methods charge what they go over: sorting about n log n.
  @Test func bulkMethodsCostStepsByTheirReceiver() {
    let array = "let a = Array(repeating: 3, count: 10_000)\n"
    #expect(runSnippet(array + "let b = a.reversed()", maxSteps: 2_000).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(array + "let b = a.reversed()", maxSteps: 3_000).error == nil)
    #expect(runSnippet(array + "let b = a.sorted()", maxSteps: 3_000).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(array + "let b = a.sorted()", maxSteps: 30_000).error == nil)
    // Interpolation, joined arrays and dropFirst charge what they make;
    // Array(a) shares a's storage and costs nothing by size.
    let interpolated = array + "let s = \"\\(a)\""
    #expect(runSnippet(interpolated, maxSteps: 1_500).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(interpolated, maxSteps: 3_000).error == nil)
    let nested = "let n = Array(repeating: [1, 2, 3], count: 4_000)\n"
    #expect(runSnippet(nested + "let j = n.joined()", maxSteps: 1_000).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(nested + "let j = n.joined()", maxSteps: 3_000).error == nil)
    #expect(runSnippet(array + "let d = a.dropFirst()", maxSteps: 2_000).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(array + "let c = Array(a)", maxSteps: 1_300).error == nil)
    let text = "let s = String(repeating: \"a\", count: 64_000)\n"
    #expect(runSnippet(text + "let t = s.uppercased()", maxSteps: 1_500).error?.id == "stepBudgetExceeded")
    #expect(runSnippet(text + "let t = s.hasPrefix(\"a\")", maxSteps: 1_500).error == nil)
  }

  /// `contains` searches in linear time (Foundation's compared anew at each
  /// offset: minutes for a million characters against ten thousand).
  @Test(.timeLimit(.minutes(1))) func containsOnALongTextIsQuick() {
    let script =
      "let s = String(repeating: \"a\", count: 200_000)\nlet p = String(repeating: \"a\", count: 2_000) + \"b\"\n"
      + "print(s.contains(p), (s + \"b\").contains(p), \"\".contains(\"\"), \"é\".contains(\"e\"))"
    #expect(runSnippet(script).output == "false true false false\n")
  }

  @Test func stepBudgetCountsCalls() {
    let calls = "func f() { 1 }\nf()\nf()\nf()"
    #expect(runSnippet(calls, maxSteps: 4).error == nil)
    #expect(runSnippet(calls, maxSteps: 3).error?.id == "stepBudgetExceeded")
  }

  /// The top level is one call; `down(k)` makes k + 1 more.
  @Test func callDepthAllowsExactlyTheLimit() {
    let recursion = "func down(n) { n == 0 ? 0 : down(n - 1) }\nprint(down(48))"
    #expect(runSnippet(recursion, maxCallDepth: 50).output == "0\n")
    let past = runSnippet(recursion, maxCallDepth: 49)
    #expect(past.error?.id == "callDepthExceeded")
    #expect(past.location == "1:29")
  }

  /// With the default limits, unbounded recursion ends at the call-depth
  /// limit, long before the native stack (this runs in a debug build).
  @Test func endlessRecursionStopsAtTheCallDepthLimit() {
    let result = runSnippet("func forever(n) { forever(n + 1) + 1 }\nforever(0)")
    #expect(result.error?.id == "callDepthExceeded")
    #expect(result.error?.message.contains("\(InterpreterLimits().maxCallDepth)") == true)
  }

  @Test func defaultCallDepthLeavesRoomForNestedExpressions() {
    let depth = InterpreterLimits().maxCallDepth - 2
    let nested =
      "func deep(n) { n == 0 ? 0 : 1 + (1 + (1 + (1 + deep(n - 1) - 1) - 1) - 1) }\nprint(deep(\(depth)))"
    let result = runSnippet(nested)
    #expect(result.error == nil, "\(result.error?.message ?? "")")
    #expect(result.output == "\(depth)\n")
  }

  @Test func collectionSizeLimit() throws {
    var limits = InterpreterLimits()
    limits.maxCollectionCount = 10
    let within = try makeInterpreter("var a = []\nfor i in 0..<10 { a.append(i) }", limits: limits)
    #expect(within.global("a").arrayValue?.count == 10)
    do {
      _ = try makeInterpreter("var a = []\nfor i in 0..<11 { a.append(i) }", limits: limits)
      Issue.record("the 11th element was accepted")
    } catch let error as RuntimeError {
      #expect(error.diagnostic.id == "collectionTooLarge")
    }
  }

  @Test(arguments: [
    "let a = Array(repeating: 0, count: 11)", "let a = Array(0..<11)",
    "let a = stride(from: 0, to: 11, by: 1)",
    "var d = [:]\nfor i in 0..<11 { d[i] = i }", "let a = [1, 2, 3, 4, 5, 6] + [7, 8, 9, 10, 11]",
    // A string's characters or pieces, made into an array (a string may be
    // four times the limit in bytes).
    "let a = Array(\"abcdefghijk\")", "let a = \"abcdefghijk\".map { $0 }", "let a = zip(\"abcdefghijk\", [1])",
    "let a = \"abcdefghijk\".enumerated()", "for c in \"abcdefghijk\" { }",
    "let a = \"a,b,c,d,e,f,g,h,i,j,k\".split(separator: \",\")",
    "let a = \"a,b,c,d,e,f,g,h,i,j,k\".components(separatedBy: \",\")",
    // A string's bytes (its `utf8`) are an array too: "é" is two, so eleven here.
    "let a = \"abcdeéfghi\".utf8",
  ])
  func collectionSizeLimitCoversEveryWayToGrow(_ source: String) throws {
    var limits = InterpreterLimits()
    limits.maxCollectionCount = 10
    #expect(throws: RuntimeError.self) { try makeInterpreter(source, limits: limits) }
  }

  /// `split` and `components` count their pieces before making them (a
  /// long text of separators would take gigabytes first); the count agrees
  /// with Swift's split, so a text that makes exactly the limit's pieces
  /// passes and one more piece is refused.
  @Test(arguments: [
    ("\"a,b,,c,\".components(separatedBy: \",\")", 5),
    ("\",,a,,b,,\".split(separator: \",\")", 2),
    ("\",,a,,b,,\".split(separator: \",\", omittingEmptySubsequences: false)", 7),
    ("\"a,b,c,d\".split(separator: \",\", maxSplits: 2)", 3),
    ("\",a,,b,c\".split(separator: \",\", maxSplits: 1)", 2),
    ("\"a--b----c\".components(separatedBy: \"--\")", 4),
    ("\"e\\u{301}xe\".components(separatedBy: \"e\")", 2),
  ])
  func piecesAreCountedAsSwiftSplits(_ expression: String, _ count: Int) throws {
    var limits = InterpreterLimits()
    limits.maxCollectionCount = count
    let within = try makeInterpreter("let a = \(expression)", limits: limits)
    #expect(within.global("a").arrayValue?.count == count)
    limits.maxCollectionCount = count - 1
    #expect(throws: RuntimeError.self) { try makeInterpreter("let a = \(expression)", limits: limits) }
  }

  @Test func stringLengthLimit() throws {
    var limits = InterpreterLimits()
    limits.maxStringLength = 8
    let within = try makeInterpreter("var s = \"\"\nfor i in 0..<8 { s += \"x\" }", limits: limits)
    #expect(within.global("s").stringValue == "xxxxxxxx")
    for source in [
      "var s = \"\"\nfor i in 0..<9 { s += \"x\" }", "let s = \"12345\" + \"6789\"",
      // A letter may grow when its case changes: "ΐ" is two bytes, six upper-cased.
      "let s = \"ΐΐ\".uppercased()",
      "let s = String(repeating: \"ab\", count: 5)", "let n = 123456789\nlet s = \"\\(n)\"",
      // A collection's description, however it is asked for.
      "let s = [\"abc\", \"def\"].description", "let s = String(describing: [1234, 5678])",
      "let s = String([1234, 5678])", "let s = String(format: \"%@\", [1234, 5678])",
      "let s = [\"k\": \"abcdefgh\"].description", "let s = (1234, 5678).description",
    ] {
      do {
        _ = try makeInterpreter(source, limits: limits)
        Issue.record("\(source) grew past the limit")
      } catch let error as RuntimeError {
        #expect(error.diagnostic.id == "stringTooLong")
      }
    }
  }

  @Test func printingAHugeCollectionStopsAtTheOutputLimit() throws {
    var limits = InterpreterLimits()
    limits.maxOutputBytes = 20
    do {
      _ = try makeInterpreter("let a = Array(repeating: \"0123456789\", count: 1000)\nprint(a)", limits: limits)
      Issue.record("the description was printed past the limit")
    } catch let error as RuntimeError {
      #expect(error.diagnostic.id == "outputTooLarge")
    }
  }

  @Test func stackSlotLimit() throws {
    var limits = InterpreterLimits()
    limits.maxStackSlots = 40
    let source = "func down(n) { let a = n\nlet b = a\nreturn n == 0 ? 0 : down(n - 1) }\nlet x = down(100)"
    do {
      _ = try makeInterpreter(source, limits: limits)
      Issue.record("the recursion fitted in 40 slots")
    } catch let error as RuntimeError {
      #expect(error.diagnostic.id == "stackOverflowLocals")
    }
  }
}
