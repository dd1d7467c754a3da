// The view tree. A view's frame is in its superview's coordinates; its bounds
// are its own coordinate space (origin usually zero). Hit-testing and point
// conversion live in View+Geometry.swift.

/// A node of an app's view tree (UIView and the subclasses of `ViewKind`).
///
/// Setters of UIKit properties report to the world, which turns a call made
/// off the main queue into a Main Thread Checker warning and records animatable
/// changes while a lift animation runs (so a reversed lift can revert them).
public final class View {
  // The hit-test walk reads the frame, bounds origin and touch flags of
  // every subview it tests: they come first, so that they share the
  // object's first cache lines (a class's stored properties are laid out
  // in the order they are declared), ahead of what only some views use.

  public var frame: Rect {
    willSet {
      let old = frame
      noteChange("setFrame:") { $0.frame = old }
    }
  }
  /// The origin of `bounds` (a scroll offset); the size always follows `frame`.
  var boundsOrigin = Point.zero {
    willSet {
      let old = boundsOrigin
      noteChange("setBounds:") { $0.boundsOrigin = old }
    }
  }
  /// Views with an alpha below 0.01 take no touches.
  public var alpha = 1.0 {
    willSet {
      let old = alpha
      noteChange("setAlpha:") { $0.alpha = old }
    }
  }
  public var isHidden = false {
    willSet { noteChange("setHidden:", restore: nil) }
  }
  public var isUserInteractionEnabled: Bool {
    willSet { noteChange("setUserInteractionEnabled:", restore: nil) }
  }
  /// UITextView only; text fields are always editable.
  public var isEditable = true {
    willSet { noteChange("setEditable:", restore: nil) }
  }
  /// UIButton and UITextField (UIControl.isEnabled): a disabled control
  /// ignores touches, so a tap runs no action, and a disabled text field
  /// takes no drop. UILabel has one too, which only changes how its text
  /// is drawn: a label's touches and drops do not read it.
  public var isEnabled = true {
    willSet { noteChange("setEnabled:", restore: nil) }
  }
  public let kind: ViewKind
  /// The number a view made by code is named after (`UIView#12`); 32 bits,
  /// beside the flags, keep a view within 120 bytes, which the allocator
  /// frees on its fast path. A number that does not fit is named at once.
  private let number: UInt32
  /// Back to front: the last subview is the front-most and is hit first.
  public private(set) var subviews: [View] = []
  /// Not `weak`: a weak reference gives its target a side table, and every
  /// retain and release of a view with one takes the runtime's slow path
  /// (a hit-test retains each view it visits). An unretained link is safe
  /// here because it is only ever set while the parent holds the child in
  /// `subviews`, and it is cleared whenever that stops: by
  /// `removeFromSuperview`, by `insertSubview` moving the child to another
  /// parent, and by the parent's `deinit` for the children that outlive it.
  /// So whenever it is non-nil the parent is alive, and walks up the tree
  /// (`depth`, `isDescendant(of:)`) follow it without retaining anything.
  private var superviewLink: Unmanaged<View>?
  /// The view this one is a subview of.
  public var superview: View? { superviewLink?.takeUnretainedValue() }
  /// The world's link, which all its views share (see `WorldLink`): a weak
  /// reference would cost each view the making, reading and destroying of
  /// one, and the world a side table.
  let worldLink: WorldLink
  /// The world whose scheduler and trace this view reports to; nil once
  /// the world is gone.
  public var world: World? { worldLink.world }
  /// A slot for the binding (the interpreter keeps its own object here).
  public var userInfo: AnyObject?
  /// The state few views use (a given name, content, interactions, paste),
  /// made on the first write: a plain view is then small to make and to free.
  private var extras: ViewExtras?
  private var writableExtras: ViewExtras {
    if let extras { return extras }
    let made = ViewExtras()
    extras = made
    return made
  }

  /// The name the trace prints for this view.
  public var name: String {
    get {
      if let given = extras?.name { return given }
      // A numbered view's name is made when read, and not kept: most views
      // a script makes in bulk never appear in the trace, and keeping it
      // would cost each view read (a drag's hit-tests read many) its extras.
      return "\(kind.rawValue)#\(number)"
    }
    set { writableExtras.name = newValue }
  }
  /// Set on an app's window only.
  var owningApp: App? {
    get { extras?.owningApp }
    set { writableExtras.owningApp = newValue }
  }
  public var backgroundColor: ColorValue? {
    get { extras?.backgroundColor }
    set {
      let old = backgroundColor
      noteChange("setBackgroundColor:") { $0.backgroundColor = old }
      writableExtras.backgroundColor = newValue
    }
  }

  // MARK: Kind-specific content

