import DndCheck
import DndSyntax
import Foundation
import Testing

/// A source with a marker where the one expected diagnostic starts.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
  var source: String
  var id: String
  init(_ id: String, _ source: String) {
    self.id = id
    self.source = source
  }
  var testDescription: String { id }
}

/// Every check the checker makes: the diagnostic's id, and its position
/// given by the marker in the source.
@Suite struct CheckDiagnosticTests {
  /// `body` inside the root view of an app.
  static func inRoot(_ body: String) -> String { "app A { view root { \(body) } }" }

  static let names: [DiagnosticCase] = [
    .init("unknownName", "let a = 1\nprint(1️⃣b)"),
    // Swift that real delegate code has, which dnd writes otherwise.
    .init("memberNotInDnd", "let a = [1]\nprint(a.1️⃣index(of: 1))"),
    .init("memberNotInDnd", "app A { tableView t { }\nfunc f() { print(t.1️⃣isEditing) } }"),
    .init("nameNotInDnd", "1️⃣OperationQueue.main.addOperation { }"),
    // The lecture's emoji labels: a font, then sizeToFit.
    .init("nameNotInDnd", "let f = 1️⃣UIFont.systemFont(ofSize: 64)"),
    .init("memberNotInDnd", "let l = UILabel()\nl.1️⃣sizeToFit()"),
    .init("unknownName", "func f() { 1️⃣undefined() }"),
    .init("unknownName", "app A { collectionView grid { }\nfunc f() { print(1️⃣collectionView?.frame) } }"),
    .init("useBeforeDeclaration", "print(1️⃣x)\nvar x = 1"),
    .init("useBeforeDeclaration", "func f() {\n  print(1️⃣y)\n  var y = 2\n}"),
    .init("useBeforeDeclaration", "var x = 1️⃣x + 1"),
    .init("duplicateDeclaration", "var x = 1\nvar 1️⃣x = 2"),
    .init("duplicateDeclaration", "func f() { let a = 1\nlet 1️⃣a = 2 }"),
    .init("duplicateDeclaration", "func g() { }\nfunc 1️⃣g() { }"),
    .init("duplicateDeclaration", "func f(a, 1️⃣a) { }"),
    .init(
      "duplicateDeclarationAcrossApps",
      "app A { view root { label shared { } } }\napp B { view root2 { label 1️⃣shared { } } }"),
    .init("duplicateDeclaration", inRoot("label x { }\nlabel 1️⃣x { }")),
    .init("selfOutsideDeclaration", "print(1️⃣self)"),
    // Blocks with more locals than the checker searches one by one (it
    // indexes them past a dozen): the same rules hold.
    .init("duplicateDeclaration", manyLocals(20, then: "let 1️⃣v3 = 0\nprint(v19)")),
    .init("useBeforeDeclaration", manyLocals(20, then: "print(1️⃣late)\nlet late = 1")),
    .init("unknownName", manyLocals(20, then: "print(v0 + v12 + v13 + v19 + 1️⃣v20)")),
  ]

  /// A function whose body declares `count` locals, v0 to v(count - 1), then `rest`.
  static func manyLocals(_ count: Int, then rest: String) -> String {
    let locals = (0..<count).map { "var v\($0) = \($0)" }.joined(separator: "\n")
    return "func f() {\n\(locals)\n\(rest)\n}"
  }

