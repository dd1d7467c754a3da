/// The lexer turns the UTF-8 bytes of a `SourceFile` into tokens, one at a
/// time, on demand.
///
/// Design: it reads bytes, never `Character`s, and builds no strings on the
/// hot path (keywords are found by their packed bytes), so it runs at memory speed. A
/// token is only a kind and a range; the parser reads names and literal
/// values from the source text. The lexer never fails: anything it cannot read
/// (a stray character, invalid UTF-8, an unterminated string or comment, a
/// bad escape) becomes one `.error` token carrying its message, and lexing
/// goes on after it. A lexer may cover a sub-range of a file, which is how
/// string interpolations are parsed in place with absolute ranges.
public struct Lexer {
  let file: SourceFile
  let bytes: [UInt8]
  let fileID: SourceFile.ID
  let start: Int
  let end: Int
  var position: Int
  /// A line break (or the start of the input) came after the previous token.
  var atStartOfLine = true
  private var previousKind = TokenKind.endOfFile
  private var previousEnd = -1
  var tokenCount = 0
  /// Set once a limit is hit: from then on only end-of-file is returned.
  private var exhausted = false
  /// Where an unterminated block comment starts, found while skipping trivia.
  private var unterminatedComment: Int?
  /// Scratch stack for scanning strings with interpolations; kept to reuse
  /// its storage.
  var stringFrames: [StringFrame] = []
  /// The keyword hash table; copied from the shared one so lookups do not
  /// pay for lazy global initialisation.
  private let keywords: [KeywordSlot]
  /// `Lexer.firstByteTable`, copied for the same reason.
  private let firstByteKinds: [TokenKind]
  /// `Lexer.identifierTable`, copied for the same reason.
  private let identifierBytes: [Bool]

  /// The message of the last `.error` token, and the part of it to point at
  /// when narrower than the token.
  private(set) var lastError: DiagnosticMessage?
  private(set) var lastErrorRange: SourceRange?

  /// The ranges of the comments skipped so far, in order (for a formatter).
  public private(set) var comments: [SourceRange] = []
  /// Where non-breaking spaces (U+00A0) stood between tokens: code copied
  /// from a web page is often indented with them. They are read as spaces,
  /// and the parser warns once (Swift warns too).
  public private(set) var nonBreakingSpaces: [Int] = []

  /// A lexer over `file`, or over `range` of it (clamped to the file).
  public init(file: SourceFile, range: Range<Int>? = nil) {
    self.file = file
    self.bytes = file.bytes
    self.fileID = file.id
    let whole = 0..<file.bytes.count
    var clamped = range?.clamped(to: whole) ?? whole
    // A UTF-8 byte order mark, which some editors write first, is no token.
    if clamped.lowerBound == 0, clamped.count >= 3, file.bytes[0] == 0xEF, file.bytes[1] == 0xBB,
      file.bytes[2] == 0xBF
    {
      clamped = 3..<clamped.upperBound
    }
    self.start = clamped.lowerBound
    self.end = clamped.upperBound
    self.position = clamped.lowerBound
    self.keywords = Lexer.keywordTable
    self.firstByteKinds = Lexer.firstByteTable
    self.identifierBytes = Lexer.identifierTable
  }

