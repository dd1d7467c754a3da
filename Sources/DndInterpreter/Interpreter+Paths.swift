import DndCheck
import DndSyntax

/// Assignment through paths, with Swift's value semantics.
///
/// `modify` takes the value at a path out of its variable (leaving nil
/// behind, so that the value is uniquely referenced and can change in
/// place), lets the caller change it, and puts it back, recursing through
/// members and subscripts: `model[i].tags.append(t)` reads `model`, changes
/// element `i`'s `tags` in place, and writes `model` back, copying only what
/// is shared. Reference objects (views, sessions) are never taken out of
/// their variable: native code changing them may call back into the script,
/// which must still see them.
///
/// As in Swift, a target is evaluated before the value on the right: its
/// base first, then its subscripts, left to right (`resolve`). A nil
/// optional link in it (`a?.b = f()`, `d["k"]?.append(f())`) ends the
/// statement there, so nothing to its right is evaluated: not the rest of
/// the target, not the value, not the arguments. A force unwrap (`x!`) is
/// checked later, when the write happens, as Swift does for a value.
extension Interpreter {
  /// An assignment's target with its subscripts evaluated: the checked
  /// path, the arguments of its subscripts (the one nearest the variable
  /// first) and, for a path rooted in an expression, that expression's
  /// value. A path without subscripts allocates nothing.
  struct ResolvedTarget {
    var path: CheckedLValue
    var indices: [Arguments] = []
    var root: Value = .nil
    /// The last reference object (a view, a session) the path passed
    /// through, and the depth of the part that held it (see `depth`):
    /// Swift reads a class instance's reference when it evaluates the
    /// target, so `v.alpha = { v = w; return 0.5 }()` sets the first view.
    var anchor: (depth: Int, object: NativeObject)?
  }

  /// Evaluates `target`'s subscripts, base first; nil when an optional
  /// link in it is nil (the statement then does nothing more).
  func resolve(_ target: CheckedLValue, _ frame: Frame) throws -> ResolvedTarget? {
    var resolved = ResolvedTarget(path: target)
    guard try resolve(target, into: &resolved, frame) else { return nil }
    return resolved
  }

  /// Resolves `lvalue`, a part of `resolved.path`; false at a nil link.
  private func resolve(_ lvalue: CheckedLValue, into resolved: inout ResolvedTarget, _ frame: Frame) throws
    -> Bool
  {
    switch lvalue.kind {
    case .variable:
      return true
    case .member(let base, _, let optional):
      guard try resolve(base, into: &resolved, frame) else { return false }
      if optional {
        let object = try read(base, resolved, frame)
        if object.isNil { return false }
        anchor(object, at: base, in: &resolved)
      } else if let object = try? read(base, resolved, frame) {
        // A read that fails (an index out of range) fails again at the
        // write, after the value, as it does in Swift for a value.
        anchor(object, at: base, in: &resolved)
      }
      return true
    case .subscripted(let base, let arguments, let optional):
      guard try resolve(base, into: &resolved, frame) else { return false }
      if optional, try read(base, resolved, frame).isNil { return false }
      if arguments.count == 2 {
        // `d[k, default: v]`: `v` only for a missing key (see `subscriptArguments`).
        resolved.indices.append(try subscriptArguments(arguments, of: read(base, resolved, frame), frame))
      } else {
        resolved.indices.append(try evalArguments(arguments, frame))
      }
      return true
    case .tupleElement(let base, _), .forceUnwrap(let base):
      // Swift checks a force unwrap when the write happens, after the value
      // (`maybe!.append(f())` runs `f()`, then fails on nil).
      return try resolve(base, into: &resolved, frame)
    case .value(let expr):
      resolved.root = try eval(expr, frame)
      return true
    }
  }

