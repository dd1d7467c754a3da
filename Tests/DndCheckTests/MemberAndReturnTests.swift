import DndCheck
import DndSyntax
import Testing

/// Member names no type has (`unknownMemberName`), members a handler's
/// session lacks (`memberNotOnType`), and bodies that can end without the
/// value they owe (`missingReturn`, `missingHandlerReturn`).
@Suite struct MemberAndReturnTests {
  static func inRoot(_ body: String) -> String { CheckDiagnosticTests.inRoot(body) }

  /// A handler `function` in a `block` of a label `target`.
  static func handler(_ block: String, _ function: String) -> String {
    inRoot("label target { \(block) {\n\(function)\n} }")
  }

  static let members: [DiagnosticCase] = [
    .init("unknownMemberName", "var items = [1]\nitems.1️⃣apend(2)"),
    // A local's or a top-level variable's name is no member: a local `index`
    // made `array.index(of:)` pass the check, to fail mid-scenario.
    .init("unknownMemberName", "let a = [1]\nfunc f() { let slot = 1; print(slot) }\nprint(a.1️⃣slot(of: 1))"),
    .init("unknownMemberName", "let slot = 1\nprint([1].1️⃣slot(of: 1))"),
    .init("unknownMemberName", "let s = \"a\"\nprint(s.1️⃣cout)"),
    .init("unknownMemberName", "let n = 1\nprint(n.description.1️⃣lenght)"),
    .init("unknownMemberName", "app A { view root { } }\nfunc f() { root.1️⃣txet = \"a\" }"),
    .init("unknownMemberName", "func f(x) { x?.1️⃣itmes.count }"),
    .init("unknownMemberName", "var m = [[1]]\nm[0].1️⃣apend(2)"),
    .init("unknownMemberName", "let f = { (s: String) in s.1️⃣uppercase() }"),
    // Used before the member is known: the check waits for the whole script.
    .init("unknownMemberName", "func f() { print(A.1️⃣modle) }\napp A { var model = 1 }"),
    .init("unknownMemberName", "source S { item photo { return 1 } }\nscenario \"s\" { longPress S.1️⃣phot }"),
    .init("unknownMemberName", handler("dropInteraction", "func performDrop(session) { self.1️⃣txt = \"a\" }")),
    .init(
      "unknownMemberName",
      handler("dropInteraction", "func canHandle(session) { session.1️⃣localDragSesion != nil }")),
    // A handler's session has only its own type's members.
    .init(
      "memberNotOnType", handler("dropInteraction", "func canHandle(session) { session.1️⃣localObject != nil }")),
    .init(
      "memberNotOnType",
      handler("dropInteraction", "func performDrop(session) { let f = { session.1️⃣localContext }\nf() }")),
    .init("memberNotOnType", handler("dropInteraction", "func performDrop(s) { s.1️⃣isSameView = true }")),
    .init(
      "memberNotOnType",
      handler(
        "dragInteraction", "func itemsForBeginning(session) { print(session.1️⃣progress)\nreturn [] }")),
    .init(
      "memberNotOnType",
      handler(
        "dragInteraction",
        "func willEndWith(session, operation) { session.1️⃣loadObjects(ofClass: String.self) { s in } }")),
    .init(
      "memberNotOnType",
      inRoot(
        "tableView list { dropDelegate { func dropSessionDidEnter(session) { "
          + "print(session.1️⃣localContext) } } }")),
  ]

  static let returns: [DiagnosticCase] = [
    .init("missingReturn", "func count() -> Int {\n  let n = 1\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  if x > 0 { return 1 }\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  if x > 0 { return 1 } else if x < 0 { return 2 }\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  for i in 0..<3 { return i }\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  while x > 0 { return 1 }\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  while true { if x > 0 { break } }\n1️⃣}"),
    .init("missingReturn", "func f(x) -> Int {\n  while true { guard x > 0 else { break }\nreturn x }\n1️⃣}"),
    .init("missingReturn", "func f() -> [String: Int]? {\n1️⃣}"),
    .init("missingReturn", "func f(x) -> String {\n  if x { \"yes\" } else { \"no\" }\n1️⃣}"),
    .init("missingReturn", "func outer() {\n  func inner() -> Int {\n    print(1)\n    print(2)\n  1️⃣}\n}"),
    .init("missingReturn", "app A { func total() -> Int {\n  let n = 1\n1️⃣} }"),
    .init("missingReturn", "let f = { (x: Int) -> Int in\n  print(x)\n  print(x)\n1️⃣}"),
    .init(
      "missingHandlerReturn",
      handler("dropInteraction", "func canHandle(session) {\nif session.items.count > 0 { return true }\n1️⃣}")),
    .init("missingHandlerReturn", handler("dropInteraction", "func sessionDidUpdate(session) {\n1️⃣}")),
    .init(
      "missingHandlerReturn",
      handler("dragInteraction", "func itemsForBeginning(session) {\nlet items = [1]\n1️⃣}")),
    .init(
      "missingHandlerReturn",
      inRoot("tableView list { dataSource { func numberOfRowsInSection(section) {\nlet rows = [1]\n1️⃣} } }")),
  ]