  static let assignments: [DiagnosticCase] = [
    .init("assignmentToConstant", "let x = 1\n1️⃣x = 2"),
    .init("assignmentToConstant", "func f(p) { 1️⃣p = 2 }"),
    .init("assignmentToConstant", "let a = [1]\n1️⃣a[0] = 2"),
    .init("assignmentToConstant", "for i in 0..<3 { 1️⃣i += 1 }"),
    .init("mutatingMemberOnConstant", "let a = [1]\n1️⃣a.append(2)"),
    .init("overlappingAccess", "var a = [2, 1]\n1️⃣a.sort { x, y in a.isEmpty || x < y }"),
    .init("overlappingAccess", "func f() { var a = [1]\n1️⃣a.removeAll { x in a.count > 1 } }"),
    .init("memberOfConstantValue", "let p = CGPoint(x: 0, y: 0)\n1️⃣p.x = 2"),
    .init("memberOfConstantValue", "func f(v) { let r = v.bounds\n1️⃣r.size.width += 2 }"),
    .init("memberOfConstantValue", "let i: IndexPath = IndexPath(item: 0, section: 0)\n1️⃣i.item = 2"),
    .init("memberOfConstantValue", "app A { let home = CGPoint(x: 1, y: 2)\nfunc f() { 1️⃣self.home.x = 3 } }"),
    .init(
      "selfIsTheView",
      "app A { view v { dropInteraction { func performDrop(session) { print(1️⃣self.view) } } } }"),
    .init(
      "selfIsTheView",
      "app A { view v { dropInteraction { func performDrop(session) { print(1️⃣view) } } } }"),
    .init("viewPropertyNotOnKind", "app A { label l { }\nfunc f() { 1️⃣l.placeholder = \"x\" } }"),
    .init("appHasNoRootView", "app A { view v { }\nfunc f() { print(1️⃣self.view) } }"),
    .init("appHasNoRootView", "app A { view v { }\nfunc f() { 1️⃣self.view.alpha = 0.5 } }"),
    .init(
      "selfIsTheView",
      "app A { view v { dropInteraction { func performDrop(session) { 1️⃣self.view.alpha = 1 } } } }"),
    .init(
      "viewPropertyNotOnKind",
      "app A { view zone { }\nlabel l { dropInteraction { func performDrop(session) {\n"
        + "1️⃣self.zone.text = \"\" } } } }"),
    .init(
      "blockCountedOnItsView",
      "app A { tableView t { dataSource ds { func numberOfRowsInSection(section) { 0 }\n"
        + "func cellForRowAt(indexPath) { UITableViewCell(text: \"\") } } } }\n"
        + "scenario \"s\" { expect called numberOfRowsInSection on 1️⃣t.ds }"),
    .init("viewPropertyNotOnKind", "app A { textField t { } }\n1️⃣A.t.numberOfLines = 2"),
    .init(
      "viewPropertyNotOnKind",
      "app A { imageView i { dropInteraction { func performDrop(session) { 1️⃣self.text = \"\" } } } }"),
    .init("assignmentToDeclaration", "func f() { }\n1️⃣f = 2"),
    .init("assignmentToDeclaration", "app A { view root { } }\n1️⃣root = 3"),
    .init("assignmentToDeclaration", "1️⃣print = 1"),
    .init("cannotAssign", "1️⃣1 + 2 = 3"),
    .init("tupleAssignment", "var a = 1\nvar b = 2\n1️⃣(a, b) = (b, a)"),
    .init("letWithoutValue", "let 1️⃣x"),
  ]

  static let controlFlow: [DiagnosticCase] = [
    .init("breakOutsideLoop", "1️⃣break"),
    .init("continueOutsideLoop", "func f() { 1️⃣continue }"),
    .init("breakOutsideLoop", "for i in 0..<1 { let f = { 1️⃣break } }"),
    .init("continueOutsideLoop", "switch 1 {\ndefault:\n  1️⃣continue\n}"),
    .init("guardMustExit", "func f(x) { guard x else 1️⃣{ switch x {\ndefault:\n  break\n} } }"),
    .init("returnOutsideFunction", "1️⃣return 1"),
    .init("guardMustExit", "func f(x) { guard let y = x else 1️⃣{ print(1) } }"),
    // Only the error: the value in the else is not also warned about as dropped.
    .init("guardMustExit", "func f(x) {\n  guard x else 1️⃣{ false }\n  print(x)\n}"),
    .init(
      "guardMustExit",
      inRoot("dropInteraction { func performDrop(s) {\nguard s.items.isEmpty else 1️⃣{ false }\nprint(1) } }")),
    .init("guardAtTopLevel", "let x = [1]\nguard let y = x.first else 1️⃣{ print(1) }"),
    .init("guardMustExit", "switch 1 {\ndefault:\n  guard true else 1️⃣{ print(1) }\n}"),
    .init("guardMustExit", "for x in [1] { guard x > 0 else 1️⃣{ print(1) } }"),
    .init("guardMustExit", "scenario \"s\" { guard true else 1️⃣{ print(1) } }"),
    .init("wrongArgumentCount", "func f(a) { }\n1️⃣f(1, 2)"),
    .init("wrongArgumentCount", "func f() { func g(a, b) { }\n1️⃣g(1) }"),
    .init("wrongArgumentCount", "print(1️⃣abs(1, 2))"),
    .init("wrongArgumentCount", "print(1️⃣zip([1]))"),
    .init("wrongArgumentCount", "print(1️⃣min(1))"),
    .init("unknownName", "let i: Int? = 1\nprint(i.map { $0 + 1 } ?? 1️⃣zz)"),
    // A count in range that leaves a parameter without a default empty.
    .init("missingArgument", "func f(x: Int = 1, y: Int) -> Int { x + y }\nprint(1️⃣f(5))"),
    .init("missingArgument", "func f(x: Int = 1, y: Int) -> Int { x + y }\nprint(1️⃣f(x: 5))"),
    .init("argumentLabelMismatch", "func f(a) { }\nf(1️⃣b: 1)"),
    .init("unknownType", "let x = 1 as? 1️⃣Strng"),
  ]

