/// An app on the screen: a window (placed on the screen by its frame) and the
/// view tree under it. Several apps side by side on an iPad let a drag leave
/// one app and land in another.
public final class App {
  public let name: String
  /// The root of the app's views; its frame is the app's place on the screen.
  public let window: View
  private let worldLink: WorldLink
  /// The world this app is in; nil once it is gone.
  public var world: World? { worldLink.world }
  /// Apps without an explicit frame share the screen in equal columns.
  var hasAutomaticFrame = true

  init(name: String, world: World) {
    self.name = name
    self.worldLink = world.link
    self.window = View(.window, name: name + ".window", world: world)
    window.owningApp = self
  }

  /// The window's frame, in screen coordinates.
  public var frame: Rect {
    get { window.frame }
    set {
      hasAutomaticFrame = false
      window.frame = newValue
    }
  }

  /// Adds a view to the app's window (front-most).
  public func addSubview(_ view: View) throws {
    try window.addSubview(view)
  }
}

extension App: CustomStringConvertible {
  public var description: String { "<App \(name); frame = \(frame)>" }
}

/// Another app reduced to the items it offers for dragging (a web page with an
/// image, say): it has no views and no delegates, only named items. A scenario
/// starts a drag "in Safari" from one of them.
public final class ItemSource {
  public let name: String
  private var makers: [(name: String, make: () throws -> [DragItem])] = []

  init(name: String) {
    self.name = name
  }

  /// The names of the offered items, in declaration order.
  public var itemNames: [String] { makers.map(\.name) }

  /// Declares an item; `make` builds the drag items each time a drag of it begins.
  public func addItem(_ name: String, makeItems: @escaping () throws -> [DragItem]) {
    makers.removeAll { $0.name == name }
    makers.append((name, makeItems))
  }

  func makeItems(named name: String) throws -> [DragItem]? {
    guard let maker = makers.first(where: { $0.name == name }) else { return nil }
    return try maker.make()
  }
}
