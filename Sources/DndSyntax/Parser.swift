/// The parser: tokens to a `Script`, by recursive descent over `grammar.ebnf`.
///
/// Design: one parse function per production, named after it and quoting it
/// (`Parser+Declarations`, `+Statements`, `+Steps`, `+Expressions`); this file
/// holds the machinery they share. Tokens are pulled from the lexer on demand
/// with a small lookahead buffer, so memory does not grow with the file.
///
/// Line breaks matter: a statement ends at one; a binary operator continues
/// an expression onto the next line, but a "(", "[" or "{" starting a line
/// does not continue a call, subscript or trailing closure.
///
/// Errors use panic mode. The first error in a statement (or member) is
/// reported and sets `panicMode`; later errors are dropped until the parser
/// has skipped to the next line, ";" or "}" (`synchronize`) and starts a new
/// item, so one mistake gives one message while independent mistakes each
/// get theirs. The lexer's `.error` tokens are reported once, when read, and
/// stand in for whatever the parser expected there. Missing pieces become
/// `ExprKind.error` / `StmtKind.error` nodes, so the tree stays whole.
///
/// Limits: recursion depth is bounded by a nesting limit (`enterNesting`),
/// every loop consumes a token or stops, and parsing stops after
/// `SyntaxLimits.maxErrors` errors.
public enum Parser {
  /// Parses a whole file. Never fails: problems are in `diagnostics`, sorted
  /// by position. `maxNestingDepth` bounds the recursion: the default is safe
  /// on any thread; a caller on a large stack may pass
  /// `SyntaxLimits.maxNestingDepthOnLargeStack`, as the pipeline does.
  public static func parse(_ file: SourceFile, maxNestingDepth: Int = SyntaxLimits.maxNestingDepth)
    -> ParseResult
  {
    if let offset = binaryDataOffset(file.bytes) {
      let range = SourceRange(file: file.id, start: offset, end: offset + 1)
      return ParseResult(script: Script(items: [], file: file.id), diagnostics: [Diagnostic(.binaryFile, at: range)])
    }
    var state = State(file: file, range: nil, depth: 0, nestingLimit: maxNestingDepth)
    let script = state.parseScript()
    state.warnOfNonBreakingSpaces()
    return ParseResult(script: script, diagnostics: state.sortedDiagnostics, comments: state.lexer.comments)
  }

  /// Where binary data starts, when the file looks like it (an image or a
  /// program given by mistake): several NUL bytes near the start, which no
  /// text has. One message says so, rather than a hundred about each byte;
  /// a stray control byte in a text file is still reported where it is.
  static func binaryDataOffset(_ bytes: [UInt8]) -> Int? {
    let window = bytes.prefix(8192)
    guard let first = window.firstIndex(of: 0) else { return nil }
    return window.lazy.filter { $0 == 0 }.count >= 4 ? first : nil
  }

  /// The kinds of view, as `viewKind` in the grammar lists them.
  public static let viewKinds = [
    "view", "label", "imageView", "textField", "textView", "button", "tableView", "collectionView",
  ]

  /// Views of UIKit's that scripts port from apps and dnd does not model, with
  /// what to declare instead (the lecture's EmojiArt view sits in a scroll view).
  static let unmodelledKinds: [String: String] = {
    let scrolling =
      "scrolling and zooming are not modelled: declare a 'view' with the content's frame, and put the "
      + "content's views in it"
    let stacking =
      "there is no Auto Layout in dnd: declare a 'view' and give each of its subviews a 'frame'"
    return [
      "scrollView": scrolling, "UIScrollView": scrolling,
      "stackView": stacking, "UIStackView": stacking,
    ]
  }()

  /// UIKit's classes and the kinds that declare them.
  static let uikitClassKinds: [String: String] = [
    "UIView": "view", "UILabel": "label", "UIImageView": "imageView", "UITextField": "textField",
    "UITextView": "textView", "UIButton": "button", "UITableView": "tableView",
    "UICollectionView": "collectionView", "UIDragInteraction": "dragInteraction",
    "UIDropInteraction": "dropInteraction", "UISpringLoadedInteraction": "springLoadedInteraction",
  ]

  /// The kinds of interaction, delegate and data source, as `interactionKind`
  /// in the grammar lists them.
  public static let interactionKinds = [
    "dragInteraction", "dropInteraction", "springLoadedInteraction", "dragDelegate", "dropDelegate",
    "dataSource", "delegate", "textDropDelegate",
  ]
}

