import DndRuntime

/// Draws a scene in the terminal for `dnd render`: the screen to scale in
/// box-drawing characters, each view a box named on its top edge, the current
/// drop target in heavy lines, the fingers' paths as dots ending in `@` where
/// a finger is down (`o` where it lifted); then a legend, the fingers and
/// drags, and the view tree as an indented outline with each view's class,
/// frame (in its superview's coordinates), what keeps it from touches, and
/// its interactions.
///
/// A character is about twice as tall as it is wide, so a row covers twice
/// the points a column does. Every view gets at least a 2 x 2 box, so tiny
/// views stay visible (and may look larger than they are).
public struct SceneTextRenderer: Sendable {
  public var style: TerminalStyle
  /// Columns of the whole output, the picture's frame included.
  public var width: Int

  public init(style: TerminalStyle = TerminalStyle(useColor: false), width: Int = 100) {
    self.style = style
    self.width = max(60, width)
  }

  public func render(_ picture: ScenePicture) -> String {
    let heading = wrap(picture.heading.split(separator: " ").map(String.init), indent: "", separator: " ")
    var out = heading.map { style.apply(.bold, $0) }.joined(separator: "\n") + "\n"
    out += picture.deviceLine + "\n\n"
    out += drawing(picture)
    out += "\n" + wrap(legend(picture), indent: "", separator: "   ").joined(separator: "\n") + "\n"
    let state = status(picture).flatMap {
      wrap($0.split(separator: " ").map(String.init), indent: "", separator: " ")
    }
    if !state.isEmpty { out += "\n" + state.joined(separator: "\n") + "\n" }
    out += "\nViews (frames in the superview's coordinates):\n"
    out += outline(picture).joined(separator: "\n") + "\n"
    return out
  }

  // MARK: The drawing

  /// How long a leg is kept, in cells, before it is clipped.
  static let farthest = 1e6

  /// The part of the segment from `a` to `b` inside the rectangle from
  /// (-1, -1) to (width + 1, height + 1), or nil if none is (Liang and
  /// Barsky's clipping; a coordinate that is not a number hides the leg).
  public static func clip(_ a: Point, _ b: Point, width: Double, height: Double) -> (Point, Point)? {
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
    var a = a
    var b = b
    // A leg to a point 1e300 away is first shortened, along its direction,
    // from its end nearer the canvas: the canvas is lost in the rounding of
    // such a length.
    let reach = max(abs(b.x - a.x), abs(b.y - a.y))
    guard reach.isFinite else { return nil }
    if reach > farthest {
      let scale = farthest / reach
      if max(abs(a.x), abs(a.y)) <= max(abs(b.x), abs(b.y)) {
        b = Point(a.x + (b.x - a.x) * scale, a.y + (b.y - a.y) * scale)
      } else {
        a = Point(b.x + (a.x - b.x) * scale, b.y + (a.y - b.y) * scale)
      }
    }
    let dx = b.x - a.x
    let dy = b.y - a.y
    var low = 0.0
    var high = 1.0
    // For each edge: p is how the leg moves against it, q how far inside the start is.
    for (p, q) in [(-dx, a.x + 1), (dx, width + 1 - a.x), (-dy, a.y + 1), (dy, height + 1 - a.y)] {
      if p == 0 {
        if q < 0 { return nil }
        continue
      }
      let t = q / p
      if p < 0 { low = max(low, t) } else { high = min(high, t) }
      if low > high { return nil }
    }
    return (Point(a.x + low * dx, a.y + low * dy), Point(a.x + high * dx, a.y + high * dy))
  }

