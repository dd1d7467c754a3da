import DndSyntax

/// `self` in a delegate method. A script's handler lives in its view, so
/// `self` is that view (`self.text = "Dropped"` in a label's drop handler).
/// In the lecture's code the delegate is the view controller, and
/// `self.emojis += strings` means the controller's property: the app's
/// variable here. So `self.name` in a handler names the app's variable,
/// function or view `name` when the view itself has no member of that name;
/// a view's own members win (`self.text` on a label stays the label's).
/// That view may be the handler's own: seed 002's `self.dropLabel.text = ...`
/// written in `dropLabel`'s drop handler names `dropLabel` itself.
extension Checker {
  /// The global slot `self.name` stands for, when `base` is `self` in a
  /// handler (or a closure or function inside one) and `name` is the app's
  /// rather than the view's, or `self` in a function of the app.
  mutating func appMemberThroughSelf(_ base: Expr, _ name: Name) -> Int? {
    guard case .selfReference = base.kind, let selfSlot = functions.last?.selfSlot,
      let slot = globalIndex[name.text]
    else { return nil }
    switch globals[selfSlot].kind {
    case .view(let kind):
      guard PropertyCatalogue.property(named: name.text, on: kind) == nil,
        !Checker.viewMembersBesidesProperties.contains(name.text)
      else { return nil }
    case .app:
      // In a function of the app, `self` is the app (the controller), and
      // `self.images.append(x)` changes the app's `images`, as `images`
      // alone would: read as the app object's member, the array was a
      // copy, and the change was lost. Only the app's own variables,
      // functions and views (its members at run time); `frame` and `name`
      // stay the app object's.
      guard globals[slot].app == globals[selfSlot].name, globals[slot].kind != .app,
        name.text != "frame", name.text != "name"
      else { return nil }
    default:
      return nil
    }
    switch globals[slot].kind {
    case .variable, .constant, .function, .view: return slot
    default: return nil
    }
  }

  /// Where a path of members, subscripts and unwraps starts: a name, or an
  /// app member reached through `self` (see above).
  enum PathStart {
    case name(String)
    case global(Int, name: String)

    var name: String {
      switch self {
      case .name(let name), .global(_, let name): name
      }
    }
  }

  mutating func pathStart(of expr: Expr) -> PathStart? {
    switch expr.kind {
    case .identifier(let name): return .name(name)
    case .member(let base, let name, _):
      if let slot = appMemberThroughSelf(base, name) { return .global(slot, name: name.text) }
      return pathStart(of: base)
    case .subscripted(let base, _, _), .forceUnwrap(let base): return pathStart(of: base)
    case .parenthesized(let inner): return pathStart(of: inner)
    default: return nil
    }
  }

  /// What a view answers besides the properties of the catalogue: read-only
  /// members and methods of `UIView`, `UITableView` and `UICollectionView`.
  static let viewMembersBesidesProperties: Set<String> = [
    "bounds", "subviews", "superview", "center", "interactions", "description", "addSubview",
    "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack", "convert", "hitTest", "isDescendant",
    "layoutIfNeeded", "cellForItem", "cellForRow", "performBatchUpdates", "insertItems", "deleteItems",
    "moveItem", "insertRows", "deleteRows", "moveRow", "reloadData", "reloadItems", "reloadRows",
    "numberOfItems", "numberOfRows", "numberOfSections", "indexPathForItem", "indexPathForRow",
    "indexPathsForVisibleItems", "indexPathsForVisibleRows", "indexPathsForSelectedItems",
    "indexPathsForSelectedRows", "hasActiveDrag", "hasActiveDrop", "hasUncommittedUpdates", "contentSize",
    "textDropInteraction", "selectRow", "selectItem", "deselectRow", "deselectItem", "indexPathForSelectedRow",
  ]
}
