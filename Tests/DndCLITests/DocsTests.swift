@testable import DndCLI
import DndSyntax
import Foundation
import Testing

/// Keeps the guide and the reference from rotting: every `dnd` code block in
/// `docs/` runs, every command shown runs and prints what the page says it
/// prints, and the reference names every production of the grammar. The
/// conventions are written down for authors in `docs/guide/README.md`.
@Suite struct DocsTests {
  // MARK: The pages and their blocks

  /// A fenced code block of a Markdown page.
  struct Block: Sendable {
    /// The words after the opening fence: the language, then attributes.
    var info: [String]
    var text: String
    /// The line of the opening fence, 1-based.
    var line: Int

    var language: String { info.first ?? "" }

    /// `name=hello.dnd` gives a snippet a file name for the page's commands.
    var fileName: String? {
      info.first { $0.hasPrefix("name=") }.map { String($0.dropFirst("name=".count)) }
    }

    /// `fails`: the snippet is meant to fail (a mistake the page explains).
    var fails: Bool { info.contains("fails") }
  }

  /// Every Markdown page under `docs/`, relative to the repository root.
  static let pages: [String] = {
    let docs = PackagePaths.root.appendingPathComponent("docs")
    let root = PackagePaths.root.path + "/"
    return PackagePaths.files(under: docs, ending: ".md").map { String($0.dropFirst(root.count)) }
  }()

  static func read(_ page: String) -> String {
    (try? String(contentsOf: PackagePaths.root.appendingPathComponent(page), encoding: .utf8)) ?? ""
  }