  /// The screen to scale inside a frame of its own.
  func drawing(_ picture: ScenePicture) -> String {
    let screen = picture.scene.screenSize
    let columns = width - 2
    let scaleX = Double(columns) / max(1, screen.width)
    let rows = max(4, Int((screen.height * scaleX / 2).rounded()))
    let scaleY = Double(rows) / max(1, screen.height)
    var canvas = Canvas(columns: columns, rows: rows)
    let targets = picture.currentTargets

    // A script may make any frame or point, 1e300 or NaN wide: positions are
    // clamped to just outside the canvas, so the loops that draw are bounded
    // by its size and the conversion to Int cannot trap.
    func grid(_ value: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
      guard !value.isNaN else { return -2 }
      return Int(min(max(value, -2), Double(limit + 2)).rounded(rule))
    }
    func cell(_ point: Point) -> (column: Int, row: Int) {
      (grid(point.x * scaleX, .down, limit: columns), grid(point.y * scaleY, .down, limit: rows))
    }
    func box(_ rect: Rect) -> (left: Int, top: Int, right: Int, bottom: Int) {
      let left = grid(rect.minX * scaleX, .toNearestOrAwayFromZero, limit: columns)
      let top = grid(rect.minY * scaleY, .toNearestOrAwayFromZero, limit: rows)
      let right = max(left + 1, grid(rect.maxX * scaleX, .toNearestOrAwayFromZero, limit: columns) - 1)
      let bottom = max(top + 1, grid(rect.maxY * scaleY, .toNearestOrAwayFromZero, limit: rows) - 1)
      return (left, top, right, bottom)
    }

    typealias Box = (left: Int, top: Int, right: Int, bottom: Int)
    var labels: [(box: Box, text: String, tone: TerminalStyle.Tone?)] = []
    for app in picture.scene.apps {
      for (view, depth) in Self.visible(app.window) {
        let frame = box(view.screenFrame)
        canvas.drawBox(frame.left, frame.top, frame.right, frame.bottom)
        let name = view.kind == .window ? app.name : view.name
        labels.append((frame, depth == 0 ? name + " (app)" : name, targets[view.name].map(Self.tone)))
      }
    }
    for view in picture.scene.allViews where targets[view.name] != nil && view.kind != .window {
      let frame = box(view.screenFrame)
      canvas.drawHeavyBox(frame.left, frame.top, frame.right, frame.bottom)
      canvas.tint(frame.left, frame.top, frame.right, frame.bottom, Self.tone(targets[view.name] ?? "copy"))
    }
    for label in labels { canvas.label(label.text, in: label.box, tone: label.tone) }
    for path in picture.fingerPaths {
      let cells = path.points.map(cell)
      // Each leg is clipped to the canvas before it becomes cells, so a leg
      // to a point far off it keeps its slope where it crosses the canvas.
      for (from, to) in zip(path.points, path.points.dropFirst()) {
        let a = Point(from.x * scaleX, from.y * scaleY)
        let b = Point(to.x * scaleX, to.y * scaleY)
        guard let (start, end) = Self.clip(a, b, width: Double(columns), height: Double(rows)) else { continue }
        canvas.dots(
          from: (grid(start.x, .down, limit: columns), grid(start.y, .down, limit: rows)),
          to: (grid(end.x, .down, limit: columns), grid(end.y, .down, limit: rows)))
      }
      if let last = cells.last {
        canvas.mark(last.column, last.row, path.isDown ? "@" : "o", tone: .magenta)
      }
    }
    let border = String(repeating: "─", count: columns)
    var out = "┌" + border + "┐\n"
    for line in canvas.lines(style: style) { out += "│" + line + "│\n" }
    return out + "└" + border + "┘\n"
  }

  /// The views that show, back to front, with their depth: hidden views and
  /// their subviews are left out of the drawing (the outline lists them).
  static func visible(_ root: ViewSnapshot, depth: Int = 0) -> [(ViewSnapshot, Int)] {
    guard !root.isHidden else { return [] }
    return [(root, depth)] + root.subviews.flatMap { visible($0, depth: depth + 1) }
  }

  static func tone(_ operation: String) -> TerminalStyle.Tone {
    switch operation {
    case "copy": .green
    case "move": .blue
    case "forbidden": .red
    default: .yellow
    }
  }

