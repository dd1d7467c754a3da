import DndCheck
import DndRuntime

// The remaining objects a script meets: apps and item sources (the values of
// their global names), the spring-loading context, the text drop request,
// and dispatch queues.

/// The value of an app's name (and of `self` in its functions): its window
/// frame, and its variables and views as members.
final class AppObject: SceneObject {
  let app: App
  /// The app's variables and views by member symbol, as global slots.
  let members: [Symbol: Int]

  init(scene: SceneHost, app: App, members: [Symbol: Int]) {
    self.app = app
    self.members = members
    super.init(scene: scene)
  }

  override var typeName: String { "app" }
  override var description: String { "app \(app.name)" }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if member.known == .frame { return .object(RectObject(app.frame)) }
    if member.known == .name { return .string(app.name) }
    if let slot = members[member] { return interpreter.global(slot) }
    return try super.getMember(member, interpreter: interpreter)
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    if member.known == .frame {
      app.frame = try Convert.rect(value, for: "frame")
      return
    }
    guard let slot = members[member], interpreter.program.globals[slot].isAssignable else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: "app \(app.name)"))
    }
    interpreter.setGlobal(slot, to: value)
  }
}

/// The value of a source's name: its items are members (`Safari.photo`),
/// and so are its variables and functions.
final class SourceObject: SceneObject {
  let source: ItemSource
  /// Item names by member symbol.
  let items: [Symbol: String]
  /// The source's variables and functions by member symbol, as global slots.
  let members: [Symbol: Int]

  init(scene: SceneHost, source: ItemSource, items: [Symbol: String], members: [Symbol: Int]) {
    self.source = source
    self.items = items
    self.members = members
    super.init(scene: scene)
  }

  override var typeName: String { "source" }
  override var description: String { "source \(source.name)" }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if let name = items[member] { return .object(SourceItemObject(source: source, name: name)) }
    // `name` is the source's own, as an app's is, whatever it declares.
    if member.known == .name { return .string(source.name) }
    if let slot = members[member] { return interpreter.global(slot) }
    return try super.getMember(member, interpreter: interpreter)
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    guard let slot = members[member], interpreter.program.globals[slot].isAssignable else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: "source \(source.name)"))
    }
    interpreter.setGlobal(slot, to: value)
  }
}

/// `Safari.photo`: an item a scenario can long-press to start a drag in
/// another app.
final class SourceItemObject: NativeObject {
  let source: ItemSource
  let name: String

  init(source: ItemSource, name: String) {
    self.source = source
    self.name = name
  }

  override var typeName: String { "source item" }
  override var description: String { "\(source.name).\(name)" }
  override func isEqual(to other: NativeObject) -> Bool {
    guard let other = other as? SourceItemObject else { return false }
    return other.source === source && other.name == name
  }
  /// Equal items hash alike (the default hashes identity, which equal
  /// items made by two reads of `Safari.photo` do not share).
  override func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(source))
    hasher.combine(name)
  }
}

/// `UISpringLoadedInteractionContext`: the state, the target view and item,
/// and the drag's location.
final class SpringContextObject: SceneObject {
  let context: SpringLoadedContext

  init(scene: SceneHost, context: SpringLoadedContext) {
    self.context = context
    super.init(scene: scene)
  }

  override var typeName: String { "UISpringLoadedInteractionContext" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiSpringLoadedInteractionContext }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .state?:
      switch context.state {
      case .inactive: return .enumCase(Symbol(.inactive))
      case .possible: return .enumCase(Symbol(.possible))
      case .activating: return .enumCase(Symbol(.activating))
      case .activated: return .enumCase(Symbol(.activated))
      }
    case .targetView?: return context.targetView.map { .object(scene.object(for: $0)) } ?? .nil
    case .targetItem?: return ScriptValueBox.unbox(context.targetItem)
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .targetView?: context.targetView = try Convert.optionalView(value, for: "targetView")
    case .targetItem?: context.targetItem = ScriptValueBox.box(value)
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard member.known == .location, arguments.hasLabels(.in) else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    let view = try Convert.optionalView(arguments[0], for: "location(in:)")
    return .object(PointObject(context.location(in: view)))
  }
}

/// `UITextDropRequest`: what a text drop delegate is asked about.
final class TextDropRequestObject: SceneObject {
  let request: TextDropRequest

  init(scene: SceneHost, request: TextDropRequest) {
    self.request = request
    super.init(scene: scene)
  }

  override var typeName: String { "UITextDropRequest" }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .dropSession?: return .object(scene.object(for: request.dropSession))
    case .suggestedProposal?: return .object(ProposalObject(request.suggestedProposal))
    case .isSameView?: return .bool(request.isSameView)
    case .dropPosition?: return .int(request.dropPosition)
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }
}

/// `DispatchQueue.main` and `DispatchQueue.global()`: `async { }` queues a
/// closure on the runtime's scheduler, and `asyncAfter(deadline:) { }` queues
/// it due at the deadline, in virtual time. GCD promises no order between
/// timers due together: the default run fires them in the order they were
/// queued, and the explorer tries every order, on the main queue too.
final class QueueObject: SceneObject {
  let queue: WorkQueue

  init(scene: SceneHost, queue: WorkQueue) {
    self.queue = queue
    super.init(scene: scene)
  }

  override var typeName: String { "DispatchQueue" }
  override var description: String { "DispatchQueue(\(queue.label))" }
  override func isInstance(of type: Builtin) -> Bool { type == .dispatchQueue }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    let scene = self.scene
    let block: Value
    var delay = 0.0
    var method = "async"
    switch member.known {
    case .async? where arguments.count == 1:
      block = try Convert.function(arguments[0], for: "async")
    case .asyncAfter? where arguments.hasLabels(.deadline, nil) || arguments.hasLabels(.deadline, .execute):
      delay = try DispatchTimes.delay(until: arguments[0], in: scene)
      block = try Convert.function(arguments[1], for: "asyncAfter(deadline:execute:)")
      method = "asyncAfter"
    default:
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    // The line of the call tells two blocks apart in an explored order's
    // completions (and in its fingerprint).
    let lineNumber = interpreter.lastNativeCallRange.flatMap { scene.line(of: $0) }
    let line = lineNumber.map { " (line \($0))" } ?? ""
    // As Swift spells the queue: `DispatchQueue.main`, `DispatchQueue.global()`.
    let call = "DispatchQueue.\(queue.isMain ? "main" : queue.label + "()").\(method)"
    try scene.world.scheduler.enqueue(
      on: queue, after: delay, label: call + line, isAppTimer: method == "asyncAfter"
    ) { [link = scene.link] in
      // The trace shows when the block ran: on the main queue, that is when
      // the app's UI changed.
      link.scene?.world.recordQueuedBlock(call, line: lineNumber)
      _ = try link.scene?.callScript(block, [])
    }
    return .nil
  }
}
