/// Every global name the language knows before a script declares anything:
/// the core functions and types the interpreter implements, and the UIKit and
/// Foundation names the binding implements. The checker accepts them all;
/// whether one is implemented in a given run is the interpreter's business.
///
/// The raw value is the builtin's id within a run (compiled code and
/// fingerprints hold it; nothing stores it): new names go at the end of
/// their group's last case list, since `kind` tells the groups apart by id.
public enum Builtin: UInt16, CaseIterable, Sendable {
  // Core functions
  case print, min, max, abs, stride, zip
  // Core types
  case string, int, double, bool, array, dictionary, float, cgFloat, any, anyObject, nsString
  case nsObject, character
  // UIKit and Foundation, implemented by the binding
  case uiDragItem, nsItemProvider, uiDropProposal, uiTableViewDropProposal
  case uiCollectionViewDropProposal, uiDragPreview, uiTargetedDragPreview, uiDragPreviewTarget
  case uiDragPreviewParameters, uiPasteConfiguration, uiSpringLoadedInteraction, indexPath
  case rect, cgRect, point, cgPoint, size, cgSize, uiImage, url, nsURL, nsAttributedString
  case uiColor, data, progress, uiDropOperation, uiViewAnimatingPosition, userDefaults, json
  case cell, uiTableViewCell, uiCollectionViewCell, uiCollectionViewDropPlaceholder
  case uiTableViewDropPlaceholder, dispatchQueue, cgAffineTransform, dispatchTime
  // UIKit classes and protocols that only appear in casts and annotations
  case uiView, uiLabel, uiImageView, uiTextField, uiTextView, uiButton, uiTableView
  case uiCollectionView, uiDragSession, uiDropSession, uiDragInteraction, uiDropInteraction
  case uiTableViewDropCoordinator, uiCollectionViewDropCoordinator, uiDragAnimating
  case uiTableViewDropItem, uiCollectionViewDropItem, uiSpringLoadedInteractionContext
  case uiTextDropProposal, uiDragDropSession
  // Values the binding provides to scenarios
  case lastProposal
  // The drag session of the finger holding a drag, or nil
  case activeSession
  // The delegate calls the script's handlers received so far, in order
  case delegateCalls

  /// Whether the name is called like a function (`print(x)`), names a type
  /// (`String`, `UIDragItem(...)`, `x as? UIImage`), or is a value the
  /// binding provides (`lastProposal`, the last drop proposal of a run).
  public enum Kind: Sendable {
    case function, type, value
  }

  public var kind: Kind {
    if rawValue <= Builtin.zip.rawValue { return .function }
    return rawValue >= Builtin.lastProposal.rawValue ? .value : .type
  }

  /// True for the names the interpreter implements itself; the rest are the
  /// binding's.
  public var isCore: Bool { rawValue <= Builtin.character.rawValue }

  /// The builtin a script spells `name`, if any.
  public static func named(_ name: String) -> Builtin? { byName[name] }

  /// Every spelling, for "did you mean" suggestions.
  public static let allNames: [String] = allCases.map(\.spelling)

  private static let byName: [String: Builtin] = {
    var table: [String: Builtin] = [:]
    for builtin in allCases { table[builtin.spelling] = builtin }
    return table
  }()

  /// The name as a script writes it.
  public var spelling: String {
    switch self {
    case .print: "print"
    case .min: "min"
    case .max: "max"
    case .abs: "abs"
    case .stride: "stride"
    case .zip: "zip"
    case .string: "String"
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .array: "Array"
    case .dictionary: "Dictionary"
    case .float: "Float"
    case .cgFloat: "CGFloat"
    case .any: "Any"
    case .anyObject: "AnyObject"
    case .nsString: "NSString"
    case .nsObject: "NSObject"
    case .character: "Character"
    case .uiDragItem: "UIDragItem"
    case .nsItemProvider: "NSItemProvider"
    case .uiDropProposal: "UIDropProposal"
    case .uiTableViewDropProposal: "UITableViewDropProposal"
    case .uiCollectionViewDropProposal: "UICollectionViewDropProposal"
    case .uiDragPreview: "UIDragPreview"
    case .uiTargetedDragPreview: "UITargetedDragPreview"
    case .uiDragPreviewTarget: "UIDragPreviewTarget"
    case .uiDragPreviewParameters: "UIDragPreviewParameters"
    case .uiPasteConfiguration: "UIPasteConfiguration"
    case .uiSpringLoadedInteraction: "UISpringLoadedInteraction"
    case .indexPath: "IndexPath"
    case .rect: "Rect"
    case .cgRect: "CGRect"
    case .point: "Point"
    case .cgPoint: "CGPoint"
    case .size: "Size"
    case .cgSize: "CGSize"
    case .uiImage: "UIImage"
    case .url: "URL"
    case .nsURL: "NSURL"
    case .nsAttributedString: "NSAttributedString"
    case .uiColor: "UIColor"
    case .data: "Data"
    case .progress: "Progress"
    case .uiDropOperation: "UIDropOperation"
    case .uiViewAnimatingPosition: "UIViewAnimatingPosition"
    case .userDefaults: "UserDefaults"
    case .json: "JSON"
    case .cell: "Cell"
    case .uiTableViewCell: "UITableViewCell"
    case .uiCollectionViewCell: "UICollectionViewCell"
    case .uiCollectionViewDropPlaceholder: "UICollectionViewDropPlaceholder"
    case .uiTableViewDropPlaceholder: "UITableViewDropPlaceholder"
    case .dispatchQueue: "DispatchQueue"
    case .cgAffineTransform: "CGAffineTransform"
    case .dispatchTime: "DispatchTime"
    case .uiView: "UIView"
    case .uiLabel: "UILabel"
    case .uiImageView: "UIImageView"
    case .uiTextField: "UITextField"
    case .uiTextView: "UITextView"
    case .uiButton: "UIButton"
    case .uiTableView: "UITableView"
    case .uiCollectionView: "UICollectionView"
    case .uiDragSession: "UIDragSession"
    case .uiDropSession: "UIDropSession"
    case .uiDragInteraction: "UIDragInteraction"
    case .uiDropInteraction: "UIDropInteraction"
    case .uiTableViewDropCoordinator: "UITableViewDropCoordinator"
    case .uiCollectionViewDropCoordinator: "UICollectionViewDropCoordinator"
    case .uiDragAnimating: "UIDragAnimating"
    case .uiTableViewDropItem: "UITableViewDropItem"
    case .uiCollectionViewDropItem: "UICollectionViewDropItem"
    case .uiSpringLoadedInteractionContext: "UISpringLoadedInteractionContext"
    case .uiTextDropProposal: "UITextDropProposal"
    case .uiDragDropSession: "UIDragDropSession"
    case .lastProposal: "lastProposal"
    case .activeSession: "activeSession"
    case .delegateCalls: "delegateCalls"
    }
  }
}
