// Declarations: the script, devices, apps, views, interactions, sources,
// scenarios, functions, variables and types.

/// What a word starting a member of an app or view declares.
private enum DeclarationWord {
  case view, interaction, unknown
}

extension Parser.State {
  // script = { topLevelItem } EOF ;
  mutating func parseScript() -> Script {
    var items: [TopLevelItem] = []
    readItems(closer: nil) { state in
      if let item = state.parseTopLevelItem() { items.append(item) }
    }
    return Script(items: items, file: file.id)
  }

  // topLevelItem = deviceDecl | appDecl | sourceDecl | scenarioDecl | statement ;
  mutating func parseTopLevelItem() -> TopLevelItem? {
    switch token.kind {
    case .kwDevice: return .device(parseDeviceDecl())
    case .kwApp: return .app(parseAppDecl())
    case .kwScenario: return .scenario(parseScenarioDecl())
    case .identifier where startsTopLevelDeclaration(): return .source(parseSourceDecl())
    default: return .statement(parseStatement())
    }
  }

  // deviceDecl = "device" IDENT [ systemVersion ] ;
  mutating func parseDeviceDecl() -> DeviceDecl {
    let start = token.range.start
    advance()
    let message = DiagnosticMessage.expectedName(for: "the device", example: "'device iPad' or 'device iPhone'")
    // The name belongs on the same line: the next line is a statement of its own.
    if token.isAtStartOfLine {
      report(message, at: missingRange)
      return DeviceDecl(name: Name("", range: missingRange.emptyAtStart), range: range(from: start))
    }
    let name = expectName(message)
    var system: SystemVersion?
    if at(.identifier) && !token.isAtStartOfLine { system = parseSystemVersion() }
    return DeviceDecl(name: name, system: system, range: range(from: start))
  }

  // systemVersion = IDENT ( INT | DOUBLE ) { "." INT } ;
  mutating func parseSystemVersion() -> SystemVersion? {
    let name = expectName(.expectedName(for: "the system", example: "'device iPhone iOS 15'"))
    guard (at(.integer) || at(.double)) && !token.isAtStartOfLine else {
      report(.expectedSystemVersion(after: name.text), at: missingRange)
      return nil
    }
    let start = token.range.start
    advance()
    // A patch level, "15.0.1": the lexer reads "15.0" and then ".1".
    while at(.dot) && token.range.start == previous.end && peek().kind == .integer
      && peek().range.start == token.range.end
    {
      advance()
      advance()
    }
    let numbers = range(from: start)
    // "15." or "15.x": a dot that no number follows.
    if at(.dot) && token.range.start == previous.end {
      report(.expectedSystemVersion(after: name.text), at: token.range)
      while !(token.isAtStartOfLine || token.kind == .endOfFile) { advance() }
      return nil
    }
    return SystemVersion(name: name, version: file.text(numbers), versionRange: numbers)
  }

  // appDecl = "app" IDENT "{" { appMember } "}" ;
  mutating func parseAppDecl() -> AppDecl {
    let start = token.range.start
    advance()
    let name = expectName(.expectedName(for: "the app", example: "'app Photos { ... }'"))
    var members: [AppMember] = []
    members.reserveCapacity(Parser.State.listCapacity)
    readBody(of: "app '\(name.text)'") { state in
      if let member = state.parseAppMember(in: name) { members.append(member) }
    }
    return AppDecl(name: name, members: members, range: range(from: start))
  }

