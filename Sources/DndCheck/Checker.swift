import DndSyntax

/// The checker: resolves every name of a script once and checks what can be
/// checked without running it.
///
/// It works in two passes. The first collects the global namespace (top-level
/// declarations, every app's views, variables and functions, every source),
/// so that functions and views can be used before the line declaring them.
/// The second walks the script in order, resolving names to slots, checking
/// handler names against UIKit's delegate protocols and view properties
/// against the catalogue, and building the resolved tree (`CheckedProgram`).
/// On the way it notes every member name, checked at the end against every
/// member anything has (Checker+Members), and reports bodies that can end
/// without the value they owe (Checker+Returns).
///
/// It never stops at the first error: a broken part is reported, left out of
/// the tree, and checking goes on, so one run reports every mistake it can.
public struct Checker {
  /// Checks a whole script.
  public static func check(_ script: Script, file: SourceFile) -> CheckResult {
    var checker = Checker(file: file, previous: nil)
    return checker.run(script)
  }

  /// Checks one more input of a session (the REPL): the globals and symbols
  /// of `previous` stay visible, and new globals get the slots after them.
  public static func check(_ script: Script, file: SourceFile, continuing previous: CheckedProgram)
    -> CheckResult
  {
    var checker = Checker(file: file, previous: previous)
    return checker.run(script)
  }

  // MARK: - State

  let file: SourceFile
  var diagnostics: [Diagnostic] = []
  var errorCount = 0
  var symbols: SymbolTable
  var device: Device = .iPad
  var systemVersion: Int?
  var deviceRange: SourceRange?
  var globals: [GlobalInfo]
  var globalIndex: [String: Int] = [:]
  /// Whether the declaration of each global has been passed in script order.
  var globalDeclared: [Bool]
  /// Parameter names of global functions, for arity checks.
  var globalParameters: [Int: [String]] = [:]
  /// `func dragItems(at indexPath)`: each label a declaration wrote, refused
  /// there, so that a call written with it (`dragItems(at: path)`) is not
  /// reported a second time.
  var refusedLabels: Set<RefusedLabel> = []
  /// Which parameters of each global function are declared fractional
  /// (`Double`, ...), and which global variables are (Checker+LiteralTypes).
  var fractionalParameters: [Int: [Bool]] = [:]
  var fractionalGlobals: Set<Int> = []
  /// Globals declared an optional string, array or dictionary.
  var optionalCollectionGlobals: Set<Int> = []
  /// The slot of each global declaration, keyed by the start of its name.
  var slotOfDeclaration: [UInt32: Int] = [:]
  var globalFunctions: [GlobalFunction] = []
  /// The `let` keyword of each global constant, for the "use 'var'" fix-it.
  var letKeywords: [Int: SourceRange] = [:]
  /// The slot of each hoisted local function, keyed by the start of its name.
  var localFunctionSlots: [UInt32: Int] = [:]
  /// The hidden global functions computing each function's default values,
  /// keyed by the start of its declaration (Checker+DefaultValues.swift).
  var defaultValueSlots: [UInt32: [Int?]] = [:]
  var apps: [CheckedApp] = []
  var sources: [CheckedSource] = []
  /// Each source app's item names, from pass one (a step may name one
  /// before the source is declared).
  var sourceItems: [String: Set<String>] = [:]
  var scenarios: [CheckedScenario] = []
  /// Each scenario title's first declaration, by title (a script may have thousands).
  var scenarioByTitle: [String: Int] = [:]
  /// Distinct string literals, and the index of each.
  var stringLiterals: [String]
  var literalIndex: [String: Int] = [:]
  /// The functions being checked; `[0]` is the top level.
  var functions: [FunctionContext]
  /// The local an assignment being checked gives its first value
  /// (`declarationInitialized(by:op:)`): its target is not a read of it.
  var initializingDeclaration: SourceRange?
  /// The local a plain assignment (`name = value`) being checked assigns.
  var assignedDeclaration: SourceRange?
  /// The local functions whose bodies are being checked, innermost last,
  /// with the index of the function declaring each.
  var checkingLocalFunctions: [(owner: Int, declaration: SourceRange)] = []
  /// The locals already reported as read before they have a value: one
  /// error each is enough.
  var reportedBeforeValue: Set<SourceRange> = []
  /// The globals of earlier REPL inputs, which a new input may redeclare.
  let previousGlobalCount: Int
  /// Whether this is a REPL input after the first (the session's scene exists).
  let continuesEarlierInput: Bool
  /// The names the script declares besides its globals (items,
  /// interactions, tuple labels, a source's variables and functions): with
  /// the apps' globals and the scene's (views, apps, sources), the members
  /// the runtime may resolve by the script's own names. Not locals nor
  /// top-level variables: a local named `index` made `array.index(of:)`
  /// pass the check. Kept in a list, not
  /// hashed: only a script using a member no type has needs them searched.
  /// See Checker+Members.
  var declaredNames: [String] = []
  /// How many symbols earlier REPL inputs interned: their member names.
  let previousSymbolCount: Int
  /// How many of the functions being checked have a parameter with a
  /// `ReceiverType` (a handler's session): member checks look a receiver
  /// up only while one does.
  var typedFunctionDepth = 0
  /// Member names written after a dot, checked once the whole script has
  /// been read (a member may name something declared further on).
  var memberUses: [MemberUse] = []
  /// The variables mutating methods being checked have to themselves
  /// while they call a closure argument (Checker+Exclusivity).
  var exclusiveAccesses: [ExclusiveAccess] = []
  /// `expect [not] called` steps, checked once the whole script has been
  /// read (a scenario may come before the views it names).
  var callExpectations: [CallExpectation] = []

