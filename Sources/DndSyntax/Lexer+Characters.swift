// Character classes, the keyword table, UTF-8 decoding, and the lexer's
// handling of characters that begin no token.

/// One slot of the keyword hash table: a reserved word packed into an
/// integer (its first eight bytes, the first in the low byte) and its ninth
/// byte, or an empty slot (`packed == 0`; no name contains a zero byte).
struct KeywordSlot: Sendable {
  var packed: UInt64 = 0
  var ninth: UInt8 = 0
  var kind = TokenKind.identifier
}

extension Lexer {
  /// The longest reserved word ("longPress").
  static let longestKeyword = 9

  /// The slots of the keyword table: a power of two, sparse enough that a
  /// name not reserved usually lands on an empty slot at once.
  static let keywordSlots = 256

  /// `TokenKind.keywords` as an open-addressing hash table, so
  /// that telling a name from a reserved word is one multiplication and a
  /// compare or two, not a walk over spellings.
  static let keywordTable: [KeywordSlot] = {
    var table = [KeywordSlot](repeating: KeywordSlot(), count: keywordSlots)
    for (spelling, kind) in TokenKind.keywords.sorted(by: { $0.key < $1.key }) {
      let bytes = Array(spelling.utf8)
      let (packed, ninth) = pack(bytes.count) { bytes[$0] }
      var index = slot(packed, ninth)
      while table[index].packed != 0 { index = (index + 1) & (keywordSlots - 1) }
      table[index] = KeywordSlot(packed: packed, ninth: ninth, kind: kind)
    }
    return table
  }()

  /// What a token starting with each byte is: the kind of a one-byte token
  /// ("(", ",", ...); `.identifier`, `.integer` or `.string` for the start
  /// of a name, number or string; `.endOfFile` for anything that needs a
  /// closer look (operators of one to three bytes, non-ASCII, stray bytes).
  static let firstByteTable: [TokenKind] = {
    var table = [TokenKind](repeating: .endOfFile, count: 256)
    for byte in UInt8(0)...UInt8(127) {
      if byte.isIdentifierStart { table[Int(byte)] = .identifier }
      if byte.isDigit { table[Int(byte)] = .integer }
    }
    table[Int(UInt8.quote)] = .string
    let singles: [(UInt8, TokenKind)] = [
      (.leftParen, .leftParen), (.rightParen, .rightParen), (.leftBrace, .leftBrace),
      (.rightBrace, .rightBrace), (.leftBracket, .leftBracket), (.rightBracket, .rightBracket),
      (.comma, .comma), (.colon, .colon), (.semicolon, .semicolon),
    ]
    for (byte, kind) in singles { table[Int(byte)] = kind }
    return table
  }()

  /// For each byte, whether it continues an ASCII name.
  static let identifierTable: [Bool] = (0...255).map { UInt8($0).isIdentifierContinue }

  /// The packed form of a name of `length` bytes (at most `longestKeyword`).
  @inline(__always)
  static func pack(_ length: Int, _ byte: (Int) -> UInt8) -> (packed: UInt64, ninth: UInt8) {
    var packed: UInt64 = 0
    for offset in 0..<min(length, 8) { packed |= UInt64(byte(offset)) << (8 * offset) }
    return (packed, length > 8 ? byte(8) : 0)
  }

