// Text fields and text views accept text drops on their own through a
// built-in drop interaction (`textDropInteraction`), steered by an optional
// UITextDropDelegate (§6.4).

/// `UITextDropEditability`: whether a non-editable text view takes a drop.
public enum TextDropEditability: Int, Codable, Sendable {
  case no = 0, temporary = 1, yes = 2
}

/// `UITextDropAction`.
public enum TextDropAction: Int, Codable, Sendable {
  case insert = 0, replaceSelection = 1, replaceAll = 2
}

/// `UITextDropProgressMode`.
public enum TextDropProgressMode: Int, Codable, Sendable {
  case system = 0, custom = 1
}

/// `UITextDropPerformer`.
public enum TextDropPerformer: Int, Codable, Sendable {
  case view = 0, delegate = 1
}

/// UITextDropProposal: a drop proposal with text-specific choices; creating
/// one sets `isPrecise`.
public final class TextDropProposal: DropProposal {
  public var dropAction = TextDropAction.insert
  public var dropProgressMode = TextDropProgressMode.system
  public var useFastSameViewOperations = true
  public var dropPerformer = TextDropPerformer.view

  public override init(operation: DropOperation) {
    super.init(operation: operation)
    isPrecise = true
  }
}

/// UITextDropRequest: what the text drop delegate is asked about.
public final class TextDropRequest {
  public let dropSession: DropSession
  public let suggestedProposal: TextDropProposal
  /// The drag started in this same text view.
  public let isSameView: Bool
  /// The text position of the drop. The model has no text layout, so this is
  /// always the end of the text.
  public let dropPosition: Int

  init(dropSession: DropSession, suggestedProposal: TextDropProposal, isSameView: Bool, dropPosition: Int) {
    self.dropSession = dropSession
    self.suggestedProposal = suggestedProposal
    self.isSameView = isSameView
    self.dropPosition = dropPosition
  }
}

/// UITextDropDelegate, as optional closures (nil = not implemented).
public final class TextDropDelegate {
  public var willBecomeEditableForDrop: ((TextDropRequest) throws -> TextDropEditability)?
  public var proposalForDrop: ((TextDropRequest) throws -> TextDropProposal)?
  public var willPerformDrop: ((TextDropRequest) throws -> Void)?
  public var dropSessionDidEnter: ((DropSession) throws -> Void)?
  public var dropSessionDidUpdate: ((DropSession) throws -> Void)?
  public var dropSessionDidExit: ((DropSession) throws -> Void)?
  public var dropSessionDidEnd: ((DropSession) throws -> Void)?

  public init() {}
}
