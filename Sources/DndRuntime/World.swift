import Foundation

// DndRuntime: a headless model of UIKit drag and drop (iOS 11-14 by default,
// iOS 15 and later where the device says so), in plain Swift, knowing nothing
// of the dnd language.
//
// The root of a simulation is a World: the device, the apps and their view
// trees, the scheduler with its virtual clock, the trace and the fingers. There
// is no global state, so two worlds never interfere.
//
// How a scenario runs. A finger step (TouchDriver) runs "on the main queue": it
// turns the touch into calls of the drag, drop and spring-loading delegates,
// in UIKit's order (DragEngine and its extensions), then runs the work that is
// due now, as the run loop would. Delegates are objects of optional closures;
// a nil closure selects UIKit's default, and an error a closure throws leaves
// the step unchanged. Time moves only when a step holds (long press), waits or
// settles; asynchronous work (provider loads on a background queue, animation
// ends, spring-loading timers, loadObjects completions on the main queue)
// waits in the scheduler, which one policy object orders.
//
// What is modelled is what changes the delegate calls and the data: geometry
// and hit-testing, the four phases, proposals and their validation, sessions
// and item providers with UTI conformance, paste configurations, text drops
// and spring loading. Previews and animators are values and callbacks, never
// pixels. Where UIKIT-SEMANTICS.md leaves a point open, the choice is written
// next to the rule as "Choice: ..." and a test names it.

/// A simulated device with its apps, clock, trace and fingers.
public final class World {
  public let device: Device
  public var timing: Timing
  public let scheduler: Scheduler
  public let trace = Trace()
  /// Back to front: the last app is front-most where windows overlap.
  public private(set) var apps: [App] = []
  public private(set) var itemSources: [ItemSource] = []
  /// Every list a placeholder was inserted into, with its app's name at the
  /// time, in that order: whether a placeholder was left waiting is asked of
  /// the list even after it left the window.
  public private(set) var placeholderLists: [(app: String, view: View)] = []
  /// The view in no window a finger step aimed at, when that failed the step:
  /// an explorer tells a view its fault removed from one the app lost.
  public internal(set) var viewInNoWindowAimedAt: View?
  /// Set by the binding: the script location currently executing, attached
  /// to warnings and exceptions.
  public var sourceLocationProvider: (() -> String?)?
  /// Called as every item provider load starts; a tool may answer with a
  /// fault to inject (see LoadFault.swift). Nil in ordinary runs.
  public var loadStartHook: ((LoadStart) throws -> LoadFault?)?
  /// The scenario API.
  public private(set) lazy var fingers = TouchDriver(world: self)
  /// The drags in progress.
  private(set) lazy var engine = DragEngine(world: self)
  /// The background queue item provider loads complete on.
  let providerQueue: WorkQueue
  /// The animator whose animation blocks are running (their changes can be reverted).
  var recordingAnimator: DragAnimator?
  private var temporaryFiles: [(url: String, data: Data)] = []
  /// The world's own files, by file URL (see WorldFiles.swift).
  var files: [String: Data] = [:]
  private var temporaryFileCount = 0
  /// The link every view and runtime object of this world keeps instead
  /// of a weak reference (see `WorldLink`).
  public let link = WorldLink()

  public init(
    device: Device = .iPad, timing: Timing = Timing(), limits: SchedulerLimits = SchedulerLimits(),
    policy: SchedulingPolicy = EarliestDueFirstPolicy()
  ) {
    self.device = device
    self.timing = timing
    self.scheduler = Scheduler(policy: policy, limits: limits)
    self.providerQueue = scheduler.backgroundQueue("NSItemProvider")
    link.attach(self)
  }

  /// Views can outlive their world (a test's temporary world, say): from
  /// now on they find none.
  deinit {
    link.detach()
  }

  // MARK: Scene

  /// Adds an app. Without a frame, apps share the screen in equal columns on
  /// an iPad (side by side) and each fills the screen on an iPhone.
  @discardableResult
  public func addApp(_ name: String, frame: Rect? = nil) -> App {
    let app = App(name: name, world: self)
    apps.append(app)
    if let frame {
      app.frame = frame
    }
    layOutApps()
    return app
  }

  /// Declares another app as a plain source of drag items (a web page, say).
  @discardableResult
  public func addItemSource(_ name: String) -> ItemSource {
    let source = ItemSource(name: name)
    itemSources.append(source)
    return source
  }

