import DndSyntax

/// A handler whose returned value is plainly not what UIKit's method
/// returns: `canHandle` answering with a proposal, `sessionDidUpdate` with
/// `.copy`, `itemsForBeginning` with one item rather than an array of them.
///
/// The language is dynamically typed, so only values whose type the syntax
/// shows are judged (literals, `.copy`, a builtin type's initializer); the
/// binding checks everything else when the handler returns
/// (DelegateBinding.swift). Each message says what UIKit expects and how to
/// write it, since these are the slips of someone learning the API.
extension Checker {
  /// What a returned expression plainly is.
  enum ObviousValue {
    case bool, string, number, nilLiteral, dictionary, closure, tuple
    case array([Expr])
    /// `.copy`, `.move`, `.cancel`, `.forbidden`.
    case operation(String)
    /// `UIDropProposal(...)`: a builtin type's initializer.
    case made(Builtin)

    /// As a message names it: "a Bool", "a UIDropProposal".
    var description: String {
      switch self {
      case .bool: "a Bool"
      case .string: "a String"
      case .number: "a number"
      case .nilLiteral: "nil"
      case .dictionary: "a dictionary"
      case .closure: "a closure"
      case .tuple: "a tuple"
      case .array: "an array"
      case .operation(let name): "the operation '.\(name)' alone"
      case .made(let builtin):
        // "an NSItemProvider", "an Int", "a UIDragItem".
        (["NS", "In", "An", "Ar"].contains { builtin.spelling.hasPrefix($0) } ? "an " : "a ") + builtin.spelling
      }
    }
  }

  static let operationNames: Set<String> = ["copy", "move", "cancel", "forbidden"]

  static func obviousValue(_ expr: Expr) -> ObviousValue? {
    switch expr.kind {
    case .bool: return .bool
    case .string: return .string
    case .integer, .double: return .number
    case .nilLiteral: return .nilLiteral
    case .dictionary: return .dictionary
    case .closure: return .closure
    case .tuple: return .tuple
    case .array(let elements): return .array(elements)
    case .unary(.not, _): return .bool
    case .binary(let op, _, _):
      switch op {
      case .equal, .notEqual, .identical, .notIdentical, .less, .lessEqual, .greater, .greaterEqual, .and, .or:
        return .bool
      default: return nil
      }
    case .implicitMember(let name) where operationNames.contains(name.text): return .operation(name.text)
    // `UIDropOperation.copy`, spelled out.
    case .member(let base, let name, false) where operationNames.contains(name.text):
      guard case .identifier("UIDropOperation") = base.kind else { return nil }
      return .operation(name.text)
    case .call(let callee, let arguments, _):
      guard case .identifier(let name) = callee.kind, let builtin = Builtin.named(name), builtin.kind == .type
      else { return nil }
      switch builtin {
      // `Array(repeating: item, count: 3)` is an array of its one element;
      // `Array(other)` holds whatever `other` does.
      case .array:
        guard arguments.count == 2, arguments[0].label?.text == "repeating" else { return nil }
        return .array([arguments[0].value])
      case .dictionary: return .dictionary
      default: return .made(builtin)
      }
    default: return nil
    }
  }

  /// Reports each `return` (or single expression) of a handler whose value
  /// cannot be what UIKit's method returns.
  mutating func checkHandlerResults(_ decl: FuncDecl, method: DelegateMethod) {
    guard decl.returnType == nil, case .required(let expected) = method.result else { return }
    let statements = decl.body.statements
    var values: [Expr] = []
    if statements.count == 1, case .expression(let expr) = statements[0].kind {
      values = [expr]
    } else {
      values = Checker.returns(in: statements).compactMap(\.value)
    }
    for value in values {
      let expr = Checker.unparenthesized(value)
      guard let found = Checker.obviousValue(expr),
        let advice = Checker.advice(for: found, expected: expected, handler: decl.name.text)
      else { continue }
      report(
        .handlerReturnsWrongValue(
          decl.name.text, uikit: method.uikitName, expected: expected, found: found.description,
          advice: advice.text),
        at: expr.range,
        fixIts: advice.wrap.flatMap { $0(file.text(expr.range)) }.map {
          [Diagnostic.FixIt(range: expr.range, replacement: $0)]
        } ?? [])
    }
  }