  /// The home slot of a packed name.
  @inline(__always)
  static func slot(_ packed: UInt64, _ ninth: UInt8) -> Int {
    Int(truncatingIfNeeded: ((packed ^ UInt64(ninth)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// The length of the valid UTF-8 sequence at `index`, or nil when the bytes
  /// there are not valid UTF-8 (overlong forms and surrogates included).
  func scalarLength(at index: Int) -> Int? {
    decodeScalar(at: index)?.length
  }

  /// The scalar encoded at `index` and its length in bytes, if valid.
  func decodeScalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
    let lead = byte(at: index)
    if lead < 0x80 { return index < end ? (Unicode.Scalar(lead), 1) : nil }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= end else { return nil }
    for offset in 1..<length {
      let continuation = bytes[index + offset]
      guard continuation & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// Whether the non-ASCII text at `index` would continue a name if names
  /// allowed it: a letter, a combining mark or a digit.
  func continuesIdentifier(at index: Int) -> Bool {
    guard let (scalar, _) = decodeScalar(at: index) else { return false }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
    default: return false
    }
  }

  /// A token that starts with a non-ASCII byte: a name in another script
  /// (not allowed), a stray character, or invalid UTF-8.
  mutating func scanNonASCII(from tokenStart: Int) -> RawToken {
    guard let (scalar, length) = decodeScalar(at: tokenStart) else {
      // Take the whole run of undecodable bytes as one error.
      while position < end, bytes[position] >= 0x80, decodeScalar(at: position) == nil { position += 1 }
      return makeError(.invalidUTF8, from: tokenStart, to: position)
    }
    if continuesIdentifier(at: tokenStart) { return scanNonASCIIIdentifier(from: tokenStart) }
    // A non-breaking space right after a token: trivia, as at a line's
    // start (`skipTrivia` notes it and skips what follows it too).
    if scalar.value == 0xA0 {
      position = tokenStart
      skipTrivia()
      tokenCount -= 1
      return nextRaw()
    }
    position += length
    let isCurlyQuote = [0x201C, 0x201D, 0x2018, 0x2019].contains(scalar.value)
    let hint = isCurlyQuote ? "strings are written with straight quotes '\"'" : nil
    return makeError(.unexpectedCharacter(Self.describe(scalar), hint: hint), from: tokenStart, to: position)
  }

  /// A name containing non-ASCII letters ("café", "größe"): one error token
  /// covering the whole name, so the parser sees a single mistake.
  mutating func scanNonASCIIIdentifier(from tokenStart: Int) -> RawToken {
    var firstForeign: Unicode.Scalar?
    while position < end {
      let current = bytes[position]
      if current.isIdentifierContinue {
        position += 1
      } else if current >= 0x80, continuesIdentifier(at: position),
        let (scalar, length) = decodeScalar(at: position)
      {
        if firstForeign == nil { firstForeign = scalar }
        position += length
      } else {
        break
      }
    }
    let name = file.text(range(tokenStart, position))
    let character = firstForeign.map { String(Character($0)) } ?? name
    return makeError(.nonASCIIIdentifier(name, character: character), from: tokenStart, to: position)
  }

  /// An ASCII character that begins no token ("@", "#", a lone "&"), or
  /// "$" and digits: a closure's shorthand argument (`$0`), read as a name.
  mutating func scanUnexpected(from tokenStart: Int) -> RawToken {
    let first = bytes[tokenStart]
    position += 1
    if first == .dollar, position < end, bytes[position].isDigit {
      while position < end && bytes[position].isDigit { position += 1 }
      if position < end && Lexer.identifierTable[Int(bytes[position])] {
        position = endOfIdentifier(from: position)
        return makeError(
          .unexpectedCharacter("'$'", hint: "a shorthand argument is '$' and a number, such as $0"),
          from: tokenStart, to: position)
      }
      return finish(makeToken(.identifier, from: tokenStart, to: position))
    }
    let message: DiagnosticMessage
    switch first {
    case .ampersand:
      // `inc(&n)`: Swift's inout argument, else a half-written `&&`.
      let next = position < end ? bytes[position] : 0
      let letter = next | 0x20
      let startsName = next == .underscore || (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
      // `a &+ b`: Swift's wrapping arithmetic.
      let wraps = next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || next == UInt8(ascii: "*")
      message = .unexpectedCharacter(
        "'&'",
        hint: startsName
          ? "dnd has no inout arguments: return the new value and assign it, as in 'n = increment(n)'"
          : wraps
            ? "dnd has no wrapping arithmetic ('&+', '&-', '&*'): its arithmetic stops at an overflow, as "
              + "Swift's '+' does; keep the numbers in range"
            : "did you mean '&&'?")
    case .pipe: message = .unexpectedCharacter("'|'", hint: "did you mean '||'?")
    case .apostrophe:
      message = .unexpectedCharacter("\"'\"", hint: "strings are written in double quotes")
    case .dot:
      position += 1
      message = .unexpectedCharacter(
        "'..'", hint: "use '..<' for a half-open range or '...' for a closed one")
    case .dollar:
      message = .unexpectedCharacter("'$'", hint: "a shorthand argument is '$' and a number, such as $0")
    case .backslash where position < end && bytes[position] == .dot:
      // `paths.map(\.item)`, `\.item.description`: a Swift key path.
      position = endOfIdentifier(from: position + 1)
      while position + 1 < end, bytes[position] == .dot, bytes[position + 1].isIdentifierStart {
        position = endOfIdentifier(from: position + 1)
      }
      let member = file.text(range(tokenStart + 2, position))
      message = .unexpectedCharacter(
        "'\\'", hint: "dnd has no key paths: write a closure, such as '{ $0.\(member.isEmpty ? "name" : member) }'")
    case .atSign where position < end && bytes[position].isIdentifierStart:
      // `@IBOutlet`, `@objc`: the attribute goes as one error, and what follows is read.
      position = endOfIdentifier(from: position)
      message = .swiftAttribute(file.text(range(tokenStart, position)))
    case .hash where position < end && bytes[position].isIdentifierStart:
      // `#selector`, `#if`, `#line`: the word goes with the '#', and the message says what to write instead.
      position = endOfIdentifier(from: position)
      message = .swiftPoundWord(file.text(range(tokenStart + 1, position)))
    default: message = .unexpectedCharacter(Self.describe(Unicode.Scalar(first)), hint: nil)
    }
    return makeError(message, from: tokenStart, to: position)
  }

  /// How a character is named in a message, quotes included: itself when
  /// printable ASCII, with its code point when non-ASCII (it may look like an
  /// ASCII one), and only its code point when invisible.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    if scalar.value < 0x20 || scalar.value == 0x7F { return code }
    if scalar.isASCII { return "'\(Character(scalar))'" }
    return "'\(Character(scalar))' (\(code))"
  }
}

// MARK: - Byte classes

extension UInt8 {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
  static let backslash = UInt8(ascii: "\\")
  static let underscore = UInt8(ascii: "_")
  static let zero = UInt8(ascii: "0")
  static let lowerE = UInt8(ascii: "e")
  static let upperE = UInt8(ascii: "E")
  static let lowerN = UInt8(ascii: "n")
  static let lowerR = UInt8(ascii: "r")
  static let lowerT = UInt8(ascii: "t")
  static let lowerU = UInt8(ascii: "u")
  static let lowerX = UInt8(ascii: "x")
  static let leftParen = UInt8(ascii: "(")
  static let rightParen = UInt8(ascii: ")")
  static let leftBrace = UInt8(ascii: "{")
  static let rightBrace = UInt8(ascii: "}")
  static let leftBracket = UInt8(ascii: "[")
  static let rightBracket = UInt8(ascii: "]")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let dot = UInt8(ascii: ".")
  static let question = UInt8(ascii: "?")
  static let bang = UInt8(ascii: "!")
  static let plus = UInt8(ascii: "+")
  static let minus = UInt8(ascii: "-")
  static let star = UInt8(ascii: "*")
  static let slash = UInt8(ascii: "/")
  static let percent = UInt8(ascii: "%")
  static let equal = UInt8(ascii: "=")
  static let less = UInt8(ascii: "<")
  static let greater = UInt8(ascii: ">")
  static let ampersand = UInt8(ascii: "&")
  static let pipe = UInt8(ascii: "|")
  static let dollar = UInt8(ascii: "$")
  static let atSign = UInt8(ascii: "@")
  static let hash = UInt8(ascii: "#")

  var isDigit: Bool { self &- 0x30 < 10 }
  var isASCIILetter: Bool { (self | 0x20) &- 0x61 < 26 }
  var isIdentifierStart: Bool { isASCIILetter || self == .underscore }
  var isIdentifierContinue: Bool { isASCIILetter || isDigit || self == .underscore }
  var isHexDigit: Bool { isDigit || (self | 0x20) &- 0x61 < 6 }
  /// The value of a hex digit (callers check `isHexDigit` first).
  var hexValue: UInt8 { isDigit ? self &- 0x30 : (self | 0x20) &- 0x61 &+ 10 }
}