  init(file: SourceFile, previous: CheckedProgram?) {
    self.file = file
    self.symbols = previous?.symbols ?? SymbolTable()
    self.device = previous?.device ?? .iPad
    self.systemVersion = previous?.systemVersion
    self.globals = previous?.globals ?? []
    self.stringLiterals = previous?.stringLiterals ?? []
    for (index, text) in stringLiterals.enumerated() { literalIndex[text] = index }
    self.globalDeclared = Array(repeating: true, count: globals.count)
    self.previousGlobalCount = globals.count
    self.continuesEarlierInput = previous != nil
    for (slot, global) in globals.enumerated() {
      globalIndex[global.name] = slot
      if global.kind == .function { globalParameters[slot] = global.parameters }
    }
    self.previousSymbolCount = symbols.names.count
    self.functions = [FunctionContext(name: "top level", kind: .main, selfSlot: nil)]
  }

  // MARK: - Running

  mutating func run(_ script: Script) -> CheckResult {
    collectGlobals(script.items)
    var statements: [CheckedStmt] = []
    for item in script.items {
      switch item {
      case .device(let decl): checkDevice(decl)
      case .app(let decl): statements.append(checkApp(decl))
      case .source(let decl): statements.append(checkSource(decl))
      case .scenario(let decl): checkScenario(decl)
      case .statement(let stmt): if let checked = checkStatement(stmt) { statements.append(checked) }
      }
    }
    reportUnknownMembers()
    reportCallsNeverTraced()
    let top = functions[0]
    let end = SourceRange(file: file.id, start: file.bytes.count, end: file.bytes.count)
    let main = FunctionCode(
      name: "top level", kind: .main, parameterNames: [], frameSize: top.frameSize, captures: [],
      body: CheckedBlock(statements: statements),
      range: SourceRange(file: file.id, start: 0, end: 0).union(end))
    let program = CheckedProgram(
      device: device, systemVersion: systemVersion, symbols: symbols, globals: globals,
      globalFunctions: globalFunctions, main: main,
      apps: apps, sources: sources, scenarios: scenarios, stringLiterals: stringLiterals)
    return CheckResult(program: program, diagnostics: inSourceOrder(diagnostics))
  }