  @Test(arguments: members + returns)
  func diagnostic(_ testCase: DiagnosticCase) {
    let (text, offset) = unmark(testCase.source)
    let (result, file, parseErrors) = checkSource(text)
    #expect(parseErrors.isEmpty, "\(parseErrors.map(\.message))")
    let found = result.diagnostics.map { "\($0.id)@\(file.location(of: Int($0.range.start)))" }
    #expect(found == ["\(testCase.id)@\(file.location(of: offset ?? 0))"])
  }

  /// What is not reported: every member something answers, and bodies that
  /// cannot reach their end.
  @Test(arguments: [
    // The script's own names are members of its apps and sources.
    "app A { var model = [1]\nfunc f() { print(self.model.count, A.model) } }",
    "func f() { print(A.later) }\napp A { var later = 1 }",
    "app A { view root { label l { } } }\nprint(A.l.text ?? \"\", A.root.subviews.count)",
    "source S { item photo { return 1 } }\nscenario \"s\" { longPress S.photo }",
    inRoot("label l { dropInteraction { func performDrop(s) { self.text = \"a\"\nprint(self.l) } } }"),
    // Labels the runtime gives tuples, UserDefaults' accessors, `.self`, tuple elements.
    "for p in [1].enumerated() { print(p.offset, p.element) }\nfor e in [\"a\": 1] { print(e.key, e.value) }",
    "let d = UserDefaults.standard\nprint(d.integer(forKey: \"n\"), d.bool(forKey: \"b\"), d.synchronize())",
    "d()\nfunc d() { UserDefaults.standard.removeObject(forKey: \"n\")\n"
      + "print(UserDefaults.standard.array(forKey: \"a\")) }",
    "let t = UIImage.self\nlet pair = (1, 2)\nprint(pair.0 + pair.1)",
    // Implicit members are a script's own values too.
    "var state = .idle\nif state == .idle { state = .busy }",
    // An app's or a source's own names are members (not checked further).
    "app A { var anything = 1 }\nfunc f(x) { print(x.anything) }",
    "source S { func anything() { } }\nfunc f(x) { x.anything() }",
    // A handler's session, with its own members, or shadowed.
    inRoot(
      "label l { dropInteraction { func canHandle(session) { session.canLoadObjects(ofClass: String.self) }\n"
        + "func sessionDidUpdate(session) {\nprint(session.localDragSession?.localContext ?? \"\", "
        + "session.location(in: l), session.items.count, session.description)\n"
        + "session.progressIndicatorStyle = .none\nreturn UIDropProposal(operation: .copy) } } }"),
    inRoot(
      "label l { dragInteraction { func itemsForBeginning(session) {\nsession.localContext = 1\n"
        + "let session = [1]\nprint(session.count)\nreturn [] } } }"),
    inRoot(
      "label l { dropInteraction { func performDrop(session) { let f = { session in session.count }\nf([1]) } } }"),
    // Every path returns, or never ends.
    "func f(x) -> Int { x + 1 }",
    // A single expression is returned, whatever it gives (print's nil here).
    "func f() -> Int {\n  print(1)\n}",
    "func f(x) -> Int {\n  if x > 0 { return 1 } else { return 2 }\n}",
    "func f(x) -> Int {\n  if x > 0 { return 1 } else if x < 0 { return 2 } else { return 0 }\n}",
    "func f(x) -> Int? {\n  guard x > 0 else { return nil }\n  return x\n}",
    "func f(x) -> Int {\n  guard x > 0 else { return 0 }\n  print(x)\n  return x\n}",
    "func f(x) -> Int {\n  while true { if x > 0 { return 1 } }\n}",
    "func f(x) -> Int {\n  while (true) { for i in 0..<3 { if i == x { break } } }\n}",
    "func f(x) -> Int {\n  while true { let g = { for i in 0..<1 { break } } }\n}",
    "func f(x) -> Int {\n  if true { return 1 }\n}",
    "func f(x) -> Int {\n  guard false else { return 1 }\n}",
    "func f() -> Void {\n  print(1)\n  print(2)\n}",
    "func f() {\n  print(1)\n}",
    "let f = { (x: Int) -> Int in x + 1 }",
    "let f = { (x: Int) in\n  print(x)\n  print(x)\n}",
    // A handler that owes nothing, or may answer nil.
    inRoot("label l { dropInteraction { func performDrop(session) {\nprint(1)\nif true { return }\n} } }"),
    inRoot(
      "label l { dragInteraction { func previewForLifting(item, session) {\nprint(1)\n"
        + "if item.localObject == nil { return nil }\n} } }"),
    inRoot("label l { dropInteraction { func canHandle(session) {\nprint(1)\nreturn true\n} } }"),
  ])
  func validScriptsCheckClean(_ source: String) {
    let (result, _, parseErrors) = checkSource(source)
    #expect(parseErrors.isEmpty, "\(parseErrors.map(\.message))")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
  }

