import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// Runs a script with the binding (views and scenarios) under `limits`;
/// returns what it printed and the first error's id and line:column.
private func runLimited(_ source: String, _ limits: InterpreterLimits) -> (output: String, error: String?) {
  let file = SourceFile(name: "limits.dnd", text: source)
  guard let program = Pipeline.check(file).program else { return ("", "check failed") }
  let collector = OutputCollector()
  let result = ScenarioRunner(program: program, files: [file], limits: limits).run { collector.text += $0 }
  let error = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic).first
  return (collector.text, error.map { "\($0.id) \(file.location(of: Int($0.range.start)))" })
}

/// The limits added for robustness: each allows exactly its value and stops
/// the script one past it with a diagnostic naming the limit.
@Suite struct NamedLimitTests {
  // MARK: Output size

  @Test func outputSizeAllowsExactlyTheLimit() {
    var limits = InterpreterLimits()
    limits.maxOutputBytes = 12
    // Two prints of "hello\n": 12 bytes in all.
    let atLimit = runLimited("print(\"hello\")\nprint(\"hello\")", limits)
    #expect(atLimit.error == nil)
    #expect(atLimit.output == "hello\nhello\n")
    let past = runLimited("print(\"hello\")\nprint(\"hello\")\nprint(\"!\")", limits)
    #expect(past.error == "outputTooLarge 3:1")
    #expect(past.output == "hello\nhello\n")
  }

  @Test func anEndlessPrintLoopStopsAtTheOutputLimitNotTheStepLimit() {
    var limits = InterpreterLimits()
    limits.maxOutputBytes = 10_000
    let result = runLimited("while true { print(\"spam spam spam\") }", limits)
    #expect(result.error == "outputTooLarge 1:14")
    #expect(result.output.utf8.count <= 10_000)
  }

  // MARK: Trace events

  /// maxTraceEvents: events the scenario's own code records past the limit
  /// (a loop of list updates, outside any finger step) are dropped, and the
  /// next expectation stops with the limit's error instead of failing falsely
  /// on a trace that lost events; so does the scenario's end.
  @Test func aTraceThatDroppedEventsStopsAtTheNextExpectation() {
    let scene = """
      app A {
          var rows = ["a"]
          tableView list {
              frame = Rect(0, 0, 400, 400)
              dataSource {
                  func numberOfRowsInSection(section) { rows.count }
                  func cellForRowAt(indexPath) { UITableViewCell(text: rows[indexPath.row]) }
              }
          }
      }
      scenario "reloads" {
          for i in 0..<STEPS { list.reloadData() }
          expect rows.count == 1
      }
      """
    var limits = InterpreterLimits()
    limits.maxTraceEvents = 50
    let within = runLimited(scene.replacingOccurrences(of: "STEPS", with: "3"), limits)
    #expect(within.error == nil)
    let past = runLimited(scene.replacingOccurrences(of: "STEPS", with: "100"), limits)
    #expect(past.error == "runtimeLimit 13:5", "\(past)")
    let atEnd = runLimited(
      scene.replacingOccurrences(of: "STEPS", with: "100").replacingOccurrences(
        of: "expect rows.count == 1", with: "print(rows.count)"), limits)
    #expect(atEnd.error?.hasPrefix("runtimeLimit") == true, "\(atEnd)")
  }

  @Test func theOutputLimitIsNamedInItsMessage() {
    #expect(DiagnosticMessage.outputTooLarge(16_000_000).text.contains("16000000 bytes"))
  }

  // MARK: Value nesting

  /// `a` nests n levels after n wraps; the limit allows exactly maxValueDepth.
  @Test(arguments: ["a = [a]", "a = [\"k\": a]", "a = (a, 1)", "a = Array(repeating: a, count: 2)"])
  func valueDepthAllowsExactlyTheLimit(_ wrap: String) {
    var limits = InterpreterLimits()
    limits.maxValueDepth = 20
    let script = { (wraps: Int) in "var a: Any = 0\nfor i in 0..<\(wraps) { \(wrap) }\nprint(\"done\")" }
    #expect(runLimited(script(20), limits).error == nil)
    let past = runLimited(script(21), limits)
    #expect(past.error?.hasPrefix("valueTooDeep 2:") == true, "\(past.error ?? "none")")
  }

  @Test(arguments: [
    "var a: [Any] = []\nfor i in 0..<30 { a.append(a) }",
    "var a: [Any] = [0]\nfor i in 0..<30 { a.insert(a, at: 0) }",
    "var a: [Any] = [0]\nfor i in 0..<30 { a[0] = a }",
    "var d: [String: Any] = [:]\nfor i in 0..<30 { d.updateValue(d, forKey: \"k\") }",
    "var a: [Any] = [0]\nfor i in 0..<30 { a = [1].map { _ in a } }",
    "var a: [Any] = [0]\nfor i in 0..<30 { a = Array(a.enumerated()) }",
    "var t = (0, 0)\nfor i in 0..<30 { t.0 = t }",
  ])
  func everyWayToNestIsChecked(_ script: String) {
    var limits = InterpreterLimits()
    limits.maxValueDepth = 10
    #expect(runLimited(script, limits).error?.hasPrefix("valueTooDeep") == true, "\(script)")
  }

