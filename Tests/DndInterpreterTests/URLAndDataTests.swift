import DndCheck
@testable import DndInterpreter
import Foundation
import Testing

/// `url.lastPathComponent` and `String(data:encoding:)`, as Foundation
/// answers them.
@Suite struct URLAndDataTests {
  @Test(arguments: [
    ("https://example.com/photos/cat.jpg", "cat.jpg"),
    ("https://example.com/photos/cat.jpg?size=2#top", "cat.jpg"),
    ("https://example.com/photos/", "photos"),
    ("https://example.com/", "/"),
    ("file:///tmp/b%20c.png", "b c.png"),
  ])
  func lastPathComponentIsFoundations(_ url: String, _ expected: String) {
    let result = runSnippet("print(URL(string: \"\(url)\")?.lastPathComponent ?? \"nil\")")
    #expect(result.output == expected + "\n", "\(String(describing: result.error))")
  }

  @Test func stringFromUTF8DataIsItsText() {
    let result = runSnippet(
      "let data = Data(\"Venice\")\nprint(String(data: data, encoding: .utf8) ?? \"nil\")\n"
        + "print(String(data: JSON.encode([1, 2]), encoding: .utf8) ?? \"nil\")")
    #expect(result.output == "Venice\n[1,2]\n", "\(String(describing: result.error))")
  }

  @Test func bytesThatAreNotUTF8GiveNil() throws {
    let arguments = Arguments([.object(DataObject(Data([0xFF, 0xFE]))), .enumCase(Symbol(.utf8))])
    #expect(try DataObject.text(arguments).isNil)
  }

  @Test(arguments: [
    ("String(data: Data(\"x\"), encoding: .ascii)", "invalidArgument"),
    ("String(data: \"x\", encoding: .utf8)", "wrongArgumentType"),
  ])
  func anotherEncodingOrNotDataIsAnError(_ expression: String, _ id: String) {
    #expect(runSnippet("print(\(expression))").error?.id == id)
  }
}