  // MARK: - Messages

  @Test func anUnknownMemberSuggestsTheClosestKnownOne() {
    let (result, file, _) = checkSource(
      Self.handler("dropInteraction", "func canHandle(session) { session.localDragSesion != nil }"))
    let diagnostic = result.diagnostics.first
    #expect(
      diagnostic?.message == "no type dnd knows has a member 'localDragSesion'; did you mean 'localDragSession'?")
    #expect(diagnostic?.fixIts.first?.replacement == "localDragSession")
    #expect(diagnostic?.fixIts.first.map { file.text($0.range) } == "localDragSesion")
  }

  @Test func anUnknownMemberMaySuggestTheScriptsOwnName() {
    let (result, _, _) = checkSource("app A { var emojis = [\"a\"] }\nfunc f() { print(A.emojsi) }")
    #expect(result.diagnostics.first?.message == "no type dnd knows has a member 'emojsi'; did you mean 'emojis'?")
  }

  /// An argument label is no member to suggest (`foo` was told "did you
  /// mean 'for'", `fo` "'of'"); `self` and `init` are members.
  @Test func anUnknownMemberIsNoTypoOfAnArgumentLabel() {
    let (foo, _, _) = checkSource("let a = [1]\nprint(a.foo(of: 1))")
    #expect(foo.diagnostics.first?.message == "no type dnd knows has a member 'foo'")
    let (fo, _, _) = checkSource("let a = [1]\nprint(a.fo(of: 1))")
    #expect(fo.diagnostics.first?.message.hasSuffix("did you mean 'of'?") == false)
    let (result, _, _) = checkSource("let t = String.slef")
    #expect(result.diagnostics.first?.message.hasSuffix("did you mean 'self'?") == true)
  }

  @Test func aMemberOfAnotherTypeNamesTheSessionsType() {
    let (result, _, _) = checkSource(
      Self.handler("dropInteraction", "func performDrop(session) { print(session.localContext) }"))
    // `localContext` is the drag session's, not a typo: the drop session
    // reaches it through its local drag session, as the reference says.
    #expect(
      result.diagnostics.map(\.message) == [
        "value of type 'UIDropSession' has no member 'localContext'; did you mean 'localDragSession?.localContext'?"
      ])
    let (other, _, _) = checkSource(
      Self.handler("dropInteraction", "func performDrop(session) { print(session.localObject) }"))
    #expect(other.diagnostics.map(\.message) == ["value of type 'UIDropSession' has no member 'localObject'"])
  }

  /// One letter from one of the session's own members is a typo, even when
  /// another type has that member: a provider's `canLoadObject`.
  @Test(arguments: [
    ("dropInteraction", "func canHandle(session) { session.canLoadObject(ofClass: String) }", "canLoadObjects"),
    ("dropInteraction", "func performDrop(session) { session.loadObject(ofClass: String) { s in } }", "loadObjects"),
    ("dragInteraction", "func itemsForBeginning(session) {\nprint(session.item)\nreturn [] }", "items"),
  ])
  func aMemberOneLetterFromTheSessionsIsSuggested(block: String, body: String, meant: String) throws {
    let (result, _, _) = checkSource(Self.handler(block, body))
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.message.hasSuffix("; did you mean '\(meant)'?"), "\(diagnostic.message)")
    #expect(diagnostic.fixIts.map(\.replacement) == [meant])
  }

  /// Swift 5.9 takes an `if` whose branches end in values as the value of
  /// a body; dnd does not, and the missing return says why.
  @Test func anIfUsedAsAValueGetsANote() {
    let source = "func pick(_ a: Bool) -> Int {\n  if a {\n    1\n  } else {\n    2\n  }\n}"
    let (result, _, _) = checkSource(source)
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.message.hasPrefix("missing return in function 'pick'") == true)
    let note = diagnostic?.notes.last
    #expect(note?.message.contains("an 'if' is a statement in dnd, not an expression") == true, "\(result.diagnostics)")
    // At the `if`: after the first line and its two spaces of indentation.
    #expect(note?.range.map { Int($0.start) } == "func pick(_ a: Bool) -> Int {\n  ".utf8.count)
  }

  @Test func aMissingReturnSaysWhatToAddAndPointsAtTheType() {
    let (result, file, _) = checkSource("func count() -> Int {\n  let n = 1\n}")
    let diagnostic = result.diagnostics.first
    #expect(
      diagnostic?.message
        == "missing return in function 'count' expected to return 'Int'; add 'return' with a value before "
        + "its closing brace")
    #expect(diagnostic.map { file.text($0.range) } == "}")
    #expect(diagnostic?.notes.first?.message == "'count' is declared to return 'Int' here")
    #expect(diagnostic?.notes.first?.range.map { file.text($0) } == "Int")
  }

  @Test func aHandlerMissingItsAnswerNamesUIKitsMethod() {
    let (result, _, _) = checkSource(
      Self.handler("dropInteraction", "func canHandle(session) {\nprint(1)\nprint(2)\n}"))
    #expect(
      result.diagnostics.map(\.message) == [
        "'canHandle' must return a Bool (UIKit's dropInteraction(_:canHandle:)), but it can reach its end "
          + "without a 'return'; add 'return' with a Bool before its closing brace"
      ])
  }

  /// The choice for handlers, over the whole catalogue: a body that can
  /// end without a value is an error where the binding requires a value
  /// (Swift would not compile it, and the run would stop on the nil), and
  /// is accepted where UIKit's method returns an optional, whose nil the
  /// binding reads as UIKit's answer (no preview, default parameters, no
  /// session), and where it returns nothing.
  @Test(arguments: DelegateCatalogue.methods)
  func aHandlerEndingWithoutAValueIsReportedOnlyWhereOneIsRequired(_ method: DelegateMethod) throws {
    let parameters = method.parameters.joined(separator: ", ")
    let function = "func \(method.name)(\(parameters)) {\nprint(1)\nprint(2)\n}"
    let body = method.interaction.map { "\($0.rawValue) {\n\(function)\n}" } ?? function
    let view = try #require(method.viewKinds.first)
    let (checked, _, _) = checkSource("app A { view root { \(view.rawValue) target { \(body) } } }")
    // A collection view's move methods also warn that drops never call them (HandlerNameTests).
    let diagnostics = checked.diagnostics.filter { $0.id != "interactiveMovementOnly" }
    switch method.result {
    case .required(let expected):
      #expect(diagnostics.map(\.id) == ["missingHandlerReturn"], "\(method.uikitName)")
      #expect(diagnostics.first?.message.contains("must return \(expected)") == true)
    case .optional, .void:
      #expect(diagnostics.isEmpty, "\(method.uikitName): \(diagnostics.map(\.message))")
    }
  }

  /// The methods whose answer the binding requires, as it words them.
  @Test func theRequiredAnswersAreTheBindings() {
    let required = DelegateCatalogue.methods.compactMap { method -> String? in
      if case .required(let expected) = method.result { return "\(method.uikitName): \(expected)" }
      return nil
    }
    #expect(required.count == 33, "\(required)")
    #expect(required.contains("dropInteraction(_:sessionDidUpdate:): a UIDropProposal"))
    let proposal = "collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:): a UICollectionViewDropProposal"
    #expect(required.contains(proposal))
    #expect(required.contains("textDroppableView(_:willBecomeEditableForDrop:): .no, .temporary or .yes"))
    let optional = DelegateCatalogue.methods.filter { if case .optional = $0.result { true } else { false } }
    #expect(
      Set(optional.map(\.name)) == [
        "previewForLifting", "previewForCancelling", "previewForDropping", "sessionForAddingItems",
        "dragPreviewParametersForRowAt", "dragPreviewParametersForItemAt", "dropPreviewParametersForRowAt",
        "dropPreviewParametersForItemAt",
      ])
  }

  // MARK: - Order and sessions

  /// A member is checked when the whole script is known, but its error
  /// takes its place among the others, in the order of the script.
  @Test func memberErrorsKeepTheScriptsOrder() {
    let (result, _, _) = checkSource("print(a)\nvar items = [1]\nitems.apend(1)\nprint(b)")
    #expect(result.diagnostics.map(\.id) == ["unknownName", "unknownMemberName", "unknownName"])
  }

  /// In the REPL, a later input may use the members of earlier ones.
  @Test func aLaterInputSeesTheMembersOfEarlierOnes() {
    let first = SourceFile(
      name: "1", text: "source S { item photo { return 1 } }\napp A { var model = 1 }", id: SourceFile.ID(1))
    let checked = Checker.check(Parser.parse(first).script, file: first)
    #expect(checked.diagnostics.isEmpty)
    let second = SourceFile(name: "2", text: "print(S.photo, A.model)\nprint(A.modle)", id: SourceFile.ID(2))
    let next = Checker.check(Parser.parse(second).script, file: second, continuing: checked.program)
    #expect(next.diagnostics.map(\.message) == ["no type dnd knows has a member 'modle'; did you mean 'model'?"])
  }
}
