import DndSyntax

/// Default parameter values, `func f(x: Int, y: Int = 2)`, and how a call's
/// arguments meet a script function's parameters.
///
/// Each default value becomes a hidden global function without parameters,
/// checked where its function is declared but out of sight of every local
/// variable and parameter (in Swift a default cannot use the other
/// parameters either), so that it means the same at every call. A call that
/// leaves the argument out calls it: the value is computed afresh at each
/// such call, as in Swift, and the callee always receives every argument,
/// so neither the compiled path nor the tree evaluator needs to know about
/// defaults. A function used as a value (`let g = f`) loses its defaults, as
/// in Swift.
extension Checker {
  /// The hidden globals for `decl`'s default values, one per parameter (nil
  /// without a default); given once, when the function is first declared,
  /// so that calls checked before the declaration can use them.
  mutating func reserveDefaultValueSlots(_ decl: FuncDecl) -> [Int?] {
    if let slots = defaultValueSlots[decl.range.start] { return slots }
    guard decl.parameters.contains(where: { $0.defaultValue != nil }) else { return [] }
    let slots = decl.parameters.map { parameter -> Int? in
      guard parameter.defaultValue != nil else { return nil }
      var info = GlobalInfo(
        name: "default value of '\(parameter.name.text)' in '\(decl.name.text)'", kind: .function,
        range: parameter.range)
      info.isHidden = true
      return appendGlobal(info)
    }
    defaultValueSlots[decl.range.start] = slots
    return slots
  }

  /// Checks the default values of `decl`'s parameters, each as the body of
  /// its hidden function. A delegate method's parameters take none: UIKit
  /// passes every argument.
  mutating func checkDefaultValues(_ decl: FuncDecl, kind: FunctionCode.Kind, selfSlot: Int?) {
    guard decl.parameters.contains(where: { $0.defaultValue != nil }) else { return }
    if kind == .handler {
      for case let value? in decl.parameters.map(\.defaultValue) {
        report(.defaultValueInHandler(decl.name.text), at: value.range)
      }
      return
    }
    let slots = reserveDefaultValueSlots(decl)
    for (parameter, slot) in zip(decl.parameters, slots) {
      guard let value = parameter.defaultValue, let slot else { continue }
      var context = FunctionContext(
        name: decl.name.text, kind: .function, selfSlot: selfSlot ?? functions.last?.selfSlot)
      context.isolatedFrom = decl.parameters.map(\.name.text)
      functions.append(context)
      pushScope()
      let checked = checkExpr(value)
      let body = closeBlock([CheckedStmt(.returnStatement(checked), range: value.range)])
      let finished = functions.removeLast()
      let code = FunctionCode(
        name: decl.name.text, kind: .function, parameterNames: [], frameSize: finished.frameSize,
        captures: finished.captures, body: body, range: value.range)
      globalFunctions.append(GlobalFunction(slot: slot, code: code))
    }
  }

  /// A name a default value cannot see, though it is declared: a parameter
  /// or a local variable around the function. Reported as such; false when
  /// the name is unknown for another reason.
  mutating func reportNameOutOfDefaultValue(_ name: String, at range: SourceRange) -> Bool {
    guard let isolated = functions.lastIndex(where: \.isIsolated) else { return false }
    let isParameter = functions[isolated].isolatedFrom?.contains(name) == true
    let isLocal = functions[..<isolated].contains { function in
      function.findLocal(name) != nil || function.scopes.contains { $0.pending.contains(name) }
    }
    guard isParameter || isLocal else { return false }
    report(.defaultValueUsesLocal(name, isParameter: isParameter), at: range)
    return true
  }

  /// The arguments of a call to a script function, in the order of its
  /// parameters, with a call of the default value for each one left out.
  ///
  /// As in Swift, arguments go to parameters in order; a label, when
  /// written, is the parameter's name. A parameter with a default is
  /// skipped when the next argument is labelled for a later parameter, or
  /// is a trailing closure that a later parameter without a default needs.
  /// A mistake is reported, and the arguments are kept as written.
  mutating func matchArguments(
    _ name: String, declaration: RefusedLabel.Declaration, parameters: [String], defaults: [Int?],
    arguments: [Argument], checked: CheckedArguments, range: SourceRange
  ) -> CheckedArguments {
    let defaultSlot = { (index: Int) -> Int? in index < defaults.count ? defaults[index] : nil }
    let required = parameters.indices.filter { defaultSlot($0) == nil }.count
    var values: [CheckedExpr] = []
    var next = 0
    var complete = true
    var missing: String?
    for (index, parameter) in parameters.enumerated() {
      guard next < arguments.count else {
        guard let slot = defaultSlot(index) else {
          complete = false
          missing = parameter
          break
        }
        values.append(CheckedExpr(.callGlobal(slot, CheckedArguments(values: [], labels: [])), range: range))
        continue
      }
      let argument = arguments[next]
      let label = argument.isTrailingClosure ? nil : argument.label
      let later = parameters[(index + 1)...]
      if let label, label.text != parameter, later.contains(label.text),
        let written = arguments[(next + 1)...].first(where: { $0.label?.text == parameter })?.label
      {
        report(.argumentOrder(parameter, before: label.text, function: name), at: written.range)
        return checked
      }
      if let slot = defaultSlot(index) {
        let laterRequired = later.indices.filter { defaultSlot($0) == nil }.count
        let skipForLabel = label.map { $0.text != parameter && later.contains($0.text) } ?? false
        let skipForClosure = argument.isTrailingClosure && laterRequired >= arguments.count - next
        if skipForLabel || skipForClosure {
          values.append(CheckedExpr(.callGlobal(slot, CheckedArguments(values: [], labels: [])), range: range))
          continue
        }
      }
      if let label, label.text != parameter, later.contains(label.text) {
        // The argument for `parameter` is missing.
        complete = false
        missing = parameter
        break
      } else if let label, label.text != parameter,
        !refusedLabels.contains(RefusedLabel(function: declaration, label: label.text, parameter: parameter))
      {
        report(
          .argumentLabelMismatch(label.text, function: name, parameters: parameters), at: label.range,
          fixIts: [Diagnostic.FixIt(range: label.range, replacement: parameter)])
      }
      values.append(checked.values[next])
      next += 1
    }
    guard complete, next == arguments.count else {
      // A count that fits but leaves a parameter without a value
      // (`f(5)` for `f(x: Int = 1, y: Int)`): name the parameter, since
      // "takes 1 to 2 arguments, but 1 was given" would contradict itself.
      if let missing, arguments.count >= required, arguments.count <= parameters.count {
        report(.missingArgument(name, parameter: missing, parameters: parameters), at: range)
        return checked
      }
      let count =
        required == parameters.count
        ? "\(required) argument\(required == 1 ? "" : "s")" : "\(required) to \(parameters.count) arguments"
      report(.wrongArgumentCount(name, expected: count, found: arguments.count), at: range)
      return checked
    }
    return CheckedArguments(values: values, labels: Array(repeating: nil, count: values.count))
  }
}

/// A parameter's argument label that its declaration wrote and the checker
/// refused there (`at` in `func dragItems(at indexPath)`).
struct RefusedLabel: Hashable {
  /// The function's declaration, so that another of the same name is not
  /// excused: a global's slot, or where a local function is declared.
  enum Declaration: Hashable {
    case global(Int)
    case local(UInt32)
  }

  var function: Declaration
  var label: String
  var parameter: String
}
