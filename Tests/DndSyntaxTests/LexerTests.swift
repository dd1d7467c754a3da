import Testing

@testable import DndSyntax

/// The kinds of the tokens of `source`, without the final end-of-file.
private func kinds(_ source: String) -> [TokenKind] {
  Lexer.tokenize(SourceFile(name: "test", text: source)).map(\.kind).dropLast()
}

/// Each error token of `source` as (message id, the text it covers, the text
/// its diagnostic points at).
private func errors(_ source: String) -> [ErrorToken] {
  let file = SourceFile(name: "test", text: source)
  return Lexer.tokenize(file).compactMap { token in
    guard token.kind == .error, let message = token.error else { return nil }
    return ErrorToken(
      id: message.id, text: file.text(token.range), pointsAt: file.text(token.errorRange ?? token.range))
  }
}

struct ErrorToken: Equatable, Sendable, CustomStringConvertible {
  var id: String
  var text: String
  var pointsAt: String
  var description: String { "\(id) \(text.debugDescription) at \(pointsAt.debugDescription)" }
}

struct LexerTests {
  @Test(
    arguments: [
      ("", []),
      ("let x = 1", [.kwLet, .identifier, .equal, .integer]),
      ("foo_bar _ _x x1 Label", [.identifier, .underscore, .identifier, .identifier, .identifier]),
      ("$0 > $12", [.identifier, .greater, .identifier]),
      ("as? as! as is", [.asQuestion, .asBang, .kwAs, .kwIs]),
      // A tab may stand as it is in a multi-line string only.
      ("\"\"\"\na\tb\n\"\"\"", [.multilineString]),
      ("x as!= y", [.identifier, .kwAs, .bangEqual, .identifier]),
      (
        "a?.b ?? c ? d : e",
        [
          .identifier, .questionDot, .identifier, .questionQuestion, .identifier, .question, .identifier,
          .colon,
          .identifier,
        ]
      ),
      ("0..<5 1...3", [.integer, .halfOpenRange, .integer, .integer, .closedRange, .integer]),
      (
        "-> === !== == != = !",
        [.arrow, .equalEqualEqual, .bangEqualEqual, .equalEqual, .bangEqual, .equal, .bang]
      ),
      (
        "+= -= *= /= %= + - * / %",
        [
          .plusEqual, .minusEqual, .starEqual, .slashEqual, .percentEqual, .plus, .minus, .star, .slash,
          .percent,
        ]
      ),
      ("< <= > >= && ||", [.less, .lessEqual, .greater, .greaterEqual, .ampAmp, .pipePipe]),
      (
        "( ) { } [ ] , : ; .",
        [
          .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket, .rightBracket, .comma, .colon,
          .semicolon,
          .dot,
        ]
      ),
      ("1_000 0x1F 0xff_ff 007", [.integer, .integer, .integer, .integer]),
      ("1.5 1e10 1.5e-3 2E+4 0.25", [.double, .double, .double, .double, .double]),
      ("pair.0.1", [.identifier, .dot, .integer, .dot, .integer]),
      ("pair?.0", [.identifier, .questionDot, .integer]),
      ("1.description", [.integer, .dot, .identifier]),
      ("x.cancel", [.identifier, .dot, .kwCancel]),
      ("\"a\" \"\"", [.string, .string]),
      ("\"a \\(b) c\" \"\\(f(a, (b)))\"", [.string, .string]),
      ("\"\\(\"nested \\(x) \\\"q\\\"\")\" + 1", [.string, .plus, .integer]),
      ("\"\"\"\n  text \"quoted\" \"\"\n  \"\"\"", [.multilineString]),
      ("\"\"\"\n  \\(f(\n  x))\n  \"\"\"", [.multilineString]),
      ("\"\"\"\n\\(\"\"\"\n inner\n \"\"\")\n\"\"\" x", [.multilineString, .identifier]),
      ("\"esc \\n\\t\\r\\0\\\\\\\"\\'\\u{1F600}\"", [.string]),
      ("\"héllo wörld 🎉\"", [.string]),
      ("a // comment\nb /* x /* nested */ y */ c", [.identifier, .identifier, .identifier]),
      ("a /**/ b", [.identifier, .identifier]),
      ("a\r\nb", [.identifier, .identifier]),
    ] as [(String, [TokenKind])])
  func tokenKinds(source: String, expected: [TokenKind]) {
    #expect(kinds(source) == expected)
  }

  @Test func everyKeywordLexesAsItsKind() {
    for (spelling, kind) in TokenKind.keywords {
      #expect(kinds(spelling) == [kind], "\(spelling)")
      #expect(kinds(spelling + "x") == [.identifier], "\(spelling)x")
    }
  }