/// What `Parser.parse` returns: the tree, the problems, and where the
/// comments are (which the tree does not hold; a formatter needs them).
public struct ParseResult: Sendable {
  public var script: Script
  public var diagnostics: [Diagnostic]
  public var comments: [SourceRange]

  public init(script: Script, diagnostics: [Diagnostic], comments: [SourceRange] = []) {
    self.script = script
    self.diagnostics = diagnostics
    self.comments = comments
  }
}

extension Parser {
  /// The state of one parse: the token cursor, the diagnostics so far, and
  /// the recovery and nesting bookkeeping. String interpolations are parsed by
  /// a nested `State` over their sub-range, which inherits the depth.
  struct State {
    let file: SourceFile
    let bytes: [UInt8]
    var lexer: Lexer
    /// The current token.
    var token: RawToken
    /// Tokens read ahead of `token`: `lookahead[lookaheadStart..<lookaheadEnd]`,
    /// the first coming next. The array is storage, never shrunk; both
    /// indices go back to 0 once it is used up, so its slots are reused.
    var lookahead: [RawToken] = []
    var lookaheadStart = 0
    var lookaheadEnd = 0
    /// The range of the last consumed token (empty before the first).
    var previous: SourceRange
    /// Counts consumed tokens, so loops can check that they made progress.
    var progress = 0
    var diagnostics: [Diagnostic] = []
    var errorCount = 0
    /// An error was reported in the current item; further ones are dropped.
    var panicMode = false
    /// Set once `maxErrors` is reached: from then on the input looks empty.
    var stopped = false
    /// Current nesting, against `nestingLimit`.
    var depth: Int
    /// The deepest nesting allowed (`SyntaxLimits`).
    let nestingLimit: Int
    /// Set when the nesting limit is hit: every parse function then returns
    /// at once, up to the innermost item loop, which skips the rest of the
    /// item. Without it each enclosing level would descend again.
    var unwinding = false
    /// How many scenario bodies enclose the current statement, where a
    /// misspelt step (`longpress source`) is told as one.
    var scenarioDepth = 0
    /// False in the condition of `if`/`guard`/`while` and the sequence of
    /// `for`, where a "{" opens the body rather than a trailing closure.
    var allowsTrailingClosure = true
    /// For each closure being read, innermost last: how many shorthand
    /// arguments (`$0`, `$1`) its body uses, or nil when it has a
    /// parameter clause (where they are not allowed).
    var shorthandCounts: [Int?] = []
    /// The strings of the names read so far (`name(of:)`).
    var names: NameCache

    /// A parse of `range` of `file` (the whole file when nil), starting at
    /// nesting `depth`, with the first token read.
    init(file: SourceFile, range: Range<Int>?, depth: Int, nestingLimit: Int) {
      self.file = file
      self.bytes = file.bytes
      self.lexer = Lexer(file: file, range: range)
      self.depth = depth
      self.nestingLimit = nestingLimit
      // The whole file's parse caches names; an interpolation's reads too few.
      self.names = NameCache(bits: range == nil ? 10 : 0)
      let start = range?.lowerBound ?? 0
      self.previous = SourceRange(file: file.id, start: start, end: start)
      self.token = RawToken(kind: .endOfFile, range: previous, isAtStartOfLine: true)
      self.token = fetch()
    }

    /// The diagnostics in source order.
    var sortedDiagnostics: [Diagnostic] {
      // A stable sort: diagnostics at one position keep the order they were found in.
      diagnostics.enumerated().sorted { left, right in
        (left.element.range.start, left.offset) < (right.element.range.start, right.offset)
      }.map(\.element)
    }
  }
}

// MARK: - The token cursor

extension Parser.State {
  /// The capacity a list of statements, members, arguments or elements
  /// takes when it gets its second element (`appendToList`).
  static let listCapacity = 4

  /// Reads the next token from the lexer, reporting a lexer error at once.
  @inline(__always)
  private mutating func fetch() -> RawToken {
    if stopped { return RawToken(kind: .endOfFile, range: endRange, isAtStartOfLine: true) }
    let next = lexer.nextRaw()
    if next.kind == .error, let message = lexer.lastError {
      record(Diagnostic(message, at: lexer.lastErrorRange ?? next.range))
    }
    return next
  }