  /// The value now at `lvalue`, a resolved part of `resolved.path` (read
  /// to see whether an optional link is nil).
  func read(_ lvalue: CheckedLValue, _ resolved: ResolvedTarget, _ frame: Frame) throws -> Value {
    // Below a view read already, the path goes on from that view, not from
    // what its variable holds now (an index may have changed it).
    if let object = anchored(lvalue, resolved) { return .object(object) }
    switch lvalue.kind {
    case .variable(.local(let slot)): return frame.base[slot]
    case .variable(.capture(let index)): return frame.captures[index].current
    case .variable(.global(let slot)): return globals[slot]
    case .member(let base, let symbol, let optional):
      let object = try read(base, resolved, frame)
      if optional && object.isNil { return .nil }
      return try member(of: object, symbol, at: lvalue.range)
    case .subscripted(let base, _, let optional):
      let collection = try read(base, resolved, frame)
      if optional && collection.isNil { return .nil }
      return try subscriptGet(collection, resolved.indices[Self.subscriptCount(base)], at: lvalue.range)
    case .tupleElement(let base, let position):
      return try tupleElement(of: read(base, resolved, frame), position, at: lvalue.range)
    case .forceUnwrap(let base):
      let value = try read(base, resolved, frame)
      if value.isNil { throw RuntimeError(.unwrappedNil, at: lvalue.range) }
      return value
    case .value:
      return resolved.root
    }
  }

  /// Notes `value`, read at `base`, as the target's anchor if it is a
  /// reference object.
  private func anchor(_ value: Value, at base: CheckedLValue, in resolved: inout ResolvedTarget) {
    if case .object(let object) = value, !object.isValueType { resolved.anchor = (Self.depth(base), object) }
  }

  /// How many parts `lvalue` has below it (a variable or a value: none).
  static func depth(_ lvalue: CheckedLValue) -> Int {
    switch lvalue.kind {
    case .variable, .value: return 0
    case .member(let base, _, _), .subscripted(let base, _, _), .tupleElement(let base, _), .forceUnwrap(let base):
      return depth(base) + 1
    }
  }

  /// The reference object the target holds at `base`, read when it was
  /// resolved, if any.
  private func anchored(_ base: CheckedLValue, _ resolved: ResolvedTarget) -> NativeObject? {
    guard let anchor = resolved.anchor, anchor.depth == Self.depth(base) else { return nil }
    return anchor.object
  }

  /// How many subscripts `lvalue` has: the position of the arguments of
  /// the subscript applied to it in `ResolvedTarget.indices`.
  static func subscriptCount(_ lvalue: CheckedLValue) -> Int {
    switch lvalue.kind {
    case .variable, .value: return 0
    case .subscripted(let base, _, _): return subscriptCount(base) + 1
    case .member(let base, _, _), .tupleElement(let base, _), .forceUnwrap(let base): return subscriptCount(base)
    }
  }

  func storeVariable(_ ref: VariableRef, _ value: Value, _ frame: Frame) {
    switch ref {
    case .local(let slot): frame.base[slot] = value
    case .capture(let index): frame.captures[index].current = value
    case .global(let slot): globals[slot] = value
    }
  }

  /// `target op= value`
  func assign(_ target: CheckedLValue, _ op: AssignmentOperator, _ value: CheckedExpr, _ frame: Frame) throws
  {
    guard let place = try resolve(target, frame) else { return }
    let operand = try eval(value, frame)
    if op == .assign {
      try store(place, operand, frame)
      return
    }
    let range = target.range.union(value.range)
    // A variable is updated where it lives: no closure, no path.
    if case .variable(let ref) = place.path.kind, let slot = variablePointer(ref, frame) {
      try update(&slot.pointee, op, operand, at: range)
      return
    }
    try modify(place, frame) { current in
      try self.update(&current, op, operand, at: range)
    }
  }

  /// Where a variable's value is stored, when it is in memory the
  /// interpreter may change in place: a stack slot (a local, or an open
  /// capture) or a global. Nil for a closed capture, whose value is a
  /// field of its cell.
  @inline(__always)
  func variablePointer(_ ref: VariableRef, _ frame: Frame) -> UnsafeMutablePointer<Value>? {
    switch ref {
    case .local(let slot): return frame.base + slot
    case .global(let slot): return globals + slot
    case .capture(let index): return frame.captures[index].slot
    }
  }