  /// UILabel, UITextField, UITextView. `attributedText` shares this storage.
  public var text: String? {
    get { extras?.text }
    set {
      noteChange("setText:", restore: nil)
      writableExtras.text = newValue
    }
  }
  /// UIImageView (and a button's image).
  public var image: ImageValue? {
    get { extras?.image }
    set {
      noteChange("setImage:", restore: nil)
      writableExtras.image = newValue
    }
  }
  /// UIButton's title for the normal state.
  public var title: String? {
    get { extras?.title }
    set {
      noteChange("setTitle:forState:", restore: nil)
      writableExtras.title = newValue
    }
  }
  /// UIButton's primary action (`sender` is the button).
  public var action: ((View) throws -> Void)? {
    get { extras?.action }
    set { writableExtras.action = newValue }
  }

  // MARK: Interactions and paste

  public var dragInteractions: [DragInteraction] { extras?.dragInteractions ?? [] }
  /// Explicit drop interactions in the order they were added; on text fields
  /// and text views the first one is the built-in `textDropInteraction`.
  public var dropInteractions: [DropInteraction] { extras?.dropInteractions ?? [] }
  public var springLoadedInteractions: [SpringLoadedInteraction] { extras?.springLoadedInteractions ?? [] }
  /// The hidden drop interaction UIKit builds from `pasteConfiguration` (§6.3).
  var pasteDropInteraction: DropInteraction? {
    get { extras?.pasteDropInteraction }
    set { writableExtras.pasteDropInteraction = newValue }
  }
  /// The spring-loaded interaction that `isSpringLoaded` installs on a button.
  var builtInSpringLoadedInteraction: SpringLoadedInteraction? {
    get { extras?.builtInSpringLoadedInteraction }
    set { writableExtras.builtInSpringLoadedInteraction = newValue }
  }

  /// Makes the view a paste and drop target without a drop interaction (§6).
  public var pasteConfiguration: PasteConfiguration? {
    get { extras?.pasteConfiguration }
    set { writableExtras.pasteConfiguration = newValue }
  }
  /// `paste(itemProviders:)`; nil means not overridden (a drop then raises, §6.2).
  public var paste: (([ItemProvider]) throws -> Void)? {
    get { extras?.paste }
    set { writableExtras.paste = newValue }
  }
  /// `canPaste(_:)`; nil means "compare acceptable types with the items' types".
  public var canPaste: (([ItemProvider]) throws -> Bool)? {
    get { extras?.canPaste }
    set { writableExtras.canPaste = newValue }
  }
  /// The text drop delegate of a text field or text view (§6.4).
  public var textDropDelegate: TextDropDelegate? {
    get { extras?.textDropDelegate }
    set { writableExtras.textDropDelegate = newValue }
  }
  /// The rows or items, data source and delegates of a table or collection view.
  public var list: ListView? { extras?.list }

  /// Creates a detached view. `world` is the world it reports to.
  public convenience init(_ kind: ViewKind, name: String, frame: Rect = .zero, world: World) {
    self.init(kind, name: name, number: 0, frame: frame, world: world)
  }

  /// Creates a detached view named after its kind and `number`:
  /// "\(kind.rawValue)#\(number)".
  /// The world is borrowed (`__shared`): the view keeps only the world's
  /// link, and scripts make views by the thousand.
  public convenience init(_ kind: ViewKind, number: Int, frame: Rect = .zero, world: __shared World) {
    self.init(kind, name: nil, number: number, frame: frame, world: world)
  }

  private init(_ kind: ViewKind, name: String?, number: Int, frame: Rect, world: __shared World) {
    self.kind = kind
    self.number = UInt32(exactly: number) ?? 0
    self.frame = frame
    self.worldLink = world.link
    self.isUserInteractionEnabled = kind.isUserInteractionEnabledByDefault
    if let name {
      writableExtras.name = name
    } else if UInt32(exactly: number) == nil {
      writableExtras.name = "\(kind.rawValue)#\(number)"
    }
    if kind.isTextDroppable {
      writableExtras.dropInteractions.append(DropInteraction(textDropFor: self))
    }
    if kind.isList { writableExtras.list = ListView(view: self) }
  }

  /// Clears the subviews' links back to this view: a subview the script
  /// still holds outlives its superview (see `superviewLink`).
  deinit {
    let me = Unmanaged.passUnretained(self).toOpaque()
    for child in subviews where child.superviewLink?.toOpaque() == me { child.superviewLink = nil }
  }

  public var bounds: Rect {
    get { Rect(origin: boundsOrigin, size: frame.size) }
    set {
      boundsOrigin = newValue.origin
      // UIKit keeps the centre when the bounds size changes.
      let center = self.center
      frame = Rect(
        x: center.x - newValue.size.width / 2, y: center.y - newValue.size.height / 2,
        width: newValue.size.width, height: newValue.size.height)
    }
  }

