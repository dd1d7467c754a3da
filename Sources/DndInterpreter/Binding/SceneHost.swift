import DndCheck
import DndRuntime
import DndSyntax

/// Text a script printed, with how many trace events had been recorded
/// before it, so that a report can show it among the events.
public struct PrintedText: Hashable, Sendable {
  /// The number of trace events recorded before the text was printed.
  public var afterEvent: Int
  public var text: String

  public init(afterEvent: Int, text: String) {
    self.afterEvent = afterEvent
    self.text = text
  }
}

/// The interpreter's host for scripts with scenes: it builds a `World` from
/// the checked declarations (the device, each app's window and view tree
/// with its interactions, each source's items), binds every handler to the
/// runtime as a delegate closure that calls the script, and performs
/// scenario steps and expectations.
///
/// One host, one world, one interpreter: the runner makes a fresh trio for
/// the plain run and for every scenario.
public final class SceneHost: InterpreterHost {
  public let world: World
  /// The binding's native types, for the interpreter's initializer.
  public let natives: NativeRegistry
  let program: CheckedProgram
  /// Source files, for locations; a REPL adds one per input.
  public var files: [SourceFile]
  /// Set by the runner. Held through the interpreter's link, not strongly,
  /// because the interpreter holds its host; nil once it is gone.
  public var interpreter: Interpreter? {
    get { interpreterLink?.interpreter }
    set {
      interpreterLink = newValue?.link
      maxViews = newValue?.limits.maxViews ?? InterpreterLimits().maxViews
    }
  }
  private var interpreterLink: InterpreterLink?
  /// The interpreter's `maxViews`, read when it is set: views are made only
  /// by script code, while the interpreter runs, and reading the link for
  /// each of thousands of views costs more than the view.
  private var maxViews = InterpreterLimits().maxViews
  private let sink: (String) -> Void
  /// While true, printed text is dropped (the top level re-run before a scenario).
  public var isOutputMuted = false
  public private(set) var printed: [PrintedText] = []
  /// The run's `UserDefaults` store, shared with the other scenes of the run.
  public var defaults: DefaultsStore
  /// How closures the runtime keeps reach this scene (see `SceneLink`).
  let link = SceneLink()
  /// The slot of the builtin types this scene uses, emptied as it ends.
  private let slot: SceneSlot
  /// The builtin types and what they cache for the scenes of this thread.
  let sceneNatives: SceneNatives

  /// One script object per runtime object, so identity survives the round
  /// trip through the runtime. Each wrapper holds its runtime object, so a key
  /// is never reused while it is in the table. A view's object is not here
  /// but in the view's `userInfo` (no hashing on the way back from a hit-test).
  private var wrappers: [ObjectIdentifier: NativeObject] = [:]
  /// Every wrapper, views' included, in the order they were made (see `deinit`).
  private var wrapperOrder: [NativeObject] = []
  private var madeViews = 0
  /// Set for the last scene of a `dnd run` (`InterpreterLimits.leavesObjectsToExit`):
  /// `deinit` then leaves the script objects to the process's exit.
  var leavesObjectsToExit = false

  /// The last proposal a script's drop handler returned in the current drag.
  var lastProposal: ProposalObject?
  /// The UIKit exception that terminated the app, and the step that raised it.
  /// The exception that ended the app: where the diagnostic points (the
  /// script's call that raised it, or else the step) and its notes.
  var termination: (exception: UIKitException, range: SourceRange, notes: [Diagnostic.Note])?
  /// The first `wait` during which work off the main queue finished (a
  /// provider load) while other such work stayed due after it, and how many
  /// pieces stayed: exploration keeps step boundaries, so no order finishes
  /// that work during the wait, before the work that did, and its report
  /// says so.
  public internal(set) var firstWaitKeepingWork: WaitKeepingWork?
  /// Finger and clock steps skipped because the app had terminated (the
  /// REPL says so for each input that had one).
  public internal(set) var stepsAfterTermination = 0
  /// Where the last of those steps is.
  public internal(set) var lastStepAfterTermination: SourceRange?
  /// Whether each of those steps leaves a `stepAfterTermination` event in
  /// the trace (the REPL, which notes them itself, turns it off).
  public var tracesStepsAfterTermination = true
  /// The name of the exception that ended the app, if one did.
  public var terminatingException: String? { termination?.exception.name }
  /// The model's advice on the exception that ended the app, as notes.
  public var terminationAdvice: [Diagnostic.Note] { termination?.exception.adviceNotes ?? [] }
  /// Set once `expect exception` has matched the termination.
  var terminationExpected = false

