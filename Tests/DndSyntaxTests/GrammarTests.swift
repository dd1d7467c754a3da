import Foundation
import Testing

@testable import DndSyntax

/// The repository root, three levels above this file.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// grammar.ebnf, read as productions: each name with its whole text
/// (`name = ... ;`), whitespace collapsed.
private struct Grammar {
  var raw: String
  var productions: [(name: String, text: String)] = []

  init() throws {
    raw = try String(contentsOf: repositoryRoot.appendingPathComponent("grammar.ebnf"), encoding: .utf8)
    let text = Grammar.removingComments(raw)
    var current: [Character] = []
    var inQuote = false
    var collecting = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !collecting, let first = line.first, first.isLetter, line.contains("=") {
        collecting = true
        current = []
      }
      guard collecting else { continue }
      for character in line + " " {
        current.append(character)
        if character == "\"" { inQuote.toggle() }
        if character == ";" && !inQuote {
          let production = collapse(String(current))
          let name = String(production.prefix { $0.isLetter || $0.isNumber })
          productions.append((name, production))
          collecting = false
          break
        }
      }
    }
  }

  /// The text without `(* ... *)` comments (which do not nest in EBNF);
  /// quoted terminals are left alone.
  static func removingComments(_ text: String) -> String {
    var result = ""
    var inQuote = false
    var inComment = false
    var previous: Character = " "
    for character in text {
      if inComment {
        if previous == "*" && character == ")" {
          inComment = false
          previous = " "
          continue
        }
        previous = character
        continue
      }
      if character == "\"" { inQuote.toggle() }
      if !inQuote && previous == "(" && character == "*" {
        result.removeLast()
        inComment = true
        previous = " "
        continue
      }
      result.append(character)
      previous = character
    }
    return result
  }

  /// The quoted terminals of a production, in order.
  func terminals(of name: String) -> [String] {
    guard let production = productions.first(where: { $0.name == name }) else { return [] }
    return production.text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }
}

/// Collapses runs of whitespace to one space and trims the ends.
private func collapse(_ text: String) -> String {
  text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
}

/// A `parseXxx` function found in the parser's sources, with the `//`
/// comment lines directly above it joined into one.
private struct ParseFunction {
  var name: String
  var file: String
  var comment: String
}

private func parseFunctions() throws -> [ParseFunction] {
  let directory = repositoryRoot.appendingPathComponent("Sources/DndSyntax")
  let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasPrefix("Parser") && $0.hasSuffix(".swift") }.sorted()
  var functions: [ParseFunction] = []
  for file in files {
    let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in lines.enumerated() {
      guard let range = line.range(of: "func parse"), let next = line[range.upperBound...].first,
        next.isUppercase
      else { continue }
      let name = String(
        line[line.index(range.lowerBound, offsetBy: 5)...].prefix { $0.isLetter || $0.isNumber })
      var comment: [String] = []
      var above = index - 1
      while above >= 0 {
        let trimmed = lines[above].trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("//") && !trimmed.hasPrefix("///") else { break }
        comment.insert(String(trimmed.dropFirst(2)), at: 0)
        above -= 1
      }
      functions.append(
        ParseFunction(name: name, file: file, comment: collapse(comment.joined(separator: " "))))
    }
  }
  return functions
}

/// `viewDecl` -> `parseViewDecl`
private func functionName(for production: String) -> String {
  "parse" + production.prefix(1).uppercased() + production.dropFirst()
}

/// grammar.ebnf is the single source of the syntax: every production has
/// exactly one parse function named after it and quoting it, and the reverse.
struct GrammarTests {
  @Test func everyProductionHasOneParseFunction() throws {
    let grammar = try Grammar()
    let functions = try parseFunctions()
    #expect(grammar.productions.count > 60)
    for production in grammar.productions {
      let matches = functions.filter { $0.name == functionName(for: production.name) }
      #expect(matches.count == 1, "\(production.name): \(matches.count) parse functions")
    }
  }

  @Test func everyParseFunctionIsAProduction() throws {
    let names = Set(try Grammar().productions.map { functionName(for: $0.name) })
    for function in try parseFunctions() {
      #expect(names.contains(function.name), "\(function.name) in \(function.file) has no production")
    }
  }

  @Test func everyParseFunctionQuotesItsProduction() throws {
    let productions = Dictionary(
      try Grammar().productions.map { (functionName(for: $0.name), $0.text) },
      uniquingKeysWith: { first, _ in first })
    for function in try parseFunctions() {
      guard let production = productions[function.name] else { continue }
      #expect(function.comment == production, "\(function.name) in \(function.file)")
    }
  }

  @Test func theKindListsMatchTheGrammar() throws {
    let grammar = try Grammar()
    #expect(grammar.terminals(of: "viewKind") == Parser.viewKinds)
    #expect(grammar.terminals(of: "interactionKind") == Parser.interactionKinds)
  }

  /// The reserved words listed at the end of grammar.ebnf are exactly
  /// `TokenKind.keywords`.
  @Test func theReservedWordsMatchTheKeywords() throws {
    let raw = try Grammar().raw
    guard let start = raw.range(of: "Reserved words:"), let end = raw.range(of: "Contextual words") else {
      Issue.record("grammar.ebnf lists no reserved words")
      return
    }
    let words = raw[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace).map(String.init)
    #expect(Set(words) == Set(TokenKind.keywords.keys))
    #expect(words.count == TokenKind.keywords.count)
  }

  /// SyntaxMessages.swift keeps its members in alphabetical order, so each
  /// id (the member's name) is easy to find and appears once.
  @Test func theMessageCatalogueIsAlphabetical() throws {
    let path = repositoryRoot.appendingPathComponent("Sources/DndSyntax/SyntaxMessages.swift")
    let names = try String(contentsOf: path, encoding: .utf8).split(separator: "\n").compactMap {
      line -> String? in
      guard let range = line.range(of: "public static func ") ?? line.range(of: "public static var ") else {
        return nil
      }
      return String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
    }
    #expect(names.count > 40)
    #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
    #expect(Set(names).count == names.count)
  }

  /// Every example script parses without a diagnostic (there may be none yet).
  @Test func everyExampleParses() throws {
    let directory = repositoryRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names.filter({ $0.hasSuffix(".dnd") }).sorted() {
      let data = try Data(contentsOf: directory.appendingPathComponent(name))
      let file = SourceFile(name: name, bytes: [UInt8](data))
      let diagnostics = Parser.parse(file).diagnostics
      #expect(
        diagnostics.isEmpty,
        "\(name): \(diagnostics.map { "\(file.location(of: Int($0.range.start))) \($0.message)" })")
    }
  }
}
