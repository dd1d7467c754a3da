import DndSyntax

/// Declarations: the device, apps and their views, interactions and
/// handlers, sources and their items, scenarios, and function bodies.
extension Checker {
  mutating func checkDevice(_ decl: DeviceDecl) {
    // A REPL input after the first: the session's world, made with the
    // first input, already has its device, and a new one would be ignored.
    // (A device dnd does not know is reported as such, below.)
    if continuesEarlierInput, Device(rawValue: decl.name.text) != nil {
      let current = device.rawValue + (systemVersion.map { " iOS \($0)" } ?? "")
      let declared = decl.name.text + (decl.system.map { " \($0.name.text) \($0.version)" } ?? "")
      report(.sceneAlreadyHasDevice(current: current, declared: declared), at: decl.range)
      return
    }
    if let previous = deviceRange {
      report(
        .duplicateDevice, at: decl.range,
        notes: [Diagnostic.Note("the device is declared here", at: previous)])
      return
    }
    deviceRange = decl.range
    guard let parsed = Device(rawValue: decl.name.text) else {
      let suggestion = Suggestions.closest(to: decl.name.text, in: Device.allCases.map(\.rawValue))
      report(
        .unknownDevice(decl.name.text, suggestion: suggestion), at: decl.name.range,
        fixIts: replacement(decl.name.range, with: suggestion))
      return
    }
    device = parsed
    if let system = decl.system { systemVersion = checkSystemVersion(system, on: parsed) }
  }

  /// `iOS 15` after the device: the major version, if iOS had it. Any
  /// version drag and drop exists in is taken; the model tells two apart
  /// (before and from iOS 15, §11), and the trace names the one given.
  mutating func checkSystemVersion(_ system: SystemVersion, on device: Device) -> Int? {
    let name = system.name.text
    let systems = device == .iPad ? ["iOS", "iPadOS"] : ["iOS"]
    let major = system.version.split(separator: ".", maxSplits: 1).first.flatMap { Int($0) }
    guard systems.contains(name) else {
      let suggestion = name == "iPadOS" ? "iOS" : Suggestions.closest(to: name, in: systems) ?? "iOS"
      // The example must check in turn: `watchOS 9` becomes `iOS 15`, not `iOS 9`.
      let version = major.map(Self.systemVersions.contains) == true ? system.version : "15"
      report(
        .unknownSystem(name, device: device.rawValue, suggestion: suggestion, version: version),
        at: system.name.range,
        fixIts: replacement(system.name.range, with: suggestion))
      return nil
    }
    guard let major, Self.systemVersions.contains(major), !(name == "iPadOS" && major < 13) else {
      report(.unknownSystemVersion(name, version: system.version), at: system.versionRange)
      return nil
    }
    // Apple's versions have a major, a minor and a patch number at most.
    guard system.version.split(separator: ".").count <= 3 else {
      report(.systemVersionTooLong(name, version: system.version), at: system.versionRange)
      return nil
    }
    return major
  }

  /// The iOS versions that have drag and drop: 11 to 18, then 26 (the
  /// numbering jumped to the year).
  static let systemVersions: Set<Int> = Set(11...18).union([26])

  // MARK: - Apps and views

  mutating func checkApp(_ decl: AppDecl) -> CheckedStmt {
    let slot = globalSlot(declaredBy: decl.name) ?? declareGlobal(decl.name, kind: .app)
    // Views exist once their app is declared, so they may refer to each other.
    for member in decl.members {
      if case .view(let view) = member { markViewsDeclared(view) }
    }
    var members: [CheckedAppMember] = []
    var properties: [String: SourceRange] = [:]
    for member in decl.members {
      switch member {
      case .view(let view):
        members.append(.view(checkView(view)))
      case .property(let assignment):
        let entries = PropertyCatalogue.appProperties
        if let property = checkProperty(
          assignment, entries: entries, seen: &properties,
          unknown: { .unknownAppProperty(assignment.name.text, suggestion: $0) })
        {
          members.append(.property(property))
        }
      case .variable(let variable):
        members.append(.variable(checkGlobalVariable(variable)))
      case .function(let function):
        let functionSlot =
          globalSlot(declaredBy: function.name) ?? declareGlobal(function.name, kind: .function)
        let code = checkFunction(function, kind: .function, selfSlot: slot)
        globalFunctions.append(GlobalFunction(slot: functionSlot, code: code))
        members.append(.function(functionSlot))
      }
    }
    apps.append(CheckedApp(name: decl.name.text, slot: slot, members: members, range: decl.range))
    return CheckedStmt(.declareApp(apps.count - 1), range: decl.range)
  }

