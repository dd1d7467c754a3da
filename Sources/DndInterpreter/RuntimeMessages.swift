import DndCheck
import DndSyntax

/// The interpreter's runtime messages, alphabetical. Public so that native
/// code (the binding) can raise the same errors.
extension DiagnosticMessage {
  public static func callDepthExceeded(_ limit: Int) -> DiagnosticMessage {
    .error("too many nested calls (the limit is \(limit)); is a function calling itself without end?")
  }

  public static func cannotSetMember(_ name: String, type: String) -> DiagnosticMessage {
    .error("cannot assign to '\(name)': it is not a settable property of \(type)")
  }

  public static func closureTakesNoParameters(_ found: Int) -> DiagnosticMessage {
    .error(
      "this closure takes no parameters, but it is called with \(found); name them: '{ value in ... }'")
  }

  public static func collectionTooLarge(_ limit: Int) -> DiagnosticMessage {
    .error("a collection grew past \(limit) elements, the limit for one collection")
  }

  public static func conditionNotBool(_ type: String) -> DiagnosticMessage {
    .error("a condition must be a Bool, but this is \(type)")
  }

  public static var divisionByZero: DiagnosticMessage {
    .error("division by zero")
  }

  /// `coordinator.drop(item, ...)` given something other than a drag item;
  /// most often the drop item whose `dragItem` it wanted.
  public static func dropTakesDragItem(_ method: String, found: String, isDropItem: Bool) -> DiagnosticMessage {
    let advice = isDropItem ? "; a drop item carries the drag item: pass its 'dragItem'" : ""
    return .error("'\(method)' takes a UIDragItem first, but was given \(givenPhrase(found))\(advice)")
  }

  public static func duplicateDictionaryKey(_ key: String) -> DiagnosticMessage {
    .error(
      "this dictionary literal gives the key \(key) twice, which stops a Swift program "
        + "('Dictionary literal contains duplicate keys'); keep one of them")
  }

  public static func emptyCollection(_ method: String) -> DiagnosticMessage {
    .error("'\(method)' needs a non-empty collection, but this one is empty")
  }

  public static var emptySeparator: DiagnosticMessage {
    .error(
      "a separator cannot be empty; to take a string apart into its characters, write 'Array(text)' or "
        + "'text.map { String($0) }'")
  }

  public static var expectationFailed: DiagnosticMessage {
    .error("expectation failed")
  }

  public static func forcedCastFailed(_ from: String, to type: String) -> DiagnosticMessage {
    .error("could not cast a value of type '\(from)' to '\(type)'")
  }

  public static func indexOutOfRange(_ index: Int, count: Int) -> DiagnosticMessage {
    .error("index \(index) is out of range for a collection of \(count) element\(count == 1 ? "" : "s")")
  }

  /// A range subscript reaching outside the collection: the range as
  /// written, so the bound at fault shows whichever it is.
  public static func rangeOutOfRange(_ range: String, count: Int) -> DiagnosticMessage {
    if count == 0 {
      return .error("the range \(range) is out of range for an empty collection: only an empty range, 0..<0, fits")
    }
    return .error(
      "the range \(range) is out of range for a collection of \(count) element\(count == 1 ? "" : "s"): its "
        + "elements must be indices 0 to \(count - 1), and a ..< range may end at \(count)")
  }

  public static func integerOverflow(_ operation: String) -> DiagnosticMessage {
    .error("arithmetic overflow in '\(operation)': the result does not fit in an Int")
  }

  public static func invalidArgument(_ explanation: String) -> DiagnosticMessage {
    .error(explanation)
  }

  public static func invalidRange(_ lower: Int, _ upper: Int) -> DiagnosticMessage {
    .error("a range needs its lower bound (\(lower)) to be at most its upper bound (\(upper))")
  }

