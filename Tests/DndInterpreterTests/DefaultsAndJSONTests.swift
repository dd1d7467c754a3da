import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// Runs a script with a given `UserDefaults` store; returns what it printed
/// and the first error's id.
private func run(_ source: String, defaults: DefaultsStore = DefaultsStore())
  -> (output: String, error: String?)
{
  let file = SourceFile(name: "defaults.dnd", text: source)
  guard let program = Pipeline.check(file).program else { return ("", "check failed") }
  let collector = OutputCollector()
  let runner = ScenarioRunner(program: program, files: [file], defaults: defaults)
  let result = runner.run { collector.text += $0 }
  let error = ([result.topLevel] + result.scenarios).compactMap(\.outcome.diagnostic).first
  return (collector.text, error.map { "\($0.id): \($0.message)" })
}

/// `UserDefaults.standard` and `JSON`, as the Image Gallery uses them.
@Suite struct DefaultsAndJSONTests {
  @Test func theGalleryRoundTripsThroughJSONAndUserDefaults() {
    let script = """
      let gallery = [
        ["url": "https://example.com/cat.jpg", "aspectRatio": 1.5], ["url": "b", "aspectRatio": 2],
      ]
      UserDefaults.standard.set(JSON.encode(gallery), forKey: "gallery")
      if let data = UserDefaults.standard.data(forKey: "gallery"), let back = JSON.decode(data) {
        print(back)
        print(back as? [[String: Any]] != nil)
      }
      """
    let result = run(script)
    #expect(result.error == nil, "\(result.error ?? "")")
    let printed = "[[\"url\": \"https://example.com/cat.jpg\", \"aspectRatio\": 1.5], "
      + "[\"url\": \"b\", \"aspectRatio\": 2]]\ntrue\n"
    #expect(result.output == printed)
  }

  @Test func aStoreIsSharedByTheTopLevelAndEveryScenarioOfARun() {
    let store = DefaultsStore()
    let script = """
      let d = UserDefaults.standard
      d.set(d.integer(forKey: "launches") + 1, forKey: "launches")
      scenario "one" { print(d.integer(forKey: "launches")) }
      scenario "two" { print(d.integer(forKey: "launches")) }
      """
    // The plain run, then each scenario re-runs the top level: launches 1, 2, 3.
    #expect(run(script, defaults: store).output == "2\n3\n")
    #expect(store.value(forKey: "launches") == .int(3))
    #expect(store.hasChanges)
  }

  @Test func eachRunStartsFromItsOwnStore() {
    let script = "let d = UserDefaults.standard\nprint(d.object(forKey: \"k\"))\nd.set(\"v\", forKey: \"k\")"
    #expect(run(script).output == "nil\n")
    #expect(run(script).output == "nil\n")
    let kept = DefaultsStore([DefaultsValue.Entry("k", .string("saved"))])
    #expect(run(script, defaults: kept).output == "saved\n")
  }

  @Test(arguments: [
    ("set(42, forKey: \"k\")", "string(forKey: \"k\")", "42"),
    ("set(42, forKey: \"k\")", "double(forKey: \"k\")", "42.0"),
    ("set(\"7\", forKey: \"k\")", "integer(forKey: \"k\")", "7"),
    ("set(true, forKey: \"k\")", "integer(forKey: \"k\")", "1"),
    ("set(1.5, forKey: \"k\")", "bool(forKey: \"k\")", "true"),
    ("set([1, 2], forKey: \"k\")", "array(forKey: \"k\")", "[1, 2]"),
    ("set([1, 2], forKey: \"k\")", "dictionary(forKey: \"k\")", "nil"),
    ("set([\"a\": 1], forKey: \"k\")", "dictionary(forKey: \"k\")", "[\"a\": 1]"),
    ("set(\"x\", forKey: \"k\")", "data(forKey: \"k\")", "nil"),
    ("set(nil, forKey: \"k\")", "object(forKey: \"k\")", "nil"),
    ("removeObject(forKey: \"k\")", "integer(forKey: \"k\")", "0"),
    ("set(URL(string: \"https://a.b\"), forKey: \"k\")", "string(forKey: \"k\")", "https://a.b"),
  ])
  func accessorsConvertAsUserDefaultsDoes(_ set: String, _ get: String, _ printed: String) {
    let result = run("let d = UserDefaults.standard\nd.\(set)\nprint(d.\(get))")
    #expect(result.error == nil, "\(result.error ?? "")")
    #expect(result.output == printed + "\n")
  }

  @Test(arguments: [
    "UserDefaults.standard.set(UIView(), forKey: \"k\")",
    "UserDefaults.standard.set([1: 2], forKey: \"k\")",
    "UserDefaults.standard.set([nil], forKey: \"k\")",
    "JSON.encode(UIView())",
    "JSON.encode(0.0 / 0.0)",
    "JSON.encode([2: 3])",
  ])
  func valuesOutsideThePropertyListTypesAreRefused(_ line: String) {
    #expect(run(line).error != nil)
  }

  @Test(arguments: [
    ("JSON.decode(\"[1, 2.5, true, null, \\\"x\\\"]\")", "[1, 2.5, true, nil, \"x\"]"),
    ("JSON.decode(\"{\\\"a\\\": {\\\"b\\\": []}}\")", "[\"a\": [\"b\": []]]"),
    ("JSON.decode(\"not json\")", "nil"),
    ("JSON.decode(\"[1,]\")", "nil"),
    ("JSON.decode(String(repeating: \"[\", count: 100000))", "nil"),
    ("JSON.encode([\"k\": [1, 2]]).count", "11"),
  ])
  func jsonDecodesDocumentsAndRefusesTheRest(_ expression: String, _ printed: String) {
    let result = run("print(\(expression))")
    #expect(result.error == nil, "\(result.error ?? "")")
    #expect(result.output == printed + "\n")
  }
}

