// The catalogue of delegate methods: the name a script gives a handler and
// UIKit's spelling, which the trace prints. The binding and the checker can
// use the `all` lists to validate handler names.

/// One delegate method (or handler) of UIKit's drag and drop protocols.
public struct DelegateMethod: Hashable, Sendable {
  /// The script's name, e.g. `performDrop`.
  public let name: String
  /// UIKit's spelling, e.g. `dropInteraction(_:performDrop:)`.
  public let uikit: String

  init(_ name: String, _ uikit: String) {
    self.name = name
    self.uikit = uikit
  }
}

/// UIDragInteractionDelegate.
public enum DragMethods {
  public static let itemsForBeginning = DelegateMethod(
    "itemsForBeginning", "dragInteraction(_:itemsForBeginning:)")
  public static let previewForLifting = DelegateMethod(
    "previewForLifting", "dragInteraction(_:previewForLifting:session:)")
  public static let willAnimateLiftWith = DelegateMethod(
    "willAnimateLiftWith", "dragInteraction(_:willAnimateLiftWith:session:)")
  public static let sessionWillBegin = DelegateMethod(
    "sessionWillBegin", "dragInteraction(_:sessionWillBegin:)")
  public static let sessionAllowsMoveOperation = DelegateMethod(
    "sessionAllowsMoveOperation", "dragInteraction(_:sessionAllowsMoveOperation:)")
  public static let sessionIsRestrictedToDraggingApplication = DelegateMethod(
    "sessionIsRestrictedToDraggingApplication", "dragInteraction(_:sessionIsRestrictedToDraggingApplication:)"
  )
  public static let prefersFullSizePreviewsForSession = DelegateMethod(
    "prefersFullSizePreviewsForSession", "dragInteraction(_:prefersFullSizePreviewsForSession:)")
  public static let sessionDidMove = DelegateMethod("sessionDidMove", "dragInteraction(_:sessionDidMove:)")
  public static let willEndWith = DelegateMethod("willEndWith", "dragInteraction(_:session:willEndWith:)")
  public static let didEndWith = DelegateMethod("didEndWith", "dragInteraction(_:session:didEndWith:)")
  public static let sessionDidTransferItems = DelegateMethod(
    "sessionDidTransferItems", "dragInteraction(_:sessionDidTransferItems:)")
  public static let itemsForAddingTo = DelegateMethod(
    "itemsForAddingTo", "dragInteraction(_:itemsForAddingTo:withTouchAt:)")
  public static let sessionForAddingItems = DelegateMethod(
    "sessionForAddingItems", "dragInteraction(_:sessionForAddingItems:withTouchAt:)")
  public static let willAdd = DelegateMethod("willAdd", "dragInteraction(_:session:willAdd:for:)")
  public static let previewForCancelling = DelegateMethod(
    "previewForCancelling", "dragInteraction(_:previewForCancelling:withDefault:)")
  public static let willAnimateCancelWith = DelegateMethod(
    "willAnimateCancelWith", "dragInteraction(_:item:willAnimateCancelWith:)")

  public static let all = [
    itemsForBeginning, previewForLifting, willAnimateLiftWith, sessionWillBegin, sessionAllowsMoveOperation,
    sessionIsRestrictedToDraggingApplication, prefersFullSizePreviewsForSession, sessionDidMove, willEndWith,
    didEndWith, sessionDidTransferItems, itemsForAddingTo, sessionForAddingItems, willAdd,
    previewForCancelling,
    willAnimateCancelWith,
  ]
}

/// UIDropInteractionDelegate.
public enum DropMethods {
  public static let canHandle = DelegateMethod("canHandle", "dropInteraction(_:canHandle:)")
  public static let sessionDidEnter = DelegateMethod("sessionDidEnter", "dropInteraction(_:sessionDidEnter:)")
  public static let sessionDidUpdate = DelegateMethod(
    "sessionDidUpdate", "dropInteraction(_:sessionDidUpdate:)")
  public static let sessionDidExit = DelegateMethod("sessionDidExit", "dropInteraction(_:sessionDidExit:)")
  public static let performDrop = DelegateMethod("performDrop", "dropInteraction(_:performDrop:)")
  public static let concludeDrop = DelegateMethod("concludeDrop", "dropInteraction(_:concludeDrop:)")
  public static let sessionDidEnd = DelegateMethod("sessionDidEnd", "dropInteraction(_:sessionDidEnd:)")
  public static let previewForDropping = DelegateMethod(
    "previewForDropping", "dropInteraction(_:previewForDropping:withDefault:)")
  public static let willAnimateDropWith = DelegateMethod(
    "willAnimateDropWith", "dropInteraction(_:item:willAnimateDropWith:)")

  public static let all = [
    canHandle, sessionDidEnter, sessionDidUpdate, sessionDidExit, performDrop, concludeDrop, sessionDidEnd,
    previewForDropping, willAnimateDropWith,
  ]
}

/// UISpringLoadedInteraction's handler, behaviour and effect.
public enum SpringLoadedMethods {
  public static let activated = DelegateMethod("activated", "activationHandler(_:_:)")
  public static let shouldAllow = DelegateMethod(
    "shouldAllow", "UISpringLoadedInteractionBehavior.shouldAllow(_:with:)")
  public static let didChangeWith = DelegateMethod(
    "didChangeWith", "UISpringLoadedInteractionEffect.interaction(_:didChangeWith:)")
  public static let interactionDidFinish = DelegateMethod(
    "interactionDidFinish", "UISpringLoadedInteractionBehavior.interactionDidFinish(_:)")

  public static let all = [activated, shouldAllow, didChangeWith, interactionDidFinish]
}

/// UITextDropDelegate.
public enum TextDropMethods {
  public static let willBecomeEditableForDrop = DelegateMethod(
    "willBecomeEditableForDrop", "textDroppableView(_:willBecomeEditableForDrop:)")
  public static let proposalForDrop = DelegateMethod(
    "proposalForDrop", "textDroppableView(_:proposalForDrop:)")
  public static let willPerformDrop = DelegateMethod(
    "willPerformDrop", "textDroppableView(_:willPerformDrop:)")
  public static let dropSessionDidEnter = DelegateMethod(
    "dropSessionDidEnter", "textDroppableView(_:dropSessionDidEnter:)")
  public static let dropSessionDidUpdate = DelegateMethod(
    "dropSessionDidUpdate", "textDroppableView(_:dropSessionDidUpdate:)")
  public static let dropSessionDidExit = DelegateMethod(
    "dropSessionDidExit", "textDroppableView(_:dropSessionDidExit:)")
  public static let dropSessionDidEnd = DelegateMethod(
    "dropSessionDidEnd", "textDroppableView(_:dropSessionDidEnd:)")

  public static let all = [
    willBecomeEditableForDrop, proposalForDrop, willPerformDrop, dropSessionDidEnter, dropSessionDidUpdate,
    dropSessionDidExit, dropSessionDidEnd,
  ]
}

/// Closures a script sets on runtime objects rather than delegate methods.
public enum ItemMethods {
  /// `UIDragItem.previewProvider`, asked lazily once the drag is under way.
  public static let previewProvider = DelegateMethod("previewProvider", "UIDragItem.previewProvider")
}

/// Handlers written directly in a view: paste support and a button's action.
public enum ViewMethods {
  public static let paste = DelegateMethod("paste", "paste(itemProviders:)")
  public static let canPaste = DelegateMethod("canPaste", "canPaste(_:)")
  public static let action = DelegateMethod("action", "sendActions(for: .primaryActionTriggered)")

  public static let all = [paste, canPaste, action]
}
