import DndInterpreter
import Testing

/// Script calls made by compiled code run in the instruction loop's own
/// frames (no native recursion): what a script sees of a call must be what
/// it saw when each call recursed, errors passing through included.
@Suite struct ScriptCallTests {
  /// An error deep in calls through closures, a global function and a
  /// builtin's callback names every frame, innermost first.
  @Test func errorNamesEveryFrameItPassesThrough() {
    let result = runSnippet(
      """
      func leaf(x) {
        return 10 / x
      }
      func viaClosure(x) {
        let f = { y in leaf(y) }
        return f(x)
      }
      func viaMap(xs) {
        return xs.map { v in viaClosure(v) }
      }
      print(viaMap([1, 0]))
      """)
    #expect(result.error?.id == "divisionByZero")
    #expect(result.location == "2:10")
    #expect(
      result.error?.notes.map(\.message) == [
        "in function 'leaf', called from line 5", "in a closure, called from line 6",
        "in function 'viaClosure', called from line 9", "in a closure, called from line 9",
        "in function 'viaMap', called from line 11",
      ])
  }

  @Test func wrongArgumentCountIsReportedAtTheCallInTheCallersFrame() {
    let result = runInFunction("  let c = { x in x }\n  print(c(1))\n  print(c(1, 2))")
    #expect(result.output == "1\n")
    #expect(result.error?.id == "wrongArgumentCount")
    #expect(result.location == "4:9")
    #expect(result.error?.notes.map(\.message) == ["in function 'main', called from line 6"])
  }

  /// Each closure call is a frame too: top level, 11 calls of `down` and
  /// 10 of its closure make 22 calls in progress.
  @Test func callDepthCountsClosureFrames() {
    let source = """
      func down(n) {
        let step = { k in down(k) }
        return n == 0 ? 0 : step(n - 1)
      }
      print(down(10))
      """
    #expect(runSnippet(source, maxCallDepth: 22).output == "0\n")
    let past = runSnippet(source, maxCallDepth: 21)
    #expect(past.error?.id == "callDepthExceeded")
    #expect(past.location == "2:21")
  }

  @Test func stepBudgetStopsInsideANestedCallWithItsTrace() {
    let source = """
      func spin(n) {
        var t = 0
        for i in 0..<n { t += i }
        return t
      }
      func main() {
        var total = 0
        for k in 0..<100 { total += spin(k) }
        print(total)
      }
      main()
      """
    let result = runSnippet(source, maxSteps: 500)
    #expect(result.error?.id == "stepBudgetExceeded")
    #expect(result.location == "3:3")
    #expect(
      result.error?.notes.map(\.message) == [
        "in function 'spin', called from line 8", "in function 'main', called from line 11",
      ])
  }

  /// Cells into a frame are closed when the frame returns, whether the
  /// returned value is the captured local or not; a closure that replaces
  /// the variable holding it while it runs keeps running.
  @Test func capturedLocalsOutliveTheirFrames() {
    let result = runSnippet(
      """
      func makeCounter() {
        var n = 0
        return { n += 1
          return n }
      }
      func keep() {
        var x = 1
        let g = { x += 1 }
        g()
        return x
      }
      func main() {
        let c = makeCounter()
        c()
        c()
        print(c())
        print(keep())
        var f = { 0 }
        f = { f = { 2 }
          return 1 }
        print(f())
        print(f())
      }
      var h = nil
      h = { n in n == 0 ? 0 : 1 + h(n - 1) }
      func useH() { return h(20) }
      main()
      print(useH())
      """)
    #expect(result.error == nil)
    #expect(result.output == "3\n2\n1\n2\n20\n")
  }

  /// A failed call leaves no frame behind: the next call from native code
  /// starts clean.
  @Test func interpreterCallsAgainAfterAnErrorInNestedFrames() throws {
    let session = try makeInterpreter(
      """
      func helper(n) { return 10 / n }
      func bad(n) { return helper(n) + 1 }
      func good(n) { return bad(n) * 2 }
      """)
    #expect(throws: RuntimeError.self) { _ = try session.interpreter.call(session.global("good"), [.int(0)]) }
    let value = try session.interpreter.call(session.global("good"), [.int(5)])
    #expect(value == .int(6))
  }
}
