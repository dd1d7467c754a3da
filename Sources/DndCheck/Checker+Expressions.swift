import DndSyntax

/// Expressions: names to slots, member names to symbols, calls to the most
/// direct form the checker can prove (a known global function, a builtin, a
/// mutating method on something assignable), closures to `FunctionCode`.
extension Checker {
  /// Methods that change the collection they are called on. Called on
  /// something assignable, they update it in place (`model.append(x)`).
  static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeFirst", "removeLast", "removeAll", "removeValue", "updateValue",
    "sort", "reverse", "swapAt", "popLast",
  ]

  mutating func checkExpr(_ expr: Expr) -> CheckedExpr {
    let range = expr.range
    func make(_ kind: CheckedExpr.Kind) -> CheckedExpr { CheckedExpr(kind, range: range) }
    switch expr.kind {
    case .integer(let value): return make(.integer(value))
    case .double(let value): return make(.double(value))
    case .bool(let value): return make(.bool(value))
    case .nilLiteral: return make(.nilLiteral)
    case .string(let literal): return make(checkString(literal))
    case .identifier(let name): return make(checkIdentifier(name, at: range))
    // `.none` is Optional's nil: without types, that is the meaning that
    // holds everywhere (`x = .none`, `return .none`, `[.none, 1]`). The two
    // UIKit properties whose type has a case of that name take nil as it.
    case .implicitMember(let name) where name.text == "none": return make(.nilLiteral)
    case .implicitMember(let name): return make(.enumCase(symbol(name.text)))
    case .selfReference:
      guard let slot = functions.last?.selfSlot else {
        report(.selfOutsideDeclaration, at: range)
        return make(.nilLiteral)
      }
      return make(.global(slot))
    case .member(let base, let name, let isOptional):
      return checkMember(base, name: name, isOptional: isOptional, range: range)
    case .call(let callee, let arguments, false):
      // `.some(3)`: dnd's optionals are the value or nil, with no wrapper.
      if case .implicitMember(let name) = Checker.unparenthesized(callee).kind, name.text == "some",
        arguments.count == 1
      {
        report(.someWrapper(file.text(arguments[0].value.range)), at: range)
        return checkExpr(arguments[0].value)
      }
      return make(checkCall(callee, arguments: arguments, range: range))
    case .call(let callee, let arguments, true):
      // `changeAspectRatio?()`: nil when the function is, else its call.
      let function = checkExpr(callee)
      let call = symbol(KnownMember.callAsFunction.spelling)
      return make(.callMethod(function, call, checkArguments(arguments), optional: true))
    case .subscripted(let base, let arguments, let isOptional):
      let optional = isOptional || Checker.isOptionalChain(base)
      return make(.subscripted(checkExpr(base), checkArguments(arguments), optional: optional))
    case .forceUnwrap(let operand):
      return make(.forceUnwrap(checkExpr(operand)))
    case .unary(let op, let operand):
      return make(.unary(op, checkExpr(operand)))
    case .binary(let op, let left, let right):
      // `1 / 3 * 100.0`: Swift makes every literal of the arithmetic a Double.
      if Checker.mixesLiterals(expr) { return checkExpr(Checker.fractional(expr)) }
      // `3 / 2 == 1.5` compares two Doubles in Swift.
      if [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(op),
        Checker.mixesLiterals(Expr(.binary(.add, left, right), range: range))
      {
        return make(.binary(op, checkExpr(Checker.fractional(left)), checkExpr(Checker.fractional(right))))
      }
      return make(.binary(op, checkExpr(left), checkExpr(right)))
    case .ternary(let condition, let then, let otherwise):
      let branches = Checker.unifyingLiterals([then, otherwise])
      return make(.ternary(checkExpr(condition), checkExpr(branches[0]), checkExpr(branches[1])))
    case .cast(let operand, let kind, let type):
      // `[1, 2] as [Double]` types its literals, as an annotation does.
      let checked = checkExpr(kind == .plain ? Checker.typedLiterals(operand, as: type) : operand)
      // `url as NSSecureCoding` (seed 004): Swift bridges a value to the
      // protocol an Objective-C API wants; dnd passes values as they are.
      if kind == .plain, case .named(let names) = type.kind, names.count == 1,
        Checker.bridgingProtocols.contains(names[0].text)
      {
        return checked
      }
      guard let checkedType = checkType(type) else { return checked }
      return make(.cast(checked, kind, checkedType))
    case .range(let lower, let upper, let isClosed):
      return make(.range(checkExpr(lower), checkExpr(upper), isClosed: isClosed))
    case .array(let elements):
      return make(.array(Checker.unifyingLiterals(elements).map { checkExpr($0) }))
    case .dictionary(let entries):
      let keys = entries.map { checkExpr($0.key) }
      let values = Checker.unifyingLiterals(entries.map(\.value)).map { checkExpr($0) }
      return make(.dictionary(keys: keys, values: values))
    case .tuple(let elements, let labels):
      // A label is a name the script gives a member, as a variable's is.
      let symbols = labels.map { label -> Symbol? in
        guard let label else { return nil }
        declaredNames.append(label.text)
        return symbol(label.text)
      }
      return make(.tuple(elements.map { checkExpr($0) }, labels: symbols))
    case .parenthesized(let inner):
      var checked = checkExpr(inner)
      checked.range = range
      return checked
    case .closure(let closure):
      if let capturing = checkCapturingClosure(closure, range: range) { return capturing }
      return make(.closure(checkClosure(closure, range: range)))
    case .operatorFunction(let operation):
      // Checked as the closure it stands for, `{ $0 > $1 }`, written at the operator.
      let parameters = ["$0", "$1"].map { Parameter(name: Name($0, range: range), type: nil, range: range) }
      let operands = parameters.map { Expr(.identifier($0.name.text), range: range) }
      let body = Expr(.binary(operation, operands[0], operands[1]), range: range)
      let closure = Closure(
        parameters: parameters, hasParameterClause: false,
        body: Block(statements: [Stmt(.expression(body), range: range)], range: range))
      return checkExpr(Expr(.closure(closure), range: range))
    case .error:
      return make(.nilLiteral)
    }
  }

  // MARK: - Names

  mutating func checkIdentifier(_ name: String, at range: SourceRange) -> CheckedExpr.Kind {
    guard let resolution = resolve(name) else {
      reportUnknownName(name, at: range)
      return .nilLiteral
    }
    checkExclusiveAccess(resolution, at: range)
    switch resolution {
    case .local(let slot, let info):
      checkInitialized(name, info, captured: false, at: range)
      return .local(slot)
    case .capture(let index, let info):
      checkInitialized(name, info, captured: true, at: range)
      return .capture(index)
    case .global(let slot): return readGlobal(slot, name: name, at: range)
    case .builtin(let builtin): return .builtin(builtin)
    }
  }

  /// A read of a global: straight-line code may not read a variable before
  /// its declaration has run; code that runs later (functions, handlers,
  /// scenarios) gets a read checked at run time instead.
  mutating func readGlobal(_ slot: Int, name: String, at range: SourceRange) -> CheckedExpr.Kind {
    if globalDeclared[slot] { return .global(slot) }
    if isDeferred { return .globalChecked(slot) }
    report(
      .useBeforeDeclaration(name), at: range,
      notes: [Diagnostic.Note("'\(name)' is declared here", at: globals[slot].range)])
    return .global(slot)
  }

  mutating func reportUnknownName(_ name: String, at range: SourceRange) {
    // The suggestion below searches every visible name: thousands of unknown
    // names among thousands of declarations took minutes.
    if hasTooManyErrors { return }
    if reportNameOutOfDefaultValue(name, at: range) { return }
    if isPending(name) {
      report(.useBeforeDeclaration(name), at: range)
      return
    }
    if let instead = Checker.spelledOtherwise[name] {
      report(.nameNotInDnd(name, instead: instead), at: range)
      return
    }
    // `session.location(in: view)`, a view controller's `view`: in a
    // handler, the view it belongs to is `self`.
    if name == "view", let selfSlot = functions.last?.selfSlot, globals.indices.contains(selfSlot),
      case .view = globals[selfSlot].kind
    {
      report(
        .selfIsTheView(globals[selfSlot].name, written: name), at: range, fixIts: replacement(range, with: "self"))
      return
    }
    // `collectionView?.cellForItem(at:)` in an app's function: a view
    // controller's outlet; the script's one view of that kind stands for it.
    if let kind = ["collectionView": ViewKind.collectionView, "tableView": .tableView][name],
      handlerView(missingArgument: name) == nil
    {
      // With none, or several, the type's name (`UITableView`) would be no better.
      let views = globals.filter { $0.kind == .view(kind) }.map(\.name)
      let only = views.count == 1 ? views.first : nil
      report(.unknownName(name, suggestion: only), at: range, fixIts: replacement(range, with: only))
      return
    }
    if let view = handlerView(missingArgument: name) {
      // Only the list itself can be replaced by the view's name: `interaction.view` needs more.
      let isInteraction = name.hasSuffix("nteraction")
      report(
        .uikitFirstArgument(name, view: view, isInteraction: isInteraction), at: range,
        fixIts: isInteraction ? [] : replacement(range, with: view))
      return
    }
    // `bounds.width` in a handler, as a UIView subclass's method writes its
    // own members: a script's view is reached through `self`.
    if let selfSlot = functions.last?.selfSlot, globals.indices.contains(selfSlot),
      case .view(let kind) = globals[selfSlot].kind,
      PropertyCatalogue.property(named: name, on: kind) != nil || Checker.viewMembersBesidesProperties.contains(name)
    {
      let spelled = "self." + name
      report(.unknownName(name, suggestion: spelled), at: range, fixIts: replacement(range, with: spelled))
      return
    }
    // `operation: copy`: an enum case written without its dot (unless the
    // script has a name closer to it: `move` for `moves`).
    let enumCase = Checker.bareEnumCases.contains(name) ? "." + name : nil
    let suggestion = Suggestions.closest(to: name, in: visibleNames()) ?? enumCase
    report(
      .unknownName(name, suggestion: suggestion), at: range, fixIts: replacement(range, with: suggestion))
  }

  /// Cases of UIKit's enums a script names with a leading dot: the drop
  /// operations and intents (`cancel` alone is a step's keyword, and does
  /// not get this far).
  static let bareEnumCases: Set<String> = operationNames.subtracting(["cancel"]).union([
    "unspecified", "insertAtDestinationIndexPath", "insertIntoDestinationIndexPath",
  ])


  /// `interaction.view` or `collectionView.reloadData()` pasted into a
  /// handler: UIKit passes the interaction (or the table or collection
  /// view) first, and a script's handler leaves it out. The name of the
  /// handler's view, which stands for it.
  private func handlerView(missingArgument name: String) -> String? {
    let uikitFirstArguments = ["interaction", "dragInteraction", "dropInteraction", "tableView", "collectionView"]
    guard uikitFirstArguments.contains(name), let handler = functions.last(where: { $0.kind == .handler }),
      let slot = handler.selfSlot, globals.indices.contains(slot)
    else { return nil }
    // A table's (or collection view's) handler gets the list first; an
    // interaction's handler on a label does not get a table.
    switch (name, globals[slot].kind) {
    case ("tableView", .view(let kind)) where kind != .tableView: return nil
    case ("collectionView", .view(let kind)) where kind != .collectionView: return nil
    default: return globals[slot].name
    }
  }

  // MARK: - Members and calls

  mutating func checkMember(_ base: Expr, name: Name, isOptional: Bool, range: SourceRange) -> CheckedExpr {
    if let slot = appMemberThroughSelf(base, name) {
      checkExclusiveAccess(.global(slot), at: range)
      return CheckedExpr(readGlobal(slot, name: name.text, at: range), range: range)
    }
    // `self.view`, the lecture's view controller idiom: a handler's `self`
    // is already its view, which has no `view`.
    if name.text == "view", case .selfReference = base.kind, let selfSlot = functions.last?.selfSlot,
      globals.indices.contains(selfSlot), case .view = globals[selfSlot].kind
    {
      report(
        .selfIsTheView(globals[selfSlot].name, written: "self.view"), at: range,
        fixIts: replacement(range, with: "self"))
      var checked = checkExpr(base)
      checked.range = range
      return checked
    }
    // `self.view` in an app's function (a view controller's `viewDidLoad`):
    // the app has no root view; its views are named.
    if name.text == "view", case .selfReference = base.kind, let selfSlot = functions.last?.selfSlot,
      globals.indices.contains(selfSlot), globals[selfSlot].kind == .app
    {
      let app = globals[selfSlot].name
      let view = globals.first { global in
        if case .view = global.kind { return global.app == app }
        return false
      }?.name
      report(.appHasNoRootView(app, view: view), at: range)
      return CheckedExpr(.nilLiteral, range: range)
    }
    let optional = isOptional || Checker.isOptionalChain(base)
    // `UIImage.self` is the type itself.
    if name.text == "self" {
      var checked = checkExpr(base)
      checked.range = range
      return checked
    }
    if let index = Int(name.text) {
      return CheckedExpr(.tupleElement(checkExpr(base), index, optional: optional), range: range)
    }
    // `UICollectionViewDropProposal.Intent.insertAtDestinationIndexPath`:
    // the enum's name written out (unless the script names something so),
    // which changes nothing but must name one of its cases.
    if let typeName = Checker.dottedName(base), let cases = Checker.enumTypeCases[typeName],
      let root = Checker.rootName(of: base), globalIndex[root] == nil, visibleLocal(root) == nil
    {
      if !cases.contains(name.text) {
        report(.unknownEnumCase(name.text, type: typeName, cases: cases), at: name.range)
      }
      return CheckedExpr(.enumCase(symbol(name.text)), range: range)
    }
    let checkedBase = checkExpr(base)
    let member = symbol(name.text)
    noteMember(name, member, of: base)
    return CheckedExpr(.member(checkedBase, member, optional: optional), range: range)
  }


  /// Whether a nil somewhere in this postfix chain was made to give nil by
  /// a `?.` (so `a?.b.c` is nil when `a` is).
  static func isOptionalChain(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .member(let base, _, let isOptional): return isOptional || isOptionalChain(base)
    case .call(let callee, _, let isOptional): return isOptional || isOptionalChain(callee)
    case .subscripted(let base, _, let isOptional): return isOptional || isOptionalChain(base)
    default: return false
    }
  }

  /// `session.loadObjects(ofType: String)` in a handler whose `session` is
  /// UIKit's: the labels are compared with the method's
  /// (`ReceiverType.sessionMethodForms`) before the script runs.
  mutating func checkSessionCallLabels(
    _ name: Name, member: Symbol, arguments: [Argument], base: Expr, range: SourceRange
  ) {
    if let receiver = receiverType(of: base), let forms = receiver.dropForms, member.known == .drop {
      checkCoordinatorDrop(name, arguments: arguments, receiver: receiver, forms: forms, range: range)
      return
    }
    guard let receiver = receiverType(of: base), receiver == .dragSession || receiver == .dropSession,
      let known = member.known, receiver.hasMember(known), let method = ReceiverType.sessionMethodForms[known]
    else { return }
    var labels = arguments.map { $0.label?.text }
    // The completion of `loadObjects`, trailing or labelled.
    if known == .loadObjects, labels.count == 2,
      arguments[1].isTrailingClosure || labels[1] == "completion"
    {
      labels.removeLast()
    }
    guard labels != method.labels else { return }
    let call = name.text + "(" + arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    // `location(of: target)`: the form keeps the view the script named.
    var form = method.form
    if known == .location, arguments.count == 1 {
      form = "'location(in: \(file.text(arguments[0].value.range)))'"
    }
    report(.methodLabels(call, type: receiver.typeName, form: form), at: range)
  }

  /// `coordinator.drop(item.dragItem, toItemAt: path)` in a table's
  /// performDropWith: a coordinator's `drop` takes its own list's labels.
  private mutating func checkCoordinatorDrop(
    _ name: Name, arguments: [Argument], receiver: ReceiverType, forms: ReceiverType.DropForms, range: SourceRange
  ) {
    let labels = arguments.map { $0.label?.text }
    // The placeholder convenience has optional parts; the binding checks them.
    if labels.count > 1, labels[1] == "toPlaceholderInsertedAt" { return }
    guard !forms.labels.contains(labels) else { return }
    let call = name.text + "(" + arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    report(.methodLabels(call, type: receiver.typeName, form: forms.written), at: range)
  }

  /// `DispatchQueue.main.asyncAfter(deadlin: ...)`: the main queue's two
  /// methods have fixed labels, compared before the script runs (a block
  /// queued from a completion may run only in some explored orders).
  mutating func checkMainQueueCallLabels(_ name: Name, arguments: [Argument], base: Expr, range: SourceRange) {
    guard case .member(let queue, let main, false) = base.kind, main.text == "main",
      case .identifier("DispatchQueue") = queue.kind, globalIndex["DispatchQueue"] == nil,
      visibleLocal("DispatchQueue") == nil
    else { return }
    // A trailing closure stands for `execute:`; written inside the parentheses it needs the label.
    let labels = arguments.map { $0.isTrailingClosure ? "execute" : $0.label?.text }
    let form: String
    switch name.text {
    case "async":
      guard labels != ["execute"] else { return }
      form = "async { ... } or async(execute: block)"
    case "asyncAfter":
      guard labels != ["deadline", "execute"] else { return }
      form = "asyncAfter(deadline: .now() + 0.5) { ... } or asyncAfter(deadline: time, execute: block)"
    default:
      return
    }
    let call = name.text + "(" + arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    report(.methodLabels(call, type: "DispatchQueue", form: form), at: range)
  }

  /// `session.canLoadObjects(ofClass: "String")`: the loading methods take
  /// a class, never a literal; a string naming one gets a fix-it.
  mutating func checkClassArgument(_ name: Name, arguments: [Argument]) {
    let loaders: Set<String> = ["canLoadObjects", "loadObjects", "canLoadObject", "loadObject"]
    guard loaders.contains(name.text), let argument = arguments.first(where: { $0.label?.text == "ofClass" }),
      var found = (Checker.nonIntegerLiteral(argument.value) ?? Checker.integerLiteralType(argument.value))
        .map({ $0 == "nil" ? $0 : DiagnosticMessage.withArticle($0) + " value" })
    else { return }
    var fixIts: [Diagnostic.FixIt] = []
    if case .string(let literal) = Checker.unparenthesized(argument.value).kind, literal.segments.count == 1,
      case .text(let text) = literal.segments[0]
    {
      found = "the string \"\(text)\""
      // Only the classes an item provider can load (the binding's list).
      let loadable = ["String", "NSString", "URL", "NSURL", "UIImage", "NSAttributedString", "UIColor"]
      if loadable.contains(text) {
        fixIts = [Diagnostic.FixIt(range: argument.value.range, replacement: text + ".self")]
      }
    }
    report(.classArgumentNotClass(name.text + "(ofClass:)", found: found), at: argument.value.range, fixIts: fixIts)
  }

  mutating func checkArguments(_ arguments: [Argument]) -> CheckedArguments {
    CheckedArguments(
      values: arguments.map { checkExpr($0.value) },
      labels: arguments.map { argument in argument.label.map { symbol($0.text) } })
  }

  mutating func checkCall(_ callee: Expr, arguments: [Argument], range: SourceRange) -> CheckedExpr.Kind {
    switch callee.kind {
    case .identifier(let name):
      guard let resolution = resolve(name) else {
        reportUnknownName(name, at: callee.range)
        _ = checkArguments(arguments)
        return .nilLiteral
      }
      // `mid(1, 2)` for `func mid(_ a: Double, _ b: Double)`: fractional literals.
      var arguments = arguments
      if case .global(let slot) = resolution, let fractional = fractionalParameters[slot],
        fractional.count == arguments.count
      {
        for index in arguments.indices where fractional[index] {
          arguments[index].value = Checker.fractional(arguments[index].value)
        }
      }
      // `min(1, 2.5)`: one type for both, as for an array's literals.
      if case .builtin(let builtin) = resolution, builtin == .min || builtin == .max,
        arguments.allSatisfy({ $0.label == nil })
      {
        for (index, value) in Checker.unifyingLiterals(arguments.map(\.value)).enumerated() {
          arguments[index].value = value
        }
      }
      var checked = checkArguments(arguments)
      switch resolution {
      case .global(let slot) where globals[slot].kind == .function:
        return .callGlobal(
          slot,
          matchArguments(
            name, declaration: .global(slot), parameters: globalParameters[slot] ?? [],
            defaults: globals[slot].defaultSlots,
            arguments: arguments, checked: checked, range: range))
      case .local(_, let info), .capture(_, let info):
        if case .function(let parameters) = info.kind {
          checked = matchArguments(
            name, declaration: .local(info.declarationRange.start), parameters: parameters,
            defaults: defaultValueSlots[info.declarationRange.start] ?? [],
            arguments: arguments, checked: checked, range: range)
        }
      case .builtin(let builtin):
        if let instead = Checker.madeByUIKit[builtin] {
          report(.madeByUIKit(name, instead: instead), at: callee.range)
        }
        checkBuiltinArity(builtin, arguments: arguments, range: range)
        checkInitializerLabels(builtin, arguments: arguments, range: range)
        checkDropOperation(builtin, arguments: arguments)
        return .callBuiltin(builtin, checked)
      case .global: break
      }
      let calleeExpr = CheckedExpr(checkIdentifier(name, at: callee.range), range: callee.range)
      return .callValue(calleeExpr, checked)
    case .member(let base, let name, let isOptional):
      if let slot = appMemberThroughSelf(base, name) {
        // `self.fetch(url)` in a handler: the app's function (or a closure in its variable).
        let checked = checkArguments(arguments)
        if globals[slot].kind == .function {
          return .callGlobal(
            slot,
            matchArguments(
              name.text, declaration: .global(slot), parameters: globalParameters[slot] ?? [],
              defaults: globals[slot].defaultSlots,
              arguments: arguments, checked: checked, range: range))
        }
        let function = CheckedExpr(readGlobal(slot, name: name.text, at: callee.range), range: callee.range)
        return .callValue(function, checked)
      }
      let optional = isOptional || Checker.isOptionalChain(base)
      // `save.title(for: .normal)`: a button's title is a plain property
      // here, and calling its value would fail at run time.
      if name.text == "title", arguments.count == 1, arguments[0].label?.text == "for" {
        report(
          .propertyWrittenAsCall("\(name.text)(for:)", property: name.text, base: Checker.dottedName(base)),
          at: callee.range)
      }
      let errorsBefore = errorCount
      if Checker.mutatingMethods.contains(name.text), let target = checkMutatingBase(base, member: name) {
        let member = symbol(name.text)
        noteMember(name, member, of: base)
        // A constant's mutating call is reported already; its closure is not the news.
        guard errorCount == errorsBefore, let access = exclusiveAccess(of: base, method: name, arguments: arguments)
        else {
          return .callMutating(target, member, checkArguments(arguments), optional: optional)
        }
        exclusiveAccesses.append(access)
        let checked = checkArguments(arguments)
        exclusiveAccesses.removeLast()
        return .callMutating(target, member, checked, optional: optional)
      }
      // Not on a session lacking the method: its misspelling is the news.
      if receiverType(of: base).map({ type in symbol(name.text).known.map(type.hasMember) ?? false }) ?? true {
        checkCompletionArity(name, arguments)
      }
      if !optional, let mapped = optionalMapCall(base, method: name, arguments: arguments, range: range) {
        return checkExpr(mapped).kind
      }
      checkListMethodKind(name, of: base, arguments: arguments)
      checkClassArgument(name, arguments: arguments)
      let checkedBase = checkExpr(base)
      let member = symbol(name.text)
      noteMember(name, member, of: base)
      checkSessionCallLabels(name, member: member, arguments: arguments, base: base, range: range)
      checkMainQueueCallLabels(name, arguments: arguments, base: base, range: range)
      return .callMethod(checkedBase, member, checkArguments(arguments), optional: optional)
    case .implicitMember(let name) where Checker.dispatchTimeCalls.contains(name.text):
      // `asyncAfter(deadline: .now() + .milliseconds(500))`: Swift finds
      // `now()` and `milliseconds(_:)` on the deadline's type; the language
      // has no such inference, so the call names `DispatchTime` itself.
      let type = CheckedExpr(.builtin(.dispatchTime), range: callee.range)
      return .callMethod(type, symbol(name.text), checkArguments(arguments), optional: false)
    case .array(let elements) where elements.count == 1 && isTypeExpression(elements[0]):
      // `[Int]()`, `[UIDragItem](repeating: x, count: 2)`: Swift's array
      // type called as its initializer, which is `Array(...)` here.
      return .callBuiltin(.array, checkArguments(arguments))
    case .dictionary(let entries)
    where entries.count == 1 && isTypeExpression(entries[0].key) && isTypeExpression(entries[0].value):
      // `[String: Int]()`: `Dictionary()`.
      return .callBuiltin(.dictionary, checkArguments(arguments))
    default:
      let checkedCallee = checkExpr(callee)
      return .callValue(checkedCallee, checkArguments(arguments))
    }
  }

  /// Whether an expression spells a type the language knows: `Int`,
  /// `[String]`, `[String: Any]`, `UICollectionView.DropProposal`. Only a
  /// name no variable or function of the script hides counts.
  mutating func isTypeExpression(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .identifier(let name):
      guard case .builtin(let builtin)? = resolve(name) else { return false }
      return builtin.kind == .type
    case .member:
      guard let names = Checker.dottedNames(expr), let first = names.first,
        case .builtin? = resolve(first)
      else { return false }
      return Builtin.named(names.joined()).map { $0.kind == .type } ?? false
    case .array(let elements):
      return elements.count == 1 && isTypeExpression(elements[0])
    case .dictionary(let entries):
      return entries.count == 1 && isTypeExpression(entries[0].key) && isTypeExpression(entries[0].value)
    default:
      return false
    }
  }

  /// `A.B.C` as ["A", "B", "C"], or nil for anything but names and dots.
  static func dottedNames(_ expr: Expr) -> [String]? {
    switch expr.kind {
    case .identifier(let name): return [name]
    case .member(let base, let name, false): return dottedNames(base).map { $0 + [name.text] }
    default: return nil
    }
  }

  /// The calls an implicit member can make on `DispatchTime` (the current
  /// virtual time) and `DispatchTimeInterval` (a span of it).
  static let dispatchTimeCalls: Set<String> = ["now", "seconds", "milliseconds", "microseconds", "nanoseconds"]

  mutating func checkBuiltinArity(_ builtin: Builtin, arguments: [Argument], range: SourceRange) {
    let count = arguments.count
    let expected: String?
    switch builtin {
    case .min, .max: expected = count >= 2 ? nil : "2 or more arguments"
    case .abs: expected = count == 1 ? nil : "1 argument"
    case .stride: expected = count == 3 ? nil : "3 arguments (from:to:by: or from:through:by:)"
    case .zip: expected = count == 2 ? nil : "2 arguments, the sequences to pair"
    default: expected = nil
    }
    if let expected {
      report(.wrongArgumentCount(builtin.spelling, expected: expected, found: count), at: range)
    }
  }

  /// `NSItemProvider(obj: x)`: labels that no initializer of the type has
  /// (InitializerCatalogue), reported with the forms it does have.
  mutating func checkInitializerLabels(_ builtin: Builtin, arguments: [Argument], range: SourceRange) {
    guard let forms = InitializerCatalogue.forms(of: builtin) else { return }
    let labels = arguments.map { $0.label?.text }
    if forms.contains(labels) { return }
    let type = builtin.spelling
    let near = InitializerCatalogue.suggestion(for: labels, in: forms)
    var fixIts: [Diagnostic.FixIt] = []
    if let near, let label = arguments.lazy.compactMap(\.label).first(where: { $0.text == near.wrong }) {
      fixIts = [Diagnostic.FixIt(range: label.range, replacement: near.meant)]
    }
    report(
      .noSuchInitializer(
        InitializerCatalogue.spelling(type, labels), type: type, suggestion: near.map { $0.meant + ":" },
        forms: InitializerCatalogue.list(type, forms)),
      at: range, fixIts: fixIts)
  }

  /// `UIDropProposal(operation: .coppy)`: UIDropOperation has four cases,
  /// so any other implicit member given to a proposal is a misspelling.
  mutating func checkDropOperation(_ builtin: Builtin, arguments: [Argument]) {
    switch builtin {
    case .uiDropProposal, .uiTextDropProposal, .uiTableViewDropProposal, .uiCollectionViewDropProposal: break
    default: return
    }
    checkDropIntent(builtin, arguments: arguments)
    let operation =
      arguments.first { $0.label?.text == "operation" }
      ?? arguments.first.flatMap { $0.label == nil ? $0 : nil }
    guard let value = operation?.value, case .implicitMember(let name) = value.kind,
      !Checker.operationNames.contains(name.text)
    else { return }
    let names = ["cancel", "forbidden", "copy", "move"]
    let suggestion = Suggestions.closest(to: name.text, in: names)
    report(
      .unknownDropOperation(name.text, suggestion: suggestion), at: name.range,
      fixIts: replacement(name.range, with: suggestion))
  }

  /// `UITableViewDropProposal(operation: .copy, intent: .insertAtDestination)`:
  /// a list proposal's intent is one of three cases (four for a table).
  private mutating func checkDropIntent(_ builtin: Builtin, arguments: [Argument]) {
    guard builtin == .uiTableViewDropProposal || builtin == .uiCollectionViewDropProposal,
      let value = arguments.first(where: { $0.label?.text == "intent" })?.value,
      case .implicitMember(let name) = value.kind
    else { return }
    var cases = ["unspecified", "insertAtDestinationIndexPath", "insertIntoDestinationIndexPath"]
    if builtin == .uiTableViewDropProposal { cases.append("automatic") }
    guard !cases.contains(name.text) else { return }
    // `.insertAtDestination`: a case cut short names the one it starts.
    let suggestion = Suggestions.closest(to: name.text, in: cases) ?? cases.first { $0.hasPrefix(name.text) }
    report(
      .unknownDropIntent(name.text, proposal: builtin.spelling, cases: cases, suggestion: suggestion),
      at: name.range, fixIts: replacement(name.range, with: suggestion))
  }

  // MARK: - Closures, strings and types

  mutating func checkClosure(_ closure: Closure, range: SourceRange) -> FunctionCode {
    let code = checkFunction(
      name: "closure", kind: .closure, parameters: closure.parameters, body: closure.body,
      hasParameterClause: closure.hasParameterClause, range: range, selfSlot: nil, returnType: closure.returnType)
    checkReturns(of: closure, range: range)
    return code
  }

  mutating func checkString(_ literal: StringLiteral) -> CheckedExpr.Kind {
    var parts: [InterpolationPart] = []
    var text = ""
    var isPlain = true
    for segment in literal.segments {
      switch segment {
      case .text(let piece):
        text += piece
      case .interpolation(let expr):
        isPlain = false
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        parts.append(.value(checkExpr(expr)))
      }
    }
    if isPlain { return .string(text, literal: self.literal(text)) }
    if !text.isEmpty { parts.append(.text(text)) }
    return .interpolation(parts)
  }

  /// A type in a cast. `UICollectionView.DropProposal` reads as
  /// `UICollectionViewDropProposal`.
  mutating func checkType(_ type: TypeRef) -> CheckedType? {
    switch type.kind {
    case .named(let names):
      let spelling = names.map(\.text).joined()
      if let builtin = Builtin.named(spelling), builtin.kind == .type { return .builtin(builtin) }
      let dotted = names.map(\.text).joined(separator: ".")
      let candidates = Builtin.allCases.filter { $0.kind == .type }.map(\.spelling)
      let suggestion = Suggestions.closest(to: spelling, in: candidates)
      report(
        .unknownType(dotted, suggestion: suggestion), at: type.range,
        fixIts: replacement(type.range, with: suggestion))
      return nil
    case .array(let element):
      return checkType(element).map { .array($0) }
    case .dictionary(let key, let value):
      guard let key = checkType(key), let value = checkType(value) else { return nil }
      return .dictionary(key, value)
    case .optional(let wrapped):
      return checkType(wrapped).map { .optional($0) }
    case .function:
      report(.castToFunctionType, at: type.range)
      return nil
    case .tuple:
      report(.castToTupleType, at: type.range)
      return nil
    }
  }
}
