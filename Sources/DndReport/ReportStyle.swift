import DndRuntime

// What the reporters share: the names of the phases as the lecture says them,
// and terminal colours that are used only when asked for.

extension DragPhase {
  /// "Lift", "Drag", "Set down", "Data transfer" (the four phases, §1.1).
  public var title: String {
    switch self {
    case .lift: "Lift"
    case .drag: "Drag"
    case .setDown: "Set down"
    case .dataTransfer: "Data transfer"
    }
  }
}

/// ANSI styles for terminal output; without colour every function returns
/// its text unchanged, so the same code writes plain text to files and pipes.
public struct TerminalStyle: Hashable, Sendable {
  public var useColor: Bool

  public init(useColor: Bool) {
    self.useColor = useColor
  }

  /// A style's SGR parameters.
  public enum Tone: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case magenta = "35"
    case cyan = "36"
    case boldRed = "1;31"
    case boldGreen = "1;32"
    case boldYellow = "1;33"
  }

  /// `text` in `tone`, or unchanged without colour.
  public func apply(_ tone: Tone, _ text: String) -> String {
    guard useColor, !text.isEmpty else { return text }
    return "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m"
  }
}
