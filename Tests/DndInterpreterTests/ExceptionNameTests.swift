import DndCheck
import Foundation
import Testing

/// `dnd check` refuses an `expect exception` naming an exception the runtime
/// never raises, so its list must be every name the runtime gives a
/// `UIKitException`, read here from the runtime's sources.
@Suite struct ExceptionNameTests {
  @Test func theCheckersListIsTheRuntimes() throws {
    let directory = repositoryRoot.appendingPathComponent("Sources/DndRuntime")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
    var raised = Set<String>()
    for name in names {
      let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      // `name: "NS...Exception"` wherever an exception is made.
      for line in text.split(separator: "\n") where line.contains("name: \"") && line.contains("Exception\"") {
        guard let start = line.range(of: "name: \"")?.upperBound,
          let end = line[start...].firstIndex(of: "\"")
        else { continue }
        raised.insert(String(line[start..<end]))
      }
    }
    #expect(!raised.isEmpty)
    #expect(raised == Set(Checker.exceptionNames))
  }
}
