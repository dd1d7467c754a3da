import DndCheck
import DndSyntax

/// A compact text form of the resolved tree, so resolution tests can
/// compare slots and captures at a glance: `declare(local 2, (+ local 0 local 1))`.
func dump(_ block: CheckedBlock) -> String {
  var parts = block.functions.map { "func \($0.slot) \(dump($0.code))" }
  parts += block.statements.map(dump)
  let captured = block.firstCapturedSlot.map { " captured≥\($0)" } ?? ""
  return "{" + parts.joined(separator: "; ") + captured + "}"
}

func dump(_ code: FunctionCode) -> String {
  let captures = code.captures.map { source -> String in
    switch source {
    case .local(let slot): return "local \(slot)"
    case .capture(let index): return "capture \(index)"
    }
  }
  let parameters = code.parameterNames.joined(separator: ",")
  let header = "[\(parameters) frame \(code.frameSize) captures(\(captures.joined(separator: ",")))] "
  return header + dump(code.body)
}

func dump(_ stmt: CheckedStmt) -> String {
  switch stmt.kind {
  case .expression(let expr): return dump(expr)
  case .declare(let ref, let value): return "declare(\(dump(ref)), \(value.map(dump) ?? "-"))"
  case .assign(let target, let op, let value): return "\(dump(target)) \(op.rawValue) \(dump(value))"
  case .ifStatement(_, let then, let otherwise):
    let rest: String
    switch otherwise {
    case .block(let block)?: rest = " else " + dump(block)
    case .elseIf(let nested)?: rest = " else " + dump(nested)
    case nil: rest = ""
    }
    return "if " + dump(then) + rest
  case .guardStatement(_, let otherwise): return "guard " + dump(otherwise)
  case .whileStatement(_, let body): return "while " + dump(body)
  case .forIn(let slot, let sequence, let body):
    return "for \(slot.map(String.init) ?? "_") in \(dump(sequence)) " + dump(body)
  case .forRange(let slot, let lower, let upper, let isClosed, let body):
    return "for \(slot.map(String.init) ?? "_") in \(dump(lower))\(isClosed ? "..." : "..<")\(dump(upper)) "
      + dump(body)
  case .switchStatement(let subject, let slot, let cases, let otherwise):
    let tests = cases.map { "case \($0.patterns.map(dump).joined(separator: ", ")): " + dump($0.body) }
    return "switch \(slot) = \(dump(subject)) " + (tests + ["default: " + dump(otherwise)]).joined(separator: " ")
  case .noCaseMatched(let value): return "no case matched \(dump(value))"
  case .returnStatement(let value): return "return " + (value.map(dump) ?? "")
  case .breakStatement: return "break"
  case .continueStatement: return "continue"
  case .step: return "step"
  case .declareApp(let index): return "app \(index)"
  case .declareSource(let index): return "source \(index)"
  case .declareTuple(let refs, let value):
    return "let (\(refs.map { $0.map(dump) ?? "_" }.joined(separator: ", "))) = \(dump(value))"
  case .sequence(let statements): return statements.map(dump).joined(separator: "; ")
  }
}

func dump(_ ref: VariableRef) -> String {
  switch ref {
  case .local(let slot): return "local \(slot)"
  case .capture(let index): return "capture \(index)"
  case .global(let slot): return "global \(slot)"
  }
}

func dump(_ target: CheckedLValue) -> String {
  switch target.kind {
  case .variable(let ref): return dump(ref)
  case .member(let base, let symbol, _): return "\(dump(base)).#\(symbol.raw)"
  case .subscripted(let base, let arguments, _):
    return "\(dump(base))[\(arguments.values.map(dump).joined(separator: ","))]"
  case .tupleElement(let base, let index): return "\(dump(base)).\(index)"
  case .forceUnwrap(let base): return "\(dump(base))!"
  case .value(let expr): return dump(expr)
  }
}

func dump(_ expr: CheckedExpr) -> String {
  switch expr.kind {
  case .integer(let value): return String(value)
  case .double(let value): return String(value)
  case .string(let text, _): return "\"\(text)\""
  case .bool(let value): return String(value)
  case .nilLiteral: return "nil"
  case .interpolation: return "interpolation"
  case .local(let slot): return "local \(slot)"
  case .capture(let index): return "capture \(index)"
  case .global(let slot): return "global \(slot)"
  case .globalChecked(let slot): return "global? \(slot)"
  case .builtin(let builtin): return builtin.spelling
  case .enumCase(let symbol): return ".#\(symbol.raw)"
  case .member(let base, let symbol, let optional):
    return "\(dump(base))\(optional ? "?" : "").#\(symbol.raw)"
  case .tupleElement(let base, let index, _): return "\(dump(base)).\(index)"
  case .callGlobal(let slot, let arguments): return "call global \(slot)(\(dump(arguments)))"
  case .callBuiltin(let builtin, let arguments): return "\(builtin.spelling)(\(dump(arguments)))"
  case .callValue(let callee, let arguments): return "call \(dump(callee))(\(dump(arguments)))"
  case .callMethod(let base, let symbol, let arguments, _):
    return "\(dump(base)).#\(symbol.raw)(\(dump(arguments)))"
  case .callMutating(let target, let symbol, let arguments, _):
    return "mutate \(dump(target)).#\(symbol.raw)(\(dump(arguments)))"
  case .subscripted(let base, let arguments, _): return "\(dump(base))[\(dump(arguments))]"
  case .unary(let op, let operand): return "(\(op.rawValue) \(dump(operand)))"
  case .binary(let op, let left, let right): return "(\(op.rawValue) \(dump(left)) \(dump(right)))"
  case .ternary(let condition, let then, let otherwise):
    return "(? \(dump(condition)) \(dump(then)) \(dump(otherwise)))"
  case .cast(let operand, let kind, _): return "(\(kind.rawValue) \(dump(operand)))"
  case .forceUnwrap(let operand): return "\(dump(operand))!"
  case .range(let lower, let upper, let isClosed):
    return "\(dump(lower))\(isClosed ? "..." : "..<")\(dump(upper))"
  case .array(let elements): return "[\(elements.map(dump).joined(separator: ", "))]"
  case .dictionary(let keys, let values):
    return "[\(zip(keys, values).map { "\(dump($0)): \(dump($1))" }.joined(separator: ", "))]"
  case .tuple(let elements, _): return "(\(elements.map(dump).joined(separator: ", ")))"
  case .closure(let code): return "closure " + dump(code)
  }
}

func dump(_ arguments: CheckedArguments) -> String {
  arguments.values.map(dump).joined(separator: ", ")
}