  /// `current op= operand`, appending in place to a string or an array
  /// that is not shared.
  func update(
    _ current: inout Value, _ op: AssignmentOperator, _ operand: Value, at range: SourceRange
  )
    throws
  {
    if case .int(let a) = current, case .int(let b) = operand {
      let result: (partialValue: Int, overflow: Bool)
      switch op {
      case .add: result = a.addingReportingOverflow(b)
      case .subtract: result = a.subtractingReportingOverflow(b)
      case .multiply: result = a.multipliedReportingOverflow(by: b)
      default: result = (0, true)
      }
      // Overflow, division and remainder take the generic path below.
      if !result.overflow {
        current = .int(result.partialValue)
        return
      }
    }
    // `if case` on each side rather than a `switch` on the pair: the pair
    // would be a second reference, and the append would copy every time.
    if op == .add, case .string(let piece) = operand, case .string = current {
      try appendString(&current, piece.value, at: range)
      return
    }
    if op == .add, case .array(let more) = operand, case .array(var elements) = current {
      try checkCount(elements.count + more.count, at: range)
      current = .nil
      elements.append(contentsOf: more)
      current = .array(elements)
      return
    }
    let binary: BinaryOperator
    switch op {
    case .add: binary = .add
    case .subtract: binary = .subtract
    case .multiply: binary = .multiply
    case .divide: binary = .divide
    case .remainder: binary = .remainder
    case .assign: binary = .add
    }
    current = try arithmetic(binary, current, operand, at: range)
  }

  /// Appends to a string value in place when its box is not shared.
  func appendString(_ target: inout Value, _ piece: String, at range: SourceRange?) throws {
    guard case .string(var box) = target else { return }
    try checkLength(box.value.utf8.count + piece.utf8.count, at: range)
    target = .nil
    if !isKnownUniquelyReferenced(&box) { box = StringBox(box.value) }
    box.value += piece
    target = .string(box)
  }

  /// `target = value`, the target evaluated after the value: the
  /// instruction loop's order, which it uses only where no one can tell
  /// (see `FunctionCompiler.isMemberPath`).
  func store(_ target: CheckedLValue, _ value: Value, _ frame: Frame) throws {
    guard let place = try resolve(target, frame) else { return }
    try store(place, value, frame)
  }

  /// `resolved = value`
  func store(_ resolved: ResolvedTarget, _ value: Value, _ frame: Frame) throws {
    let path = resolved.path
    let range = path.range
    switch path.kind {
    case .variable(let ref):
      storeVariable(ref, value, frame)
    case .member(let base, let symbol, let optional):
      // `view.text = x`: the view read when the target was resolved is set directly.
      if let object = anchored(base, resolved) {
        try setMember(of: object, symbol, to: value, at: range)
        return
      }
      try modify(base, resolved, frame) { object in
        if optional && object.isNil { return }
        try self.setMember(of: &object, symbol, to: value, at: range)
      }
    case .subscripted(let base, _, let optional):
      let index = resolved.indices[Self.subscriptCount(base)]
      try checkNesting(value, at: range)
      try checkNesting(index.values, at: range)
      try modify(base, resolved, frame) { collection in
        if optional && collection.isNil { return }
        try self.modifySubscript(&collection, index, at: range) { $0 = value }
      }
    case .tupleElement(let base, let position):
      try checkNesting(value, at: range)
      try modify(base, resolved, frame) { tuple in
        try self.replaceTupleElement(&tuple, position, with: value, at: range)
      }
    case .forceUnwrap(let base):
      // `x! = v`, as in Swift, only replaces a value that is there.
      try modify(base, resolved, frame) { current in
        if current.isNil { throw RuntimeError(.unwrappedNil, at: range) }
        current = value
      }
    case .value:
      throw RuntimeError(.cannotSetMember("this expression", type: "a value"), at: range)
    }
  }

  /// Changes the value at a path in place (see the extension's comment).
  func modify(_ target: CheckedLValue, _ frame: Frame, _ body: (inout Value) throws -> Void) throws {
    guard let place = try resolve(target, frame) else { return }
    try modify(place, frame, body)
  }

  /// Changes the value at `resolved` in place.
  func modify(_ resolved: ResolvedTarget, _ frame: Frame, _ body: (inout Value) throws -> Void) throws {
    try modify(resolved.path, resolved, frame, body)
  }