  /// Every token of a file, ending with `.endOfFile`.
  public static func tokenize(_ file: SourceFile) -> [Token] {
    var lexer = Lexer(file: file)
    var tokens: [Token] = []
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { return tokens }
    }
  }

  /// The next token; `.endOfFile` (repeatedly) once the input is used up.
  public mutating func next() -> Token {
    let raw = nextRaw()
    guard raw.kind == .error else {
      return Token(kind: raw.kind, range: raw.range, isAtStartOfLine: raw.isAtStartOfLine)
    }
    return Token(
      kind: .error, range: raw.range, isAtStartOfLine: raw.isAtStartOfLine, error: lastError,
      errorRange: lastErrorRange)
  }

  /// The next token without its message: what the parser reads. For an
  /// `.error` token the message is in `lastError` until the next call.
  /// Inlined into the parser's token cursor: a call per token cost some
  /// thirty instructions of saving and restoring registers.
  @inline(__always)
  mutating func nextRaw() -> RawToken {
    // The limits are checked on the first token and after the last one
    // allowed; the rare paths are out of line, so this one stays lean.
    if exhausted || position == start || tokenCount >= SyntaxLimits.maxTokens {
      if let limited = limitToken() { return limited }
    }
    // Most tokens follow a single space or none: skip the call then.
    if position < end {
      let first = bytes[position]
      if first == .space && byte(at: position + 1) > .space && byte(at: position + 1) != .slash {
        position += 1
      } else if first <= .space || first == .slash {
        skipTrivia()
        if unterminatedComment != nil { return unterminatedCommentToken() }
      }
    }
    let tokenStart = position
    guard position < end else { return makeToken(.endOfFile, from: end, to: end) }
    tokenCount += 1
    let byte = bytes[position]
    // One table lookup sorts the byte: a one-byte token (its kind), the
    // start of a name, number or string, or punctuation to look at closer.
    switch firstByteKinds[Int(byte)] {
    case .identifier: return scanIdentifier(from: tokenStart)
    case .integer: return scanNumber(from: tokenStart)
    case .string: return scanString(from: tokenStart)
    case .endOfFile:
      if byte >= 0x80 { return scanNonASCII(from: tokenStart) }
      if let kind = scanPunctuation(byte) { return finish(makeToken(kind, from: tokenStart, to: position)) }
      return scanUnexpected(from: tokenStart)
    case let single:
      position += 1
      return finish(makeToken(single, from: tokenStart, to: position))
    }
  }

  /// The end-of-file or limit token due before reading another, if any.
  @inline(never)
  private mutating func limitToken() -> RawToken? {
    if exhausted { return makeToken(.endOfFile, from: end, to: end) }
    if position == start && end - start > SyntaxLimits.maxSourceBytes {
      exhausted = true
      return makeError(.sourceTooLarge(bytes: end - start), from: start, to: start)
    }
    if tokenCount >= SyntaxLimits.maxTokens {
      exhausted = true
      return makeError(.tooManyTokens, from: position, to: position)
    }
    return nil
  }

  /// The error for a block comment the input ends inside.
  @inline(never)
  private mutating func unterminatedCommentToken() -> RawToken {
    let commentStart = unterminatedComment ?? position
    unterminatedComment = nil
    position = end
    return makeError(.unterminatedBlockComment, from: commentStart, to: end)
  }

  // MARK: - Tokens

  /// A token of `kind` over the offsets, marked if it starts a line.
  func makeToken(_ kind: TokenKind, from tokenStart: Int, to tokenEnd: Int) -> RawToken {
    RawToken(kind: kind, range: range(tokenStart, tokenEnd), isAtStartOfLine: atStartOfLine)
  }

  /// Records `token` as the previous token and clears the line-start flag.
  mutating func finish(_ token: RawToken) -> RawToken {
    atStartOfLine = false
    previousKind = token.kind
    previousEnd = Int(token.range.end)
    return token
  }

  /// An `.error` token carrying `message`; `narrow` is the part of it the
  /// diagnostic should point at, when that is not the whole token.
  mutating func makeError(
    _ message: DiagnosticMessage, from tokenStart: Int, to tokenEnd: Int, pointingAt narrow: Range<Int>? = nil
  ) -> RawToken {
    lastError = message
    lastErrorRange = narrow.map { range($0.lowerBound, $0.upperBound) }
    return finish(makeToken(.error, from: tokenStart, to: tokenEnd))
  }

  /// The `SourceRange` of the offsets in this file.
  func range(_ from: Int, _ to: Int) -> SourceRange {
    SourceRange(file: fileID, offsets: from, to)
  }

  /// The byte at `index`, or 0 past the end of the input (0 matches no rule).
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    index < end ? bytes[index] : 0
  }

  // MARK: - Trivia

  /// Skips spaces, line breaks and comments, noting line breaks and comments.
  mutating func skipTrivia() {
    while position < end {
      switch bytes[position] {
      case .space, .tab, .carriageReturn:
        position = endOfBlanks(from: position + 1)
      case .newline:
        atStartOfLine = true
        position = endOfBlanks(from: position + 1)
      case .slash where byte(at: position + 1) == .slash:
        let commentStart = position
        position = endOfLine(from: position)
        comments.append(range(commentStart, position))
      case .slash where byte(at: position + 1) == .star:
        guard skipBlockComment() else { return }
      case 0xC2 where byte(at: position + 1) == 0xA0:
        nonBreakingSpaces.append(position)
        position += 2
      default:
        return
      }
    }
  }

  /// Skips a `/* */` comment, which may nest. Returns false, leaving the
  /// position at the comment, when the input ends inside it.
  private mutating func skipBlockComment() -> Bool {
    let commentStart = position
    var depth = 0
    var index = position
    var sawNewline = false
    while index < end {
      let current = bytes[index]
      if current == .slash && byte(at: index + 1) == .star {
        depth += 1
        index += 2
      } else if current == .star && byte(at: index + 1) == .slash {
        depth -= 1
        index += 2
        if depth == 0 {
          position = index
          if sawNewline { atStartOfLine = true }
          comments.append(range(commentStart, index))
          return true
        }
      } else {
        if current == .newline { sawNewline = true }
        index += 1
      }
    }
    unterminatedComment = commentStart
    return false
  }

  // MARK: - Names and numbers

  /// A name, a reserved word, "_", or "as?" / "as!".
  @inline(__always)
  private mutating func scanIdentifier(from tokenStart: Int) -> RawToken {
    position = endOfIdentifier(from: position + 1)
    if position < end, bytes[position] >= 0x80, continuesIdentifier(at: position) {
      return scanNonASCIIIdentifier(from: tokenStart)
    }
    let length = position - tokenStart
    if length == 1 && bytes[tokenStart] == .underscore {
      return finish(makeToken(.underscore, from: tokenStart, to: position))
    }
    var kind = keyword(from: tokenStart, length: length) ?? .identifier
    if kind == .kwAs {
      // "as?" and "as!" are single tokens, so "x as? T" never reads as a ternary.
      switch byte(at: position) {
      case .question:
        kind = .asQuestion
        position += 1
      case .bang where byte(at: position + 1) != .equal:
        kind = .asBang
        position += 1
      default:
        break
      }
    }
    return finish(makeToken(kind, from: tokenStart, to: position))
  }

  /// The reserved word spelt by the bytes, if any. Inlined: a call would
  /// copy the whole lexer for `self`.
  @inline(__always)
  private func keyword(from tokenStart: Int, length: Int) -> TokenKind? {
    guard length >= 2 && length <= Lexer.longestKeyword else { return nil }
    let (packed, ninth) = bytes.withUnsafeBytes { raw in
      // One unaligned load when eight bytes are there to read (the bytes
      // past the name are masked off), else byte by byte.
      guard tokenStart + 8 <= raw.count else { return Lexer.pack(length) { raw[tokenStart + $0] } }
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: tokenStart, as: UInt64.self))
      let packed = length >= 8 ? word : word & ((1 &<< (8 &* UInt64(length))) &- 1)
      return (packed, length > 8 ? raw[tokenStart + 8] : 0)
    }
    var index = Lexer.slot(packed, ninth)
    while true {
      let slot = keywords[index]
      if slot.packed == packed && slot.ninth == ninth { return slot.kind }
      if slot.packed == 0 { return nil }
      index = (index + 1) & (Lexer.keywordSlots - 1)
    }
  }

  /// Integers (decimal or 0x hex, "_" between digits) and doubles.
  private mutating func scanNumber(from tokenStart: Int) -> RawToken {
    var kind = TokenKind.integer
    // After "." (as in "pair.0.1") a number is a tuple index, never a double.
    let isTupleIndex =
      (previousKind == .dot || previousKind == .questionDot) && previousEnd == tokenStart
    if bytes[tokenStart] == .zero, byte(at: tokenStart + 1) == .lowerX {
      position += 2
      let digitsStart = position
      while position < end, bytes[position].isHexDigit || bytes[position] == .underscore { position += 1 }
      if position == digitsStart || bytes[digitsStart] == .underscore {
        return scanBadNumber(from: tokenStart)
      }
    } else {
      skipDigits()
      if !isTupleIndex {
        if byte(at: position) == .dot, byte(at: position + 1).isDigit {
          position += 1
          skipDigits()
          kind = .double
        }
        if byte(at: position) == .lowerE || byte(at: position) == .upperE {
          let sign = byte(at: position + 1)
          let digitOffset = sign == .plus || sign == .minus ? 2 : 1
          guard byte(at: position + digitOffset).isDigit else { return scanBadNumber(from: tokenStart) }
          position += digitOffset
          skipDigits()
          kind = .double
        }
      }
    }
    if position < end, bytes[position].isIdentifierContinue {
      return scanBadNumber(from: tokenStart)
    }
    return finish(makeToken(kind, from: tokenStart, to: position))
  }

  private mutating func skipDigits() {
    while position < end, bytes[position].isDigit || bytes[position] == .underscore { position += 1 }
  }

  /// A number run into letters ("12abc", "0x", "1e"): one error token.
  private mutating func scanBadNumber(from tokenStart: Int) -> RawToken {
    while position < end,
      bytes[position].isIdentifierContinue
        || bytes[position] == .dot
          && byte(at: position + 1).isIdentifierContinue
    {
      position += 1
    }
    let text = file.text(range(tokenStart, position))
    return makeError(.invalidNumber(text), from: tokenStart, to: position)
  }

  // MARK: - Punctuation

  /// Reads one operator or punctuation token, or returns nil (leaving the
  /// position) when `first` begins none.
  @inline(__always)
  private mutating func scanPunctuation(_ first: UInt8) -> TokenKind? {
    let second = byte(at: position + 1)
    let third = byte(at: position + 2)
    let kind: TokenKind
    var length = 1
    switch first {
    case .leftParen: kind = .leftParen
    case .rightParen: kind = .rightParen
    case .leftBrace: kind = .leftBrace
    case .rightBrace: kind = .rightBrace
    case .leftBracket: kind = .leftBracket
    case .rightBracket: kind = .rightBracket
    case .comma: kind = .comma
    case .colon: kind = .colon
    case .semicolon: kind = .semicolon
    case .dot:
      if second != .dot {
        kind = .dot
      } else if third == .dot || third == .less {
        kind = third == .dot ? .closedRange : .halfOpenRange
        length = 3
      } else {
        return nil  // ".." alone
      }
    case .question:
      kind = second == .dot ? .questionDot : second == .question ? .questionQuestion : .question
      if kind != .question { length = 2 }
    case .plus: kind = second == .equal ? .plusEqual : .plus
    case .star: kind = second == .equal ? .starEqual : .star
    case .slash: kind = second == .equal ? .slashEqual : .slash
    case .percent: kind = second == .equal ? .percentEqual : .percent
    case .minus: kind = second == .greater ? .arrow : second == .equal ? .minusEqual : .minus
    case .less: kind = second == .equal ? .lessEqual : .less
    case .greater: kind = second == .equal ? .greaterEqual : .greater
    case .equal:
      kind = second != .equal ? .equal : third == .equal ? .equalEqualEqual : .equalEqual
      length = kind == .equalEqualEqual ? 3 : kind == .equalEqual ? 2 : 1
    case .bang:
      kind = second != .equal ? .bang : third == .equal ? .bangEqualEqual : .bangEqual
      length = kind == .bangEqualEqual ? 3 : kind == .bangEqual ? 2 : 1
    case .ampersand where second == .ampersand:
      kind = .ampAmp
    case .pipe where second == .pipe:
      kind = .pipePipe
    default:
      return nil
    }
    switch kind {
    case .plusEqual, .starEqual, .slashEqual, .percentEqual, .arrow, .minusEqual, .lessEqual, .greaterEqual,
      .ampAmp, .pipePipe:
      length = 2
    default:
      break
    }
    position += length
    return kind
  }
}