  /// The classic that used to crash the process when the value was freed.
  @Test func aMillionWrapsStopAtTheDefaultLimit() {
    let result = runLimited(
      "var a: Any = 0\nvar i = 0\nwhile i < 1000000 { a = [a]; i += 1 }", InterpreterLimits())
    #expect(result.error == "valueTooDeep 3:25")
  }

  /// Wide values are not deep: a thousand rows of a thousand go in freely.
  @Test func wideSharedValuesPassTheCheck() {
    let script = """
      let row = Array(repeating: 1, count: 1000)
      var grid: [Any] = []
      for i in 0..<1000 { grid.append(row) }
      let all = [grid, grid, grid]
      print(all.count)
      """
    #expect(runLimited(script, InterpreterLimits()).output == "3\n")
  }

  /// An array holding itself twice, 60 times over, is 2^60 arrays to a
  /// walk that follows every path, but 60 to the nesting check, which
  /// measures each shared array once: building it is cheap (it took minutes,
  /// then ran out of steps). Hashing it walks every path, as Swift's does,
  /// and its cost comes out of the step budget.
  @Test func anExponentiallySharedValueIsBuiltCheaplyAndHashedAtItsCost() {
    var limits = InterpreterLimits()
    limits.maxSteps = 1_000_000
    let built = runLimited(
      "var a: [Any] = []\nfor i in 0..<60 { a = [a, a] }\nvar d: [String: Any] = [:]\n"
        + "for i in 0..<60 { d[\"x\"] = d; d[\"y\"] = d }\nlet b = [a, d]\nprint(b.count)", limits)
    #expect(built.output == "2\n", "\(built.error ?? "none")")
    let hashed = runLimited(
      "var a: [Any] = []\nfor i in 0..<60 { a = [a, a] }\nvar counts: [[Any]: Int] = [:]\ncounts[a] = 1", limits)
    #expect(hashed.error?.hasPrefix("stepBudgetExceeded") == true, "\(hashed.error ?? "none")")
  }

  /// Swift's `==`, hashing and `contains` walk a value all the way down, so
  /// on a value shared 2^17 times over each costs a step per array it
  /// enters; the loop stops at the budget instead of running for minutes.
  @Test(arguments: [
    "if a == b { n += 1 }",
    "if a != b { n += 1 }",
    "if [a].contains(b) { n += 1 }",
    "if [b, a].firstIndex(of: a) != nil { n += 1 }",
    "if d[a] != nil { n += 1 }",
    "d.updateValue(1, forKey: a)",
    "d.removeValue(forKey: a)",
    "n += d.filter { _ in true }.count",
    "n += d.mapValues { $0 + 1 }.count",
  ])
  func walkingASharedValueCostsSteps(_ operation: String) {
    var limits = InterpreterLimits()
    limits.maxSteps = 3_000_000
    let script = """
      var a: [Any] = [1]
      var b: [Any] = [1]
      for i in 0..<17 { a = [a, a]; b = [b, b] }
      var d: [[Any]: Int] = [b: 0]
      var n = 0
      for i in 0..<1000 { \(operation) }
      """
    #expect(runLimited(script, limits).error?.hasPrefix("stepBudgetExceeded 6:") == true, "\(operation)")
  }

  /// `==` walks both values in step, as Swift's does: storage they share
  /// and everything after the first difference cost nothing, so comparing
  /// a large board with a copy that changed one cell is cheap.
  @Test func comparingACopyWithOneChangeCostsLittle() {
    var limits = InterpreterLimits()
    limits.maxSteps = 2_000_000
    let script = """
      var board: [[[Int]]] = []
      for r in 0..<200 {
          var row: [[Int]] = []
          for c in 0..<200 { row.append([r, c]) }
          board.append(row)
      }
      var n = 0
      for i in 0..<2000 {
          var next = board
          next[i % 200][0] = [-1, -1]
          if next == board { n += 1 }
      }
      print(n)
      """
    #expect(runLimited(script, limits).output == "0\n")
  }

  /// A search pays for the elements it passes, not the whole array, so
  /// finding a match near the front of a large array stays cheap; so does
  /// comparing two large arrays that differ at once.
  @Test(arguments: ["if big.contains(i % 10) { n += 1 }", "if big.firstIndex(of: i % 10) != nil { n += 1 }",
    "if big == other { n += 1 }", "if big.starts(with: [0, 1]) { n += 1 }"])
  func anEarlyAnswerCostsLittle(_ operation: String) {
    var limits = InterpreterLimits()
    limits.maxSteps = 500_000
    let script = """
      let big = Array(0..<200_000)
      let other = [-1] + Array(1..<200_000)
      var n = 0
      for i in 0..<40_000 { \(operation) }
      print(n >= 0)
      """
    #expect(runLimited(script, limits).output == "true\n", "\(operation)")
  }