  /// An exception raised by a statement the REPL ran directly (not during
  /// a step) ended the app: later finger steps do nothing, as after one a
  /// step raised.
  public func noteTermination(_ exception: UIKitException, at range: SourceRange?) {
    guard termination == nil else { return }
    termination = (exception, range ?? SourceRange(file: 0, start: 0, end: 0), exception.adviceNotes)
  }
  /// The warnings `expect warning` has matched so far.
  var expectedWarnings: [String] = []
  /// The expectation steps run so far, whether they held or not.
  var expectationsChecked = 0
  /// The range of the step being performed.
  var stepRange: SourceRange?
  /// Script calls the runtime is making right now (handlers, completions).
  var callbackDepth = 0
  /// The finger and clock steps performed so far, in order.
  public internal(set) var performedSteps: [SourceRange] = []
  /// Stops the scenario once this many finger and clock steps have run, with
  /// the scene as they left it (`dnd render --at`); nil runs it to the end.
  public var stopAfterSteps: Int?

  /// A scene whose `UserDefaults` store is `defaults` (a new, empty one
  /// when not given).
  public convenience init(
    program: CheckedProgram, files: [SourceFile], output: @escaping (String) -> Void,
    defaults: DefaultsStore? = nil
  ) {
    self.init(
      program: program, files: files, output: output, natives: SceneNatives(),
      defaults: defaults ?? DefaultsStore())
  }

  /// A scene whose builtin types are `natives`' (which then act on this
  /// scene): one scene at a time may use them. The store is passed in, not
  /// made and then replaced: the explorer makes a scene per order.
  init(
    program: CheckedProgram, files: [SourceFile], output: @escaping (String) -> Void, natives: SceneNatives,
    defaults: DefaultsStore
  ) {
    self.defaults = defaults
    self.program = program
    self.files = files
    self.sink = output
    let device = program.device == .iPhone ? DndRuntime.Device.iPhone : .iPad
    self.world = World(device: device.running(iOS: program.systemVersion))
    self.natives = natives.registry
    self.slot = natives.slot
    self.sceneNatives = natives
    link.attach(self)
    natives.slot.link = link
    world.sourceLocationProvider = { [link] in link.scene?.currentLocation() }
  }

  /// Frees the script objects newest first, each while the older ones are
  /// still in the table. A chain the script built (each drag item's
  /// `localObject` the item made before it, a million long) then goes one
  /// link at a time; freed in any other order it could be freed
  /// recursively, a link per few native frames, past the end of the stack.
  ///
  /// A view and its object hold each other (`userInfo` one way, `view` the
  /// other); the loop is broken here, which is what frees them.
  ///
  /// The scene's link and its slot in the builtin types are emptied first:
  /// closures the world keeps (a completion, a queued block) and builtin
  /// types called later then find no scene.
  ///
  /// With `leavesObjectsToExit` the objects are not freed at all: the list
  /// is kept, never released, and the process's exit reclaims the memory.
  deinit {
    link.detach()
    if slot.link === link { slot.link = nil }
    if leavesObjectsToExit {
      _ = Unmanaged.passRetained(LeftObjects(wrapperOrder, wrappers))
      return
    }
    wrappers = [:]
    while let object = wrapperOrder.popLast() {
      if let viewObject = object as? ViewObject, viewObject.view.userInfo === viewObject {
        viewObject.view.userInfo = nil
      }
    }
  }

