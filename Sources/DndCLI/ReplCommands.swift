import DndInterpreter
import DndReport
import DndRuntime
import DndSyntax

/// The REPL's own commands: a line starting with `:`. They read the
/// session, never the script's values.
enum ReplCommand: String, CaseIterable {
  case help, load, reload, reset, tree, render, session, trace, explain, quit

  /// The operand shown in `:help`.
  var operand: String {
    switch self {
    case .load: "FILE"
    case .trace: "[N]"
    default: ""
    }
  }

  var summary: String {
    switch self {
    case .help: "Show this list."
    case .load: "Start again from FILE (quoted if it has spaces); no scenario runs."
    case .reload: "Load the last loaded file again (after editing it)."
    case .reset: "Forget everything and start empty."
    case .tree: "The view tree as dnd render outlines it, and the item sources."
    case .render: "The scene drawn."
    case .session: "The active drag: its items, location, last proposal, targets seen."
    case .trace: "The last N trace events (20 if N is not given)."
    case .explain: "What the last step did, in the lecture's terms."
    case .quit: "Leave the REPL (so does Ctrl-D on an empty line)."
    }
  }

  /// The `:help` text.
  static let helpText: String = {
    var text = "Type a statement, a declaration or a scenario step (longPress, drag to, tap,\n"
    text += "release, cancel, wait, settle, expect); an open brace, bracket or parenthesis, or\n"
    text += "an operator (as, is and -> too; not >, ! or ?), '.', '?.', ',', ':', 'else' or 'in'\n"
    text += "ending a line, continues on the next line. Commands:\n"
    for command in allCases {
      let head = ":" + command.rawValue + (command.operand.isEmpty ? "" : " " + command.operand)
      text += "  " + head + String(repeating: " ", count: max(1, 14 - head.count)) + command.summary + "\n"
    }
    return text
  }()
}

/// What a command asks of the loop.
enum ReplCommandResult {
  case proceed
  case quit
}

extension ReplSession {
  /// Carries out a `:command` line. A mistake in it is a diagnostic at the
  /// word at fault, in the form of any other input's.
  func perform(command line: String, console: Console, style: Style) -> ReplCommandResult {
    let words = Self.words(of: line)
    let name = words.first?.text ?? ""
    let operands = Array(words.dropFirst()).map(\.text)
    // What the command prints stands between two traces: the next one heads its group again.
    lastHeading = nil
    // Every input takes a number, a command that works too: `<repl:N>` is
    // then the Nth input (a statement of any number of lines, a comment
    // or a command), as the user counts them.
    let file = commandFile(line)
    /// Reports `message` at `range` (a byte range of the line), or at the whole line.
    func fail(_ message: String, at range: Range<Int>? = nil) -> ReplCommandResult {
      let span = range ?? 0..<line.utf8.count
      let at = SourceRange(file: file.id, start: span.lowerBound, end: span.upperBound)
      let diagnostic = Diagnostic(DiagnosticMessage(id: "replCommand", message), at: at)
      console.writeError(DiagnosticRenderer(file: file, useColor: style.useColor).render(diagnostic))
      noteFailure(.usage)
      return .proceed
    }
    // `: help` or a lone `:`: the first word is not the command's name.
    if words.first?.range.lowerBound != 1 {
      return fail("a command's name follows ':' with no space, as in ':help'", at: 0..<1)
    }
    guard let command = ReplCommand(rawValue: name) else {
      var message = "unknown command ':\(name)'"
      if let near = Suggestions.closest(to: name, in: ReplCommand.allCases.map(\.rawValue)) {
        message += "; did you mean ':\(near)'?"
      } else {
        message += "; ':help' lists the commands"
      }
      // The name with its ':'.
      return fail(message, at: words.first.map { ($0.range.lowerBound - 1)..<$0.range.upperBound })
    }
    let takesOperand = command == .load || command == .trace
    // From the first operand to the last.
    let operandRange = words.count > 1 ? words[1].range.lowerBound..<words[words.count - 1].range.upperBound : nil
    if !takesOperand, operandRange != nil {
      return fail("':\(name)' takes no operand", at: operandRange)
    }
    switch command {
    case .load where operands.count != 1:
      let extra = words.count > 2 ? words[2].range.lowerBound..<words[words.count - 1].range.upperBound : nil
      return fail(
        "':load' needs one file, as in ':load examples/01-hello-drop.dnd' (a name with spaces in quotes: "
          + "':load \"my drops.dnd\"')", at: extra)
    case .reload where loadedPath == nil:
      return fail("no file loaded yet; use ':load FILE'")
    case .trace where operands.count == 1 && Int(operands[0]) == nil && Self.isDigits(operands[0]):
      // Digits past Int's range are a number too large, not one that is not positive.
      return fail("':trace' shows at most \(Int.max) events, as in ':trace 5'", at: operandRange)
    case .trace where operands.count > 1 || operands.first.map { (Int($0) ?? 0) <= 0 } == true:
      return fail("':trace' takes a positive number of events, as in ':trace 5'", at: operandRange)
    default: break
    }
    switch command {
    case .help: console.writeOutput(ReplCommand.helpText)
    case .quit: return .quit
    case .reset:
      reset()
      console.writeOutput("Session reset.\n")
    case .load:
      if let path = operands.first {
        load(path) { message in _ = fail(message, at: operandRange) }
      }
    case .reload:
      if let path = loadedPath {
        load(path) { message in _ = fail(message) }
      }
    case .tree: console.writeOutput(outline())
    case .render: console.writeOutput(picture())
    case .session: console.writeOutput(sessionSummary())
    case .trace:
      let count = operands.first.flatMap { Int($0) } ?? 20
      let events = Array(trace.suffix(count))
      if events.isEmpty {
        console.writeOutput("No trace events yet.\n")
      } else {
        // The first events shown may belong to a phase the cut left out.
        let earlier = trace.dropLast(events.count).last { $0.phase != nil }?.phase
        console.writeOutput(traceText(events, printed: [], phaseBefore: earlier))
      }
    case .explain: console.writeOutput(explanation())
    }
    return .proceed
  }

