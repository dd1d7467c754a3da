import DndSyntax

/// Member names that nothing can have: `session.localDragSesion`,
/// `items.apend("x")`.
///
/// The language is dynamically typed, so the checker does not know what a
/// receiver is, but it knows every member anything can answer. The
/// interpreter and the binding dispatch a member on its symbol, comparing
/// it with a `KnownMember` case (NativeObject.swift), and otherwise only by
/// the script's own names: an app's variables, functions and views
/// (`AppObject`), a source's items (`SourceObject`), `self.name` in a
/// handler (resolved here to the app's global). Tuples are labelled only by
/// the runtime (`offset`, `element`, `key`, `value`, all known); dictionaries
/// are read with subscripts, never with a dot; JSON decodes to dictionaries
/// and arrays. So a member name that is neither a known member nor a name the
/// script declares anywhere fails on every receiver, and is an error.
///
/// Implicit members (`.copy`) are not checked: a script may use its own as
/// values (`var state = .idle`, `state == .idle`), which compare by name.
///
/// One receiver is typed: a handler's parameter that UIKit fills with a
/// session (`ReceiverType`), whose members are all known, so that a member
/// of another type is reported there too (`session.localObject`).
extension Checker {
  /// A member name written after a dot, and where its diagnostic goes in
  /// the list, so that the list stays in the order of the script.
  struct MemberUse {
    var name: Name
    var receiver: ReceiverType?
    var diagnosticIndex: Int
    /// Where the member the base ends in starts (`layer` in
    /// `view.layer.borderWidth`): a member of an unknown member is not
    /// reported again.
    var baseMember: UInt32?
  }

  /// Notes `base.name` (read, called or assigned; `member` is its symbol)
  /// for the check at the end.
  mutating func noteMember(_ name: Name, _ member: Symbol, of base: Expr) {
    // Tuple elements (`pair.0`) and a name the parser could not read.
    guard let first = name.text.utf8.first, first == UInt8(ascii: "_") || first >= UInt8(ascii: "A")
    else { return }
    // `URLSession.shared.downloadTask`: the unknown name is reported, not each member after it.
    if let root = Checker.rootName(of: base), !isKnownName(root) { return }
    let receiver = receiverType(of: base)
    if let receiver {
      if receiver.hasMember(member.known) { return }
    } else if member.known != nil {
      // The known members are the first symbols: no string is compared.
      return
    }
    memberUses.append(
      MemberUse(
        name: name, receiver: receiver, diagnosticIndex: diagnostics.count,
        baseMember: Checker.lastMemberName(of: base)?.range.start))
  }

  /// A table's methods and a collection view's, pair by pair: each list
  /// has only its own spelling (`deleteRows` on a table, `deleteItems` on a
  /// collection view), as in UIKit.
  static let listMethodPairs: [(table: String, collection: String)] = [
    ("insertRows", "insertItems"), ("deleteRows", "deleteItems"), ("reloadRows", "reloadItems"),
    ("moveRow", "moveItem"), ("indexPathForRow", "indexPathForItem"), ("cellForRow", "cellForItem"),
    ("numberOfRows", "numberOfItems"), ("selectRow", "selectItem"), ("deselectRow", "deselectItem"),
  ]

  /// `list.deleteItems(at:)` on a table view (a view the script declares,
  /// named directly): the other list's method, reported with this one's.
  mutating func checkListMethodKind(_ name: Name, of base: Expr, arguments: [Argument]) {
    guard case .identifier(let viewName) = Checker.unparenthesized(base).kind, !isLocalName(viewName),
      let slot = globalIndex[viewName], case .view(let kind) = globals[slot].kind,
      kind == .tableView || kind == .collectionView
    else { return }
    let isTable = kind == .tableView
    guard let pair = Checker.listMethodPairs.first(where: { (isTable ? $0.collection : $0.table) == name.text })
    else { return }
    let instead = isTable ? pair.table : pair.collection
    // The new name is the whole fix only when the arguments carry over: a
    // table's `with:` animation and the lists' scroll positions do not.
    let carriesOver = pair.table != "selectRow" && !arguments.contains { $0.label?.text == "with" }
    report(
      .listMethodOfOtherKind(name.text, type: kind.uikitClass, instead: instead), at: name.range,
      fixIts: carriesOver ? [Diagnostic.FixIt(range: name.range, replacement: instead)] : [])
  }

  /// Whether `name` is a local or a capture of the code being checked,
  /// which hides a global of that name.
  func isLocalName(_ name: String) -> Bool {
    functions.contains { $0.findLocal(name) != nil }
  }

  /// Whether `name` is a local, a global or a builtin, found without
  /// capturing anything (unlike `resolve`).
  func isKnownName(_ name: String) -> Bool {
    if globalIndex[name] != nil || Builtin.named(name) != nil { return true }
    return functions.indices.contains { functions[$0].findLocal(name) != nil }
  }

  /// The name a chain of members, calls and subscripts starts from, if any.
  /// The member a chain ends in, under calls, subscripts and `!`:
  /// `layer` for `view.layer`, `view.layer?` or `view.layer()`.
  static func lastMemberName(of expr: Expr) -> Name? {
    switch expr.kind {
    case .member(_, let name, _): return name
    case .call(let base, _, _), .subscripted(let base, _, _), .forceUnwrap(let base), .parenthesized(let base):
      return lastMemberName(of: base)
    default: return nil
    }
  }

  static func rootName(of expr: Expr) -> String? {
    switch expr.kind {
    case .identifier(let name): return name
    case .member(let base, _, _), .call(let base, _, _), .subscripted(let base, _, _), .forceUnwrap(let base),
      .parenthesized(let base):
      return rootName(of: base)
    default: return nil
    }
  }

