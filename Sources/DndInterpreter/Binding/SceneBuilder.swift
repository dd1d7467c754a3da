import DndCheck
import DndRuntime
import DndSyntax

/// Building the scene from the checked declarations: an app's window and
/// view tree, a source's items.
extension SceneHost {
  /// `app Name { ... }`: the app joins the world, every view of it is made,
  /// placed in the tree and bound to its name (so views may refer to each
  /// other in any order), then the members run in order: variables,
  /// properties, and each view's properties, interactions and handlers.
  public func declareApp(_ app: CheckedApp, interpreter: Interpreter) throws {
    self.interpreter = interpreter
    let runtimeApp = world.addApp(app.name)
    var views: [CheckedView] = []
    for member in app.members {
      if case .view(let view) = member { views.append(view) }
    }
    interpreter.setGlobal(
      app.slot,
      to: .object(AppObject(scene: self, app: runtimeApp, members: memberSlots(of: app, interpreter))))
    for view in views { try makeViews(view, in: runtimeApp.window, interpreter: interpreter) }
    for member in app.members {
      switch member {
      case .variable(let statement):
        try interpreter.execute(statement)
      case .property(let property):
        let value = try interpreter.evaluate(property.value)
        try at(property.range) { runtimeApp.frame = try Convert.rect(value, for: "frame") }
      case .view(let view):
        try configure(view, interpreter: interpreter)
      case .function:
        break
      }
    }
  }

  /// `source Name { ... }`: its variables run, and each item becomes a maker
  /// of drag items that runs the item's body when a drag of it begins.
  public func declareSource(_ source: CheckedSource, interpreter: Interpreter) throws {
    self.interpreter = interpreter
    for declaration in source.variables { try interpreter.execute(declaration) }
    let runtimeSource = world.addItemSource(source.name)
    var items: [Symbol: String] = [:]
    for item in source.items {
      items[item.symbol] = item.name
      runtimeSource.addItem(item.name) { [link] in
        guard let self = link.scene else { return [] }
        return try self.dragItems(from: self.callHandler(item.function, []), of: item)
      }
    }
    // Its variables and functions are members too, as an app's are
    // (`Safari.log`, `self.describe()` in its functions).
    var members: [Symbol: Int] = [:]
    let program = interpreter.program
    var slots = source.functionSlots
    for declaration in source.variables {
      if case .declare(.global(let slot), _) = declaration.kind { slots.append(slot) }
    }
    for slot in slots {
      if let symbol = program.symbols.lookup(program.globals[slot].name) { members[symbol] = slot }
    }
    interpreter.setGlobal(
      source.slot,
      to: .object(SourceObject(scene: self, source: runtimeSource, items: items, members: members)))
  }

  /// An item body's result: a UIDragItem or an array of them.
  private func dragItems(from value: Value, of item: CheckedItem) throws -> [DragItem] {
    if let single = value.object(as: DragItemObject.self) { return [single.item] }
    if case .array(let elements) = value {
      let items = elements.compactMap { $0.object(as: DragItemObject.self)?.item }
      if items.count == elements.count { return items }
    }
    throw RuntimeError(.itemResult(item.name, found: Convert.phrase(value)), at: item.range)
  }

  /// The app's variables and views by symbol, for `self.name` in its functions.
  private func memberSlots(of app: CheckedApp, _ interpreter: Interpreter) -> [Symbol: Int] {
    if let known = sceneNatives.appMemberSlots[app.slot] { return known }
    let slots = findMemberSlots(of: app, interpreter)
    sceneNatives.appMemberSlots[app.slot] = slots
    return slots
  }

  private func findMemberSlots(of app: CheckedApp, _ interpreter: Interpreter) -> [Symbol: Int] {
    var slots: [Symbol: Int] = [:]
    // The interpreter's program, not the host's: in a REPL session the app
    // may come from a later input than the one the host was made for.
    let program = interpreter.program
    func add(_ slot: Int) {
      if let symbol = program.symbols.lookup(program.globals[slot].name) { slots[symbol] = slot }
    }
    func addViews(_ view: CheckedView) {
      add(view.slot)
      for member in view.members {
        if case .view(let child) = member { addViews(child) }
      }
    }
    for member in app.members {
      switch member {
      case .variable(let statement):
        if case .declare(.global(let slot), _) = statement.kind { add(slot) }
      case .view(let view): addViews(view)
      case .function(let slot): add(slot)
      case .property: break
      }
    }
    return slots
  }

  // MARK: Views

  /// Makes a view and its subviews, adds them to `parent` in declaration
  /// order and binds their names.
  private func makeViews(_ declaration: CheckedView, in parent: View, interpreter: Interpreter) throws {
    let kind = DndRuntime.ViewKind(rawValue: declaration.kind.rawValue) ?? .view
    let view = View(kind, name: declaration.name, world: world)
    // Declared views nest no deeper than `addSubview` lets code nest them.
    try at(declaration.range) {
      try SceneHost.checkViewDepth(
        adding: view, to: parent, limit: interpreter.limits.maxViewDepth, declared: true)
    }
    try parent.addSubview(view)
    interpreter.setGlobal(declaration.slot, to: .object(object(for: view)))
    for member in declaration.members {
      if case .view(let child) = member { try makeViews(child, in: view, interpreter: interpreter) }
    }
  }

  /// Runs a view's members in order: properties (through the same setters a
  /// script assignment uses), nested views, interactions and handlers.
  private func configure(_ declaration: CheckedView, interpreter: Interpreter) throws {
    guard let viewObject = interpreter.global(declaration.slot).object(as: ViewObject.self) else { return }
    for member in declaration.members {
      switch member {
      case .property(let property):
        let value = try interpreter.evaluate(property.value)
        try at(property.range) {
          try viewObject.setMember(property.symbol, to: value, interpreter: interpreter)
        }
      case .view(let child):
        try configure(child, interpreter: interpreter)
      case .interaction(let interaction):
        try bind(interaction, to: viewObject.view, interpreter: interpreter)
      case .handler(let handler):
        bind(handler, to: viewObject.view)
      }
    }
  }

  /// Runs native code for a declaration, pointing an error without a
  /// location at `range`.
  @discardableResult
  func at<T>(_ range: SourceRange, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch var error as RuntimeError {
      if error.range == nil { error.range = range }
      throw error
    }
  }
}