// MARK: - Fast runs

// Long runs of bytes (comments, names, string text) are scanned through a
// buffer pointer: the loops check their bounds themselves, and in a debug
// build this is some twenty times faster than subscripting the array.
extension Lexer {
  /// The offset of the next line break at or after `index`, or `end`.
  func endOfLine(from index: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = index
      while cursor < end && buffer[cursor] != 0x0A { cursor += 1 }
      return cursor
    }
  }

  /// The offset of the first byte at or after `index` that is not a space, a
  /// tab or a carriage return, or `end`: a run of indentation in one step.
  func endOfBlanks(from index: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = index
      while cursor < end {
        let byte = buffer[cursor]
        guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { break }
        cursor += 1
      }
      return cursor
    }
  }

  /// The offset of the first byte at or after `index` that cannot continue
  /// an ASCII name, or `end`.
  func endOfIdentifier(from index: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      identifierBytes.withUnsafeBufferPointer { continues in
        // One table lookup a byte (a letter, a digit or "_"), not three tests.
        var cursor = index
        while cursor < end && continues[Int(buffer[cursor])] { cursor += 1 }
        return cursor
      }
    }
  }

  /// The offset of the first byte at or after `index` that needs a closer
  /// look inside a string: a quote, a backslash, a control byte (a line
  /// break, a tab, DEL) or non-ASCII.
  func endOfPlainText(from index: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = index
      while cursor < end {
        let byte = buffer[cursor]
        // Stops at a quote, a backslash, a control byte (line breaks among
        // them) and the first byte of a non-ASCII scalar.
        guard byte != 0x22 && byte != 0x5C && byte >= 0x20 && byte < 0x7F else { break }
        cursor += 1
      }
      return cursor
    }
  }
}

extension SourceRange {
  /// A range from offsets the lexer knows to be in bounds: skips the public
  /// initialiser's clamping, which is slow in debug builds.
  init(file: SourceFile.ID, offsets start: Int, _ end: Int) {
    self.file = file
    self.start = UInt32(truncatingIfNeeded: start)
    self.end = UInt32(truncatingIfNeeded: end)
  }
}