/// The JSON reader and writer, and the defaults file format, as data.
@Suite struct JSONValueTests {
  @Test(arguments: [
    "null", "true", "0", "-12", "1.5", "1e+20", "\"a\\\"b\\\\c\\n\\u0001\"", "[]", "{}", "[1,[2,[3]]]",
    "{\"b\":1,\"a\":2}", "\"\u{1F600}\"", "9223372036854775807",
  ])
  func documentsRoundTrip(_ text: String) throws {
    let value = try #require(JSONValue(decoding: Array(text.utf8)))
    let written = try #require(value.encoded())
    #expect(JSONValue(decoding: written) == value)
  }

  @Test(arguments: [
    "", " ", "nul", "[1,]", "{\"a\"}", "{\"a\":}", "01", "1.", ".5", "-", "1e", "\"\\x\"", "\"\\ud800\"",
    "\"\u{01}\"", "[", "]", "{1:2}", "truefalse", "\"abc",
  ])
  func malformedDocumentsAreRefused(_ text: String) {
    #expect(JSONValue(decoding: Array(text.utf8)) == nil)
  }

  @Test func invalidUTF8IsRefused() {
    #expect(JSONValue(decoding: [0x22, 0xFF, 0x22]) == nil)
  }

  @Test func nestingIsLimitedReadingAndWriting() {
    let depth = JSONValue.maxDepth
    let fits = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    let past = String(repeating: "[", count: depth + 2) + String(repeating: "]", count: depth + 2)
    #expect(JSONValue(decoding: Array(fits.utf8)) != nil)
    #expect(JSONValue(decoding: Array(past.utf8)) == nil)
    #expect(JSONValue(decoding: Array(String(repeating: "[", count: 1_000_000).utf8)) == nil)
    var deep = JSONValue.null
    for _ in 0...depth + 1 { deep = .array([deep]) }
    #expect(deep.encoded() == nil)
  }

  @Test func integersAndDoublesStayApart() throws {
    #expect(JSONValue(decoding: Array("3".utf8)) == .int(3))
    #expect(JSONValue(decoding: Array("3.0".utf8)) == .double(3))
    #expect(JSONValue.double(3).encoded().map { String(decoding: $0, as: UTF8.self) } == "3.0")
    #expect(JSONValue(decoding: Array("99999999999999999999".utf8)) == .double(1e20))
  }

  @Test func membersKeepTheirOrder() {
    let object = JSONValue.object([JSONValue.Member("z", .int(1)), JSONValue.Member("a", .int(2))])
    #expect(object.encoded().map { String(decoding: $0, as: UTF8.self) } == "{\"z\":1,\"a\":2}")
  }

  @Test func theDefaultsFileKeepsEveryTypeApart() throws {
    let entries = [
      DefaultsValue.Entry("s", .string("text")), DefaultsValue.Entry("i", .int(3)),
      DefaultsValue.Entry("d", .double(3)), DefaultsValue.Entry("b", .bool(true)),
      DefaultsValue.Entry("data", .data([0, 1, 2, 250, 255])),
      DefaultsValue.Entry("list", .array([.int(1), .string("2")])),
      DefaultsValue.Entry("map", .dictionary([DefaultsValue.Entry("k", .data([]))])),
    ]
    let bytes = try #require(DefaultsStore(entries).encoded())
    let loaded = try DefaultsStore(decoding: bytes)
    #expect(loaded.entries == entries)
    #expect(!loaded.hasChanges)
  }

  /// A value `set` takes is one the defaults file can hold: 98 levels of
  /// arrays or dictionaries, two JSON levels each in the file.
  @Test(arguments: [("[v]", "[1]"), ("[\"k\": v]", "[\"k\": 1]")])
  func setTakesOnlyWhatTheFileCanHold(wrap: String, inner: String) throws {
    let limit = DefaultsStore.maxNesting
    #expect(limit == 98)
    for depth in [limit, limit + 1] {
      let store = DefaultsStore()
      let script = """
        var v: Any = \(inner)
        for _ in 1..<\(depth) { v = \(wrap) }
        UserDefaults.standard.set(v, forKey: "deep")
        """
      let result = run(script, defaults: store)
      if depth == limit {
        #expect(result.error == nil, "\(result.error ?? "")")
        let bytes = try #require(store.encoded())
        #expect(try DefaultsStore(decoding: bytes).entries == store.entries)
      } else {
        #expect(result.error?.contains("UserDefaults cannot keep values nested more than 98 levels deep") == true)
        #expect(store.value(forKey: "deep") == nil)
      }
    }
  }

  @Test(arguments: [
    "", "[]", "{}", "{\"format\": \"dnd-defaults 1\"}", "{\"format\": \"other\", \"values\": {}}",
    "{\"format\": \"dnd-defaults 1\", \"values\": {\"k\": 3}}",
    "{\"format\": \"dnd-defaults 1\", \"values\": {\"k\": {\"data\": \"!!\"}}}",
    "{\"format\": \"dnd-defaults 1\", \"values\": {\"k\": {\"int\": 1, \"string\": \"a\"}}}",
  ])
  func filesThatAreNotDefaultsAreRefused(_ text: String) {
    #expect(throws: DefaultsStore.FormatError.self) { try DefaultsStore(decoding: Array(text.utf8)) }
  }
}