  /// The type of `base` when it is a name bound to a typed handler parameter.
  /// Looks the name up as `resolve` does, without capturing anything.
  func receiverType(of base: Expr) -> ReceiverType? {
    guard typedFunctionDepth > 0, case .identifier(let name) = Checker.unparenthesized(base).kind else {
      return nil
    }
    return visibleLocal(name)?.receiver
  }

  /// Reports the noted members that nothing can have, each where it would
  /// have been reported had every declaration been known when it was met.
  mutating func reportUnknownMembers() {
    guard !memberUses.isEmpty else { return }
    let declared = declaredAmong(Set(memberUses.map(\.name.text)))
    var reports: [(index: Int, diagnostic: Diagnostic)] = []
    var seen = Set<UInt32>()
    // The names no type has: a member of one of them is not reported.
    let unknown = Set(
      memberUses.filter { symbols.lookup($0.name.text)?.known == nil && !declared.contains($0.name.text) }
        .map(\.name.range.start))
    for use in memberUses where seen.insert(use.name.range.start).inserted {
      // Past the error limit nothing more is shown: no suggestion is searched.
      if errorCount + reports.count > SyntaxLimits.maxErrors { break }
      if let base = use.baseMember, unknown.contains(base) { continue }
      let name = use.name.text
      let isKnown = symbols.lookup(name)?.known != nil
      if !isKnown && !declared.contains(name),
        let instead = Checker.membersSpelledOtherwise[name] ?? Checker.objectiveCColor(name)
      {
        reports.append(
          (use.diagnosticIndex, Diagnostic(.memberNotInDnd(name, instead: instead), at: use.name.range)))
      } else if !isKnown && !declared.contains(name) {
        let suggestion = Suggestions.closest(to: name, in: memberSuggestions())
        reports.append(
          (
            use.diagnosticIndex,
            Diagnostic(
              .unknownMemberName(name, suggestion: suggestion), at: use.name.range,
              fixIts: replacement(use.name.range, with: suggestion))
          ))
      } else if let receiver = use.receiver, !receiver.hasMember(symbols.lookup(name)?.known) {
        // A member of another type is no typo of this one's: `localObject`
        // on a drop session is a drag item's, not a near `loadObjects`. But
        // one letter off is: `canLoadObject` (a provider's) for the
        // session's `canLoadObjects`.
        let spellings = receiver.members.map(\.spelling)
        // A drop session reaches the drag's local context through the local drag session.
        let through = receiver == .dropSession && name == "localContext" ? "localDragSession?.localContext" : nil
        let suggestion =
          through
          ?? (isKnown
            ? spellings.first { Suggestions.editDistance(name, $0, limit: 1) <= 1 }
            : Suggestions.closest(to: name, in: spellings))
        reports.append(
          (
            use.diagnosticIndex,
            Diagnostic(
              .memberNotOnType(name, type: receiver.typeName, suggestion: suggestion), at: use.name.range,
              fixIts: replacement(use.name.range, with: suggestion))
          ))
      }
    }
    // Later positions first, so the earlier indices still hold; a stable
    // order among reports sharing an index.
    for report in reports.reversed() {
      diagnostics.insert(report.diagnostic, at: min(report.index, diagnostics.count))
    }
    enforceErrorLimit()
  }

  /// The error limit over diagnostics added in place (the member reports):
  /// the first `SyntaxLimits.maxErrors` errors, then one saying it stopped,
  /// as `report` does for the rest.
  mutating func enforceErrorLimit() {
    var errors = 0
    for index in diagnostics.indices where diagnostics[index].severity == .error {
      errors += 1
      guard errors > SyntaxLimits.maxErrors else { continue }
      let range = diagnostics[index].range
      diagnostics.removeSubrange(index...)
      diagnostics.append(Diagnostic(.tooManyErrors, at: range))
      break
    }
    errorCount = max(errorCount, errors)
  }

  /// Which of `names` the script declares as something the runtime answers
  /// as a member: an app or a source, an app's variables, functions and
  /// views, a source's variables, functions and items, an interaction's
  /// name or a tuple label, here or in an earlier REPL input (whose member
  /// names, having passed this check, are in its symbols).
  private func declaredAmong(_ names: Set<String>) -> Set<String> {
    var found = Set<String>()
    for name in declaredNames where names.contains(name) { found.insert(name) }
    // An app's variables and functions, views, apps and sources: a
    // top-level variable or function is no member of anything.
    for global in globals where (global.app != nil || global.kind.isPartOfScene) && names.contains(global.name) {
      found.insert(global.name)
    }
    let earlier = symbols.names.prefix(previousSymbolCount).dropFirst(KnownMember.allCases.count)
    for name in earlier where names.contains(name) { found.insert(name) }
    return found
  }

  /// Argument labels among the known members (`of` in `firstIndex(of:)`):
  /// no member is spelt so, so none is a typo's meaning (`a.fo` is not `of`).
  /// (Not `default`: it is also a case, `.default`.)
  private static let argumentLabels: Set<String> = [
    "at", "of", "where", "separator", "terminator", "by", "with", "to", "through", "from", "forKey",
    "contentsOf", "repeating", "describing", "separatedBy", "omittingEmptySubsequences",
    "maxSplits", "into", "in", "for", "using",
  ]

  /// What a misspelt member may have meant: the known members, then the
  /// names the runtime answers as members (the apps' variables, functions
  /// and views, and the sources' items).
  private func memberSuggestions() -> [String] {
    var names = KnownMember.spellings.filter { !Self.argumentLabels.contains($0) }
    names.append(contentsOf: globals.filter { $0.app != nil }.map(\.name))
    for source in sources { names.append(contentsOf: source.items.map(\.name)) }
    return names
  }
}
