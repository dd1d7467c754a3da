import DndCheck
@testable import DndInterpreter
import Testing

/// A description asked for with a limit stops building soon after it: a
/// script's twenty strings of 60 MB are never joined into one of 1.2 GB
/// only to be refused.
@Suite struct DescriptionLimitTests {
  static var big: Value { .array(Array(repeating: Value.string(StringBox("0123456789")), count: 10_000)) }

  @Test func writingStopsAtTheNextElementPastTheLimit() {
    var text = ""
    Self.big.write(to: &text, symbols: .knownMembers, quoted: false, limit: 50)
    #expect(text.utf8.count > 50)
    #expect(text.utf8.count < 70)
    var whole = ""
    Self.big.write(to: &whole, symbols: .knownMembers, quoted: false)
    #expect(whole.utf8.count == 2 + 10_000 * 12 + 9_999 * 2)
  }

  @Test func nestedCollectionsStopToo() {
    let nested = Value.array(Array(repeating: Self.big, count: 100))
    var text = ""
    nested.write(to: &text, symbols: .knownMembers, quoted: true, limit: 1_000)
    #expect(text.utf8.count < 1_100)
  }

  @Test func aMessageShowsAShortenedValue() {
    let shown = Self.big.debugDescription(symbols: .knownMembers, limit: 30)
    #expect(shown == "[\"0123456789\", \"0123456789\", \"...")
  }
}