  private mutating func markViewsDeclared(_ view: ViewDecl) {
    if let slot = globalSlot(declaredBy: view.name) { globalDeclared[slot] = true }
    for member in view.members {
      if case .view(let child) = member { markViewsDeclared(child) }
    }
  }

  /// `enclosing` names the views around this one, outermost first.
  mutating func checkView(_ decl: ViewDecl, enclosing: [String] = []) -> CheckedView {
    let kind = ViewKind(rawValue: decl.kind.text) ?? .view
    if ViewKind(rawValue: decl.kind.text) == nil {
      let suggestion = Suggestions.closest(to: decl.kind.text, in: ViewKind.allCases.map(\.rawValue))
      report(
        .unknownViewKind(decl.kind.text, suggestion: suggestion), at: decl.kind.range,
        fixIts: replacement(decl.kind.range, with: suggestion))
    }
    let slot = globalSlot(declaredBy: decl.name) ?? declareGlobal(decl.name, kind: .view(kind))
    var members: [CheckedViewMember] = []
    var properties: [String: SourceRange] = [:]
    var handlers: [String: SourceRange] = [:]
    var interactions: [String: SourceRange] = [:]
    // Filtered from the catalogue once per view, not once per property.
    var viewProperties: [PropertyEntry]?
    for member in decl.members {
      switch member {
      case .view(let child):
        members.append(.view(checkView(child, enclosing: enclosing + [decl.name.text])))
      case .interaction(let interaction):
        let key = interaction.kind.text + " " + (interaction.name?.text ?? "")
        if let name = interaction.name { declaredNames.append(name.text) }
        if let first = interactions[key] {
          reportDuplicateInteraction(interaction, view: kind, first: first)
        } else {
          interactions[key] = interaction.range
        }
        if let checked = checkInteraction(interaction, on: kind, viewSlot: slot) {
          members.append(.interaction(checked))
        }
      case .function(let function):
        if let handler = checkHandler(function, in: nil, on: kind, viewSlot: slot, seen: &handlers) {
          members.append(.handler(handler))
        }
      case .property(let assignment):
        let entries = viewProperties ?? PropertyCatalogue.properties(of: kind)
        viewProperties = entries
        if let property = checkProperty(
          assignment, entries: entries, seen: &properties,
          unknown: { suggestion in
            let name = assignment.name.text
            // UIKit's own names for what dnd does otherwise ('isEditing') say what to write.
            if let instead = Checker.membersSpelledOtherwise[name] { return .memberNotInDnd(name, instead: instead) }
            return .unknownViewProperty(name, owner: kind.uikitClass, suggestion: suggestion)
          })
        {
          members.append(.property(property))
        }
        checkViewOrder(assignment.value, property: assignment, enclosing: enclosing + [decl.name.text])
      }
    }
    return CheckedView(kind: kind, name: decl.name.text, slot: slot, members: members, range: decl.range)
  }

  private mutating func reportDuplicateInteraction(
    _ decl: InteractionDecl, view: ViewKind, first: SourceRange
  ) {
    let note = Diagnostic.Note("the first one is here", at: first)
    if let name = decl.name {
      report(.duplicateDeclaration(name.text), at: name.range, notes: [note])
    } else {
      let phrase = "this " + view.phrase.split(separator: " ").dropFirst().joined(separator: " ")
      report(.duplicateInteraction(decl.kind.text, view: phrase), at: decl.kind.range, notes: [note])
    }
  }

