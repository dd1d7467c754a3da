/// Methods of UIKit's list protocols (and one of UITextDropDelegate) that
/// real apps implement beside their drag and drop code and that dnd does
/// not model: a port of an app meets them, and should hear that they are UIKit's, what they are about, and
/// that nothing here would call them (not "did you mean" a method that
/// means something else).
enum UnmodelledMethods {
  /// What a method is about, by protocol and by the name a script writes.
  static func topic(of name: String, in protocolName: String) -> String? {
    if protocolName == "UITextDropDelegate" { return textDropDelegate[name] }
    let isTable = protocolName.hasPrefix("UITableView")
    switch (protocolName.hasSuffix("DataSource"), protocolName.hasSuffix("Delegate")) {
    case (true, _):
      return (isTable ? tableDataSource : collectionDataSource)[name]
    case (_, true) where !protocolName.contains("Drag") && !protocolName.contains("Drop"):
      return (isTable ? tableDelegate : collectionDelegate)[name]
    default:
      return nil
    }
  }

  private static let editing = "editing mode and swipe actions, which a scenario cannot enter"
  private static let sections = "section headers, footers and index titles, which dnd does not draw"
  private static let display = "cells coming on and off the screen, which dnd does not scroll"
  private static let selection = "selection and highlighting by touch, which dnd models only through 'didSelect'"
  private static let menus = "context menus, which dnd does not model"
  /// UIKit's own reorder (the edit mode's handles) consults it; whether a
  /// drag-and-drop reorder through moveRowAt does too is not established
  /// (docs/uikit-fidelity.md), so dnd does not call it.
  private static let retarget =
    "retargeting a reorder. To keep a drop in its own section, have dropSessionDidUpdate propose "
    + "'.forbidden' outside it"

  /// Asked for the one preview of a text drop, nil for the text view's own
  /// (§6.4); dnd draws no preview of a text drop, so nothing would ask.
  private static let textDropDelegate: [String: String] = [
    "previewForDroppingAllItemsWithDefault":
      "the preview a text drop animates to the caret, which dnd leaves to the text view"
  ]

  private static let tableDataSource: [String: String] = [
    "canEditRowAt": editing, "commit": editing, "titleForHeaderInSection": sections,
    "titleForFooterInSection": sections, "sectionIndexTitles": sections, "sectionForSectionIndexTitle": sections,
  ]

  private static let tableDelegate: [String: String] = [
    "editingStyleForRowAt": editing, "shouldIndentWhileEditingRowAt": editing, "editActionsForRowAt": editing,
    "leadingSwipeActionsConfigurationForRowAt": editing, "trailingSwipeActionsConfigurationForRowAt": editing,
    "titleForDeleteConfirmationButtonForRowAt": editing, "willBeginEditingRowAt": editing,
    "didEndEditingRowAt": editing, "targetIndexPathForMoveFromRowAt": retarget,
    "willDisplay": display, "didEndDisplaying": display, "estimatedHeightForRowAt": display,
    "viewForHeaderInSection": sections, "viewForFooterInSection": sections,
    "heightForHeaderInSection": sections, "heightForFooterInSection": sections,
    "willSelectRowAt": selection, "willDeselectRowAt": selection, "shouldHighlightRowAt": selection,
    "didHighlightRowAt": selection, "didUnhighlightRowAt": selection,
    "accessoryButtonTappedForRowWith": selection, "contextMenuConfigurationForRowAt": menus,
  ]

  private static let collectionDataSource: [String: String] = [
    "viewForSupplementaryElementOfKind": sections, "indexTitles": sections, "indexPathForIndexTitle": sections,
  ]

  private static let collectionDelegate: [String: String] = [
    "willDisplay": display, "didEndDisplaying": display, "shouldSelectItemAt": selection,
    "shouldDeselectItemAt": selection, "shouldHighlightItemAt": selection, "didHighlightItemAt": selection,
    "didUnhighlightItemAt": selection, "targetIndexPathForMoveFromItemAt": retarget,
    "targetIndexPathForMoveOfItemFromOriginalIndexPath": retarget, "contextMenuConfigurationForItemAt": menus,
  ]
}
