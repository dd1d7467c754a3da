/// The canonical printer behind `dnd fmt`: a parsed script back to text, in
/// the style of `examples/`: 4-space indentation, one statement per line,
/// spaces around binary operators, `{` on the line of its declaration.
///
/// Design: the text is printed from the syntax tree, so layout is decided
/// here and nowhere else, but everything the tree keeps as written is taken
/// from the source: string literals, numbers, parentheses, `T!`, and whether
/// a list of arguments or a one-statement body (`{ x }`) was on one line or
/// several. The printing
/// order is the source order, so comments (which the tree does not hold) are
/// placed by position as the printer passes them (see `FormatPrinter`):
/// before the line of the node they precede, at the end of the line they
/// follow, or inline when a one-line block comment sits inside a line.
///
/// Guarantees, each tested over the examples and the spec scripts: the
/// output parses to the same tree (`SyntaxDump.tree` without locations), and
/// formatting it again changes nothing. Deliberately not done: wrapping long
/// lines, turning closure arguments into trailing closures, or re-indenting
/// the lines of a multi-line string (its indentation is its meaning).
public enum ScriptFormatter {
  /// The canonical text of `file`, or its syntax errors when it has any (a
  /// file that does not parse is never rewritten).
  public static func format(
    _ file: SourceFile, maxNestingDepth: Int = SyntaxLimits.maxNestingDepth
  ) -> Result<String, FormatFailure> {
    let result = Parser.parse(file, maxNestingDepth: maxNestingDepth)
    let errors = result.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty else { return .failure(FormatFailure(diagnostics: result.diagnostics)) }
    // The lexer lets any bytes through in comments; text rebuilt from them
    // would not be the same bytes, so such a file is left alone.
    if let bad = firstInvalidUTF8(in: file) {
      let range = SourceRange(file: file.id, start: bad, end: bad + 1)
      return .failure(FormatFailure(diagnostics: [Diagnostic(.invalidUTF8, at: range)]))
    }
    return .success(format(result, file: file))
  }

  /// The canonical text of an already parsed file. `result` must come from
  /// `Parser.parse(file)`; nodes the parser could not read are copied as
  /// written.
  public static func format(_ result: ParseResult, file: SourceFile) -> String {
    var printer = FormatPrinter(file: file, comments: result.comments)
    printer.script(result.script)
    return printer.finish()
  }
}

extension ScriptFormatter {
  /// The offset of the first byte of `file` that is not valid UTF-8.
  static func firstInvalidUTF8(in file: SourceFile) -> Int? {
    let lexer = Lexer(file: file)
    var index = 0
    while index < file.bytes.count {
      if file.bytes[index] < 0x80 {
        index += 1
      } else if let (_, length) = lexer.decodeScalar(at: index) {
        index += length
      } else {
        return index
      }
    }
    return nil
  }
}

/// Why a file was not formatted: its syntax diagnostics (at least one error).
public struct FormatFailure: Error, Hashable, Sendable {
  public var diagnostics: [Diagnostic]
  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }
}

