import DndSyntax

/// Swift's law of exclusivity where a script can break it: a closure given
/// to a mutating method that calls it while the change is under way
/// (`numbers.sort { ... }`, `words.removeAll { ... }`). Swift refuses the
/// closure's use of that same variable ("overlapping accesses"). The
/// interpreter holds the variable aside while the method runs, so such a
/// closure would find nil there; the checker says why before anything runs.
/// A closure stored in a variable, or a function called from the closure,
/// is not followed (Swift finds those at run time).
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
    var methodRange: SourceRange
    /// `functions.count` at the call: a use in a deeper function is in the closure.
    var depth: Int
    var isReported = false
  }

  /// The mutating methods that call a closure argument while they change their target.
  static let mutatingMethodsCallingClosures: Set<String> = ["sort", "removeAll"]

  /// The variable `base.method(arguments)` changes, when the call gives a
  /// closure literal to a method that calls it during the change.
  mutating func exclusiveAccess(of base: Expr, method: Name, arguments: [Argument]) -> ExclusiveAccess? {
    guard Checker.mutatingMethodsCallingClosures.contains(method.text),
      arguments.contains(where: { argument in
        if case .closure = argument.value.kind { true } else { false }
      })
    else { return nil }
    let variable: ExclusiveAccess.Variable
    let name: String
    switch pathStart(of: base) {
    case nil: return nil
    case .global(let slot, let written)?:
      (variable, name) = (.global(slot), written)
    case .name(let written)?:
      if let info = visibleLocal(written) {
        variable = .local(info.declarationRange)
      } else if let slot = globalIndex[written] {
        variable = .global(slot)
      } else {
        return nil
      }
      name = written
    }
    return ExclusiveAccess(
      variable: variable, name: name, method: method.text, methodRange: method.range, depth: functions.count)
  }

  /// Reports a use of `resolution` inside a closure that runs while a
  /// mutating method has the same variable to itself (once per call).
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
        .overlappingAccess(access.name, method: access.method), at: range,
        notes: [
          Diagnostic.Note(
            "'\(access.method)' has '\(access.name)' to itself from here until it returns, as every mutating "
              + "method in Swift does, and calls the closure meanwhile", at: access.methodRange)
        ])
    }
  }
}
