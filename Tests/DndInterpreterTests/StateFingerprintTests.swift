import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// What the explorer's state fingerprints tell apart. Each case keeps, in
/// some part of the state, whether load y completed before load x; a later
/// load (z) reads another flag, and the scenario fails only when both hold.
/// A fingerprint that missed that part merged the two states after x and y,
/// never ran the failing order (1.1), and said every order passed.
@Suite struct StateFingerprintTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    /// Declarations before the scenario.
    var declarations = ""
    /// Statements keeping `log == "yx"` somewhere.
    var keep: String
    /// An expression reading it back.
    var check: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "a global", declarations: "var g = false", keep: "g = log == \"yx\"", check: "g"),
    Case(name: "a scenario's local", keep: "let yFirst = log == \"yx\"", check: "yFirst"),
    Case(
      name: "the string \"nil\" and nil", declarations: "var g: String? = nil",
      keep: "g = log == \"yx\" ? \"nil\" : nil", check: "g == \"nil\""),
    Case(
      name: "a string and a number that print alike", declarations: "var g: Any? = nil",
      keep: "g = log == \"yx\" ? \"1\" : 1", check: "g is String"),
    Case(
      name: "data's bytes", declarations: "var g = Data(\"\")", keep: "g = Data(log)",
      check: "g == Data(\"yx\")"),
    Case(
      name: "a closure", declarations: "var g: () -> Bool = { false }",
      keep: "g = log == \"yx\" ? { true } : { false }", check: "g()"),
    Case(
      name: "a closure's captured value", declarations: "var g: () -> Bool = { false }",
      keep: "let seen = log\n    g = { seen == \"yx\" }", check: "g()"),
    Case(
      name: "UserDefaults", keep: "UserDefaults.standard.set(log == \"yx\", forKey: \"k\")",
      check: "UserDefaults.standard.bool(forKey: \"k\")"),
    Case(
      name: "UserDefaults data's bytes", keep: "UserDefaults.standard.set(Data(log), forKey: \"k\")",
      check: "UserDefaults.standard.data(forKey: \"k\") == Data(\"yx\")"),
    Case(
      name: "UserDefaults text and a number that print alike",
      keep: "UserDefaults.standard.set(log == \"yx\" ? \"1\" : 1, forKey: \"k\")",
      check: "UserDefaults.standard.object(forKey: \"k\") is String"),
    Case(
      name: "UserDefaults keys and values that run together",
      keep: "if log == \"yx\" { UserDefaults.standard.set(\"x sy\", forKey: \"a\") } "
        + "else { UserDefaults.standard.set(\"y\", forKey: \"a sx\") }",
      check: "UserDefaults.standard.string(forKey: \"a\") != nil"),
    Case(
      name: "a file", keep: "Data(log).write(to: URL(fileURLWithPath: \"/f\"))",
      check: "Data(contentsOf: URL(fileURLWithPath: \"/f\")) == Data(\"yx\")"),
    Case(
      name: "a view's alpha", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.alpha = log == \"yx\" ? 0.5 : 1", check: "v.alpha == 0.5"),
    Case(
      name: "a view's tag", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.tag = log == \"yx\" ? 1 : 0", check: "v.tag == 1"),
    Case(
      name: "a view's interaction flag", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.isUserInteractionEnabled = log == \"yx\"", check: "v.isUserInteractionEnabled"),
    Case(
      name: "a button's title", declarations: "app A { button b { frame = Rect(0, 0, 10, 10) } }",
      keep: "b.title = log == \"yx\" ? \"Y\" : \"N\"", check: "b.title == \"Y\""),
    Case(
      name: "a view's frame", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.frame = Rect(0, 0, log == \"yx\" ? 20 : 10, 10)", check: "v.frame.size.width == 20"),
    Case(
      name: "a view's bounds origin", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.bounds = Rect(log == \"yx\" ? 5 : 0, 0, 10, 10)", check: "v.bounds.minX == 5"),
    Case(
      name: "nil text and the text \"-\"", declarations: "app A { label l { frame = Rect(0, 0, 10, 10) } }",
      keep: "l.text = log == \"yx\" ? \"-\" : nil", check: "l.text != nil"),
    Case(
      name: "-0.0 and 0.0", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.frame = Rect(log == \"yx\" ? -0.0 : 0.0, 0, 10, 10)", check: "1 / v.frame.minX < 0"),
    Case(
      name: "a button's spring loading", declarations: "app A { button b { frame = Rect(0, 0, 10, 10) } }",
      keep: "b.isSpringLoaded = log == \"yx\"", check: "b.isSpringLoaded"),
    Case(
      name: "a view out of the window", declarations: "app A { view v { frame = Rect(0, 0, 10, 10) } }",
      keep: "v.removeFromSuperview()\n    v.alpha = log == \"yx\" ? 0.5 : 1", check: "v.alpha == 0.5"),
    Case(
      name: "a drag item's local object",
      declarations: "let item = UIDragItem(itemProvider: NSItemProvider(object: \"p\"))",
      keep: "item.localObject = log", check: "item.localObject as? String == \"yx\""),
  ]

  static func script(_ test: Case) -> String {
    """
    \(test.declarations)
    var log = ""
    var w = false
    var zSawW = false
    \(Self.loadFunction)
    scenario "t" {
        load("public.x", 0.1) { log += "x" }
        load("public.y", 0.2) { log += "y" }
        load("public.z", 1.1) { zSawW = w }
        load("public.w", 1.2) { w = true }
        wait 1
        \(test.keep)
        log = ""
        wait 1
        expect !((\(test.check)) && zSawW)
    }
    """
  }

  /// `load(type, latency) { ... }`: a load of its own provider, whose
  /// completion runs the closure.
  static let loadFunction = """
    func load(_ type: String, _ latency: Double, _ done: () -> Void) {
        let p = NSItemProvider(item: Data("d"), typeIdentifier: type)
        p.simulate(latency: latency)
        p.loadDataRepresentation(forTypeIdentifier: type) { d, e in done() }
    }
    """

  /// Explores the first scenario of `source`; nil, with an issue recorded,
  /// when it does not check.
  static func explore(_ source: String) -> ExplorationResult? {
    let file = SourceFile(name: "scene.dnd", text: source)
    let (program, diagnostics) = Pipeline.check(file)
    guard let program else {
      Issue.record("\(diagnostics.map(\.message))")
      return nil
    }
    return Explorer(runner: ScenarioRunner(program: program, files: [file])).explore(0)
  }

  @Test(arguments: cases)
  func keepsApart(_ test: Case) throws {
    guard let result = Self.explore(Self.script(test)) else { return }
    #expect(result.exhaustive)
    #expect(result.failures.map { "\($0.order)" } == ["1.1"], "\(result.ordersRun) orders")
  }

  /// Closures capturing each other, and drag items whose local objects hold
  /// each other, are hashed once each: following every path took
  /// exponential time, and the exploration never ended.
  @Test(arguments: [
    "var a: (() -> Void)? = nil\n    var b: (() -> Void)? = nil\n    a = { b?(); a?() }\n    b = { a?(); b?() }",
    """
    let item = UIDragItem(itemProvider: NSItemProvider(object: "i"))
        let other = UIDragItem(itemProvider: NSItemProvider(object: "o"))
        item.localObject = [item, other, item, other]
        other.localObject = [item, other, item, other]
        kept = [item, other]
    """,
  ])
  func objectsReachedTwiceAreHashedOnce(_ setUp: String) throws {
    let source = """
      var kept: [UIDragItem] = []
      var done = 0
      func load(_ type: String, _ latency: Double) {
          let p = NSItemProvider(item: Data("d"), typeIdentifier: type)
          p.simulate(latency: latency)
          p.loadDataRepresentation(forTypeIdentifier: type) { d, e in done += 1 }
      }
      scenario "cycles" {
          \(setUp)
          load("public.x", 0.1)
          load("public.y", 0.1)
          load("public.z", 0.1)
          settle
          expect done == 3
      }
      """
    guard let result = Self.explore(source) else { return }
    #expect(result.passed && result.exhaustive && result.ordersRun > 1, "\(result.ordersRun) orders")
  }

  /// Which work has run is a multiset of labels. Layout passes of lists
  /// named l0 to l3 differ only in their labels' last byte: l0 and l3 having
  /// run once each must not look like l1 and l2 having run (their hashes
  /// summed alike, and the failing order 1.0.1 went unrun).
  @Test func workThatRanIsToldApartByItsLastByte() throws {
    let list = { (name: String) in
      """
          tableView \(name) { frame = Rect(0, 0, 10, 10)
              dataSource { func numberOfRowsInSection(section) { 0 }
                           func cellForRowAt(indexPath) { UITableViewCell(text: "") } } }
      """
    }
    let source = """
      app A {
          frame = Rect(0, 0, 400, 400)
      \(["l0", "l1", "l2", "l3"].map(list).joined(separator: "\n"))
      }
      var w = false
      var fail = false
      \(Self.loadFunction)
      func start() {
          var seen = ""
          load("public.x", 0.1) {
              DispatchQueue.main.async { seen += "x"; if seen == "x" { l0.reloadData(); l3.reloadData() } }
          }
          load("public.y", 0.2) {
              DispatchQueue.main.async { seen += "y"; if seen == "y" { l1.reloadData(); l2.reloadData() } }
          }
      }
      scenario "t" {
          wait 0.05
          start()
          wait 1
          load("public.z", 0.1) { fail = delegateCalls.last!.hasPrefix("l2") && w }
          load("public.w", 0.2) { w = true }
          wait 1
          expect !fail
      }
      """
    guard let result = Self.explore(source) else { return }
    #expect(result.exhaustive)
    #expect(result.failures.map { "\($0.order)" }.contains("1.0.1"), "\(result.ordersRun) orders")
  }

  /// Two loads with one label (one helper, one type) are two pieces of
  /// work: which of them has completed is part of the state.
  @Test func loadsWithOneLabelAreTwo() throws {
    let source = """
      var n = 0
      var zSawOne = false
      var bad = false
      \(Self.loadFunction)
      scenario "same label" {
          load("public.a", 0.5) { n += 1; if zSawOne { bad = true } }
          load("public.a", 0.5) { n += 1 }
          load("public.z", 0.7) { zSawOne = n == 1 }
          settle
          expect !bad
      }
      """
    guard let result = Self.explore(source) else { return }
    #expect(result.failures.map { "\($0.order)" }.contains("1.1"), "\(result.ordersRun) orders")
  }
}
