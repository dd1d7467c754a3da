import Testing

@testable import DndSyntax

/// The literal that `source` (a string literal expression) decodes to, and
/// the diagnostics: each text segment as "text", each interpolation as
/// "\(kind of its expression)".
private func segments(_ source: String) -> (segments: [String], diagnostics: [String]) {
  let (file, result) = parse(source)
  guard case .statement(let statement)? = result.script.items.first,
    case .expression(let expr) = statement.kind,
    case .string(let literal) = expr.kind
  else {
    return ([], result.diagnostics.map(\.id))
  }
  let described = literal.segments.map { segment -> String in
    switch segment {
    case .text(let text): return text
    case .interpolation(let inner):
      let dump = SyntaxDump.tree(
        Script(items: [.statement(Stmt(.expression(inner), range: inner.range))], file: 0), file: file,
        includeLocations: false)
      return "\\(" + (dump.split(separator: "\n").dropFirst().first.map { $0.trimmingPrefixSpaces } ?? "")
        + ")"
    }
  }
  return (described, result.diagnostics.map(\.id))
}

extension Substring {
  fileprivate var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}

struct StringLiteralTests {
  @Test(
    arguments: [
      (#""""#, []),
      (#""abc""#, ["abc"]),
      (#""a\nb\tc\rd\0e""#, ["a\nb\tc\rd\0e"]),
      (#""\"q\" \\ \'""#, ["\"q\" \\ '"]),
      (#""\u{41}\u{e9}\u{1F600}""#, ["Aé😀"]),
      (#""héllo 🎉""#, ["héllo 🎉"]),
      (#""x=\(x)!""#, ["x=", "\\(identifier x)", "!"]),
      (#""\(a)\(b)""#, ["\\(identifier a)", "\\(identifier b)"]),
      (#""\(f(a, (b)))""#, ["\\(call)"]),
      (#""in \("nested \(1)")""#, ["in ", "\\(string)"]),
      (#""\( a + 1 )""#, ["\\(binary +)"]),
    ] as [(String, [String])])
  func oneLineStrings(source: String, expected: [String]) {
    let decoded = segments(source)
    #expect(decoded.diagnostics == [])
    #expect(decoded.segments == expected)
  }

  @Test(
    arguments: [
      ("\"\"\"\n\"\"\"", []),
      ("\"\"\"\n  hello\n    world\n  \"\"\"", ["hello\n  world"]),
      ("\"\"\"\n    a\n\n   \n    b\n    \"\"\"", ["a\n\n\nb"]),
      ("\"\"\"\n  a\n      \n  \"\"\"", ["a\n    "]),
      ("\"\"\"   \n  text\n  \"\"\"", ["text"]),
      ("\"\"\"\r\n  one\r\n  two\r\n  \"\"\"", ["one\ntwo"]),
      ("\"\"\"\n  say \"hi\" and \"\"\n  \"\"\"", ["say \"hi\" and \"\""]),
      ("\"\"\"\n  tab\\tend\\n\n  \"\"\"", ["tab\tend\n"]),
      ("\"\"\"\n\tx\n\t\"\"\"", ["x"]),
      ("\"\"\"\n  v: \\(f(\n1))\n  next\n  \"\"\"", ["v: ", "\\(call)", "\nnext"]),
    ] as [(String, [String])])
  func multilineStringsLoseTheClosingIndentation(source: String, expected: [String]) {
    let decoded = segments(source)
    #expect(decoded.diagnostics == [])
    #expect(decoded.segments == expected)
  }

  @Test(
    arguments: [
      ("\"\"\"abc\n\"\"\"", "multilineStringContentOnOpeningLine"),
      ("\"\"\"\nabc\"\"\"", "multilineStringClosingNotOnOwnLine"),
      ("\"\"\"\n  a\n b\n  \"\"\"", "multilineStringIndentation"),
      ("\"\"\"\n  a\n\tb\n  \"\"\"", "multilineStringIndentation"),
      ("\"\\()\"", "emptyInterpolation"),
      ("\"\\(a b)\"", "expectedInterpolationEnd"),
      ("\"\\(@)\"", "unexpectedCharacter"),
      ("\"\\(1 +)\"", "expectedExpression"),
    ] as [(String, String)])
  func malformedLiterals(source: String, id: String) {
    #expect(parse(source).result.diagnostics.map(\.id) == [id])
  }

  @Test func interpolationRangesAreAbsolute() {
    let source = "let s = \"ab\\(count + 1)\""
    let (file, result) = parse(source)
    guard case .statement(let statement)? = result.script.items.first,
      case .variable(let declaration) = statement.kind,
      case .string(let literal)? = declaration.initializer?.kind, literal.segments.count == 2,
      case .interpolation(let inner) = literal.segments[1]
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(file.text(inner.range) == "count + 1")
    #expect(inner.range.start == 13)
  }

  @Test func aMisindentedLineIsReportedWithANoteAtTheClosingDelimiter() {
    let (file, result) = parse("let s = \"\"\"\n    a\n  b\n    \"\"\"")
    #expect(result.diagnostics.count == 1)
    #expect(
      result.diagnostics.first.map { file.location(of: Int($0.range.start)) } == .init(line: 3, column: 1))
    #expect(
      result.diagnostics.first?.notes.first?.range.map { file.location(of: Int($0.start)) }
        == .init(line: 4, column: 1))
  }
}
