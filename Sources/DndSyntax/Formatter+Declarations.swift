// The formatter's declarations: the script, apps, views, interactions,
// sources, scenarios, functions and variables, and the braced bodies they
// share with statements and closures.

extension FormatPrinter {
  /// The whole script: its items at the top level, then trailing comments.
  mutating func script(_ script: Script) {
    for (index, item) in script.items.enumerated() {
      let range = Self.range(of: item)
      afterStatement = index > 0
      beginLine(at: Int(range.start))
      topLevelItem(item)
      advance(to: Int(range.end))
      endLine()
    }
  }

  static func range(of item: TopLevelItem) -> SourceRange {
    switch item {
    case .device(let device): return device.range
    case .app(let app): return app.range
    case .source(let source): return source.range
    case .scenario(let scenario): return scenario.range
    case .statement(let statement): return statement.range
    }
  }

  mutating func topLevelItem(_ item: TopLevelItem) {
    switch item {
    case .device(let device):
      write("device " + device.name.text)
      if let system = device.system { write(" " + system.name.text + " " + system.version) }
    case .app(let app):
      write("app " + app.name.text + " ")
      members(app.members, of: app.range, after: app.name.range) { printer, member in
        printer.appMember(member)
      }
    case .source(let source):
      write("source " + source.name.text + " ")
      members(source.members, of: source.range, after: source.name.range) { printer, member in
        printer.sourceMember(member)
      }
    case .scenario(let scenario):
      write("scenario " + source(scenario.titleRange) + " ")
      block(scenario.body)
    case .statement(let statement):
      self.statement(statement)
    }
  }

  // MARK: - Members

  mutating func appMember(_ member: AppMember) {
    switch member {
    case .view(let view): viewDecl(view)
    case .property(let property): propertyAssignment(property)
    case .variable(let variable): varDecl(variable)
    case .function(let function): funcDecl(function)
    }
  }

  mutating func sourceMember(_ member: SourceMember) {
    switch member {
    case .item(let item):
      write("item " + item.name.text + " ")
      block(item.body)
    case .variable(let variable): varDecl(variable)
    case .function(let function): funcDecl(function)
    }
  }

  mutating func viewDecl(_ view: ViewDecl) {
    write(view.kind.text + " " + view.name.text + " ")
    members(view.members, of: view.range, after: view.name.range) { printer, member in
      switch member {
      case .view(let child): printer.viewDecl(child)
      case .interaction(let interaction): printer.interactionDecl(interaction)
      case .function(let function): printer.funcDecl(function)
      case .property(let property): printer.propertyAssignment(property)
      }
    }
  }

  mutating func interactionDecl(_ interaction: InteractionDecl) {
    write(interaction.kind.text + (interaction.name.map { " " + $0.text } ?? "") + " ")
    let header = interaction.name?.range ?? interaction.kind.range
    members(interaction.members, of: interaction.range, after: header) { printer, member in
      switch member {
      case .function(let function): printer.funcDecl(function)
      case .property(let property): printer.propertyAssignment(property)
      }
    }
  }

  mutating func propertyAssignment(_ property: PropertyAssignment) {
    write(property.name.text + " = ")
    expression(property.value)
  }

  mutating func funcDecl(_ function: FuncDecl) {
    write("func " + function.name.text)
    // Laid out as an argument list is, so that a parameter list written one
    // per line keeps its lines and the comments on them.
    let nameEnd = Int(function.name.range.end)
    let open = token(.leftParen, atOrAfter: nameEnd).map { Int($0.range.start) } ?? nameEnd
    let brackets = (TokenKind.leftParen, TokenKind.rightParen)
    list(function.parameters, open: open, brackets: brackets, start: \.range.start, end: \.range.end) {
      printer, parameter in
      printer.mark(Int(parameter.range.start))
      printer.write(printer.parameterText(parameter))
      if let value = parameter.defaultValue {
        printer.write(" = ")
        printer.expression(value)
      }
      printer.advance(to: Int(parameter.range.end))
    }
    if let returnType = function.returnType {
      write(" -> " + typeText(returnType))
    }
    write(" ")
    block(function.body)
  }

  /// `_ session: UIDropSession`: the `_` is not in the tree, so it is read
  /// from the source. A default value is the caller's to write.
  func parameterText(_ parameter: Parameter) -> String {
    let start = Int(parameter.range.start)
    let underscore =
      parameter.name.range.start != parameter.range.start && start < bytes.count
      && bytes[start] == .underscore
    let label = parameter.label.map { $0.text + " " } ?? ""
    return (underscore ? "_ " : "") + label + parameter.name.text
      + (parameter.type.map { ": " + typeText($0) } ?? "")
  }