  static let declarations: [DiagnosticCase] = [
    .init("unknownDevice", "device 1️⃣iPod"),
    // The system after the device: iOS (iPadOS on an iPad), at a version
    // that had drag and drop.
    .init("unknownSystem", "device iPhone 1️⃣ios 15"),
    .init("unknownSystem", "device iPhone 1️⃣iPadOS 16"),
    .init("unknownSystemVersion", "device iPhone iOS 1️⃣10"),
    .init("unknownSystemVersion", "device iPhone iOS 1️⃣20.1"),
    .init("unknownSystemVersion", "device iPad iPadOS 1️⃣12"),
    .init("unknownSystemVersion", "device iPad iOS 1️⃣27"),
    .init("systemVersionTooLong", "device iPad iOS 1️⃣17.4.1.2"),
    .init("duplicateDevice", "device iPad\n1️⃣device iPhone"),
    .init("unknownViewProperty", inRoot("label l { 1️⃣txt = \"a\" }")),
    .init("unknownViewProperty", inRoot("imageView i { 1️⃣text = \"a\" }")),
    .init("unknownAppProperty", "app A { 1️⃣title = \"a\" }"),
    .init("unknownInteractionProperty", inRoot("dropInteraction { 1️⃣isEnabled = false }")),
    .init("duplicateProperty", inRoot("alpha = 1\n1️⃣alpha = 0")),
    .init("blockOnWrongView", inRoot("label l { 1️⃣dataSource { } }")),
    .init("blockOnWrongView", inRoot("1️⃣textDropDelegate { }")),
    // Only the error: what a table's drag delegate requires is beside the point on a label.
    .init("blockOnWrongView", inRoot("label l { 1️⃣dragDelegate { } }")),
    .init(
      "interactiveMovementOnly",
      "app A { collectionView c { dataSource {\nfunc numberOfItemsInSection(s) { 1 }\n"
        + "func cellForItemAt(i) { UICollectionViewCell(text: \"a\") }\nfunc 1️⃣moveItemAt(a, b) { } } } }"),
    .init("duplicateInteraction", inRoot("dropInteraction { }\n1️⃣dropInteraction { }")),
    .init("duplicateDeclaration", inRoot("dropInteraction a { }\ndropInteraction 1️⃣a { }")),
    .init("unknownHandler", inRoot("dropInteraction { func 1️⃣perfromDrop(session) { } }")),
    // Swift's labels: a delegate method written as UIKit declares it is
    // named back to its short form; elsewhere a label is just an error.
    .init(
      "swiftDelegateSignature",
      inRoot(
        "dropInteraction { func 1️⃣dropInteraction(_ interaction: UIDropInteraction, "
          + "canHandle session: UIDropSession) -> Bool { true } }")),
    .init(
      "swiftDelegateSignature",
      inRoot("dragInteraction { func 1️⃣dragInteraction(_ i, session: UIDragSession, willEndWith op) { } }")),
    .init("parameterLabel", inRoot("dropInteraction { func dropInteraction(_ i, 1️⃣nonsense s) { } }")),
    .init("parameterLabel", "func f(1️⃣for x: Int) { }"),
    .init(
      "handlerArity", inRoot("dropInteraction { func 1️⃣performDrop(session, extra) { } }")),
    .init(
      "duplicateHandler",
      inRoot("dropInteraction { func canHandle(s) { true }\nfunc 1️⃣canHandle(s) { true } }")),
    .init(
      "handlerInWrongBlock", inRoot("dragInteraction { func 1️⃣performDrop(session) { } }")),
    .init(
      "handlerForOtherView",
      inRoot("collectionView c { dataSource { func 1️⃣numberOfRowsInSection(s) { 0 } } }")),
    .init("unknownViewFunction", inRoot("func 1️⃣pastee(providers) { }")),
    .init("handlerArity", inRoot("button b { func 1️⃣action(a, b) { } }")),
    .init("unknownDelegateMethod", "scenario \"s\" { expect called 1️⃣perfomDrop }"),
  ]

  /// Initializers whose labels no form of the type has (InitializerCatalogue).
  static let initializers: [DiagnosticCase] = [
    .init("noSuchInitializer", "let p = 1️⃣NSItemProvider(obj: \"x\")"),
    .init("noSuchInitializer", "let i = 1️⃣UIDragItem(provider: NSItemProvider())"),
    .init("noSuchInitializer", "let i = 1️⃣UIDragItem()"),
    // A target passed without its label was once dropped without a word.
    .init(
      "noSuchInitializer",
      "let p = 1️⃣UITargetedDragPreview(view: UIView(), parameters: UIDragPreviewParameters(), 1)"),
    .init("noSuchInitializer", "let p = 1️⃣UIDragPreviewParameters(textLineRect: [])"),
    .init("noSuchInitializer", "let p = 1️⃣UIDropProposal(operaton: .copy)"),
    .init("noSuchInitializer", "let p = 1️⃣UIDropProposal(operation: .copy, intent: .automatic)"),
    .init("noSuchInitializer", "let r = 1️⃣CGRect(x: 0, y: 0, w: 1, h: 1)"),
    .init("noSuchInitializer", "let r = 1️⃣Rect(0, 0, 10)"),
    .init("noSuchInitializer", "let p = 1️⃣Point(x: 1)"),
    .init("noSuchInitializer", "let i = 1️⃣IndexPath(index: 1, section: 0)"),
    .init("noSuchInitializer", "let i = 1️⃣UIImage(name: \"cat\")"),
    .init("noSuchInitializer", "func f(v) { let t = 1️⃣UIDragPreviewTarget(container: v, point: Point()) }"),
  ]

