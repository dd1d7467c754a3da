/// Swift's words that dnd does not have (`struct`, `repeat`, `lazy`, ...).
/// A student pasting Swift meets them first, and reading on past one gives a
/// cascade of errors about separators; so the word itself is reported, with
/// what to write instead. A construct (`repeat { ... }`) is skipped to the
/// end of its line, its braces whole; a modifier (`lazy var`) is skipped
/// alone, so that the declaration after it is still read.
extension Parser.State {
  /// What to write instead of each word, and whether the word is a modifier
  /// that can simply be removed (a fix-it deletes it).
  static let swiftOnlyWords: [String: (advice: String, isModifier: Bool)] = {
    var table: [String: (String, Bool)] = [:]
    for word in ["enum", "struct", "class", "protocol", "extension", "typealias"] {
      table[word] = (
        "'\(word)' declarations are not part of dnd; keep data in dictionaries such as "
          + "[\"name\": name, \"x\": 10], tuples and arrays, and behaviour in functions. Dictionaries are "
          + "copied like structs: state that handlers share (a class instance's job) goes in an app 'var'",
        false
      )
    }
    for word in ["lazy", "private", "fileprivate", "public", "internal", "static", "override", "final"] {
      table[word] = ("'\(word)' is a Swift modifier dnd does not have; remove it", true)
    }
    for word in ["weak", "unowned"] {
      table[word] = ("dnd has no '\(word)' references; remove '\(word)'", true)
    }
    table["repeat"] = (
      "'repeat' is not part of dnd; write 'while true { ... if !condition { break } }'", false
    )
    table["defer"] = (
      "'defer' is not part of dnd; put the statements at the end of the block, and before each 'return' that "
        + "leaves it early", false
    )
    table["do"] = (
      "'do' is not part of dnd: a script throws no errors to catch; keep the block's statements without it",
      false
    )
    table["import"] = ("a dnd script needs no imports; remove this line", false)
    return table
  }()

  /// Whether the declaration at the current word (`class Name: A, B {`)
  /// names a UIKit type among those it inherits or adopts, on its line.
  private mutating func inheritsFromUIKit() -> Bool {
    guard peek(2).kind == .colon else { return false }
    var offset = 3
    while offset < 16 {
      let next = peek(offset)
      if next.isAtStartOfLine || next.kind == .leftBrace || next.kind == .endOfFile { return false }
      if next.kind == .identifier, text(next).hasPrefix("UI") { return true }
      offset += 1
    }
    return false
  }

  /// What a UIKit subclass (a view controller and its delegates) becomes.
  static func viewControllerAdvice(_ word: String) -> String {
    "'\(word)' declarations are not part of dnd; a view controller is an 'app' here ('app Gallery { ... }'), "
      + "its views are declared inside it ('collectionView gallery { ... }') and each delegate is a block "
      + "in its view ('dropInteraction { func performDrop(session) { ... } }')"
  }

  /// The words of `swiftOnlyWords`, by their length in bytes.
  static let swiftOnlyWordsByLength: [[StaticString]] = {
    let words: [StaticString] = [
      "enum", "struct", "class", "protocol", "extension", "typealias", "lazy", "private", "fileprivate",
      "public", "internal", "static", "override", "final", "weak", "unowned", "repeat", "defer", "do",
      "import",
    ]
    var table = [[StaticString]](repeating: [], count: 12)
    for word in words { table[word.utf8CodeUnitCount].append(word) }
    return table
  }()

  enum SwiftOnlyWord {
    /// Not one of them: parse as usual.
    case none
    /// A construct, reported and skipped: the item is gone.
    case skipped
    /// Modifiers, reported and skipped: parse the item that follows them.
    case modifiersSkipped
  }

  /// Whether the current token is one of Swift's words dnd does not have.
  func startsSwiftOnlyWord() -> Bool {
    let length = Int(token.range.end) - Int(token.range.start)
    return token.kind == .identifier && length < Parser.State.swiftOnlyWordsByLength.count
      && Parser.State.swiftOnlyWordsByLength[length].contains(where: { isWord($0) })
  }

