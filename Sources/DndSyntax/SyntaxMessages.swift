/// The lexer's and the parser's messages, in alphabetical order; each id is
/// the member's name. Messages are lowercase, say what was expected, and name
/// what opened the construct, so they teach rather than only complain.
extension DiagnosticMessage {
  public static var assignmentAsComparison: DiagnosticMessage {
    .error("'=' assigns a value and cannot be a condition or an expectation; write '==' to compare two values")
  }

  public static var binaryFile: DiagnosticMessage {
    .error(
      "this file holds binary data (NUL bytes), not a script; a dnd script is UTF-8 text, such as the .dnd files "
        + "in examples/")
  }

  public static var caseAfterDefault: DiagnosticMessage {
    .error(
      "additional 'case' blocks cannot appear after the 'default' block; move 'default:' to the end of the switch")
  }

  public static func caseOutsideSwitch(_ word: String) -> DiagnosticMessage {
    .error("'\(word)' labels belong inside a 'switch', as in 'switch x { case 1: ... default: ... }'")
  }

  /// `if case let x? = value`, `guard case .copy = op`, `for case let x? in items`.
  public static func casePatternOutsideSwitch(_ keyword: String) -> DiagnosticMessage {
    if keyword == "for" {
      return .error(
        "'for case' patterns are not part of dnd; loop over 'items.compactMap { $0 }' for the values that are "
          + "not nil, 'items.compactMap { $0 as? String }' for those of one type, or test each value with an "
          + "'if' in the loop")
    }
    return .error(
      "'\(keyword) case' patterns are not part of dnd; unwrap with '\(keyword) let x = value', or compare with "
        + "'==', as in '\(keyword) operation == .copy'")
  }

  public static var caseTuplePattern: DiagnosticMessage {
    .error("tuple patterns are not part of dnd; switch on one value and nest another 'switch' or an 'if' in the case")
  }

  public static var caseTypePattern: DiagnosticMessage {
    .error(
      "type-casting patterns such as 'case is UIImage' are not part of dnd; test the type in an 'if' instead, "
        + "as in 'if let image = value as? UIImage { ... }'")
  }

  public static var caseValueBinding: DiagnosticMessage {
    .error(
      "value-binding patterns such as 'case let x' are not part of dnd; match values ('case .copy:', "
        + "'case 1...5:'), or use 'if let' on the subject inside a 'default:'")
  }

  public static var caseWhereClause: DiagnosticMessage {
    .error("'where' clauses on cases are not part of dnd; test the condition with an 'if' inside the case")
  }

  public static func caseWithoutStatements(_ label: String) -> DiagnosticMessage {
    .error(
      "'\(label)' label in a 'switch' must have at least one executable statement; write 'break' to do nothing, "
        + "or list several values in one case, as in 'case 1, 2:'")
  }

  public static var chainedAssignment: DiagnosticMessage {
    .error("assignments cannot be chained: an assignment gives no value to assign again; write each on its own line")
  }

  public static var chainedComparison: DiagnosticMessage {
    .error("comparisons cannot be chained; write two and join them with '&&', as in 'a < b && b < c'")
  }

  public static var consecutiveStatements: DiagnosticMessage {
    .error("consecutive statements on a line must be separated by ';'")
  }

  public static func declarationNotAtTopLevel(_ keyword: String) -> DiagnosticMessage {
    .error("'\(keyword)' declarations belong at the top level of the script, outside any braces")
  }

  public static func doubleOverflow(_ text: String) -> DiagnosticMessage {
    .error("'\(text)' is too large for a Double")
  }

  public static var dragFrom: DiagnosticMessage {
    .error(
      "a drag goes on from where 'longPress' lifted the item, so it has no 'from': "
        + "write 'longPress source' first, then 'drag to target'")
  }

  public static var duplicateDefault: DiagnosticMessage {
    .error("a 'switch' has only one 'default:'; merge the statements of both into one, at the end")
  }

  public static var elseWithoutIf: DiagnosticMessage {
    .error("'else' without an 'if'; it must follow the '}' of an 'if'")
  }

  public static var emptyInterpolation: DiagnosticMessage {
    .error("empty interpolation; write an expression inside '\\( )'")
  }

  public static var emptyParentheses: DiagnosticMessage {
    .error("expected expression inside '( )'; an empty tuple is not a value in dnd")
  }