  @Test(
    arguments: [
      ("@", [ErrorToken(id: "unexpectedCharacter", text: "@", pointsAt: "@")]),
      ("$", [ErrorToken(id: "unexpectedCharacter", text: "$", pointsAt: "$")]),
      ("$1x", [ErrorToken(id: "unexpectedCharacter", text: "$1x", pointsAt: "$1x")]),
      ("a & b", [ErrorToken(id: "unexpectedCharacter", text: "&", pointsAt: "&")]),
      ("1 .. 2", [ErrorToken(id: "unexpectedCharacter", text: "..", pointsAt: "..")]),
      // A key path goes as one error, whose hint names the closure to write.
      ("map(\\.item)", [ErrorToken(id: "unexpectedCharacter", text: "\\.item", pointsAt: "\\.item")]),
      ("\\.a.b", [ErrorToken(id: "unexpectedCharacter", text: "\\.a.b", pointsAt: "\\.a.b")]),
      (
        "“hi”",
        [
          ErrorToken(id: "unexpectedCharacter", text: "“", pointsAt: "“"),
          ErrorToken(id: "unexpectedCharacter", text: "”", pointsAt: "”"),
        ]
      ),
      ("x\u{7}", [ErrorToken(id: "unexpectedCharacter", text: "\u{7}", pointsAt: "\u{7}")]),
      ("let café = 1", [ErrorToken(id: "nonASCIIIdentifier", text: "café", pointsAt: "café")]),
      ("größe", [ErrorToken(id: "nonASCIIIdentifier", text: "größe", pointsAt: "größe")]),
      ("\"abc", [ErrorToken(id: "unterminatedString", text: "\"abc", pointsAt: "\"abc")]),
      ("\"abc\ndef", [ErrorToken(id: "unterminatedString", text: "\"abc", pointsAt: "\"abc")]),
      ("\"\\(a\")", [ErrorToken(id: "unterminatedString", text: "\"\\(a\")", pointsAt: "\"\\(a\")")]),
      (
        "\"\"\"\nabc",
        [ErrorToken(id: "unterminatedMultilineString", text: "\"\"\"\nabc", pointsAt: "\"\"\"\nabc")]
      ),
      (
        "a /* b /* c */",
        [ErrorToken(id: "unterminatedBlockComment", text: "/* b /* c */", pointsAt: "/* b /* c */")]
      ),
      ("\"a\\qb\"", [ErrorToken(id: "invalidEscape", text: "\"a\\qb\"", pointsAt: "\\q")]),
      // Swift refuses raw control characters in a string literal (a tab
      // only in a one-line one), as dnd does.
      (
        "\"a\u{1B}b\"",
        [ErrorToken(id: "unprintableCharacterInString", text: "\"a\u{1B}b\"", pointsAt: "\u{1B}")]
      ),
      ("\"a\tb\"", [ErrorToken(id: "unprintableCharacterInString", text: "\"a\tb\"", pointsAt: "\t")]),
      ("\"\u{7F}\"", [ErrorToken(id: "unprintableCharacterInString", text: "\"\u{7F}\"", pointsAt: "\u{7F}")]),
      (
        "\"\"\"\na\u{7}\n\"\"\"",
        [ErrorToken(id: "unprintableCharacterInString", text: "\"\"\"\na\u{7}\n\"\"\"", pointsAt: "\u{7}")]
      ),
      (
        "\"\\u{110000}\"",
        [ErrorToken(id: "invalidUnicodeEscape", text: "\"\\u{110000}\"", pointsAt: "\\u{110000}")]
      ),
      ("\"\\u{}\"", [ErrorToken(id: "invalidUnicodeEscape", text: "\"\\u{}\"", pointsAt: "\\u{}")]),
      ("\"\\u12\"", [ErrorToken(id: "invalidUnicodeEscape", text: "\"\\u12\"", pointsAt: "\\u")]),
      ("12abc", [ErrorToken(id: "invalidNumber", text: "12abc", pointsAt: "12abc")]),
      ("0x", [ErrorToken(id: "invalidNumber", text: "0x", pointsAt: "0x")]),
      ("1e", [ErrorToken(id: "invalidNumber", text: "1e", pointsAt: "1e")]),
      ("0b101", [ErrorToken(id: "invalidNumber", text: "0b101", pointsAt: "0b101")]),
    ] as [(String, [ErrorToken])])
  func errorTokens(source: String, expected: [ErrorToken]) {
    #expect(errors(source) == expected)
  }

  @Test func invalidUTF8BecomesOneErrorTokenPerRun() {
    let file = SourceFile(name: "test", bytes: [0x61, 0x20, 0xFF, 0xFE, 0x20, 0x62, 0x22, 0xC3, 0x22])
    let tokens = Lexer.tokenize(file)
    #expect(tokens.map(\.kind) == [.identifier, .error, .identifier, .error, .endOfFile])
    #expect(tokens[1].error?.id == "invalidUTF8")
    #expect(tokens[1].range == SourceRange(start: 2, end: 4))
    #expect(tokens[3].error?.id == "invalidUTF8")
    #expect(tokens[3].errorRange == SourceRange(start: 7, end: 8))
  }

