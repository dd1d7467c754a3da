// String literals: finding where one ends, through escapes and interpolations.

/// One open construct while scanning a string literal: a string (one-line or
/// multi-line), or a `\( ... )` interpolation inside one, with the number of
/// parentheses open inside it.
enum StringFrame {
  case string(isMultiline: Bool)
  case interpolation(openParens: Int)
}

/// What is wrong with a string literal, and where.
typealias StringProblem = (message: DiagnosticMessage, range: Range<Int>)

extension Lexer {
  /// True when three quotes start at `index`.
  func isTripleQuote(at index: Int) -> Bool {
    byte(at: index) == .quote && byte(at: index + 1) == .quote && byte(at: index + 2) == .quote
  }

  /// Scans a string literal starting at its opening quote. Interpolations may
  /// contain parentheses and further strings; an explicit stack of frames
  /// (not recursion) follows them, so any nesting is safe here. Escapes are
  /// validated so that the decoder can trust them; the first problem makes
  /// the whole literal one `.error` token that points at the problem.
  mutating func scanString(from tokenStart: Int) -> RawToken {
    let isMultiline = isTripleQuote(at: tokenStart)
    if !isMultiline {
      // Most literals are plain ASCII text on one line: when the first byte
      // needing a closer look is the closing quote, that is the whole token.
      let stop = endOfPlainText(from: tokenStart + 1)
      if stop < end && bytes[stop] == .quote {
        position = stop + 1
        return finish(makeToken(.string, from: tokenStart, to: position))
      }
    }
    position = tokenStart + (isMultiline ? 3 : 1)
    stringFrames.removeAll(keepingCapacity: true)
    stringFrames.append(.string(isMultiline: isMultiline))
    var problem: StringProblem?

    func note(_ message: DiagnosticMessage, _ range: Range<Int>) {
      if problem == nil { problem = (message, range) }
    }

    while let frame = stringFrames.last {
      guard position < end else {
        // The input ended inside the literal.
        let message: DiagnosticMessage =
          isMultiline ? .unterminatedMultilineString : .unterminatedString
        return makeError(message, from: tokenStart, to: end)
      }
      let current = bytes[position]
      if current == .newline || current == .carriageReturn {
        if isInsideMultilineString() {
          position += 1
          continue
        }
        // A one-line string cannot span lines. If a multi-line string encloses
        // it (through an interpolation), resume scanning that string.
        guard let multilineFrame = stringFrames.lastIndex(where: \.isMultilineString) else {
          return makeError(
            problem?.message ?? .unterminatedString, from: tokenStart, to: position,
            pointingAt: problem?.range)
        }
        note(.unterminatedString, position..<position)
        stringFrames.removeSubrange((multilineFrame + 1)...)
        continue
      }
      switch frame {
      case .string(let multiline):
        if current < 0x20 || current == 0x7F {
          // Swift refuses an unprintable ASCII character in a string literal,
          // except a tab in a multi-line one.
          if !(multiline && current == .tab) {
            note(.unprintableCharacterInString(Self.describe(Unicode.Scalar(current))), position..<position + 1)
          }
          position += 1
        } else if current != .quote && current != .backslash && current < 0x80 {
          position = max(position + 1, endOfPlainText(from: position))
        } else if current == .quote {
          if !multiline {
            stringFrames.removeLast()
            position += 1
          } else if isTripleQuote(at: position) {
            stringFrames.removeLast()
            position += 3
          } else {
            position += 1
          }
        } else if current == .backslash {
          if let bad = scanEscape() { note(bad.message, bad.range) }
        } else if let length = scalarLength(at: position) {
          position += length
        } else {
          note(.invalidUTF8, position..<position + 1)
          position += 1
        }
      case .interpolation(let openParens):
        position += 1
        switch current {
        case .leftParen:
          stringFrames[stringFrames.count - 1] = .interpolation(openParens: openParens + 1)
        case .rightParen where openParens == 0:
          stringFrames.removeLast()
        case .rightParen:
          stringFrames[stringFrames.count - 1] = .interpolation(openParens: openParens - 1)
        case .quote:
          let nestedMultiline = isTripleQuote(at: position - 1)
          if nestedMultiline { position += 2 }
          stringFrames.append(.string(isMultiline: nestedMultiline))
        default:
          break
        }
      }
    }
    if let problem {
      return makeError(problem.message, from: tokenStart, to: position, pointingAt: problem.range)
    }
    return finish(makeToken(isMultiline ? .multilineString : .string, from: tokenStart, to: position))
  }

  /// Whether a line break here belongs to a multi-line string: true when the
  /// innermost string around the position is a multi-line one.
  private func isInsideMultilineString() -> Bool {
    for frame in stringFrames.reversed() {
      if case .string(let multiline) = frame { return multiline }
    }
    return false
  }

  /// Steps over one escape sequence at the backslash. Returns what is wrong
  /// with it, if anything. `\(` opens an interpolation frame.
  private mutating func scanEscape() -> StringProblem? {
    let escapeStart = position
    position += 1
    let letter = byte(at: position)
    switch letter {
    case .lowerN, .lowerT, .lowerR, .zero, .backslash, .quote, .apostrophe:
      position += 1
      return nil
    case .leftParen:
      position += 1
      stringFrames.append(.interpolation(openParens: 0))
      return nil
    case .lowerU:
      return scanUnicodeEscape(from: escapeStart)
    case _ where position >= end || letter == .newline || letter == .carriageReturn:
      // A backslash at the end of a line escapes nothing; the line break stays.
      return (.invalidEscape("\\"), escapeStart..<position)
    default:
      let length = letter < 0x80 ? 1 : (scalarLength(at: position) ?? 1)
      position += length
      let text = file.text(range(escapeStart, position))
      return (.invalidEscape(text), escapeStart..<position)
    }
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
  private mutating func scanUnicodeEscape(from escapeStart: Int) -> StringProblem? {
    position += 1
    guard byte(at: position) == .leftBrace else {
      return (.invalidUnicodeEscape, escapeStart..<position)
    }
    position += 1
    var value: UInt32 = 0
    var digits = 0
    while byte(at: position).isHexDigit {
      value = value &* 16 &+ UInt32(byte(at: position).hexValue)
      digits += 1
      position += 1
    }
    guard byte(at: position) == .rightBrace else {
      return (.invalidUnicodeEscape, escapeStart..<position)
    }
    position += 1
    guard (1...8).contains(digits), Unicode.Scalar(value) != nil else {
      return (.invalidUnicodeEscape, escapeStart..<position)
    }
    return nil
  }
}

extension StringFrame {
  fileprivate var isMultilineString: Bool {
    if case .string(true) = self { return true }
    return false
  }
}
