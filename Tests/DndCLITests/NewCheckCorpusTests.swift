import DndInterpreter
import DndSyntax
import Foundation
import Testing

/// The checks that refuse member names no type has and bodies that end
/// without the value they owe must never fire on a script that runs: every
/// example, every spec and every `dnd` block of the docs is checked, and
/// one of these diagnostics is allowed only on a line that expects it
/// (`// expect error:`, in the specs written for them). SpecTests and
/// DocsTests would also fail on an unexpected error; this names the check.
@Suite struct NewCheckCorpusTests {
  static let ids: Set<String> = ["unknownMemberName", "memberNotOnType", "missingReturn", "missingHandlerReturn"]

  static let scripts =
    PackagePaths.scripts(under: PackagePaths.examples) + PackagePaths.scripts(under: PackagePaths.spec)

  /// The diagnostics of the new checks on lines that do not expect an error.
  static func unexpected(in bytes: [UInt8], name: String) -> [String] {
    let file = SourceFile(name: name, bytes: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let (_, diagnostics) = Pipeline.check(file)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return diagnostics.filter { ids.contains($0.id) }.compactMap { diagnostic in
      let line = file.location(of: Int(diagnostic.range.start)).line
      let expected = line - 1 < lines.count && lines[line - 1].contains("// expect error:")
      return expected ? nil : "\(name):\(line): \(diagnostic.message)"
    }
  }

  @Test func theCorpusIsFound() {
    #expect(Self.scripts.count > 100)
    #expect(Self.scripts.contains("Tests/DndCLITests/Spec/checking/unknown-member.dnd"))
  }

  @Test(arguments: scripts)
  func aScriptGetsNoneOfTheNewErrorsUnlessItExpectsThem(_ path: String) throws {
    // Bytes: some specs are not UTF-8 on purpose.
    let bytes = [UInt8](try Data(contentsOf: PackagePaths.root.appendingPathComponent(path)))
    #expect(Self.unexpected(in: bytes, name: path) == [])
  }

  @Test func noSnippetOfTheDocsGetsTheNewErrors() {
    var checked = 0
    for page in DocsTests.pages {
      for block in DocsTests.blocks(of: DocsTests.read(page)) where block.language == "dnd" {
        checked += 1
        #expect(Self.unexpected(in: Array(block.text.utf8), name: "\(page):\(block.line)") == [])
      }
    }
    #expect(checked > 15)
  }
}
