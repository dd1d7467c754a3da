@testable import DndCheck
import Testing

/// The checker's colour names (`Checker.colorNames`, behind its advice
/// for Objective-C's `greenColor`) are the binding's: each builds a colour.
@Suite struct ColorNameTests {
  @Test(arguments: Checker.colorNames.sorted())
  func everyColorTheCheckerNamesExists(_ name: String) throws {
    let result = try runScene("let color: UIColor = .\(name)\nprint(color != nil)")
    #expect(result.summary == "passed", "\(name)")
    #expect(result.output == "true\n", "\(name)")
  }

  @Test func aNameThatIsNoColorGetsNoAdvice() {
    #expect(Checker.objectiveCColor("greenColor") != nil)
    #expect(Checker.objectiveCColor("tintColor") == nil)
    #expect(Checker.objectiveCColor("Color") == nil)
  }
}