  /// Handler answers whose type the syntax shows, and drop operations.
  static let handlerResults: [DiagnosticCase] = [
    // A value computed inside a body that is more than that one expression
    // is dropped: the branch that meant to answer (Swift warns too).
    .init(
      "valueUnused",
      inRoot("dropInteraction { func sessionDidUpdate(s) {\nif s.items.count > 1 { 1️⃣UIDropProposal(.copy) }\n"
        + "return UIDropProposal(.cancel) } }")),
    .init(
      "valueUnused",
      inRoot("dropInteraction { func canHandle(s) {\nif s.items.isEmpty { 1️⃣false }\nreturn true } }")),
    .init("valueUnused", "func f(x) {\n  print(x)\n  1️⃣x + 1\n}"),
    .init("valueUnused", "let c = { () in\n  print(1)\n  1️⃣[IndexPath(item: 0, section: 0)]\n}"),
    .init("valueUnused", "func f(s) {\n  print(s)\n  1️⃣\"\\(s.count) items\"\n}"),
    // A trailing closure that opened on the next line; a value in a handler UIKit takes no answer from.
    .init("closureOnItsOwnLine", "func f(s) {\n  print(s)\n  1️⃣{ x in print(x) }\n}"),
    .init(
      "valueIgnored",
      inRoot("dropInteraction { func sessionDidEnter(s) {\nprint(1)\n1️⃣UIDropProposal(.copy) } }")),
    .init("handlerReturnsWrongValue", inRoot("dropInteraction { func canHandle(s) { 1️⃣UIDropProposal(.copy) } }")),
    .init("handlerReturnsWrongValue", inRoot("dropInteraction { func canHandle(s) { return 1️⃣\"yes\" } }")),
    .init("handlerReturnsWrongValue", inRoot("dropInteraction { func sessionDidUpdate(s) { 1️⃣.move } }")),
    .init("handlerReturnsWrongValue", inRoot("dropInteraction { func sessionDidUpdate(s) { (1️⃣false) } }")),
    .init(
      "handlerReturnsWrongValue",
      inRoot("dragInteraction { func itemsForBeginning(s) { return 1️⃣UIDragItem(NSItemProvider()) } }")),
    .init(
      "handlerReturnsWrongValue",
      inRoot("dragInteraction { func itemsForBeginning(s) { 1️⃣[NSItemProvider(object: \"x\")] } }")),
    .init(
      "handlerReturnsWrongValue",
      "app A { view root { tableView t { dataSource { func numberOfRowsInSection(s) { 1️⃣\"3\" } } } } }"),
    .init(
      "handlerReturnsWrongValue",
      "app A { view root { tableView t { dropDelegate {\n"
        + "func dropSessionDidUpdate(s, path) { 1️⃣UIDropProposal(operation: .copy) } } } } }"),
    .init(
      "handlerReturnsWrongValue",
      "app A { view root { collectionView c { dropDelegate {\n"
        + "func dropSessionDidUpdate(s, path) { 1️⃣.move } } } } }"),
    .init("unknownException", "scenario \"s\" {\n  expect exception 1️⃣NSInternalInconsistencyExceptio\n}"),
    .init("unknownException", "scenario \"s\" {\n  expect exception 1️⃣Crash\n}"),
    .init("unknownDropOperation", "let p = UIDropProposal(operation: .1️⃣coppy)"),
    .init("unknownDropOperation", "let p = UIDropProposal(.1️⃣mov)"),
  ]

  /// A lone unknown name spelt like a step, where steps are written.
  static let steps: [DiagnosticCase] = [
    .init("misspeltStep", "app A { view root { } }\nscenario \"s\" {\n  longPress root\n  1️⃣drop\n}"),
    .init("misspeltStep", "scenario \"s\" {\n  1️⃣setle\n}"),
    .init("misspeltStep", "scenario \"s\" {\n  if true {\n    1️⃣relase\n  }\n}"),
    .init("misspeltStep", "1️⃣settel"),
    // In a function, an unknown name is only that.
    .init("unknownName", "func f() { 1️⃣drop }"),
    // A view's property reading a view whose properties are set further down.
    .init("viewReadBeforeSetUp", inRoot("label a { text = 1️⃣b.text }\nlabel b { text = \"B\" }")),
    .init(
      "viewReadBeforeSetUp", inRoot("label a { text = \"x\" + (1️⃣b.text ?? \"\") }\nview box { label b { } }")),
    // `expect called` of a method the view does not implement (the trace
    // shows only implemented ones), with the scenario before the view.
    .init(
      "expectedCallNeverTraced", "scenario \"s\" { expect called 1️⃣performDrop on v }\n" + inRoot("label v { }")),
    .init(
      "expectedCallNeverTraced",
      "scenario \"s\" { expect not called 1️⃣performDrop }\n"
        + inRoot("label v { dropInteraction { func sessionDidUpdate(s) { UIDropProposal(operation: .copy) } } }")),
    // Implemented on the view, or somewhere when no view is named: no warning.
    .init(
      "expectedCallNeverTraced",
      "scenario \"s\" { expect called performDrop on v\nexpect not called performDrop\n"
        + "expect called 1️⃣canHandle on v times 1 }\n"
        + inRoot("label v { dropInteraction { func performDrop(s) { } } }")),
  ]