  public func app(named name: String) -> App? { apps.first { $0.name == name } }
  public func itemSource(named name: String) -> ItemSource? { itemSources.first { $0.name == name } }

  private func layOutApps() {
    let automatic = apps.filter(\.hasAutomaticFrame)
    guard !automatic.isEmpty else { return }
    let screen = device.screenSize
    let columns = device.idiom == .pad ? Double(automatic.count) : 1
    let width = screen.width / columns
    for (index, app) in automatic.enumerated() {
      let x = device.idiom == .pad ? Double(index) * width : 0
      app.window.frame = Rect(x, 0, width, screen.height)
    }
  }

  /// The front-most app whose window covers the screen point.
  public func app(at point: Point) -> App? {
    apps.last { !$0.window.isHidden && $0.window.frame.contains(point) }
  }

  /// UIKit's hit-test at a screen point: the front-most app there and the
  /// deepest view of its window that takes the touch (nil if none does).
  public func hitTest(_ point: Point) -> (app: App, view: View?)? {
    guard let app = app(at: point) else { return nil }
    let window = app.window
    return (app, window.hitTest(window.pointFromSuperview(point)))
  }

  // MARK: Trace

  /// Records an event with the current time and queue; returns its index.
  @discardableResult
  func record(
    _ kind: TraceEventKind, _ name: String, method: String? = nil, phase: DragPhase? = nil,
    session: Int? = nil, app: String? = nil, view: String? = nil, interaction: String? = nil,
    arguments: @autoclosure () -> [TraceArgument] = [], result: @autoclosure () -> String? = nil,
    message: String? = nil, exceptionName: String? = nil, queue: WorkQueue? = nil, byUIKit: Bool? = nil
  ) -> Int {
    let located = kind == .warning || kind == .exception
    let details = trace.keepsDetails
    return trace.append(
      time: scheduler.now, queue: (queue ?? scheduler.currentQueue).label, kind: kind, phase: phase, session: session,
      app: app, view: view, interaction: interaction, name: name, method: method ?? name,
      arguments: details ? arguments() : [], result: details ? result() : nil, message: message,
      exceptionName: exceptionName,
      sourceLocation: located ? sourceLocationProvider?() : nil, callDepth: callDepth,
      byUIKit: byUIKit ?? takeByUIKit())
  }

  /// Set by a session's `loadObjects` before each item load it starts (and
  /// by a text view's built-in drop before its `loadObjects`): the next
  /// event recorded, that load's, is UIKit's (`TraceEvent.byUIKit`).
  var nextEventByUIKit = false

  private func takeByUIKit() -> Bool {
    guard nextEventByUIKit else { return false }
    nextEventByUIKit = false
    return true
  }

  /// The script's handlers running now, outermost first counted
  /// (`TraceEvent.callDepth`); `DragEngine.call` keeps it.
  var callDepth = 0

  /// Records what a harness did to the scene from outside the app (a fault
  /// the explorer injected), so that the trace shows when it struck.
  public func recordHarnessStep(_ name: String, app: String? = nil, view: String? = nil, result: String? = nil) {
    record(.step, name, app: app, view: view, result: result)
  }

  /// Records that a block the script queued (`DispatchQueue.main.async`)
  /// begins to run, on the queue it was given to.
  public func recordQueuedBlock(_ call: String, line: Int?) {
    record(
      .step, "blockRan", method: call, arguments: line.map { [TraceArgument("line", "\($0)")] } ?? [],
      result: "its block runs")
  }

  /// Records a console line as a warning.
  func warn(
    _ message: String, phase: DragPhase? = nil, session: Int? = nil, app: String? = nil,
    view: String? = nil, interaction: String? = nil
  ) {
    record(
      .warning, "warning", phase: phase, session: session, app: app, view: view,
      interaction: interaction, message: message)
  }

  /// Records an exception; the caller throws it.
  func recordException(
    _ exception: UIKitException, phase: DragPhase? = nil, session: Int? = nil, app: String? = nil,
    view: String? = nil
  ) {
    record(
      .exception, "exception", phase: phase, session: session, app: app, view: view,
      message: exception.reason, exceptionName: exception.name)
  }

  /// Records an exception that UIKit raised from an API the app called
  /// directly (adding a view to itself, say); the caller throws it.
  public func recordUncaughtException(_ exception: UIKitException, app: String? = nil, view: String? = nil) {
    recordException(exception, app: app, view: view)
  }

  // MARK: Views reporting their changes