  /// `name = value` in an app, view or interaction body, against the
  /// catalogue entries for that owner. The value is checked in the global
  /// scope whatever happens, so its own mistakes are reported too.
  private mutating func checkProperty(
    _ assignment: PropertyAssignment, entries: [PropertyEntry], seen: inout [String: SourceRange],
    unknown: (String?) -> DiagnosticMessage
  ) -> CheckedProperty? {
    let value = checkExpr(assignment.value)
    let name = assignment.name
    guard let entry = entries.first(where: { $0.name == name.text }) else {
      let suggestion = Suggestions.closest(to: name.text, in: entries.map(\.name))
      report(unknown(suggestion), at: name.range, fixIts: replacement(name.range, with: suggestion))
      return nil
    }
    if let first = seen[name.text] {
      report(
        .duplicateProperty(name.text), at: name.range, notes: [Diagnostic.Note("first set here", at: first)])
    }
    seen[name.text] = assignment.range
    checkLiteralKind(assignment.value, for: entry)
    return CheckedProperty(entry: entry, symbol: symbol(name.text), value: value, range: assignment.range)
  }

  /// A literal of the wrong kind for a property whose type is sure (`text =
  /// 5`, `frame = (0, 0, 100, 100)`): Swift would not compile it, and the
  /// binding refuses most such values only when the scene is built (a few
  /// properties it merely stores would keep them). Other values are left to
  /// the binding (the checker does not type expressions).
  private mutating func checkLiteralKind(_ value: Expr, for entry: PropertyEntry) {
    let found: String
    switch value.kind {
    case .integer: found = "an integer"
    case .double: found = "a number"
    case .string: found = "a string"
    case .bool: found = "a Bool"
    case .tuple: found = "a tuple"
    case .array: found = "an array"
    default: return
    }
    let type = entry.type.hasSuffix("?") ? String(entry.type.dropLast()) : entry.type
    let fits: Bool
    var advice = ""
    switch type {
    case "String", "NSAttributedString":
      fits = found == "a string"
      if !fits { advice = "; write it as a string, \"...\"" }
    case "Bool": fits = found == "a Bool"
    case "CGFloat", "Double": fits = found == "an integer" || found == "a number"
    case "Int": fits = found == "an integer"
    case "CGRect":
      fits = false
      advice = "; write Rect(x, y, width, height)"
    case "CGSize":
      fits = false
      advice = "; write Size(width, height)"
    default: return
    }
    guard !fits else { return }
    report(.propertyLiteralKind(entry.uikitName, type: entry.type, found: found, advice: advice), at: value.range)
  }

  // MARK: - Interactions and handlers

