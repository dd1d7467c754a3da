import DndInterpreter
import DndReport
import DndRuntime
import Foundation
import Testing

/// `dnd run --trace=json`: JSON lines that parse back, with the documented
/// keys in the documented order (docs/trace-json.md).
@Suite struct TraceJSONReporterTests {
  static let eventKeys = [
    "type", "scenario", "sequence", "time", "queue", "kind", "phase", "session", "app", "view", "interaction",
    "name", "method", "arguments", "result", "message", "exceptionName", "sourceLocation",
  ]
  static let scenarioKeys = ["type", "schemaVersion", "scenario", "file", "line"]
  static let printedKeys = ["type", "scenario", "afterSequence", "text"]
  static let outcomeKeys = [
    "type", "scenario", "passed", "status", "message", "diagnosticID", "exceptionName", "file", "line",
    "column",
  ]

  /// Every line parsed as a JSON object.
  private func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(value as? [String: Any], "not an object: \(line)")
    }
  }

  /// The keys of each line, in the order written.
  private func keyOrder(_ line: Substring) -> [String] {
    var keys: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var current = ""
    var previousSignificant: Character = "{"
    for character in line {
      if inString {
        if escaped {
          escaped = false
          current.append(character)
          continue
        }
        if character == "\\" {
          escaped = true
          current.append(character)
          continue
        }
        if character == "\"" {
          inString = false
          if depth == 1, previousSignificant == "{" || previousSignificant == "," { keys.append(current) }
          previousSignificant = "\""
          continue
        }
        current.append(character)
        continue
      }
      switch character {
      case "\"":
        inString = true
        current = ""
      case "{", "[":
        depth += 1
        previousSignificant = character
      case "}", "]":
        depth -= 1
        previousSignificant = character
      default: if character != " " { previousSignificant = character }
      }
    }
    return keys
  }

  @Test(arguments: ReportPaths.exampleNames)
  func everyLineOfEveryExampleParsesBackWithTheDocumentedKeys(_ name: String) throws {
    let run = try ScriptRun.example(name)
    let text = TraceJSONReporter(files: [run.file]).render(run.result)
    let parsed = try objects(text)
    #expect(!parsed.isEmpty)
    for (line, object) in zip(text.split(separator: "\n"), parsed) {
      let keys = keyOrder(line)
      switch object["type"] as? String {
      case "event": #expect(keys == Self.eventKeys)
      case "scenario": #expect(keys == Self.scenarioKeys)
      case "printed": #expect(keys == Self.printedKeys)
      case "outcome": #expect(keys == Self.outcomeKeys)
      default: Issue.record("unknown type in \(line)")
      }
    }
  }

  @Test func eventsCarryTheirFieldsAndNumberFromOneInEachScenario() throws {
    let run = try ScriptRun.example("01-hello-drop.dnd")
    let parsed = try objects(TraceJSONReporter(files: [run.file]).render(run.result))
    let first = try #require(parsed.first)
    #expect(first["type"] as? String == "scenario")
    #expect(first["schemaVersion"] as? Int == 1)
    #expect(first["file"] as? String == "examples/01-hello-drop.dnd")
    #expect(first["line"] as? Int == 61)
    let events = parsed.filter { $0["type"] as? String == "event" }
    let call = try #require(events.first { $0["name"] as? String == "itemsForBeginning" })
    #expect(call["method"] as? String == "dragInteraction(_:itemsForBeginning:)")
    #expect(call["kind"] as? String == "call")
    #expect(call["phase"] as? String == "lift")
    #expect(call["queue"] as? String == "main")
    #expect(call["time"] as? Double == 0.325)
    #expect(call["session"] as? Int == 1)
    #expect(call["view"] as? String == "source")
    #expect(call["result"] as? String == "1 item")
    #expect(call["message"] is NSNull)
    let update = try #require(events.first { $0["name"] as? String == "sessionDidUpdate" })
    let arguments = try #require(update["arguments"] as? [[String: String]])
    #expect(arguments == [["name": "location", "value": "(150, 20)"]])
    let firstScenario = events.filter { $0["scenario"] as? String == "Hello World lands in the label" }
    #expect(firstScenario.map { $0["sequence"] as? Int } == Array(1...firstScenario.count).map { $0 })
    let load = try #require(events.first { $0["name"] as? String == "loadCompleted" })
    #expect(load["queue"] as? String == "NSItemProvider")
  }

  @Test func outcomesSayPassedOrWhyNot() throws {
    let source = try String(
      contentsOf: ReportPaths.examples.appendingPathComponent("01-hello-drop.dnd"), encoding: .utf8
    ).replacingOccurrences(of: "expect target.text == \"Hello World\"", with: "expect target.text == \"Bye\"")
    let run = try ScriptRun(source, name: "hello.dnd")
    let outcomes = try objects(TraceJSONReporter(files: [run.file]).render(run.result))
      .filter { $0["type"] as? String == "outcome" }
    #expect(outcomes.map { $0["passed"] as? Bool } == [false, true])
    let failed = try #require(outcomes.first)
    #expect(failed["status"] as? String == "failedExpectation")
    #expect(failed["line"] as? Int == 66)
    #expect((failed["message"] as? String)?.contains("but target.text is \"Hello World\"") == true)
    #expect(outcomes.last?["message"] is NSNull)
  }

  @Test func printedTextComesAfterTheEventItFollowed() throws {
    let run = try ScriptRun(
      scene(
        dropHandlers: """
          func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
          func performDrop(session) { print("dropped\\n\\"here\\"") }
          """))
    let text = TraceJSONReporter(files: [run.file]).render(run.result)
    let parsed = try objects(text)
    let index = try #require(parsed.firstIndex { $0["type"] as? String == "printed" })
    #expect(parsed[index]["text"] as? String == "dropped\n\"here\"\n")
    let before = parsed[index - 1]
    #expect(before["name"] as? String == "performDrop")
    #expect(parsed[index]["afterSequence"] as? Int == before["sequence"] as? Int)
    #expect(text.contains(#""text":"dropped\n\"here\"\n""#))
  }

  /// What the top level printed has its run in the JSON (scenario null),
  /// as the text trace prints it first; `dnd explain`, which tells no
  /// printed text, leaves that run out.
  @Test func theTopLevelsPrintedTextIsReported() throws {
    let run = try ScriptRun(
      "print(\"hello\")\napp A { view v { frame = Rect(0, 0, 10, 10) } }\nscenario \"s\" { print(\"in s\") }\n")
    let parsed = try objects(TraceJSONReporter(files: [run.file]).render(run.result))
    let printed = parsed.filter { $0["type"] as? String == "printed" }
    #expect(printed.map { $0["text"] as? String } == ["hello\n", "in s\n"])
    #expect(printed.first?["scenario"] is NSNull)
    #expect(run.result.runs(showingPrintsAlone: false).map(\.title) == ["s"])
  }

  @Test(arguments: [
    (0 as Int64, "0"), (325_000, "0.325"), (2_000_000, "2"), (1_000_001, "1.000001"), (50, "0.00005"),
  ])
  func secondsAreExactDecimals(_ microseconds: Int64, _ text: String) {
    #expect(JSONValue.seconds(microseconds: microseconds).text == text)
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("quote \" and \\", #""quote \" and \\""#),
    ("line\nbreak\ttab", #""line\nbreak\ttab""#),
    ("\u{1}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#), ("ünï ✓", "\"ünï ✓\""),
  ])
  func stringsAreEscapedAsRFC8259Asks(_ value: String, _ json: String) throws {
    #expect(JSONValue.string(value).text == json)
    let back = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    #expect(back as? String == value)
  }
}
