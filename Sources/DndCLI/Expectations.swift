import DndSyntax

/// One inline expectation in a spec file, written in a comment:
///
///     print(1 + 2)            // expect: 3
///     let x = lable           // expect error: unknownName
///     let y = [1][5]          // expect runtime error: index 5 is out of range
///     var unused = 1          // expect warning: never used
///
/// `expect:` is a line the script prints, in order over the whole file. The
/// others expect a diagnostic on their own line (where its range starts)
/// whose id is the text, or whose message contains it.
public struct InlineExpectation: Hashable, Sendable {
  /// What is expected; the raw value is the word(s) between `expect` and `:`.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case output = ""
    /// A syntax or check error: the script does not run.
    case error = "error"
    /// An error while running: the run stops.
    case runtimeError = "runtime error"
    case warning = "warning"

    /// The marker as written after `//`.
    public var marker: String { rawValue.isEmpty ? "expect:" : "expect \(rawValue):" }
  }

  public var kind: Kind
  public var text: String
  /// The 1-based line the comment is on.
  public var line: Int

  public init(_ kind: Kind, _ text: String, line: Int) {
    self.kind = kind
    self.text = text
    self.line = line
  }

  /// Whether a diagnostic meets this expectation's text: the id exactly, or
  /// part of the message (so a spec can quote the words that matter).
  public func isMet(by diagnostic: Diagnostic) -> Bool {
    diagnostic.id == text || diagnostic.message.contains(text)
  }
}

/// A line of a spec file that looks like an expectation but is not one.
public struct SpecProblem: Hashable, Sendable {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}

/// Everything a spec file expects, read from its comments.
public struct Expectations: Hashable, Sendable {
  public var items: [InlineExpectation] = []
  /// `// max-steps: N` runs the spec with that step limit, so a spec of an
  /// endless loop is quick.
  public var maxSteps: Int?
  /// Malformed expectation lines, reported as failures of the spec.
  public var problems: [SpecProblem] = []

  public init(items: [InlineExpectation] = [], maxSteps: Int? = nil, problems: [SpecProblem] = []) {
    self.items = items
    self.maxSteps = maxSteps
    self.problems = problems
  }

  /// The expectations of one kind, in line order.
  public func of(_ kind: InlineExpectation.Kind) -> [InlineExpectation] { items.filter { $0.kind == kind } }

  /// Reads the expectations of a spec file. The scan is textual, line by
  /// line, so it also works in files the lexer rejects (binary bytes,
  /// unterminated strings), which is where bad-input specs need it.
  public static func parse(_ file: SourceFile) -> Expectations {
    var result = Expectations()
    for line in 1...file.lineStarts.count {
      result.read(file.lineText(line), line: line)
    }
    if !result.of(.error).isEmpty, let first = result.of(.runtimeError).first {
      result.problems.append(
        SpecProblem(
          line: first.line,
          message: "a script with an expected error does not run, so it cannot expect a runtime error"))
    }
    return result
  }

  private mutating func read(_ text: String, line: Int) {
    if let value = Self.value(after: "// max-steps:", in: text) {
      if let steps = Int(value.trimmingSpaces), steps > 0 {
        maxSteps = steps
      } else {
        problems.append(SpecProblem(line: line, message: "'max-steps' needs a positive whole number"))
      }
      return
    }
    guard let rest = Self.value(after: "// expect", in: text) else { return }
    // `// expect: text` or `// expect <words>: text`; anything else is prose.
    guard let colon = rest.firstIndex(of: ":") else { return }
    let words = rest[..<colon]
    guard words.isEmpty || (words.first == " " && words.allSatisfy { $0 == " " || $0.isLowercaseASCIILetter })
    else { return }
    let name = words.trimmingSpaces
    var value = Substring(rest[rest.index(after: colon)...])
    guard let kind = InlineExpectation.Kind(rawValue: name) else {
      // A near miss ("expect eror:") is a mistake worth reporting; other words are prose.
      let known = InlineExpectation.Kind.allCases.map(\.marker)
      if let near = Suggestions.closest(to: "expect \(name):", in: known) {
        problems.append(
          SpecProblem(line: line, message: "unknown expectation 'expect \(name):'; did you mean '\(near)'?"))
      }
      return
    }
    if kind == .output {
      // One space after the colon is layout; the rest is the exact line.
      if value.first == " " { value = value.dropFirst() }
      items.append(InlineExpectation(.output, String(value), line: line))
    } else if value.trimmingSpaces.isEmpty {
      problems.append(SpecProblem(line: line, message: "'\(kind.marker)' needs an id or a message"))
    } else {
      items.append(InlineExpectation(kind, value.trimmingSpaces, line: line))
    }
  }

  /// The text after the first occurrence of `marker` in `line`.
  private static func value(after marker: String, in line: String) -> String? {
    guard let range = line.firstRange(of: marker) else { return nil }
    return String(line[range.upperBound...])
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (Foundation-free).
  var trimmingSpaces: String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}

extension Character {
  fileprivate var isLowercaseASCIILetter: Bool { ("a"..."z").contains(self) }
}