  mutating func checkInteraction(_ decl: InteractionDecl, on view: ViewKind, viewSlot: Int)
    -> CheckedInteraction?
  {
    guard let kind = InteractionKind(rawValue: decl.kind.text) else {
      let suggestion = Suggestions.closest(to: decl.kind.text, in: InteractionKind.allCases.map(\.rawValue))
      report(
        .unknownViewKind(decl.kind.text, suggestion: suggestion), at: decl.kind.range,
        fixIts: replacement(decl.kind.range, with: suggestion))
      return nil
    }
    var effectiveView = view
    let onWrongView = !kind.allowedViewKinds.contains(view)
    if onWrongView {
      let allowed = kind.allowedViewKinds.map(\.phrase)
      let list = allowed.count == 2 ? "\(allowed[0]) or \(allowed[1])" : allowed.joined(separator: ", ")
      report(.blockOnWrongView(kind.rawValue, view: view.phrase, allowed: list), at: decl.kind.range)
      effectiveView = kind.allowedViewKinds[0]
    }
    var handlers: [CheckedHandler] = []
    var properties: [CheckedProperty] = []
    var seenHandlers: [String: SourceRange] = [:]
    var seenProperties: [String: SourceRange] = [:]
    for member in decl.members {
      switch member {
      case .function(let function):
        if let handler = checkHandler(
          function, in: kind, on: effectiveView, viewSlot: viewSlot, seen: &seenHandlers)
        {
          handlers.append(handler)
        }
      case .property(let assignment):
        let entries = PropertyCatalogue.properties(of: kind)
        if let property = checkProperty(
          assignment, entries: entries, seen: &seenProperties,
          unknown: { .unknownInteractionProperty(assignment.name.text, block: kind.rawValue, suggestion: $0) }
        ) {
          properties.append(property)
        }
      }
    }
    // A handler written as Swift declares it is reported as such, and
    // counts as the method it means.
    let implemented = Set(decl.members.compactMap { member -> String? in
      guard case .function(let function) = member else { return nil }
      return Self.swiftSpelledMethod(function, in: kind, on: effectiveView)?.method.name ?? function.name.text
    })
    // On a view that cannot have the block, the error says so; what the
    // block lacks for another kind of view would only mislead.
    let missing = onWrongView ? [] : kind.requiredMethods(on: effectiveView).filter { !implemented.contains($0) }
    if !missing.isEmpty {
      report(
        .requiredMethodMissing(missing, block: kind.rawValue, protocol: kind.protocolName(on: effectiveView)),
        at: decl.kind.range)
    }
    if kind == .dataSource, view == .collectionView { warnInteractiveMovement(decl) }
    // §12.3: without sessionDidUpdate UIKit proposes nothing, so the drop
    // never happens; a block that implements performDrop meant one.
    let handled = Set(handlers.map(\.method.name))
    // A misspelt handler is already an error, perhaps the missing one.
    let functionCount = decl.members.filter { if case .function = $0 { true } else { false } }.count
    if kind == .dropInteraction, handled.contains("performDrop"), !handled.contains("sessionDidUpdate"),
      handlers.count == functionCount
    {
      report(.performDropWithoutProposal, at: decl.kind.range)
    }
    return CheckedInteraction(
      kind: kind, name: decl.name?.text, handlers: handlers, properties: properties, range: decl.range)
  }

  /// A collection view's `moveItemAt` and `canMoveItemAt` are real
  /// UICollectionViewDataSource methods, documented for interactive movement
  /// (the collection view's own reorder gesture). Choice: a drop never calls
  /// them (whether UIKit's does is not on record, as for tables, §13.9); a
  /// drop reorders in performDropWith. A table's moveRowAt is different: the
  /// model reorders one row through it (§8.8).
  mutating func warnInteractiveMovement(_ decl: InteractionDecl) {
    for member in decl.members {
      guard case .function(let function) = member, ["moveItemAt", "canMoveItemAt"].contains(function.name.text)
      else { continue }
      report(.interactiveMovementOnly(function.name.text), at: function.name.range)
    }
  }