  public static func methodWithoutCall(_ name: String, type: String) -> DiagnosticMessage {
    .error(
      "'\(name)' is a method of \(type), and dnd does not take methods as values: call it, '\(name)(...)'; "
        + "a closure given to it starts on the line of the call, '\(name) { ... }'")
  }

  /// Methods of arrays, strings, dictionaries and ranges that none of them
  /// has as a property (`methodWithoutCall`).
  static let coreMethodNames: Set<String> = [
    "sorted", "sort", "reversed", "reverse", "enumerated", "joined", "uppercased", "lowercased", "hasPrefix",
    "hasSuffix", "split", "map", "filter", "compactMap", "flatMap", "reduce", "forEach", "append", "removeAll",
    "removeLast", "removeFirst", "insert", "contains", "replacingOccurrences",
  ]

  public static var nativeStackExhausted: DiagnosticMessage {
    .error("the script nests too deeply for the interpreter's stack; make the recursion shallower")
  }

  public static func nilMember(_ name: String) -> DiagnosticMessage {
    .error(
      "cannot use '\(name)' on nil; write '?.\(name)' to get nil instead, or unwrap the value with 'if let'")
  }

  public static func noCaseMatched(_ value: String) -> DiagnosticMessage {
    .error(
      "no case of this 'switch' matches \(value); add a case for it, or end the switch with 'default:' for "
        + "every value the cases leave out (Swift requires a switch to cover every value)")
  }

  public static func noMatchingMethod(_ name: String, type: String, labels: String) -> DiagnosticMessage {
    let advice = methodForms[name].map { "; it is written \($0)" } ?? ""
    return .error("\(type) has no method '\(name)(\(labels))'\(advice)")
  }

  /// How the drag and drop methods most often mislabelled are written
  /// (docs/uikit-api.md), for `session.canLoadObjects(of: String.self)`:
  /// the sessions' methods as the checker has them, then the others.
  static let methodForms: [String: String] = ReceiverType.sessionMethodForms.reduce(into: [
    "canLoadObject": "'canLoadObject(ofClass: UIImage.self)'",
    "loadObject": "'loadObject(ofClass: UIImage.self) { object, error in ... }'",
    "loadDataRepresentation": "'loadDataRepresentation(forTypeIdentifier: \"public.jpeg\") { data, error in ... }'",
    "addSubview": "'addSubview(view)'",
    "bringSubviewToFront": "'bringSubviewToFront(view)'",
    "sendSubviewToBack": "'sendSubviewToBack(view)'",
    "convert": "'convert(point, to: view)' or 'convert(point, from: view)'",
    "hitTest": "'hitTest(point, with: nil)'",
    "isDescendant": "'isDescendant(of: view)'",
  ]) { forms, entry in forms[entry.key.spelling] = entry.value.form }

  public static func notCallable(_ type: String) -> DiagnosticMessage {
    .error("a value of type '\(type)' cannot be called")
  }

  public static func notConstructible(_ type: String) -> DiagnosticMessage {
    // The forms the checker knows (`CGRect.init(...)` reaches here unchecked), or else the table below.
    if let builtin = Builtin.named(type), let forms = InitializerCatalogue.forms(of: builtin) {
      let list = InitializerCatalogue.list(type, forms)
      return .error("'\(type)' cannot be created with these arguments; it is created with \(list)")
    }
    let forms = initializerForms[type].map { "; write \($0)" } ?? ""
    return .error("'\(type)' cannot be created with these arguments" + forms)
  }

