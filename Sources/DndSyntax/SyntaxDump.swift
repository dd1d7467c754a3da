/// Readable, deterministic dumps of tokens and syntax trees, for
/// `dnd check --dump-tokens` / `--dump-ast` and for structural parser tests.
/// One token or node per line: its kind, its names and literal values, and
/// where it starts (`line:col`); children are indented by two spaces.
public enum SyntaxDump {
  /// Every token of `file`, one per line: `1:5 identifier "x"`; error tokens
  /// add the id of their message.
  public static func tokens(_ file: SourceFile) -> String {
    var lines: [String] = []
    for token in Lexer.tokenize(file) {
      var line =
        "\(file.location(of: Int(token.range.start))) \(token.kind) "
        + file.text(token.range).debugDescription
      if let message = token.error { line += " " + message.id }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The tree of `script`, one node per line. `includeLocations: false`
  /// leaves out the positions, for tests that care only about shape.
  public static func tree(_ script: Script, file: SourceFile, includeLocations: Bool = true) -> String {
    var writer = TreeWriter(file: file, includeLocations: includeLocations)
    writer.line("script")
    writer.nested {
      for item in script.items { $0.write(item) }
    }
    return writer.lines.joined(separator: "\n")
  }

  /// Elements joined by ", ", each after its label when it has one.
  static func labelled(_ elements: [String], _ labels: [Name?]) -> String {
    elements.enumerated().map { index, text in
      labels.label(at: index).map { $0.text + ": " + text } ?? text
    }.joined(separator: ", ")
  }

  /// How a type is written: `[String: Int]?`, `UICollectionView.DropProposal`.
  public static func describe(_ type: TypeRef) -> String {
    switch type.kind {
    case .named(let names): return names.map(\.text).joined(separator: ".")
    case .array(let element): return "[\(describe(element))]"
    case .dictionary(let key, let value): return "[\(describe(key)): \(describe(value))]"
    case .optional(let wrapped): return describe(wrapped) + "?"
    case .function(let parameters, let result):
      return "(" + parameters.map(describe).joined(separator: ", ") + ") -> " + describe(result)
    case .tuple(let elements, let labels): return "(" + labelled(elements.map(describe), labels) + ")"
    }
  }
}

/// Accumulates the lines of a tree dump.
private struct TreeWriter {
  let file: SourceFile
  let includeLocations: Bool
  var lines: [String] = []
  var indent = ""

  init(file: SourceFile, includeLocations: Bool) {
    self.file = file
    self.includeLocations = includeLocations
  }

  /// Adds one line at the current indentation, with the position of `range`.
  mutating func line(_ text: String, at range: SourceRange? = nil) {
    var text = indent + text
    if includeLocations, let range { text += " " + file.location(of: Int(range.start)).description }
    lines.append(text)
  }

  /// Runs `body` one level of indentation deeper.
  mutating func nested(_ body: (inout TreeWriter) -> Void) {
    let saved = indent
    indent += "  "
    body(&self)
    indent = saved
  }

  // MARK: Declarations

  mutating func write(_ item: TopLevelItem) {
    switch item {
    case .device(let device):
      let system = device.system.map { " \($0.name.text) \($0.version)" } ?? ""
      line("device \(device.name.text)\(system)", at: device.range)
    case .app(let app):
      line("app \(app.name.text)", at: app.range)
      nested { writer in
        for member in app.members {
          switch member {
          case .view(let view): writer.write(view)
          case .property(let property): writer.write(property)
          case .variable(let variable): writer.write(variable)
          case .function(let function): writer.write(function)
          }
        }
      }
    case .source(let source):
      line("source \(source.name.text)", at: source.range)
      nested { writer in
        for member in source.members {
          switch member {
          case .item(let item):
            writer.line("item \(item.name.text)", at: item.range)
            writer.nested { $0.write(item.body.statements) }
          case .variable(let variable): writer.write(variable)
          case .function(let function): writer.write(function)
          }
        }
      }
    case .scenario(let scenario):
      line("scenario \(scenario.title.debugDescription)", at: scenario.range)
      nested { $0.write(scenario.body.statements) }
    case .statement(let statement): write(statement)
    }
  }

  mutating func write(_ view: ViewDecl) {
    line("view \(view.kind.text) \(view.name.text)", at: view.range)
    nested { writer in
      for member in view.members {
        switch member {
        case .view(let child): writer.write(child)
        case .interaction(let interaction):
          writer.line(
            "interaction \(interaction.kind.text)" + (interaction.name.map { " " + $0.text } ?? ""),
            at: interaction.range)
          writer.nested { inner in
            for member in interaction.members {
              switch member {
              case .function(let function): inner.write(function)
              case .property(let property): inner.write(property)
              }
            }
          }
        case .function(let function): writer.write(function)
        case .property(let property): writer.write(property)
        }
      }
    }
  }

  mutating func write(_ property: PropertyAssignment) {
    line("property \(property.name.text)", at: property.range)
    nested { $0.write(property.value) }
  }

  mutating func write(_ variable: VarDecl) {
    let type = variable.type.map { ": " + SyntaxDump.describe($0) } ?? ""
    line("\(variable.isConstant ? "let" : "var") \(variable.name.text)\(type)", at: variable.range)
    if let initializer = variable.initializer { nested { $0.write(initializer) } }
  }

  mutating func write(_ function: FuncDecl) {
    let returnType = function.returnType.map { " -> " + SyntaxDump.describe($0) } ?? ""
    line("func \(function.name.text)(\(parameters(function.parameters)))\(returnType)", at: function.range)
    nested { $0.write(function.body.statements) }
  }

  func parameters(_ parameters: [Parameter]) -> String {
    parameters.map {
      ($0.label.map { $0.text + " " } ?? "") + $0.name.text + ($0.type.map { ": " + SyntaxDump.describe($0) } ?? "")
        + ($0.defaultValue == nil ? "" : " = ...")
    }
      .joined(separator: ", ")
  }

  // MARK: Statements

  mutating func write(_ statements: [Stmt]) {
    for statement in statements { write(statement) }
  }

  mutating func write(_ statement: Stmt) {
    let range = statement.range
    switch statement.kind {
    case .variable(let variable): write(variable)
    case .tuple(let declaration):
      let names = PatternPart.text(of: declaration.parts)
      let type = declaration.type.map { ": " + SyntaxDump.describe($0) } ?? ""
      line("\(declaration.isConstant ? "let" : "var") \(names)\(type)", at: range)
      nested { $0.write(declaration.value) }
    case .function(let function): write(function)
    case .ifStatement(let conditions, let then, let otherwise):
      line("if", at: range)
      nested { writer in
        writer.write(conditions)
        writer.line("then")
        writer.nested { $0.write(then.statements) }
        switch otherwise {
        case .block(let block)?:
          writer.line("else")
          writer.nested { $0.write(block.statements) }
        case .elseIf(let elseIf)?:
          writer.line("else")
          writer.nested { $0.write(elseIf) }
        case nil:
          break
        }
      }
    case .guardStatement(let conditions, let otherwise):
      line("guard", at: range)
      nested { writer in
        writer.write(conditions)
        writer.line("else")
        writer.nested { $0.write(otherwise.statements) }
      }
    case .forStatement(let variable, let sequence, let body, let pattern, let filter):
      let names = pattern.map(PatternPart.text(of:))
      line("for \(names ?? variable?.text ?? "_")", at: range)
      nested { writer in
        writer.write(sequence)
        if let filter {
          writer.line("where")
          writer.nested { $0.write(filter) }
        }
        writer.line("do")
        writer.nested { $0.write(body.statements) }
      }
    case .whileStatement(let conditions, let body):
      line("while", at: range)
      nested { writer in
        writer.write(conditions)
        writer.line("do")
        writer.nested { $0.write(body.statements) }
      }
    case .switchStatement(let subject, let cases):
      line("switch", at: range)
      nested { writer in
        writer.write(subject)
        for switchCase in cases {
          writer.line(switchCase.isDefault ? "default" : "case", at: switchCase.range)
          writer.nested { inner in
            for pattern in switchCase.patterns ?? [] { inner.write(pattern) }
            inner.line("do")
            inner.nested { $0.write(switchCase.body) }
          }
        }
      }
    case .returnStatement(let value):
      line("return", at: range)
      if let value { nested { $0.write(value) } }
    case .breakStatement: line("break", at: range)
    case .continueStatement: line("continue", at: range)
    case .step(let step): write(step, at: range)
    case .expression(let expr): write(expr)
    case .discard(let expr):
      line("discard", at: range)
      nested { $0.write(expr) }
    case .assignment(let target, let op, let value):
      line("assign \(op.rawValue)", at: range)
      nested { writer in
        writer.write(target)
        writer.write(value)
      }
    case .error: line("error", at: range)
    }
  }

  mutating func write(_ conditions: [Condition]) {
    for condition in conditions {
      switch condition.kind {
      case .expression(let expr):
        line("condition", at: condition.range)
        nested { $0.write(expr) }
      case .binding(let isConstant, let name, let type, let value):
        let typeText = type.map { ": " + SyntaxDump.describe($0) } ?? ""
        line("condition \(isConstant ? "let" : "var") \(name.text)\(typeText)", at: condition.range)
        nested { $0.write(value) }
      }
    }
  }

  mutating func write(_ step: Step, at range: SourceRange) {
    switch step {
    case .longPress(let target, let duration):
      line("longPress", at: range)
      nested { writer in
        writer.write(target)
        if let duration { writer.write(duration, prefix: "for ") }
      }
    case .drag(let isThrough, let targets):
      line(isThrough ? "drag through" : "drag to", at: range)
      nested { writer in for target in targets { writer.write(target) } }
    case .tap(let target):
      line("tap", at: range)
      nested { $0.write(target) }
    case .release: line("release", at: range)
    case .cancel: line("cancel", at: range)
    case .wait(let duration):
      line("wait", at: range)
      nested { $0.write(duration) }
    case .settle: line("settle", at: range)
    case .expectCall(let negated, let method, let receiver, let times):
      line("expect \(negated ? "not " : "")called \(method.text)", at: range)
      nested { writer in
        if let receiver { writer.write(receiver, prefix: "on ") }
        if let times { writer.write(times, prefix: "times ") }
      }
    case .expectException(let name): line("expect exception \(name.text)", at: range)
    case .expectWarning(let negated, let text, _):
      line(
        "expect \(negated ? "not " : "")warning" + (text.map { " " + $0.debugDescription } ?? ""), at: range)
    case .expect(let condition):
      line("expect", at: range)
      nested { $0.write(condition) }
    }
  }

  // MARK: Expressions

  /// An expression and its children. `prefix` goes before the node's kind:
  /// an argument's label, "trailing ", "for ", "key "...
  mutating func write(_ expr: Expr, prefix: String = "") {
    let range = expr.range
    switch expr.kind {
    case .integer(let value): line(prefix + "integer \(value)", at: range)
    case .double(let value): line(prefix + "double \(value)", at: range)
    case .string(let literal):
      let kind = literal.isMultiline ? "multilineString" : "string"
      if literal.segments.allSatisfy({ if case .text = $0 { return true } else { return false } }) {
        let text = literal.segments.map { if case .text(let text) = $0 { return text } else { return "" } }
          .joined()
        line(prefix + "\(kind) \(text.debugDescription)", at: range)
      } else {
        line(prefix + kind, at: range)
        nested { writer in
          for segment in literal.segments {
            switch segment {
            case .text(let text): writer.line("text \(text.debugDescription)")
            case .interpolation(let inner): writer.write(inner, prefix: "interpolation ")
            }
          }
        }
      }
    case .bool(let value): line(prefix + "bool \(value)", at: range)
    case .nilLiteral: line(prefix + "nil", at: range)
    case .selfReference: line(prefix + "self", at: range)
    case .identifier(let name): line(prefix + "identifier \(name)", at: range)
    case .implicitMember(let name): line(prefix + "implicitMember .\(name.text)", at: range)
    case .member(let base, let name, let isOptional):
      line(prefix + "member \(isOptional ? "?." : ".")\(name.text)", at: range)
      nested { $0.write(base) }
    case .call(let callee, let arguments, let isOptional):
      line(prefix + (isOptional ? "call ?" : "call"), at: range)
      nested { writer in
        writer.write(callee)
        writer.write(arguments)
      }
    case .subscripted(let base, let arguments, let isOptional):
      line(prefix + (isOptional ? "subscript ?" : "subscript"), at: range)
      nested { writer in
        writer.write(base)
        writer.write(arguments)
      }
    case .unary(let op, let operand):
      line(prefix + "unary \(op.rawValue)", at: range)
      nested { $0.write(operand) }
    case .binary(let op, let left, let right):
      line(prefix + "binary \(op.rawValue)", at: range)
      nested { writer in
        writer.write(left)
        writer.write(right)
      }
    case .ternary(let condition, let then, let otherwise):
      line(prefix + "ternary", at: range)
      nested { writer in
        writer.write(condition)
        writer.write(then)
        writer.write(otherwise)
      }
    case .cast(let value, let kind, let type):
      line(prefix + "cast \(kind.rawValue) \(SyntaxDump.describe(type))", at: range)
      nested { $0.write(value) }
    case .range(let lower, let upper, let isClosed):
      line(prefix + "range \(isClosed ? "..." : "..<")", at: range)
      nested { writer in
        writer.write(lower)
        writer.write(upper)
      }
    case .array(let elements):
      line(prefix + "array", at: range)
      nested { writer in for element in elements { writer.write(element) } }
    case .dictionary(let entries):
      line(prefix + "dictionary", at: range)
      nested { writer in
        for entry in entries {
          writer.write(entry.key, prefix: "key ")
          writer.write(entry.value, prefix: "value ")
        }
      }
    case .tuple(let elements, let labels):
      line(prefix + "tuple", at: range)
      nested { writer in
        for (index, element) in elements.enumerated() {
          writer.write(element, prefix: labels.label(at: index).map { $0.text + ": " } ?? "")
        }
      }
    case .parenthesized(let inner):
      line(prefix + "parenthesized", at: range)
      nested { $0.write(inner) }
    case .forceUnwrap(let operand):
      line(prefix + "forceUnwrap", at: range)
      nested { $0.write(operand) }
    case .closure(let closure):
      let returnType = closure.returnType.map { " -> " + SyntaxDump.describe($0) } ?? ""
      let captures = closure.captures.map { item in
        (item.ownership == .strong ? "" : item.ownership.rawValue + " ") + item.name.text
      }
      let captureList = captures.isEmpty ? "" : " [" + captures.joined(separator: ", ") + "]"
      let clause =
        closure.hasParameterClause
        ? captureList + " (\(parameters(closure.parameters)))\(returnType) in"
        : captures.isEmpty ? "" : captureList + "\(returnType) in"
      line(prefix + "closure" + clause, at: range)
      nested { $0.write(closure.body.statements) }
    case .operatorFunction(let operation): line(prefix + "operator \(operation.rawValue)", at: range)
    case .error: line(prefix + "error", at: range)
    }
  }

  /// Arguments as their values, prefixed by label and "trailing ".
  mutating func write(_ arguments: [Argument]) {
    for argument in arguments {
      var prefix = argument.isTrailingClosure ? "trailing " : ""
      if let label = argument.label { prefix += label.text + ": " }
      write(argument.value, prefix: prefix)
    }
  }
}