  /// A delegate method in a block of `kind` (nil: directly in the view
  /// body): its name must be one the protocol declares for this view kind,
  /// with the right number of parameters. The body is checked either way.
  mutating func checkHandler(
    _ decl: FuncDecl, in kind: InteractionKind?, on view: ViewKind, viewSlot: Int,
    seen: inout [String: SourceRange]
  ) -> CheckedHandler? {
    let name = decl.name
    let hasLabels = decl.parameters.contains(where: { $0.label != nil })
    let found = hasLabels ? nil : DelegateCatalogue.method(named: name.text, in: kind, on: view)
    // The parameters of a handler UIKit will call have UIKit's types.
    let bound = found.flatMap { method in
      seen[name.text] == nil && method.accepts(parameterCount: decl.parameters.count) ? method : nil
    }
    // Recovery: a handler that leaves out parameters UIKit passes is checked
    // as if it had them, so that a use of one (`indexPath`) is not reported
    // again as an unknown name under the arity error, which is the cause.
    var checked = decl
    if let method = found, !method.accepts(parameterCount: decl.parameters.count) {
      let declared = Set(decl.parameters.map(\.name.text))
      for missing in method.parameters.dropFirst(decl.parameters.count) where !declared.contains(missing) {
        checked.parameters.append(Parameter(name: Name(missing, range: name.range), type: nil, range: name.range))
      }
    }
    let types = checked.parameters.indices.map { bound?.parameterType(at: $0, on: view) }
    let code = checkFunction(
      checked, kind: .handler, selfSlot: viewSlot, parameterTypes: types, answer: bound?.result)
    if hasLabels {
      reportSwiftSignature(decl, in: kind, on: view)
      return nil
    }
    guard let method = found else {
      reportUnknownHandler(name, in: kind, on: view)
      return nil
    }
    if let first = seen[name.text] {
      let block = kind?.rawValue ?? view.rawValue
      report(
        .duplicateHandler(name.text, block: block), at: name.range,
        notes: [firstDeclaredNote(name.text, at: first)])
      return nil
    }
    seen[name.text] = name.range
    if !method.accepts(parameterCount: decl.parameters.count) {
      let owner = kind == nil ? view.uikitClass : method.protocolName
      // `func sessionDidUpdate(_ interaction: UIDropInteraction, session: UIDropSession)`:
      // UIKit's first parameter, which a script's handler leaves out.
      var uikitFirst: String?
      if let first = decl.parameters.first, method.accepts(parameterCount: decl.parameters.count - 1),
        Checker.uikitFirstParameters.contains(first.name.text)
      {
        uikitFirst = first.name.text
      }
      report(
        .handlerArity(
          name.text, owner: owner, expected: method.parameters, minimum: method.minimumParameterCount,
          found: decl.parameters.count, uikitFirst: uikitFirst), at: name.range)
      return nil
    }
    checkCellResults(decl, method: method)
    checkHandlerResults(decl, method: method)
    checkHandlerReturns(of: decl, method: method)
    return CheckedHandler(method: method, function: code)
  }

  /// Explains why a handler name is wrong: it is the table view's name on
  /// a collection view (or the reverse), it belongs in another block, or it
  /// is a typo of one of this block's methods.
  /// `func f(for x: Int)`: dnd's functions take no argument labels.
  /// A function in a delegate block is UIKit's to call (`isHandler`), so its
  /// message does not show how a call reads.
  private mutating func reportParameterLabels(_ decl: FuncDecl, isHandler: Bool = false) {
    for parameter in decl.parameters {
      guard let label = parameter.label else { continue }
      let calls = isHandler ? nil : (function: decl.name.text, parameter: parameter.name.text)
      report(
        .parameterLabel(label.text, calls: calls), at: label.range,
        fixIts: [Diagnostic.FixIt(range: label.range, replacement: "_")])
    }
  }

  /// Remembers the labels `reportParameterLabels` refuses, before any call
  /// to the function is checked (functions are declared ahead of bodies).
  mutating func noteRefusedLabels(_ decl: FuncDecl, of declaration: RefusedLabel.Declaration) {
    for parameter in decl.parameters {
      guard let label = parameter.label, label.text != "_" else { continue }
      refusedLabels.insert(
        RefusedLabel(function: declaration, label: label.text, parameter: parameter.name.text))
    }
  }

