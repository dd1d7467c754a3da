import DndSyntax

/// Assignable expressions: the left of `=` and the receiver of a mutating
/// method. A path is a root name followed by members, subscripts and tuple
/// elements; the interpreter reads it, changes it in place and writes it
/// back, which is how value semantics reach through `model[i].tags`.
extension Checker {
  /// What the root of a path is, for the "cannot assign" checks.
  struct PathRoot {
    var name: String
    var range: SourceRange
    /// Nil when the root is a `var`; otherwise what it names ("a 'let'
    /// constant", "a view", ...).
    var constantKind: ConstantKind?
    var letKeyword: SourceRange?
    var declarationRange: SourceRange?
    /// Whether the path goes through a member (`a.b`), which may be a
    /// property of an object and so assignable even when `a` is a `let`.
    var hasMember = false
    /// The value type a `let` root is known to hold: then its members are
    /// as constant as it is.
    var valueType: String?
  }

  enum ConstantKind {
    case letConstant
    case declaration(String)
  }

  /// The left side of an assignment, with its errors reported.
  mutating func checkAssignmentTarget(_ target: Expr) -> CheckedLValue? {
    if reportSelfViewInPath(target) { return nil }
    guard let (lvalue, root) = checkLValue(target) else {
      if case .tuple = Checker.unparenthesized(target).kind {
        report(.tupleAssignment, at: target.range)
      } else {
        report(.cannotAssign, at: target.range)
      }
      return nil
    }
    if let root, !root.hasMember, let constant = root.constantKind,
      root.declarationRange == nil || root.declarationRange != initializingDeclaration
    {
      reportConstant(
        root, constant: constant, message: .assignmentToConstant(root.name, declaredWithLet: root.letKeyword != nil))
    } else if let root, case .letConstant? = root.constantKind, let type = root.valueType,
      let member = Checker.memberAfterVariable(of: target), Checker.isMember(member, of: type)
    {
      reportConstant(root, constant: .letConstant, message: .memberOfConstantValue(root.name, type: type))
    } else if let (root, type) = appConstantValue(target) {
      reportConstant(root, constant: .letConstant, message: .memberOfConstantValue(root.name, type: type))
    } else if let member = appConstantMember(target) {
      reportConstant(member, constant: .letConstant, message: .assignmentToConstant(member.name))
    } else if let (name, kind) = viewPropertyNotOnKind(target) {
      let owners = PropertyCatalogue.entries.compactMap { entry -> String? in
        guard entry.name == name, case .view = entry.owner else { return nil }
        return entry.uikitName.split(separator: ".").first.map(String.init)
      }
      report(.viewPropertyNotOnKind(name, kind: kind, owners: owners), at: target.range)
    }
    return lvalue
  }

  /// `self.view.backgroundColor = .red`: a view controller's root view, in
  /// a handler (whose `self` is its view) or an app's function (the app has
  /// none), as `checkMember` reports it where it is read. True if reported.
  private mutating func reportSelfViewInPath(_ target: Expr) -> Bool {
    guard let (root, names) = Checker.memberNames(of: target), case .selfReference = root.kind,
      names.first == "view", let selfSlot = functions.last?.selfSlot, globals.indices.contains(selfSlot)
    else { return false }
    switch globals[selfSlot].kind {
    case .view:
      // An app's `view` (a variable or view so named) is what `self.view` reaches.
      if globalIndex["view"] != nil { return false }
      report(.selfIsTheView(globals[selfSlot].name, written: "self.view"), at: target.range)
      return true
    case .app:
      let app = globals[selfSlot].name
      if let slot = globalIndex["view"], globals[slot].app == app { return false }
      let view = globals.first { global in
        if case .view = global.kind { return global.app == app }
        return false
      }?.name
      report(.appHasNoRootView(app, view: view), at: target.range)
      return true
    default:
      return false
    }
  }

