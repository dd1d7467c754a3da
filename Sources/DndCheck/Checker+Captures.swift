import DndSyntax

// Capture lists. `{ [count] in print(count) }` copies `count` when the
// closure is made, as Swift does: later changes to the variable are not seen
// inside, and the closure's own copy is a constant. The checker reads such a
// closure as a closure that takes the captured names as parameters, called at
// once with the variables' current values and returning the written closure:
//
//     ({ count in { print(count) } })(count)
//
// Each call makes fresh locals, so every closure made has copies of its own,
// and neither the interpreter nor the compiler needs to know about captures.
//
// `weak` and `unowned` change nothing (choice): no script value is freed
// while anything refers to it, so a weak capture can never turn nil; the
// variable is copied as any other. `self` is never copied: in a handler it is
// the view the handler belongs to, which cannot change, so `[weak self]`
// only documents, as it does in most UIKit code.

extension Checker {
  /// The closure's checked form when its capture list copies variables, or
  /// nil when it copies none (no list, or only `self`).
  mutating func checkCapturingClosure(_ closure: Closure, range: SourceRange) -> CheckedExpr? {
    guard !closure.captures.isEmpty else { return nil }
    var copied: [CaptureItem] = []
    for item in closure.captures {
      if item.name.text == "self" {
        // Checked for its diagnostics only: `self` outside a handler is an error here too.
        _ = checkExpr(Expr(.selfReference, range: item.name.range))
      } else {
        copied.append(item)
      }
    }
    guard !copied.isEmpty else { return nil }
    var written = closure
    written.captures = []
    let inner = Expr(.closure(written), range: range)
    let maker = Closure(
      parameters: copied.map { Parameter(name: $0.name, type: nil, range: $0.range) },
      hasParameterClause: true,
      body: Block(statements: [Stmt(.expression(inner), range: range)], range: range))
    let arguments = copied.map { Argument(label: nil, value: Expr(.identifier($0.name.text), range: $0.name.range)) }
    return checkExpr(Expr(.call(callee: Expr(.closure(maker), range: range), arguments: arguments), range: range))
  }
}