  /// The fenced blocks of a page, in order. A fence is three backticks at the
  /// start of a line; the block ends at the next line that is only a fence.
  static func blocks(of markdown: String) -> [Block] {
    var blocks: [Block] = []
    var open: Block?
    var body: [Substring] = []
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var block = open {
        if line == "```" {
          block.text = body.map { $0 + "\n" }.joined()
          blocks.append(block)
          open = nil
          body = []
        } else {
          body.append(line)
        }
      } else if line.hasPrefix("```") {
        let info = line.dropFirst(3).split(separator: " ").map(String.init)
        open = Block(info: info, text: "", line: index + 1)
      }
    }
    return blocks
  }

  // MARK: Snippets

  /// One `dnd` block of one page.
  struct Snippet: CustomTestStringConvertible, Sendable {
    var page: String
    var block: Block
    var testDescription: String { "\(page):\(block.line)" }
  }

  static let snippets: [Snippet] = pages.flatMap { page in
    blocks(of: read(page)).filter { $0.language == "dnd" }.map { Snippet(page: page, block: $0) }
  }

  /// A snippet is a whole script: it checks, runs, and every scenario in it
  /// passes, unless it is marked `fails`, when it must fail.
  @Test(arguments: snippets)
  func everySnippetRuns(_ snippet: Snippet) {
    let file = SourceFile(name: snippet.testDescription, text: snippet.block.text)
    let report = Engine.live.run(file, RunLimits()) { _ in }
    let rendered = DiagnosticRenderer(file: file).render(report.diagnostics)
    if snippet.block.fails {
      #expect(report.status != .ok, "the snippet is marked 'fails' but ran cleanly")
    } else {
      #expect(report.status == .ok, "\(rendered)")
      #expect(!report.diagnostics.contains { $0.severity == .error }, "\(rendered)")
    }
  }

  @Test func theGuideHasSnippets() {
    #expect(Self.snippets.filter { $0.page.hasPrefix("docs/guide/") }.count >= 10)
  }

  // MARK: Commands and their output

  /// A `console` block's command with the `text` block that follows it.
  struct Command: CustomTestStringConvertible, Sendable {
    var page: String
    var line: Int
    var arguments: [String]
    var status: Int32
    /// The output the page shows; nil when it shows none.
    var output: String?
    /// The page's named snippets, written where the command runs.
    var files: [String: String]
    var testDescription: String { "\(page):\(line) $ dnd \(arguments.joined(separator: " "))" }
  }

  /// `$ dnd run x.dnd`, optionally ending in `# exits N`.
  static func command(_ line: Substring) -> (arguments: [String], status: Int32)? {
    guard line.hasPrefix("$ dnd") else { return nil }
    var words = line.dropFirst(2).split(separator: " ").map(String.init)
    var status: Int32 = 0
    if let comment = words.firstIndex(of: "#") {
      if words.count == comment + 3, words[comment + 1] == "exits", let code = Int32(words[comment + 2]) {
        status = code
      }
      words.removeSubrange(comment...)
    }
    return (Array(words.dropFirst()), status)
  }

  static let commands: [Command] = pages.flatMap { page -> [Command] in
    let blocks = blocks(of: read(page))
    var files: [String: String] = [:]
    for block in blocks where block.language == "dnd" {
      if let name = block.fileName { files[name] = block.text }
    }
    var found: [Command] = []
    for (index, block) in blocks.enumerated() where block.language == "console" {
      let next = index + 1 < blocks.count && blocks[index + 1].language == "text" ? blocks[index + 1] : nil
      let lines = block.text.split(separator: "\n")
      for (offset, line) in lines.enumerated() {
        guard let (arguments, status) = command(line) else { continue }
        // Only the last command of a block owns the output shown after it.
        let output = offset == lines.count - 1 ? next?.text : nil
        found.append(
          Command(
            page: page, line: block.line + 1 + offset, arguments: arguments, status: status, output: output,
            files: files))
      }
    }
    return found
  }

  /// The command runs the built `dnd` in a scratch directory holding the
  /// page's named snippets and a link to `examples/`, as if the reader had
  /// saved the snippets beside a checkout's examples.
  @Test(arguments: commands)
  func everyCommandPrintsWhatThePageShows(_ command: Command) throws {
    let binary = try #require(EndToEndTests.binary, "the dnd executable was not found beside the tests")
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    for (name, text) in command.files { try scratch.write(name, text) }
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/examples", withDestinationPath: PackagePaths.examples.path)
    let result = try Self.execute(binary, command.arguments, in: scratch.path)
    let shown = result.output + result.error
    #expect(result.status == command.status, "\(shown)")
    if let expected = command.output {
      #expect(Self.matches(shown, expected), "the page shows:\n\(expected)\nbut dnd printed:\n\(shown)")
    }
  }

  @Test func theGuideShowsCommandsWithTheirOutput() {
    let guide = Self.commands.filter { $0.page.hasPrefix("docs/guide/") }
    #expect(guide.count >= 7)
    #expect(guide.allSatisfy { $0.output != nil })
  }

  /// Runs the binary in a directory; output goes through files so a long
  /// trace cannot fill a pipe.
  static func execute(_ binary: URL, _ arguments: [String], in directory: String) throws
    -> (status: Int32, output: String, error: String)
  {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outputPath = try scratch.write("stdout", "")
    let errorPath = try scratch.write("stderr", "")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    let error = try String(contentsOfFile: errorPath, encoding: .utf8)
    return (process.terminationStatus, output, error)
  }

  /// Text as lines; a final line break does not start an empty line.
  static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") || text.isEmpty { lines.removeLast() }
    return lines
  }

  /// Line by line, where a line that is only `...` in the expected text
  /// stands for any number of lines, none included.
  static func matches(_ actual: String, _ expected: String) -> Bool {
    let got = lines(of: actual)
    let want = lines(of: expected)
    // reachable[j]: the first i lines of `got` can match the first j of `want`.
    var reachable = [Bool](repeating: false, count: want.count + 1)
    reachable[0] = true
    for j in want.indices where want[j] == "..." { reachable[j + 1] = reachable[j] }
    for line in got {
      var next = [Bool](repeating: false, count: want.count + 1)
      for j in want.indices {
        if want[j] == "..." {
          next[j + 1] = reachable[j + 1] || reachable[j] || next[j]
        } else if reachable[j], want[j] == line {
          next[j + 1] = true
        }
      }
      reachable = next
    }
    return reachable[want.count]
  }

  @Test(
    arguments: [
      ("a\nb\n", "a\nb\n", true), ("a\nb\n", "a\n...\n", true), ("a\nb\nc\n", "a\n...\nc\n", true),
      ("a\nc\n", "a\n...\nc\n", true), ("a\nb\n", "a\nc\n", false), ("a\n", "...\n", true),
      ("", "...\n", true), ("a\nb\n", "b\n", false), ("x\na\ny\n", "...\na\n...\n", true),
    ])
  func threeDotsStandForAnyLines(actual: String, expected: String, matches: Bool) {
    #expect(Self.matches(actual, expected) == matches)
  }

  // MARK: The reference and the index

  /// The names of the grammar's productions: `name = ...` at the start of a line.
  static let productions: [String] = {
    let grammar = read("grammar.ebnf")
    return grammar.split(separator: "\n").compactMap { line -> String? in
      guard let first = line.first, first.isLetter, let equals = line.firstIndex(of: "=") else { return nil }
      let name = line[..<equals].trimmingCharacters(in: .whitespaces)
      return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? name : nil
    }
  }()

  @Test func theReferenceNamesEveryProductionOfTheGrammar() {
    let reference = Self.read("docs/reference.md")
    #expect(Self.productions.count > 50)
    let missing = Self.productions.filter { !reference.contains("`\($0)`") }
    #expect(missing == [], "docs/reference.md does not mention these productions")
  }

  @Test func theGuideIndexLinksEveryChapter() {
    let index = Self.read("docs/guide/README.md")
    let chapters = Self.pages.filter { $0.hasPrefix("docs/guide/") && !$0.hasSuffix("/README.md") }
    #expect(chapters.count >= 7)
    let unlinked = chapters.filter { !index.contains("](\($0.dropFirst("docs/guide/".count)))") }
    #expect(unlinked == [], "docs/guide/README.md does not link these chapters")
  }

  @Test func theReadmeListsEveryExample() {
    let readme = Self.read("README.md")
    #expect(readme.contains("](docs/guide/README.md)"))
    let unlisted = ExampleTranscriptTests.examples.filter { !readme.contains("](\($0))") }
    #expect(unlisted == [], "README.md does not list these examples, one line each")
  }
}

