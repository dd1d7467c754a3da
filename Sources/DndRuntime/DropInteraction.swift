/// UIDropInteractionDelegate as optional closures, one per method (§3.5).
/// nil means "not implemented", which selects UIKit's default.
public final class DropInteractionDelegate {
  /// Default true. False: the interaction ignores the session.
  public var canHandle: ((DropSession) throws -> Bool)?
  public var sessionDidEnter: ((DropSession) throws -> Void)?
  /// Not implemented: the view accepts no drop (§3.4).
  public var sessionDidUpdate: ((DropSession) throws -> DropProposal)?
  public var sessionDidExit: ((DropSession) throws -> Void)?
  /// Not implemented: the view accepts no drop either (§3.4, reported).
  public var performDrop: ((DropSession) throws -> Void)?
  public var concludeDrop: ((DropSession) throws -> Void)?
  public var sessionDidEnd: ((DropSession) throws -> Void)?
  /// Default: the default preview.
  public var previewForDropping: ((DragItem, TargetedDragPreview) throws -> TargetedDragPreview?)?
  public var willAnimateDropWith: ((DragItem, DragAnimator) throws -> Void)?

  public init() {}
}

/// UIDropInteraction: makes its view a drop target.
///
/// Besides the interactions scripts add, two kinds are built by UIKit: the
/// text drop interaction of text fields and text views (§6.4) and the hidden
/// one a `pasteConfiguration` implies (§6.3). They share the tracking rules.
public final class DropInteraction {
  /// Who answers for the interaction: a script's delegate, or UIKit's own
  /// text or paste-configuration behaviour.
  enum Role { case delegate, text, paste, list }

  public let delegate: DropInteractionDelegate
  /// The name the trace prints ("dropInteraction" unless named).
  public var name: String
  /// Default false: a second session is ignored while one is inside (§3.1).
  public var allowsSimultaneousDropSessions: Bool
  public internal(set) weak var view: View?
  let role: Role
  /// The table or collection view whose drop delegate answers (role `list`).
  private(set) weak var list: ListView?
  /// The sessions currently inside (entered and not exited), by number.
  var activeSessions: [Int] = []

  public init(delegate: DropInteractionDelegate = DropInteractionDelegate(), name: String = "dropInteraction")
  {
    self.delegate = delegate
    self.name = name
    self.role = .delegate
    self.allowsSimultaneousDropSessions = false
  }

  /// The built-in `textDropInteraction` of a text field or text view.
  init(textDropFor view: View) {
    self.delegate = DropInteractionDelegate()
    self.name = "textDropInteraction"
    self.role = .text
    self.allowsSimultaneousDropSessions = false
    self.view = view
  }

  /// The hidden interaction a paste configuration implies: simultaneous
  /// sessions allowed, no visual effect (§6.3).
  init(pasteFor view: View) {
    self.delegate = DropInteractionDelegate()
    self.name = "pasteConfiguration"
    self.role = .paste
    self.allowsSimultaneousDropSessions = true
    self.view = view
  }

  /// The drop interaction a table or collection view installs when it gets a
  /// drop delegate: its answers come from the list (§8.3, §9.2).
  init(listFor view: View, list: ListView) {
    self.delegate = DropInteractionDelegate()
    self.name = "dropDelegate"
    self.role = .list
    self.allowsSimultaneousDropSessions = false
    self.view = view
    self.list = list
  }

  /// True if another session occupies the interaction and it takes one at a time.
  func isBusy(excluding session: Int) -> Bool {
    !allowsSimultaneousDropSessions && activeSessions.contains { $0 != session }
  }
}

extension DropInteraction: CustomStringConvertible {
  public var description: String { "<UIDropInteraction \(name) on \(view?.name ?? "no view")>" }
}