  /// How the types a drag and drop script makes most are created, for the
  /// message above (seed 002's Objective-C `initWithDropOperation:` becomes
  /// `UIDropProposal(dropOperation:)` in a student's hands).
  static let initializerForms: [String: String] = [
    "Dictionary": "[:] or a literal such as [\"a\": 1]; Dictionary(grouping:by:) and "
      + "Dictionary(uniqueKeysWithValues:) are not part of dnd: build the dictionary in a loop",
    "IndexPath": "IndexPath(item: 0, section: 0) or IndexPath(row: 0, section: 0)",
    "Int": "Int(3.9), Int(\"12\") (nil for text that is not a number) or Int(value)",
    // Seed 002's Objective-C strings: a script's strings are Swift's.
    "NSString": "the text itself (\"Hello\") or String(value): a script's strings are Swift's Strings, which "
      + "'as NSString' bridges where Swift needs one",
    "NSItemProvider":
      "NSItemProvider(), NSItemProvider(object: value) or NSItemProvider(item: value, typeIdentifier: \"public.data\")",
    "UIDragItem": "UIDragItem(itemProvider: provider)",
    "UIDropProposal": "UIDropProposal(operation: .copy)",
    "String": "String(value), String(describing: value), String(repeating: \"-\", count: 3) or "
      + "String(format: \"%.1f\", x); a script reads no files",
    "UIImage": "UIImage(named: \"cat\") or UIImage(named: \"cat\", size: Size(300, 200))",
    "URL": "URL(string: \"https://...\") or URL(fileURLWithPath: \"/tmp/file\")",
  ]

  public static func notImplemented(_ name: String) -> DiagnosticMessage {
    if let advice = declaredOnly[name] { return .error("'\(name)' cannot be made by code: \(advice)") }
    return .error("'\(name)' is not available here: it needs the UIKit runtime")
  }

  /// Types a script does not make, and how it gets one instead.
  static let declaredOnly: [String: String] = [
    "UITableView": "declare it in an app, as 'tableView list { dataSource { ... } }', with its delegates inside",
    "UICollectionView":
      "declare it in an app, as 'collectionView grid { dataSource { ... } }', with its delegates inside",
    // Not a view, but made by the runtime alone: a load handler's own Progress is not modelled.
    "Progress":
      "the runtime makes each load's progress, which the load returns "
      + "('let progress = provider.loadObject(ofClass: UIImage) { ... }'); a load handler cannot return its own",
  ]

  public static func notIterable(_ type: String) -> DiagnosticMessage {
    .error(
      "a value of type '\(type)' is not a sequence; 'for', 'append(contentsOf:)', 'Array(_:)' and 'zip' need "
        + "an array, a range, a string or a dictionary")
  }

  public static func notSubscriptable(_ type: String) -> DiagnosticMessage {
    .error("a value of type '\(type)' cannot be subscripted")
  }

  public static func operandType(_ op: String, type: String) -> DiagnosticMessage {
    .error("unary operator '\(op)' cannot be applied to an operand of type '\(type)'")
  }

  public static func operandTypes(_ op: String, left: String, right: String) -> DiagnosticMessage {
    var advice = ""
    // `"count: " + n`: Swift joins only strings; interpolation turns anything into one.
    if op == "+", (left == "String") != (right == "String"), left != "nil", right != "nil" {
      advice = "; to join text and a value, interpolate it (\"count: \\(n)\") or convert it with String(n)"
    } else if left == "nil" || right == "nil" {
      // `counts[word] += 1` on a word not counted yet: Swift would not compile it without unwrapping.
      advice = "; an optional has no value to compute with: unwrap it first ('if let', or 'value ?? 0'), and "
        + "count in a dictionary with a default ('counts[word, default: 0] += 1')"
    }
    return .error("binary operator '\(op)' cannot be applied to operands of type '\(left)' and '\(right)'\(advice)")
  }

  public static func outputTooLarge(_ limit: Int) -> DiagnosticMessage {
    .error(
      "the script printed more than \(limit) bytes, the limit for one run; "
        + "is a 'print' inside a loop missing its exit?")
  }

  public static func propertyCalled(_ name: String, type: String) -> DiagnosticMessage {
    .error("'\(name)' is a property of \(type), not a method: write it without '()'")
  }

  public static func stackOverflowLocals(_ limit: Int) -> DiagnosticMessage {
    .error("the calls in progress need more than \(limit) local variables, the interpreter's limit")
  }

