/// UIDragInteractionDelegate as optional closures, one per method (§2.2).
/// nil means "not implemented", which selects UIKit's default. The closures
/// get the method's arguments after the interaction; an error a closure
/// throws leaves the finger call that caused it unchanged.
public final class DragInteractionDelegate {
  /// Required in UIKit; nil here behaves as returning no items (no lift).
  public var itemsForBeginning: ((DragSession) throws -> [DragItem])?
  /// nil result: the item is not visible and has no lift animation.
  public var previewForLifting: ((DragItem, DragSession) throws -> TargetedDragPreview?)?
  public var willAnimateLiftWith: ((DragAnimator, DragSession) throws -> Void)?
  public var sessionWillBegin: ((DragSession) throws -> Void)?
  /// Default true.
  public var sessionAllowsMoveOperation: ((DragSession) throws -> Bool)?
  /// Default false.
  public var sessionIsRestrictedToDraggingApplication: ((DragSession) throws -> Bool)?
  /// Default false.
  public var prefersFullSizePreviewsForSession: ((DragSession) throws -> Bool)?
  public var sessionDidMove: ((DragSession) throws -> Void)?
  public var willEndWith: ((DragSession, DropOperation) throws -> Void)?
  public var didEndWith: ((DragSession, DropOperation) throws -> Void)?
  public var sessionDidTransferItems: ((DragSession) throws -> Void)?
  /// The point is in the interaction's view. Default: no items.
  public var itemsForAddingTo: ((DragSession, Point) throws -> [DragItem])?
  /// Asked when two or more sessions could take the items. Default nil (add nothing).
  public var sessionForAddingItems: (([DragSession], Point) throws -> DragSession?)?
  public var willAdd: ((DragSession, [DragItem], DragInteraction) throws -> Void)?
  /// Default nil: the item fades in place.
  public var previewForCancelling: ((DragItem, TargetedDragPreview) throws -> TargetedDragPreview?)?
  public var willAnimateCancelWith: ((DragItem, DragAnimator) throws -> Void)?

  public init() {}
}

/// UIDragInteraction: lets its view start drags (long press) and add items to
/// a drag in progress (tap).
public final class DragInteraction {
  public let delegate: DragInteractionDelegate
  /// The name the trace prints ("dragInteraction" unless named).
  public var name: String
  public internal(set) weak var view: View?
  var explicitIsEnabled: Bool?
  /// Set on the interaction a table or collection view installs: the engine
  /// asks the list's drag delegate instead of `delegate`.
  weak var list: ListView?
  /// Accepted and kept; the runtime does not model competing gesture
  /// recognisers, so it changes nothing.
  public var allowsSimultaneousRecognitionDuringLift = false

  public init(delegate: DragInteractionDelegate = DragInteractionDelegate(), name: String = "dragInteraction")
  {
    self.delegate = delegate
    self.name = name
  }

  /// If never set, `isEnabledByDefault` for the view's device (§2.1); a
  /// list's interaction follows its `dragInteractionEnabled`.
  public var isEnabled: Bool {
    get {
      explicitIsEnabled ?? list?.dragInteractionEnabled ?? view?.world?.device
        .isDragInteractionEnabledByDefault
        ?? true
    }
    set { explicitIsEnabled = newValue }
  }

  /// `UIDragInteraction.isEnabledByDefault` on a device.
  public static func isEnabledByDefault(on device: Device) -> Bool {
    device.isDragInteractionEnabledByDefault
  }
}

extension DragInteraction: CustomStringConvertible {
  public var description: String { "<UIDragInteraction \(name) on \(view?.name ?? "no view")>" }
}
