import DndSyntax

/// `let (a, b) = value`: the names are declared like a `let`'s (globals at
/// the top level, locals in a block) and given the tuple's elements in one
/// statement, `declareTuple`, which checks at run time that the value is a
/// tuple of as many elements. A value that plainly is not one (a literal,
/// a tuple literal of another size) is reported here. A nested pattern
/// (`let (a, (b, c)) = ...`) gives its element to a hidden variable, which
/// one more `declareTuple` takes apart, so each level is checked the same.
extension Checker {
  /// Pass one: the names of a top-level tuple declaration are globals.
  mutating func declareGlobalTuple(_ decl: TupleDecl) {
    for name in Checker.names(in: decl.parts) {
      let slot = declareGlobal(name, kind: decl.isConstant ? .constant : .variable)
      if decl.isConstant { letKeywords[slot] = Checker.keyword(of: decl) }
    }
  }

  /// Every name of a pattern, nested ones included, in order.
  static func names(in parts: [PatternPart]) -> [Name] {
    parts.flatMap { part -> [Name] in
      switch part {
      case .name(let name): [name]
      case .wildcard: []
      case .tuple(let inner, _): names(in: inner)
      }
    }
  }

  mutating func checkTupleDecl(_ decl: TupleDecl) -> CheckedStmt {
    let value = checkExpr(decl.value)
    reportNonTuple(decl)
    let letKeyword = decl.isConstant ? Checker.keyword(of: decl) : nil
    let (refs, nested) = patternBindings(decl.parts) { checker, part in
      if checker.isGlobalScope {
        let slot: Int
        if case .name(let name) = part {
          slot =
            checker.globalSlot(declaredBy: name)
            ?? checker.declareGlobal(name, kind: decl.isConstant ? .constant : .variable)
        } else {
          slot = checker.appendGlobal(GlobalInfo(name: "(tuple)", kind: .constant, range: part.range))
        }
        checker.globalDeclared[slot] = true
        return .global(slot)
      }
      return .local(checker.declarePart(part, isConstant: decl.isConstant, letKeyword: letKeyword))
    }
    let whole = CheckedStmt(.declareTuple(refs, value), range: decl.range)
    guard !nested.isEmpty else { return whole }
    // The hidden variables and the names share the declaration's scope, so
    // the statements run in sequence there rather than in a block.
    return CheckedStmt(.sequence([whole] + nested), range: decl.range)
  }

  /// What a pattern's part declares: a name, or the hidden variable that
  /// holds a nested tuple's element until it is taken apart.
  enum PatternName {
    case name(Name)
    case hidden(SourceRange)

    var range: SourceRange {
      switch self {
      case .name(let name): name.range
      case .hidden(let range): range
      }
    }
  }

  /// A local for a name of a pattern, or a hidden one (named `_`, which
  /// no code can read) for a nested tuple.
  mutating func declarePart(_ part: PatternName, isConstant: Bool, letKeyword: SourceRange?) -> Int {
    switch part {
    case .name(let name):
      declareLocal(name, isConstant: isConstant, declarationRange: name.range, letKeyword: letKeyword)
    case .hidden(let range):
      declareLocal(Name("_", range: range), isConstant: true, declarationRange: range)
    }
  }

  /// What a pattern binds: the variables `declareTuple` gives its elements
  /// to (nil for `_`), each made by `declare`, and the statements that
  /// take its nested tuples apart, in order, after it.
  mutating func patternBindings(
    _ parts: [PatternPart], declare: (inout Checker, PatternName) -> VariableRef
  ) -> (refs: [VariableRef?], nested: [CheckedStmt]) {
    var refs: [VariableRef?] = []
    var nested: [CheckedStmt] = []
    for part in parts {
      switch part {
      case .wildcard: refs.append(nil)
      case .name(let name): refs.append(declare(&self, .name(name)))
      case .tuple(let inner, let range):
        let hidden = declare(&self, .hidden(range))
        refs.append(hidden)
        let element: CheckedExpr.Kind =
          switch hidden {
          case .global(let slot): .global(slot)
          case .local(let slot): .local(slot)
          case .capture(let slot): .capture(slot)
          }
        let (innerRefs, innerNested) = patternBindings(inner, declare: declare)
        nested.append(CheckedStmt(.declareTuple(innerRefs, CheckedExpr(element, range: range)), range: range))
        nested += innerNested
      }
    }
    return (refs, nested)
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
    case .tuple(let elements, _):
      guard elements.count != decl.parts.count else { return }
      report(.tupleDeclCountMismatch(names: decl.parts.count, elements: elements.count), at: value.range)
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
    report(.tupleDeclNotATuple(names: decl.parts.count, found: found), at: value.range)
  }
}