  public static var emptySwitch: DiagnosticMessage {
    .error("'switch' statement body must have at least one 'case' or 'default' block; add 'default: break' at least")
  }

  public static func expectedAssignment(to name: String) -> DiagnosticMessage {
    .error("expected '=' after '\(name)', as in '\(name) = value'")
  }

  public static func expectedBindingValue(_ keyword: String, name: String) -> DiagnosticMessage {
    .error("expected '=' and a value after '\(keyword) \(name)', as in '\(keyword) \(name) = optionalValue'")
  }

  public static func expectedBody(of construct: String) -> DiagnosticMessage {
    .error("expected '{' to begin the body of \(construct)")
  }

  public static func expectedClosing(
    _ closer: String, opener: String, construct: String, line: Int?
  ) -> DiagnosticMessage {
    .error(
      "expected '\(closer)' to close the '\(opener)' of \(construct)" + (line.map { " at line \($0)" } ?? ""))
  }

  public static func expectedColonAfterCase(_ label: String) -> DiagnosticMessage {
    .error("expected ':' after \(label), as in 'case .copy:' or 'default:'")
  }

  public static var expectedColonInConditional: DiagnosticMessage {
    .error("expected ':' after the first branch of this conditional, as in 'c ? a : b'")
  }

  public static var expectedColonInDictionary: DiagnosticMessage {
    .error("expected ':' between the key and the value of this dictionary entry")
  }

  public static func expectedComma(between what: String) -> DiagnosticMessage {
    .error("expected ',' between \(what)")
  }

  public static func expectedCondition(after keyword: String) -> DiagnosticMessage {
    .error("expected a condition after \(keyword)")
  }

  public static var expectedDiscardedValue: DiagnosticMessage {
    .error(
      "expected '=' and the value to drop after '_', as in '_ = provider.loadObject(ofClass: UIImage.self) { ... }'")
  }

  public static var expectedDragDirection: DiagnosticMessage {
    .error("expected 'to' or 'through' after 'drag', as in 'drag to target'")
  }

  public static var expectedElseAfterGuard: DiagnosticMessage {
    .error("expected 'else' after the conditions of this 'guard'")
  }

  public static func expectedExpression(after previous: String?) -> DiagnosticMessage {
    .error("expected expression" + (previous.map { " after '\($0)'" } ?? ""))
  }

  public static var expectedInAfterClosureParameters: DiagnosticMessage {
    .error("expected 'in' after the capture list or the parameters of this closure")
  }

  public static var expectedInAfterForVariable: DiagnosticMessage {
    .error("expected 'in' after the loop variable, as in 'for item in items'")
  }

  public static func expectedInterpolationEnd(found: String) -> DiagnosticMessage {
    .error("expected ')' to end this interpolation, found \(found)")
  }

  public static func expectedMember(
    _ allowed: String, in construct: String, found: String
  ) -> DiagnosticMessage {
    .error("expected \(allowed) in \(construct), found \(found)")
  }

  public static var expectedMemberName: DiagnosticMessage {
    .error("expected a member name after '.'")
  }

  public static func expectedName(for what: String, example: String) -> DiagnosticMessage {
    .error("expected a name for \(what), as in \(example)")
  }

  public static func expectedParameterList(function: String) -> DiagnosticMessage {
    .error("expected '(' after 'func \(function)'; write '()' when it takes no parameters")
  }

  public static var expectedScenarioTitle: DiagnosticMessage {
    .error("expected a title in quotes after 'scenario', as in 'scenario \"drop a photo\" { ... }'")
  }

  public static func expectedStatement(found: String) -> DiagnosticMessage {
    .error("expected a statement, found \(found)")
  }

  public static func expectedSystemVersion(after system: String) -> DiagnosticMessage {
    .error("expected a version after '\(system)', as in 'device iPhone iOS 15' or 'device iPhone iOS 17.4'")
  }

  public static func expectedType(after previous: String) -> DiagnosticMessage {
    .error("expected a type after '\(previous)', as in 'String', '[Int]' or 'UIDropSession?'")
  }

  /// `expect not exception X`: an exception ends the app, so a scenario
  /// that goes on has had none; there is nothing to negate.
  public static var expectNotException: DiagnosticMessage {
    .error(
      "'expect not exception' is not a step: UIKit's exceptions end the app, so a scenario that does not "
        + "expect one passes only if none was raised; write 'expect exception NAME' to require one")
  }

