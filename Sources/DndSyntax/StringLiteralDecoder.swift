// The string-literal decoder: turns a string token into `StringLiteral`
// segments. Escapes are resolved, each `\( ... )` is parsed as an expression
// by a nested parse over its absolute sub-range (so its ranges point into the
// file), and a multi-line literal loses the indentation of its closing
// delimiter from every line, as in Swift.

extension Parser.State {
  /// Decodes a `.string` or `.multilineString` token, whose escapes the lexer
  /// has already checked. Returns nil, after reporting, when a multi-line
  /// literal's delimiters are misplaced.
  mutating func decodeStringLiteral(_ literal: RawToken) -> StringLiteral? {
    let start = Int(literal.range.start)
    let end = Int(literal.range.end)
    guard literal.kind == .multilineString else {
      let content = (start + 1)..<max(start + 1, end - 1)
      return StringLiteral(segments: decodeSegments(content, indentation: nil), isMultiline: false)
    }
    let contentStart = start + 3
    let contentEnd = max(contentStart, end - 3)
    // Nothing but spaces may follow the opening delimiter on its line.
    var index = contentStart
    while index < contentEnd, bytes[index].isHorizontalSpace || bytes[index] == .carriageReturn { index += 1 }
    guard index < contentEnd, bytes[index] == .newline else {
      var lineEnd = index
      while lineEnd < contentEnd, bytes[lineEnd] != .newline { lineEnd += 1 }
      report(.multilineStringContentOnOpeningLine, at: sourceRange(index..<max(lineEnd, index)))
      return nil
    }
    let firstLine = index + 1
    // The closing delimiter must have only spaces before it on its line;
    // those spaces are the indentation every line loses.
    var indentationStart = contentEnd
    while indentationStart > firstLine, bytes[indentationStart - 1].isHorizontalSpace {
      indentationStart -= 1
    }
    guard indentationStart == firstLine || bytes[indentationStart - 1] == .newline else {
      report(.multilineStringClosingNotOnOwnLine, at: sourceRange(contentEnd..<end))
      return nil
    }
    // The line break before the closing line is not part of the text.
    var textEnd = indentationStart == firstLine ? firstLine : indentationStart - 1
    if textEnd > firstLine && bytes[textEnd - 1] == .carriageReturn { textEnd -= 1 }
    let segments = decodeSegments(firstLine..<textEnd, indentation: indentationStart..<contentEnd)
    return StringLiteral(segments: segments, isMultiline: true)
  }

  /// Decodes the text between the delimiters. `indentation` (multi-line
  /// literals only) is the range of the prefix to remove from each line.
  private mutating func decodeSegments(
    _ content: Range<Int>, indentation: Range<Int>?
  ) -> [StringLiteral.Segment] {
    // The common case: plain text, taken in one piece.
    if indentation == nil && !containsBackslash(content) {
      // Through the name cache: short literals ("alpha", "?") recur too.
      return content.isEmpty ? [] : [.text(names.string(bytes, content.lowerBound, content.upperBound))]
    }
    var segments: [StringLiteral.Segment] = []
    var text: [UInt8] = []
    // Decoded text is never longer than its source: one allocation.
    text.reserveCapacity(content.count)
    var index = content.lowerBound
    var atLineStart = indentation != nil
    while index < content.upperBound {
      if atLineStart, let indentation {
        atLineStart = false
        index = skipIndentation(at: index, before: content.upperBound, indentation: indentation)
        continue
      }
      let byte = bytes[index]
      switch byte {
      case .backslash:
        index = decodeEscape(at: index, before: content.upperBound, text: &text, segments: &segments)
      case .carriageReturn where index + 1 < content.upperBound && bytes[index + 1] == .newline:
        index += 1  // "\r\n" reads as "\n"
      case .newline:
        text.append(.newline)
        index += 1
        atLineStart = true
      default:
        text.append(byte)
        index += 1
      }
    }
    if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
    return segments
  }

