@testable import DndCheck
@testable import DndInterpreter
import Testing

/// The checker's colour names (`Checker.colorNames`, behind its advice
/// for Objective-C's `greenColor`) are the binding's (`ColorObject.named`):
/// each builds a colour, and the binding has no other.
@Suite struct ColorNameTests {
  @Test(arguments: Checker.colorNames.sorted())
  func everyColorTheCheckerNamesExists(_ name: String) throws {
    let result = try runScene("let color: UIColor = .\(name)\nprint(color != nil)")
    #expect(result.summary == "passed", "\(name)")
    #expect(result.output == "true\n", "\(name)")
  }

  /// And the other way: every colour the binding names is the checker's.
  @Test func everyColorOfTheBindingIsTheCheckers() {
    let bound = KnownMember.allCases.filter { ColorObject.named($0) != nil }.map(\.spelling)
    #expect(!bound.isEmpty)
    #expect(Set(bound) == Checker.colorNames)
  }

  @Test func aNameThatIsNoColorGetsNoAdvice() {
    #expect(Checker.objectiveCColor("greenColor") != nil)
    #expect(Checker.objectiveCColor("tintColor") == nil)
    #expect(Checker.objectiveCColor("Color") == nil)
  }
}