  /// The centre of the frame, in the superview's coordinates.
  public var center: Point {
    get { frame.center }
    set {
      frame.origin = Point(newValue.x - frame.size.width / 2, newValue.y - frame.size.height / 2)
    }
  }

  /// UILabel/UITextField/UITextView `attributedText`; shares `text`'s storage.
  public var attributedText: String? {
    get { text }
    set {
      noteChange("setAttributedText:", restore: nil)
      writableExtras.text = newValue
    }
  }

  /// The built-in drop interaction of a text field or text view, if still installed.
  public var textDropInteraction: DropInteraction? {
    dropInteractions.first { $0.role == .text }
  }

  /// UIButton, UITableView, UICollectionView: spring-load on hover (§7.3).
  /// On a button this installs a spring-loaded interaction that runs `action`;
  /// on a list, one that selects the row or item under the drag.
  public var isSpringLoaded: Bool {
    get { builtInSpringLoadedInteraction != nil }
    set {
      noteChange("setSpringLoaded:", restore: nil)
      if newValue, builtInSpringLoadedInteraction == nil {
        let interaction =
          kind.isList
          ? SpringLoadedInteraction(listFor: self) : SpringLoadedInteraction(buttonActionFor: self)
        builtInSpringLoadedInteraction = interaction
        interaction.view = self
      } else if !newValue {
        builtInSpringLoadedInteraction?.view = nil
        builtInSpringLoadedInteraction = nil
      }
    }
  }

  // MARK: The tree

  /// The window at the root of this view's tree, if it is in one.
  public var window: View? {
    var view = self
    while let parent = view.superview { view = parent }
    return view.kind == .window ? view : nil
  }

  /// The app whose window holds this view.
  public var app: App? { window?.owningApp }

