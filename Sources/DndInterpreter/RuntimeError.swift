import DndSyntax

/// A runtime error: a diagnostic raised as a Swift `Error`, never a trap.
///
/// Native code throws one without a range; the interpreter gives it the
/// range of the expression or call that failed. As it unwinds through
/// script calls, each call adds a note ("in function 'performDrop', called
/// from line 12"), which is the script-level stack trace.
public struct RuntimeError: Error, Sendable {
  public var message: DiagnosticMessage
  public var range: SourceRange?
  public var notes: [Diagnostic.Note]
  /// Calls left out of the stack trace (deep recursion shows the innermost).
  public var omittedCalls = 0

  public init(_ message: DiagnosticMessage, at range: SourceRange? = nil, notes: [Diagnostic.Note] = []) {
    self.message = message
    self.range = range
    self.notes = notes
  }

  /// The error as a diagnostic for rendering.
  public var diagnostic: Diagnostic {
    var all = notes
    if omittedCalls > 0 {
      all.append(Diagnostic.Note("... and \(omittedCalls) more call\(omittedCalls == 1 ? "" : "s")"))
    }
    return Diagnostic(message, at: range ?? .none, notes: all)
  }

  /// The error with `range` filled in if it had none.
  func located(at range: SourceRange) -> RuntimeError {
    var copy = self
    if copy.range == nil { copy.range = range }
    return copy
  }
}
