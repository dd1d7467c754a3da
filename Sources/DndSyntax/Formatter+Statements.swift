// The formatter's statements and scenario steps. Each prints into the line
// its caller began; blocks inside end that line and begin their own.

extension FormatPrinter {
  mutating func statement(_ statement: Stmt) {
    switch statement.kind {
    case .variable(let variable): varDecl(variable)
    case .tuple(let declaration):
      write((declaration.isConstant ? "let " : "var ") + PatternPart.text(of: declaration.parts))
      if let type = declaration.type {
        mark(Int(type.range.start))
        write(": " + typeText(type))
      }
      write(" = ")
      expression(declaration.value)
    case .function(let function): funcDecl(function)
    case .ifStatement(let conditions, let then, let otherwise):
      ifStatement(conditions, then, otherwise)
    case .guardStatement(let conditions, let otherwise):
      write("guard ")
      conditionList(conditions)
      write(" else ")
      block(otherwise)
    case .forStatement(let variable, let sequence, let body, let pattern, let filter):
      let names = pattern.map(PatternPart.text(of:))
      write("for " + (names ?? variable?.text ?? "_") + " in ")
      expression(sequence)
      if let filter {
        write(" where ")
        expression(filter)
      }
      write(" ")
      block(body)
    case .whileStatement(let conditions, let body):
      write("while ")
      conditionList(conditions)
      write(" ")
      block(body)
    case .switchStatement(let subject, let cases):
      switchStatement(subject, cases, range: statement.range)
    case .returnStatement(let value):
      write("return")
      if let value {
        write(" ")
        expression(value)
      }
    case .breakStatement: write("break")
    case .continueStatement: write("continue")
    case .step(let step): self.step(step, range: statement.range)
    case .expression(let expr):
      // On a line of its own after another statement, one starting with
      // `.` would continue the line before it (`let q = p; .cancel == p`
      // read back as `p.cancel`): parenthesized, it stays a statement.
      if afterStatement, Self.startsWithDot(expr) {
        write("(")
        expression(expr)
        write(")")
      } else {
        expression(expr)
      }
    case .discard(let value):
      write("_ = ")
      expression(value)
    case .assignment(let target, let op, let value):
      expression(target)
      write(" " + op.rawValue + " ")
      expression(value)
    case .error: write(source(statement.range))
    }
  }

