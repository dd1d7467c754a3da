import DndSyntax

/// The initializers of the builtin types whose argument labels are fixed, as
/// the binding reads them (the `make` functions in
/// Sources/DndInterpreter/Binding). A call with other labels would fail there
/// when it ran, so the checker reports it first, with the forms the type has:
/// `NSItemProvider(obj: x)` is a mistake `dnd check` can see.
/// `InitializerCatalogueTests` (DndInterpreterTests) builds every form
/// listed here through the binding, so the table cannot refuse what runs.
public enum InitializerCatalogue {
  /// Each form's labels in order, nil for an unlabelled argument; nil for a
  /// type whose initializers are not listed (they are checked when they run).
  public static func forms(of builtin: Builtin) -> [[String?]]? {
    switch builtin {
    case .nsItemProvider: [[], ["object"], [nil], ["item", "typeIdentifier"], ["contentsOf"]]
    case .uiDragItem: [["itemProvider"], [nil]]
    case .uiDropProposal, .uiTextDropProposal: [["operation"], [nil]]
    // The binding takes the labels as optional, as for UIDropProposal.
    case .uiTableViewDropProposal, .uiCollectionViewDropProposal:
      [["operation"], [nil], ["operation", "intent"], [nil, "intent"], [nil, nil], ["operation", nil]]
    case .uiCollectionViewDropPlaceholder: [["insertionIndexPath", "reuseIdentifier"]]
    // UIKit's initializer takes the row height; without it the row is the table's `rowHeight`.
    case .uiTableViewDropPlaceholder:
      [["insertionIndexPath", "reuseIdentifier", "rowHeight"], ["insertionIndexPath", "reuseIdentifier"]]
    case .uiDragPreviewTarget: [["container", "center"], ["container", "center", "transform"]]
    case .uiTargetedDragPreview: [["view"], ["view", "parameters"], ["view", "parameters", "target"]]
    // UIKit's takes the view labelled; the binding has always taken it unlabelled too.
    case .uiDragPreview: [["view"], ["view", "parameters"], [nil], [nil, "parameters"]]
    case .uiDragPreviewParameters: [[], ["textLineRects"]]
    case .uiPasteConfiguration: [[], ["forAccepting"], ["acceptableTypeIdentifiers"]]
    case .uiColor: [["named"], ["red", "green", "blue", "alpha"]]
    case .cgAffineTransform:
      [["scaleX", "y"], ["rotationAngle"], ["translationX", "y"], ["a", "b", "c", "d", "tx", "ty"]]
    case .uiImage: [["named"], ["named", "size"]]
    case .point, .cgPoint: [[], [nil, nil], ["x", "y"]]
    case .size, .cgSize: [[], [nil, nil], ["width", "height"]]
    case .rect, .cgRect: [[], [nil, nil, nil, nil], ["x", "y", "width", "height"], ["origin", "size"]]
    case .indexPath: [["item", "section"], ["row", "section"]]
    default: nil
    }
  }

  /// How a form is written in a message: `NSItemProvider(object:)`,
  /// `Rect(_:_:_:_:)`, `NSItemProvider()`.
  public static func spelling(_ type: String, _ labels: [String?]) -> String {
    type + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }

  /// Every form, for a message: "Size(), Size(_:_:) or Size(width:height:)".
  public static func list(_ type: String, _ forms: [[String?]]) -> String {
    let spelt = forms.map { spelling(type, $0) }
    guard let last = spelt.last, spelt.count > 1 else { return spelt.first ?? type + "()" }
    return spelt.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The label a misspelt one may have meant: a label at the same place in
  /// a form with as many arguments, near in spelling or one it begins or
  /// ends (`obj` for `object`, `provider` for `itemProvider`).
  static func suggestion(for labels: [String?], in forms: [[String?]]) -> (wrong: String, meant: String)? {
    for (position, label) in labels.enumerated() {
      guard let label else { continue }
      let candidates = forms.filter { $0.count == labels.count }.compactMap { $0[position] }
      if candidates.contains(label) { continue }
      if let near = Suggestions.closest(to: label, in: candidates) { return (label, near) }
      let lowered = label.lowercased()
      if lowered.count >= 3,
        let part = candidates.first(where: { $0.lowercased().hasPrefix(lowered) || $0.lowercased().hasSuffix(lowered) })
      {
        return (label, part)
      }
    }
    return nil
  }
}
