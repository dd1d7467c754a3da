/// UIDropOperation with UIKit's raw values (§3.2).
public enum DropOperation: Int, Codable, Sendable, CustomStringConvertible {
  case cancel = 0, forbidden = 1, copy = 2, move = 3

  /// Copy and move transfer data; cancel and forbidden do not.
  public var transfersData: Bool { self == .copy || self == .move }

  public var description: String {
    switch self {
    case .cancel: "cancel"
    case .forbidden: "forbidden"
    case .copy: "copy"
    case .move: "move"
    }
  }

  /// The internal `_UIDragOperation` bit UIKit's console line prints (§3.4).
  var internalValue: Int {
    switch self {
    case .copy: 1
    case .move: 16
    case .cancel, .forbidden: 0
    }
  }
}

/// UIDropProposal: what a drop interaction would do if the finger lifted now.
/// A class, as in UIKit, so a handler can create one and then set its flags.
public class DropProposal {
  public let operation: DropOperation
  /// The interaction wants precise placement (§3.3).
  public var isPrecise = false
  /// Show previews unscaled while this proposal holds; same-app drags only.
  public var prefersFullSizePreview = false

  public init(operation: DropOperation) {
    self.operation = operation
  }

  /// The trace's rendering: `copy`, `move (precise, full size)`, ...
  public var summary: String {
    var flags: [String] = []
    if isPrecise { flags.append("precise") }
    if prefersFullSizePreview { flags.append("full size") }
    return flags.isEmpty ? operation.description : "\(operation) (\(flags.joined(separator: ", ")))"
  }
}

extension DropProposal: CustomStringConvertible {
  public var description: String { "UIDropProposal(\(summary))" }
}