  /// `label.placeholder = "…"`: a property dnd models on other kinds of
  /// view only, set on a view the script declared, so its kind is known
  /// (`label`, `self` in its handlers, `Board.label`). The run refuses it
  /// at that line; refused here, `dnd check` finds it too. The name and
  /// the kind, or nil when the assignment may be right.
  private func viewPropertyNotOnKind(_ target: Expr) -> (String, ViewKind)? {
    guard case .member(let base, let name, _) = target.kind,
      Checker.kindSpecificViewProperties.contains(name.text),
      let slot = declaredViewSlot(base), case .view(let kind) = globals[slot].kind,
      PropertyCatalogue.property(named: name.text, on: kind) == nil,
      !(Checker.settableInStatementsOnly[kind]?.contains(name.text) ?? false)
    else { return nil }
    // `self.text = ...` in a handler of a view with no `text` sets the
    // app's variable `text` (handlers.md: the controller's idiom).
    if case .selfReference = base.kind, globalIndex[name.text] != nil { return nil }
    return (name.text, kind)
  }

  /// The slot of the declared view an expression names, if it names one:
  /// `zone`, `Board.zone`, or `self` in one of its handlers.
  func declaredViewSlot(_ expr: Expr) -> Int? {
    var slot: Int?
    switch expr.kind {
    case .parenthesized(let inner):
      return declaredViewSlot(inner)
    case .identifier(let name):
      if !isLocalName(name) { slot = globalIndex[name] }
    case .selfReference:
      slot = functions.last?.selfSlot
    case .member(let base, let name, _):
      if case .identifier(let appName) = base.kind, !isLocalName(appName), let appSlot = globalIndex[appName],
        globals[appSlot].kind == .app, let found = globalIndex[name.text], globals[found].app == appName
      {
        slot = found
      } else if case .selfReference = base.kind, let found = globalIndex[name.text],
        let selfSlot = functions.last?.selfSlot, globals.indices.contains(selfSlot)
      {
        // `self.dropLabel` in a handler (seed 002) or an app's function: the
        // app's view, unless the handler's own view has a property so named.
        if case .view(let kind) = globals[selfSlot].kind,
          PropertyCatalogue.property(named: name.text, on: kind) != nil
            || Checker.viewMembersBesidesProperties.contains(name.text)
        {
          break
        }
        slot = found
      }
    default:
      break
    }
    guard let slot, globals.indices.contains(slot), case .view = globals[slot].kind else { return nil }
    return slot
  }

  /// The properties the catalogue gives some kinds of view but not all.
  static let kindSpecificViewProperties: Set<String> = Set(
    PropertyCatalogue.entries.compactMap { entry in
      guard case .view(let kinds) = entry.owner, kinds.count < ViewKind.allCases.count else { return nil }
      return entry.name
    })

  /// What the binding lets a statement set beyond a view body's properties:
  /// a button's `image` (as `setImage(_:for: .normal)` would).
  /// ViewPropertyCheckTests keeps this and the binding in step.
  static let settableInStatementsOnly: [ViewKind: Set<String>] = [.button: ["image"]]

  /// `Notes.origin.x = 5` when `origin` is app `Notes`'s `let`, known to
  /// hold a value type that has the member assigned: its root, and the type.
  private func appConstantValue(_ target: Expr) -> (PathRoot, String)? {
    guard let (root, names) = Checker.memberNames(of: target), names.count >= 2,
      case .identifier(let appName) = root.kind, let appSlot = globalIndex[appName], globals[appSlot].kind == .app,
      !isLocalName(appName), let slot = globalIndex[names[0]], globals[slot].kind == .constant,
      globals[slot].app == appName, let type = globals[slot].valueType, Checker.isMember(names[1], of: type)
    else { return nil }
    var path = PathRoot(name: names[0], range: target.range)
    path.declarationRange = globals[slot].range
    path.letKeyword = letKeywords[slot]
    return (path, type)
  }