  /// Above zero while a table or collection view lays out its cells: UIKit's
  /// own work, set off by a call the Main Thread Checker already reported
  /// (`insertRows` off the main queue), so its frames and subviews add no
  /// warning of their own; the content the data source gave does
  /// (`ListView.configure`).
  var uikitWorkDepth = 0

  /// Runs `body` as UIKit's own work (`uikitWorkDepth`).
  func asUIKitWork<T>(_ body: () throws -> T) rethrows -> T {
    uikitWorkDepth += 1
    defer { uikitWorkDepth -= 1 }
    return try body()
  }

  /// Whether views must report setters: off the main queue (Main Thread
  /// Checker) or inside an animation block (a reversed lift reverts it).
  var wantsChangeNotes: Bool { !scheduler.currentQueue.isMain || recordingAnimator != nil }

  /// A view's UIKit setter ran: warn if off the main queue, and remember how
  /// to revert it if an animation block made the change.
  func noteViewChange(
    _ view: View, selector: String, receiver: String? = nil, restore: ((View) -> Void)?
  ) {
    if !scheduler.currentQueue.isMain && uikitWorkDepth == 0 {
      warnOffMain(view, selector: selector, receiver: receiver)
    }
    if let animator = recordingAnimator, let restore {
      animator.noteChange(of: view, restore: restore)
    }
  }

  /// The script called a UIKit method of a view (a getter, or a setter the
  /// view does not watch itself) off the main queue: the Main Thread Checker
  /// reports it. (The runtime's own reads, hit-testing say, run on the main
  /// queue and are not checked.)
  func noteScriptCall(_ view: View, selector: String, receiver: String? = nil) {
    guard !scheduler.currentQueue.isMain else { return }
    warnOffMain(view, selector: selector, receiver: receiver)
  }

  /// The Main Thread Checker's console line. Choice: only its first line;
  /// the PID, thread, queue and backtrace lines after it describe a process
  /// the model does not have.
  private func warnOffMain(_ view: View, selector: String, receiver: String?) {
    warn(
      "Main Thread Checker: UI API called on a background thread: "
        + "-[\(receiver ?? view.kind.uikitClassName) \(selector)]", app: view.app?.name, view: view.name)
  }

  // MARK: Temporary files of loadFileRepresentation

  /// A file for `loadFileRepresentation`. UIKit names the file after the
  /// provider's `suggestedName` (§5.2); without one, after its number. Each
  /// file has a folder of its own, so two files of one name never clash.
  /// Choice: a suggested name without an extension gets the type's, and
  /// characters a file name cannot hold become "-".
  func makeTemporaryFile(_ data: Data, suggestedName: String?, fileExtension: String) -> String {
    temporaryFileCount += 1
    let folder = "file:///tmp/dnd/\(temporaryFileCount)"
    var url = "\(folder).\(fileExtension)"
    if let suggestedName, !suggestedName.isEmpty {
      let cleaned = String(suggestedName.map { $0 == "/" || $0 == ":" || $0.isNewline ? "-" : $0 })
      let name = cleaned.contains(".") ? cleaned : "\(cleaned).\(fileExtension)"
      url = "\(folder)/\(name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "file")"
    }
    temporaryFiles.append((url, data))
    return url
  }

  func removeTemporaryFile(_ url: String) {
    temporaryFiles.removeAll { $0.url == url }
  }

  /// Hands `body` the URL of a temporary copy of `data`, for a file of
  /// `type`, and deletes the file when `body` returns, as UIKit deletes the
  /// file a load's completion gets (§5.2).
  func withTemporaryFile(
    _ data: Data, suggestedName: String?, type: String, _ body: (String) throws -> Void
  ) rethrows {
    let url = makeTemporaryFile(
      data, suggestedName: suggestedName, fileExtension: TypeIdentifier.fileExtension(for: type))
    defer { removeTemporaryFile(url) }
    try body(url)
  }

  /// The contents of a file `loadFileRepresentation` handed out; nil once
  /// its completion handler has returned (UIKit deletes the file then).
  public func contentsOfTemporaryFile(_ url: String) -> Data? {
    temporaryFiles.first { $0.url == url }?.data
  }
}

/// A runtime object's way back to its world: one object per world, shared
/// by its views, apps, sessions, providers and animators, which keep it
/// strongly. A weak reference in each would cost the making, reading and
/// destroying of one, and give the world a side table, which sends each of
/// its retains and releases down the runtime's slow path.
///
/// The link holds the world unretained. That is safe because the world
/// sets it once fully made (`attach`, the last step of `World.init`) and
/// clears it as it starts to deinitialise (`detach`, in `World.deinit`):
/// whenever it is non-nil the world is alive. A world and its views are
/// used by one thread at a time (the one running its scene), so the world
/// cannot go between the check and the use. Reading `world` gives a strong
/// reference, as a weak one did.
public final class WorldLink {
  private var target: Unmanaged<World>?