  // appMember = viewDecl | propertyAssignment | varDecl | funcDecl ;
  mutating func parseAppMember(in app: Name) -> AppMember? {
    switch token.kind {
    case .kwLet where peek().kind == .leftParen, .kwVar where peek().kind == .leftParen:
      skipMemberTupleDecl(in: "app '\(app.text)'")
      return nil
    case .kwLet, .kwVar: return .variable(parseVarDecl())
    case .kwFunc: return .function(parseFuncDecl())
    case .identifier:
      if peek().kind == .equal { return .property(parsePropertyAssignment()) }
      switch skipSwiftOnlyWord() {
      case .none: break
      case .skipped: return nil
      case .modifiersSkipped: return parseAppMember(in: app)
      }
      switch classifyDeclarationWord() {
      case .view: return parseViewDecl().map(AppMember.view)
      case .interaction:
        report(.interactionOutsideView(text(token), app: app.text), at: token.range)
        _ = parseInteractionDecl()
        return nil
      case .unknown:
        readUnknownDeclaration()
        return nil
      case nil:
        if startsPropertyWithoutEqual() { return .property(parsePropertyAssignment()) }
      }
    default:
      break
    }
    report(
      .expectedMember(
        "a view, a property ('name = value'), 'let', 'var' or 'func'", in: "app '\(app.text)'",
        found: describe(token)),
      at: token.range)
    return nil
  }

  // viewDecl = viewKind IDENT "{" { viewMember } "}" ;
  mutating func parseViewDecl() -> ViewDecl? {
    let start = token.range.start
    guard let kind = parseViewKind(), enterNesting() else { return nil }
    defer { leaveNesting() }
    let name = expectName(.expectedName(for: "this \(kind.text)", example: "'\(kind.text) title { ... }'"))
    var members: [ViewMember] = []
    members.reserveCapacity(Parser.State.listCapacity)
    readBody(of: "\(kind.text) '\(name.text)'") { state in
      if let member = state.parseViewMember(in: kind, name) { members.append(member) }
    }
    return ViewDecl(kind: kind, name: name, members: members, range: range(from: start))
  }

  // viewKind = "view" | "label" | "imageView" | "textField" | "textView"
  //   | "button" | "tableView" | "collectionView" ;
  mutating func parseViewKind() -> Name? {
    guard token.kind == .identifier, isOneOf(Parser.viewKinds, token) else { return nil }
    defer { advance() }
    return tokenName
  }

  // viewMember = viewDecl | interactionDecl | funcDecl | propertyAssignment ;
  mutating func parseViewMember(in kind: Name, _ view: Name) -> ViewMember? {
    switch token.kind {
    case .kwFunc: return .function(parseFuncDecl())
    case .kwLet, .kwVar:
      report(.variableInView(view.text), at: token.range)
      _ = parseVarDecl()
      return nil
    case .identifier:
      if peek().kind == .equal { return .property(parsePropertyAssignment()) }
      switch skipSwiftOnlyWord() {
      case .none: break
      case .skipped: return nil
      case .modifiersSkipped: return parseViewMember(in: kind, view)
      }
      switch classifyDeclarationWord() {
      case .view: return parseViewDecl().map(ViewMember.view)
      case .interaction: return parseInteractionDecl().map(ViewMember.interaction)
      case .unknown:
        readUnknownDeclaration()
        return nil
      case nil:
        if startsPropertyWithoutEqual() { return .property(parsePropertyAssignment()) }
      }
    default:
      break
    }
    report(
      .expectedMember(
        "a property ('name = value'), a view, an interaction or 'func'", in: "\(kind.text) '\(view.text)'",
        found: describe(token)),
      at: token.range)
    return nil
  }

  // propertyAssignment = IDENT "=" expression ;
  mutating func parsePropertyAssignment() -> PropertyAssignment {
    let name = tokenName
    advance()
    expect(.equal, .expectedAssignment(to: name.text))
    let value = parseExpression()
    return PropertyAssignment(name: name, value: value, range: name.range.union(value.range))
  }