  mutating func varDecl(_ variable: VarDecl) {
    write((variable.isConstant ? "let " : "var ") + variable.name.text)
    if let type = variable.type {
      mark(Int(type.range.start))
      write(": " + typeText(type))
    }
    if let initializer = variable.initializer {
      write(" = ")
      expression(initializer)
    }
  }

  // MARK: - Bodies

  /// The members of a declaration whose `{` is the first one after `name`
  /// and whose `}` ends `range`.
  fileprivate mutating func members<Member: FormattedMember>(
    _ members: [Member], of range: SourceRange, after name: SourceRange,
    _ print: (inout FormatPrinter, Member) -> Void
  ) {
    let open = token(.leftBrace, atOrAfter: Int(name.end)).map { Int($0.range.start) } ?? Int(name.end)
    let close = max(open, Int(range.end) - 1)
    braced(members, open: open, close: close, range: \.memberRange, print)
  }

  /// A block of statements, `{` to `}` as its range says.
  mutating func block(_ block: Block) {
    let open = Int(block.range.start)
    let close = max(open, Int(block.range.end) - 1)
    braced(block.statements, open: open, close: close, range: { $0.range }) { printer, statement in
      printer.statement(statement)
    }
  }

  /// Writes `{`, then `header` (a closure's parameters and `in`, ending at
  /// `headerEnd`), the items one per line, and `}`. Just `{}` when there is
  /// nothing inside, not even a comment; and `{ item }` on one line when it
  /// was written so (see `inlineBody`).
  mutating func braced<Item>(
    _ items: [Item], open: Int, close: Int, header: String = "", headerEnd: Int? = nil,
    range: (Item) -> SourceRange, _ print: (inout FormatPrinter, Item) -> Void
  ) {
    let carriedHere = takeCarried(for: open)
    mark(open)
    if items.isEmpty && !hasComment(before: close) && carriedHere.isEmpty {
      write(header.isEmpty ? "{}" : "{" + header + " }")
      advance(to: close + 1)
      return
    }
    if carriedHere.isEmpty, let body = inlineBody(items, open: open, close: close, range: range, print) {
      write("{" + header + " " + body + " }")
      advance(to: close + 1)
      return
    }
    write("{" + header)
    openBlock(after: headerEnd ?? open + 1)
    for comment in carriedHere {
      lines.append(contentsOf: ownLineText(comment, indent: indent, reindent: true))
      atBlockStart = false
    }
    for (index, item) in items.enumerated() {
      let itemRange = range(item)
      afterStatement = index > 0
      beginLine(at: Int(itemRange.start))
      print(&self, item)
      advance(to: Int(itemRange.end))
      endLine()
    }
    closeBlock(at: close)
    write("}")
    advance(to: close + 1)
  }

  /// The one item of a body written on one line (`{ session.items.count }`,
  /// `else { return }`), printed on one line, or nil. Nil when the body has
  /// comments, or when the item itself takes several lines (an `if`, a
  /// closure of several statements): a separate printer tries it.
  private func inlineBody<Item>(
    _ items: [Item], open: Int, close: Int, range: (Item) -> SourceRange,
    _ print: (inout FormatPrinter, Item) -> Void
  ) -> String? {
    guard items.count == 1, let item = items.first, !containsNewline(open, close), !hasComment(before: close)
    else { return nil }
    var trial = FormatPrinter(file: file, tokens: tokens)
    trial.beginLine(at: Int(range(item).start))
    print(&trial, item)
    trial.advance(to: Int(range(item).end))
    trial.endLine()
    guard trial.lines.count == 1, let text = trial.lines.first, !text.contains("\n") else { return nil }
    return text
  }
}

/// A member of a declaration body, with the range it covers.
private protocol FormattedMember {
  var memberRange: SourceRange { get }
}

extension AppMember: FormattedMember {
  fileprivate var memberRange: SourceRange {
    switch self {
    case .view(let view): return view.range
    case .property(let property): return property.range
    case .variable(let variable): return variable.range
    case .function(let function): return function.range
    }
  }
}

extension ViewMember: FormattedMember {
  fileprivate var memberRange: SourceRange {
    switch self {
    case .view(let view): return view.range
    case .interaction(let interaction): return interaction.range
    case .function(let function): return function.range
    case .property(let property): return property.range
    }
  }
}

extension InteractionMember: FormattedMember {
  fileprivate var memberRange: SourceRange {
    switch self {
    case .function(let function): return function.range
    case .property(let property): return property.range
    }
  }
}

extension SourceMember: FormattedMember {
  fileprivate var memberRange: SourceRange {
    switch self {
    case .item(let item): return item.range
    case .variable(let variable): return variable.range
    case .function(let function): return function.range
    }
  }
}