  /// Code copied from a web page is often indented with non-breaking
  /// spaces: they are read as spaces between tokens, kept inside strings,
  /// and the parse warns once, at the first, with the count of the others.
  @Test func nonBreakingSpacesAreReadAsSpacesWithOneWarning() {
    let nbsp = "\u{00A0}"
    #expect(kinds("let\(nbsp)x\(nbsp)=\(nbsp)\(nbsp)1") == [.kwLet, .identifier, .equal, .integer])
    let source = "print(\"a\(nbsp)b\")\n\(nbsp)\(nbsp)let y = 2\n\(nbsp)print(y)\n"
    let file = SourceFile(name: "test", text: source)
    let result = Parser.parse(file)
    #expect(result.diagnostics.map(\.id) == ["nonBreakingSpace"])
    #expect(result.diagnostics.first?.severity == .warning)
    #expect(result.diagnostics.first?.message.contains("(and 2 more in this file)") == true)
    #expect(result.diagnostics.first?.range == SourceRange(start: 14, end: 16))
    #expect(result.diagnostics.first?.fixIts.map(\.replacement) == [" "])
  }

  @Test func lexingContinuesAfterAnError() {
    #expect(kinds("@ let x") == [.error, .kwLet, .identifier])
    #expect(kinds("\"open\nlet x") == [.error, .kwLet, .identifier])
    #expect(kinds("\"a\\qb\" + 1") == [.error, .plus, .integer])
  }

  @Test func tokenRangesAreByteOffsets() {
    let tokens = Lexer.tokenize(SourceFile(name: "test", text: "let é = \"ü\""))
    #expect(
      tokens.map(\.range) == [
        SourceRange(start: 0, end: 3), SourceRange(start: 4, end: 6), SourceRange(start: 7, end: 8),
        SourceRange(start: 9, end: 13), SourceRange(start: 13, end: 13),
      ])
  }

  @Test func tokensRememberTheFile() {
    let tokens = Lexer.tokenize(SourceFile(name: "test", text: "a", id: 7))
    #expect(tokens.allSatisfy { $0.range.file == 7 })
  }

  /// A block comment spanning lines counts as a line break, as in Swift.
  @Test func lineStartsAreMarked() {
    let tokens = Lexer.tokenize(SourceFile(name: "test", text: "a b\nc /* \n */ d // x\n e /* */ f\n"))
    #expect(tokens.map(\.isAtStartOfLine) == [true, false, true, true, true, false, true])
  }

  /// A lone CR breaks a line as LF and CRLF do (swiftc reads all three);
  /// offsets are the file's, and a CRLF is one break.
  @Test(
    arguments: [
      ("a\rb", [true, true], 2),
      ("a\r\nb", [true, true], 2),
      ("a\r\rb", [true, true], 3),
      ("a\r\r\nb", [true, true], 3),
      ("a\rb\nc\r\nd", [true, true, true, true], 4),
      ("a b\r", [true, false], 2),
    ] as [(String, [Bool], Int)])
  func carriageReturnsBreakLines(source: String, starts: [Bool], lines: Int) {
    let file = SourceFile(name: "test", text: source)
    #expect(Lexer.tokenize(file).dropLast().map(\.isAtStartOfLine) == starts)
    #expect(file.lineStarts.count == lines)
    #expect(file.bytes.count == source.utf8.count)
  }

  @Test func aLoneCarriageReturnEndsTheLineADiagnosticShows() {
    let file = SourceFile(name: "test", text: "let a = 1\rlet b = 2\r")
    #expect(file.location(of: 14) == SourceLocation(line: 2, column: 5))
    #expect(file.lineText(2) == "let b = 2")
  }

  @Test func commentsAreRecorded() {
    let file = SourceFile(name: "test", text: "a // one\n/* two /* three */ */ b /**/")
    var lexer = Lexer(file: file)
    while lexer.next().kind != .endOfFile {}
    #expect(lexer.comments.map(file.text) == ["// one", "/* two /* three */ */", "/**/"])
  }

  @Test func aSubRangeKeepsAbsoluteOffsets() {
    let file = SourceFile(name: "test", text: "xx foo + 1 yy")
    var lexer = Lexer(file: file, range: 3..<10)
    var tokens: [Token] = []
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { break }
    }
    #expect(tokens.map(\.kind) == [.identifier, .plus, .integer, .endOfFile])
    #expect(tokens.map(\.range.start) == [3, 7, 9, 10])
  }

  @Test func endOfFileRepeats() {
    var lexer = Lexer(file: SourceFile(name: "test", text: "a"))
    #expect(lexer.next().kind == .identifier)
    #expect(lexer.next().kind == .endOfFile)
    #expect(lexer.next().kind == .endOfFile)
  }
}