  // interactionDecl = interactionKind [ IDENT ] "{" { interactionMember } "}" ;
  mutating func parseInteractionDecl() -> InteractionDecl? {
    let start = token.range.start
    guard let kind = parseInteractionKind() else { return nil }
    var name: Name?
    if token.kind == .identifier {
      name = tokenName
      advance()
    }
    // `dropInteraction(delegate: self) {`, as UIKit's initializer is called:
    // recovery only (grammar.ebnf has no arguments here), reported and skipped.
    if at(.leftParen) {
      let start = token.range.start
      skip(until: [.leftBrace, .rightBrace])
      report(
        .interactionArguments(kind.text),
        at: SourceRange(file: file.id, start: Int(start), end: Int(previous.end)))
    }
    var members: [InteractionMember] = []
    members.reserveCapacity(Parser.State.listCapacity)
    readBody(of: "this \(kind.text)") { state in
      if let member = state.parseInteractionMember(in: kind) { members.append(member) }
    }
    return InteractionDecl(kind: kind, name: name, members: members, range: range(from: start))
  }

  // interactionKind = "dragInteraction" | "dropInteraction" | "springLoadedInteraction"
  //   | "dragDelegate" | "dropDelegate" | "dataSource" | "delegate" | "textDropDelegate" ;
  mutating func parseInteractionKind() -> Name? {
    guard token.kind == .identifier, isOneOf(Parser.interactionKinds, token) else { return nil }
    defer { advance() }
    return tokenName
  }

  // interactionMember = funcDecl | propertyAssignment ;
  mutating func parseInteractionMember(in kind: Name) -> InteractionMember? {
    if token.kind == .kwFunc { return .function(parseFuncDecl()) }
    if token.kind == .identifier && (peek().kind == .equal || startsPropertyWithoutEqual()) {
      return .property(parsePropertyAssignment())
    }
    // `override func` or `private func`, pasted from a view controller.
    switch skipSwiftOnlyWord() {
    case .none: break
    case .skipped: return nil
    case .modifiersSkipped: return parseInteractionMember(in: kind)
    }
    report(
      .expectedMember(
        "a delegate method ('func') or a property ('name = value')", in: "this \(kind.text)",
        found: describe(token)),
      at: token.range)
    return nil
  }

  // sourceDecl = "source" IDENT "{" { sourceMember } "}" ;
  mutating func parseSourceDecl() -> SourceDecl {
    let start = token.range.start
    advance()
    let name = expectName(.expectedName(for: "the source", example: "'source Safari { ... }'"))
    var members: [SourceMember] = []
    members.reserveCapacity(Parser.State.listCapacity)
    readBody(of: "source '\(name.text)'") { state in
      if let member = state.parseSourceMember(in: name) { members.append(member) }
    }
    return SourceDecl(name: name, members: members, range: range(from: start))
  }

  // sourceMember = itemDecl | varDecl | funcDecl ;
  mutating func parseSourceMember(in source: Name) -> SourceMember? {
    switch token.kind {
    case .kwLet where peek().kind == .leftParen, .kwVar where peek().kind == .leftParen:
      skipMemberTupleDecl(in: "source '\(source.text)'")
      return nil
    case .kwLet, .kwVar: return .variable(parseVarDecl())
    case .kwFunc: return .function(parseFuncDecl())
    case .identifier where isWord("item"): return .item(parseItemDecl())
    case .identifier where startsSwiftOnlyWord():
      return skipSwiftOnlyWord() == .modifiersSkipped ? parseSourceMember(in: source) : nil
    default:
      report(
        .expectedMember(
          "an 'item', 'let', 'var' or 'func'", in: "source '\(source.text)'", found: describe(token)),
        at: token.range)
      return nil
    }
  }

  // itemDecl = "item" IDENT block ;
  mutating func parseItemDecl() -> ItemDecl {
    let start = token.range.start
    advance()
    let name = expectName(.expectedName(for: "this item", example: "'item photo { ... }'"))
    let body = parseBlock(of: "item '\(name.text)'")
    return ItemDecl(name: name, body: body, range: range(from: start))
  }

  // scenarioDecl = "scenario" STRING block ;
  mutating func parseScenarioDecl() -> ScenarioDecl {
    let start = token.range.start
    advance()
    var title = ""
    var titleRange = missingRange
    if token.kind == .string {
      let titleToken = token
      advance()
      title = plainText(of: titleToken, what: "a scenario title")
      titleRange = titleToken.range
    } else {
      report(.expectedScenarioTitle, at: missingRange)
    }
    scenarioDepth += 1
    let body = parseBlock(of: "scenario \"\(title)\"")
    scenarioDepth -= 1
    return ScenarioDecl(title: title, titleRange: titleRange, body: body, range: range(from: start))
  }

