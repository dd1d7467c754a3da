/// The kinds of token the lexer produces. A token is only a kind and a range:
/// the parser reads literal values and names from the source text.
public enum TokenKind: UInt8, Hashable, Sendable, CaseIterable {
  // Literals and names
  case identifier, integer, double, string, multilineString
  /// "_" alone
  case underscore

  // Reserved words
  case kwLet, kwVar, kwFunc, kwIf, kwElse, kwGuard, kwFor, kwIn, kwWhile
  case kwBreak, kwContinue, kwReturn, kwTrue, kwFalse, kwNil, kwSelf
  case kwDevice, kwApp, kwScenario
  case kwLongPress, kwDrag, kwTap, kwRelease, kwCancel, kwWait, kwSettle, kwExpect
  case kwAs, kwIs

  // Punctuation
  case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
  case comma, colon, semicolon, dot, arrow
  case questionDot, question
  case asQuestion, asBang  // "as?" and "as!" are single tokens

  // Operators
  case plus, minus, star, slash, percent
  case equal, plusEqual, minusEqual, starEqual, slashEqual, percentEqual
  case equalEqual, bangEqual, equalEqualEqual, bangEqualEqual
  case less, lessEqual, greater, greaterEqual
  case ampAmp, pipePipe, bang, questionQuestion
  case halfOpenRange, closedRange  // "..<" and "..."

  /// Something the lexer could not read: a stray character, an unterminated
  /// string or comment, invalid UTF-8. The parser reports it once.
  case error
  case endOfFile

  /// Reserved words and their spelling.
  public static let keywords: [String: TokenKind] = [
    "let": .kwLet, "var": .kwVar, "func": .kwFunc, "if": .kwIf, "else": .kwElse,
    "guard": .kwGuard, "for": .kwFor, "in": .kwIn, "while": .kwWhile,
    "break": .kwBreak, "continue": .kwContinue, "return": .kwReturn,
    "true": .kwTrue, "false": .kwFalse, "nil": .kwNil, "self": .kwSelf,
    "device": .kwDevice, "app": .kwApp, "scenario": .kwScenario,
    "longPress": .kwLongPress, "drag": .kwDrag, "tap": .kwTap, "release": .kwRelease,
    "cancel": .kwCancel, "wait": .kwWait, "settle": .kwSettle, "expect": .kwExpect,
    "as": .kwAs, "is": .kwIs,
  ]

  /// True for the reserved words, which may still follow a "." or label an argument.
  public var isKeyword: Bool {
    rawValue >= TokenKind.kwLet.rawValue && rawValue <= TokenKind.kwIs.rawValue
  }
}

/// A token: its kind, where it is, and whether a line break precedes it
/// (statements end at line breaks).
///
/// A token is copied many times between the lexer and the parser, so it is
/// kept small (24 bytes): what an `.error` token has to say lives in a shared
/// box, nil for every other token. (With the message stored inline, copying
/// tokens was about a tenth of a parse.)
public struct Token: Hashable, Sendable {
  public var range: SourceRange
  public var kind: TokenKind
  public var isAtStartOfLine: Bool
  private var problem: TokenProblem?

  /// For `.error` tokens: what went wrong, reported once by the parser.
  public var error: DiagnosticMessage? {
    get { problem?.message }
    set { problem = TokenProblem.make(message: newValue, range: problem?.range) }
  }

  /// For `.error` tokens whose problem is narrower than the token (a bad
  /// escape inside a string literal): where the diagnostic should point.
  /// Nil means the whole token.
  public var errorRange: SourceRange? {
    get { problem?.range }
    set { problem = TokenProblem.make(message: problem?.message, range: newValue) }
  }

  public init(
    kind: TokenKind, range: SourceRange, isAtStartOfLine: Bool,
    error: DiagnosticMessage? = nil, errorRange: SourceRange? = nil
  ) {
    self.kind = kind
    self.range = range
    self.isAtStartOfLine = isAtStartOfLine
    self.problem = TokenProblem.make(message: error, range: errorRange)
  }

  public static func == (left: Token, right: Token) -> Bool {
    left.kind == right.kind && left.range == right.range && left.isAtStartOfLine == right.isAtStartOfLine
      && left.error == right.error && left.errorRange == right.errorRange
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(range)
    hasher.combine(isAtStartOfLine)
    hasher.combine(error)
    hasher.combine(errorRange)
  }
}

/// A token as the parser reads it: a kind and a range, no message, so that
/// copying one is copying 16 bytes with no reference count to touch (the
/// lexer keeps the message of its last `.error` token).
struct RawToken: Sendable {
  var range: SourceRange
  var kind: TokenKind
  var isAtStartOfLine: Bool

  init(kind: TokenKind, range: SourceRange, isAtStartOfLine: Bool) {
    self.kind = kind
    self.range = range
    self.isAtStartOfLine = isAtStartOfLine
  }
}

/// The message of an `.error` token and the part of it to point at.
final class TokenProblem: Sendable {
  let message: DiagnosticMessage?
  let range: SourceRange?

  private init(message: DiagnosticMessage?, range: SourceRange?) {
    self.message = message
    self.range = range
  }

  /// A box for the two, or nil when both are nil (every token but errors).
  static func make(message: DiagnosticMessage?, range: SourceRange?) -> TokenProblem? {
    message == nil && range == nil ? nil : TokenProblem(message: message, range: range)
  }
}
