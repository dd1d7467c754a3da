/// The lexer turns the UTF-8 bytes of a `SourceFile` into tokens, one at a
/// time, on demand.
///
/// Design: it reads bytes, never `Character`s, and builds no strings on the
/// hot path (keywords are matched byte by byte), so it runs at memory speed. A
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
  private var tokenCount = 0
  /// Set once a limit is hit: from then on only end-of-file is returned.
  private var exhausted = false
  /// Where an unterminated block comment starts, found while skipping trivia.
  private var unterminatedComment: Int?
  /// Scratch stack for scanning strings with interpolations; kept to reuse
  /// its storage.
  var stringFrames: [StringFrame] = []
  /// Keyword spellings grouped by length; copied from the shared table so
  /// lookups do not pay for lazy global initialisation.
  private let keywordsByLength: [[KeywordEntry]]

  /// The ranges of the comments skipped so far, in order (for a formatter).
  public private(set) var comments: [SourceRange] = []

  /// A lexer over `file`, or over `range` of it (clamped to the file).
  public init(file: SourceFile, range: Range<Int>? = nil) {
    self.file = file
    self.bytes = file.bytes
    self.fileID = file.id
    let whole = 0..<file.bytes.count
    let clamped = range?.clamped(to: whole) ?? whole
    self.start = clamped.lowerBound
    self.end = clamped.upperBound
    self.position = clamped.lowerBound
    self.keywordsByLength = Lexer.keywordTable
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
    if exhausted { return makeToken(.endOfFile, from: end, to: end) }
    if position == start && end - start > SyntaxLimits.maxSourceBytes {
      exhausted = true
      return makeError(.sourceTooLarge(bytes: end - start), from: start, to: start)
    }
    if tokenCount >= SyntaxLimits.maxTokens {
      exhausted = true
      return makeError(.tooManyTokens, from: position, to: position)
    }
    skipTrivia()
    let tokenStart = position
    if let commentStart = unterminatedComment {
      unterminatedComment = nil
      position = end
      return makeError(.unterminatedBlockComment, from: commentStart, to: end)
    }
    guard position < end else { return makeToken(.endOfFile, from: end, to: end) }
    tokenCount += 1
    let byte = bytes[position]
    if byte.isIdentifierStart { return scanIdentifier(from: tokenStart) }
    if byte.isDigit { return scanNumber(from: tokenStart) }
    if byte == .quote { return scanString(from: tokenStart) }
    if byte >= 0x80 { return scanNonASCII(from: tokenStart) }
    if let kind = scanPunctuation(byte) { return finish(makeToken(kind, from: tokenStart, to: position)) }
    return scanUnexpected(from: tokenStart)
  }

  // MARK: - Tokens

  func makeToken(_ kind: TokenKind, from tokenStart: Int, to tokenEnd: Int) -> Token {
    Token(kind: kind, range: range(tokenStart, tokenEnd), isAtStartOfLine: atStartOfLine)
  }

  /// Records `token` as the previous token and clears the line-start flag.
  mutating func finish(_ token: Token) -> Token {
    atStartOfLine = false
    previousKind = token.kind
    previousEnd = Int(token.range.end)
    return token
  }

  mutating func makeError(
    _ message: DiagnosticMessage, from tokenStart: Int, to tokenEnd: Int, pointingAt narrow: Range<Int>? = nil
  ) -> Token {
    let token = Token(
      kind: .error, range: range(tokenStart, tokenEnd), isAtStartOfLine: atStartOfLine,
      error: message, errorRange: narrow.map { range($0.lowerBound, $0.upperBound) })
    return finish(token)
  }

  func range(_ from: Int, _ to: Int) -> SourceRange {
    SourceRange(file: fileID, start: from, end: to)
  }

  /// The byte at `index`, or 0 past the end of the input (0 matches no rule).
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    index < end ? bytes[index] : 0
  }

  // MARK: - Trivia

  /// Skips spaces, line breaks and comments, noting line breaks and comments.
  private mutating func skipTrivia() {
    while position < end {
      switch bytes[position] {
      case .space, .tab, .carriageReturn:
        position += 1
      case .newline:
        atStartOfLine = true
        position += 1
      case .slash where byte(at: position + 1) == .slash:
        let commentStart = position
        while position < end, bytes[position] != .newline { position += 1 }
        comments.append(range(commentStart, position))
      case .slash where byte(at: position + 1) == .star:
        guard skipBlockComment() else { return }
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

  private mutating func scanIdentifier(from tokenStart: Int) -> Token {
    position += 1
    while position < end, bytes[position].isIdentifierContinue { position += 1 }
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

  /// The reserved word spelt by the bytes, if any.
  private func keyword(from tokenStart: Int, length: Int) -> TokenKind? {
    guard length < keywordsByLength.count else { return nil }
    let first = bytes[tokenStart]
    candidates: for entry in keywordsByLength[length] where entry.spelling[0] == first {
      for offset in 1..<length where entry.spelling[offset] != bytes[tokenStart + offset] {
        continue candidates
      }
      return entry.kind
    }
    return nil
  }

  /// Integers (decimal or 0x hex, "_" between digits) and doubles.
  private mutating func scanNumber(from tokenStart: Int) -> Token {
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
    if position < end, bytes[position].isIdentifierContinue || bytes[position] >= 0x80 {
      return scanBadNumber(from: tokenStart)
    }
    return finish(makeToken(kind, from: tokenStart, to: position))
  }

  private mutating func skipDigits() {
    while position < end, bytes[position].isDigit || bytes[position] == .underscore { position += 1 }
  }

  /// A number run into letters ("12abc", "0x", "1e"): one error token.
  private mutating func scanBadNumber(from tokenStart: Int) -> Token {
    while position < end, bytes[position].isIdentifierContinue || bytes[position] == .dot
      && byte(at: position + 1).isIdentifierContinue
    {
      position += 1
    }
    let text = file.text(range(tokenStart, position))
    return makeError(.invalidNumber(text), from: tokenStart, to: position)
  }

  // MARK: - Punctuation

  /// Reads one operator or punctuation token, or returns nil.
  private mutating func scanPunctuation(_ first: UInt8) -> TokenKind? {
    let second = byte(at: position + 1)
    let third = byte(at: position + 2)
    var length = 1
    var kind: TokenKind
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
      if second == .dot && third == .dot {
        (kind, length) = (.closedRange, 3)
      } else if second == .dot && third == .less {
        (kind, length) = (.halfOpenRange, 3)
      } else if second == .dot {
        return nil
      } else {
        kind = .dot
      }
    case .question:
      if second == .dot {
        (kind, length) = (.questionDot, 2)
      } else if second == .question {
        (kind, length) = (.questionQuestion, 2)
      } else {
        kind = .question
      }
    case .plus: (kind, length) = second == .equal ? (.plusEqual, 2) : (.plus, 1)
    case .star: (kind, length) = second == .equal ? (.starEqual, 2) : (.star, 1)
    case .slash: (kind, length) = second == .equal ? (.slashEqual, 2) : (.slash, 1)
    case .percent: (kind, length) = second == .equal ? (.percentEqual, 2) : (.percent, 1)
    case .minus:
      if second == .greater {
        (kind, length) = (.arrow, 2)
      } else {
        (kind, length) = second == .equal ? (.minusEqual, 2) : (.minus, 1)
      }
    case .equal:
      if second == .equal {
        (kind, length) = third == .equal ? (.equalEqualEqual, 3) : (.equalEqual, 2)
      } else {
        kind = .equal
      }
    case .bang:
      if second == .equal {
        (kind, length) = third == .equal ? (.bangEqualEqual, 3) : (.bangEqual, 2)
      } else {
        kind = .bang
      }
    case .less: (kind, length) = second == .equal ? (.lessEqual, 2) : (.less, 1)
    case .greater: (kind, length) = second == .equal ? (.greaterEqual, 2) : (.greater, 1)
    case .ampersand:
      guard second == .ampersand else { return nil }
      (kind, length) = (.ampAmp, 2)
    case .pipe:
      guard second == .pipe else { return nil }
      (kind, length) = (.pipePipe, 2)
    default:
      return nil
    }
    position += length
    return kind
  }
}
