import DndRuntime

/// The picture of `dnd render --svg`: the screen at one SVG unit per point,
/// each view a labelled rectangle (dashed when hidden or taking no touches),
/// views that take drops tinted, the current drop target outlined in the
/// colour of its proposal, and each finger's path drawn as a line ending in
/// a dot (filled while the finger is down). A caption above says which moment
/// it is. The output depends only on the picture, so it can be a golden file.
public struct SceneSVGRenderer: Sendable {
  public init() {}

  /// Room above the screen for the caption, and around it.
  private static let captionHeight = 44.0
  private static let margin = 8.0

  public func render(_ picture: ScenePicture) -> String {
    let screen = picture.scene.screenSize
    let width = screen.width + 2 * Self.margin
    let height = screen.height + Self.captionHeight + Self.margin
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
      viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">

      """
    out += "  <title>\(escape(picture.heading))</title>\n"
    out += text(picture.heading, x: Self.margin, y: 18, size: 14, weight: "bold")
    out += text(picture.deviceLine, x: Self.margin, y: 36, size: 11, fill: "#555555")
    out += "  <g transform=\"translate(\(n(Self.margin)) \(n(Self.captionHeight)))\">\n"
    out +=
      "    <rect x=\"0\" y=\"0\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\" "
      + "fill=\"#f4f4f4\" stroke=\"#333333\"/>\n"
    let targets = picture.currentTargets
    var labels = ""
    for app in picture.scene.apps {
      out += views(app.window, app: app.name, targets: targets, screen: screen, labels: &labels)
    }
    // Labels last, so that no view drawn later hides one.
    out += labels
    for path in picture.fingerPaths {
      out += finger(path)
    }
    out += "  </g>\n</svg>\n"
    return out
  }

  /// A view and its subviews, back to front; their labels go to `labels`.
  private func views(
    _ view: ViewSnapshot, app: String, targets: [String: String], screen: Size, labels: inout String
  ) -> String {
    var out = ""
    // SVG refuses a negative width or height: the frame is drawn, and its
    // labels placed, as CGRect's `standardized` would have it.
    let raw = view.screenFrame
    let frame = Rect(
      min(raw.minX, raw.minX + raw.size.width), min(raw.minY, raw.minY + raw.size.height),
      abs(raw.size.width), abs(raw.size.height))
    let isWindow = view.kind == .window
    let operation = isWindow ? nil : targets[view.name]
    let isCell = view.kind == .tableViewCell || view.kind == .collectionViewCell
    // A placeholder's cell stands in for data still loading: tinted apart.
    let isPlaceholder = isCell && view.name.contains(" placeholder[")
    var fill = isWindow ? "#ffffff" : (view.isDropTarget ? "#e3f1e3" : "#ffffff")
    if view.isDragSource { fill = "#e5ecfa" }
    if isPlaceholder { fill = "#fff4d6" }
    var stroke = operation.map(Self.color) ?? "#666666"
    let strokeWidth = operation == nil ? "1" : "4"
    var extra = ""
    if view.isHidden || !view.takesTouches {
      extra = " stroke-dasharray=\"6 4\""
      stroke = operation.map(Self.color) ?? "#999999"
    }
    if view.isHidden { fill = "none" }
    // A cell left behind by its drag is dimmed, as UIKit dims it (§8.9).
    if view.dragState == "dragging" { extra += " opacity=\"0.45\"" }
    // A frame that is not finite (a script may compute one) has no place in
    // the picture: a comment says so, and the subviews are still drawn.
    let edges = [frame.minX, frame.minY, frame.size.width, frame.size.height]
    guard edges.allSatisfy(\.isFinite) else {
      out += "    <!-- \(escape(view.name)): its frame is not finite, so it is not drawn -->\n"
      for subview in view.subviews {
        out += views(subview, app: app, targets: targets, screen: screen, labels: &labels)
      }
      return out
    }
    out +=
      "    <rect id=\"\(escape(Self.identifier(isWindow ? app + "-window" : view.name)))\" "
      + "x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.size.width))\" "
      + "height=\"\(n(frame.size.height))\" fill=\"\(fill)\" stroke=\"\(stroke)\" "
      + "stroke-width=\"\(strokeWidth)\"\(extra)/>\n"
    let color = view.isHidden ? "#999999" : "#222222"
    if isWindow {
      labels += text(
        "\(app) (app)", x: frame.maxX - 6, y: frame.maxY - 6, size: 11, fill: "#555555", anchor: "end")
    } else if isCell {
      // A cell's label sits at its bottom, clear of its list's label at the
      // list's top (the first cell shares that corner), and shows its text.
      var line = view.name
      if let content = view.text { line += " · \"" + content + "\"" }
      if let state = view.dragState { line += " · " + state }
      labels += text(line, x: frame.minX + 4, y: frame.maxY - 5, size: 11, fill: color)
    } else {
      var lines = [view.name + " · " + view.kind.uikitClassName]
      if view.isHidden { lines[0] += " (hidden)" }
      if let operation { lines.append("drop target (\(operation))") }
      // About 6.3 units per character at 11 points: a label that would leave
      // the screen is right-aligned to the view instead.
      let widest = Double(lines.map(\.count).max() ?? 0) * 6.3
      let rightAligned = frame.minX + 4 + widest > screen.width - 2
      for (index, line) in lines.enumerated() {
        let y = frame.minY + 13 + Double(index) * 13
        labels +=
          rightAligned
          ? text(line, x: min(frame.maxX, screen.width) - 4, y: y, size: 11, fill: color, anchor: "end")
          : text(line, x: frame.minX + 4, y: y, size: 11, fill: color)
      }
    }
    for child in view.subviews {
      out += views(child, app: app, targets: targets, screen: screen, labels: &labels)
    }
    return out
  }

  /// A finger's path and where it is.
  private func finger(_ path: FingerPath) -> String {
    let drawn = path.points.filter { $0.x.isFinite && $0.y.isFinite }
    guard let last = drawn.last else { return "" }
    var out = ""
    if drawn.count > 1 {
      let points = drawn.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
      out +=
        "    <polyline points=\"\(points)\" fill=\"none\" stroke=\"#b0309a\" stroke-width=\"2\" "
        + "stroke-dasharray=\"5 4\"/>\n"
    }
    if let first = drawn.first {
      out += "    <circle cx=\"\(n(first.x))\" cy=\"\(n(first.y))\" r=\"4\" fill=\"#b0309a\"/>\n"
    }
    let fill = path.isDown ? "#b0309a" : "none"
    out +=
      "    <circle cx=\"\(n(last.x))\" cy=\"\(n(last.y))\" r=\"10\" fill=\"\(fill)\" fill-opacity=\"0.6\" "
      + "stroke=\"#b0309a\" stroke-width=\"2\"/>\n"
    out += "  " + text("finger \(path.id)", x: last.x + 12, y: last.y + 20, size: 11, fill: "#b0309a")
    return out
  }

  private func text(
    _ content: String, x: Double, y: Double, size: Int, fill: String = "#222222", weight: String? = nil,
    anchor: String? = nil
  ) -> String {
    let bold = weight.map { " font-weight=\"\($0)\"" } ?? ""
    let alignment = anchor.map { " text-anchor=\"\($0)\"" } ?? ""
    return "  <text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\" fill=\"\(fill)\"\(bold)\(alignment)>"
      + escape(content) + "</text>\n"
  }

  static func color(_ operation: String) -> String {
    switch operation {
    case "copy": "#2e9e3e"
    case "move": "#2f6fd6"
    case "forbidden": "#d23c3c"
    default: "#d6a11f"
    }
  }

  /// A name usable as an XML id: letters, digits, `-` and `_`.
  static func identifier(_ name: String) -> String {
    let kept = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? String($0) : "_" }.joined()
    return "view-" + kept
  }

  /// Text for XML content and attributes; characters XML 1.0 forbids are dropped.
  private func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default:
        let value = scalar.value
        if value == 0x9 || value == 0xA || value == 0xD
          || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// Two decimals at most; a finite value too large to scale is written as it is.
  private func n(_ value: Double) -> String {
    let scaled = value * 100
    return number(scaled.isFinite ? scaled.rounded() / 100 : value)
  }
}
