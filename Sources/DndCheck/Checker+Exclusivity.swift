import DndSyntax

/// Swift's law of exclusivity where a script can break it: a closure given
/// to a mutating method that calls it while the change is under way
/// (`numbers.sort { ... }`, `words.removeAll { ... }`). Swift refuses the
/// closure's use of that same variable ("overlapping accesses"). The
/// interpreter holds the variable aside while the method runs, so such a
/// closure would find nil there; the checker says why before anything runs.
/// Only a closure written in the call is followed: a function it calls
/// that uses the variable still finds nil at run time (Swift traps there),
/// and a closure it stores for later is refused though Swift allows it.
extension Checker {
  struct ExclusiveAccess {
    enum Variable: Equatable {
      case global(Int)
      /// A local, by its declaration.
      case local(SourceRange)
    }

    var variable: Variable
    var name: String
    var method: String
    /// The variable in the call (`numbers` in `numbers.sort { ... }`).
    var baseRange: SourceRange
    /// `functions.count` at the call: a use in a deeper function is in the closure.
    var depth: Int
    var isReported = false
  }

  /// The mutating methods that call a closure argument while they change their target.
  static let mutatingMethodsCallingClosures: Set<String> = ["sort", "removeAll"]

  /// The variable `base.method(arguments)` changes, when the call gives a
  /// closure literal to a method that calls it during the change, and the
  /// change is held aside while it runs: a variable, or an element of one
  /// (`groups[0].sort`), not a property of an object (`Gallery.images`,
  /// `label.text`), which is changed through the object.
  mutating func exclusiveAccess(of base: Expr, method: Name, arguments: [Argument]) -> ExclusiveAccess? {
    guard Checker.mutatingMethodsCallingClosures.contains(method.text),
      arguments.contains(where: { argument in
        if case .closure = argument.value.kind { true } else { false }
      })
    else { return nil }
    let variable: ExclusiveAccess.Variable
    let name: String
    switch heldAsideRoot(of: base) {
    case nil: return nil
    case .global(let slot, let written)?:
      (variable, name) = (.global(slot), written)
    case .name(let written)?:
      if let info = visibleLocal(written) {
        variable = .local(info.declarationRange)
      } else if let slot = globalIndex[written], globals[slot].kind == .variable || globals[slot].kind == .constant {
        variable = .global(slot)
      } else {
        return nil
      }
      name = written
    }
    return ExclusiveAccess(
      variable: variable, name: name, method: method.text, baseRange: base.range, depth: functions.count)
  }

  /// The variable a path of subscripts and unwraps starts from (or an app
  /// variable reached through `self`); nil when the path goes through a member.
  private mutating func heldAsideRoot(of expr: Expr) -> PathStart? {
    switch expr.kind {
    case .identifier(let name): return .name(name)
    case .member(let base, let name, _):
      return appMemberThroughSelf(base, name).map { .global($0, name: name.text) }
    case .subscripted(let base, _, _), .forceUnwrap(let base), .parenthesized(let base): return heldAsideRoot(of: base)
    default: return nil
    }
  }

  /// Reports a use of `resolution` inside a closure that runs while a
  /// mutating method has the same variable to itself (once per call), at
  /// the call, as Swift does, with the closure's use as a note.
  mutating func checkExclusiveAccess(_ resolution: Resolution, at range: SourceRange) {
    guard !exclusiveAccesses.isEmpty else { return }
    let used: ExclusiveAccess.Variable
    switch resolution {
    case .global(let slot): used = .global(slot)
    case .local(_, let info), .capture(_, let info): used = .local(info.declarationRange)
    case .builtin: return
    }
    for index in exclusiveAccesses.indices {
      let access = exclusiveAccesses[index]
      guard !access.isReported, access.variable == used, functions.count > access.depth else { continue }
      exclusiveAccesses[index].isReported = true
      report(
        .overlappingAccess(access.name, method: access.method), at: access.baseRange,
        notes: [
          Diagnostic.Note(
            "the closure uses '\(access.name)' here; in Swift a mutating method has its variable to itself "
              + "until it returns", at: range)
        ])
    }
  }
}