  /// `Notes.limit` (or `Notes.limit[0]`) when `limit` is a `let` of app
  /// `Notes`: the app's members are its globals, so changing it fails as
  /// changing `limit` would, and is caught here, not when a scenario runs.
  private func appConstantMember(_ target: Expr) -> PathRoot? {
    switch target.kind {
    // `Notes.tags[0] = x` changes the constant as `tags[0] = x` would.
    case .subscripted(let base, _, _), .forceUnwrap(let base), .parenthesized(let base):
      return appConstantMember(base)
    default:
      break
    }
    guard case .member(let base, let name, _) = target.kind, case .identifier(let appName) = base.kind,
      let appSlot = globalIndex[appName], globals[appSlot].kind == .app,
      !isLocalName(appName),
      let slot = globalIndex[name.text], globals[slot].kind == .constant, globals[slot].app == appName
    else { return nil }
    var root = PathRoot(name: name.text, range: target.range)
    root.declarationRange = globals[slot].range
    root.letKeyword = letKeywords[slot]
    return root
  }

  /// The receiver of a mutating method, when it is a path from a variable:
  /// nil when the method should just be called on the value (a builtin, a
  /// function, a temporary).
  mutating func checkMutatingBase(_ base: Expr, member: Name) -> CheckedLValue? {
    guard let start = pathStart(of: base) else { return nil }
    let resolution: Resolution
    switch start {
    case .global(let slot, _): resolution = .global(slot)
    case .name(let name):
      guard let found = resolve(name) else { return nil }
      resolution = found
    }
    switch resolution {
    case .builtin: return nil
    case .local(_, let info), .capture(_, let info):
      if case .function = info.kind { return nil }
    case .global(let slot):
      if globals[slot].kind == .function { return nil }
    }
    guard let (lvalue, root) = checkLValue(base), let root else { return nil }
    if case .declaration = root.constantKind, !root.hasMember { return nil }
    if !root.hasMember, case .letConstant = root.constantKind {
      reportConstant(
        root, constant: .letConstant, message: .mutatingMemberOnConstant(member.text, name: root.name))
    } else if case .letConstant? = root.constantKind, let type = root.valueType,
      let inner = Checker.memberAfterVariable(of: base), Checker.isMember(inner, of: type)
    {
      // `let pair = (names: ["a"], count: 1); pair.names.append("b")`
      reportConstant(root, constant: .letConstant, message: .memberOfConstantValue(root.name, type: type))
    } else if let constant = appConstantMember(base) {
      reportConstant(
        constant, constant: .letConstant, message: .mutatingMemberOnConstant(member.text, name: constant.name))
    }
    return lvalue
  }

  private mutating func reportConstant(_ root: PathRoot, constant: ConstantKind, message: DiagnosticMessage) {
    switch constant {
    case .letConstant:
      var notes: [Diagnostic.Note] = []
      if let declaration = root.declarationRange {
        notes.append(Diagnostic.Note("'\(root.name)' is declared here", at: declaration))
      }
      let fixIts = root.letKeyword.map { [Diagnostic.FixIt(range: $0, replacement: "var")] } ?? []
      report(message, at: root.range, notes: notes, fixIts: fixIts)
    case .declaration(let what):
      report(.assignmentToDeclaration(root.name, what: what), at: root.range)
    }
  }

