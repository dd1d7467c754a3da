import DndSyntax

/// `let (a, b) = value`: the names are declared like a `let`'s (globals at
/// the top level, locals in a block) and given the tuple's elements in one
/// statement, `declareTuple`, which checks at run time that the value is a
/// tuple of as many elements. A value that plainly is not one (a literal,
/// a tuple literal of another size) is reported here.
extension Checker {
  /// Pass one: the names of a top-level tuple declaration are globals.
  mutating func declareGlobalTuple(_ decl: TupleDecl) {
    for case let name? in decl.names {
      let slot = declareGlobal(name, kind: decl.isConstant ? .constant : .variable)
      if decl.isConstant { letKeywords[slot] = Checker.keyword(of: decl) }
    }
  }

  mutating func checkTupleDecl(_ decl: TupleDecl) -> CheckedStmt {
    let value = checkExpr(decl.value)
    reportNonTuple(decl)
    var refs: [VariableRef?] = []
    for name in decl.names {
      guard let name else {
        refs.append(nil)
        continue
      }
      if isGlobalScope {
        let slot =
          globalSlot(declaredBy: name) ?? declareGlobal(name, kind: decl.isConstant ? .constant : .variable)
        globalDeclared[slot] = true
        refs.append(.global(slot))
      } else {
        let slot = declareLocal(
          name, isConstant: decl.isConstant, declarationRange: name.range,
          letKeyword: decl.isConstant ? Checker.keyword(of: decl) : nil)
        refs.append(.local(slot))
      }
    }
    return CheckedStmt(.declareTuple(refs, value), range: decl.range)
  }

  /// The `let` or `var` at the start of a declaration.
  private static func keyword(of decl: TupleDecl) -> SourceRange {
    SourceRange(file: decl.range.file, start: Int(decl.range.start), end: Int(decl.range.start) + 3)
  }

  /// A value whose kind is plain from its spelling and is not a tuple of
  /// the pattern's size.
  private mutating func reportNonTuple(_ decl: TupleDecl) {
    let value = Checker.unparenthesized(decl.value)
    let found: String
    switch value.kind {
    case .tuple(let elements):
      guard elements.count != decl.names.count else { return }
      report(.tupleDeclCountMismatch(names: decl.names.count, elements: elements.count), at: value.range)
      return
    case .integer: found = "an Int"
    case .double: found = "a Double"
    case .string: found = "a String"
    case .bool: found = "a Bool"
    case .nilLiteral: found = "nil"
    case .array: found = "an array"
    case .dictionary: found = "a dictionary"
    case .range: found = "a range"
    case .closure: found = "a closure"
    default: return
    }
    report(.tupleDeclNotATuple(names: decl.names.count, found: found), at: value.range)
  }
}