  /// `func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession)`
  /// pasted into an app (or at the top level), where a view controller has
  /// it: UIKit calls a delegate method only in a block of its view. Its
  /// Swift selector is an error that says where it goes and how it is
  /// spelt (true: nothing more to report); a function merely named as
  /// UIKit's delegate methods are (`func collectionView(a, b)`) is warned of.
  private mutating func reportDelegateMethodOutsideBlock(_ decl: FuncDecl) -> Bool {
    let labels = decl.parameters.map { parameter in
      parameter.label?.text ?? (parameter.name.range.start != parameter.range.start ? "_" : parameter.name.text)
    }
    let selector = decl.name.text + "(" + labels.map { $0 + ":" }.joined() + ")"
    if decl.parameters.count >= 2, let method = DelegateCatalogue.methods.first(where: { $0.uikitName == selector }) {
      let names = decl.parameters.dropFirst().map(\.name.text)
      report(
        .delegateMethodOutsideBlock(
          selector, block: method.interaction?.rawValue,
          script: "func \(method.name)(\(names.joined(separator: ", ")))"),
        at: decl.name.range)
      return true
    }
    if Checker.delegateSelectorNames.contains(decl.name.text) {
      report(.delegateMethodOutsideBlock(decl.name.text, block: nil, script: nil), at: decl.name.range)
    }
    return false
  }

  /// The names a Swift delegate method gives the parameter UIKit passes
  /// first (the interaction, or the table or collection view).
  static let uikitFirstParameters: Set<String> = [
    "interaction", "dragInteraction", "dropInteraction", "tableView", "collectionView", "textView", "textField",
  ]

  /// The names UIKit's delegate selectors start with (`dropInteraction`,
  /// `collectionView`, ...).
  static let delegateSelectorNames: Set<String> = Set(
    DelegateCatalogue.methods.compactMap { $0.uikitName.split(separator: "(").first.map(String.init) }
      .filter { $0.hasSuffix("Interaction") || $0.hasSuffix("View") })

  /// A handler written as Swift declares it,
  /// `func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool`:
  /// when the selector is a delegate method's, says how a script spells it
  /// (`func canHandle(session)`); otherwise reports the labels.
  private mutating func reportSwiftSignature(_ decl: FuncDecl, in kind: InteractionKind?, on view: ViewKind) {
    guard let (method, selector) = Self.swiftSpelledMethod(decl, in: kind, on: view) else {
      reportParameterLabels(decl, isHandler: true)
      return
    }
    // The script's parameters are UIKit's after the first (the interaction or list view).
    let names = decl.parameters.dropFirst().map(\.name.text)
    let spelling = "func \(method.name)(\(names.joined(separator: ", ")))"
    report(.swiftDelegateSignature(selector, script: spelling), at: decl.name.range)
  }

  /// The delegate method a handler written as Swift declares it means
  /// (`func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)`),
  /// with its Swift selector; nil if it names none.
  static func swiftSpelledMethod(
    _ decl: FuncDecl, in kind: InteractionKind?, on view: ViewKind
  ) -> (method: DelegateMethod, selector: String)? {
    guard decl.parameters.count >= 2 else { return nil }
    // As in Swift, a parameter without a label is labelled by its name
    // (`session: UIDragSession`) unless it starts with "_".
    let labels = decl.parameters.map { parameter in
      parameter.label?.text ?? (parameter.name.range.start != parameter.range.start ? "_" : parameter.name.text)
    }
    let selector = decl.name.text + "(" + labels.map { $0 + ":" }.joined() + ")"
    return DelegateCatalogue.methods(for: kind, on: view).first { $0.uikitName == selector }.map { ($0, selector) }
  }