/// The printer's state: finished lines, the line being built, and a cursor
/// over the comments not yet printed.
///
/// Comments are placed by four rules, applied as the printer moves through
/// the source in order:
/// - leading: before a node that starts a line, every comment that comes
///   before it goes on its own line above it (`beginLine`);
/// - trailing: when a line ends, a comment that follows its last code on the
///   same source line, with at most `,` `;` `)` `]` between, ends the line;
/// - inline: a one-line `/* */` comment inside the code of a line stays
///   inline, before the node it preceded (`mark`), or at the end of the line;
/// - hoisted: a `//` or multi-line comment inside the code of a line (an
///   expression the printer joins onto one line) goes on its own line above
///   that line.
/// Each rule puts a comment where the same rule finds it again on the next
/// run, which is what makes formatting idempotent.
struct FormatPrinter {
  let file: SourceFile
  let bytes: [UInt8]
  /// Every token of the file: where the braces and parentheses the tree does
  /// not record are, and what lies between code and a comment.
  let tokens: [Token]
  let comments: [SourceRange]
  /// The first comment not yet printed.
  var nextComment = 0
  var lines: [String] = []
  /// The line being built, indentation included; empty between lines.
  var line = ""
  /// The indentation of `line`'s own comments: one level deeper for a line
  /// that starts with a closing bracket, so that they stay in the block.
  var lineCommentIndent = 0
  /// Comments to print on their own lines above `line`.
  var hoisted: [SourceRange] = []
  /// Comments taken from between a block's `}` and its else branch, to
  /// print first in the block that opens at the key (the branch's). Keyed,
  /// because an else-if condition may hold a closure with an if of its own.
  var carried: [Int: [SourceRange]] = [:]
  /// The current indentation, in levels of `indentUnit`.
  var indent = 0
  /// The end of the last source printed (code or comment).
  var lastEnd = 0
  /// The statement being printed follows another in its block, on the line
  /// before (set by the loops over statements).
  var afterStatement = false
  /// Nothing has been printed in the current block yet: no blank line here.
  var atBlockStart = true
  /// The lines that end in a trailing comment, with the width of their code
  /// (in characters), for aligning the comments of neighbouring lines.
  var trailingComments: [Int: Int] = [:]

  static let indentUnit = "    "

  init(file: SourceFile, comments: [SourceRange]) {
    self.file = file
    self.bytes = file.bytes
    self.tokens = Lexer.tokenize(file)
    self.comments = comments.sorted { $0.start < $1.start }
  }

  /// A printer without comments that shares `tokens`, for trying whether a
  /// body fits on one line.
  init(file: SourceFile, tokens: [Token]) {
    self.file = file
    self.bytes = file.bytes
    self.tokens = tokens
    self.comments = []
  }

