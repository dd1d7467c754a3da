import DndCheck
import DndSyntax

/// The marker written in test sources where a diagnostic is expected.
let marker = "1️⃣"

/// A source with an optional marker: the text without it, and the offset
/// where it was.
func unmark(_ source: String) -> (text: String, offset: Int?) {
  guard let range = source.firstRange(of: marker) else { return (source, nil) }
  let offset = source.utf8.distance(from: source.startIndex, to: range.lowerBound)
  return (source.replacingCharacters(in: range, with: ""), offset)
}

/// Parses and checks a source; the parse must succeed. The tests write
/// blocks with only the methods they are about, so the warnings about a
/// block lacking a method (one its protocol requires, or a drop
/// interaction's sessionDidUpdate beside its performDrop) are left out
/// unless asked for (`RequiredMethodTests`).
func checkSource(_ source: String, keepsRequiredMethodWarnings: Bool = false)
  -> (result: CheckResult, file: SourceFile, parseErrors: [Diagnostic])
{
  let file = SourceFile(name: "test.dnd", text: source)
  let parsed = Parser.parse(file)
  var result = Checker.check(parsed.script, file: file)
  if !keepsRequiredMethodWarnings {
    result.diagnostics.removeAll {
      $0.id.hasPrefix("requiredMethodMissing") || $0.id.hasPrefix("performDropWithoutProposal")
    }
  }
  return (result, file, parsed.diagnostics.filter { $0.severity == .error })
}

/// The diagnostics of a source, as (id, line:column) pairs.
func diagnosticIDs(_ source: String) -> [String] {
  let (result, file, _) = checkSource(source)
  return result.diagnostics.map { "\($0.id)@\(file.location(of: Int($0.range.start)))" }
}

extension String {
  /// `replacingCharacters(in:with:)` without Foundation.
  func replacingCharacters(in range: Range<String.Index>, with replacement: String) -> String {
    String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
  }
}