/// The help texts' examples and the pages' links point at files that exist,
/// so that a newcomer can paste them from the repository's root.
@Suite struct DocsPathTests {
  /// The lines under "Examples:" of every help text.
  static let helpExamples: [String] = {
    let texts = [HelpText.overview] + CommandName.allCases.map { HelpText.help(for: $0) }
    return texts.flatMap { text -> [String] in
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Examples:" })
      else { return [] }
      return lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
  }()

  /// The repository paths a line names: words starting with `examples/` or
  /// `bench/`, or ending in `.dnd` (a glob stands for its directory).
  static func paths(in line: String) -> [String] {
    line.split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "\"" || $0 == "(" || $0 == ")" })
      .map(String.init)
      .filter { $0.hasPrefix("examples/") || $0.hasPrefix("bench/") || $0.hasSuffix(".dnd") }
      .map { word in word.contains("*") ? String(word.prefix { $0 != "*" }) : word }
  }

  @Test func everyHelpExampleNamesFilesThatExist() {
    #expect(Self.helpExamples.count > 20)
    let missing = Self.helpExamples.flatMap { line in
      Self.paths(in: line).filter {
        !FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent($0).path)
      }.map { "\($0) in: \(line.trimmingCharacters(in: .whitespaces))" }
    }
    #expect(missing == [], "help examples name files that are not in the repository")
  }

  /// Every relative link `](path)` of the README and of `docs/`, with the page it is on.
  static let links: [(page: String, target: String)] = {
    (["README.md"] + DocsTests.pages).flatMap { page -> [(page: String, target: String)] in
      let text = DocsTests.read(page)
      var found: [(page: String, target: String)] = []
      var rest = text[...]
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        let target = String(after[..<close].prefix { $0 != "#" })
        // Not a link: code such as `[IndexPath](repeating: x, count: 2)`.
        if !target.isEmpty, !target.contains(" "), !target.contains(":") {
          found.append((page, target))
        }
        rest = after[close...]
      }
      return found
    }
  }()

  @Test func everyRelativeLinkResolves() {
    #expect(Self.links.count > 30)
    let broken = Self.links.filter { link in
      let directory = PackagePaths.root.appendingPathComponent(link.page).deletingLastPathComponent()
      return !FileManager.default.fileExists(atPath: directory.appendingPathComponent(link.target).path)
    }.map { "\($0.page): \($0.target)" }
    #expect(broken == [], "links to files that do not exist")
  }
}
