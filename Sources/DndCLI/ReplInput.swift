import DndSyntax

/// Whether the lines typed so far make a whole input, or the REPL should
/// ask for more: an open brace, bracket or parenthesis, an unterminated
/// block comment or multi-line string. The lexer decides, so brackets
/// inside strings and comments do not count.
enum ReplInput {
  /// True when `text` still needs more lines.
  static func needsMore(_ text: String) -> Bool {
    let file = SourceFile(name: "<repl>", text: text)
    var depth = 0
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
    }
    return depth > 0
  }
}