  private func legend(_ picture: ScenePicture) -> [String] {
    let screen = picture.scene.screenSize
    let perColumn = screen.width / Double(width - 2)
    var parts = ["1 column = \(number((perColumn * 10).rounded() / 10)) points"]
    if !picture.fingerPaths.isEmpty { parts += ["@ finger down", "o finger lifted", ". its path"] }
    if !picture.currentTargets.isEmpty { parts.append("┏━┓ current drop target") }
    return parts
  }

  /// Pieces joined by `separator` into lines of at most `width` columns;
  /// continuation lines are indented by two more.
  private func wrap(_ pieces: [String], indent: String, separator: String) -> [String] {
    var lines: [String] = []
    var current = indent
    for piece in pieces {
      if current.count > indent.count, current.count + separator.count + piece.count > width {
        lines.append(current)
        current = indent + "  " + piece
      } else {
        current += (current.count > indent.count ? separator : "") + piece
      }
    }
    if current.count > indent.count { lines.append(current) }
    return lines
  }

  /// The fingers and drags in words.
  private func status(_ picture: ScenePicture) -> [String] {
    var lines: [String] = []
    for path in picture.fingerPaths {
      let place = path.points.last?.description ?? "?"
      var line = "Finger \(path.id): " + (path.isDown ? "down at \(place)" : "lifted at \(place)")
      if let finger = picture.scene.fingers.first(where: { $0.id == path.id }), let session = finger.session {
        line += ", holding drag \(session)"
      }
      lines.append(line)
    }
    for drag in picture.scene.drags {
      let source = drag.sourceView.map { "\($0) in \(drag.source)" } ?? drag.source
      var line =
        "Drag \(drag.session) (\(drag.stage)): \(drag.itemCount) item\(drag.itemCount == 1 ? "" : "s") "
      line += "from \(source), at \(drag.location); "
      if let target = drag.targetView {
        line += "over \(target), which proposes \(drag.operation)"
        if let intent = drag.listIntent { line += ", \(intent)" }
        if let destination = drag.listDestination {
          line += drag.opensGap ? "; a gap opens at \(destination)" : " (destination \(destination))"
        }
      } else {
        line += "over no drop target (a release now cancels)"
      }
      lines.append(line)
    }
    // The top level builds lists but lays none out: a list asks its data
    // source at its first layout pass, which runs just before a scenario's first step.
    if picture.title == nil {
      let empty = picture.scene.allViews.filter {
        ($0.kind == .tableView || $0.kind == .collectionView) && $0.subviews.isEmpty
      }
      if let first = empty.first {
        let names = empty.count == 1 ? first.name : empty.map(\.name).joined(separator: ", ")
        lines.append(
          "\(names) show\(empty.count == 1 ? "s" : "") no cells: a table or collection view asks its data source "
            + "at its first layout, which runs just before a scenario's first step; "
            + "'dnd render --scenario NAME --at 1' draws them after it.")
      }
    }
    return lines
  }

  // MARK: The outline

  /// The view tree, one line per view (long lines continue, indented).
  public func outline(_ picture: ScenePicture) -> [String] {
    var lines: [String] = []
    let targets = picture.currentTargets
    for app in picture.scene.apps {
      lines += describe(app.window, app: app.name, depth: 0, targets: targets)
    }
    // An empty screen says why, and what would fill it.
    if lines.isEmpty {
      lines.append("  (none: the script declares no app; an `app Name { ... }` block puts one on the screen)")
    }
    return lines
  }