  private var endRange: SourceRange {
    SourceRange(file: file.id, start: Int(previous.end), end: Int(previous.end))
  }

  /// Moves to the next token.
  mutating func advance() {
    previous = token.range
    progress += 1
    if lookaheadStart < lookaheadEnd {
      token = lookahead[lookaheadStart]
      lookaheadStart += 1
      if lookaheadStart == lookaheadEnd {
        lookaheadStart = 0
        lookaheadEnd = 0
      }
    } else {
      token = fetch()
    }
  }

  /// The token `distance` places after the current one (`peek(1)` is next).
  mutating func peek(_ distance: Int = 1) -> RawToken {
    while lookaheadEnd - lookaheadStart < distance {
      // `fetch` may stop the parse, which empties the lookahead first.
      let next = fetch()
      if lookaheadEnd < lookahead.count {
        lookahead[lookaheadEnd] = next
      } else {
        lookahead.append(next)
      }
      lookaheadEnd += 1
    }
    return lookahead[lookaheadStart + distance - 1]
  }

  @inline(__always)
  func at(_ kind: TokenKind) -> Bool { token.kind == kind }

  /// Consumes the current token if it is of `kind`.
  @discardableResult
  mutating func consume(_ kind: TokenKind) -> RawToken? {
    guard token.kind == kind else { return nil }
    let consumed = token
    advance()
    return consumed
  }

  /// Consumes a token of `kind`, or reports `message` where it is missing.
  @discardableResult
  mutating func expect(_ kind: TokenKind, _ message: @autoclosure () -> DiagnosticMessage) -> RawToken? {
    if let consumed = consume(kind) { return consumed }
    report(message(), at: missingRange)
    return nil
  }

  /// Consumes the closer of `opener` (")", "]" or "}"), or reports it missing,
  /// naming the construct and pointing a note at the opener.
  mutating func expectClosing(_ kind: TokenKind, opener: RawToken, construct: @autoclosure () -> String) {
    if consume(kind) != nil { return }
    if panicMode || stopped { return }
    let openerLine = file.location(of: Int(opener.range.start)).line
    let hereLine = file.location(of: Int(missingRange.start)).line
    let closer = kind == .rightParen ? ")" : kind == .rightBracket ? "]" : "}"
    let open = kind == .rightParen ? "(" : kind == .rightBracket ? "[" : "{"
    report(
      .expectedClosing(
        closer, opener: open, construct: construct(), line: openerLine == hereLine ? nil : openerLine),
      at: missingRange, notes: [Diagnostic.Note("to match this opening '\(open)'", at: opener.range)],
      fixIts: [Diagnostic.FixIt(range: missingRange.emptyAtStart, replacement: closer)])
  }

  /// Where to point at something missing before the current token: at the
  /// token itself when it is on the same line, else just after the previous
  /// token (the end of the line where the missing piece belongs).
  @inline(__always)
  var missingRange: SourceRange {
    if token.kind == .endOfFile || token.isAtStartOfLine {
      return SourceRange(file: file.id, start: Int(previous.end), end: Int(previous.end))
    }
    return token.range
  }

  /// The range from `start` to the end of the last consumed token.
  @inline(__always)
  func range(from start: UInt32) -> SourceRange {
    SourceRange(file: file.id, start: Int(start), end: Int(max(start, previous.end)))
  }

  /// The source text of a token.
  @inline(__always)
  func text(_ token: RawToken) -> String {
    file.text(token.range)
  }

  /// The text of a name (or keyword) token, through the name cache.
  @inline(__always)
  mutating func name(of token: RawToken) -> String {
    names.string(bytes, Int(token.range.start), Int(token.range.end))
  }

  /// The current token as a `Name`.
  @inline(__always)
  var tokenName: Name {
    mutating get { Name(name(of: token), range: token.range) }
  }

  /// Whether `candidate` spells one of `words`. Lengths are compared first:
  /// most names differ from every word in length, and comparing unequal
  /// strings is slow.
  @inline(__always)
  mutating func isOneOf(_ words: [String], _ candidate: RawToken) -> Bool {
    let length = Int(candidate.range.end - candidate.range.start)
    guard words.contains(where: { $0.utf8.count == length }) else { return false }
    let spelling = name(of: candidate)
    return words.contains(spelling)
  }