  private mutating func reportUnknownHandler(_ name: Name, in kind: InteractionKind?, on view: ViewKind) {
    if let kind, let topic = UnmodelledMethods.topic(of: name.text, in: kind.protocolName(on: view)) {
      report(.unmodelledHandler(name.text, owner: kind.protocolName(on: view), topic: topic), at: name.range)
      return
    }
    let elsewhere = DelegateCatalogue.methods(named: name.text)
    if let twin = elsewhere.first(where: { $0.interaction == kind && $0.counterpart != nil }),
      let counterpart = twin.counterpart
    {
      report(
        .handlerForOtherView(
          name.text, owner: twin.protocolName, view: view.phrase, counterpart: counterpart),
        at: name.range, fixIts: [Diagnostic.FixIt(range: name.range, replacement: counterpart)])
      return
    }
    let here = DelegateCatalogue.methods(for: kind, on: view).map(\.name)
    // A name cut short (`numberOfRows`, or a list's `performDrop`) is too far
    // from the method for a typo, but names it when one method starts with it.
    let extensions = name.text.utf8.count >= 6 ? here.filter { $0.hasPrefix(name.text) } : []
    // A name run on with the next argument's name, as Objective-C and Swift 2
    // wrote them (`cellForRowAtIndexPath`, `performDropWithCoordinator`),
    // names the longest method it starts with.
    let lengthened = here.filter { name.text.hasPrefix($0) && name.text.utf8.count > $0.utf8.count }
      .max { $0.utf8.count < $1.utf8.count }
    let suggestion =
      Suggestions.closest(to: name.text, in: here) ?? (extensions.count == 1 ? extensions[0] : nil) ?? lengthened
    if suggestion == nil, let other = elsewhere.first(where: { $0.interaction != kind }) {
      let block = other.interaction?.rawValue ?? "\(view.rawValue) body"
      report(
        .handlerInWrongBlock(
          name.text, owner: other.protocolName, block: block, here: kind?.rawValue ?? view.rawValue),
        at: name.range)
      return
    }
    if let kind {
      // `performDropWith` in a view's drop interaction: the near name is
      // offered, and where the name itself belongs is said beside it.
      var owners: [String] = []
      for method in elsewhere where method.interaction != kind && !owners.contains(method.protocolName) {
        owners.append(method.protocolName)
      }
      let block = elsewhere.first { $0.interaction != kind }?.interaction?.rawValue
      report(
        .unknownHandler(
          name.text, owner: kind.protocolName(on: view), suggestion: suggestion,
          elsewhere: block.map { (owners, $0) }),
        at: name.range,
        fixIts: replacement(name.range, with: suggestion))
    } else {
      report(
        .unknownViewFunction(name.text, view: view.phrase, suggestion: suggestion, tap: view == .button),
        at: name.range,
        fixIts: replacement(name.range, with: suggestion))
    }
  }

  // MARK: - Sources and scenarios

  mutating func checkSource(_ decl: SourceDecl) -> CheckedStmt {
    let slot = globalSlot(declaredBy: decl.name) ?? declareGlobal(decl.name, kind: .source)
    var variables: [CheckedStmt] = []
    var items: [CheckedItem] = []
    var functionSlots: [Int] = []
    var seenItems: [String: SourceRange] = [:]
    for member in decl.members {
      switch member {
      case .variable(let variable):
        // `Safari.visits`: a source answers its variables and functions as members.
        declaredNames.append(variable.name.text)
        variables.append(checkGlobalVariable(variable))
      case .function(let function):
        declaredNames.append(function.name.text)
        let functionSlot =
          globalSlot(declaredBy: function.name) ?? declareGlobal(function.name, kind: .function)
        let code = checkFunction(function, kind: .function, selfSlot: slot)
        globalFunctions.append(GlobalFunction(slot: functionSlot, code: code))
        functionSlots.append(functionSlot)
      case .item(let item):
        if let first = seenItems[item.name.text] {
          report(
            .duplicateDeclaration(item.name.text), at: item.name.range,
            notes: [firstDeclaredNote(item.name.text, at: first)])
        }
        seenItems[item.name.text] = item.name.range
        // `Safari.photo`: the source answers its items as members.
        declaredNames.append(item.name.text)
        let code = checkFunction(
          name: item.name.text, kind: .item, parameters: [], body: item.body, range: item.range,
          selfSlot: slot)
        items.append(
          CheckedItem(name: item.name.text, symbol: symbol(item.name.text), function: code, range: item.range)
        )
      }
    }
    sources.append(
      CheckedSource(
        name: decl.name.text, slot: slot, variables: variables, functionSlots: functionSlots, items: items,
        range: decl.range))
    return CheckedStmt(.declareSource(sources.count - 1), range: decl.range)
  }