  public func output(_ text: String) {
    guard !isOutputMuted else { return }
    printed.append(PrintedText(afterEvent: world.trace.events.count, text: text))
    sink(text)
  }

  /// Forgets what was printed so far (the runner keeps a scenario's own output).
  public func clearPrinted() {
    printed = []
  }

  // MARK: Script objects for runtime objects

  private func cached<Runtime: AnyObject, Wrapper: NativeObject>(_ object: Runtime, _ make: () -> Wrapper)
    -> Wrapper
  {
    let key = ObjectIdentifier(object)
    if let existing = wrappers[key] as? Wrapper { return existing }
    let made = make()
    wrappers[key] = made
    wrapperOrder.append(made)
    return made
  }

  /// The script object of `view`, kept in the view's `userInfo` slot. A
  /// view belongs to this scene's world, so only this scene fills the slot.
  func object(for view: View) -> ViewObject {
    if let existing = view.userInfo as? ViewObject { return existing }
    let made = ViewObject(scene: self, view: view)
    view.userInfo = made
    wrapperOrder.append(made)
    return made
  }
  func object(for item: DragItem) -> DragItemObject {
    cached(item) { DragItemObject(scene: self, item: item) }
  }
  func object(for session: DragSession) -> DragSessionObject {
    cached(session) { DragSessionObject(scene: self, session: session) }
  }
  func object(for session: DropSession) -> DropSessionObject {
    cached(session) { DropSessionObject(scene: self, session: session) }
  }
  func object(for provider: ItemProvider) -> ItemProviderObject {
    cached(provider) { ItemProviderObject(scene: self, provider: provider) }
  }
  func object(for interaction: DragInteraction) -> InteractionObject {
    cached(interaction) { InteractionObject(scene: self, kind: .drag(interaction)) }
  }
  func object(for interaction: DropInteraction) -> InteractionObject {
    cached(interaction) { InteractionObject(scene: self, kind: .drop(interaction)) }
  }
  func object(for interaction: SpringLoadedInteraction) -> InteractionObject {
    cached(interaction) { InteractionObject(scene: self, kind: .springLoaded(interaction)) }
  }

  /// A loaded object as a script value: a String is a script string, the
  /// rest are objects.
  func value(of item: ItemValue) -> Value {
    switch item {
    case .string(let text): .string(text)
    case .attributedString(let text): .object(AttributedStringObject(text))
    case .url(let text): .object(URLObject(text))
    case .image(let image): .object(ImageObject(image))
    case .color(let color): .object(ColorObject(color))
    case .data(let bytes, _): .object(DataObject(bytes))
    }
  }

  /// A view made by code (`UIImageView(image:)`), named for the trace.
  /// At most `InterpreterLimits.maxViews` of them.
  func makeView(_ kind: DndRuntime.ViewKind, frame: Rect = .zero) throws -> ViewObject {
    let limit = maxViews
    guard madeViews < limit else { throw RuntimeError(.tooManyViews(limit)) }
    madeViews += 1
    return object(for: View(kind, number: madeViews, frame: frame, world: world))
  }

  /// Refuses an `addSubview` that would nest the view tree deeper than
  /// `limit` (`InterpreterLimits.maxViewDepth`).
  static func checkViewDepth(adding subview: View, to parent: View, limit: Int, declared: Bool = false) throws {
    let depth = parent.depth
    func height(_ view: View, _ budget: Int) -> Int {
      guard budget > 0 else { return 1 }
      var tallest = 0
      for child in view.subviews { tallest = max(tallest, height(child, budget - 1)) }
      return 1 + tallest
    }
    // Most views added have no subviews yet: their height is 1.
    let added = subview.subviews.isEmpty ? 1 : height(subview, limit - depth)
    if depth >= limit || depth + added > limit {
      throw RuntimeError(.viewTreeTooDeep(limit, declared: declared))
    }
  }

  // MARK: Calling the script