  /// Whether the current token is the contextual word `word`.
  @inline(__always)
  func isWord(_ word: StaticString, _ candidate: RawToken? = nil) -> Bool {
    let candidate = candidate ?? token
    guard candidate.kind == .identifier else { return false }
    let start = Int(candidate.range.start)
    let count = Int(candidate.range.end) - start
    guard count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { spelling in
      for offset in 0..<count where bytes[start + offset] != spelling[offset] { return false }
      return true
    }
  }

  /// How a token is named in a message: "'foo'", "'('", "end of file".
  func describe(_ token: RawToken) -> String {
    switch token.kind {
    case .endOfFile: return "end of file"
    case .string, .multilineString: return "a string literal"
    case .integer, .double: return "the number '\(text(token))'"
    default: return "'\(text(token))'"
    }
  }

  /// Whether `kind` can begin an expression (and so an expression statement).
  func canBeginExpression(_ kind: TokenKind) -> Bool {
    switch kind {
    case .identifier, .integer, .double, .string, .multilineString, .kwTrue, .kwFalse, .kwNil, .kwSelf,
      .dot, .leftParen, .leftBracket, .leftBrace, .minus, .bang, .error:
      return true
    default:
      return false
    }
  }
}

// MARK: - Diagnostics and recovery

extension Parser.State {
  /// Reports a parse error unless one was already reported in this item, or
  /// the current token is a lexer error (already reported in its own words).
  mutating func report(
    _ message: DiagnosticMessage, at range: SourceRange,
    notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
  ) {
    if panicMode || stopped { return }
    panicMode = true
    if token.kind == .error { return }
    record(Diagnostic(message, at: range, notes: notes, fixIts: fixIts))
  }

  /// One warning for the file's non-breaking spaces, at the first, with a
  /// fix-it; the count says how many more there are.
  mutating func warnOfNonBreakingSpaces() {
    guard let first = lexer.nonBreakingSpaces.first else { return }
    let range = SourceRange(file: file.id, start: first, end: first + 2)
    diagnostics.append(
      Diagnostic(
        .nonBreakingSpace(more: lexer.nonBreakingSpaces.count - 1), at: range,
        fixIts: [Diagnostic.FixIt(range: range, replacement: " ")]))
  }

  /// Adds a diagnostic, and stops the parse once `maxErrors` is reached.
  mutating func record(_ diagnostic: Diagnostic) {
    guard !stopped else { return }
    diagnostics.append(diagnostic)
    if diagnostic.severity == .error { errorCount += 1 }
    if errorCount >= SyntaxLimits.maxErrors {
      stopped = true
      diagnostics.append(Diagnostic(.tooManyErrors, at: diagnostic.range))
      lookahead.removeAll()
      lookaheadStart = 0
      lookaheadEnd = 0
      token = RawToken(kind: .endOfFile, range: endRange, isAtStartOfLine: true)
    }
  }

  /// Enters one level of nesting, or reports the limit and returns false.
  /// Callers that get true call `leaveNesting()` when done.
  /// Inlined (it is on every level of every expression); the limit's
  /// report is out of line.
  @inline(__always)
  mutating func enterNesting() -> Bool {
    if unwinding { return false }
    guard depth < nestingLimit else { return reportNestingLimit() }
    depth += 1
    return true
  }

  /// Reports the nesting limit and starts unwinding; returns false.
  @inline(never)
  private mutating func reportNestingLimit() -> Bool {
    report(.nestingTooDeep(nestingLimit), at: token.kind == .endOfFile ? missingRange : token.range)
    unwinding = true
    return false
  }

  /// Leaves `levels` levels entered with `enterNesting`.
  mutating func leaveNesting(_ levels: Int = 1) {
    depth -= levels
  }

  /// Skips the rest of a broken item: up to a line break, a ";" (consumed)
  /// or a "}" that closes the enclosing block. Braces opened while skipping
  /// are skipped whole. A top-level declaration keyword at the start of a
  /// line always stops it, since it means a "}" is missing.
  mutating func synchronize() {
    var openBraces = 0
    while token.kind != .endOfFile {
      if token.isAtStartOfLine && (openBraces == 0 || startsTopLevelDeclaration()) { return }
      switch token.kind {
      case .semicolon where openBraces == 0:
        advance()
        return
      case .rightBrace:
        if openBraces == 0 { return }
        openBraces -= 1
      case .leftBrace:
        openBraces += 1
      default:
        break
      }
      advance()
    }
  }

