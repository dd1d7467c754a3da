import DndCheck
import DndSyntax
import Testing

/// Handler names inside interaction blocks, checked against UIKit's
/// delegate protocols for the block kind and the view kind.
@Suite struct HandlerNameTests {
  /// A script with one function `name(parameters) { body }` in a `block`
  /// on a view of `view` kind (no block: directly in the view body).
  static func script(
    _ name: String, parameters: [String], block: InteractionKind?, view: ViewKind, body: String = ""
  ) -> String {
    let function = "func \(name)(\(parameters.joined(separator: ", "))) { \(body) }"
    let body = block.map { "\($0.rawValue) { \(function) }" } ?? function
    return "app A { view root { \(view.rawValue) target { \(body) } } }"
  }

  /// Every method of the catalogue is accepted where it belongs, and the
  /// checked handler carries UIKit's spelling.
  @Test(arguments: DelegateCatalogue.methods)
  func everyCatalogueMethodIsAcceptedInItsBlock(_ method: DelegateMethod) throws {
    // A method UIKit needs a value from must not end without one
    // (`missingHandlerReturn`): its body answers, with a cell where a cell
    // is due (`cellHandlerReturnsNonCell`), with anything elsewhere.
    let body: String
    switch method.result {
    case .required where method.name == "cellForRowAt": body = "UITableViewCell(text: \"row\")"
    case .required where method.name == "cellForItemAt": body = "UICollectionViewCell(text: \"item\")"
    // A value whose type the checker cannot see (a literal of the wrong kind is an error of its own).
    case .required: body = "[0].first"
    default: body = ""
    }
    for view in method.viewKinds {
      let source = Self.script(
        method.name, parameters: method.parameters, block: method.interaction, view: view, body: body)
      let (result, _, parseErrors) = checkSource(source)
      #expect(parseErrors.isEmpty)
      // A collection view's move methods are accepted, with the warning that drops never call them.
      let expected = Self.interactiveMovement(method, on: view) ? ["interactiveMovementOnly"] : []
      #expect(
        result.diagnostics.map(\.id) == expected, "\(method.name) on \(view): \(result.diagnostics.map(\.message))")
      #expect(handlers(in: result.program).map(\.method.uikitName) == [method.uikitName])
    }
  }

  /// Whether UIKit calls `method` on `view` only for interactive movement
  /// (`interactiveMovementOnly`).
  static func interactiveMovement(_ method: DelegateMethod, on view: ViewKind) -> Bool {
    view == .collectionView && ["moveItemAt", "canMoveItemAt"].contains(method.name)
  }

  /// A misspelt name, per block kind: the message names the protocol the
  /// block implements on this view kind and the closest real method.
  @Test(arguments: [
    (
      "itemsForBegining", InteractionKind.dragInteraction, ViewKind.label, "UIDragInteractionDelegate",
      "itemsForBeginning"
    ),
    ("perfromDrop", .dropInteraction, .view, "UIDropInteractionDelegate", "performDrop"),
    ("activate", .springLoadedInteraction, .button, "UISpringLoadedInteraction", "activated"),
    ("itemsForBeginnig", .dragDelegate, .tableView, "UITableViewDragDelegate", "itemsForBeginning"),
    ("performDropWit", .dropDelegate, .collectionView, "UICollectionViewDropDelegate", "performDropWith"),
    ("cellForRowAtt", .dataSource, .tableView, "UITableViewDataSource", "cellForRowAt"),
    ("didSelectItemAtt", .delegate, .collectionView, "UICollectionViewDelegate", "didSelectItemAt"),
    ("proposalForDrops", .textDropDelegate, .textView, "UITextDropDelegate", "proposalForDrop"),
  ])
  func misspeltHandlerSuggestsTheClosest(
    _ name: String, _ block: InteractionKind, _ view: ViewKind, _ owner: String, _ suggestion: String
  ) {
    let (result, _, _) = checkSource(Self.script(name, parameters: ["a"], block: block, view: view))
    #expect(result.diagnostics.map(\.id) == ["unknownHandler"])
    #expect(
      result.diagnostics.first?.message
        == "'\(name)' is not a method of \(owner); did you mean '\(suggestion)'?")
    #expect(result.diagnostics.first?.fixIts.first?.replacement == suggestion)
  }

  /// A size method is answered by a list property only on the list that has
  /// it: a table's `heightForRowAt` on a collection view is no such advice.
  @Test func aSizeMethodIsToldItsPropertyOnlyOnItsList() {
    let (table, _, _) = checkSource(
      Self.script("heightForRowAt", parameters: ["a"], block: .delegate, view: .tableView))
    #expect(table.diagnostics.first?.message.contains("write 'rowHeight = height'") == true)
    let (grid, _, _) = checkSource(
      Self.script("heightForRowAt", parameters: ["a"], block: .delegate, view: .collectionView))
    #expect(grid.diagnostics.first?.message.contains("rowHeight") == false, "\(grid.diagnostics)")
  }

  /// UIKit's list methods that real apps implement beside their drag and
  /// drop code, which dnd does not model: named as UIKit's, with what they
  /// are about, and no "did you mean" (`canEditRowAt` is not `canMoveRowAt`).
  @Test(arguments: [
    ("canEditRowAt", InteractionKind.dataSource, ViewKind.tableView, "UITableViewDataSource", "editing mode"),
    ("editingStyleForRowAt", .delegate, .tableView, "UITableViewDelegate", "editing mode"),
    ("targetIndexPathForMoveFromRowAt", .delegate, .tableView, "UITableViewDelegate", "propose '.forbidden'"),
    ("titleForHeaderInSection", .dataSource, .tableView, "UITableViewDataSource", "section headers"),
    ("willDisplay", .delegate, .collectionView, "UICollectionViewDelegate", "scroll"),
    ("contextMenuConfigurationForItemAt", .delegate, .collectionView, "UICollectionViewDelegate", "menus"),
    ("previewForDroppingAllItemsWithDefault", .textDropDelegate, .textView, "UITextDropDelegate", "caret"),
  ])
  func unmodelledListMethodIsNamedAsUIKits(
    _ name: String, _ block: InteractionKind, _ view: ViewKind, _ owner: String, _ topic: String
  ) {
    let (result, _, _) = checkSource(Self.script(name, parameters: ["a", "b"], block: block, view: view))
    #expect(result.diagnostics.map(\.id) == ["unmodelledHandler"])
    let message = result.diagnostics.first?.message ?? ""
    #expect(message.hasPrefix("'\(name)' is a method of \(owner) that dnd does not model"), "\(message)")
    #expect(message.contains(topic), "\(message)")
    #expect(result.diagnostics.first?.fixIts.isEmpty == true)
  }

  @Test func misspeltViewFunctionSuggestsTheClosest() {
    let (result, _, _) = checkSource(Self.script("pastee", parameters: ["p"], block: nil, view: .label))
    #expect(result.diagnostics.map(\.id) == ["unknownViewFunction"])
    #expect(result.diagnostics.first?.fixIts.first?.replacement == "paste")
  }

  /// Parameter counts come from the protocol; the button's action takes 0 or 1.
  @Test(arguments: [
    ("itemsForBeginning", InteractionKind?.some(.dragInteraction), ViewKind.view, 2),
    ("willEndWith", .dragInteraction, .view, 1),
    ("performDrop", .dropInteraction, .view, 0),
    ("interactionDidFinish", .springLoadedInteraction, .view, 1),
    ("itemsForBeginning", .dragDelegate, .tableView, 1),
    ("dropSessionDidUpdate", .dropDelegate, .collectionView, 1),
    ("numberOfSections", .dataSource, .tableView, 1),
    ("shouldSpringLoadRowAt", .delegate, .tableView, 1),
    ("willPerformDrop", .textDropDelegate, .textField, 2),
    ("paste", nil, .view, 0),
    ("action", nil, .button, 2),
  ])
  func wrongParameterCountIsReported(
    _ name: String, _ block: InteractionKind?, _ view: ViewKind, _ count: Int
  ) {
    let parameters = (0..<count).map { "p\($0)" }
    let (result, _, _) = checkSource(Self.script(name, parameters: parameters, block: block, view: view))
    #expect(result.diagnostics.map(\.id) == ["handlerArity"])
  }

  @Test func buttonActionTakesNoneOrOneParameter() {
    for parameters in [[], ["sender"]] {
      let (result, _, _) = checkSource(
        Self.script("action", parameters: parameters, block: nil, view: .button))
      #expect(result.diagnostics.isEmpty)
    }
  }

  /// The table view's name on a collection view (and the reverse) is
  /// answered with the right one.
  @Test(arguments: [
    ("numberOfRowsInSection", InteractionKind.dataSource, ViewKind.collectionView, "numberOfItemsInSection"),
    ("cellForItemAt", .dataSource, .tableView, "cellForRowAt"),
    ("moveRowAt", .dataSource, .collectionView, "moveItemAt"),
    ("dragPreviewParametersForItemAt", .dragDelegate, .tableView, "dragPreviewParametersForRowAt"),
    ("dropPreviewParametersForRowAt", .dropDelegate, .collectionView, "dropPreviewParametersForItemAt"),
    ("didSelectRowAt", .delegate, .collectionView, "didSelectItemAt"),
  ])
  func tableAndCollectionNamesAreTold(
    _ name: String, _ block: InteractionKind, _ view: ViewKind, _ right: String
  ) {
    let (result, _, _) = checkSource(Self.script(name, parameters: ["a"], block: block, view: view))
    #expect(result.diagnostics.map(\.id) == ["handlerForOtherView"])
    #expect(result.diagnostics.first?.fixIts.first?.replacement == right)
  }

  @Test func aMethodInTheWrongBlockNamesTheRightOne() {
    let (result, _, _) = checkSource(
      Self.script("performDrop", parameters: ["s"], block: .dragInteraction, view: .view))
    #expect(
      result.diagnostics.first?.message
        == "'performDrop' is a method of UIDropInteractionDelegate, so it belongs in a "
        + "'dropInteraction' block, not in 'dragInteraction'")
  }

  /// Table and collection view blocks only on those views; text drop
  /// delegates only on text fields and text views.
  @Test(arguments: [
    (InteractionKind.dragDelegate, ViewKind.label), (.dropDelegate, .view), (.dataSource, .imageView),
    (.delegate, .button), (.textDropDelegate, .label), (.textDropDelegate, .tableView),
  ])
  func blocksOnTheWrongViewKindAreReported(_ block: InteractionKind, _ view: ViewKind) {
    let (result, _, _) = checkSource("app A { view root { \(view.rawValue) v { \(block.rawValue) { } } } }")
    #expect(result.diagnostics.map(\.id) == ["blockOnWrongView"])
  }

  @Test(arguments: InteractionKind.allCases)
  func everyBlockKindIsAcceptedOnItsViews(_ block: InteractionKind) {
    for view in block.allowedViewKinds {
      let (result, _, _) = checkSource("app A { view root { \(view.rawValue) v { \(block.rawValue) { } } } }")
      #expect(result.diagnostics.isEmpty, "\(block) on \(view)")
    }
  }

  @Test func namedInteractionsOfOneKindMayShareAView() {
    let (result, _, _) = checkSource(
      "app A { view root { dropInteraction left { }\ndropInteraction right { } } }")
    #expect(result.diagnostics.isEmpty)
  }

  private func handlers(in program: CheckedProgram) -> [CheckedHandler] {
    var found: [CheckedHandler] = []
    func visit(_ view: CheckedView) {
      for member in view.members {
        switch member {
        case .view(let child): visit(child)
        case .interaction(let interaction): found += interaction.handlers
        case .handler(let handler): found.append(handler)
        case .property: break
        }
      }
    }
    for app in program.apps {
      for member in app.members { if case .view(let view) = member { visit(view) } }
    }
    return found
  }
}
