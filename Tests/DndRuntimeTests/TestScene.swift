@testable import DndRuntime

/// A small scene for tests: a world with one app whose root view fills the window.
struct TestScene {
  let world: World
  let app: App
  let root: View

  init(device: Device = .iPad, appName: String = "Demo") throws {
    world = World(device: device)
    app = world.addApp(appName)
    root = View(.view, name: "root", frame: Rect(origin: .zero, size: app.frame.size), world: world)
    try app.addSubview(root)
  }

  var fingers: TouchDriver { world.fingers }
  var trace: Trace { world.trace }

  /// Adds a view under `parent` (default: the root).
  @discardableResult
  func add(_ kind: ViewKind, _ name: String, _ frame: Rect, in parent: View? = nil) throws -> View {
    let view = View(kind, name: name, frame: frame, world: world)
    try (parent ?? root).addSubview(view)
    return view
  }

  /// A provider of a string.
  func provider(_ text: String) -> ItemProvider {
    ItemProvider(object: .string(text), world: world)
  }

  /// A drag interaction whose items carry the given strings.
  @discardableResult
  func makeDragSource(_ view: View, strings: [String] = ["Hello"]) -> DragInteractionDelegate {
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in strings.map { DragItem(itemProvider: self.provider($0)) } }
    view.addInteraction(DragInteraction(delegate: delegate))
    return delegate
  }

  /// A drop interaction that proposes `operation` and loads strings into the
  /// view's text on performDrop.
  @discardableResult
  func makeDropTarget(_ view: View, operation: DropOperation = .copy) -> DropInteractionDelegate {
    let delegate = DropInteractionDelegate()
    delegate.sessionDidUpdate = { _ in DropProposal(operation: operation) }
    delegate.performDrop = { session in
      try session.loadObjects(ofClass: .string) { values in
        view.text = values.compactMap { value -> String? in
          if case .string(let text) = value { return text }
          return nil
        }.joined(separator: ",")
      }
    }
    view.addInteraction(DropInteraction(delegate: delegate))
    return delegate
  }

  /// UIKit spellings of the calls made (defaults excluded).
  var calls: [String] { trace.calledMethods }

  /// Script names of the calls made, optionally only those on one view.
  func callNames(view: String? = nil) -> [String] {
    trace.events.filter { $0.kind == .call && (view == nil || $0.view == view) }.map(\.name)
  }
}

extension TestScene {
  /// A drag delegate implementing every method with UIKit's default answers,
  /// so that each call shows up in the trace.
  @discardableResult
  func makeFullDragSource(
    _ view: View, strings: [String] = ["Hello"], name: String = "dragInteraction"
  )
    -> DragInteractionDelegate
  {
    let delegate = DragInteractionDelegate()
    delegate.itemsForBeginning = { _ in strings.map { DragItem(itemProvider: self.provider($0)) } }
    delegate.previewForLifting = { _, _ in TargetedDragPreview(view: view) }
    delegate.willAnimateLiftWith = { _, _ in }
    delegate.sessionWillBegin = { _ in }
    delegate.sessionAllowsMoveOperation = { _ in true }
    delegate.sessionIsRestrictedToDraggingApplication = { _ in false }
    delegate.prefersFullSizePreviewsForSession = { _ in false }
    delegate.sessionDidMove = { _ in }
    delegate.willEndWith = { _, _ in }
    delegate.didEndWith = { _, _ in }
    delegate.sessionDidTransferItems = { _ in }
    delegate.itemsForAddingTo = { _, _ in [DragItem(itemProvider: self.provider("added"))] }
    delegate.willAdd = { _, _, _ in }
    delegate.previewForCancelling = { _, preview in preview }
    delegate.willAnimateCancelWith = { _, _ in }
    view.addInteraction(DragInteraction(delegate: delegate, name: name))
    return delegate
  }

  /// A drop delegate implementing every method; it proposes `operation` and
  /// loads strings into the view's text.
  @discardableResult
  func makeFullDropTarget(
    _ view: View, operation: DropOperation = .copy, name: String = "dropInteraction"
  )
    -> DropInteractionDelegate
  {
    let delegate = DropInteractionDelegate()
    delegate.canHandle = { session in session.canLoadObjects(ofClass: .string) }
    delegate.sessionDidEnter = { _ in }
    delegate.sessionDidUpdate = { _ in DropProposal(operation: operation) }
    delegate.sessionDidExit = { _ in }
    delegate.performDrop = { session in
      try session.loadObjects(ofClass: .string) { values in
        view.text = values.map(\.description).joined(separator: ",")
      }
    }
    delegate.concludeDrop = { _ in }
    delegate.sessionDidEnd = { _ in }
    delegate.previewForDropping = { _, preview in preview }
    delegate.willAnimateDropWith = { _, _ in }
    view.addInteraction(DropInteraction(delegate: delegate, name: name))
    return delegate
  }

  /// A source label and a target label, both taking touches.
  func sourceAndTarget() throws -> (source: View, target: View) {
    let source = try add(.label, "source", Rect(10, 100, 200, 30))
    source.isUserInteractionEnabled = true
    let target = try add(.label, "target", Rect(10, 300, 300, 30))
    target.isUserInteractionEnabled = true
    return (source, target)
  }
}