  /// Why `found` is wrong where UIKit expects `expected`, and how to wrap
  /// the value to make it right (given its source text; the wrap gives nil
  /// when the wrapped text would be refused in turn); nil when it may be
  /// right, or when the handler is not one judged here.
  static func advice(for found: ObviousValue, expected: String, handler: String)
    -> (text: String, wrap: ((String) -> String?)?)?
  {
    switch expected {
    case "a Bool":
      switch found {
      case .bool: return nil
      case .made(.bool): return nil
      case .made(.uiDropProposal), .operation:
        return (
          "'\(handler)' only says yes or no, as in 'session.canLoadObjects(ofClass: String.self)'; "
            + "the operation is the answer of sessionDidUpdate, which UIKit asks next", nil
        )
      default: return ("return true or false, or a test such as 'session.items.count == 1'", nil)
      }
    case "a UIDropProposal":
      switch found {
      case .made(.uiDropProposal): return nil
      case .made(let builtin) where builtin.spelling.hasSuffix("DropProposal"): return nil
      case .operation(let name):
        return ("wrap the operation in a proposal: 'UIDropProposal(operation: .\(name))'", {
          "UIDropProposal(operation: \($0))"
        })
      case .bool:
        return (
          "answer with an operation: 'UIDropProposal(operation: .copy)' to take the drop, "
            + "'.forbidden' or '.cancel' to refuse it", nil
        )
      default: return ("return 'UIDropProposal(operation: ...)' with .copy, .move, .forbidden or .cancel", nil)
      }
    case "an array of UIDragItems":
      switch found {
      case .array(let elements):
        // `[provider]`: each element must be a drag item.
        for element in elements {
          if case .made(.nsItemProvider)? = obviousValue(unparenthesized(element)) {
            return ("each element must be a drag item: 'UIDragItem(itemProvider: ...)' around the provider", nil)
          }
        }
        return nil
      case .made(.uiDragItem):
        return ("put the item in an array: '[UIDragItem(...)]' (return [] to drag nothing)", { "[\($0)]" })
      case .made(.nsItemProvider):
        return (
          "wrap the provider in a drag item, and that in an array: '[UIDragItem(itemProvider: ...)]'",
          { "[UIDragItem(itemProvider: \($0))]" }
        )
      case .nilLiteral: return ("return [] to drag nothing (UIKit's method does not return nil)", { _ in "[]" })
      default: return ("return an array of drag items, such as '[UIDragItem(itemProvider: provider)]'", nil)
      }
    case "a UITableViewDropProposal", "a UICollectionViewDropProposal":
      // A list's drop delegate answers with its own proposal, which also says where the items go.
      let type = String(expected.dropFirst(2))
      switch found {
      case .made(.uiDropProposal):
        return (
          "a \(type.hasPrefix("UITable") ? "table" : "collection") view's drop delegate answers with '\(type)"
            + "(operation: .copy, intent: ...)', whose intent says where the items go",
          { type + $0.dropFirst("UIDropProposal".count) }
        )
      case .operation(let name):
        return ("wrap the operation in a proposal: '\(type)(operation: .\(name))'", { "\(type)(operation: \($0))" })
      case .made(let other) where other == .uiTableViewDropProposal || other == .uiCollectionViewDropProposal:
        guard other.spelling != type else { return nil }
        // Swift refuses the other list's proposal; its arguments carry over.
        let (mine, theirs) = type.hasPrefix("UITable") ? ("table", "collection") : ("collection", "table")
        return (
          "that is a \(theirs) view's; a \(mine) view answers with '\(type)(operation: ...)'",
          { text in
            // A table's `.automatic` would be refused in a collection view's
            // proposal: no fix-it then, the advice says what to write.
            mine == "collection" && text.contains(".automatic") ? nil : type + text.dropFirst(other.spelling.count)
          }
        )
      case .made(let builtin) where builtin.spelling.hasSuffix("DropProposal"): return nil
      default: return ("return '\(type)(operation: ...)' with .copy, .move, .forbidden or .cancel", nil)
      }
    case "an Int":
      switch found {
      case .number, .made(.int): return nil
      default: return ("return a count, such as 'photos.count' for the array the rows show", nil)
      }
    default:
      return nil
    }
  }
}