  /// True at `app`, `device`, `scenario` or `source NAME {`: declarations
  /// that only appear at the top level.
  mutating func startsTopLevelDeclaration() -> Bool {
    switch token.kind {
    case .kwApp, .kwDevice, .kwScenario: return true
    case .identifier: return isWord("source") && peek(1).kind == .identifier && peek(2).kind == .leftBrace
    default: return false
    }
  }

  /// Whether a token starting a line has spaces or tabs before it.
  func isIndented(_ token: RawToken) -> Bool {
    let start = Int(token.range.start)
    guard start > 0, start <= bytes.count else { return false }
    let before = bytes[start - 1]
    return before == .space || before == .tab
  }

  /// Parses items (statements, members or top-level items) one after the
  /// other until `closer` (not consumed) or the end of input; with a closer,
  /// also stops before a top-level declaration starting a line, which means
  /// the closer is missing. Each item starts with a clean slate for errors.
  mutating func readItems(closer: TokenKind?, _ parseItem: (inout Parser.State) -> Void) {
    while true {
      while token.kind == .semicolon { advance() }
      if token.kind == .endOfFile { return }
      if let closer {
        if token.kind == closer { return }
        // An indented one was written inside on purpose: it is reported
        // where it stands (the braces may well balance).
        if token.isAtStartOfLine && !isIndented(token) && startsTopLevelDeclaration() { return }
      } else if token.kind == .rightBrace {
        panicMode = false
        report(.unexpectedClosingBrace, at: token.range)
        advance()
        continue
      }
      let before = progress
      let first = token
      panicMode = false
      unwinding = false
      parseItem(&self)
      if !panicMode { checkItemEnd(first: first, isTopLevel: closer == nil) }
      if panicMode { synchronize() }
      if progress == before {
        // Nothing could be read here; skip the token so the loop moves on.
        advance()
        synchronize()
      }
    }
  }

  /// After an item: the next token must be on a new line, after ";", or a
  /// "}". Another statement on the same line is reported and then parsed.
  /// `first` is the item's first token; an item that is one word followed
  /// by more (`longpress source`) in a scenario or at the top level (the
  /// REPL's steps) is a misspelt step.
  private mutating func checkItemEnd(first: RawToken, isTopLevel: Bool) {
    if token.kind == .semicolon || token.kind == .rightBrace || token.kind == .endOfFile
      || token.isAtStartOfLine
    {
      return
    }
    let gap = SourceRange(file: file.id, start: Int(previous.end), end: Int(previous.end))
    if first.kind == .identifier, first.range == previous, scenarioDepth > 0 || isTopLevel,
      canBeginExpression(token.kind), let step = Parser.stepSuggestion(for: text(first))
    {
      report(
        .misspeltStep(text(first), step: step), at: first.range,
        fixIts: [.init(range: first.range, replacement: step)])
      panicMode = false
      // The rest of the line is the step's operand (`move to root`): read as
      // statements of their own, it would only add errors.
      synchronize()
      return
    }
    if token.kind == .equal {
      // `expect a = b`: the step's expression ended before '='.
      report(.assignmentAsComparison, at: token.range, fixIts: [.init(range: token.range, replacement: "==")])
      return
    }
    if canBeginExpression(token.kind) || token.kind.isKeyword {
      report(.consecutiveStatements, at: gap, fixIts: [Diagnostic.FixIt(range: gap, replacement: ";")])
      panicMode = false
    } else {
      report(.unexpectedAfterStatement(describe(token)), at: token.range)
    }
  }
}

extension SourceRange {
  /// An empty range at this range's start (where to insert text).
  public var emptyAtStart: SourceRange { SourceRange(file: file, start: Int(start), end: Int(start)) }
}

extension Array {
  /// Appends to a list the parser builds: the first element gets an array of
  /// its own size (most lists have one), the second room for
  /// `listCapacity`, so that short lists grow once rather than one element
  /// at a time (each growth is an allocation, a copy and a free; growing
  /// by doubling was a third of the parser's allocations).
  @inline(__always)
  mutating func appendToList(_ element: Element) {
    if count == 1 && capacity < Parser.State.listCapacity { reserveCapacity(Parser.State.listCapacity) }
    append(element)
  }
}
