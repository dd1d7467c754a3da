/// UIDragItem: one dragged thing, its item provider, an app-local object and
/// an optional preview provider.
public final class DragItem {
  public let itemProvider: ItemProvider
  /// Visible only inside the app that started the drag (§1.4); other apps see
  /// copies of the item whose `localObject` is nil.
  public var localObject: AnyObject?
  /// Called lazily when the system wants a preview after the lift; a closure
  /// returning nil hides the item's preview (§2.3).
  public var previewProvider: (() throws -> DragPreview?)? {
    didSet { previewProviderVersion += 1 }
  }
  /// Counts assignments to `previewProvider`, so a new one is asked for again.
  private(set) var previewProviderVersion = 0
  /// The version the runtime last asked.
  var askedPreviewProviderVersion = 0
  /// For the copy another app sees: the source app's item.
  public private(set) weak var original: DragItem?
  /// False when the lift preview was nil: no drop or cancel preview is asked for it.
  var hasVisiblePreview = true
  /// The size of the lift preview, when the runtime knows it (a drop item's `previewSize`).
  var liftPreviewSize: Size?
  /// A snapshot of the table or collection view cell the item lifted from:
  /// what its drop preview shows even after the cell was deleted or moved.
  var liftSnapshot: View?
  /// The view the item's preview shows when the delegate chose one: the
  /// lift preview's (`previewForLifting`), then a preview provider's. The
  /// default drop preview shows it (not the whole view the drag began on).
  var previewView: View?
  /// The drag interaction that gave this item (the one that began the drag,
  /// or one a second finger tapped): its view is the item's default preview.
  weak var giver: DragInteraction?

  public init(itemProvider: ItemProvider) {
    self.itemProvider = itemProvider
  }

  /// The item as another app sees it: same data, no local object.
  init(mirroring original: DragItem) {
    self.itemProvider = ItemProvider(mirroring: original.itemProvider)
    self.original = original
    self.hasVisiblePreview = original.hasVisiblePreview
    // The preview another app's list sees is the source's (§8.6 previewSize).
    self.liftPreviewSize = original.liftPreviewSize
  }
}

extension DragItem: CustomStringConvertible {
  public var description: String { "UIDragItem(\(itemProvider))" }
}

/// The parameters of a preview (UIDragPreviewParameters).
public final class DragPreviewParameters {
  /// The visible part of the view, as rectangles in its coordinates; nil is
  /// the whole view.
  public var visiblePath: [Rect]?
  /// Null-resettable in UIKit; white by default (§2.3).
  public var backgroundColor = ColorValue("white")

  public init() {}

  /// `init(textLineRects:)`: the path covers the rectangles; none means the whole view.
  public init(textLineRects: [Rect]) {
    visiblePath = textLineRects.isEmpty ? nil : textLineRects
  }

  /// The bounding box of the visible path.
  var visibleBounds: Rect? {
    guard let rects = visiblePath, let first = rects.first else { return nil }
    var minX = first.minX, minY = first.minY, maxX = first.maxX, maxY = first.maxY
    for rect in rects.dropFirst() {
      minX = min(minX, rect.minX)
      minY = min(minY, rect.minY)
      maxX = max(maxX, rect.maxX)
      maxY = max(maxY, rect.maxY)
    }
    return Rect(minX, minY, maxX - minX, maxY - minY)
  }
}

/// Where a targeted preview animates to (UIDragPreviewTarget).
public struct DragPreviewTarget {
  /// Must be in a window (and not hidden) when the preview is used.
  public let container: View
  /// In the container's coordinates.
  public let center: Point
  /// An extra effect as the preview sets down, such as shrinking into a
  /// garbage can; `init(container:center:)` uses the identity (§2.3).
  public let transform: Transform

  public init(container: View, center: Point, transform: Transform = .identity) {
    self.container = container
    self.center = center
    self.transform = transform
  }
}

extension DragPreviewTarget: CustomStringConvertible {
  /// "trash at (40, 40)", "trash at (40, 40), scale 0.1".
  public var description: String {
    let place = "\(container.name) at \(center)"
    return transform.isIdentity ? place : place + ", " + transform.description
  }
}

/// UITargetedDragPreview: a live view of `view`, animated to `target`.
public final class TargetedDragPreview {
  public let view: View
  public let parameters: DragPreviewParameters
  public let target: DragPreviewTarget
  /// True for the preview UIKit built itself (the `defaultPreview` argument).
  public internal(set) var isDefault = false
  /// True when the script chose the target (`init(view:parameters:target:)`
  /// or `retargetedPreview(with:)`): the trace then says where it flies.
  public let hasChosenTarget: Bool

  public convenience init(
    view: View, parameters: DragPreviewParameters = .init(), target: DragPreviewTarget
  ) {
    self.init(view: view, parameters: parameters, target: target, chosen: true)
  }

  private init(view: View, parameters: DragPreviewParameters, target: DragPreviewTarget, chosen: Bool) {
    self.view = view
    self.parameters = parameters
    self.target = target
    self.hasChosenTarget = chosen
  }

  /// `init(view:parameters:)`: the target is the view's superview at the
  /// view's centre. UIKit requires the view to be in a window; here a view
  /// outside one gives a preview that is invalid when used (treated as nil).
  public convenience init(view: View, parameters: DragPreviewParameters = .init()) {
    let container = view.superview ?? view
    let center = view.superview == nil ? view.bounds.center : view.center
    self.init(
      view: view, parameters: parameters, target: DragPreviewTarget(container: container, center: center),
      chosen: false)
  }

  /// The same view and parameters, animated to a new target.
  public func retargetedPreview(with target: DragPreviewTarget) -> TargetedDragPreview {
    TargetedDragPreview(view: view, parameters: parameters, target: target)
  }

  /// The size of the preview: the visible path's box, or the view's bounds.
  public var size: Size { parameters.visibleBounds?.size ?? view.bounds.size }

  /// A preview whose container is not in a window, or is hidden, is used as
  /// nil (§2.3).
  var isUsable: Bool { target.container.isVisibleInWindow }
}

extension TargetedDragPreview: CustomStringConvertible {
  /// "default preview of gallery[0, 0]", or with a chosen target
  /// "preview of gallery[0, 0] to trash at (40, 40), scale 0.1".
  public var description: String {
    let shown = (isDefault ? "default preview of " : "preview of ") + view.name
    return hasChosenTarget && !isDefault ? shown + " to " + target.description : shown
  }
}

/// UIDragPreview: a static preview without a target (from `previewProvider`).
public final class DragPreview {
  public let view: View
  public let parameters: DragPreviewParameters

  public init(view: View, parameters: DragPreviewParameters = .init()) {
    self.view = view
    self.parameters = parameters
  }
}
