import DndSyntax

/// The checker's messages, alphabetical. Each says what is wrong in the
/// script's own terms and, where it can, what to write instead.
extension DiagnosticMessage {
  static func appHasNoRootView(_ app: String, view: String?) -> DiagnosticMessage {
    .error(
      "'self' in a function of app '\(app)' is the app, which has no 'view' as a view controller does: name "
        + "its views directly" + (view.map { ", as '\($0)'" } ?? ""))
  }

  static func argumentLabelMismatch(_ label: String, function: String, parameters: [String])
    -> DiagnosticMessage
  {
    .error(
      "'\(function)' has no parameter named '\(label)'; its parameters are "
        + "(\(parameters.joined(separator: ", ")))")
  }

  static func annotationMismatch(_ name: String, type: String, literal: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is declared as \(type), but its value is \(literal); a script's types are not checked in "
        + "general, but a literal that contradicts its annotation is reported")
  }

  static func argumentOrder(_ first: String, before second: String, function: String) -> DiagnosticMessage {
    .error(
      "argument '\(first)' must come before argument '\(second)': a call to '\(function)' gives its "
        + "arguments in the order of its parameters")
  }

  /// `declaredWithLet` is false for a parameter or a bound name: Swift
  /// (since Swift 3) has no `var` parameters, and a condition's binding is
  /// made a variable with `if var`.
  static func assignmentToConstant(_ name: String, declaredWithLet: Bool = true) -> DiagnosticMessage {
    // `reduce(into: 0) { $0 += $1 }`: there is no inout, so no declaration would help.
    if name.hasPrefix("$") {
      return .error(
        "cannot assign to '\(name)': a closure's arguments are constants, and dnd has no inout, so "
          + "'reduce(into:)' is not part of it; write 'reduce(0) { $0 + $1 }', or a 'for' loop")
    }
    guard declaredWithLet else {
      return .error(
        "cannot assign to '\(name)': it is a constant, as in Swift. A parameter or a 'for' loop's name: change "
          + "a copy ('var \(name) = \(name)'), or keep state that handlers share in an app variable; a name "
          + "'if let', 'guard let' or 'while let' binds: write 'var' there instead of 'let'")
    }
    return .error("cannot assign to '\(name)': it is a 'let' constant; declare it with 'var' to change it")
  }

  static func assignmentToDeclaration(_ name: String, what: String) -> DiagnosticMessage {
    .error("cannot assign to '\(name)': it names \(what), not a variable")
  }

  static func blockOnWrongView(_ kind: String, view: String, allowed: String) -> DiagnosticMessage {
    .error("a '\(kind)' block cannot be attached to \(view); it belongs on \(allowed)")
  }

  static var breakOutsideLoop: DiagnosticMessage {
    .error("'break' is only allowed inside a loop ('for' or 'while') or a 'switch'")
  }

  static func blockCountedOnItsView(_ name: String, view: String) -> DiagnosticMessage {
    .error(
      "the trace records the calls of the block '\(name)' under its view '\(view)' (it keeps the names of "
        + "drag, drop and spring-loaded interactions only): write 'on \(view)'")
  }

  static func callCountNotInt(found: String) -> DiagnosticMessage {
    .error("'expect called ... times' takes a whole number of calls, such as 'times 2', not \(withArticle(found))")
  }

  static var cannotAssign: DiagnosticMessage {
    .error("cannot assign to this expression; assign to a variable, a property or a subscript")
  }

  static var castToFunctionType: DiagnosticMessage {
    .error("a value cannot be cast to a function type; call it, or cast to a class such as 'String'")
  }

  static var castToTupleType: DiagnosticMessage {
    .error("a value cannot be cast to a tuple type; cast its elements instead, as in 'pair.0 as? Int'")
  }

  static func capturedBeforeValue(_ name: String, kind: String, user: String) -> DiagnosticMessage {
    .error(
      "\(user) uses '\(name)', which may have no value yet where it is written or called ('\(kind) \(name)' "
        + "was declared without one); give '\(name)' a value on every path before that point")
  }

  static func cellHandlerReturnsNonCell(_ handler: String, cellType: String, found: String, label: String?)
    -> DiagnosticMessage
  {
    let fix =
      label.map { "wrap it in a cell: '\(cellType)(\($0): ...)'" }
      ?? "return a cell such as '\(cellType)(text: ...)'"
    return .error("'\(handler)' must return a \(cellType), but this is \(found); \(fix)")
  }

  static var closureOnItsOwnLine: DiagnosticMessage {
    .warning(
      "this closure is made and dropped; if it is meant as the trailing closure of the call above, its '{' must "
        + "be on that call's line, as in 'session.loadObjects(ofClass: String.self) { strings in ... }'")
  }

  static func completionArity(_ method: String, parameters: [String], found: Int) -> DiagnosticMessage {
    let list = parameters.joined(separator: ", ")
    let takes = parameters.count == 1 ? "1 parameter" : "\(parameters.count) parameters"
    return .error(
      "the closure of '\(method)' is called with \(takes) (\(list)), but this one declares \(found); "
        + "write '{ \(list) in ... }'")
  }

  static func classArgumentNotClass(_ method: String, found: String) -> DiagnosticMessage {
    .error("'\(method)' takes a class, such as 'String.self' or 'UIImage.self', not \(found)")
  }

  static var continueOutsideLoop: DiagnosticMessage {
    .error("'continue' is only allowed inside a loop ('for' or 'while')")
  }

  static func defaultValueInHandler(_ name: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is called by UIKit, which passes every argument: its parameters take no default values; "
        + "remove '= ...'")
  }

  static func defaultValueUsesLocal(_ name: String, isParameter: Bool) -> DiagnosticMessage {
    let what = isParameter ? "a parameter of the same function" : "a local variable"
    return .error(
      "a default value cannot use '\(name)', \(what): it is computed for each call that leaves the "
        + "argument out, where only global names are in sight; write a literal or use a global")
  }

  static func duplicateDeclaration(_ name: String) -> DiagnosticMessage {
    .error("invalid redeclaration of '\(name)'")
  }

  static func duplicateDeclarationAcrossApps(_ name: String, first: String, second: String)
    -> DiagnosticMessage
  {
    .error(
      "'\(name)' is declared in both app '\(first)' and app '\(second)'; the names of all apps share "
        + "one namespace, so rename one of them")
  }

  static func delegateMethodOutsideBlock(_ name: String, block: String?, script: String?) -> DiagnosticMessage {
    guard let script else {
      return .warning(
        "UIKit never calls a function '\(name)' declared here: a delegate method goes in a block of its view, "
          + "under its script name ('dropInteraction { func performDrop(session) { ... } }'; see handlers.md)")
    }
    let inBlock = block.map { "a '\($0) { }' block of its view" } ?? "its view's body"
    return .error(
      "'\(name)' is a delegate method, which UIKit calls only when it is in \(inBlock): write '\(script)' there")
  }

  static func duplicateCase(_ pattern: String) -> DiagnosticMessage {
    .warning(
      "'\(pattern)' is already handled by an earlier pattern of this switch, so this one never matches; "
        + "remove it, or merge the two cases")
  }

  static var duplicateDevice: DiagnosticMessage {
    .error("the device is already declared; a script runs on one device")
  }

  static func duplicateHandler(_ name: String, block: String) -> DiagnosticMessage {
    .error("'\(name)' is already implemented in this '\(block)' block")
  }

  static func duplicateInteraction(_ kind: String, view: String) -> DiagnosticMessage {
    .error("\(view) already has a '\(kind)'; to attach another, name it: '\(kind) other { ... }'")
  }

  static func duplicateProperty(_ name: String) -> DiagnosticMessage {
    .error("'\(name)' is already set in this block")
  }

  static func duplicateScenario(_ title: String) -> DiagnosticMessage {
    .error(
      "a scenario named \"\(title)\" comes earlier in the script; give each its own title, which "
        + "'--scenario', '--filter' and the reports go by")
  }

  /// `expect [not] called` naming a method no delegate of the view (or of
  /// the script) implements: the trace shows only implemented methods.
  static func expectedCallNeverTraced(
    _ method: String, view: String?, negated: Bool, counted: Bool, implemented: [String]
  ) -> DiagnosticMessage {
    let owner = view.map { "on '\($0)'" } ?? "by any delegate of this script"
    let outcome = counted ? "counts no calls, whatever happens" : negated ? "always holds" : "can never hold"
    var text = "'\(method)' is not implemented \(owner), and the trace shows only the methods a script "
      + "implements, so this expectation \(outcome)"
    if let view, !implemented.isEmpty {
      text += "; expect one that '\(view)' implements (\(implemented.prefix(4).joined(separator: ", ")))"
    } else {
      text += "; implement '\(method)', or expect a method the script implements"
    }
    return .warning(text)
  }

  /// `expect called` with no method named after the word (and no Bool of that name).
  static func expectStepNameMissing(_ word: String) -> DiagnosticMessage {
    let example =
      word == "called" ? "'expect called performDrop'" : "'expect exception NSInternalInconsistencyException'"
    return .error("'expect \(word)' needs a name after '\(word)', as in \(example)")
  }

  /// At the top level, outside a loop, a `guard` has no way out.
  static var guardAtTopLevel: DiagnosticMessage {
    .error(
      "the 'else' of a 'guard' must not fall through, and the top level has no 'return': write "
        + "'if let ... { }' instead, or put the code in a function or a scenario")
  }

  static var guardMustExit: DiagnosticMessage {
    .error("the 'else' of a 'guard' must not fall through; end it with 'return', 'break' or 'continue'")
  }

  static func handlerArity(
    _ name: String, owner: String, expected: [String], minimum: Int, found: Int, uikitFirst: String? = nil
  ) -> DiagnosticMessage {
    let list = expected.isEmpty ? "none" : expected.joined(separator: ", ")
    let count =
      minimum == expected.count
      ? "\(expected.count) parameter\(expected.count == 1 ? "" : "s")"
      : "\(minimum) to \(expected.count) parameters"
    let advice = uikitFirst.map {
      "; remove '\($0)': UIKit passes it first, and a script's handler leaves it out (its view is 'self')"
    }
    return .error("'\(name)' of \(owner) takes \(count) (\(list)), but this one has \(found)" + (advice ?? ""))
  }

  static func handlerForOtherView(_ name: String, owner: String, view: String, counterpart: String)
    -> DiagnosticMessage
  {
    .error("'\(name)' is a method of \(owner); on \(view) the same method is called '\(counterpart)'")
  }

  static func handlerInWrongBlock(_ name: String, owner: String, block: String, here: String)
    -> DiagnosticMessage
  {
    .error("'\(name)' is a method of \(owner), so it belongs in a '\(block)' block, not in '\(here)'")
  }

  static func handlerReturnsWrongValue(
    _ name: String, uikit: String, expected: String, found: String, advice: String
  ) -> DiagnosticMessage {
    .error("'\(name)' must return \(expected) (UIKit's \(uikit)), but this is \(found); \(advice)")
  }

  static func interactiveMovementOnly(_ name: String) -> DiagnosticMessage {
    .warning(
      "dnd never calls a collection view's '\(name)' for a drop: Apple documents it for interactive movement "
        + "(the collection view's own reorder gesture), and whether a drop uses it is not on record, so a reorder "
        + "belongs in the drop delegate's 'performDropWith', which moves the item in the model and in the "
        + "collection view (coordinator.drop(_:toItemAt:) animates it)")
  }

  static func letAssignedInLoop(_ name: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is a 'let' declared outside this loop, and this assignment is on a path that goes round the "
        + "loop again, which would give it a second value; declare it with 'var' or inside the loop, or leave the "
        + "loop ('break', 'return') after assigning it")
  }

  static func letMayHaveValue(_ name: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is a 'let' constant and may already have its value here; a 'let' takes one value on each "
        + "path (assign it once in each branch), or declare it with 'var' to change it")
  }

  static func letWithoutValue(_ name: String) -> DiagnosticMessage {
    .error("'let \(name)' needs a value: write 'let \(name) = ...', or use 'var' to assign it later")
  }

  static func madeByUIKit(_ name: String, instead: String) -> DiagnosticMessage {
    .error("a script does not make a '\(name)': \(instead)")
  }

  static func listMethodOfOtherKind(_ name: String, type: String, instead: String) -> DiagnosticMessage {
    let other = type == "UITableView" ? "UICollectionView" : "UITableView"
    return .error("'\(name)' is \(other)'s; \(type) has '\(instead)' instead")
  }

  static func memberNotInDnd(_ name: String, instead: String) -> DiagnosticMessage {
    .error("'\(name)' is not part of dnd; \(instead)")
  }

  static func methodLabels(_ call: String, type: String, form: String) -> DiagnosticMessage {
    .error("\(type) has no method '\(call)'; it is written \(form)")
  }

  static func memberNotOnType(_ name: String, type: String, suggestion: String?) -> DiagnosticMessage {
    .error("value of type '\(type)' has no member '\(name)'" + didYouMean(suggestion))
  }

  static func memberOfConstantValue(_ name: String, type: String) -> DiagnosticMessage {
    .error(
      "cannot assign to a property of '\(name)': it is a 'let' constant holding \(withArticle(type)), a value, so "
        + "its properties are constant too; declare it with 'var' to change them")
  }

  static func missingArgument(_ name: String, parameter: String, parameters: [String]) -> DiagnosticMessage {
    .error(
      "'\(name)' gets no value for its parameter '\(parameter)', which has no default: the arguments go to "
        + "the parameters in order (\(parameters.map { $0 + ":" }.joined(separator: " "))); pass '\(parameter)', "
        + "labelled with its name if one before it is left out")
  }

  static func missingHandlerReturn(_ name: String, uikit: String, expected: String) -> DiagnosticMessage {
    .error(
      "'\(name)' must return \(expected) (UIKit's \(uikit)), but it can reach its end without a 'return'; "
        + "add 'return' with \(expected) before its closing brace")
  }

  /// `function` is "function 'count'" or "a closure".
  static func missingReturn(in function: String, type: String) -> DiagnosticMessage {
    .error(
      "missing return in \(function) expected to return '\(type)'; add 'return' with a value before "
        + "its closing brace")
  }

  static func mutatingMemberOnConstant(_ member: String, name: String) -> DiagnosticMessage {
    .error("cannot use mutating member '\(member)' on '\(name)': it is a 'let' constant")
  }

  static func negativeCallCount(_ count: Int) -> DiagnosticMessage {
    .error("a call count cannot be negative (\(count)); write 'times 0', or 'expect not called'")
  }

  static func nameNotInDnd(_ name: String, instead: String) -> DiagnosticMessage {
    .error("'\(name)' is not part of dnd; \(instead)")
  }

  static func noSuchInitializer(_ call: String, type: String, suggestion: String?, forms: String)
    -> DiagnosticMessage
  {
    let hint = suggestion.map { ": did you mean '\($0)'? It" } ?? "; it"
    return .error("'\(type)' has no initializer \(call)\(hint) is created with \(forms)")
  }

  static var performDropWithoutProposal: DiagnosticMessage {
    .warning(
      "this drop interaction has 'performDrop' but no 'sessionDidUpdate': without a proposal UIKit cancels "
        + "every drop here, so 'performDrop' is never called; add 'func sessionDidUpdate(session) "
        + "{ UIDropProposal(operation: .copy) }'")
  }

  /// `numbers.sort { a, b in numbers.count > 0 && a < b }`.
  static func overlappingAccess(_ name: String, method: String) -> DiagnosticMessage {
    .error(
      "overlapping accesses to '\(name)': '\(method)' changes it while its closure uses it; copy it before "
        + "the call ('let before = \(name)') and use the copy in the closure")
  }

  static func propertyLiteralKind(_ property: String, type: String, found: String, advice: String)
    -> DiagnosticMessage
  {
    let article = "AEIOU".contains(type.first ?? "x") ? "an" : "a"
    return .error("cannot set '\(property)', which holds \(article) \(type), to \(found)\(advice)")
  }

  /// `save.title(for: .normal)`: UIKit's accessor of a property dnd keeps plain.
  static func propertyWrittenAsCall(_ call: String, property: String, base: String?) -> DiagnosticMessage {
    let written = base.map { "\($0).\(property)" } ?? property
    return .error(
      "'\(call)' is UIKit's accessor; in dnd the \(property) is a property with one state: write '\(written)'")
  }

  static func requiredMethodMissing(_ methods: [String], block: String, protocol name: String) -> DiagnosticMessage {
    let list = methods.map { "'\($0)'" }.joined(separator: " and ")
    return .warning(
      "this '\(block)' block has no \(list), which \(name) requires: Swift does not compile the delegate without "
        + (methods.count == 1 ? "it" : "them"))
  }

  static var returnOutsideFunction: DiagnosticMessage {
    .error("'return' is only allowed inside a function, a closure, a scenario or an item")
  }

  static func returnWithoutValue(in function: String, expected: String) -> DiagnosticMessage {
    .error("a 'return' in \(function) needs a value: write 'return' with \(expected) after it")
  }

  /// A REPL input declaring again what an earlier input built: the scene
  /// keeps it, so the declaration could only add a second one.
  /// `character` as Swift escapes it (`\n`, `\u{7}`).
  static func scenarioTitleControlCharacter(_ character: String) -> DiagnosticMessage {
    .error(
      "a scenario's title is one line of text, shown in reports and in the commands that rerun it, but this one "
        + "holds '\(character)'; leave control characters and line separators out")
  }

  static func sceneAlreadyHas(_ name: String, what: String) -> DiagnosticMessage {
    .error(
      "\(what) '\(name)' is already in the scene, from an earlier input, and the scene keeps what it built; "
        + "type ':reset' to start over (or ':reload', if it came from a file you loaded), then declare it")
  }

  /// A REPL input after the first declares a device: `current` is the
  /// session's, fixed when the scene was built (by the first input, or by
  /// the script the session loaded).
  static func sceneAlreadyHasDevice(current: String, declared: String) -> DiagnosticMessage {
    guard current != declared else {
      return .error(
        "this session runs on an \(current) already, chosen when its scene was built (a device is declared "
          + "once, before anything else); leave this line out")
    }
    return .error(
      "this session runs on an \(current), chosen when its scene was built by its first input or the script it "
        + "loaded (a device is declared once, before anything else); to run on an \(declared), put "
        + "'device \(declared)' first in that script and type ':reload', or type ':reset' and make it the first input")
  }

  static var selfBoundToAnotherValue: DiagnosticMessage {
    .error("'self' can only be bound to itself, as in 'guard let self = self else { return }'; pick another name")
  }

  static var selfOutsideDeclaration: DiagnosticMessage {
    .error("'self' is only available in the functions of an app, a view or a source")
  }

  static func stepSourceItem(_ step: String, item: String) -> DiagnosticMessage {
    .error(
      "'\(step)' needs a view or a point, not an item of a source app: such an item is only picked up, with "
        + "'longPress \(item)'; to drag several, return an array of drag items from one item's body")
  }

  static func reversedRangePattern(_ low: Int, _ high: Int, isClosed: Bool) -> DiagnosticMessage {
    let op = isClosed ? "..." : "..<"
    return .error(
      "a range needs its lower bound (\(low)) to be at most its upper bound (\(high)); Swift stops on "
        + "'\(low)\(op)\(high)' when the switch runs: write '\(high)\(op)\(low)'")
  }

  static func someWrapper(_ payload: String) -> DiagnosticMessage {
    .error(
      "dnd's optionals are a value or nil, with no '.some' wrapper: write the value itself, '\(payload)' (in a "
        + "switch, 'case .some:' matches any value but nil)")
  }

  static func swiftDelegateSignature(_ selector: String, script: String) -> DiagnosticMessage {
    .error(
      "a script writes UIKit's \(selector) as '\(script)': the method's short name, and its parameters "
        + "after the first, without labels (docs/handlers.md lists them all)")
  }

  /// `iOS 17.4.1.2`: more numbers than a version has.
  static func systemVersionTooLong(_ system: String, version: String) -> DiagnosticMessage {
    .error(
      "'\(version)' is not a version of \(system): a version has at most three numbers (major, minor and patch), "
        + "as in '\(system) 17.4.1'")
  }

  /// `(a, b) = (b, a)`, Swift's swap.
  static var tupleAssignment: DiagnosticMessage {
    .error(
      "dnd cannot assign to several variables at once; swap two elements of an array with "
        + "'items.swapAt(i, j)', and two variables through a constant ('let old = a; a = b; b = old')")
  }

  static func tupleDeclCountMismatch(names: Int, elements: Int) -> DiagnosticMessage {
    .error(
      "this tuple has \(elements) elements, but \(names) names take it apart; write one name (or '_') "
        + "for each element")
  }

  static func tupleDeclNotATuple(names: Int, found: String) -> DiagnosticMessage {
    .error(
      "cannot take \(found) apart into \(names) names; write a tuple of \(names) elements, or declare one "
        + "name: 'let value = ...'")
  }

  /// `name` is the interaction (whose view the handler's view is) or the
  /// table or collection view itself.
  static func selfIsTheView(_ view: String, written: String) -> DiagnosticMessage {
    .error(
      "a handler's 'self' is the view it belongs to, '\(view)', not a view controller with a 'view': write "
        + "'self' (or '\(view)') for '\(written)'")
  }

  static func uikitFirstArgument(_ name: String, view: String, isInteraction: Bool) -> DiagnosticMessage {
    .error(
      "'\(name)' is UIKit's first argument, which a script's handlers do not take: this handler belongs to "
        + "'\(view)', so write '\(view)' (or 'self') for " + (isInteraction ? "'\(name).view'" : "it"))
  }

  static func unknownAppProperty(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("'\(name)' is not a property an app can set" + didYouMean(suggestion))
  }

  static func unknownDelegateMethod(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("'\(name)' is not a delegate method a script can implement" + didYouMean(suggestion))
  }

  static func unknownDevice(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("unknown device '\(name)'; a script runs on 'iPad' or 'iPhone'" + didYouMean(suggestion))
  }

  static func unknownDropIntent(_ name: String, proposal: String, cases: [String], suggestion: String?)
    -> DiagnosticMessage
  {
    let list = cases.dropLast().map { "." + $0 }.joined(separator: ", ") + " and ." + (cases.last ?? "")
    let hint = suggestion.map { ": did you mean '.\($0)'? It" } ?? "; it"
    let table = proposal != "UITableViewDropProposal" && name == "automatic" ? " (.automatic is a table view's)" : ""
    return .error("'.\(name)' is not an intent of \(proposal)\(hint) has \(list)\(table)")
  }

  static func unknownDropOperation(_ name: String, suggestion: String?) -> DiagnosticMessage {
    let hint = suggestion.map { ": did you mean '.\($0)'? UIDropOperation" } ?? "; UIDropOperation"
    return .error("'.\(name)' is not a drop operation\(hint) has .cancel, .forbidden, .copy and .move")
  }

  static func unknownEnumCase(_ name: String, type: String, cases: [String]) -> DiagnosticMessage {
    .error("'\(name)' is not a case of \(type); its cases are " + cases.map { ".\($0)" }.joined(separator: ", "))
  }

  static func unknownException(_ name: String, suggestion: String?, known: [String]) -> DiagnosticMessage {
    let hint = suggestion.map { ": did you mean '\($0)'? The" } ?? "; the"
    return .error(
      "'\(name)' is not an exception the runtime raises\(hint) exceptions it raises are "
        + known.joined(separator: " and "))
  }

  static func unknownHandler(
    _ name: String, owner: String, suggestion: String?, elsewhere: (owners: [String], block: String)? = nil
  ) -> DiagnosticMessage {
    // Seed 001 sizes its items in UICollectionViewDelegateFlowLayout.
    // Only on the kind of list that has the method: a table's `heightForRowAt`
    // on a collection view is told apart as any other name.
    if (name == "sizeForItemAt" && owner.hasPrefix("UICollectionView"))
      || (name == "heightForRowAt" && owner.hasPrefix("UITableView"))
    {
      let property = name == "sizeForItemAt" ? "itemSize = Size(width, height)" : "rowHeight = height"
      // UIKit has both (the flow layout's delegate protocol extends the collection view's).
      let uikitOwner = name == "sizeForItemAt" ? "UICollectionViewDelegateFlowLayout" : "UITableViewDelegate"
      return .error(
        "'\(name)' is a method of \(uikitOwner) that dnd does not ask: the size is the view's own property "
          + "here; write '\(property)' in the view's body")
    }
    let belongs = elsewhere.map { other in
      let owners = other.owners.count <= 2 ? other.owners.joined(separator: " and ")
        : other.owners.dropLast().joined(separator: ", ") + " and " + (other.owners.last ?? "")
      return " ('\(name)' itself is a method of \(owners), written in a '\(other.block)' block)"
    }
    return .error("'\(name)' is not a method of \(owner)" + didYouMean(suggestion) + (belongs ?? ""))
  }

  static func unknownInteractionProperty(_ name: String, block: String, suggestion: String?)
    -> DiagnosticMessage
  {
    .error("'\(name)' is not a property a '\(block)' block can set" + didYouMean(suggestion))
  }

  /// A real UIKit list method dnd does not model (UnmodelledMethods).
  static func unmodelledHandler(_ name: String, owner: String, topic: String) -> DiagnosticMessage {
    .error("'\(name)' is a method of \(owner) that dnd does not model, so leave it out: it is about \(topic)")
  }

  static func unknownMemberName(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("no type dnd knows has a member '\(name)'" + didYouMean(suggestion))
  }

  static func unknownName(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("cannot find '\(name)' in scope" + didYouMean(suggestion))
  }

  static func unknownSystem(_ name: String, device: String, suggestion: String, version: String) -> DiagnosticMessage {
    .error("an \(device) runs '\(suggestion)', not '\(name)'; write 'device \(device) \(suggestion) \(version)'")
  }

  static func unknownSystemVersion(_ system: String, version: String) -> DiagnosticMessage {
    if system == "iPadOS" {
      return .error(
        "there is no iPadOS \(version): iPadOS began at 13 (an older iPad runs iOS, as in 'device iPad iOS 12'), "
          + "and after 18 the numbering jumped to 26; write a version from 13 to 18, or 26")
    }
    return .error(
      "there is no iOS \(version) with drag and drop: it came with iOS 11, and after iOS 18 the numbering jumped "
        + "to 26; write a version from 11 to 18, or 26")
  }

  static func unknownType(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("cannot find type '\(name)' in scope" + didYouMean(suggestion))
  }

  static func unknownViewFunction(_ name: String, view: String, suggestion: String?, tap: Bool) -> DiagnosticMessage {
    // A button's tap is its one method, under another name than UIKit's target-action pairs.
    let advice = tap && suggestion == nil ? "a tap calls 'func action()'; " : ""
    return .error(
      "'\(name)' is not a method UIKit calls on \(view); \(advice)write helper functions in the app body"
        + didYouMean(suggestion))
  }

  static func unknownViewKind(_ name: String, suggestion: String?) -> DiagnosticMessage {
    .error("'\(name)' is not a kind of view" + didYouMean(suggestion))
  }

  static func unknownViewProperty(_ name: String, owner: String, suggestion: String?) -> DiagnosticMessage {
    .error("'\(name)' is not a property of \(owner)" + didYouMean(suggestion))
  }

  static func useBeforeDeclaration(_ name: String) -> DiagnosticMessage {
    .error("'\(name)' is used before its declaration; move this use below it, or declare '\(name)' above")
  }

  static func usedBeforeValue(_ name: String, kind: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is used before it has a value: '\(kind) \(name)' was declared without one, and a path "
        + "reaches this use without assigning it; assign it on every path before this line, or give the "
        + "declaration a value")
  }

  static func valueIgnored(_ what: String, handler: String) -> DiagnosticMessage {
    .warning("\(what) is computed and dropped: UIKit's method for '\(handler)' returns nothing, so no value answers it")
  }

  static func valueUnused(_ what: String, answer: (text: String, type: String)? = nil) -> DiagnosticMessage {
    let fix = answer.map { "write '\($0.text)' if it is the answer (UIKit's method returns \($0.type))" }
    return .warning(
      "\(what) is computed and dropped: only a body that is one expression answers without 'return'; "
        + (fix ?? "write 'return' before it if it is the answer"))
  }

  static func viewPropertyNotOnKind(_ name: String, kind: ViewKind, owners: [String]) -> DiagnosticMessage {
    let have = owners.count == 1 ? "has it" : "have it"
    let list = owners.count <= 2 ? owners.joined(separator: " and ")
      : owners.dropLast().joined(separator: ", ") + " and " + (owners.last ?? "")
    return .error(
      "cannot assign to '\(name)': it is not a settable property of \(kind.uikitClass) (\(list) \(have))")
  }

  static func viewReadBeforeSetUp(_ view: String, member: String) -> DiagnosticMessage {
    .warning(
      "'\(view).\(member)' is read before '\(view)' is set up: views get their properties in the order the "
        + "script writes them, so '\(view)' still has UIKit's defaults here; declare '\(view)' above this view, "
        + "or set this property in a function or a scenario")
  }

  static func wrongArgumentCount(_ name: String, expected: String, found: Int) -> DiagnosticMessage {
    .error("'\(name)' takes \(expected), but \(found) \(found == 1 ? "was" : "were") given")
  }

  /// "a Double", "an Int"; "nil" as it is.
  static func withArticle(_ type: String) -> String {
    if type == "nil" { return type }
    return ("AEIOU".contains(type.first ?? "x") ? "an " : "a ") + type
  }

  /// "; did you mean 'x'?" or nothing.
  private static func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