  /// Calls a script closure for the runtime (a completion, an animation block).
  func callScript(_ function: Value, _ arguments: [Value]) throws -> Value {
    guard let interpreter else { return .nil }
    callbackDepth += 1
    defer { callbackDepth -= 1 }
    return try interpreter.call(function, arguments)
  }

  /// Calls a handler with as many of UIKit's arguments as it declares.
  func callHandler(_ code: FunctionCode, _ arguments: [Value]) throws -> Value {
    guard let interpreter else { return .nil }
    callbackDepth += 1
    defer { callbackDepth -= 1 }
    do {
      return try interpreter.call(code, Array(arguments.prefix(code.parameterCount)))
    } catch let error as RuntimeLimitError {
      // A limit the handler's own call went over (queueing too much work):
      // point at that call, as other errors in handlers do; the step that
      // ran the handler adds its note.
      throw RuntimeError(.runtimeLimit(error.message), at: interpreter.lastNativeCallRange)
    }
  }


  // MARK: Locations

  /// "file.dnd:12:5": where a warning or exception arose. Inside script code
  /// the runtime called, the latest native call; otherwise the step.
  func currentLocation() -> String? {
    let inScript = callbackDepth > 0 ? interpreter?.lastNativeCallRange : nil
    lastLocatedScriptCall = inScript
    guard let range = inScript ?? stepRange else { return nil }
    return locationText(range)
  }

  /// The script's call the latest warning or exception arose in, when it
  /// arose in script code the runtime called (nil when UIKit raised it on
  /// its own): an uncaught exception's diagnostic points there.
  var lastLocatedScriptCall: SourceRange?

  /// "file.dnd:12:5" for a range.
  func locationText(_ range: SourceRange) -> String? {
    guard let file = files.first(where: { $0.id == range.file }) else { return nil }
    return "\(file.name):\(file.location(of: Int(range.start)))"
  }

  /// The 1-based line of a range, for notes.
  func line(of range: SourceRange) -> Int? {
    files.first { $0.id == range.file }.map { $0.location(of: Int(range.start)).line }
  }

  /// The source text of a range (an expectation's expression).
  func sourceText(_ range: SourceRange) -> String? {
    files.first { $0.id == range.file }.map { $0.text(range) }
  }
}

/// The objects a scene leaves to the process's exit, held by one reference
/// that is never released.
private final class LeftObjects {
  let objects: [NativeObject]
  let wrappers: [ObjectIdentifier: NativeObject]

  init(_ objects: [NativeObject], _ wrappers: [ObjectIdentifier: NativeObject]) {
    self.objects = objects
    self.wrappers = wrappers
  }
}

/// The way closures the runtime keeps (completions, queued blocks, item
/// loaders) and the builtin types reach their scene: what a weak reference
/// to the scene would give them, without one. A weak reference gives the
/// scene a side table, which sends its every retain and release and every
/// `unowned` reference made to it (each script object holds one) down the
/// runtime's slow path: a script making views by the thousand paid for it
/// on each.
///
/// The link holds the scene unretained. That is safe because the scene
/// attaches it as the last step of its initializer and detaches it first
/// thing in its `deinit`: whenever the link is non-nil the scene is alive.
/// A scene, its world and its interpreter run on one thread at a time, so
/// the scene cannot go between the check and the use; `scene` hands out a
/// strong reference, which keeps it for the caller's use.
final class SceneLink {
  private var target: Unmanaged<SceneHost>?

  init() {}

  /// The scene, or nil once it has begun to deinitialise.
  var scene: SceneHost? { target?.takeUnretainedValue() }

  func attach(_ scene: SceneHost) {
    target = Unmanaged.passUnretained(scene)
  }

  func detach() {
    target = nil
  }
}

/// A `wait` step during which work off the main queue finished while other
/// such work stayed due after it.
public struct WaitKeepingWork: Hashable, Sendable {
  /// The step.
  public var range: SourceRange
  /// The pieces of work still due after it.
  public var count: Int
}