  /// Later passes (member names, `expect called`, handler names) report after
  /// the statements that follow them; the user reads the file top down, so the
  /// diagnostics are put in the order of their places. The sort is stable:
  /// two at one place keep the order they were found in.
  func inSourceOrder(_ found: [Diagnostic]) -> [Diagnostic] {
    found.enumerated().sorted { a, b in
      let (x, y) = (a.element.range, b.element.range)
      if x.file != y.file { return x.file < y.file }
      return x.start != y.start ? x.start < y.start : a.offset < b.offset
    }.map(\.element)
  }

  // MARK: - Diagnostics

  /// Adds a diagnostic. Past `SyntaxLimits.maxErrors` errors in one input,
  /// as the parser does, the rest are dropped with one that says so: a
  /// script with thousands of mistakes gets the first hundred.
  mutating func report(
    _ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic.Note] = [],
    fixIts: [Diagnostic.FixIt] = []
  ) {
    guard !hasTooManyErrors else { return }
    if message.severity == .error {
      errorCount += 1
      if errorCount > SyntaxLimits.maxErrors {
        diagnostics.append(Diagnostic(.tooManyErrors, at: range))
        return
      }
    }
    diagnostics.append(Diagnostic(message, at: range, notes: notes, fixIts: fixIts))
  }

  /// Whether the error limit was passed: work done only to word a message
  /// (a "did you mean" search) is skipped.
  var hasTooManyErrors: Bool { errorCount > SyntaxLimits.maxErrors }

  /// A note pointing at an earlier declaration, with its line.
  func firstDeclaredNote(_ name: String, at range: SourceRange) -> Diagnostic.Note {
    let line = file.location(of: Int(range.start)).line
    return Diagnostic.Note("'\(name)' was first declared here, on line \(line)", at: range)
  }

  /// A fix-it replacing `range` with `suggestion`, when there is one.
  func replacement(_ range: SourceRange, with suggestion: String?) -> [Diagnostic.FixIt] {
    suggestion.map { [Diagnostic.FixIt(range: range, replacement: $0)] } ?? []
  }

  // MARK: - Globals

  /// Adds a global, reporting a clash with an earlier one.
  @discardableResult
  mutating func declareGlobal(_ name: Name, kind: GlobalInfo.Kind, app: String? = nil) -> Int {
    // A REPL input may redeclare a global of an earlier input; within one
    // input a second declaration is an error.
    if let existing = globalIndex[name.text], existing < previousGlobalCount, kind.isPartOfScene,
      globals[existing].kind.isPartOfScene
    {
      report(.sceneAlreadyHas(name.text, what: globals[existing].kind.phrase), at: name.range)
    } else if let existing = globalIndex[name.text], existing >= previousGlobalCount {
      let first = globals[existing]
      if let firstApp = first.app, let app, firstApp != app {
        report(
          .duplicateDeclarationAcrossApps(name.text, first: firstApp, second: app), at: name.range,
          notes: [firstDeclaredNote(name.text, at: first.range)])
      } else {
        report(
          .duplicateDeclaration(name.text), at: name.range,
          notes: [firstDeclaredNote(name.text, at: first.range)])
      }
      // A slot of its own keeps the rest of the tree consistent.
      let slot = appendGlobal(GlobalInfo(name: name.text, kind: kind, range: name.range, app: app))
      slotOfDeclaration[name.range.start] = slot
      return slot
    }
    let slot = appendGlobal(GlobalInfo(name: name.text, kind: kind, range: name.range, app: app))
    globalIndex[name.text] = slot
    slotOfDeclaration[name.range.start] = slot
    // An app's variables, functions and views are its members (`Notes.limit`):
    // the scene maps them by symbol once, so a later REPL input naming one
    // must find the symbol already there.
    if app != nil { _ = symbol(name.text) }
    return slot
  }

  mutating func appendGlobal(_ info: GlobalInfo) -> Int {
    globals.append(info)
    // Functions, apps and sources exist before any code runs; views and
    // variables once their declaration has run.
    switch info.kind {
    case .function, .app, .source: globalDeclared.append(true)
    case .variable, .constant, .view: globalDeclared.append(false)
    }
    return globals.count - 1
  }

  /// The slot given to the global declared by `name` in the first pass.
  func globalSlot(declaredBy name: Name) -> Int? { slotOfDeclaration[name.range.start] }

  /// Pass one: every global name, so later code and earlier functions see them.
  mutating func collectGlobals(_ items: [TopLevelItem]) {
    for item in items {
      switch item {
      case .statement(let stmt):
        switch stmt.kind {
        case .variable(let decl): declareGlobalVariable(decl)
        case .tuple(let decl): declareGlobalTuple(decl)
        case .function(let decl):
          declareFunction(decl)
        default: break
        }
      case .app(let app):
        declareGlobal(app.name, kind: .app, app: app.name.text)
        for member in app.members {
          switch member {
          case .view(let view): collectViews(view, app: app.name.text)
          case .variable(let decl):
            declareGlobalVariable(decl, app: app.name.text)
          case .function(let decl):
            declareFunction(decl, app: app.name.text)
          case .property: break
          }
        }
      case .source(let source):
        declareGlobal(source.name, kind: .source)
        for member in source.members {
          switch member {
          case .variable(let decl):
            declareGlobalVariable(decl)
            _ = symbol(decl.name.text)
          case .function(let decl):
            declareFunction(decl)
            _ = symbol(decl.name.text)
          case .item(let item): sourceItems[source.name.text, default: []].insert(item.name.text)
          }
        }
      case .device, .scenario: break
      }
    }
  }

  private mutating func declareGlobalVariable(_ decl: VarDecl, app: String? = nil) {
    let slot = declareGlobal(decl.name, kind: decl.isConstant ? .constant : .variable, app: app)
    if decl.isConstant { letKeywords[slot] = Checker.letKeyword(of: decl) }
  }

  /// The `let` at the start of a declaration.
  static func letKeyword(of decl: VarDecl) -> SourceRange {
    SourceRange(file: decl.range.file, start: Int(decl.range.start), end: Int(decl.range.start) + 3)
  }

  private mutating func declareFunction(_ decl: FuncDecl, app: String? = nil) {
    let slot = declareGlobal(decl.name, kind: .function, app: app)
    let parameters = decl.parameters.map(\.name.text)
    globalParameters[slot] = parameters
    noteRefusedLabels(decl, of: .global(slot))
    fractionalParameters[slot] = decl.parameters.map { Checker.isFractional($0.type) }
    globals[slot].parameters = parameters
    globals[slot].defaultSlots = reserveDefaultValueSlots(decl)
  }

  private mutating func collectViews(_ view: ViewDecl, app: String) {
    let kind = ViewKind(rawValue: view.kind.text) ?? .view
    let slot = declareGlobal(view.name, kind: .view(kind), app: app)
    globals[slot].namedBlocks = []  // a REPL input may declare the view again
    for member in view.members {
      switch member {
      case .view(let child):
        collectViews(child, app: app)
      case .interaction(let interaction):
        // Collected with the globals, so that a scenario before its app sees them.
        guard let name = interaction.name else { continue }
        globals[slot].namedBlocks.append((name.text, interaction.kind.text))
      default:
        break
      }
    }
  }

  // MARK: - Name resolution

  /// The innermost declaration of `name` visible from the current function.
  mutating func resolve(_ name: String) -> Resolution? {
    if let found = resolveLocal(name, in: functions.count - 1) { return found }
    if let slot = globalIndex[name] { return .global(slot) }
    if let builtin = Builtin.named(name) { return .builtin(builtin) }
    return nil
  }

  /// The local `name` names here, found as `resolve` finds it but without
  /// capturing it: for questions about a name (its receiver type, whether
  /// it is fractional) that do not use it.
  func visibleLocal(_ name: String) -> LocalInfo? {
    // By index: a loop over the values would copy each function's context.
    for index in functions.indices.reversed() {
      if let (info, _) = functions[index].findLocal(name) { return info }
      // A default value's context sees no local around it.
      if functions[index].isIsolated { return nil }
    }
    return nil
  }

  /// Looks `name` up in function `index` and its enclosing functions,
  /// threading a capture through every function in between.
  private mutating func resolveLocal(_ name: String, in index: Int) -> Resolution? {
    if let (info, _) = functions[index].findLocal(name) { return .local(info.slot, info) }
    // A default value's context sees no local around it.
    guard index > 0, !functions[index].isIsolated, let outer = resolveLocal(name, in: index - 1) else {
      return nil
    }
    switch outer {
    case .local(let slot, let info):
      if let (_, scope) = functions[index - 1].findLocal(name) {
        functions[index - 1].markCaptured(slot: slot, scope: scope)
      }
      return .capture(functions[index].capture(.local(slot)), info)
    case .capture(let outerIndex, let info):
      return .capture(functions[index].capture(.capture(outerIndex)), info)
    case .global, .builtin:
      return outer
    }
  }

  /// True while checking code that runs later than the line it is on (a
  /// function, closure, handler or scenario body), rather than straight-line
  /// top-level code.
  var isDeferred: Bool { functions.count > 1 }

  /// True where a `let`/`var` declares a global: the top level, outside any block.
  var isGlobalScope: Bool { functions.count == 1 && functions[0].scopes.isEmpty }

  /// Whether `name` is declared later in a block being checked.
  func isPending(_ name: String) -> Bool {
    functions.contains { function in function.scopes.contains { $0.pending.contains(name) } }
  }

  /// Every name visible here, for "did you mean" suggestions: locals
  /// innermost first, then globals, then builtins.
  func visibleNames() -> [String] {
    var names: [String] = []
    for function in functions.reversed() {
      for scope in function.scopes.reversed() { names.append(contentsOf: scope.locals.names.sorted()) }
    }
    // At the top level a variable declared further down (or the one being
    // declared: `let x = y`) cannot be used yet; suggesting it would lead to
    // the next error.
    let topLevel = functions.count == 1
    for (index, global) in globals.enumerated() where !global.isHidden {
      if topLevel, global.kind == .variable || global.kind == .constant,
        globalDeclared.indices.contains(index), !globalDeclared[index]
      {
        continue
      }
      names.append(global.name)
    }
    names.append(contentsOf: Builtin.allNames)
    return names
  }

  // MARK: - Locals

  /// Declares a local in the innermost scope of the current function.
  @discardableResult
  mutating func declareLocal(
    _ name: Name, isConstant: Bool, kind: LocalInfo.Kind = .variable, declarationRange: SourceRange,
    letKeyword: SourceRange? = nil, receiver: ReceiverType? = nil, isFractional: Bool = false,
    isOptionalCollection: Bool = false, valueType: String? = nil
  ) -> Int {
    let current = functions.count - 1
    // Every caller opens a scope first; this keeps a mistake there from
    // becoming a crash.
    if functions[current].scopes.isEmpty { functions[current].pushScope() }
    if name.text != "_", let existing = functions[current].scopes.last?.locals[name.text] {
      report(
        .duplicateDeclaration(name.text), at: name.range,
        notes: [firstDeclaredNote(name.text, at: existing.declarationRange)])
    }
    let slot = functions[current].allocateSlot()
    if name.text != "_" {
      let info = LocalInfo(
        name: name.text, slot: slot, isConstant: isConstant, kind: kind, declarationRange: declarationRange,
        letKeywordRange: letKeyword, receiver: receiver, isFractional: isFractional,
        isOptionalCollection: isOptionalCollection, valueType: valueType)
      let last = functions[current].scopes.count - 1
      functions[current].scopes[last].locals.insert(info)
      functions[current].scopes[last].pending.remove(name.text)
    }
    return slot
  }

  mutating func pushScope() { functions[functions.count - 1].pushScope() }
  mutating func popScope() -> BlockScope { functions[functions.count - 1].popScope() }

  /// The index of a string literal in the program's table.
  mutating func literal(_ text: String) -> Int {
    if let index = literalIndex[text] { return index }
    stringLiterals.append(text)
    literalIndex[text] = stringLiterals.count - 1
    return stringLiterals.count - 1
  }

  /// The symbol of a member name or label.
  mutating func symbol(_ name: String) -> Symbol { symbols.intern(name) }
}
