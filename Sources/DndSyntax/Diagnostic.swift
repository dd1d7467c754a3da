/// Diagnostics are plain data: built by every stage, rendered in one place
/// (`DiagnosticRenderer`). Their messages come from one catalogue,
/// `DiagnosticMessage`, whose static members give each message a stable id.
public struct Diagnostic: Hashable, Sendable {
  public enum Severity: String, Hashable, Sendable {
    case error, warning, note
  }

  /// A secondary remark pointing at another place ("'{' opened here").
  public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?
    public init(_ message: String, at range: SourceRange? = nil) {
      self.message = message
      self.range = range
    }
  }

  /// A suggested edit: replace the text of `range` with `replacement`.
  public struct FixIt: Hashable, Sendable {
    public var range: SourceRange
    public var replacement: String
    public init(range: SourceRange, replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }

  public var severity: Severity
  /// Stable identifier from the catalogue, e.g. `expectedClosingBrace`.
  public var id: String
  public var message: String
  public var range: SourceRange
  public var notes: [Note]
  public var fixIts: [FixIt]

  public init(
    _ message: DiagnosticMessage, at range: SourceRange,
    notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.severity = message.severity
    self.id = message.id
    self.message = message.text
    self.range = range
    self.notes = notes
    self.fixIts = fixIts
  }
}

/// One entry of the message catalogue: a stable id, a severity and the text.
///
/// Each stage adds its messages as static members in an extension named after
/// the stage (`SyntaxMessages.swift`, `CheckMessages.swift`, ...), with the id
/// taken from the member's name, so tests can match ids rather than prose.
public struct DiagnosticMessage: Hashable, Sendable {
  public var id: String
  public var severity: Diagnostic.Severity
  public var text: String

  public init(id: String, severity: Diagnostic.Severity = .error, _ text: String) {
    self.id = id
    self.severity = severity
    self.text = text
  }

  /// Builds an error whose id is the name of the calling catalogue member.
  public static func error(_ text: String, id: String = #function) -> DiagnosticMessage {
    DiagnosticMessage(id: baseName(id), severity: .error, text)
  }

  public static func warning(_ text: String, id: String = #function) -> DiagnosticMessage {
    DiagnosticMessage(id: baseName(id), severity: .warning, text)
  }

  /// `expected(_:after:)` -> `expected`
  private static func baseName(_ function: String) -> String {
    if let paren = function.firstIndex(of: "(") { return String(function[..<paren]) }
    return function
  }
}