  private func describe(_ view: ViewSnapshot, app: String, depth: Int, targets: [String: String]) -> [String]
  {
    let indent = String(repeating: "  ", count: depth + 1)
    var parts: [String] = []
    if view.kind == .window {
      parts.append("\(app) (app window, \(view.frame) on the screen)")
    } else {
      parts.append("\(view.name): \(view.kind.uikitClassName) \(view.frame)")
    }
    if view.isHidden { parts.append("hidden") }
    if view.alpha < 0.01 { parts.append("alpha \(number(view.alpha)): takes no touches") }
    if !view.isUserInteractionEnabled {
      parts.append("isUserInteractionEnabled false: takes no touches")
    }
    if let text = view.text { parts.append("text " + Self.shortened(text)) }
    switch view.dragState {
    case "lifting"?: parts.append("lifting into a drag")
    case "dragging"?: parts.append("dragging: left behind, dimmed")
    default: break
    }
    for interaction in view.interactions {
      switch interaction.kind {
      case .drag where !interaction.isEnabled:
        parts.append(
          interaction.name + (interaction.followsDefault ? " (disabled by default)" : " (disabled)"))
      case .paste: parts.append("pasteConfiguration (a drop target)")
      default: parts.append(interaction.name)
      }
    }
    if view.kind != .window, let operation = targets[view.name] {
      parts.append(style.apply(Self.tone(operation), "<- current drop target (\(operation))"))
    }
    var lines = wrap(parts, indent: indent)
    for child in view.subviews {
      lines += describe(child, app: app, depth: depth + 1, targets: targets)
    }
    return lines
  }

  /// A view's text as a literal, cut after 60 characters with its length
  /// said: a label holding megabytes is one line of the outline, not all of it.
  static func shortened(_ text: String) -> String {
    guard text.utf8.count > 60, text.count > 60 else { return text.debugDescription }
    return String(text.prefix(60)).debugDescription + "… (\(NumberText.grouped(text.count)) characters)"
  }

  /// Parts joined by ", " into lines of at most `width` visible columns.
  private func wrap(_ parts: [String], indent: String) -> [String] {
    var lines: [String] = []
    var current = indent
    var visible = indent.count
    for (index, part) in parts.enumerated() {
      let text = index == 0 ? part : (index == 1 ? "  " : ", ") + part
      let length = Self.visibleLength(text)
      // One column is kept for the comma that ends a line when parts follow.
      if index > 0, visible + length > width - 1 {
        lines.append(current + (index > 1 ? "," : ""))
        current = indent + "    " + part
        visible = indent.count + 4 + Self.visibleLength(part)
      } else {
        current += text
        visible += length
      }
    }
    lines.append(current)
    return lines
  }

  /// Columns a string takes, colour codes left out.
  static func visibleLength(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character == "m" { inEscape = false }
      } else {
        count += 1
      }
    }
    return count
  }
}

/// A grid of characters with line segments that join into box-drawing
/// characters where they meet.
private struct Canvas {
  let columns: Int
  let rows: Int
  /// Per cell: which of up, down, left, right a line leaves by (bits 1, 2, 4, 8).
  private var segments: [[UInt8]]
  /// Characters drawn over the lines (labels, heavy boxes, marks).
  private var overlay: [[Character?]]
  private var tones: [[TerminalStyle.Tone?]]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    segments = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    overlay = Array(repeating: Array(repeating: nil, count: columns), count: rows)
    tones = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  private func inside(_ column: Int, _ row: Int) -> Bool {
    column >= 0 && column < columns && row >= 0 && row < rows
  }

  private mutating func add(_ column: Int, _ row: Int, _ bits: UInt8) {
    guard inside(column, row) else { return }
    segments[row][column] |= bits
  }

  private static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8

  /// A box with light lines; edges outside the canvas are clipped.
  mutating func drawBox(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) {
    for column in left...right {
      var horizontal: UInt8 = 0
      if column > left { horizontal |= Self.left }
      if column < right { horizontal |= Self.right }
      add(column, top, horizontal)
      add(column, bottom, horizontal)
    }
    for row in top...bottom {
      var vertical: UInt8 = 0
      if row > top { vertical |= Self.up }
      if row < bottom { vertical |= Self.down }
      add(left, row, vertical)
      add(right, row, vertical)
    }
  }

  /// A box in heavy lines over whatever is there.
  mutating func drawHeavyBox(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) {
    for column in left...right {
      put(column, top, column == left ? "┏" : column == right ? "┓" : "━")
      put(column, bottom, column == left ? "┗" : column == right ? "┛" : "━")
    }
    for row in (top + 1)..<max(top + 1, bottom) {
      put(left, row, "┃")
      put(right, row, "┃")
    }
  }