  /// Adds `view` as the front-most subview, removing it from its previous
  /// superview first (re-adding an existing subview brings it to the front).
  public func addSubview(_ view: View) throws {
    try insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` among the subviews (clamped to the valid range).
  public func insertSubview(_ view: View, at index: Int) throws {
    noteChange("addSubview:", restore: nil)
    if view === self { throw raise("Can't add self as subview") }
    // Choice: adding an ancestor would make a cycle; UIKit's message for this case is not
    // on record, so the runtime reuses the self-subview exception's name with its own reason.
    if isDescendant(of: view) { throw raise("Can't add an ancestor as subview") }
    if view.kind == .window { throw raise("Can't add a window as subview") }
    var position = index
    if let old = view.superview, let oldIndex = old.subviews.firstIndex(where: { $0 === view }) {
      old.subviews.remove(at: oldIndex)
      if old === self, oldIndex < position { position -= 1 }
    }
    position = max(0, min(position, subviews.count))
    // A first subview makes room for a few: growing one slot at a time (1,
    // 2, 4, 8) cost a parent of 7 subviews four arrays made and freed.
    if subviews.isEmpty { subviews.reserveCapacity(4) }
    // Appending is the common case (every `addSubview`) and cheaper than inserting.
    if position == subviews.count {
      subviews.append(view)
    } else {
      subviews.insert(view, at: position)
    }
    view.superviewLink = Unmanaged.passUnretained(self)
    if let extras = view.extras, extras.removedFromOutside { extras.removedFromOutside = false }
  }

  /// The number of views from this one up to its root, both included.
  public var depth: Int {
    var count = 1
    var link = superviewLink
    while let parent = link {
      count += 1
      link = parent._withUnsafeGuaranteedRef { $0.superviewLink }
    }
    return count
  }

  /// An NSInvalidArgumentException about the view tree, recorded in the trace.
  private func raise(_ reason: String) -> UIKitException {
    let exception = UIKitException(name: "NSInvalidArgumentException", reason: reason)
    world?.recordException(exception, app: app?.name, view: name)
    return exception
  }

  /// Removes the view as a harness does (an explorer's injected fault), not
  /// the app: `isRemovedFromOutside` says so until the view is added again.
  public func removeFromOutside() {
    removeFromSuperview()
    writableExtras.removedFromOutside = true
  }

  /// Whether a harness removed the view and nothing has added it since.
  public var isRemovedFromOutside: Bool { extras?.removedFromOutside ?? false }

  /// Detaches the view from its superview (a no-op for a root).
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    noteChange("removeFromSuperview", restore: nil)
    if let index = parent.subviews.firstIndex(where: { $0 === self }) {
      parent.subviews.remove(at: index)
    }
    superviewLink = nil
  }

  /// Moves a subview to the front (it is then hit first).
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    try? insertSubview(view, at: subviews.count)
  }

  /// Moves a subview to the back.
  public func sendSubviewToBack(_ view: View) {
    guard view.superview === self else { return }
    try? insertSubview(view, at: 0)
  }

  /// True if `self` is `view` or one of its descendants.
  public func isDescendant(of view: View) -> Bool {
    if view === self { return true }
    let target = Unmanaged.passUnretained(view).toOpaque()
    var link = superviewLink
    while let parent = link {
      if parent.toOpaque() == target { return true }
      link = parent._withUnsafeGuaranteedRef { $0.superviewLink }
    }
    return false
  }

  /// True when the view is in a window and neither it nor an ancestor is hidden
  /// (the test UIKit applies to preview containers, §2.3).
  var isVisibleInWindow: Bool { invisibility == nil }

  /// Why the view fails that test, in the trace's words; nil if it passes.
  var invisibility: String? {
    var candidate: View? = self
    while let current = candidate {
      if current.isHidden { return current === self ? "hidden" : "inside hidden \(current.name)" }
      if current.kind == .window { return nil }
      candidate = current.superview
    }
    return "not in a window"
  }

  // MARK: Interactions

  /// Installs a drag interaction (moving it from another view if needed).
  public func addInteraction(_ interaction: DragInteraction) {
    interaction.view?.removeInteraction(interaction)
    writableExtras.dragInteractions.append(interaction)
    interaction.view = self
  }

  public func addInteraction(_ interaction: DropInteraction) {
    interaction.view?.removeInteraction(interaction)
    writableExtras.dropInteractions.append(interaction)
    interaction.view = self
  }

  public func addInteraction(_ interaction: SpringLoadedInteraction) {
    interaction.view?.removeInteraction(interaction)
    writableExtras.springLoadedInteractions.append(interaction)
    interaction.view = self
  }

  public func removeInteraction(_ interaction: DragInteraction) {
    guard interaction.view === self else { return }
    extras?.dragInteractions.removeAll { $0 === interaction }
    interaction.view = nil
  }

  /// Removing `textDropInteraction` is how a text view stops accepting drops.
  public func removeInteraction(_ interaction: DropInteraction) {
    guard interaction.view === self else { return }
    extras?.dropInteractions.removeAll { $0 === interaction }
    interaction.view = nil
  }

  public func removeInteraction(_ interaction: SpringLoadedInteraction) {
    guard interaction.view === self else { return }
    extras?.springLoadedInteractions.removeAll { $0 === interaction }
    interaction.view = nil
  }

  /// The drop interactions a drag over this view is offered: the explicit ones,
  /// or else the hidden one built from `pasteConfiguration` (§1.8 step 3).
  var effectiveDropInteractions: [DropInteraction] {
    if !dropInteractions.isEmpty { return dropInteractions }
    guard pasteConfiguration != nil else { return [] }
    if let existing = pasteDropInteraction { return [existing] }
    let made = DropInteraction(pasteFor: self)
    pasteDropInteraction = made
    return [made]
  }

  /// The spring-loaded interactions on this view, the button's built-in one first.
  var effectiveSpringLoadedInteractions: [SpringLoadedInteraction] {
    guard let builtIn = builtInSpringLoadedInteraction else { return springLoadedInteractions }
    return [builtIn] + springLoadedInteractions
  }

  /// The app read a UIKit property of the view: off the main queue the
  /// Main Thread Checker reports it. The getter's name is only made then.
  public func noteRead(_ getter: @autoclosure () -> String) {
    guard worldLink.isOffMainQueue, let world = worldLink.world else { return }
    world.noteScriptCall(self, selector: getter())
  }

  /// The app set a UIKit property the view does not watch itself (its tag,
  /// a list's row height): off the main queue the Main Thread Checker
  /// reports it, as it reports the setters the view watches.
  public func noteSetter(_ selector: @autoclosure () -> String, receiver: String? = nil) {
    guard worldLink.isOffMainQueue, let world = worldLink.world else { return }
    world.noteScriptCall(self, selector: selector(), receiver: receiver)
  }

  /// Reports a UIKit setter to the world (Main Thread Checker, lift reversal).
  /// The common case (on the main queue, outside an animation block) is
  /// answered without retaining the world.
  private func noteChange(_ selector: String, restore: ((View) -> Void)?) {
    guard worldLink.wantsChangeNotes, let world = worldLink.world else { return }
    world.noteViewChange(self, selector: selector, restore: restore)
  }
}

extension View: CustomStringConvertible {
  public var description: String { "<\(kind.uikitClassName): \(name); frame = \(frame)>" }
}