  init() {}

  /// The world, or nil once it has begun to deinitialise.
  public var world: World? { target?.takeUnretainedValue() }

  /// `World.wantsChangeNotes`, read without retaining the world (views ask
  /// on every setter); false once the world is gone.
  var wantsChangeNotes: Bool {
    guard let target else { return false }
    return target._withUnsafeGuaranteedRef { $0.wantsChangeNotes }
  }

  /// Whether the world's current queue is a background one, read without
  /// retaining the world (the script's view reads ask).
  var isOffMainQueue: Bool {
    guard let target else { return false }
    return target._withUnsafeGuaranteedRef { !$0.scheduler.currentQueue.isMain }
  }

  func attach(_ world: World) {
    target = Unmanaged.passUnretained(world)
  }

  func detach() {
    target = nil
  }
}

extension World {
  /// Notes that `view`'s list received a placeholder (see `placeholderLists`).
  func notePlaceholderList(_ view: View) {
    guard !placeholderLists.contains(where: { $0.view === view }) else { return }
    placeholderLists.append((view.app?.name ?? "", view))
  }

  /// Placeholders no one has committed or deleted yet, by list, as
  /// sentences ("1 placeholder in gallery was neither committed nor
  /// deleted"): in the window or not, since one left in a view that was
  /// removed is still waiting.
  public func placeholdersLeft() -> [String] {
    var found: [String] = []
    for (app, view) in placeholderLists {
      guard let count = view.list?.activePlaceholderCount, count > 0 else { continue }
      let name = app.isEmpty ? view.name : "\(app).\(view.name)"
      let removed = view.window == nil ? " (removed from the window)" : ""
      found.append(
        "\(count) placeholder\(count == 1 ? "" : "s") in \(name)\(removed) "
          + "\(count == 1 ? "was" : "were") neither committed nor deleted")
    }
    return found
  }
}

// MARK: - State for fingerprints

extension World {
  /// The state of the world beyond its view tree, piece by piece, for the
  /// explorer's fingerprints: the world's files, and each drag in progress
  /// (its stage, place, target, proposal, items and their local objects).
  /// Two choice points that differ here have different futures. Pieces, not
  /// lines of text: this is read at every fingerprinted choice point, and
  /// formatting the drag's line (its stage and place by reflection) cost
  /// more than hashing it.
  public func digestState<Digest: StateDigest>(into digest: inout Digest) {
    for path in files.keys.sorted() {
      digest.add("file ")
      digest.add(path)
      digest.add(" ")
      digest.add((files[path] ?? Data()).base64EncodedString())
      digest.endPart()
    }
    for s in engine.sessions {
      digest.add("drag ")
      digest.add(Int64(s.id))
      digest.add(s.stage.ordinal)
      digest.add(s.location.x)
      digest.add(s.location.y)
      digest.add(s.target?.view?.name ?? "-")
      digest.add(" ")
      digest.add(Int64(s.operation.rawValue))
      if let proposal = s.proposal {
        // The summary names a list proposal's intent too.
        digest.add(proposal.summary)
      } else {
        digest.add("-")
      }
      digest.add(Int64(s.items.count))
      digest.add(Int64(s.pendingLoads))
      digest.add(Int64(s.dropPerformed ? 1 : 0))
      digest.add(Int64(s.seen.count))
      digest.endPart()
      for item in s.items {
        digest.add("item ")
        digest.add(item.localObject.map { String(describing: $0) } ?? "-")
        digest.endPart()
      }
    }
  }
}

/// What `World.digestState(into:)` feeds: text, numbers, and the end of
/// each part. Numbers are pieces of their own, so a digest need not spell
/// them; consecutive numbers stay apart however the digest mixes them.
public protocol StateDigest {
  mutating func add(_ text: String)
  mutating func add(_ number: Int64)
  mutating func add(_ number: Double)
  mutating func endPart()
}

extension DragState.Stage {
  /// A number for each stage, for digests.
  fileprivate var ordinal: Int64 {
    switch self {
    case .lifting: 0
    case .lifted: 1
    case .dragging: 2
    case .settingDown: 3
    case .ended: 4
    }
  }
}