  mutating func tint(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, _ tone: TerminalStyle.Tone) {
    for row in top...bottom {
      for column in left...right where inside(column, row) {
        let onEdge = row == top || row == bottom || column == left || column == right
        if onEdge { tones[row][column] = tone }
      }
    }
  }

  private mutating func put(
    _ column: Int, _ row: Int, _ character: Character, tone: TerminalStyle.Tone? = nil
  ) {
    guard inside(column, row) else { return }
    overlay[row][column] = character
    if let tone { tones[row][column] = tone }
  }

  /// A name on the box's top edge, after its corner; if another label is
  /// there already, on the first free row inside the box.
  mutating func label(
    _ text: String, in box: (left: Int, top: Int, right: Int, bottom: Int), tone: TerminalStyle.Tone?
  ) {
    let room = box.right - box.left - 1
    guard room >= 1 else { return }
    let shown = text.count <= room ? text : String(text.prefix(max(1, room - 1))) + "…"
    // After the corner of the top edge or of a row inside; failing that
    // (a small box in a corner of its app's, which has no row inside), on
    // any row down to the bottom edge, further along.
    let corner = box.left + 1
    for row in box.top..<max(box.top + 1, box.bottom) where place(shown, row: row, start: corner, tone) {
      return
    }
    for row in box.top...max(box.top, box.bottom) {
      for start in corner...max(corner, box.right - shown.count)
      where place(shown, row: row, start: start, tone, gapBefore: start != corner) {
        return
      }
    }
  }

  /// Writes `text` at `start` on `row` if it fits among the names already
  /// there (with a cell of space after another name when `gapBefore`);
  /// true if it did.
  private mutating func place(
    _ text: String, row: Int, start: Int, _ tone: TerminalStyle.Tone?, gapBefore: Bool = false
  ) -> Bool {
    guard inside(start, row) else { return false }
    let columns = (gapBefore ? start - 1 : start)...(start + text.count - 1)
    guard !columns.contains(where: { isLabelled($0, row) }) else { return false }
    for (offset, character) in text.enumerated() {
      put(start + offset, row, character, tone: tone)
      labelled.insert(Cell(column: start + offset, row: row))
    }
    return true
  }

  /// A place on the grid.
  private struct Cell: Hashable {
    var column: Int
    var row: Int
  }
  private var labelled: Set<Cell> = []

  private func isLabelled(_ column: Int, _ row: Int) -> Bool {
    labelled.contains(Cell(column: column, row: row))
  }

  /// Dots along a straight line between two cells (ends excluded), where
  /// nothing else is written.
  mutating func dots(from: (column: Int, row: Int), to: (column: Int, row: Int)) {
    let steps = max(abs(to.column - from.column), abs(to.row - from.row))
    guard steps > 1 else { return }
    for step in 1..<steps {
      let column = from.column + (to.column - from.column) * step / steps
      let row = from.row + (to.row - from.row) * step / steps
      guard inside(column, row), overlay[row][column] == nil, !isLabelled(column, row) else { continue }
      overlay[row][column] = "."
      tones[row][column] = .magenta
    }
  }

  /// A mark over anything.
  mutating func mark(_ column: Int, _ row: Int, _ character: Character, tone: TerminalStyle.Tone) {
    put(column, row, character, tone: tone)
  }

  /// The rows as text.
  func lines(style: TerminalStyle) -> [String] {
    (0..<rows).map { row in
      var line = ""
      for column in 0..<columns {
        let character = overlay[row][column] ?? Self.boxCharacter(segments[row][column])
        let text = String(character)
        line += tones[row][column].map { style.apply($0, text) } ?? text
      }
      return line
    }
  }

  /// The light box-drawing character for a set of segments.
  static func boxCharacter(_ bits: UInt8) -> Character {
    switch bits {
    case 0: " "
    case up | down, up, down: "│"
    case left | right, left, right: "─"
    case down | right: "┌"
    case down | left: "┐"
    case up | right: "└"
    case up | left: "┘"
    case up | down | right: "├"
    case up | down | left: "┤"
    case down | left | right: "┬"
    case up | left | right: "┴"
    default: "┼"
    }
  }
}