  /// `let (a, b) = ...` among an app's or a source's members: its names
  /// would be the app's variables, which are declared one by one. Read for
  /// its own errors, reported, and dropped.
  private mutating func skipMemberTupleDecl(in container: String) {
    let start = token.range.start
    let keyword = token.kind == .kwLet ? "let" : "var"
    _ = parseTupleDecl()
    report(.tupleDeclAmongMembers(keyword, container: container), at: range(from: start))
  }

  // funcDecl = "func" IDENT "(" [ parameterList ] ")" [ "->" type ] block ;
  mutating func parseFuncDecl() -> FuncDecl {
    let start = token.range.start
    advance()
    let name = expectName(.expectedName(for: "this function", example: "'func performDrop(session) { ... }'"))
    var parameters: [Parameter] = []
    if let open = expect(.leftParen, .expectedParameterList(function: name.text)) {
      if !at(.rightParen) { parameters = parseParameterList() }
      expectClosing(.rightParen, opener: open, construct: "the parameters of function '\(name.text)'")
    }
    skipThrows()
    var returnType: TypeRef?
    if consume(.arrow) != nil { returnType = parseType() }
    let body = parseBlock(of: "function '\(name.text)'")
    return FuncDecl(
      name: name, parameters: parameters, returnType: returnType, body: body, range: range(from: start))
  }

  // parameterList = parameter { "," parameter } ;
  mutating func parseParameterList() -> [Parameter] {
    var parameters: [Parameter] = []
    parameters.appendToList(parseParameter())
    while consume(.comma) != nil { parameters.appendToList(parseParameter()) }
    return parameters
  }

  // parameter = [ "_" ] IDENT [ ":" type ] [ "=" expression ] ;
  mutating func parseParameter() -> Parameter {
    let start = token.range.start
    consume(.underscore)
    var label: Name?
    if token.kind == .identifier || token.kind.isKeyword, peek().kind == .identifier {
      // A Swift argument label ("canHandle session"): kept for the checker,
      // which reports it (see `Parameter.label`).
      label = tokenName
      advance()
    }
    let name = expectName(
      .expectedName(for: "this parameter", example: "'session' or '_ session: UIDropSession'"))
    var type: TypeRef?
    if consume(.colon) != nil {
      if token.kind == .identifier, isWord("inout") {
        report(.inoutParameter, at: token.range)
        advance()
      }
      type = parseType()
    }
    var defaultValue: Expr?
    if consume(.equal) != nil { defaultValue = parseExpression() }
    return Parameter(name: name, type: type, range: range(from: start), label: label, defaultValue: defaultValue)
  }

  // varDecl = ( "let" | "var" ) IDENT [ ":" type ] [ "=" expression ] ;
  mutating func parseVarDecl() -> VarDecl {
    let start = token.range.start
    let isConstant = token.kind == .kwLet
    let keyword = isConstant ? "let" : "var"
    advance()
    let name = expectName(.expectedName(for: "this '\(keyword)'", example: "'\(keyword) count = 0'"))
    var type: TypeRef?
    if consume(.colon) != nil { type = parseType() }
    var initializer: Expr?
    if consume(.equal) != nil { initializer = parseExpression() }
    if token.kind == .leftBrace && !token.isAtStartOfLine {
      // `var json: Data? { ... }` or `var gallery = ... { didSet { ... } }`:
      // reported once, and the braces skipped whole.
      let typeText = type.map { file.text($0.range) }
      report(.propertyAccessors(name.text, type: typeText, isObserver: initializer != nil), at: token.range)
      synchronize()
    }
    return VarDecl(
      isConstant: isConstant, name: name, type: type, initializer: initializer, range: range(from: start))
  }

