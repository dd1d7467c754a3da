import DndInterpreter
import DndRuntime
import DndSyntax

/// What `dnd render` draws, in the terminal or as SVG: a scene snapshot, the
/// trace that led to it (for the fingers' paths) and words saying which
/// moment it is.
public struct ScenePicture: Sendable {
  public var scene: SceneSnapshot
  /// The events up to the moment of the picture.
  public var trace: [TraceEvent]
  /// The scenario's title; nil for the scene the top level built.
  public var title: String?
  /// Which moment: "after step 2 (line 63: drag to target)".
  public var caption: String

  public init(scene: SceneSnapshot, trace: [TraceEvent], title: String?, caption: String) {
    self.scene = scene
    self.trace = trace
    self.title = title
    self.caption = caption
  }

  /// The picture of a run: where it ended, or stopped after `askedSteps`
  /// steps (`dnd render --at`), with a caption saying which.
  public init(run: ScenarioResult, scene: SceneSnapshot, askedSteps: Int?, file: SourceFile) {
    self.init(
      scene: scene, trace: Array(run.trace.prefix(scene.traceCount)), title: run.title,
      caption: Self.caption(of: run, asked: askedSteps, file: file))
  }

  /// "after step 2 (line 63: drag to target)", or where the run ended.
  static func caption(of run: ScenarioResult, asked: Int?, file: SourceFile) -> String {
    guard run.title != nil else { return "as the top level built it" }
    let count = run.steps.count
    let plural = count == 1 ? "" : "s"
    func describe(_ range: SourceRange) -> String {
      let line = file.location(of: Int(range.start)).line
      let text = file.text(range).split(separator: "\n").first.map(String.init) ?? ""
      return "line \(line): \(text)"
    }
    if let asked, run.stoppedEarly {
      if asked == 0 { return "before its first step" }
      return "after step \(asked) (\(run.steps.last.map(describe) ?? ""))"
    }
    if let asked, asked > count {
      return "at its end: it has only \(count) step\(plural), not \(asked)"
    }
    return "at its end, after \(count) step\(plural)"
  }

  /// One line naming the picture.
  public var heading: String {
    let what = title.map { "Scenario \"\($0)\"" } ?? "The scene"
    return "\(what), \(caption)"
  }

  /// The device, its screen and the virtual time.
  public var deviceLine: String {
    "\(scene.device), screen \(number(scene.screenSize.width)) x \(number(scene.screenSize.height)) points, "
      + "at \(scene.time)"
  }

  /// The path of each finger, in the order the fingers went down: where it
  /// pressed, each place it moved to, and where it lifted.
  public var fingerPaths: [FingerPath] {
    var paths: [FingerPath] = []
    for event in trace {
      switch event.name {
      case "longPress", "dragFromItemSource":
        guard let point = event.argument("point").flatMap(Self.point) else { continue }
        paths.append(FingerPath(id: paths.count + 1, points: [point], isDown: true))
      case "touchMoved", "touchUp", "touchCancelled":
        guard let id = event.argument("finger").flatMap({ Int($0) }),
          let point = event.argument("point").flatMap(Self.point),
          let index = paths.firstIndex(where: { $0.id == id })
        else { continue }
        if paths[index].points.last != point { paths[index].points.append(point) }
        if event.name != "touchMoved" { paths[index].isDown = false }
      default:
        continue
      }
    }
    // A finger lifted with no step naming it (a press that started no drag)
    // is up once the scene says so.
    let down = Set(scene.fingers.map(\.id))
    for index in paths.indices where !down.contains(paths[index].id) { paths[index].isDown = false }
    return paths
  }

  /// The drop target of each drag in progress, by view name, with its proposal.
  public var currentTargets: [String: String] {
    var targets: [String: String] = [:]
    for drag in scene.drags {
      if let view = drag.targetView { targets[view] = drag.operation }
    }
    return targets
  }

  /// "(140, 120)" read back into a point.
  static func point(_ text: String) -> Point? {
    let inner = text.drop { $0 == "(" }.prefix { $0 != ")" }
    let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: " ") }
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else { return nil }
    return Point(x, y)
  }
}

/// Where one finger went.
public struct FingerPath: Hashable, Sendable {
  public var id: Int
  /// Screen points, in order.
  public var points: [Point]
  /// Still on the glass at the moment of the picture.
  public var isDown: Bool
}

/// A number as the trace writes it: whole numbers without ".0".
func number(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}

extension StringProtocol {
  /// Without the given characters at either end (Foundation-free).
  func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    guard let first = firstIndex(where: { !set.contains($0) }),
      let last = lastIndex(where: { !set.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