  @Test(arguments: names + assignments + controlFlow + declarations + initializers + handlerResults + steps)
  func diagnostic(_ testCase: DiagnosticCase) {
    let (text, offset) = unmark(testCase.source)
    let (result, file, parseErrors) = checkSource(text)
    #expect(parseErrors.isEmpty, "\(parseErrors.map(\.message))")
    let found = result.diagnostics.map { "\($0.id)@\(file.location(of: Int($0.range.start)))" }
    let expected = "\(testCase.id)@\(file.location(of: offset ?? 0))"
    #expect(found == [expected])
  }

  /// The message names the label meant and every form, with a fix-it.
  @Test(arguments: [
    (
      "NSItemProvider(obj: \"x\")",
      "'NSItemProvider' has no initializer NSItemProvider(obj:): did you mean 'object:'? It is created with "
        + "NSItemProvider(), NSItemProvider(object:), NSItemProvider(_:), NSItemProvider(item:typeIdentifier:) "
        + "or NSItemProvider(contentsOf:)"
    ),
    (
      "UIDragItem(provider: p)",
      "'UIDragItem' has no initializer UIDragItem(provider:): did you mean 'itemProvider:'? It is created with "
        + "UIDragItem(itemProvider:) or UIDragItem(_:)"
    ),
    (
      "IndexPath(index: 1, section: 0)",
      "'IndexPath' has no initializer IndexPath(index:section:); it is created with IndexPath(item:section:) "
        + "or IndexPath(row:section:)"
    ),
  ])
  func initializerMessageTeaches(call: String, message: String) throws {
    let (result, _, _) = checkSource("let p = NSItemProvider()\nlet x = \(call)")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.message == message)
    #expect(diagnostic.fixIts.count == (message.contains("did you mean") ? 1 : 0))
  }

  @Test(arguments: [
    ("expect called performDrop on v", "can never hold; implement 'performDrop', or expect a method"),
    ("expect not called performDrop on w", "always holds; expect one that 'w' implements (canHandle)"),
    ("expect called performDrop on w times 2", "counts no calls, whatever happens; expect one that 'w'"),
  ])
  func aCallNeverTracedSaysWhyAndWhatToExpect(step: String, words: String) throws {
    let scene = Self.inRoot("label v { }\nlabel w { dropInteraction { func canHandle(s) { true } } }")
    let (result, _, _) = checkSource("scenario \"s\" { \(step) }\n" + scene)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.message.contains(words), "\(diagnostic.message)")
  }

  @Test func useBeforeDeclarationSaysWhatToMove() throws {
    let (result, _, _) = checkSource("print(target.text)\napp A { view root { label target { } } }")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      diagnostic.message
        == "'target' is used before its declaration; move this use below it, or declare 'target' above")
    #expect(diagnostic.notes.first?.message == "'target' is declared here")
  }

  /// A block's missing required method is found when the block ends, and
  /// `expect called` names once the script is read; the diagnostics still
  /// come out in the order of their places, as the user reads the file.
  @Test func diagnosticsComeInTheOrderOfTheirPlaces() {
    let source = """
      app A { view v {
        dragInteraction {
          func itemsForBeginnin(session) { [] }
        }
        frame = Rect(0, 0, nope, 1)
      } }
      scenario "s" {
        expect called sessionDidUpdat on v
        expect late
      }
      """
    let (result, file, _) = checkSource(source, keepsRequiredMethodWarnings: true)
    let places = result.diagnostics.map { "\($0.id)@\(file.location(of: Int($0.range.start)))" }
    #expect(
      places == [
        "requiredMethodMissing@2:3", "unknownHandler@3:10", "unknownName@5:22",
        "unknownDelegateMethod@8:17", "unknownName@9:10",
      ])
  }

  @Test func unknownNameSuggestsTheClosestNameInScope() {
    let (result, _, _) = checkSource("let counter = 1\nprint(countr)")
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.message == "cannot find 'countr' in scope; did you mean 'counter'?")
    #expect(diagnostic?.fixIts.first?.replacement == "counter")
  }

  @Test func misspeltHandlerIsNamedWithItsProtocol() {
    let (result, _, _) = checkSource("app A { view v { dropInteraction { func perfromDrop(session) { } } } }")
    #expect(
      result.diagnostics.first?.message
        == "'perfromDrop' is not a method of UIDropInteractionDelegate; did you mean 'performDrop'?")
    #expect(result.diagnostics.first?.fixIts.first?.replacement == "performDrop")
  }

  @Test func duplicateDeclarationPointsAtTheFirst() {
    let (result, file, _) = checkSource("var x = 1\nvar x = 2")
    let note = result.diagnostics.first?.notes.first
    #expect(note?.message == "'x' was first declared here, on line 1")
    #expect(note?.range.map { file.location(of: Int($0.start)).description } == "1:5")
  }

  @Test func clashBetweenAppsTellsTheUserToRename() {
    let (result, _, _) = checkSource("app A { var model = 1 }\napp B { var model = 2 }")
    #expect(
      result.diagnostics.first?.message
        == "'model' is declared in both app 'A' and app 'B'; the names of all apps share one namespace, "
        + "so rename one of them")
  }

  /// A fix-it is offered only when the fixed text checks: what does not
  /// carry over (a table's intent, a table's `with:`, a class no provider
  /// loads) gets the advice alone.
  @Test(arguments: [
    ("shelf.insertRows(at: [IndexPath(item: 0, section: 0)])", "insertItems"),
    ("shelf.insertRows(at: [IndexPath(item: 0, section: 0)], with: .automatic)", nil),
    ("list.selectItem(at: nil, animated: false, scrollPosition: [])", nil),
    ("print(NSItemProvider(object: \"x\").canLoadObject(ofClass: \"UIImage\"))", "UIImage.self"),
    ("print(NSItemProvider(object: \"x\").canLoadObject(ofClass: \"Int\"))", nil),
  ] as [(String, String?)])
  func fixItsThatCheck(statement: String, replacement: String?) {
    let source = """
      app A {
        tableView list { frame = Rect(0, 0, 100, 100)
          dataSource { func numberOfRowsInSection(section) { 1 }
            func cellForRowAt(indexPath) { UITableViewCell(text: "x") } } }
        collectionView shelf { frame = Rect(0, 100, 100, 100)
          dataSource { func numberOfItemsInSection(section) { 1 }
            func cellForItemAt(indexPath) { UICollectionViewCell(text: "x") } } }
      }
      func f() {
        \(statement)
      }
      """
    let (result, _, _) = checkSource(source)
    #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
    #expect(result.diagnostics.first?.fixIts.first?.replacement == replacement)
  }

  /// A view controller's `collectionView` outlet, written in an app's
  /// function: the script's one collection view stands for it; with no
  /// table view, `tableView` gets no suggestion (not `UITableView`).
  @Test func anOutletNameSuggestsTheScriptsViewOfThatKind() {
    let source = "app A { collectionView grid { }\nfunc f() { print(collectionView?.frame)\ntableView.reloadData() } }"
    let (result, _, _) = checkSource(source)
    #expect(
      result.diagnostics.map(\.message) == [
        "cannot find 'collectionView' in scope; did you mean 'grid'?", "cannot find 'tableView' in scope",
      ])
    #expect(result.diagnostics.first?.fixIts.first?.replacement == "grid")
    // Two collection views: no guess. A label's drop handler gets no table view first.
    let two = "app A { collectionView a { }\ncollectionView b { }\nfunc f() { print(collectionView?.frame) } }"
    #expect(checkSource(two).0.diagnostics.map(\.message) == ["cannot find 'collectionView' in scope"])
    let label = "app A { tableView t { }\nlabel l { dropInteraction { func performDrop(session) { "
      + "tableView.reloadData() } } } }"
    #expect(
      checkSource(label).0.diagnostics.map(\.message) == ["cannot find 'tableView' in scope; did you mean 't'?"])
  }

  /// A handler pasted with UIKit's first parameter (the interaction) is
  /// told to remove it; one with a parameter too many of another name is not.
  @Test func aHandlerWithUIKitsFirstParameterIsToldToRemoveIt() {
    func messages(_ parameters: String) -> [String] {
      let source = "app A { view v { dropInteraction { func sessionDidUpdate(\(parameters)) { "
        + "UIDropProposal(operation: .copy) } } } }"
      return checkSource(source).0.diagnostics.map(\.message)
    }
    #expect(
      messages("_ interaction: UIDropInteraction, session: UIDropSession") == [
        "'sessionDidUpdate' of UIDropInteractionDelegate takes 1 parameter (session), but this one has 2; remove "
          + "'interaction': UIKit passes it first, and a script's handler leaves it out (its view is 'self')"
      ])
    #expect(
      messages("session, other") == [
        "'sessionDidUpdate' of UIDropInteractionDelegate takes 1 parameter (session), but this one has 2"
      ])
  }

  /// `self.text` in a handler of a view without `text` is the app's
  /// variable (the controller's idiom), not the view's missing property.
  @Test func selfReachesTheAppsVariableAViewLacks() {
    let source = """
      app Viewer {
        var text = ""
        var image: UIImage? = nil
        view well {
          dropInteraction {
            func performDrop(session) {
              self.text = "dropped"
              session.loadObjects(ofClass: UIImage) { images in self.image = images.first }
            }
          }
        }
      }
      """
    #expect(checkSource(source).0.diagnostics.map(\.message) == [])
    // An app's own `view` is what `self.view` reaches, in a handler and in a function.
    let named = "app A { var view = 3\nlabel l { dropInteraction { func performDrop(session) { self.view = 4 } } }\n"
      + "func f() { self.view = 5 } }"
    #expect(checkSource(named).0.diagnostics.map(\.message) == [])
  }

  @Test func aTablesAutomaticIntentGetsNoFixItIntoACollectionProposal() {
    let source = """
      app A {
        collectionView shelf { frame = Rect(0, 100, 100, 100)
          dataSource { func numberOfItemsInSection(section) { 1 }
            func cellForItemAt(indexPath) { UICollectionViewCell(text: "x") } }
          dropDelegate {
            func dropSessionDidUpdate(session, destinationIndexPath) {
              UITableViewDropProposal(operation: .move, intent: .automatic)
            }
            func performDropWith(coordinator) { } } }
      }
      """
    let (result, _, _) = checkSource(source)
    #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
    #expect(result.diagnostics.first?.fixIts.isEmpty == true)
  }

  /// A value's property assigned through a `let`: the fix-it makes it a
  /// `var`, and the source then checks; an object's is assignable as it is.
  @Test func aConstantValuesPropertyOffersVar() throws {
    let source = "let origin = CGPoint(x: 0, y: 0)\norigin.x = 5\nlet v = UIView()\nv.alpha = 0.5"
    let (result, file, _) = checkSource(source)
    #expect(result.diagnostics.map(\.id) == ["memberOfConstantValue"])
    let fixIt = try #require(result.diagnostics.first?.fixIts.first)
    #expect(fixIt.replacement == "var" && file.text(fixIt.range) == "let")
    #expect(result.diagnostics.first?.notes.first?.message == "'origin' is declared here")
    #expect(checkSource("var" + source.dropFirst(3)).result.diagnostics.isEmpty)
  }

  /// A branch that meant to answer with `.copy` alone: the fix-it returns
  /// the proposal the handler must answer with, since 'return .copy' would
  /// be refused in turn; and the fixed source checks.
  @Test func aDroppedOperationIsReturnedWrapped() throws {
    let source =
      "app A { view v { dropInteraction {\nfunc sessionDidUpdate(s) {\nif s.items.count > 1 { .copy }\n"
      + "return UIDropProposal(operation: .cancel) }\nfunc performDrop(s) { } } } }"
    let (result, file, _) = checkSource(source)
    #expect(result.diagnostics.map(\.id) == ["valueUnused"])
    let fixIt = try #require(result.diagnostics.first?.fixIts.first)
    #expect(fixIt.replacement == "return UIDropProposal(operation: .copy)" && file.text(fixIt.range) == ".copy")
    #expect(result.diagnostics.first?.message.contains("(UIKit's method returns a UIDropProposal)") == true)
    let fixed = source.replacingOccurrences(of: "{ .copy }", with: "{ " + fixIt.replacement + " }")
    #expect(checkSource(fixed).result.diagnostics.isEmpty)
    // A value of the right type gets 'return' put before it, as before.
    let (plain, _, _) = checkSource(source.replacingOccurrences(of: ".copy", with: "UIDropProposal(operation: .copy)"))
    #expect(plain.diagnostics.first?.fixIts.first?.replacement == "return ")
  }

  @Test func assignmentToConstantOffersVar() {
    let (result, file, _) = checkSource("func f() {\n  let x = 1\n  x = 2\n}")
    let fixIt = result.diagnostics.first?.fixIts.first
    #expect(fixIt?.replacement == "var")
    #expect(fixIt.map { file.text($0.range) } == "let")
  }

  /// A top-level variable not declared yet (or the one being declared) is
  /// never the suggestion: using it is the next error.
  @Test func aVariableNotDeclaredYetIsNotSuggested() {
    let (own, _, _) = checkSource("let x = y")
    #expect(own.diagnostics.map(\.message) == ["cannot find 'y' in scope"])
    let (later, _, _) = checkSource("print(valeu)\nlet value = 1")
    #expect(later.diagnostics.map(\.message) == ["cannot find 'valeu' in scope"])
    let (earlier, _, _) = checkSource("let value = 1\nprint(valeu)")
    #expect(earlier.diagnostics.map(\.message) == ["cannot find 'valeu' in scope; did you mean 'value'?"])
  }

  /// SyntaxLimits.maxErrors holds for the checker as for the parser: the
  /// first hundred errors, then one saying it stopped (thousands of unknown
  /// names, each searched for a suggestion, once took minutes).
  @Test func theCheckerStopsAtTheErrorLimit() {
    let names = (0..<300).map { "let name\($0) = \($0)" }.joined(separator: "\n")
    let uses = (0..<300).map { "print(nmae\($0))" }.joined(separator: "\n")
    let (result, _, _) = checkSource(names + "\n" + uses)
    #expect(result.diagnostics.count == SyntaxLimits.maxErrors + 1)
    #expect(result.diagnostics.last?.id == "tooManyErrors")
    // Unknown members are reported once the whole script is read, in place: the same limit.
    let members = (0..<300).map { "let b\($0) = s.countt\($0)" }.joined(separator: "\n")
    let (memberResult, _, _) = checkSource("let s = \"abc\"\n" + members)
    #expect(memberResult.diagnostics.count == SyntaxLimits.maxErrors + 1)
    #expect(memberResult.diagnostics.last?.id == "tooManyErrors")
    let (mixed, _, _) = checkSource("let s = \"abc\"\n" + members.prefix(200) + "\n" + names + "\n" + uses)
    #expect(mixed.diagnostics.filter { $0.severity == .error }.count == SyntaxLimits.maxErrors + 1)
    #expect(mixed.diagnostics.last?.id == "tooManyErrors")
  }

  @Test(arguments: [
    "func f() { return g() }\nfunc g() { 1 }",
    inRoot("label a { dropInteraction { func performDrop(s) { b.text = \"x\" } } }\nlabel b { }"),
    "func f() { print(later) }\nvar later = 1",
    "scenario \"s\" { print(late) }\nvar late = 2",
    "let items = [1]\nfor i in items { print(i) }",
    "app A { view root { } }\nlongPress root\ndrag to root, Point(1, 2)\nrelease\nsettle",
    "func f(x) { if x > 1 { return 1 } else { return 2 } }",
    "func f(x) { guard x > 1 else { if x == 0 { return 0 } else { return 1 } }\nreturn x }",
    inRoot("label l { text = \"a\"\nisUserInteractionEnabled = true }"),
    "let p = UIDragItem(itemProvider: NSItemProvider(object: \"x\"))\nlet t = p as? UIDragItem",
    "var model = [[1]]\nmodel[0].append(2)",
    "app A { view root { } }\nfunc f() { root.frame.origin.x = 1 }",
    "let x = UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)",
    "let p = UIDropProposal(.copy)\nlet q = UIDropProposal(operation: .move)\nlet e = NSItemProvider()",
    inRoot("dropInteraction { func canHandle(s) { s.items.count == 1 }\nfunc sessionDidUpdate(s) { .copy == .move "
      + "? UIDropProposal(.copy) : UIDropProposal(operation: .forbidden) } }"),
    inRoot("dragInteraction { func itemsForBeginning(s) { [] } }"),
    "app A { view root { tableView t { dropDelegate {\n"
      + "func dropSessionDidUpdate(s, path) { UITableViewDropProposal(operation: .copy) } } } } }",
    // Views set up above, the view's own ancestors, and closures (which run later) are fine.
    inRoot("label b { text = \"B\" }\nlabel a { text = b.text\nalpha = root.alpha }"),
    inRoot("label a { dropInteraction { func performDrop(s) { a.text = b.text } } }\nlabel b { }"),
    inRoot("label a { tag = [1].map { n in b.tag + n }.count }\nlabel b { }"),
    inRoot("dropInteraction { func sessionDidUpdate(s) {\nlet p = UIDropProposal(.copy)\nreturn p } }"),
    "let r = Rect(0, 0, 1, 1)\nlet s = CGRect(origin: Point(), size: CGSize(width: 1, height: 2))\nlet z = Rect()",
    // A value dropped where it may act or be shown is not warned about: a
    // call (it may act), the top level and a scenario (the REPL shows it).
    "func g() { 1 }\nfunc f() {\n  print(0)\n  g()\n  [1, 2].reversed()\n}",
    "1 + 1\nscenario \"s\" {\n  2 + 2\n}",
    // An array made by Array(repeating:count:) holds its one element (it was refused as "a Array").
    inRoot("dragInteraction { func itemsForBeginning(s) {\n"
      + "Array(repeating: UIDragItem(itemProvider: NSItemProvider(object: \"x\")), count: 3) } }"),
  ])
  func validScriptsCheckClean(_ source: String) {
    let (result, _, parseErrors) = checkSource(source)
    #expect(parseErrors.isEmpty)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
  }
}

@Suite struct ConstantFixItTests {
  @Test func aGlobalConstantAlsoOffersVar() {
    let (result, file, _) = checkSource("let limit = 3\nlimit = 4")
    let fixIt = result.diagnostics.first?.fixIts.first
    #expect(fixIt?.replacement == "var")
    #expect(fixIt.map { file.text($0.range) } == "let")
  }
}