  // type = ( IDENT { "." IDENT } | "[" type [ ":" type ] "]"
  //        | "(" [ [ ( IDENT | KEYWORD ) ":" ] type { "," [ ( IDENT | KEYWORD ) ":" ] type } ] ")"
  //          [ "->" type ] ) { "?" | "!" } ;
  mutating func parseType() -> TypeRef {
    let start = token.range.start
    guard enterNesting() else { return TypeRef(kind: .named([]), range: missingRange) }
    var levels = 1
    defer { leaveNesting(levels) }
    var kind: TypeRef.Kind
    if token.kind == .identifier {
      var names = [tokenName]
      advance()
      while token.kind == .dot && peek().kind == .identifier {
        advance()
        names.append(tokenName)
        advance()
      }
      kind = .named(names)
      if at(.less), let last = names.last {
        skipGenericArguments(of: last.text, from: start)
      }
    } else if let open = consume(.leftBracket) {
      let element = parseType()
      if consume(.colon) != nil {
        kind = .dictionary(element, parseType())
      } else {
        kind = .array(element)
      }
      expectClosing(.rightBracket, opener: open, construct: "this collection type")
    } else if let open = consume(.leftParen) {
      // "(A, B) -> C" is a function type, "(A, B)" a tuple's; "(T)" is just T.
      var parts: [TypeRef] = []
      var labels: [Name?] = []
      if token.kind != .rightParen {
        repeat {
          labels.append(consumeLabel())
          parts.append(parseType())
        } while consume(.comma) != nil
      }
      expectClosing(.rightParen, opener: open, construct: "this type")
      let firstLabel = labels.compactMap { $0 }.first
      if consume(.arrow) != nil {
        if let firstLabel { report(.labelInFunctionType, at: firstLabel.range) }
        kind = .function(parameters: parts, result: parseType())
      } else if parts.count == 1 {
        if let firstLabel { report(.labelOnSingleValue, at: firstLabel.range) }
        kind = parts[0].kind
      } else {
        kind = .tuple(parts, labels: firstLabel == nil ? [] : labels)
      }
    } else {
      report(.expectedType(after: text(at: previous)), at: missingRange)
      return TypeRef(kind: .named([]), range: missingRange)
    }
    // "T?" and "T!" only when the mark touches the type: "x is T ? a : b" is a ternary.
    // "T??" arrives as the "??" operator's token: two marks.
    while token.kind == .question || token.kind == .bang || token.kind == .questionQuestion,
      token.range.start == previous.end
    {
      // Each level's range runs to its own mark, which the formatter reads.
      let markStart = Int(token.range.start)
      let marks = token.kind == .questionQuestion ? 2 : 1
      for mark in 1...marks {
        guard enterNesting() else { break }
        levels += 1
        let upToMark = SourceRange(file: file.id, start: Int(start), end: markStart + mark)
        kind = .optional(TypeRef(kind: kind, range: upToMark))
      }
      advance()
    }
    return TypeRef(kind: kind, range: range(from: start))
  }

  // MARK: - Helpers

  /// Reads a name, or reports `message` and returns an empty name.
  /// A reserved word where a name belongs (`let drag = ...`) is reported as
  /// such, and read as the name, so that the declaration's uses are not
  /// reported again as missing names.
  mutating func expectName(_ message: @autoclosure () -> DiagnosticMessage) -> Name {
    if token.kind == .identifier {
      defer { advance() }
      return tokenName
    }
    if token.kind.isKeyword, let word = Self.dndWordUse(text(at: token.range)) {
      report(.reservedWordAsName(text(at: token.range), use: word), at: token.range)
      defer { advance() }
      return Name(text(at: token.range), range: token.range)
    }
    report(message(), at: missingRange)
    return Name("", range: missingRange.emptyAtStart)
  }

