import DndCheck
import Testing

/// The checker refuses an initializer whose labels are not in
/// `InitializerCatalogue`; every form the catalogue lists must therefore
/// build through the binding, or `dnd check` would refuse a working script.
@Suite struct InitializerCatalogueTests {
  /// A value each labelled argument can take.
  static let labelled: [String: String] = [
    "object": "\"text\"", "itemProvider": "NSItemProvider()", "operation": ".copy", "container": "root",
    "center": "Point(1, 2)", "transform": "CGAffineTransform.identity", "named": "\"cat\"",
    "size": "Size(3, 4)", "x": "1", "y": "2", "width": "3", "height": "4", "origin": "Point(1, 2)",
    "item": "0", "row": "0", "section": "0", "typeIdentifier": "\"public.data\"",
    "contentsOf": "URL(fileURLWithPath: \"/none.txt\")", "intent": ".insertAtDestinationIndexPath",
    "insertionIndexPath": "IndexPath(item: 0, section: 0)", "reuseIdentifier": "\"Cell\"", "rowHeight": "44",
    "view": "root", "parameters": "UIDragPreviewParameters()",
    "target": "UIDragPreviewTarget(container: root, center: Point(1, 2))",
    "textLineRects": "[Rect(0, 0, 10, 10)]", "forAccepting": "UIImage",
    "acceptableTypeIdentifiers": "[\"public.png\"]", "red": "1", "green": "0.5", "blue": "0", "alpha": "1",
    "scaleX": "2", "rotationAngle": "0.5", "translationX": "3", "a": "1", "b": "0", "c": "0", "d": "1",
    "tx": "0", "ty": "0",
  ]

  /// Failable forms, which give nil here (the world has no file there).
  static let failable: Set<String> = ["NSItemProvider(contentsOf: URL(fileURLWithPath: \"/none.txt\"))"]

  /// A value for an unlabelled argument of each type.
  static let unlabelled: [Builtin: String] = [
    .nsItemProvider: "\"text\"", .uiDragItem: "NSItemProvider()", .uiDropProposal: ".copy",
    .uiTextDropProposal: ".copy", .uiTableViewDropProposal: ".copy", .uiCollectionViewDropProposal: ".copy",
    .uiDragPreview: "root", .point: "1", .cgPoint: "1", .size: "1", .cgSize: "1", .rect: "1", .cgRect: "1",
  ]

  static var calls: [String] {
    Builtin.allCases.flatMap { builtin -> [String] in
      (InitializerCatalogue.forms(of: builtin) ?? []).map { labels in
        let arguments = labels.enumerated().map { position, label -> String in
          // A list proposal's second argument, unlabelled, is its intent.
          if label == nil, position == 1, builtin.spelling.hasSuffix("ViewDropProposal") { return ".unspecified" }
          guard let label else { return unlabelled[builtin] ?? "nil" }
          // A provider's `item:` is the value it holds; an index path's, a number.
          if builtin == .nsItemProvider, label == "item" { return "item: \"text\"" }
          return label + ": " + (labelled[label] ?? "nil")
        }
        return builtin.spelling + "(" + arguments.joined(separator: ", ") + ")"
      }
    }
  }

  @Test func everyTypeWithFormsHasSamples() {
    #expect(Self.calls.count >= 35)
    #expect(!Self.calls.contains { $0.contains("nil") }, "\(Self.calls)")
  }

  @Test(arguments: calls)
  func everyListedFormBuilds(_ call: String) throws {
    let source = """
      app Demo { view root { frame = Rect(0, 0, 100, 100) } }
      scenario "builds" {
        let value = \(call)
        print(value != nil)
      }
      """
    let result = try runScene(source)
    #expect(result.summary == "passed", "\(call)")
    #expect(result.output == (Self.failable.contains(call) ? "false\n" : "true\n"), "\(call)")
  }
}