  /// `==` on the same storage answers at once in Swift, and costs nothing.
  @Test func comparingAValueWithItselfIsFree() {
    var limits = InterpreterLimits()
    limits.maxSteps = 1_000_000
    let script = """
      var a: [Any] = [1]
      for i in 0..<17 { a = [a, a] }
      var n = 0
      for i in 0..<1000 { if a == a { n += 1 } }
      print(n)
      """
    #expect(runLimited(script, limits).output == "1000\n")
  }

  /// A wide array inside a value is walked element by element each time
  /// the value goes into another collection, so its elements count too:
  /// 64 of them a unit (a thousand nestings are 1.5 million units).
  @Test func aSharedWideArrayCostsStepsToNest() {
    var limits = InterpreterLimits()
    limits.maxSteps = 1_000_000
    let script = """
      let wide = Array(repeating: 0, count: 100_000)
      let a: [Any] = [wide]
      for i in 0..<1000 { let b = [a] }
      """
    #expect(runLimited(script, limits).error?.hasPrefix("stepBudgetExceeded 3:") == true)
  }

  /// A chain of closures, each calling the one before, is freed one link
  /// at a time: here on the test's own thread, whose stack a recursive free
  /// of 200,000 links would overflow.
  @Test func aLongClosureChainIsFreedWithoutCrashing() throws {
    let script = """
      var f = { 0 }
      var i = 0
      while i < 200000 {
        let g = f
        f = { g() }
        i += 1
      }
      """
    var session: Session? = try makeInterpreter(script)
    #expect(session?.global("i").intValue == 200_000)
    session = nil
  }

  /// The same through drag items' `localObject`.
  @Test func aLongChainOfObjectsIsFreedWithoutCrashing() {
    let script = """
      var previous: Any = 0
      var i = 0
      while i < 100000 {
        let item = UIDragItem(NSItemProvider("x"))
        item.localObject = previous
        previous = item
        i += 1
      }
      print("built")
      """
    #expect(runLimited(script, InterpreterLimits()).output == "built\n")
  }

  // MARK: Views

  @Test func viewsMadeByCodeAllowExactlyTheLimit() {
    var limits = InterpreterLimits()
    limits.maxViews = 5
    let make = { (count: Int) in "for i in 0..<\(count) { let v = UIView() }\nprint(\"made\")" }
    #expect(runLimited(make(5), limits).output == "made\n")
    #expect(runLimited(make(6), limits).error == "tooManyViews 1:26")
  }

  /// The window is level 1, `root` level 2; each `addSubview` goes one down.
  @Test func viewDepthAllowsExactlyTheLimit() {
    var limits = InterpreterLimits()
    limits.maxViewDepth = 10
    let chain = { (count: Int) in
      """
      app A { view root { frame = Rect(0, 0, 100, 100) } }
      var parent = root
      for i in 0..<\(count) {
        let child = UIView()
        parent.addSubview(child)
        parent = child
      }
      print("nested")
      """
    }
    #expect(runLimited(chain(8), limits).output == "nested\n")
    #expect(runLimited(chain(9), limits).error == "viewTreeTooDeep 5:3")
  }

  /// Declared views nest no deeper than code may nest them: the window is
  /// level 1, so a limit of 6 takes five declared levels and refuses a sixth.
  @Test func declaredViewsStopAtTheSameDepth() {
    var limits = InterpreterLimits()
    limits.maxViewDepth = 6
    let nested = { (count: Int) in
      "app A {\n" + (0..<count).map { "view v\($0) {\n" }.joined() + String(repeating: "}\n", count: count)
        + "}\nprint(\"declared\")"
    }
    #expect(runLimited(nested(5), limits).output == "declared\n")
    let refused = runLimited(nested(6), limits)
    #expect(refused.error == "viewTreeTooDeep 7:1", "\(refused)")
    #expect(DiagnosticMessage.viewTreeTooDeep(6, declared: true).text.hasPrefix("this view, declared inside"))
  }

  /// Adding a deep subtree under a deep view counts both.
  @Test func viewDepthCountsTheAddedSubtree() {
    var limits = InterpreterLimits()
    limits.maxViewDepth = 6
    let script = """
      app A { view root { frame = Rect(0, 0, 100, 100) } }
      let a = UIView()
      let b = UIView()
      let c = UIView()
      a.addSubview(b)
      b.addSubview(c)
      let d = UIView()
      root.addSubview(d)
      d.addSubview(a)
      let e = UIView()
      c.addSubview(e)
      """
    // window 1, root 2, d 3, a 4, b 5, c 6: e would be 7.
    #expect(runLimited(script, limits).error == "viewTreeTooDeep 11:1")
  }

  @Test func theNewLimitsAreNamedInTheirMessages() {
    #expect(DiagnosticMessage.valueTooDeep(1_000).text.contains("1000 levels"))
    #expect(DiagnosticMessage.tooManyViews(10_000).text.contains("10000 views"))
    #expect(DiagnosticMessage.viewTreeTooDeep(100).text.contains("100 levels"))
    #expect(DiagnosticMessage.stepBudgetExceeded(5).text.contains("--max-steps"))
  }
}