  public static var fallthroughNotSupported: DiagnosticMessage {
    .error(
      "'fallthrough' is not part of dnd; list the values in one case ('case 1, 2:') or repeat the statements "
        + "of the next case")
  }

  /// `for var row in grid`: Swift's loop variable is a constant unless
  /// declared `var`; dnd's is always a constant.
  public static func forVariableKeyword(_ keyword: String) -> DiagnosticMessage {
    if keyword == "var" {
      return .error(
        "'for var' is not part of dnd: a loop's variable is a constant; to change it, copy it into a variable "
          + "of its own in the body ('var changed = row')")
    }
    return .error("a loop's variable is declared by the loop itself: write 'for item in items', without 'let'")
  }

  /// Swift's `Array<String>`, `Set<Int>()`: what dnd writes instead.
  public static func genericArguments(_ type: String, _ arguments: [String]) -> DiagnosticMessage {
    let first = arguments.first ?? "T"
    let spelled = "\(type)<\(arguments.joined(separator: ", "))>"
    switch (type, arguments.count) {
    case ("Array", 1):
      return .error("generic arguments are not part of dnd; write '[\(first)]' for \(spelled)")
    case ("Dictionary", 2):
      return .error("generic arguments are not part of dnd; write '[\(first): \(arguments[1])]' for \(spelled)")
    case ("Optional", 1):
      return .error("generic arguments are not part of dnd; write '\(first)?' for \(spelled)")
    case ("Set", _):
      return .error(
        "dnd has no Set; keep the elements in an array, checking 'contains' before 'append', or as the keys "
          + "of a '[\(first): Bool]' dictionary")
    default:
      let written = arguments.joined(separator: ", ")
      return .error("generic arguments are not part of dnd; write '\(type)' without '<\(written)>'")
    }
  }

  public static var inoutParameter: DiagnosticMessage {
    .error("dnd has no 'inout' parameters: return the new value instead, and assign it where the function is called")
  }

  public static func integerOverflow(_ text: String) -> DiagnosticMessage {
    .error("integer literal '\(text)' overflows Int")
  }

  public static func interactionArguments(_ kind: String) -> DiagnosticMessage {
    .error(
      "a \(kind) takes no arguments: the block is its own delegate, so write '\(kind) { ... }' and put the "
        + "delegate's methods inside it")
  }

  public static func interactionOutsideView(_ kind: String, app: String) -> DiagnosticMessage {
    .error(
      "a \(kind) must be declared inside a view; app '\(app)' holds views, properties, variables "
        + "and functions"
    )
  }

  public static func interpolationNotAllowed(in what: String) -> DiagnosticMessage {
    .error("\(what) cannot contain interpolations")
  }

  public static func invalidEscape(_ sequence: String) -> DiagnosticMessage {
    .error(
      "invalid escape sequence '\(sequence)' in string literal; the escapes are "
        + "\\n \\t \\r \\0 \\\\ \\\" \\' \\u{...} and \\(...)")
  }

  public static func invalidNumber(_ text: String) -> DiagnosticMessage {
    if let seconds = secondsWritten(text) {
      return .error("'\(text)' is not a valid number; a duration is a plain number of seconds: write \(seconds)")
    }
    // Swift's binary and octal literals.
    let digits = text.dropFirst(2).filter { $0 != "_" }
    if text.hasPrefix("0b"), !digits.isEmpty, let value = Int(digits, radix: 2) {
      return .error("binary literals are not part of dnd; write \(value) (or 0x and hex digits)")
    }
    if text.hasPrefix("0o"), !digits.isEmpty, let value = Int(digits, radix: 8) {
      return .error("octal literals are not part of dnd; write \(value) (or 0x and hex digits)")
    }
    return .error("'\(text)' is not a valid number; write digits (1_000, 2.5, 1e-3) or 0x and hex digits")
  }