  /// ASCII digits only (`Int` reads no others: "٣" is not a number to it).
  static func isDigits(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// The words of a command line after its ':', with their byte ranges.
  static func words(of line: String) -> [(text: String, range: Range<Int>)] {
    var words: [(text: String, range: Range<Int>)] = []
    let bytes = Array(line.utf8)
    let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    // The line starts with ':', which is not part of the command's name.
    var index = 1
    while index < bytes.count {
      if isSpace(bytes[index]) {
        index += 1
        continue
      }
      let begin = index
      // A quoted word (`:load "my drops.dnd"`) keeps its spaces; the quotes are not part of it.
      if quotes.contains(bytes[index]), let close = bytes[(index + 1)...].firstIndex(of: bytes[index]) {
        words.append((String(decoding: bytes[(index + 1)..<close], as: UTF8.self), begin..<(close + 1)))
        index = close + 1
        continue
      }
      while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
      words.append((String(decoding: bytes[begin..<index], as: UTF8.self), begin..<index))
    }
    return words
  }

  // MARK: The view tree

  /// Every app's view tree as `dnd render` outlines it, then the item sources.
  func outline() -> String {
    guard let world = scene?.host.world, !world.apps.isEmpty || !world.itemSources.isEmpty else {
      return "No apps yet.\n"
    }
    var out = "No apps yet.\n"
    if !world.apps.isEmpty {
      let picture = Self.picture(of: world)
      out = picture.deviceLine + "\nViews (frames in the superview's coordinates):\n"
      out += SceneTextRenderer().outline(picture).joined(separator: "\n") + "\n"
    }
    if !world.itemSources.isEmpty {
      let sources = world.itemSources.map { "\($0.name) (\($0.itemNames.joined(separator: ", ")))" }
      out += "Item sources: " + sources.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// The scene drawn by `dnd render`'s renderer, as it is now.
  func picture() -> String {
    guard let world = scene?.host.world, !world.apps.isEmpty else { return "No apps yet.\n" }
    return SceneTextRenderer().render(Self.picture(of: world))
  }

  private static func picture(of world: World) -> ScenePicture {
    ScenePicture(scene: world.snapshot(), trace: world.trace.events, title: nil, caption: "after the last input")
  }

  // MARK: The active drag

  /// The latest drag session, read from the trace and the fingers: its
  /// items, where the finger is, the last proposal, the drop targets seen.
  func sessionSummary() -> String {
    let events = trace
    guard let id = events.last(where: { $0.session != nil })?.session else {
      return "No drag session yet.\n"
    }
    let own = events.filter { $0.session == id }
    // A session ends when its drag ends, or with its lift when the finger
    // lets go (or the view leaves) before the drag begins.
    let ending = own.last { $0.method == "dragEnded" || $0.method == "liftAbandoned" }
    // After the release the session lives on until its drop animation ends.
    let drag = ending == nil ? scene?.host.world.snapshot().drags.first { $0.session == id } : nil
    let state =
      switch ending?.method {
      case nil where drag?.stage == "settingDown":
        " (setting down: the finger is up, and the drop animation and the loads are under way)"
      case nil: " (active)"
      case "liftAbandoned": " (ended: the lift was abandoned before the drag began)"
      default: " (ended)"
      }
    var out = "Drag session \(id)" + state + "\n"
    // The finger holding this session: with two long presses, not
    // necessarily the latest one.
    let finger = scene?.host.world.fingers.fingers.first { $0.session?.id == id }
    if let session = finger?.session {
      out += "  items: \(session.items.count)\n"
      for (index, item) in session.items.enumerated() { out += "    [\(index)] \(item)\n" }
    } else if let drag {
      out += "  items: \(drag.itemCount)\n"
    } else if let lift = own.last(where: { $0.method == "dragInteraction(_:itemsForBeginning:)" }) {
      out += "  items: \(lift.result ?? "none")\n"
    }
    if let finger, finger.isDown {
      out += "  location: \(finger.location) (finger \(finger.id) is down)\n"
    } else if let moved = own.last(where: { $0.argument("point") != nil }),
      let point = moved.argument("point")
    {
      out += "  location: \(point) (its last touch; its finger is up)\n"
    }
    // A view's sessionDidUpdate, a list's dropSessionDidUpdate, a text view's proposalForDrop.
    let proposers: Set<String> = ["sessionDidUpdate", "dropSessionDidUpdate", "proposalForDrop"]
    if let proposal = own.last(where: {
      proposers.contains($0.name) && !$0.method.hasPrefix("textDroppableView(_:dropSessionDidUpdate")
    }) {
      out += "  last proposal: \(proposal.result ?? "none") from \(proposal.view ?? "?")\n"
    } else {
      out += "  last proposal: none yet\n"
    }
    var seen: [String] = []
    for event in own where event.interaction?.hasPrefix("drop") ?? event.method.hasPrefix("dropInteraction") {
      if let view = event.view, !seen.contains(view) { seen.append(view) }
    }
    out += "  targets seen: " + (seen.isEmpty ? "none" : seen.joined(separator: ", ")) + "\n"
    return out
  }

  // MARK: Explaining the last step

  /// A sentence per event of the last input that moved the scene.
  func explanation() -> String {
    guard !lastStepEvents.isEmpty else { return "Nothing has happened yet: try a longPress.\n" }
    // The lecture's narration (`dnd explain`) when it has something to say.
    let run = ScenarioResult(
      title: nil, range: .none, outcome: .passed, printed: [], trace: lastStepEvents)
    let explainer = Explainer(files: files)
    // Wrapped as the trace is, at 100 columns.
    func lines(_ text: String, indent: String) -> String {
      explainer.wrap(text, indent: indent, hanging: indent + "  ").map { $0 + "\n" }.joined()
    }
    let notes = explainer.notes(for: run)
    if !notes.isEmpty { return notes.map { lines($0, indent: "") }.joined() }
    var out = ""
    var phase: DragPhase?
    for event in lastStepEvents {
      if let eventPhase = event.phase, eventPhase != phase {
        phase = eventPhase
        out += lines(Self.phaseTitle(eventPhase), indent: "")
      }
      out += lines(Self.sentence(for: event), indent: "  ")
    }
    return out
  }

  private static func phaseTitle(_ phase: DragPhase) -> String {
    switch phase {
    case .lift: "Lift: the finger presses and UIKit asks what to drag."
    case .drag: "Drag: the items travel and drop targets are asked whether they want them."
    case .setDown: "Set down: the finger lifts; the proposal decides what happens."
    case .dataTransfer: "Data transfer: the item providers deliver the data."
    }
  }

  private static func sentence(for event: TraceEvent) -> String {
    let place = event.view.map { " on \($0)" } ?? ""
    let result = event.result.map { " -> \($0)" } ?? ""
    switch event.kind {
    case .call:
      return "UIKit called the script's \(event.method)\(place)\(result)."
    case .defaultUsed:
      return "UIKit used its default for \(event.method)\(place)\(result) (the script does not implement it)."
    case .step:
      let arguments = event.arguments.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
      return "\(event.method)\(place)\(arguments.isEmpty ? "" : " " + arguments)\(result)."
    case .warning:
      return "Warning: \(event.message ?? "")"
    case .exception:
      return "UIKit raised \(event.exceptionName ?? "an exception"): \(event.message ?? "")"
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced (Foundation-free).
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