  /// Steps over a line's indentation. A line may be less indented than the
  /// closing delimiter only if it is blank; otherwise that is an error.
  private mutating func skipIndentation(at lineStart: Int, before limit: Int, indentation: Range<Int>) -> Int
  {
    var lineEnd = lineStart
    while lineEnd < limit, bytes[lineEnd] != .newline { lineEnd += 1 }
    let width = indentation.count
    if lineStart + width <= lineEnd, bytes[lineStart..<lineStart + width].elementsEqual(bytes[indentation]) {
      return lineStart + width
    }
    var firstText = lineStart
    while firstText < lineEnd, bytes[firstText].isHorizontalSpace || bytes[firstText] == .carriageReturn {
      firstText += 1
    }
    if firstText == lineEnd { return lineEnd }
    report(
      .multilineStringIndentation, at: sourceRange(lineStart..<firstText),
      notes: [Diagnostic.Note("the closing '\"\"\"' sets the indentation here", at: sourceRange(indentation))]
    )
    return firstText
  }

  /// Decodes the escape at `index` into `text`, or parses the interpolation
  /// there into `segments`. Returns the index after it.
  private mutating func decodeEscape(
    at index: Int, before limit: Int, text: inout [UInt8], segments: inout [StringLiteral.Segment]
  ) -> Int {
    guard index + 1 < limit else { return limit }
    switch bytes[index + 1] {
    case .lowerN: text.append(.newline)
    case .lowerT: text.append(.tab)
    case .lowerR: text.append(.carriageReturn)
    case .zero: text.append(0)
    case .lowerU:
      var value: UInt32 = 0
      var cursor = index + 3  // after "\u{"
      while cursor < limit, bytes[cursor].isHexDigit {
        value = value &* 16 &+ UInt32(bytes[cursor].hexValue)
        cursor += 1
      }
      if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { text.append($0) } }
      return min(cursor + 1, limit)
    case .leftParen:
      let expressionStart = index + 2
      guard let close = interpolationEnd(from: expressionStart, before: limit) else {
        report(.expectedInterpolationEnd(found: "the end of the string"), at: sourceRange(index..<limit))
        return limit
      }
      if !text.isEmpty {
        segments.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll(keepingCapacity: true)
      }
      segments.append(.interpolation(readInterpolation(expressionStart..<close, escapeStart: index)))
      return close + 1
    default:
      // `\\`, `\"` and `\'` stand for the character itself.
      text.append(bytes[index + 1])
    }
    return index + 2
  }

  /// Where the ")" closing an interpolation is: found by lexing, so that
  /// parentheses inside nested strings do not count.
  private func interpolationEnd(from start: Int, before limit: Int) -> Int? {
    var lexer = Lexer(file: file, range: start..<limit)
    var openParens = 0
    while true {
      let token = lexer.nextRaw()
      switch token.kind {
      case .leftParen:
        openParens += 1
      case .rightParen:
        if openParens == 0 { return Int(token.range.start) }
        openParens -= 1
      case .endOfFile:
        return nil
      default:
        continue
      }
    }
  }

  /// Parses the expression of an interpolation with a nested parser over
  /// its sub-range, at the current depth, and adopts its diagnostics.
  private mutating func readInterpolation(_ range: Range<Int>, escapeStart: Int) -> Expr {
    // An interpolation counts as a level of its own: the decoder's frames
    // come on top of the expression's.
    var nested = Parser.State(file: file, range: range, depth: depth + 1, nestingLimit: nestingLimit)
    // `{ "\($0)" }`: the interpolation's shorthand arguments are its closure's.
    nested.shorthandCounts = shorthandCounts
    defer { shorthandCounts = nested.shorthandCounts }
    let expr: Expr
    if nested.token.kind == .endOfFile {
      nested.report(.emptyInterpolation, at: sourceRange(escapeStart..<range.upperBound + 1))
      expr = Expr(.error, range: sourceRange(range))
    } else {
      expr = nested.parseExpression()
      if nested.token.kind != .endOfFile {
        nested.report(.expectedInterpolationEnd(found: nested.describe(nested.token)), at: nested.token.range)
      }
    }
    for diagnostic in nested.diagnostics { record(diagnostic) }
    return expr
  }

  /// Whether the bytes in `range` hold a backslash (an escape to decode).
  private func containsBackslash(_ range: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = range.lowerBound
      while cursor < range.upperBound && cursor < buffer.count {
        if buffer[cursor] == 0x5C { return true }
        cursor += 1
      }
      return false
    }
  }

  private func sourceRange(_ range: Range<Int>) -> SourceRange {
    SourceRange(file: file.id, start: range.lowerBound, end: range.upperBound)
  }
}

extension UInt8 {
  var isHorizontalSpace: Bool { self == .space || self == .tab }
}
