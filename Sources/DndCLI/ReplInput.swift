import DndSyntax

/// Whether the lines typed so far make a whole input, or the REPL should
/// ask for more: an open brace, bracket or parenthesis, an unterminated
/// block comment or multi-line string, or a last token that cannot end an
/// expression (`let total = a +`), which a file would also read on past.
/// The lexer decides, so brackets inside strings and comments do not count.
enum ReplInput {
  /// True when `text` still needs more lines.
  static func needsMore(_ text: String) -> Bool {
    let file = SourceFile(name: "<repl>", text: text)
    var depth = 0
    var last = TokenKind.endOfFile
    for token in Lexer.tokenize(file) {
      switch token.kind {
      case .leftBrace, .leftBracket, .leftParen: depth += 1
      case .rightBrace, .rightBracket, .rightParen:
        // A stray closer cannot be fixed by more lines: let the parser say so.
        depth -= 1
        if depth < 0 { return false }
      case .error:
        let id = token.error?.id
        if id == DiagnosticMessage.unterminatedBlockComment.id
          || id == DiagnosticMessage.unterminatedMultilineString.id
        {
          return true
        }
      default: break
      }
      if token.kind != .endOfFile { last = token.kind }
    }
    return depth > 0 || waitsForMore.contains(last)
  }

  /// True when `text` ends inside a multi-line string or a block comment:
  /// the next line is part of it, even one that starts with `:`.
  static func endsInsideLiteral(_ text: String) -> Bool {
    let file = SourceFile(name: "<repl>", text: text)
    for token in Lexer.tokenize(file) where token.kind == .error {
      let id = token.error?.id
      if id == DiagnosticMessage.unterminatedBlockComment.id
        || id == DiagnosticMessage.unterminatedMultilineString.id
      {
        return true
      }
    }
    return false
  }

  /// Tokens after which an input cannot end. Left out on purpose: `>` (closes
  /// `Array<Int>`), `!` and `?` (postfix `x!`, `Int?`) and `...` (a file
  /// refuses a range whose upper bound starts the next line).
  static let waitsForMore: Set<TokenKind> = [
    .plus, .minus, .star, .slash, .percent,
    .equal, .plusEqual, .minusEqual, .starEqual, .slashEqual, .percentEqual,
    .equalEqual, .bangEqual, .equalEqualEqual, .bangEqualEqual,
    .less, .lessEqual, .greaterEqual, .ampAmp, .pipePipe, .questionQuestion, .halfOpenRange,
    .comma, .colon, .dot, .questionDot, .arrow,
    .kwAs, .kwIs, .asQuestion, .asBang, .kwElse, .kwIn,
  ]
}
