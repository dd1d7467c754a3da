// The two faces of a drag session (§4): UIDragSession for the source app and
// UIDropSession for a destination app. Both are handles onto one DragState.

/// UIDragSession: the session as the app that started the drag sees it.
public final class DragSession {
  let state: DragState

  init(state: DragState) {
    self.state = state
  }

  /// The session's number in the world (the trace's `session=`).
  public var id: Int { state.id }
  public var items: [DragItem] { state.items }

  /// The drag's location in `view`'s coordinates.
  public func location(in view: View) -> Point {
    view.point(fromScreen: state.location)
  }

  /// The source delegate's answer (true until it has been asked).
  public var allowsMoveOperation: Bool { state.allowsMove }
  public var isRestrictedToDraggingApplication: Bool { state.isRestricted }

  /// True if any item conforms to any of the types (UTI conformance).
  public func hasItemsConforming(toTypeIdentifiers types: [String]) -> Bool {
    state.items.contains { item in types.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) }
    }
  }

  public func canLoadObjects(ofClass objectClass: ObjectClass) -> Bool {
    state.items.contains { $0.itemProvider.canLoadObject(ofClass: objectClass) }
  }

  /// Extra information visible only inside the source app.
  public var localContext: AnyObject? {
    get { state.localContext }
    set { state.localContext = newValue }
  }
}

extension DragSession: CustomStringConvertible {
  public var description: String { "UIDragSession(\(state.id), \(state.items.count) items)" }
}

/// UIDropSession: the session as a destination app sees it.
public final class DropSession {
  let state: DragState
  /// The app this face belongs to.
  public private(set) weak var app: App?
  private let isLocal: Bool

  init(state: DragState, app: App) {
    self.state = state
    self.app = app
    self.isLocal = state.isLocal(to: app)
  }

  public var id: Int { state.id }

  /// In the source app, the dragged items; elsewhere, copies without local objects.
  public var items: [DragItem] { state.items(seenBy: app) }

  public func location(in view: View) -> Point {
    view.point(fromScreen: state.location)
  }

  /// Moves are only ever allowed inside the source app (§1.4).
  public var allowsMoveOperation: Bool { isLocal && state.allowsMove }
  public var isRestrictedToDraggingApplication: Bool { state.isRestricted }

  public func hasItemsConforming(toTypeIdentifiers types: [String]) -> Bool {
    items.contains { item in types.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) } }
  }

  public func canLoadObjects(ofClass objectClass: ObjectClass) -> Bool {
    items.contains { $0.itemProvider.canLoadObject(ofClass: objectClass) }
  }

  /// The drag session when the drag started in this app, else nil.
  public var localDragSession: DragSession? { isLocal ? state.dragSession : nil }

  public var progressIndicatorStyle: DropSessionProgressIndicatorStyle {
    get { state.progressIndicatorStyle }
    set { state.progressIndicatorStyle = newValue }
  }

  /// Aggregate progress of every load the destination started.
  public var progress: LoadProgress { state.progress }

  /// `loadObjects(ofClass:completion:)`: one object per item that can
  /// produce the class, delivered together on the main queue in item order.
  /// Items whose load fails are left out.
  ///
  /// Choice (§13.7): called outside performDrop, nothing is loaded; the
  /// console says why and the completion gets an empty array on the main queue.
  @discardableResult
  public func loadObjects(
    ofClass objectClass: ObjectClass, completion: @escaping ([ItemValue]) throws -> Void
  ) throws -> LoadProgress {
    let aggregate = LoadProgress(aggregate: ())
    guard let world = state.world else { return aggregate }
    let argument = TraceArgument("class", objectClass.uikitName)
    let phase = state.loadPhase
    world.record(
      .step, "loadObjects(ofClass:)", phase: phase, session: state.id, app: app?.name,
      arguments: [argument])
    // Through the world's link: the item loads keep this function, and the
    // session and the world keep the loads; strong references would make a
    // cycle that outlives the scene (and the script the completion captured).
    let worldLink = world.link
    let sessionID = state.id
    let appName = app?.name
    func complete(_ objects: [ItemValue]) throws {
      guard let scheduler = worldLink.world?.scheduler else { return }
      // The class is in the label: an explored order lists these completions.
      try scheduler.enqueue(on: scheduler.main, label: "loadObjects(ofClass:) \(argument.value) completion") {
        worldLink.world?.record(
          .step, "loadObjectsCompletion", phase: phase, session: sessionID, app: appName,
          arguments: [argument], result: objects.count == 1 ? "1 object" : "\(objects.count) objects")
        try completion(objects)
      }
    }
    guard state.isDataAccessOpen else {
      world.warn(
        "loadObjects(ofClass:) was called outside \(state.dropMethodName); data can only be "
          + "requested during the drop, so nothing is loaded", phase: phase, session: state.id)
      try complete([])
      return aggregate
    }
    let loadable = items.filter { $0.itemProvider.canLoadObject(ofClass: objectClass) }
    if loadable.isEmpty {
      try complete([])
      return aggregate
    }
    var results = [ItemValue?](repeating: nil, count: loadable.count)
    var remaining = loadable.count
    for (index, item) in loadable.enumerated() {
      world.nextEventByUIKit = true
      defer { world.nextEventByUIKit = false }
      let load = try item.itemProvider.loadObject(ofClass: objectClass) { value, _ in
        results[index] = value
        remaining -= 1
        if remaining == 0 { try complete(results.compactMap { $0 }) }
      }
      aggregate.addChild(load)
    }
    return aggregate
  }
}

extension DropSession: CustomStringConvertible {
  public var description: String { "UIDropSession(\(state.id), \(items.count) items)" }
}