  mutating func checkScenario(_ decl: ScenarioDecl) {
    // Reports put the title on one line and in a shell command (`--filter`).
    // C0 and C1 controls, DEL, and the line and paragraph separators.
    if let control = decl.title.unicodeScalars.first(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
    }) {
      let short: [UInt32: String] = [0: "\\0", 9: "\\t", 10: "\\n", 13: "\\r"]
      let escaped = short[control.value] ?? "\\u{" + String(control.value, radix: 16, uppercase: true) + "}"
      report(.scenarioTitleControlCharacter(escaped), at: decl.titleRange)
    }
    if let index = scenarioByTitle[decl.title] {
      let first = scenarios[index]
      let line = file.location(of: Int(first.range.start)).line
      report(
        .duplicateScenario(decl.title), at: decl.titleRange,
        notes: [Diagnostic.Note("the first is on line \(line)", at: first.range)])
    }
    let code = checkFunction(
      name: decl.title, kind: .scenario, parameters: [], body: decl.body, range: decl.range, selfSlot: nil)
    if scenarioByTitle[decl.title] == nil { scenarioByTitle[decl.title] = scenarios.count }
    scenarios.append(CheckedScenario(title: decl.title, function: code, range: decl.range))
  }

  // MARK: - Function bodies

  mutating func checkFunction(
    _ decl: FuncDecl, kind: FunctionCode.Kind, selfSlot: Int?, parameterTypes: [ReceiverType?] = [],
    answer: DelegateResult? = nil
  ) -> FunctionCode {
    // A handler's labels are reported by `checkHandler`, which can say more.
    if kind != .handler, !reportDelegateMethodOutsideBlock(decl) { reportParameterLabels(decl) }
    let decl = Checker.withFractionalDefaults(decl)
    checkDefaultValues(decl, kind: kind, selfSlot: selfSlot)
    let code = checkFunction(
      name: decl.name.text, kind: kind, parameters: decl.parameters, body: decl.body, range: decl.range,
      selfSlot: selfSlot, parameterTypes: parameterTypes, returnType: decl.returnType,
      answer: answer)
    checkReturns(of: decl)
    return code
  }

  /// A body in a new frame: parameters in slots `0..<n` (in a scope of their
  /// own, so the body may shadow them), then the body's locals.
  mutating func checkFunction(
    name: String, kind: FunctionCode.Kind, parameters: [Parameter], body: Block,
    hasParameterClause: Bool = true, range: SourceRange, selfSlot: Int?, parameterTypes: [ReceiverType?] = [],
    returnType: TypeRef? = nil, answer: DelegateResult? = nil
  ) -> FunctionCode {
    let inheritedSelf = selfSlot ?? functions.last?.selfSlot
    functions.append(FunctionContext(name: name, kind: kind, selfSlot: inheritedSelf))
    functions[functions.count - 1].returnType = returnType
    functions[functions.count - 1].answer = answer
    let isTyped = parameterTypes.contains { $0 != nil }
    if isTyped { typedFunctionDepth += 1 }
    pushScope()
    if let returnType { reportTypeSpelledOtherwise(returnType) }
    for (position, parameter) in parameters.enumerated() {
      if let written = parameter.type { reportTypeSpelledOtherwise(written) }
      let type = position < parameterTypes.count ? parameterTypes[position] : nil
      declareLocal(
        parameter.name, isConstant: true, declarationRange: parameter.range, receiver: type,
        isFractional: Checker.isFractional(parameter.type),
        isOptionalCollection: Checker.isOptionalCollection(parameter.type))
    }
    pushScope()
    let block = closeBlock(checkStatements(body.statements, implicitReturn: true))
    _ = popScope()
    let context = functions.removeLast()
    if isTyped { typedFunctionDepth -= 1 }
    return FunctionCode(
      name: name, kind: kind, parameterNames: parameters.map(\.name.text),
      hasParameterClause: hasParameterClause,
      frameSize: context.frameSize, captures: context.captures, body: block, range: range)
  }
}
