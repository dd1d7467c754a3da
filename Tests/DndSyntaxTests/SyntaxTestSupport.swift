import DndSyntax

/// Source text with location markers (1️⃣, 2️⃣, ...) taken out: the clean
/// text and the UTF-8 offset where each marker stood, in marker order.
struct MarkedSource {
  var text: String
  var markers: [Int] = []

  init(_ marked: String) {
    var bytes: [UInt8] = []
    var found: [(number: Int, offset: Int)] = []
    let scalars = Array(marked.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      // A keycap emoji: a digit, U+FE0F, U+20E3.
      if index + 2 < scalars.count, ("1"..."9").contains(scalar), scalars[index + 1] == "\u{FE0F}",
        scalars[index + 2] == "\u{20E3}"
      {
        found.append((Int(scalar.value) - 0x30, bytes.count))
        index += 3
        continue
      }
      bytes.append(contentsOf: String(scalar).utf8)
      index += 1
    }
    text = String(decoding: bytes, as: UTF8.self)
    markers = found.sorted { $0.number < $1.number }.map(\.offset)
  }
}

/// Parses `source` as a file named "test".
func parse(_ source: String) -> (file: SourceFile, result: ParseResult) {
  let file = SourceFile(name: "test", text: source)
  return (file, Parser.parse(file))
}

/// The tree of `source` without locations and without the "script" root,
/// one node per line; nil (and the problems) when it does not parse cleanly.
func tree(_ source: String) -> String {
  let (file, result) = parse(source)
  if !result.diagnostics.isEmpty {
    return "diagnostics: " + result.diagnostics.map { "\($0.id): \($0.message)" }.joined(separator: "; ")
  }
  return SyntaxDump.tree(result.script, file: file, includeLocations: false)
    .split(separator: "\n").dropFirst().map { $0.dropFirst(2) }.joined(separator: "\n")
}

/// The diagnostics of `source` as (id, line:col), for messages in failures.
func diagnosticSummary(_ source: String) -> [String] {
  let (file, result) = parse(source)
  return result.diagnostics.map { "\($0.id)@\(file.location(of: Int($0.range.start)))" }
}