  public static func stepBudgetExceeded(_ limit: Int) -> DiagnosticMessage {
    .error(
      "the script ran for more than \(limit) step\(limit == 1 ? "" : "s") (calls and loop iterations) and was "
        + "stopped; "
        + "is a loop missing its exit? (raise the limit with '--max-steps')")
  }

  public static func stepNeedsRuntime(_ step: String) -> DiagnosticMessage {
    .error("'\(step)' drives the simulated fingers, which needs the UIKit runtime")
  }

  public static func stringTooLong(_ limit: Int) -> DiagnosticMessage {
    .error("a string grew past \(limit) bytes, the limit for one string")
  }

  public static func tooManyViews(_ limit: Int) -> DiagnosticMessage {
    .error(
      "the script created more than \(limit) views, the limit for one run; "
        + "is a loop creating views without end? (--max-views raises the limit)")
  }

  /// `[(1, 2, 3)].map { a, b in a }`: the closure would take the tuple's
  /// elements, but their number differs from its parameters'.
  public static func tupleClosureArity(parameters: Int, elements: Int) -> DiagnosticMessage {
    .error(
      "the closure takes \(parameters) parameters, but each element is a tuple of \(elements); "
        + "give it \(elements) parameters, or one that takes the whole tuple")
  }

  public static func tupleDestructuring(names: Int, found: String, foundTuple: Bool) -> DiagnosticMessage {
    let letters = "abcdefghij".prefix(min(names, 10)).map(String.init)
    let example = "(" + letters.joined(separator: ", ") + (names > 10 ? ", ..." : "") + ")"
    // `for (i, name) in names`, where Swift's enumerated() was meant.
    let loop =
      names == 2 && !foundTuple
      ? "; if this is a loop over a list, 'for (i, x) in list.enumerated()' numbers its elements" : ""
    return .error(
      "cannot take \(found) apart into \(names) names: that needs a tuple of \(names) elements, such as "
        + example + loop)
  }

  public static func uninitializedGlobal(_ name: String) -> DiagnosticMessage {
    .error("'\(name)' is used before its declaration has run")
  }

  public static func unknownMember(_ name: String, type: String) -> DiagnosticMessage {
    .error("value of type '\(type)' has no member '\(name)'")
  }

  public static var unwrappedNil: DiagnosticMessage {
    .error(
      "found nil while unwrapping a value with '!'; handle nil with 'if let' or 'guard let', "
        + "or give a default with '??'")
  }

  public static func valueTooDeep(_ limit: Int) -> DiagnosticMessage {
    .error(
      "this would nest arrays, dictionaries and tuples more than \(limit) levels deep, "
        + "the limit for one value; is a collection being put inside itself in a loop?")
  }

  /// `declared`: a view declared inside others, rather than added by `addSubview`.
  public static func viewTreeTooDeep(_ limit: Int, declared: Bool = false) -> DiagnosticMessage {
    .error(
      "\(declared ? "this view, declared inside the ones around it," : "this 'addSubview'") would nest views "
        + "more than \(limit) levels deep, the limit for one view tree (the window included)"
        + (declared ? "; declare some of these views side by side instead of one inside the other" : ""))
  }

  public static func wrongArgumentCount(_ name: String, expected: Int, found: Int) -> DiagnosticMessage {
    .error(
      "'\(name)' takes \(expected) argument\(expected == 1 ? "" : "s"), but \(found) "
        + "\(found == 1 ? "was" : "were") given")
  }

  public static func wrongArgumentType(_ name: String, expected: String, found: String) -> DiagnosticMessage {
    .error("'\(name)' expects \(expected), but was given \(givenPhrase(found))")
  }
}

/// What a message says was given: a type's name (`Int`) as "a value of type
/// 'Int'", an enum case (`.automatic`, from `Value.mismatchName`) as itself.
func givenPhrase(_ found: String) -> String {
  found.hasPrefix(".") ? "'\(found)'" : "a value of type '\(found)'"
}