  /// `1s`, `250ms`, `2min`: a number with a unit of time, as a newcomer
  /// writes `wait 1s`; the seconds it means, as a script writes them.
  private static func secondsWritten(_ text: String) -> String? {
    let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "_") }
    guard let amount = Double(digits.filter { $0 != "_" }) else { return nil }
    var seconds: Double
    switch text.dropFirst(digits.count).lowercased() {
    case "s", "sec", "secs", "second", "seconds": seconds = amount
    case "ms", "msec", "msecs", "millisecond", "milliseconds": seconds = amount / 1000
    case "min", "mins", "minute", "minutes": seconds = amount * 60
    default: return nil
    }
    // Rounded to a nanosecond, which takes off the scaling's binary error:
    // 33.3 ms is 0.0333, not 0.033299999999999996.
    if seconds < 1e6 { seconds = (seconds * 1e9).rounded() / 1e9 }
    return seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
  }

  public static var invalidUnicodeEscape: DiagnosticMessage {
    .error("invalid unicode escape; write \\u{...} with 1 to 8 hex digits naming a Unicode scalar")
  }

  public static var invalidUTF8: DiagnosticMessage {
    .error("invalid UTF-8; a script must be UTF-8 text")
  }

  /// `(x: Int) -> Int`: Swift's function types take no argument labels either.
  public static var labelInFunctionType: DiagnosticMessage {
    .error("a function type has no argument labels; write the types alone, as in '(Int, String) -> Bool'")
  }

  public static func labelledStatement(_ label: String) -> DiagnosticMessage {
    .error(
      "labelled statements ('\(label): for ...') are not part of dnd; leave the outer loop with a flag the inner "
        + "one sets, or put the loops in a function and 'return'")
  }
  /// `(count: 3)`: Swift has no tuple of one element.
  public static var labelOnSingleValue: DiagnosticMessage {
    .error("a single value in parentheses cannot have a label; a labelled tuple needs two elements or more")
  }


  public static func leadingDotNumber(_ digits: String) -> DiagnosticMessage {
    .error("a number starts with a digit: write '0.\(digits)', not '.\(digits)'")
  }

  public static func misspeltStep(_ word: String, step: String) -> DiagnosticMessage {
    .error(
      "'\(word)' is not a scenario step; did you mean '\(step)'? (the steps are longPress, drag to, drag through, "
        + "tap, release, cancel, wait, settle and expect)")
  }

  public static var multilineStringClosingNotOnOwnLine: DiagnosticMessage {
    .error("the closing '\"\"\"' of a multi-line string must be on a line of its own")
  }

  public static var multilineStringContentOnOpeningLine: DiagnosticMessage {
    .error("multi-line string text must begin on the line after the opening '\"\"\"'")
  }

  public static var multilineStringIndentation: DiagnosticMessage {
    .error(
      "this line of a multi-line string is indented less than its closing '\"\"\"'; "
        + "every line must start with the closing delimiter's indentation")
  }

  public static var multipleBindings: DiagnosticMessage {
    .error("one name per 'let' or 'var' in dnd; declare the next one on a line of its own")
  }

  public static func nestingTooDeep(_ limit: Int) -> DiagnosticMessage {
    .error(
      "nested too deeply: more than \(limit) levels of brackets, blocks, closures "
        + "and operators (the nesting limit); split this into smaller pieces")
  }

  /// `async` and `await`: Swift concurrency, which a script does not have.
  public static func noConcurrency(_ word: String) -> DiagnosticMessage {
    .error(
      "dnd has no Swift concurrency; remove '\(word)': asynchronous work in a script is a completion handler, "
        + "or a block given to 'DispatchQueue.main.async'")
  }

  public static func noIncrementOperator(_ spelling: String) -> DiagnosticMessage {
    .error("dnd has no '\(spelling)' operator (nor has Swift); write 'x \(spelling.prefix(1))= 1'")
  }

  public static func nonASCIIIdentifier(_ name: String, character: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is not a valid name: '\(character)' is not an ASCII letter; "
        + "names use ASCII letters, digits and '_'")
  }

  public static func nonBreakingSpace(more: Int) -> DiagnosticMessage {
    let others = more == 0 ? "" : more == 1 ? " (and 1 more in this file)" : " (and \(more) more in this file)"
    return .warning(
      "non-breaking space (U+00A0) used instead of a space\(others); it is read as a space, but retype it as one")
  }

  public static func noShiftOperator(_ spelling: String) -> DiagnosticMessage {
    .error("dnd has no '\(spelling)' (no bit shifts); multiply or divide by a power of 2 instead")
  }

  public static var oneSidedRange: DiagnosticMessage {
    .error(
      "one-sided ranges ('1...', '..<2') are not part of dnd; write both ends, as in 'a[1..<a.count]' or "
        + "'case 0..<10:'")
  }

  /// A call names a parameter by its own name, or gives the value alone, so
  /// the message says how calls read once the label is gone.
  public static func parameterLabel(_ label: String, calls: (function: String, parameter: String)?)
    -> DiagnosticMessage
  {
    let reading = calls.map {
      "; a call to '\($0.function)' then names the parameter ('\($0.parameter): value') or gives the value alone"
    }
    return .error("parameters take no argument label: replace '\(label)' with '_', or remove it" + (reading ?? ""))
  }

  public static func propertyAccessors(_ name: String, type: String?, isObserver: Bool) -> DiagnosticMessage {
    let instead =
      isObserver
      ? "write the property without it, and call a function after each change where Swift would run "
        + "'didSet' (the Image Gallery's 'save()' after each edit of the model)"
      : "write a function instead: 'func \(name)() -> \(type ?? "Type") { ... }', called as '\(name)()'"
    return .error(
      "computed properties and property observers ('get', 'set', 'didSet', 'willSet') are not part of dnd; "
        + instead)
  }

  public static func reservedWordAsName(_ word: String, use: String) -> DiagnosticMessage {
    .error(
      "'\(word)' is a reserved word in dnd, the start of \(use), so it cannot name a value; choose another "
        + "name, such as 'my\(word.prefix(1).uppercased() + word.dropFirst())'")
  }

  public static func shorthandOutOfRange(_ name: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is past the shorthand arguments a closure may use ($0 to $15); give the closure named "
        + "parameters ('{ a, b in ... }') for that many values")
  }

  public static func shorthandOutsideClosure(_ name: String, hasParameters: Bool) -> DiagnosticMessage {
    hasParameters
      ? .error(
        "'\(name)' is a shorthand argument, which a closure with a parameter list cannot use; "
          + "use its parameters' names")
      : .error("'\(name)' is a closure's shorthand argument ($0 to $15); use it inside '{ }' without 'in'")
  }

  public static func singlePartPattern(_ part: String) -> DiagnosticMessage {
    .error(
      "'(\(part))' puts one part in parentheses, which dnd reads as a tuple of one element, and no value "
        + "is one; write '\(part)' without them")
  }

  public static func sourceTooLarge(bytes: Int) -> DiagnosticMessage {
    .error("the script is \(bytes) bytes; the limit is \(SyntaxLimits.maxSourceBytes) bytes")
  }

  public static var statementOutsideCase: DiagnosticMessage {
    .error("all statements inside a switch must be covered by a 'case' or 'default'; begin with 'case value:'")
  }

  public static func stepTakesNoArguments(_ step: String) -> DiagnosticMessage {
    .error("'\(step)' is a step, not a function: it takes no arguments; write '\(step)' alone")
  }

  public static func stepWordBeforeTarget(step: String, word: String) -> DiagnosticMessage {
    let forms = step == "longPress" ? "'longPress photo', 'longPress Safari.photo'" : "'tap button'"
    return .error("'\(step)' takes its target directly, without '\(word)': write \(forms) or '\(step) Point(x, y)'")
  }

  public static func swiftAttribute(_ attribute: String) -> DiagnosticMessage {
    let why: String
    switch attribute {
    case "@IBOutlet", "@IBAction", "@IBInspectable", "@IBDesignable", "@IBSegueAction":
      why = "a script declares its views in an app ('label name { ... }') and connects nothing"
    case "@unknown":
      why = "a switch's catch-all case is 'default:' alone"
    case "@escaping", "@Sendable", "@MainActor", "@autoclosure", "@concurrent":
      why = "closures and functions are written without attributes"
    default:
      why = "declarations are written without attributes"
    }
    return .error("'\(attribute)' is a Swift attribute, which dnd does not have: \(why); remove '\(attribute)'")
  }

  public static func swiftOnlyWord(_ advice: String) -> DiagnosticMessage {
    .error(advice)
  }

  /// `#selector`, `#if`, `#available`, `#line`...: Swift's compile-time
  /// words. Each gets what a script writes instead.
  public static func swiftPoundWord(_ word: String) -> DiagnosticMessage {
    let advice: String
    switch word {
    case "selector":
      advice =
        "there are no Objective-C selectors; a button runs the 'func action() { ... }' declared in its block, "
        + "as in 'button save { func action() { ... } }'"
    case "if", "elseif", "else", "endif":
      advice = "there are no compile-time conditions, every line runs as written; use an ordinary 'if'"
    case "available", "unavailable":
      advice = "a single version of UIKit is modelled, so there is nothing to check; remove the condition"
    case "warning", "error":
      advice = "there are no compile-time messages; write a comment instead"
    case "file", "fileID", "filePath", "line", "column", "function", "dsohandle":
      advice = "there are no source-location literals; write the text or number itself"
    default:
      advice = "there are no '#' words (macros, directives, literals); write the value itself"
    }
    return .error("'#\(word)' is Swift, not dnd: \(advice)")
  }

  public static func throwsWithoutThrowingCalls(_ word: String) -> DiagnosticMessage {
    .error(
      "no function in dnd throws; remove '\(word)': a function that can fail returns an optional "
        + "('-> Int?') and gives nil")
  }

  public static var tooManyErrors: DiagnosticMessage {
    .error("too many errors (\(SyntaxLimits.maxErrors)); stopped here")
  }

  public static var tooManyTokens: DiagnosticMessage {
    .error("the script has more than \(SyntaxLimits.maxTokens) tokens, the limit; stopped reading here")
  }

  public static func tryWithoutThrowingCalls(_ spelling: String) -> DiagnosticMessage {
    .error(
      "no call in dnd throws, so there is nothing for '\(spelling)' to catch: a call that can fail gives nil "
        + "instead (as 'JSON.decode(data)' does for JSONDecoder's 'try? decode'); remove '\(spelling)'")
  }

  public static func tupleDeclAmongMembers(_ keyword: String, container: String) -> DiagnosticMessage {
    .error(
      "\(container) declares its variables one by one: write '\(keyword) a = ...' and '\(keyword) b = ...'; "
        + "'\(keyword) (a, b) = ...' takes a tuple apart only in a function body or at the top level")
  }

  public static func tupleDeclWithoutValue(_ keyword: String) -> DiagnosticMessage {
    .error("expected '=' and a tuple after the names, as in '\(keyword) (width, height) = (40, 30)'")
  }

  public static func unexpectedAfterStatement(_ found: String) -> DiagnosticMessage {
    .error("unexpected \(found) after the end of the statement")
  }

  public static func unexpectedCharacter(_ character: String, hint: String?) -> DiagnosticMessage {
    .error("unexpected character \(character) in script" + (hint.map { "; \($0)" } ?? ""))
  }

  public static var unexpectedClosingBrace: DiagnosticMessage {
    .error("unexpected '}': there is no '{' open for it to close")
  }

  public static func unknownCaptureOwnership(_ word: String) -> DiagnosticMessage {
    .error("'\(word)' cannot mark a capture; write 'weak', 'unowned' or nothing, as in '[weak self]'")
  }

  /// With no near name, the message lists the view kinds, so that a kind
  /// UIKit has and dnd does not (`stackView`) shows what there is.
  public static func unknownKind(_ word: String, suggestion: String?) -> DiagnosticMessage {
    let advice =
      suggestion.map { "; did you mean '\($0)'?" }
      ?? "; the view kinds are " + Parser.viewKinds.map { "'\($0)'" }.joined(separator: ", ")
    return .error("unknown view or interaction kind '\(word)'" + advice)
  }

  /// A UIKit view dnd does not model (`scrollView`), with what to declare.
  public static func unmodelledKind(_ word: String, advice: String) -> DiagnosticMessage {
    .error("'\(word)' is UIKit's, but dnd does not model it; \(advice)")
  }

  /// A raw control character inside a string literal, which Swift refuses.
  public static func unprintableCharacterInString(_ character: String) -> DiagnosticMessage {
    let escape: String
    switch character {
    case "U+0009": escape = "write \\t for a tab"
    case "U+0000": escape = "write \\0 for it"
    default: escape = "write it as \\u{...}, or leave it out"
    }
    return .error("unprintable character \(character) in a string literal; \(escape)")
  }

  public static var unterminatedBlockComment: DiagnosticMessage {
    .error("unterminated '/*' comment; add '*/' to end it (comments nest)")
  }

  public static var unterminatedMultilineString: DiagnosticMessage {
    .error("unterminated multi-line string literal; end it with '\"\"\"' on a line of its own")
  }

  public static var unterminatedString: DiagnosticMessage {
    .error("unterminated string literal; a '\"' must end it on the same line")
  }

  public static func variableInView(_ view: String) -> DiagnosticMessage {
    .error(
      "view '\(view)' cannot declare variables; a view holds properties ('name = value'), views, "
        + "interactions and functions (declare variables in the app)")
  }

  public static func viewOutsideApp(_ kind: String) -> DiagnosticMessage {
    .error("a \(kind) must be declared inside an app or another view")
  }
}
