import DndSyntax

/// The closures UIKit and Foundation call back with a fixed set of values:
/// a closure written with a parameter list of another length would fail
/// only when it is called, often late (a load's completion), so the
/// checker counts its parameters. A closure without a parameter list
/// (`{ print($0) }`) is not judged: it may leave the last values unused.
extension Checker {
  /// Method, the label of its first argument (nil when unlabelled), the
  /// closure's label (nil for the last, trailing, argument) and the names
  /// of the values it is called with.
  private static let completions: [(method: String, first: String?, closure: String?, parameters: [String])] = [
    ("loadObjects", "ofClass", nil, ["objects"]),
    ("loadObject", "ofClass", nil, ["object", "error"]),
    ("loadDataRepresentation", "forTypeIdentifier", nil, ["data", "error"]),
    ("loadFileRepresentation", "forTypeIdentifier", nil, ["url", "error"]),
    ("loadItem", "forTypeIdentifier", nil, ["item", "error"]),
    ("commitInsertion", "dataSourceUpdates", "dataSourceUpdates", ["insertionIndexPath"]),
    ("addCompletion", nil, nil, ["position"]),
    ("performBatchUpdates", nil, "completion", ["finished"]),
  ]

  mutating func checkCompletionArity(_ name: Name, _ arguments: [Argument]) {
    guard let first = arguments.first else { return }
    for entry in Self.completions where entry.method == name.text && first.label?.text == entry.first {
      // The closure: the one with the entry's label, or a trailing one
      // after the first argument, or else the last argument.
      let trailing = arguments.count > 1 ? arguments.last.flatMap { $0.isTrailingClosure ? $0 : nil } : nil
      let argument =
        entry.closure.flatMap { label in arguments.first { $0.label?.text == label } }
        ?? trailing ?? (entry.closure == nil ? arguments.last : nil)
      guard let argument, case .closure(let closure) = argument.value.kind, closure.hasParameterClause,
        closure.parameters.count != entry.parameters.count
      else { return }
      let labels = arguments.dropLast(argument.isTrailingClosure ? 1 : 0).map { ($0.label?.text ?? "_") + ":" }
      report(
        .completionArity(
          "\(name.text)(\(labels.joined()))", parameters: entry.parameters, found: closure.parameters.count),
        at: argument.value.range)
      return
    }
  }
}