  /// The finished text: one line break after every line.
  mutating func finish() -> String {
    flushLeading(before: Int.max)
    if !line.isEmpty { endLine() }
    alignTrailingComments()
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// Lines next to each other, at the same indentation, that end in
  /// comments get their comments in one column, one space after the longest
  /// code among them (as `// expect:` comments in the specs are written).
  private mutating func alignTrailingComments() {
    var run: [Int] = []
    func leadingSpaces(_ index: Int) -> Int { lines[index].prefix { $0 == " " }.count }
    for index in trailingComments.keys.sorted() + [Int.max] {
      if let last = run.last, index == last + 1, leadingSpaces(index) == leadingSpaces(last) {
        run.append(index)
        continue
      }
      let column = run.compactMap { trailingComments[$0] }.max() ?? 0
      for member in run {
        guard let width = trailingComments[member], width < column else { continue }
        let split = lines[member].index(lines[member].startIndex, offsetBy: width)
        lines[member].insert(contentsOf: String(repeating: " ", count: column - width), at: split)
      }
      run = [index]
    }
  }

  // MARK: - Lines

  /// Starts a line for a node at `offset`: its leading comments first, and
  /// one blank line if the source had at least one before it.
  mutating func beginLine(at offset: Int) {
    // Block comments on the node's own line stay in front of it.
    var sameLine: [SourceRange] = []
    while let comment = pendingComment, Int(comment.start) < offset {
      if containsNewline(Int(comment.start), offset) {
        flushLeading(before: Int(comment.start) + 1)
      } else {
        nextComment += 1
        sameLine.append(comment)
      }
    }
    blankLineIfNeeded(before: Int(sameLine.first?.start ?? UInt32(clamping: offset)))
    line = indentation(indent) + sameLine.map { commentText($0) + " " }.joined()
    lineCommentIndent = indent
    if let last = sameLine.last { advance(to: Int(last.end)) }
  }

  /// Starts a line that closes a block or list (`}`, `)`, `]`): no blank
  /// line before it.
  mutating func beginClosingLine() {
    line = indentation(indent)
    lineCommentIndent = indent + 1
  }

  /// Ends the current line: comments left inside it, then trailing ones.
  mutating func endLine() {
    // Comments appended here count as trailing when aligning: on the next
    // run they are found after the code.
    let codeWidth = line.count
    while let comment = pendingComment, Int(comment.start) < lastEnd {
      nextComment += 1
      placeInterior(comment, atEnd: true)
    }
    while let comment = pendingComment, isTrailing(comment) {
      nextComment += 1
      line += " " + commentText(comment)
      lastEnd = max(lastEnd, Int(comment.end))
      if isLineComment(comment) { break }
    }
    let hasTrailingComment = line.count != codeWidth
    for comment in hoisted {
      lines.append(contentsOf: ownLineText(comment, indent: lineCommentIndent, reindent: false))
    }
    hoisted.removeAll()
    if hasTrailingComment && !line.contains("\n") { trailingComments[lines.count] = codeWidth }
    lines.append(line)
    line = ""
    atBlockStart = false
  }

  /// Appends text to the current line.
  mutating func write(_ text: String) {
    line += text
  }

  /// Notes that source up to `end` has been printed.
  mutating func advance(to end: Int) {
    lastEnd = max(lastEnd, end)
  }

  /// Takes the comments before `end` out of the queue, to be printed first
  /// in the block opening at `open`; from `inlineFrom` on, a one-line block
  /// comment (and what follows it) stays where it is, inline.
  mutating func carryComments(before end: Int, into open: Int, inlineFrom: Int) {
    var taken: [SourceRange] = []
    while let comment = pendingComment, Int(comment.start) < end {
      let oneLineBlock = !isLineComment(comment) && !containsNewline(Int(comment.start), Int(comment.end))
      if Int(comment.start) >= inlineFrom && oneLineBlock { break }
      nextComment += 1
      taken.append(comment)
    }
    if !taken.isEmpty { carried[open, default: []] += taken }
  }

  /// The comments carried to the block opening at `open`, if any.
  mutating func takeCarried(for open: Int) -> [SourceRange] {
    carried.removeValue(forKey: open) ?? []
  }

  /// Called before printing a node at `offset` in the middle of a line:
  /// places the comments that come before it.
  mutating func mark(_ offset: Int) {
    while let comment = pendingComment, Int(comment.start) < offset {
      nextComment += 1
      placeInterior(comment, atEnd: false)
    }
  }

  /// Opens a block whose `{` (already written) ends at `openEnd`: the line
  /// ends and what follows is indented.
  mutating func openBlock(after openEnd: Int) {
    advance(to: openEnd)
    endLine()
    indent += 1
    atBlockStart = true
  }

  /// Closes a block whose `}` is at `close`: comments before it stay inside,
  /// then a line starts with the `}` (written by the caller).
  mutating func closeBlock(at close: Int) {
    flushLeading(before: close)
    indent -= 1
    beginClosingLine()
  }

  // MARK: - Comments

  var pendingComment: SourceRange? {
    nextComment < comments.count ? comments[nextComment] : nil
  }

  /// The column of `offset` in the source, in bytes from its line's start.
  func column(of offset: Int) -> Int {
    var start = min(offset, file.bytes.count)
    while start > 0, file.bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return offset - start
  }

  /// Whether any comment not yet printed starts before `offset`.
  func hasComment(before offset: Int) -> Bool {
    pendingComment.map { Int($0.start) < offset } ?? false
  }

  /// Prints every pending comment before `offset` on its own line.
  mutating func flushLeading(before offset: Int) {
    while let comment = pendingComment, Int(comment.start) < offset {
      nextComment += 1
      blankLineIfNeeded(before: Int(comment.start))
      lines.append(contentsOf: ownLineText(comment, indent: indent, reindent: true))
      lastEnd = max(lastEnd, Int(comment.end))
      atBlockStart = false
    }
  }

  /// A comment found inside the code of the current line: inline (before
  /// the code that follows, or `atEnd`) when it is a one-line block comment,
  /// else on its own line above.
  private mutating func placeInterior(_ comment: SourceRange, atEnd: Bool) {
    guard !isLineComment(comment), !containsNewline(Int(comment.start), Int(comment.end)) else {
      hoisted.append(comment)
      return
    }
    let opensLine = line.allSatisfy { $0 == " " }
    if !(opensLine || line.hasSuffix(" ") || line.hasSuffix("(") || line.hasSuffix("[")) { line += " " }
    line += commentText(comment) + (atEnd ? "" : " ")
  }

  /// A comment ends the line when it follows the line's last code on the
  /// same source line, with only separators and closers between.
  private func isTrailing(_ comment: SourceRange) -> Bool {
    let start = Int(comment.start)
    guard start >= lastEnd, !containsNewline(lastEnd, start) else { return false }
    var index = firstToken(atOrAfter: lastEnd)
    while index < tokens.count, Int(tokens[index].range.start) < start {
      switch tokens[index].kind {
      case .comma, .semicolon, .rightParen, .rightBracket: index += 1
      default: return false
      }
    }
    return true
  }

  /// The lines of a comment printed on its own at `indent`. A block comment
  /// that began its source line moves its later lines with its first, so a
  /// boxed comment keeps its shape when the code around it is re-indented.
  func ownLineText(_ comment: SourceRange, indent level: Int, reindent: Bool) -> [String] {
    let prefix = indentation(level)
    let parts = commentText(comment).split(separator: "\n", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return [prefix + commentText(comment)] }
    var shift = 0
    let start = Int(comment.start)
    let lineStart = file.lineStarts[max(0, file.location(of: start).line - 1)]
    if reindent, bytes[lineStart..<start].allSatisfy({ $0 == .space || $0 == .tab }) {
      shift = prefix.count - (start - lineStart)
    }
    var result = [prefix + trimmedTrailing(parts[0])]
    for part in parts.dropFirst() {
      var text = trimmedTrailing(part)
      if shift > 0, !text.isEmpty {
        text = String(repeating: " ", count: shift) + text
      } else if shift < 0 {
        let removable = text.prefix(-shift).prefix { $0 == " " || $0 == "\t" }.count
        text.removeFirst(removable)
      }
      result.append(text)
    }
    return result
  }

  /// The text of a comment; a line comment without trailing white space.
  func commentText(_ comment: SourceRange) -> String {
    let text = file.text(comment)
    return isLineComment(comment) ? trimmedTrailing(text[...]) : text
  }

  private func isLineComment(_ comment: SourceRange) -> Bool {
    let start = Int(comment.start)
    return start + 1 < bytes.count && bytes[start + 1] == .slash
  }

  private func trimmedTrailing(_ text: Substring) -> String {
    var text = text
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return String(text)
  }

  // MARK: - Source

  /// Adds a blank line before something at `offset` if the source had one
  /// or more since the last thing printed, except at the start of a block.
  private mutating func blankLineIfNeeded(before offset: Int) {
    guard !atBlockStart, !lines.isEmpty, lines.last != "" else { return }
    var newlines = 0
    var index = lastEnd
    while index < min(offset, bytes.count) {
      if bytes[index] == .newline { newlines += 1 }
      index += 1
    }
    if newlines >= 2 { lines.append("") }
  }

  func containsNewline(_ from: Int, _ to: Int) -> Bool {
    guard from < to else { return false }
    return bytes[from..<min(to, bytes.count)].contains(.newline)
  }

  /// The source text of a range, as written.
  func source(_ range: SourceRange) -> String {
    file.text(range)
  }

  /// The index of the first token starting at or after `offset`.
  func firstToken(atOrAfter offset: Int) -> Int {
    var low = 0
    var high = tokens.count
    while low < high {
      let mid = (low + high) / 2
      if Int(tokens[mid].range.start) < offset { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The first token of `kind` at or after `offset`.
  func token(_ kind: TokenKind, atOrAfter offset: Int) -> Token? {
    var index = firstToken(atOrAfter: offset)
    while index < tokens.count {
      if tokens[index].kind == kind { return tokens[index] }
      if tokens[index].kind == .endOfFile { return nil }
      index += 1
    }
    return nil
  }

  /// Whether the first token at or after `offset` is of `kind`.
  func nextTokenIs(_ kind: TokenKind, after offset: Int) -> Bool {
    let index = firstToken(atOrAfter: offset)
    return index < tokens.count && tokens[index].kind == kind
  }

  func indentation(_ level: Int) -> String {
    String(repeating: FormatPrinter.indentUnit, count: max(0, level))
  }
}