  /// Changes the value at `lvalue`, a resolved part of `resolved.path`.
  private func modify(
    _ lvalue: CheckedLValue, _ resolved: ResolvedTarget, _ frame: Frame, _ body: (inout Value) throws -> Void
  ) throws {
    let range = lvalue.range
    switch lvalue.kind {
    case .variable(.local(let slot)):
      try modifySlot(frame.base + slot, body)
    case .variable(.capture(let index)):
      let cell = frame.captures[index]
      if let slot = cell.slot {
        try modifySlot(slot, body)
      } else {
        // Swapped out rather than passed inout: the body may run script code
        // that reads the cell, which an inout access would forbid.
        var value = Value.nil
        swap(&value, &cell.value)
        defer { cell.value = value }
        try body(&value)
      }
    case .variable(.global(let slot)):
      if case .object(let object) = globals[slot], !object.isValueType {
        var value = globals[slot]
        try body(&value)
        if !isSameObject(value, object) { globals[slot] = value }
        return
      }
      var value = Value.nil
      swap(&value, &globals[slot])
      defer { globals[slot] = value }
      try body(&value)
    case .member(let base, let symbol, let optional):
      if let object = anchored(base, resolved) {
        var value = try member(of: .object(object), symbol, at: range)
        let before = value
        try body(&value)
        if isSameReference(before, value) { return }
        try setMember(of: object, symbol, to: value, at: range)
        return
      }
      try modify(base, resolved, frame) { object in
        if optional && object.isNil { return }
        var value = try self.member(of: object, symbol, at: range)
        let before = value
        try body(&value)
        // A change made through a reference (`session.items[0].localObject = x`)
        // leaves the member itself as it was: as in Swift, nothing is written
        // back, so a read-only member holding references still works.
        if self.isSameReference(before, value) { return }
        try self.setMember(of: &object, symbol, to: value, at: range)
      }
    case .subscripted(let base, _, let optional):
      let index = resolved.indices[Self.subscriptCount(base)]
      try modify(base, resolved, frame) { collection in
        if optional && collection.isNil { return }
        try self.modifySubscript(&collection, index, at: range, body)
      }
    case .tupleElement(let base, let position):
      try modify(base, resolved, frame) { tuple in
        var element = try self.tupleElement(of: tuple, position, at: range)
        try body(&element)
        try self.replaceTupleElement(&tuple, position, with: element, at: range)
      }
    case .forceUnwrap(let base):
      try modify(base, resolved, frame) { value in
        if value.isNil { throw RuntimeError(.unwrappedNil, at: range) }
        try body(&value)
      }
    case .value:
      var value = resolved.root
      try body(&value)
    }
  }

  private func modifySlot(_ slot: UnsafeMutablePointer<Value>, _ body: (inout Value) throws -> Void) throws {
    if case .object(let object) = slot.pointee, !object.isValueType {
      var value = slot.pointee
      try body(&value)
      if !isSameObject(value, object) { slot.pointee = value }
      return
    }
    var value = Value.nil
    swap(&value, &slot.pointee)
    defer { slot.pointee = value }
    try body(&value)
  }

  /// True if `after` is `before` unchanged where only references can have
  /// changed: the same reference object, or an array of the same reference
  /// objects.
  private func isSameReference(_ before: Value, _ after: Value) -> Bool {
    switch (before, after) {
    case (.object(let a), .object(let b)): return a === b && !a.isValueType
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      for (x, y) in zip(a, b) {
        guard case .object(let p) = x, case .object(let q) = y, p === q, !p.isValueType else { return false }
      }
      return true
    default: return false
    }
  }

  private func isSameObject(_ value: Value, _ object: NativeObject) -> Bool {
    if case .object(let other) = value { return other === object }
    return false
  }

  /// The object in `value`, copied first if it is a value type that is
  /// shared, so that changing it does not change the other holders.
  func uniqueObject(_ value: inout Value) -> NativeObject? {
    guard case .object(var object) = value else { return nil }
    guard object.isValueType else { return object }
    value = .nil
    if !isKnownUniquelyReferenced(&object) { object = object.copy() }
    value = .object(object)
    return object
  }

  private func replaceTupleElement(
    _ tuple: inout Value, _ position: Int, with element: Value, at range: SourceRange
  )
    throws
  {
    guard case .tuple(let box) = tuple, position < box.elements.count else {
      throw RuntimeError(.unknownMember(String(position), type: tuple.typeName), at: range)
    }
    var elements = box.elements
    elements[position] = element
    tuple = .tuple(TupleBox(elements, labels: box.labels))
  }
}