  /// What one of dnd's own reserved words (not Swift's) begins, for the
  /// message that says it cannot be a name; nil for the others.
  static func dndWordUse(_ word: String) -> String? {
    switch word {
    case "longPress", "drag", "tap", "release", "cancel", "wait", "settle":
      "a scenario's finger step ('\(word)\(word == "drag" ? " to target" : word == "wait" ? " 0.5" : "")')"
    case "expect": "a scenario's expectation ('expect count == 1')"
    case "device", "app", "scenario": "the script's '\(word)' declaration"
    default: nil
    }
  }

  /// Swift's generic arguments after a type's name (`Array<String>`,
  /// `Set<Int>()`), which dnd does not have: reads "<" types ">" to stay in
  /// step and reports what to write instead. Recovery only, so no production.
  mutating func skipGenericArguments(of type: String, from start: UInt32) {
    advance()
    var arguments: [String] = []
    repeat {
      let argument = parseType()
      arguments.append(text(at: argument.range))
    } while consume(.comma) != nil
    if at(.greater) { advance() }
    let range = SourceRange(file: file.id, start: Int(start), end: Int(previous.end))
    report(.genericArguments(type, arguments), at: range)
  }

  /// The text of a range of source, for messages.
  func text(at range: SourceRange) -> String {
    file.text(range)
  }

  /// Parses "{" items "}" for a declaration, naming it in messages.
  mutating func readBody(
    of construct: @autoclosure () -> String, _ parseMember: (inout Parser.State) -> Void
  ) {
    guard let open = expect(.leftBrace, .expectedBody(of: construct())) else { return }
    readItems(closer: .rightBrace, parseMember)
    expectClosing(.rightBrace, opener: open, construct: construct())
  }

  /// A word followed on its line by what can begin a value (`frame Rect(...)`):
  /// a property assignment missing its "=", read as one so the message says so.
  private mutating func startsPropertyWithoutEqual() -> Bool {
    let next = peek()
    return !next.isAtStartOfLine && canBeginExpression(next.kind) && next.kind != .leftBrace
  }

  /// Classifies an identifier starting a member: a view or interaction kind,
  /// or an unknown word in a declaration's position (`word [name] {`).
  private mutating func classifyDeclarationWord() -> DeclarationWord? {
    if isOneOf(Parser.viewKinds, token) { return .view }
    if isOneOf(Parser.interactionKinds, token) { return .interaction }
    let next = peek()
    if next.kind == .leftBrace || next.kind == .identifier && peek(2).kind == .leftBrace { return .unknown }
    return nil
  }

  /// `lable title { ... }`: reports the unknown kind with the closest known
  /// one, then reads the body as a view's so that its own errors are found.
  private mutating func readUnknownDeclaration() {
    let word = tokenName
    // `UILabel status { ... }`: UIKit's class names the kind; a script
    // writes it in lower camel case without the prefix.
    let suggestion =
      Parser.uikitClassKinds[word.text]
      ?? Suggestions.closest(to: word.text, in: Parser.viewKinds + Parser.interactionKinds)
    if let advice = Parser.unmodelledKinds[word.text] {
      // `scrollView` is one letter from no kind, so a near name would mislead.
      report(.unmodelledKind(word.text, advice: advice), at: word.range)
    } else {
      report(
        .unknownKind(word.text, suggestion: suggestion), at: word.range,
        fixIts: suggestion.map { [Diagnostic.FixIt(range: word.range, replacement: $0)] } ?? [])
    }
    advance()
    let name = token.kind == .identifier ? tokenName : word
    if token.kind == .identifier { advance() }
    guard enterNesting() else { return }
    defer { leaveNesting() }
    readBody(of: "\(word.text) '\(name.text)'") { state in
      _ = state.parseViewMember(in: word, name)
    }
  }

  /// The text of a one-line string token that may not interpolate (a
  /// scenario title, a warning's text).
  mutating func plainText(of token: RawToken, what: String) -> String {
    guard let literal = decodeStringLiteral(token) else { return "" }
    var result = ""
    for segment in literal.segments {
      switch segment {
      case .text(let text): result += text
      case .interpolation(let expr): report(.interpolationNotAllowed(in: what), at: expr.range)
      }
    }
    return result
  }
}
