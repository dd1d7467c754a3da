// The part of a view's state that most views never use. Scripts make plain
// views by the thousand (a 100,000-view tree), and each stored property a
// view carries costs something to make and to free; a declared view's
// name, a label's text, a button's action, interactions and paste support live here instead, in one
// object a view makes on the first write (`View.writableExtras`).

/// A view's content, interactions and paste support: the storage behind
/// `View`'s properties of the same names, which keep UIKit's behaviour
/// (change notes, defaults) themselves.
final class ViewExtras {
  /// The name given to a declared view, or made for a numbered one when
  /// first read (`View.name`).
  var name: String?
  /// UILabel, UITextField, UITextView (`text` and `attributedText`).
  var text: String?
  var image: ImageValue?
  var title: String?
  var action: ((View) throws -> Void)?
  var backgroundColor: ColorValue?
  /// Set on an app's window only.
  weak var owningApp: App?

  var dragInteractions: [DragInteraction] = []
  var dropInteractions: [DropInteraction] = []
  var springLoadedInteractions: [SpringLoadedInteraction] = []
  var pasteDropInteraction: DropInteraction?
  var builtInSpringLoadedInteraction: SpringLoadedInteraction?

  var pasteConfiguration: PasteConfiguration?
  var paste: (([ItemProvider]) throws -> Void)?
  var canPaste: (([ItemProvider]) throws -> Bool)?
  var textDropDelegate: TextDropDelegate?
  var list: ListView?
  /// A harness (an explorer's injected fault) removed the view, and it has
  /// not been added anywhere since.
  var removedFromOutside = false

  init() {}
}
