import DndCheck
import DndSyntax
import Testing

/// Names resolve once, to frame slots, captures, globals or builtins.
@Suite struct ResolutionTests {
  /// The checked code of the global function `name` in `source`.
  func function(_ name: String, in source: String) -> String {
    let (result, _, _) = checkSource(source)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    guard let slot = result.program.globalSlot(named: name),
      let code = result.program.globalFunctions.first(where: { $0.slot == slot })?.code
    else { return "no function \(name)" }
    return dump(code)
  }

  @Test func parametersComeFirstThenLocals() {
    #expect(
      function("f", in: "func f(a, b) {\n  let c = a + b\n  return c\n}")
        == "[a,b frame 3 captures()] {declare(local 2, (+ local 0 local 1)); return local 2}")
  }

  @Test func siblingBlocksShareSlots() {
    #expect(
      function("f", in: "func f(x) {\n  if x { let a = 1 } else { let b = 2 }\n  let c = 3\n}")
        == "[x frame 2 captures()] {if {declare(local 1, 1)} else {declare(local 1, 2)}; declare(local 1, 3)}"
    )
  }

  @Test func aClosureCapturesByReferenceAndTheBlockClosesItsCells() {
    #expect(
      function("counter", in: "func counter() {\n  var n = 0\n  return { n += 1 }\n}")
        == "[ frame 1 captures()] {declare(local 0, 0); return closure [ frame 0 captures(local 0)] "
        + "{capture 0 += 1} captured≥0}")
  }

  @Test func capturesThreadThroughEveryFunctionInBetween() {
    #expect(
      function("f", in: "func f() {\n  var x = 1\n  return { { x } }\n}")
        == "[ frame 1 captures()] {declare(local 0, 1); return closure [ frame 0 captures(local 0)] "
        + "{return closure [ frame 0 captures(capture 0)] {return capture 0}} captured≥0}")
  }

  @Test func aLoopVariableCapturedIsFreshEachIteration() {
    #expect(
      function("f", in: "func f() {\n  var fs = []\n  for i in 0..<3 { fs.append({ i }) }\n}")
        == "[ frame 2 captures()] {declare(local 0, []); for 1 in 0..<3 {mutate local 0.#4(closure "
        + "[ frame 0 captures(local 1)] {return capture 0}) captured≥1}}")
  }

  @Test func globalsAndBuiltins() {
    let source = "var g = 1\nfunc f() { print(g) }"
    #expect(function("f", in: source) == "[ frame 0 captures()] {return print(global 0)}")
  }

  @Test func aGlobalDeclaredLaterIsCheckedAtRunTime() {
    #expect(
      function("f", in: "func f() { later }\nvar later = 1") == "[ frame 0 captures()] {return global? 1}")
  }

  @Test func localFunctionsAreHoistedToTheirBlock() {
    #expect(
      function("f", in: "func f() {\n  return g()\n  func g() { 1 }\n}")
        == "[ frame 1 captures()] {func 0 [ frame 0 captures()] {return 1}; return call local 0()}")
  }

  @Test func aCallOfAKnownGlobalFunctionIsDirect() {
    #expect(
      function("f", in: "func f() { g(1) }\nfunc g(x) { x }")
        == "[ frame 0 captures()] {return call global 1(1)}")
  }

  /// Swift finds `.now()` and `.seconds(1)` on `asyncAfter`'s deadline
  /// type; the checker names `DispatchTime` itself. Other implicit members
  /// stay enum cases.
  @Test func implicitTimeCallsNameDispatchTime() {
    #expect(
      function("f", in: "func f() { (.now() + .seconds(1), .copy) }")
        == "[ frame 0 captures()] {return ((+ DispatchTime.\(Symbol(.now))() DispatchTime.\(Symbol(.seconds))(1)), "
        + ".\(Symbol(.copy)))}")
  }

  @Test func mutatingMethodsGoThroughAPath() {
    #expect(
      function("f", in: "var model = [[1]]\nfunc f() { model[0].append(2) }")
        == "[ frame 0 captures()] {return mutate global 0[0].#4(2)}")
  }

  @Test func selfInAHandlerIsTheEnclosingView() {
    let (result, _, _) = checkSource(
      "app A { view root { label l { dropInteraction { "
        + "func performDrop(session) { self.text = \"x\" } } } } }"
    )
    #expect(result.diagnostics.isEmpty)
    guard case .view(let root)? = result.program.apps.first?.members.first,
      case .view(let label)? = root.members.first,
      case .interaction(let interaction)? = label.members.first,
      let handler = interaction.handlers.first
    else {
      Issue.record("no handler")
      return
    }
    #expect(handler.method.uikitName == "dropInteraction(_:performDrop:)")
    #expect(label.slot == result.program.globalSlot(named: "l"))
    #expect(dump(handler.function.body) == "{global \(label.slot).#\(Symbol(.text).raw) = \"x\"}")
  }

  /// `self.name` in a handler is the app's `name` when the view has no such
  /// member (the lecture's `self.emojis`), even under a local of that name;
  /// the view's own members stay the view's.
  @Test func selfInAHandlerReachesTheAppsMembers() {
    let (result, _, _) = checkSource(
      "app A { var n = 0\nfunc bump() { n += 1 }\nview root { label l { dropInteraction { "
        + "func performDrop(session) { let n = 5\nself.n = n\nself.n += 1\nself.bump()\nself.text = \"x\" } } } } }"
    )
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    guard case .view(let root)? = result.program.apps.first?.members.last,
      case .view(let label)? = root.members.first,
      case .interaction(let interaction)? = label.members.first,
      let handler = interaction.handlers.first,
      let n = result.program.globalSlot(named: "n"), let bump = result.program.globalSlot(named: "bump")
    else {
      Issue.record("no handler")
      return
    }
    #expect(
      dump(handler.function.body)
        == "{declare(local 1, 5); global \(n) = local 1; global \(n) += 1; call global \(bump)(); "
        + "global \(label.slot).#\(Symbol(.text).raw) = \"x\"}")
  }

  @Test func memberNamesAreInternedOnce() {
    let (result, _, _) = checkSource("let a = [1]\nprint(a.count, a.myField, a.myField)")
    let symbols = result.program.symbols
    #expect(symbols.lookup("count") == Symbol(.count))
    let custom = symbols.lookup("myField")
    #expect(custom.map { Int($0.raw) >= KnownMember.allCases.count } == true)
    #expect(symbols.names.filter { $0 == "myField" }.count == 1)
  }

  /// The checker works on any tree, not only what the parser builds.
  @Test func aHandBuiltTreeResolves() {
    let file = SourceFile(name: "built.dnd", text: "")
    let r = SourceRange.none
    func name(_ text: String) -> Name { Name(text, range: r) }
    let declaration = VarDecl(
      isConstant: false, name: name("total"), type: nil, initializer: Expr(.integer(1), range: r), range: r)
    let use = Expr(
      .call(
        callee: Expr(.identifier("print"), range: r),
        arguments: [Argument(label: nil, value: Expr(.identifier("total"), range: r))]), range: r)
    let script = Script(
      items: [
        .statement(Stmt(.variable(declaration), range: r)), .statement(Stmt(.expression(use), range: r)),
      ], file: 0)
    let result = Checker.check(script, file: file)
    #expect(result.diagnostics.isEmpty)
    #expect(dump(result.program.main.body) == "{declare(global 0, 1); print(global 0)}")
    #expect(result.program.globals.map(\.name) == ["total"])
  }

  @Test func aREPLInputSeesTheGlobalsOfEarlierOnes() {
    let first = checkSource("var count = 1").result
    let file = SourceFile(name: "<repl:2>", text: "count += 1\nlet other = count", id: 1)
    let parsed = Parser.parse(file)
    let second = Checker.check(parsed.script, file: file, continuing: first.program)
    #expect(second.diagnostics.isEmpty)
    #expect(dump(second.program.main.body) == "{global 0 += 1; declare(global 1, global 0)}")
  }
}