  /// Whether the text of `expr` starts with an implicit member's `.`.
  static func startsWithDot(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .implicitMember: true
    case .member(let base, _, _), .call(let base, _, _), .subscripted(let base, _, _), .forceUnwrap(let base),
      .cast(let base, _, _), .binary(_, let base, _), .ternary(let base, _, _), .range(let base, _, _):
      startsWithDot(base)
    default: false
    }
  }

  /// `if ... { } else if ... { } else { }`, the chain on the lines of its braces.
  mutating func ifStatement(_ conditions: [Condition], _ then: Block, _ otherwise: ElseClause?) {
    write("if ")
    conditionList(conditions)
    write(" ")
    block(then)
    // A comment between `}` and the else branch (before or after `else`)
    // goes first in that branch: left where it was, `} else {` would pull
    // it into the block before. A one-line block comment after `else`
    // stays there, inline.
    let elseOffset = token(.kwElse, atOrAfter: Int(then.range.end)).map { Int($0.range.start) } ?? Int.max
    switch otherwise {
    case .block(let block)?:
      carryComments(before: Int(block.range.start), into: Int(block.range.start), inlineFrom: elseOffset)
      write(" else ")
      self.block(block)
    case .elseIf(let nested)?:
      if case .ifStatement(_, let nestedThen, _) = nested.kind {
        carryComments(before: Int(nested.range.start), into: Int(nestedThen.range.start), inlineFrom: elseOffset)
      }
      write(" else ")
      mark(Int(nested.range.start))
      if case .ifStatement(let conditions, let then, let otherwise) = nested.kind {
        ifStatement(conditions, then, otherwise)
      } else {
        statement(nested)
      }
    case nil:
      break
    }
  }

  /// `switch x {`, each label at the indentation of `switch` (as Swift's
  /// style has it), each statement of a case on its own line one level in.
  mutating func switchStatement(_ subject: Expr, _ cases: [SwitchCase], range: SourceRange) {
    write("switch ")
    expression(subject)
    write(" ")
    let open = token(.leftBrace, atOrAfter: Int(subject.range.end)).map { Int($0.range.start) } ?? Int(range.end)
    let close = max(open, Int(range.end) - 1)
    mark(open)
    write("{")
    openBlock(after: open + 1)
    for switchCase in cases {
      // Comments after a case's last statement, indented as its body, stay
      // in it rather than moving under the next label.
      let label = Int(switchCase.labelRange.start)
      while let comment = pendingComment, Int(comment.start) < label,
        column(of: Int(comment.start)) > column(of: label)
      {
        flushLeading(before: Int(comment.start) + 1)
      }
      indent -= 1
      beginLine(at: label)
      if let patterns = switchCase.patterns {
        write("case ")
        for (index, pattern) in patterns.enumerated() {
          if index > 0 { write(", ") }
          mark(Int(pattern.range.start))
          expression(pattern)
        }
        write(":")
      } else {
        write("default:")
      }
      advance(to: Int(switchCase.labelRange.end))
      // A case of one statement written on its label's line stays there
      // (`case 3: return "three"`), as a one-line body in braces does.
      if switchCase.body.count == 1, let only = switchCase.body.first,
        !containsNewline(Int(switchCase.labelRange.end), Int(only.range.start))
      {
        write(" ")
        mark(Int(only.range.start))
        afterStatement = false
        self.statement(only)
        advance(to: Int(only.range.end))
        endLine()
        indent += 1
        continue
      }
      endLine()
      indent += 1
      for (index, statement) in switchCase.body.enumerated() {
        afterStatement = index > 0
        beginLine(at: Int(statement.range.start))
        self.statement(statement)
        advance(to: Int(statement.range.end))
        endLine()
      }
    }
    closeBlock(at: close)
    write("}")
    advance(to: close + 1)
  }

  mutating func conditionList(_ conditions: [Condition]) {
    for (index, condition) in conditions.enumerated() {
      if index > 0 { write(", ") }
      mark(Int(condition.range.start))
      switch condition.kind {
      case .expression(let expr):
        expression(expr)
      case .binding(let isConstant, let name, let type, let value):
        write((isConstant ? "let " : "var ") + name.text + (type.map { ": " + typeText($0) } ?? ""))
        // `if let photo {` stays short (its value is the name itself).
        if value.range == name.range, case .identifier = value.kind { break }
        if value.range == name.range, case .selfReference = value.kind { break }
        write(" = ")
        expression(value)
      }
    }
  }

  mutating func step(_ step: Step, range: SourceRange) {
    switch step {
    case .longPress(let target, let duration):
      write("longPress ")
      expression(target)
      if let duration {
        write(" for ")
        expression(duration)
      }
    case .drag(let isThrough, let targets):
      write(isThrough ? "drag through " : "drag to ")
      for (index, target) in targets.enumerated() {
        if index > 0 { write(", ") }
        expression(target)
      }
    case .tap(let target):
      write("tap ")
      expression(target)
    case .release: write("release")
    case .cancel: write("cancel")
    case .wait(let duration):
      write("wait ")
      expression(duration)
    case .settle: write("settle")
    case .expectCall(let negated, let method, let receiver, let times):
      write("expect " + (negated ? "not " : "") + "called " + method.text)
      if let receiver {
        write(" on ")
        expression(receiver)
      }
      if let times {
        write(" times ")
        expression(times)
      }
    case .expectException(let name):
      write("expect exception " + name.text)
    case .expectWarning(let negated, let text, let warningRange):
      write("expect " + (negated ? "not " : "") + "warning")
      if text != nil, let literal = lastString(in: warningRange) {
        write(" " + source(literal))
      }
    case .expect(let condition):
      write("expect ")
      expression(condition)
    }
  }

  /// The range of the last string literal token inside `range` (the text
  /// of `expect warning "..."`, kept as written).
  private func lastString(in range: SourceRange) -> SourceRange? {
    var index = firstToken(atOrAfter: Int(range.start))
    var found: SourceRange?
    while index < tokens.count, tokens[index].range.end <= range.end, tokens[index].kind != .endOfFile {
      if tokens[index].kind == .string { found = tokens[index].range }
      index += 1
    }
    return found
  }
}