  /// Resolves a path. Nil when the expression cannot be assigned at all; a
  /// nil root when the path starts from a value (`makeView().text`).
  mutating func checkLValue(_ expr: Expr) -> (CheckedLValue, PathRoot?)? {
    let range = expr.range
    switch expr.kind {
    case .identifier(let name):
      guard let resolution = resolve(name) else {
        reportUnknownName(name, at: range)
        return nil
      }
      checkExclusiveAccess(resolution, at: range)
      return variablePath(name, resolution, at: range)
    case .member(let base, let name, let isOptional):
      if let slot = appMemberThroughSelf(base, name) {
        checkExclusiveAccess(.global(slot), at: range)
        return variablePath(name.text, .global(slot), at: range)
      }
      let optional = isOptional || Checker.isOptionalChain(base)
      let (baseValue, root) = checkPathBase(base)
      if let index = Int(name.text) {
        return (CheckedLValue(.tupleElement(baseValue, index), range: range), root)
      }
      let member = symbol(name.text)
      noteMember(name, member, of: base)
      var memberRoot = root
      memberRoot?.hasMember = true
      return (CheckedLValue(.member(baseValue, member, optional: optional), range: range), memberRoot)
    case .subscripted(let base, let arguments, let isOptional):
      let optional = isOptional || Checker.isOptionalChain(base)
      let (baseValue, root) = checkPathBase(base)
      let checked = checkArguments(arguments)
      return (CheckedLValue(.subscripted(baseValue, checked, optional: optional), range: range), root)
    case .forceUnwrap(let operand):
      let (baseValue, root) = checkPathBase(operand)
      return (CheckedLValue(.forceUnwrap(baseValue), range: range), root)
    case .parenthesized(let inner):
      return checkLValue(inner)
    default:
      return nil
    }
  }

  /// The base of a member or subscript in a path: itself a path when it
  /// starts from a name; from a value (`makeView().frame.origin`), the
  /// members and subscripts down to the value stay parts of the path, so
  /// that a write reaches the object the value is (a view), not a copy of
  /// one of its members.
  private mutating func checkPathBase(_ base: Expr) -> (CheckedLValue, PathRoot?) {
    if pathStart(of: base) != nil {
      if let (lvalue, root) = checkLValue(base) { return (lvalue, root) }
      // The root's error is already reported.
      return (CheckedLValue(.value(CheckedExpr(.nilLiteral, range: base.range)), range: base.range), nil)
    }
    switch base.kind {
    case .member, .subscripted, .forceUnwrap, .parenthesized:
      if let (lvalue, root) = checkLValue(base) { return (lvalue, root) }
    default:
      break
    }
    let value = checkExpr(base)
    return (CheckedLValue(.value(value), range: base.range), nil)
  }

  /// The path of a variable (or of a global reached through `self`), with
  /// what its root is for the "cannot assign" checks.
  private mutating func variablePath(_ name: String, _ resolution: Resolution, at range: SourceRange)
    -> (CheckedLValue, PathRoot?)?
  {
    var root = PathRoot(name: name, range: range)
    let ref: VariableRef
    switch resolution {
    case .local(let slot, let info), .capture(let slot, let info):
      if case .local = resolution { ref = .local(slot) } else { ref = .capture(slot) }
      let captured: Bool
      if case .capture = resolution { captured = true } else { captured = false }
      checkInitialized(name, info, captured: captured, at: range)
      root.declarationRange = info.declarationRange
      if case .function = info.kind {
        root.constantKind = .declaration("a function")
      } else if info.isConstant {
        root.constantKind = .letConstant
        root.letKeyword = info.letKeywordRange
        root.valueType = info.valueType
      }
    case .global(let slot):
      ref = .global(slot)
      let global = globals[slot]
      root.declarationRange = global.range
      switch global.kind {
      case .variable: break
      case .constant:
        root.constantKind = .letConstant
        root.letKeyword = letKeywords[slot]
        root.valueType = global.valueType
      case .function: root.constantKind = .declaration("a function")
      case .view(let kind): root.constantKind = .declaration("\(kind.phrase)")
      case .app: root.constantKind = .declaration("an app")
      case .source: root.constantKind = .declaration("a source")
      }
      if !globalDeclared[slot] && !isDeferred { _ = readGlobal(slot, name: name, at: range) }
    case .builtin(let builtin):
      root.constantKind = .declaration(builtin.kind == .type ? "a built-in type" : "a built-in name")
      return (CheckedLValue(.value(CheckedExpr(.builtin(builtin), range: range)), range: range), root)
    }
    return (CheckedLValue(.variable(ref), range: range), root)
  }
}
