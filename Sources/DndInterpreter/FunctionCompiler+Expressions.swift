import DndCheck
import DndSyntax

/// Expressions: each is compiled into a destination register, or read
/// where it lives when it is a local.
extension FunctionCompiler {
  /// A register holding the value of `expr`: the local itself for a local,
  /// otherwise a fresh temporary (freed when the caller resets `tempTop`).
  mutating func value(_ expr: CheckedExpr) -> Int32 {
    if case .local(let slot) = expr.kind { return Int32(slot) }
    let register = temporary()
    into(expr, register)
    return register
  }

  /// Like `value`, for an operand evaluated before `later`: a local is read
  /// where it lives only if nothing in `later` can change it (a call could,
  /// through a closure capturing it), so that the value used is the one
  /// the operand had when it was evaluated.
  mutating func operand(_ expr: CheckedExpr, before later: [CheckedExpr]) -> Int32 {
    if case .local(let slot) = expr.kind, later.allSatisfy(isPure) { return Int32(slot) }
    let register = temporary()
    into(expr, register)
    return register
  }

  /// Whether evaluating `expr` cannot change a variable: no calls, no
  /// native code. (It may still fail: `a + b` can overflow.)
  func isPure(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .integer, .double, .string, .bool, .nilLiteral, .local, .capture, .global, .globalChecked, .enumCase:
      return true
    case .binary(_, let left, let right): return isPure(left) && isPure(right)
    case .unary(_, let operand): return isPure(operand)
    case .ternary(let condition, let then, let otherwise):
      return isPure(condition) && isPure(then) && isPure(otherwise)
    default: return false
    }
  }

  /// Whether `into` writes its destination before it has finished
  /// evaluating (`a && b` stores `a` first): such an expression goes to a
  /// temporary when its destination is a local the rest could read.
  private func writesEarly(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .binary(let op, _, _): return op == .and || op == .or || op == .nilCoalescing
    case .dictionary(let keys, _): return recordKeys(keys) == nil
    default: return false
    }
  }

  /// The keys of a record literal: distinct string literals, few enough to
  /// be found by a scan (`DictionaryBox.indexThreshold`); nil for any other
  /// dictionary literal.
  private func recordKeys(_ keys: [CheckedExpr]) -> [(text: String, literal: Int)]? {
    guard !keys.isEmpty, keys.count <= DictionaryBox.indexThreshold else { return nil }
    var found: [(text: String, literal: Int)] = []
    for key in keys {
      // Literals are numbered by their text, so distinct numbers are distinct keys.
      guard case .string(let text, let literal) = key.kind, !found.contains(where: { $0.literal == literal })
      else { return nil }
      found.append((text, literal))
    }
    return found
  }

  /// The literal number of a string literal key whose box the interpreter
  /// has (`literalBox`), for `field`.
  private func fieldLiteral(_ key: CheckedExpr) -> Int32? {
    guard case .string(_, let literal) = key.kind, literalBox(literal) != nil else { return nil }
    return Int32(exactly: literal)
  }

  private func isGlobal(_ expr: CheckedExpr) -> Bool {
    if case .global = expr.kind { return true }
    return false
  }

  /// Whether `expr`'s value is never an array, dictionary or tuple, so that
  /// it needs no nesting check: a scalar literal, `String(x)`, or an
  /// operator with a scalar literal on one side.
  private func isShallow(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .integer, .double, .string, .bool, .nilLiteral: return true
    case .callBuiltin(.string, _): return true
    case .unary: return true
    case .binary(let op, let left, let right):
      guard op != .nilCoalescing else { return false }
      return isScalarLiteral(left) || isScalarLiteral(right)
    default: return false
    }
  }

  private func isScalarLiteral(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    case .integer, .double, .string, .bool: return true
    default: return false
    }
  }

  /// `base.m1.m2` (or `base.m1.m2.m3`, when `base` is itself a plain
  /// member read): a `memberChain` instruction, which reads the chain at once
  /// when the object has a shortcut for it (`p.frame.size.width` without a
  /// Rect and a Size object made and freed), followed by the members one by
  /// one, in temporaries, for every other case. `members` holds each
  /// member with the range of the expression it ends.
  private mutating func memberChain(
    _ base: CheckedExpr, _ members: [(Symbol, SourceRange)], _ destination: Int32, at range: SourceRange
  ) {
    var base = base
    var members = members
    if case .member(let inner, let first, false) = base.kind {
      members.insert((first, base.range), at: 0)
      base = inner
    }
    let register = value(base)
    let third = members.count == 3 ? members[2].0.raw : -1
    emit(.memberChain, destination, register, members[0].0.raw, members[1].0.raw, third, at: range)
    var from = register
    for (index, (symbol, memberRange)) in members.enumerated() {
      let into = index == members.count - 1 ? destination : temporary()
      emit(.member, into, from, symbol.raw, 0, at: memberRange)
      dirty(into)
      from = into
    }
  }

  /// Emits the code leaving the value of `expr` in `destination`.
  mutating func into(_ expr: CheckedExpr, _ destination: Int32) {
    let mark = tempTop
    defer { tempTop = mark }
    if destination < frameSize && writesEarly(expr) {
      let register = temporary()
      into(expr, register)
      emit(.move, destination, register, at: expr.range)
      return
    }
    let range = expr.range
    switch expr.kind {
    case .integer(let number):
      if let immediate = Int32(exactly: number) {
        emit(.loadInt, destination, immediate, at: range)
      } else {
        emit(.loadConstant, destination, constant(.int(number)), at: range)
      }
    case .double(let number): emit(.loadConstant, destination, constant(.double(number)), at: range)
    case .string(_, let literal): emit(.loadLiteral, destination, Int32(literal), at: range)
    case .bool(let flag): emit(.loadConstant, destination, constant(.bool(flag)), at: range)
    case .nilLiteral: emit(.loadNil, destination, at: range)
    case .enumCase(let symbol): emit(.loadConstant, destination, constant(.enumCase(symbol)), at: range)
    case .local(let slot):
      if Int32(slot) != destination {
        emit(.move, destination, Int32(slot), at: range)
        dirty(destination)
      }
    case .capture(let index):
      emit(.loadCapture, destination, Int32(index), at: range)
      dirty(destination)
    case .global(let slot):
      emit(.loadGlobal, destination, Int32(slot), at: range)
      dirty(destination)
    case .globalChecked(let slot):
      emit(.loadGlobalChecked, destination, Int32(slot), at: range)
      dirty(destination)
    case .builtin(let builtin) where builtin.kind == .function:
      emit(.loadConstant, destination, constant(.builtinFunction(builtin)), at: range)
    case .builtin(let builtin) where builtin.kind == .type:
      emit(.loadConstant, destination, constant(.type(builtin)), at: range)
    case .member(let base, let symbol, false):
      if case .member(let inner, let middle, false) = base.kind {
        memberChain(inner, [(middle, base.range), (symbol, range)], destination, at: range)
      } else {
        let register = value(base)
        emit(.member, destination, register, symbol.raw, 0, at: range)
      }
      dirty(destination)
    case .member(let base, let symbol, true):
      let register = value(base)
      emit(.member, destination, register, symbol.raw, 1, at: range)
      dirty(destination)
    case .callGlobal(let slot, let arguments):
      let start = self.arguments(arguments)
      let labels = site(Symbol(raw: 0), arguments.labels)
      emit(.callGlobal, destination, Int32(slot), start, Int32(arguments.count), labels, at: range)
      consumed(start, arguments.count)
      dirty(destination)
    case .callBuiltin(.string, let arguments) where arguments.count == 1 && arguments.labels[0] == nil:
      let register = value(arguments.values[0])
      emit(.stringOf, destination, register, at: range)
    case .callBuiltin(let builtin, let arguments):
      let start = self.arguments(arguments)
      let labels = site(Symbol(raw: 0), arguments.labels)
      emit(
        .callBuiltin, destination, Int32(builtin.rawValue), start, Int32(arguments.count), labels, at: range)
      consumed(start, arguments.count)
      dirty(destination)
    case .callValue(let callee, let arguments):
      let function = operand(callee, before: arguments.values)
      let start = self.arguments(arguments)
      let labels = site(Symbol(raw: 0), arguments.labels)
      emit(.callValue, destination, function, start, Int32(arguments.count), labels, at: range)
      consumed(start, arguments.count)
      dirty(destination)
    case .callMethod(let base, let symbol, let arguments, let optional):
      let receiver = operand(base, before: arguments.values)
      // `a?.m(x)`: a nil receiver gives nil before the arguments are evaluated.
      let skip = optional ? emit(.jumpIfNil, receiver, 0, at: range) : nil
      let start = self.arguments(arguments)
      let method = site(symbol, arguments.labels)
      emit(.callMethod, destination, receiver, start, Int32(arguments.count), method, at: range)
      consumed(start, arguments.count)
      if let skip { nilIfSkipped(skip, destination, at: range) }
      dirty(destination)
    case .callMutating(let target, let symbol, let arguments, let optional):
      if !optional, case .subscripted(let base, let index, false) = target.kind, case .variable = base.kind,
        index.count == 1, index.labels[0] == nil
      {
        // `rows[i].append(x)`: the instruction finds the index after the
        // arguments. As in Swift the index is evaluated first: when the
        // order could show, into a temporary moved there afterwards.
        // (Late only for a literal or a local index, which can neither fail
        // nor change, before arguments that cannot change it.)
        let late = index.values[0].isLiteralOrLocal && arguments.values.allSatisfy(isPure)
        let early = late ? nil : temporary()
        if let early {
          into(index.values[0], early)
          dirty(early)
        }
        let start = self.arguments(arguments)
        let indexRegister = temporary()
        if let early {
          emit(.move, indexRegister, early, at: index.values[0].range)
        } else {
          into(index.values[0], indexRegister)
        }
        lvalues.append(target)
        let method = site(symbol, arguments.labels, optional: optional)
        emit(
          .callMutatingSubscript, destination, Int32(lvalues.count - 1), start, Int32(arguments.count), method,
          at: range)
        consumed(start, arguments.count + 1)
        dirty(destination)
        return
      }
      guard case .variable(let ref) = target.kind else {
        fallback(expr, destination)
        return
      }
      // `list.append(x)` on a local or a global: no argument array.
      if symbol.known == .append, !optional, arguments.count == 1, arguments.labels[0] == nil {
        switch ref {
        case .local(let slot):
          let element = value(arguments.values[0])
          emit(.appendVariable, destination, Int32(slot), element, 0, element >= frameSize ? 1 : 0, at: range)
          return
        case .global(let slot):
          let element = value(arguments.values[0])
          emit(.appendVariable, destination, Int32(slot), element, 1, element >= frameSize ? 1 : 0, at: range)
          return
        case .capture: break
        }
      }
      // `list?.append(f())`: a nil variable gives nil before the arguments
      // are evaluated, as the tree evaluator does.
      var skip: Int?
      if optional {
        let read: CheckedExpr.Kind
        switch ref {
        case .local(let slot): read = .local(slot)
        case .global(let slot): read = .global(slot)
        case .capture(let index): read = .capture(index)
        }
        skip = emit(.jumpIfNil, value(CheckedExpr(read, range: target.range)), 0, at: range)
      }
      let start = self.arguments(arguments)
      lvalues.append(target)
      let method = site(symbol, arguments.labels, optional: optional)
      emit(
        .callMutatingVariable, destination, Int32(lvalues.count - 1), start, Int32(arguments.count), method,
        at: range)
      consumed(start, arguments.count)
      if let skip { nilIfSkipped(skip, destination, at: range) }
      dirty(destination)
    case .subscripted(let base, let arguments, let optional)
    where arguments.count == 1 && arguments.labels[0] == nil && fieldLiteral(arguments.values[0]) != nil
      && !isGlobal(base):
      // `r["y"]`: the key is the literal's box, read by the instruction
      // itself rather than loaded into a register.
      let collection = value(base)
      let skip = optional ? emit(.jumpIfNil, collection, 0, at: range) : nil
      emit(.field, destination, collection, fieldLiteral(arguments.values[0]) ?? 0, at: range)
      if let skip { nilIfSkipped(skip, destination, at: range) }
      dirty(destination)
    case .subscripted(let base, let arguments, let optional)
    where arguments.count == 1 && arguments.labels[0] == nil && !optional && isPure(arguments.values[0]):
      // `xs[i]` on a global: read where it lives, not through a temporary.
      guard case .global(let slot) = base.kind else { fallthrough }
      let index = value(arguments.values[0])
      emit(.subscriptGlobal, destination, Int32(slot), index, at: range)
      dirty(destination)
    case .subscripted(let base, let arguments, let optional)
    where arguments.count == 1 && arguments.labels[0] == nil:
      let collection = operand(base, before: arguments.values)
      let skip = optional ? emit(.jumpIfNil, collection, 0, at: range) : nil
      let index = value(arguments.values[0])
      emit(.subscriptValue, destination, collection, index, at: range)
      if let skip { nilIfSkipped(skip, destination, at: range) }
      dirty(destination)
    case .unary(.negate, let operand):
      // `-1`: a negative literal is a constant. (`-(Int.min)` overflows
      // when it runs, as any negation of Int.min.)
      if case .integer(let number) = operand.kind, number != .min, let immediate = Int32(exactly: -number) {
        emit(.loadInt, destination, immediate, at: range)
        return
      }
      let register = value(operand)
      emit(.unary, destination, register, 0, at: range)
    case .unary(let op, let operand):
      let register = value(operand)
      let opIndex = Int32(UnaryOperator.allCases.firstIndex(of: op) ?? 0)
      emit(.unary, destination, register, opIndex, at: range)
    case .binary(let op, let left, let right):
      binary(op, left, right, destination, at: range)
    case .forceUnwrap(let operand):
      into(operand, destination)
      emit(.checkNotNil, destination, at: range)
    case .ternary(let condition, let then, let otherwise):
      let jumps = branchUnless(condition)
      into(then, destination)
      let end = emit(.jump, at: range)
      for jump in jumps { patch(jump) }
      into(otherwise, destination)
      patch(end)
    case .array(let elements):
      if elements.count > maxCollectionCount {
        emit(.collectionTooLarge, at: range)
        return
      }
      let start = tempTop
      for element in elements { into(element, temporary()) }
      emit(.makeArray, destination, start, Int32(elements.count), at: range)
      dirty(destination)
    case .dictionary(let keys, let values) where recordKeys(keys) != nil:
      // Values in order into consecutive temporaries, each checked for
      // depth where the tree evaluator checks it (before the next value).
      let start = tempTop
      for (position, value) in values.enumerated() {
        let register = temporary()
        into(value, register)
        if position < values.count - 1 && !isShallow(value) { emit(.checkNesting, register, at: range) }
      }
      let shape = (recordKeys(keys) ?? []).map { key in
        Value.string(literalBox(key.literal) ?? StringBox(key.text))
      }
      shapes.append(shape)
      emit(.makeRecord, destination, start, Int32(values.count), Int32(shapes.count - 1), at: range)
      dirty(destination)
    case .dictionary(let keys, let values):
      emit(.makeDictionary, destination, Int32(keys.count), at: range)
      for (key, value) in zip(keys, values) {
        let pairMark = tempTop
        // As in Swift (and the tree evaluator): the key first, then the value.
        let keyRegister = operand(key, before: [value])
        let valueRegister = self.value(value)
        emit(.dictionaryInsert, destination, valueRegister, keyRegister, at: range)
        tempTop = pairMark
      }
      dirty(destination)
    case .closure(let function):
      emit(.makeClosure, destination, child(function), at: range)
    default:
      fallback(expr, destination)
    }
  }

  /// A call's arguments are gone once it returns (a script callee clears
  /// its frame, which starts at them; native calls take them out), so they
  /// need no clearing when they were all that was dirty.
  private mutating func consumed(_ start: Int32, _ count: Int) {
    if dirtyLow >= start && dirtyHigh < start + Int32(count) {
      dirtyLow = .max
      dirtyHigh = 0
    }
  }

  /// After an optional call or subscript: the skipped path gives nil.
  private mutating func nilIfSkipped(_ skip: Int, _ destination: Int32, at range: SourceRange) {
    let end = emit(.jump, at: range)
    patch(skip)
    emit(.loadNil, destination, at: range)
    patch(end)
  }

  /// An expression the tree evaluator computes, on this frame.
  private mutating func fallback(_ expr: CheckedExpr, _ destination: Int32) {
    expressions.append(expr)
    emit(.evalTree, destination, Int32(expressions.count - 1), at: expr.range)
    dirty(destination)
  }

  /// Evaluates call arguments into consecutive temporaries; returns the
  /// first. A script callee's frame starts there, so its parameters are
  /// already in place.
  private mutating func arguments(_ arguments: CheckedArguments) -> Int32 {
    let start = tempTop
    for value in arguments.values { into(value, temporary()) }
    return start
  }

  private mutating func binary(
    _ op: BinaryOperator, _ left: CheckedExpr, _ right: CheckedExpr, _ destination: Int32,
    at range: SourceRange
  ) {
    switch op {
    case .and, .or:
      // The destination holds the left side; when that decides, it is the result.
      into(left, destination)
      let jump = emit(op == .and ? .jumpIfFalse : .jumpIfTrue, destination, 0, at: left.range)
      into(right, destination)
      emit(.checkBool, destination, at: right.range)
      patch(jump)
    case .nilCoalescing:
      into(left, destination)
      let jump = emit(.jumpIfNotNil, destination, 0, at: range)
      into(right, destination)
      patch(jump)
      dirty(destination)
    default:
      guard registerOpcode(op) != nil || op == .identical || op == .notIdentical else {
        // An operator this compiler does not know: the tree evaluator's.
        fallback(CheckedExpr(.binary(op, left, right), range: range), destination)
        return
      }
      if op == .add, case .string(let text, _) = left.kind,
        case .callBuiltin(.string, let arguments) = right.kind, arguments.count == 1,
        arguments.labels[0] == nil
      {
        // `"n" + String(i)`: for an Int, one string made at once; otherwise
        // the general instructions after it, with their errors and ranges.
        let number = value(arguments.values[0])
        prefixes.append(Array(text.utf8))
        let fast = emit(.prefixedDecimal, destination, number, 0, 0, Int32(prefixes.count - 1), at: range)
        let a = temporary()
        into(left, a)
        let b = temporary()
        emit(.stringOf, b, number, at: right.range)
        emit(.add, destination, a, b, 0, 3, at: range)
        dirty(destination)
        instructions[fast].d = here
        return
      }
      if case .integer(let number) = right.kind, let immediate = Int32(exactly: number),
        let opcode = immediateOpcode(op)
      {
        let register = value(left)
        emit(opcode, destination, register, immediate, at: range)
        return
      }
      let a = operand(left, before: [right])
      let b = value(right)
      if let opcode = registerOpcode(op) {
        // A side in a temporary of its own dies here: `+` may reuse its string.
        let dying = (a >= frameSize ? 1 : 0) | (b >= frameSize && b != a ? 2 : 0)
        emit(opcode, destination, a, b, 0, op == .add ? Int32(dying) : 0, at: range)
        // `+` joins strings and arrays: a new value, but one a variable may take.
        if op == .add { dirty(destination) }
      } else {
        emit(.binaryOther, destination, a, b, op == .identical ? 0 : 1, at: range)
      }
    }
  }

  private func registerOpcode(_ op: BinaryOperator) -> Opcode? {
    switch op {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .remainder: .remainder
    case .less: .less
    case .lessEqual: .lessEqual
    case .greater: .greater
    case .greaterEqual: .greaterEqual
    case .equal: .equal
    case .notEqual: .notEqual
    default: nil
    }
  }

  private func immediateOpcode(_ op: BinaryOperator) -> Opcode? {
    switch op {
    case .add: .addInt
    case .subtract: .subtractInt
    case .multiply: .multiplyInt
    case .divide: .divideInt
    case .remainder: .remainderInt
    case .less: .lessInt
    case .lessEqual: .lessEqualInt
    case .greater: .greaterInt
    case .greaterEqual: .greaterEqualInt
    case .equal: .equalInt
    case .notEqual: .notEqualInt
    default: nil
    }
  }
}

extension CheckedExpr {
  /// A literal or a local's value: nothing to evaluate, nothing to fail.
  var isLiteralOrLocal: Bool {
    switch kind {
    case .integer, .double, .string, .bool, .nilLiteral, .local: true
    default: false
    }
  }
}
