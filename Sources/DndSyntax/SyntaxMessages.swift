/// The lexer's and the parser's messages, in alphabetical order. Each id is
/// the member's name. Messages are lowercase, say what was expected, and name
/// what opened the construct, so they teach rather than only complain.
extension DiagnosticMessage {
  public static func invalidEscape(_ sequence: String) -> DiagnosticMessage {
    .error(
      "invalid escape sequence '\(sequence)' in string literal; the escapes are "
        + "\\n \\t \\r \\0 \\\\ \\\" \\' \\u{...} and \\(...)")
  }

  public static func invalidNumber(_ text: String) -> DiagnosticMessage {
    .error("'\(text)' is not a valid number; write digits (1_000, 2.5, 1e-3) or 0x and hex digits")
  }

  public static var invalidUnicodeEscape: DiagnosticMessage {
    .error("invalid unicode escape; write \\u{...} with 1 to 8 hex digits naming a Unicode scalar")
  }

  public static var invalidUTF8: DiagnosticMessage {
    .error("invalid UTF-8; a script must be UTF-8 text")
  }

  public static func nonASCIIIdentifier(_ name: String, character: String) -> DiagnosticMessage {
    .error("'\(name)' is not a valid name: '\(character)' is not an ASCII letter; "
      + "names use ASCII letters, digits and '_'")
  }

  public static func sourceTooLarge(bytes: Int) -> DiagnosticMessage {
    .error("the script is \(bytes) bytes; the limit is \(SyntaxLimits.maxSourceBytes) bytes")
  }

  public static var tooManyTokens: DiagnosticMessage {
    .error("the script has more than \(SyntaxLimits.maxTokens) tokens, the limit; stopped reading here")
  }

  public static func unexpectedCharacter(_ character: String, hint: String?) -> DiagnosticMessage {
    .error("unexpected character \(character) in script" + (hint.map { "; \($0)" } ?? ""))
  }

  public static var unterminatedBlockComment: DiagnosticMessage {
    .error("unterminated '/*' comment; add '*/' to end it (comments nest)")
  }

  public static var unterminatedMultilineString: DiagnosticMessage {
    .error("unterminated multi-line string literal; end it with '\"\"\"' on a line of its own")
  }

  public static var unterminatedString: DiagnosticMessage {
    .error("unterminated string literal; a '\"' must end it on the same line")
  }
}