  /// At a statement or member that starts with one of Swift's words dnd
  /// does not have, followed on its line by a name, a keyword or a "{":
  /// reports it and skips it (see above).
  mutating func skipSwiftOnlyWord() -> SwiftOnlyWord {
    // Most statements start with a name: compare bytes by length first, so
    // that no string is made for them (the parse benchmark noticed).
    let length = Int(token.range.end) - Int(token.range.start)
    guard token.kind == .identifier, length < Parser.State.swiftOnlyWordsByLength.count,
      Parser.State.swiftOnlyWordsByLength[length].contains(where: { isWord($0) }),
      let (advice, isModifier) = Parser.State.swiftOnlyWords[text(token)]
    else {
      return .none
    }
    let next = peek()
    guard !next.isAtStartOfLine, next.kind == .identifier || next.kind == .leftBrace || next.kind.isKeyword
    else { return .none }
    let word = token.range
    guard isModifier else {
      // `class ViewController: UIViewController, UIDropInteractionDelegate`,
      // `extension ViewController: UIDragInteractionDelegate`: the lecture's
      // controller is an app here, its delegates blocks.
      if text(token) == "class" || text(token) == "extension", inheritsFromUIKit() {
        report(.swiftOnlyWord(Parser.State.viewControllerAdvice(text(token))), at: word)
        synchronize()
        return .skipped
      }
      report(.swiftOnlyWord(advice), at: word)
      synchronize()
      return .skipped
    }
    let removal = Diagnostic.FixIt(range: word.union(next.range.emptyAtStart), replacement: "")
    report(.swiftOnlyWord(advice), at: word, fixIts: [removal])
    // `private static let`: every modifier in a row goes (only the first is reported).
    while token.kind == .identifier, Parser.State.swiftOnlyWords[text(token)]?.isModifier == true,
      !peek().isAtStartOfLine
    {
      advance()
    }
    return .modifiersSkipped
  }

  /// `try`, `try?` or `try!` before an expression, as Swift writes a call
  /// that throws. No dnd call throws (one that can fail gives nil, such as
  /// `JSON.decode(data)`), so the word is reported once, with a fix-it
  /// removing it, and the expression after it is read as usual. True when
  /// it was skipped.
  mutating func skipTry() -> Bool {
    guard isWord("try") else { return false }
    let word = token.range
    var next = peek()
    var spelling = "try"
    if next.kind == .question || next.kind == .bang, next.range.start == word.end {
      spelling += next.kind == .question ? "?" : "!"
      next = peek(2)
      guard !next.isAtStartOfLine, canBeginExpression(next.kind) else { return false }
    } else {
      // `try(x)` or `try.x` would be a name's use; `try load()` is Swift's.
      guard !next.isAtStartOfLine, next.kind == .identifier || next.kind == .kwSelf else { return false }
    }
    let removal = Diagnostic.FixIt(range: word.union(next.range.emptyAtStart), replacement: "")
    let written = SourceRange(file: word.file, start: Int(word.start), end: Int(word.start) + spelling.utf8.count)
    report(.tryWithoutThrowingCalls(spelling), at: written, fixIts: [removal])
    advance()
    if spelling != "try" { advance() }
    return true
  }

  /// `throws` or `rethrows` after a function's parameters: reported once,
  /// with a fix-it removing it, and skipped, so the rest of the declaration
  /// is read as usual.
  /// `async` before them is Swift concurrency, which dnd has not: reported
  /// the same way (`func load() async throws` gives one report).
  mutating func skipThrows() {
    while token.kind == .identifier, !token.isAtStartOfLine,
      isWord("throws") || isWord("rethrows") || isWord("async")
    {
      let word = token.range
      let withSpace = SourceRange(file: word.file, start: Int(previous.end), end: Int(word.end))
      let removal = Diagnostic.FixIt(range: withSpace, replacement: "")
      let message: DiagnosticMessage =
        isWord("async") ? .noConcurrency("async") : .throwsWithoutThrowingCalls(text(token))
      report(message, at: word, fixIts: [removal])
      advance()
    }
  }

  /// `await` before an expression: reported once, with a fix-it removing
  /// it, and the expression after it is read as usual. True when skipped.
  mutating func skipAwait() -> Bool {
    guard isWord("await") else { return false }
    let next = peek()
    guard !next.isAtStartOfLine, next.kind == .identifier || next.kind == .kwSelf else { return false }
    let word = token.range
    let removal = Diagnostic.FixIt(range: word.union(next.range.emptyAtStart), replacement: "")
    report(.noConcurrency("await"), at: word, fixIts: [removal])
    advance()
    return true
  }
}
