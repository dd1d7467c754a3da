// The formatter's expressions and types. Literals are copied from the
// source; operators get a space on each side (ranges, `.` and unary
// operators none); lists stay on one line unless their first element was on
// a line of its own or a line comment follows an element, and then keep the
// lines they were written on.

extension FormatPrinter {
  mutating func expression(_ expr: Expr) {
    mark(Int(expr.range.start))
    switch expr.kind {
    case .integer, .double, .string, .error:
      // As written: "0x1F", "1_000", escapes, interpolations, `"""` strings.
      write(source(expr.range))
    case .bool(let value): write(value ? "true" : "false")
    case .nilLiteral: write("nil")
    case .operatorFunction(let operation): write(operation.rawValue)
    case .selfReference: write("self")
    case .identifier(let name): write(name)
    case .implicitMember(let name): write("." + name.text)
    case .member(let base, let name, let isOptional):
      expression(base)
      write((isOptional ? "?." : ".") + name.text)
    case .call(let callee, let arguments, let isOptional):
      call(callee, arguments, isOptional: isOptional)
    case .subscripted(let base, let arguments, let isOptional):
      expression(base)
      if isOptional { write("?") }
      let open = token(.leftBracket, atOrAfter: Int(base.range.end)).map { Int($0.range.start) }
      argumentList(arguments, open: open ?? Int(base.range.end), brackets: (.leftBracket, .rightBracket))
    case .unary(let op, let operand):
      write(op.rawValue)
      // `- -z` stays apart: `--z` reads as C's decrement (and `!!x` as one
      // operator), though both lex back to two.
      if case .unary(let inner, _) = operand.kind, inner == op { write(" ") }
      expression(operand)
    case .binary(let op, let left, let right):
      expression(left)
      write(" " + op.rawValue + " ")
      expression(right)
    case .ternary(let condition, let then, let otherwise):
      expression(condition)
      write(" ? ")
      expression(then)
      write(" : ")
      expression(otherwise)
    case .cast(let value, let kind, let type):
      expression(value)
      write(" " + kind.rawValue + " ")
      mark(Int(type.range.start))
      write(typeText(type))
    case .range(let lower, let upper, let isClosed):
      expression(lower)
      write(isClosed ? "..." : "..<")
      expression(upper)
    case .array(let elements):
      let brackets = (TokenKind.leftBracket, TokenKind.rightBracket)
      list(elements, open: Int(expr.range.start), brackets: brackets, start: \.range.start, end: \.range.end) {
        printer, element in printer.expression(element)
      }
    case .dictionary(let entries):
      if entries.isEmpty {
        write("[:]")
        break
      }
      let brackets = (TokenKind.leftBracket, TokenKind.rightBracket)
      let start: (DictionaryEntry) -> UInt32 = \.key.range.start
      list(entries, open: Int(expr.range.start), brackets: brackets, start: start, end: \.value.range.end) {
        printer, entry in
        printer.expression(entry.key)
        printer.write(": ")
        printer.expression(entry.value)
      }
    case .tuple(let elements, let labels):
      write("(")
      for (index, element) in elements.enumerated() {
        if index > 0 { write(", ") }
        if let label = labels.label(at: index) { write(label.text + ": ") }
        expression(element)
      }
      write(")")
    case .parenthesized(let inner):
      write("(")
      expression(inner)
      write(")")
    case .forceUnwrap(let operand):
      expression(operand)
      write("!")
    case .closure(let closure):
      self.closure(closure, range: expr.range)
    }
    advance(to: Int(expr.range.end))
  }

  // MARK: - Calls and lists

  /// A call: its arguments in parentheses, then its trailing closures. The
  /// parentheses go when only trailing closures are left (`list.map { }`),
  /// unless the callee is itself a call, where dropping them would merge
  /// the two calls.
  private mutating func call(_ callee: Expr, _ arguments: [Argument], isOptional: Bool) {
    expression(callee)
    // `f?(x)` keeps its parentheses, even around nothing.
    if isOptional { write("?") }
    let inParentheses = arguments.filter { !$0.isTrailingClosure }
    let trailing = arguments.filter(\.isTrailingClosure)
    var calleeIsCall = false
    if case .call = callee.kind { calleeIsCall = true }
    if isOptional || !inParentheses.isEmpty || trailing.isEmpty || calleeIsCall {
      let open = token(.leftParen, atOrAfter: Int(callee.range.end)).map { Int($0.range.start) }
      argumentList(inParentheses, open: open ?? Int(callee.range.end), brackets: (.leftParen, .rightParen))
    }
    for closure in trailing {
      write(" ")
      if let label = closure.label {
        mark(Int(label.range.start))
        write(label.text + ": ")
      }
      expression(closure.value)
    }
  }

  private mutating func argumentList(
    _ arguments: [Argument], open: Int, brackets: (open: TokenKind, close: TokenKind)
  ) {
    let start: (Argument) -> UInt32 = { $0.label?.range.start ?? $0.value.range.start }
    list(arguments, open: open, brackets: brackets, start: start, end: \.value.range.end) { printer, argument in
      if let label = argument.label {
        printer.mark(Int(label.range.start))
        printer.write(label.text + ": ")
      }
      printer.expression(argument.value)
    }
  }

  /// A bracketed list whose opener is at `open`. On one line, unless the
  /// first element started a line of its own, or a `//` comment (or a block
  /// comment over several lines) sits between two elements or after the last:
  /// then the elements keep the lines they were written on (one per line, or
  /// a few per line), indented one level, the first on the opener's line if
  /// it was written there, and the closer stays where it was, on a line of
  /// its own (with a trailing comma if there was one) or after the last
  /// element. Joining such a list would move its comments above the line.
  mutating func list<Item>(
    _ items: [Item], open: Int, brackets: (open: TokenKind, close: TokenKind),
    start: (Item) -> UInt32, end: (Item) -> UInt32,
    _ print: (inout FormatPrinter, Item) -> Void
  ) {
    let opener = brackets.open == .leftParen ? "(" : "["
    let closer = brackets.close == .rightParen ? ")" : "]"
    guard let first = items.first else {
      write(opener + closer)
      return
    }
    let firstOnOwnLine = containsNewline(open, Int(start(first)))
    guard firstOnOwnLine || hasLineBreakingComment(between: items, closer: brackets.close, start: start, end: end)
    else {
      write(opener)
      for (index, item) in items.enumerated() {
        if index > 0 { write(", ") }
        print(&self, item)
      }
      write(closer)
      return
    }
    mark(open)
    write(opener)
    if firstOnOwnLine {
      openBlock(after: open + 1)
    } else {
      // A hanging list: the first element stays on the opener's line.
      advance(to: open + 1)
      indent += 1
    }
    for (index, item) in items.enumerated() {
      if index == 0 && !firstOnOwnLine {
        mark(Int(start(item)))
      } else if index == 0 || containsNewline(lastEnd, Int(start(item))) {
        if index > 0 { endLine() }
        beginLine(at: Int(start(item)))
      } else {
        write(" ")
      }
      print(&self, item)
      if index < items.count - 1 { write(",") }
    }
    let close = token(brackets.close, atOrAfter: lastEnd).map { Int($0.range.start) } ?? lastEnd
    guard containsNewline(lastEnd, close) else {
      indent -= 1
      write(closer)
      advance(to: close + 1)
      return
    }
    if let comma = token(.comma, atOrAfter: lastEnd), Int(comma.range.start) < close { write(",") }
    endLine()
    closeBlock(at: close)
    write(closer)
    advance(to: close + 1)
  }

  /// Whether a comment that ends its line (`//`, or a block comment over
  /// several lines) lies between two of `items`, or between the last and
  /// the closer. Comments inside an element are the element's own.
  private func hasLineBreakingComment<Item>(
    between items: [Item], closer: TokenKind, start: (Item) -> UInt32, end: (Item) -> UInt32
  ) -> Bool {
    guard let last = items.last else { return false }
    let close = token(closer, atOrAfter: Int(end(last))).map { Int($0.range.start) } ?? Int(end(last))
    var index = nextComment
    var item = 0
    while index < comments.count, Int(comments[index].start) < close {
      let comment = comments[index]
      index += 1
      let from = Int(comment.start)
      // The element whose end comes before the comment and the next one's start after it.
      while item + 1 < items.count, Int(start(items[item + 1])) <= from { item += 1 }
      guard from >= Int(end(items[item])) else { continue }
      let isLineComment = from + 1 < file.bytes.count && file.bytes[from + 1] == UInt8(ascii: "/")
      if isLineComment || containsNewline(from, Int(comment.end)) { return true }
    }
    return false
  }

  // MARK: - Closures

  /// A closure: its parameters and `in` on the line of the `{`, its body as
  /// any other (see `braced`).
  private mutating func closure(_ closure: Closure, range: SourceRange) {
    let open = Int(range.start)
    let close = max(open, Int(range.end) - 1)
    var header = ""
    var headerEnd: Int?
    if closure.hasParameterClause || !closure.captures.isEmpty {
      if !closure.captures.isEmpty {
        let items = closure.captures.map { item in
          (item.ownership == .strong ? "" : item.ownership.rawValue + " ") + item.name.text
        }
        header = " [" + items.joined(separator: ", ") + "]"
      }
      if closure.hasParameterClause {
        let parameters = closure.parameters.map { $0.name.text + ($0.type.map { ": " + typeText($0) } ?? "") }
          .joined(separator: ", ")
        let listEnd = closure.captures.last.flatMap { token(.rightBracket, atOrAfter: Int($0.range.end)) }
        let afterCaptures = listEnd.map { Int($0.range.end) } ?? open + 1
        let parenthesized = nextTokenIs(.leftParen, after: afterCaptures)
        header += " " + (parenthesized ? "(" + parameters + ")" : parameters)
      }
      header += (closure.returnType.map { " -> " + typeText($0) } ?? "") + " in"
      headerEnd = token(.kwIn, atOrAfter: open + 1).map { Int($0.range.end) }
    }
    let statements = closure.body.statements
    braced(statements, open: open, close: close, header: header, headerEnd: headerEnd, range: \.range) {
      printer, statement in printer.statement(statement)
    }
  }

  // MARK: - Types

  /// A type as written, except that `(T)` is printed as `T`. The mark of an
  /// optional (`?` or `!`) is read from the source, where the tree keeps it
  /// at the end of the wrapped type's range.
  func typeText(_ type: TypeRef) -> String {
    switch type.kind {
    case .named(let names):
      return names.map(\.text).joined(separator: ".")
    case .array(let element):
      return "[" + typeText(element) + "]"
    case .dictionary(let key, let value):
      return "[" + typeText(key) + ": " + typeText(value) + "]"
    case .optional(let wrapped):
      let end = Int(wrapped.range.end)
      let mark = end > 0 && end <= bytes.count && bytes[end - 1] == .bang ? "!" : "?"
      var inner = typeText(wrapped)
      if case .function = wrapped.kind { inner = "(" + inner + ")" }
      return inner + mark
    case .function(let parameters, let result):
      return "(" + parameters.map(typeText).joined(separator: ", ") + ") -> " + typeText(result)
    case .tuple(let elements, let labels):
      return "(" + SyntaxDump.labelled(elements.map(typeText), labels) + ")"
    }
  }
}
