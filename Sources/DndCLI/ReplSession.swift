import DndCheck
import DndInterpreter
import DndReport
import DndRuntime
import DndSyntax

/// The state of a `dnd repl` session and the evaluation of one input.
///
/// Each input is its own `SourceFile` (`<repl:N>`), checked against the
/// program so far (`Checker.check(_:file:continuing:)`) and run on the same
/// interpreter and scene (`Interpreter.continueWith(_:)`), so declarations,
/// variables, the view tree and an active drag carry over. An input that
/// fails (to parse, to check, to run) is reported and changes nothing that
/// was already defined.
///
/// Results go to standard output: what the input printed, the trace events
/// it added (formatted like `dnd run`'s trace), the value of a bare
/// expression. Diagnostics go to standard error.
final class ReplSession {
  /// The interpreter and scene of the session, once an input has run.
  struct Scene {
    let host: SceneHost
    let interpreter: Interpreter
  }

  private let console: Console
  private let style: Style
  private let limits: RunLimits
  private(set) var scene: Scene?
  /// Every file of the session: the loaded script, then each input.
  private(set) var files: [SourceFile] = []
  /// Inputs read so far in this process, commands included (numbers
  /// `<repl:N>`; never reused, even across `:reset`, so a diagnostic names
  /// one input only).
  private var inputCount = 0
  /// Files made so far, inputs and loaded scripts alike: their ids. (A
  /// loaded script takes an id but no input number, so the first line
  /// typed is `<repl:1>` whether or not a script was loaded first.)
  private var fileCount = 0

  /// The next input's file.
  private func inputFile(_ text: String) -> SourceFile {
    inputCount += 1
    fileCount += 1
    return SourceFile(name: "<repl:\(inputCount)>", text: text, id: SourceFile.ID(fileCount))
  }
  /// The script last given to `:load` (or on the command line).
  private(set) var loadedPath: String?
  /// The trace events the last input that touched the scene added.
  private(set) var lastStepEvents: [TraceEvent] = []
  /// The group heading the last input's trace ended under ("  Drag"): the
  /// next input's trace does not repeat it when it goes on in that group.
  var lastHeading: String?
  /// The worst outcome of any input so far, as `dnd run` would have exited
  /// on it: a piped session exits with it, so a script of inputs that went
  /// wrong does not look like one that worked.
  private(set) var outcome: ExitCode = .success

  /// Notes how an input (or a command) went wrong.
  func noteFailure(_ code: ExitCode) {
    outcome = ExitCode.worst([outcome, code])
  }

  /// A command line as an input of its own (`<repl:N>`), so that a mistake
  /// in it is reported at its place, as one in a statement is.
  func commandFile(_ line: String) -> SourceFile { inputFile(line) }

  init(console: Console, style: Style, limits: RunLimits) {
    self.console = console
    self.style = style
    self.limits = limits
  }

  /// Every event of the session's scene so far.
  var trace: [TraceEvent] { scene?.host.world.trace.events ?? [] }

  /// A renderer that knows every file of the session.
  var renderer: DiagnosticRenderer { DiagnosticRenderer(files: files, useColor: style.useColor) }

  // MARK: Starting over

  /// Forgets everything: no declarations, no scene.
  func reset() {
    scene = nil
    files = []
    lastStepEvents = []
    lastHeading = nil
  }

  /// Starts again from a script: its top level runs (declarations, views,
  /// anything it prints), its scenarios do not. If the script cannot be read
  /// or checked, the session stays as it was.
  ///
  /// `unreadable`, when given, reports a file that cannot be read (`:load`
  /// points at the name it was given); otherwise it is reported as the
  /// command line's files are.
  @discardableResult
  func load(_ path: String, unreadable: ((String) -> Void)? = nil) -> Bool {
    let file: SourceFile
    switch SourceLoader.readFile(path) {
    case .failure(let failure):
      // `:reload` goes on loading the last file that could be read (a
      // mistyped name is not worth retrying).
      if let unreadable {
        unreadable(failure.messageWithSuggestion)
      } else {
        style.report(failure, to: console)
      }
      noteFailure(.fileError)
      return false
    case .success(let bytes):
      // Kept even if the file does not check: `:reload` after fixing it.
      loadedPath = path
      fileCount += 1
      // A loaded file keeps its own name; its id continues the numbering.
      file = SourceFile(name: path, bytes: bytes, id: SourceFile.ID(fileCount))
    }
    // Parsed and checked on a large stack, to nest as deep as `dnd run` allows.
    let (parsed, checked) = Pipeline.onLargeStack { depth -> (ParseResult, CheckResult?) in
      let parsed = Parser.parse(file, maxNestingDepth: depth)
      let failed = parsed.diagnostics.contains { $0.severity == .error }
      return (parsed, failed ? nil : Checker.check(parsed.script, file: file))
    }
    let fileRenderer = DiagnosticRenderer(file: file, useColor: style.useColor)
    // Said after the errors: otherwise the next input's "cannot find 'x'"
    // is the first sign that nothing of the file was loaded.
    let notLoaded = "\(path) was not loaded, so the scene stays as it was; fix it and type ':reload'\n"
    guard let checked else {
      console.writeError(fileRenderer.render(parsed.diagnostics) + notLoaded)
      noteFailure(.scriptError)
      return false
    }
    let diagnostics = parsed.diagnostics + checked.diagnostics
    if checked.hasErrors {
      console.writeError(fileRenderer.render(diagnostics) + notLoaded)
      noteFailure(.scriptError)
      return false
    }
    reset()
    files = [file]
    if !diagnostics.isEmpty { console.writeError(fileRenderer.render(diagnostics)) }
    let program = checked.program
    let scenarios = program.scenarios.count
    run(program, file: file, echo: nil)
    var summary = "Loaded \(path)"
    var parts: [String] = []
    if !program.apps.isEmpty { parts.append(count(program.apps.count, "app")) }
    if !program.sources.isEmpty { parts.append(count(program.sources.count, "source")) }
    if scenarios > 0 { parts.append(count(scenarios, "scenario") + " (not run)") }
    if !parts.isEmpty { summary += ": " + parts.joined(separator: ", ") }
    console.writeOutput(summary + ".\n")
    return true
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  // MARK: Evaluating an input

  /// Parses, checks and runs one input (one or more complete lines).
  func evaluate(_ text: String) {
    let file = inputFile(text)
    let earlier = scene?.interpreter.program
    // Parsed and checked on a large stack, to nest as deep as `dnd run` allows.
    let (parsed, checked) = Pipeline.onLargeStack { depth -> (ParseResult, CheckResult?) in
      let parsed = Parser.parse(file, maxNestingDepth: depth)
      guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else { return (parsed, nil) }
      let checked = earlier.map { Checker.check(parsed.script, file: file, continuing: $0) }
      return (parsed, checked ?? Checker.check(parsed.script, file: file))
    }
    // The file joins the session before any diagnostic, so notes pointing
    // at earlier inputs render too.
    files.append(file)
    guard let checked else {
      console.writeError(renderer.render(parsed.diagnostics.map(Self.explainedForTheSession)))
      files.removeLast()
      noteFailure(.scriptError)
      return
    }
    let diagnostics = parsed.diagnostics + checked.diagnostics
    if !diagnostics.isEmpty { console.writeError(renderer.render(diagnostics)) }
    if checked.hasErrors {
      files.removeLast()
      noteFailure(.scriptError)
      return
    }
    var program = checked.program
    // `_ = value` drops its value on purpose: nothing to show.
    var discards = false
    if case .statement(let last)? = parsed.script.items.last, case .discard = last.kind { discards = true }
    let echo = discards ? nil : Self.trailingExpression(of: &program)
    run(program, file: file, echo: echo)
    // A scenario typed here is kept, not run: say so, or it looks ignored.
    for case .scenario(let scenario) in parsed.script.items {
      console.writeOutput(
        "Scenario \"\(scenario.title)\" declared, not run: type its steps one at a time here, "
          + "or run the file with 'dnd run'.\n")
    }
  }

  /// Takes a bare expression off the end of the input's top level, so its
  /// value can be shown after the rest has run (`1 + 2` shows `3`).
  private static func trailingExpression(of program: inout CheckedProgram) -> CheckedExpr? {
    let main = program.main
    guard let last = main.body.statements.last, case .expression(let expr) = last.kind else { return nil }
    let body = CheckedBlock(
      statements: Array(main.body.statements.dropLast()), functions: main.body.functions,
      firstCapturedSlot: main.body.firstCapturedSlot)
    program.main = FunctionCode(
      name: main.name, kind: main.kind, parameterNames: main.parameterNames,
      hasParameterClause: main.hasParameterClause, frameSize: main.frameSize, captures: main.captures,
      body: body, range: main.range)
    return expr
  }

  /// Whether the expression is a call, whose nil result may be the nothing
  /// a function without a result gives (`print("x")` shows no `nil`); any
  /// other expression that gives nil shows it (`target.text`).
  private static func mayBeVoid(_ expr: CheckedExpr) -> Bool {
    switch expr.kind {
    // A lookup's nil is its answer (`list.cellForRow(at: far)`, `names.first(where: ...)`).
    case .callMethod(_, let method, _, _) where method.known.map(answersWithAValue.contains) == true: false
    case .callGlobal, .callBuiltin, .callValue, .callMethod, .callMutating: true
    default: false
    }
  }

  /// Methods whose result, nil included, is what a call of them is for.
  private static let answersWithAValue: Set<KnownMember> = [
    .cellForRow, .cellForItem, .indexPathForItem, .indexPathForRow, .first, .last, .firstIndex, .lastIndex,
    .min, .max, .popLast,
  ]

  /// Runs a checked input on the session's scene (making the scene for the
  /// first one), then prints what it printed and the events it added.
  private func run(_ program: CheckedProgram, file: SourceFile, echo: CheckedExpr?) {
    let scene = self.scene ?? makeScene(program)
    self.scene = scene
    let host = scene.host
    let interpreter = scene.interpreter
    host.files = files
    interpreter.files = files
    interpreter.refillStepBudget()
    host.clearPrinted()
    let traceStart = host.world.trace.events.count
    let skippedBefore = host.stepsAfterTermination
    var failure: Diagnostic?
    var value: Value = .nil
    do {
      try InterpreterThread.run {
        if interpreter.program.main === program.main {
          try interpreter.run()
        } else {
          try interpreter.continueWith(program)
        }
        if let echo { value = try interpreter.evaluate(echo) }
      }
    } catch let exception as UIKitException {
      host.noteTermination(exception, at: interpreter.lastNativeCallRange)
      failure = Self.diagnostic(for: exception, interpreter: interpreter)
    } catch {
      failure = Self.diagnostic(for: error, interpreter: interpreter)
    }
    let events = Array(host.world.trace.events[traceStart...])
    let printed = host.printed.map {
      PrintedText(afterEvent: max(0, $0.afterEvent - traceStart), text: $0.text)
    }
    host.clearPrinted()
    if events.isEmpty {
      console.writeOutput(printed.map(\.text).joined())
    } else {
      lastStepEvents = events
      let earlier = host.world.trace.events[..<traceStart].last { $0.phase != nil }?.phase
      console.writeOutput(continuing(traceText(events, printed: printed, phaseBefore: earlier)))
    }
    if let echo, failure == nil, !(value.isNil && Self.mayBeVoid(echo)) {
      console.writeOutput(value.debugDescription(symbols: interpreter.program.symbols) + "\n")
    }
    if host.stepsAfterTermination > skippedBefore, let ended = host.terminatingException {
      // At the step when it is in this input (not in a function it called).
      let whole = SourceRange(file: file.id, start: 0, end: file.bytes.count)
      let step = host.lastStepAfterTermination.flatMap { $0.file == file.id ? $0 : nil } ?? whole
      let message = DiagnosticMessage(
        id: "stepAfterTermination", severity: .note,
        "the app terminated earlier (\(ended)), so this step does nothing; ':reset' or ':reload' to start again")
      console.writeError(
        DiagnosticRenderer(file: file, useColor: style.useColor).render(Diagnostic(message, at: step)))
    }
    if let exception = events.last(where: { $0.kind == .exception }) {
      noteFailure(.failure)
      let after = "later finger steps do nothing; ':reset' or ':reload' to start again"
      if failure != nil {
        // The error says the app terminated; what it means for the session follows it.
        failure?.notes.append(Diagnostic.Note(after))
      } else {
        let whole = SourceRange(file: file.id, start: 0, end: file.bytes.count)
        let message = "the app terminated (\(exception.exceptionName ?? "exception")): " + after
        // The advice `dnd run` gives under the same crash (an update outside a batch, say).
        console.writeError(
          DiagnosticRenderer(file: file, useColor: style.useColor).render(
            Diagnostic(DiagnosticMessage(id: "appTerminated", message), at: whole, notes: host.terminationAdvice)))
      }
    }
    if let failure {
      console.writeError(renderer.render(failure))
      let isExpectation = DiagnosticMessage.expectationIDs.contains(failure.id)
      // The app's termination is a failure (exit 1), as for `dnd run`.
      noteFailure(isExpectation || failure.id == "appTerminated" ? .failure : .runtimeError)
      // `dnd run` ends the scenario here; the REPL goes on, with the drag
      // the error cut short still open (its target stays busy with it).
      if !isExpectation, let id = Self.sessionCutShort(by: events, in: host.world.trace.events) {
        console.writeError(
          renderer.render(
            .note,
            "the error cut drag session \(id) short: it stays open, and its drop target busy, so later "
              + "drags there are ignored; ':reset' or ':reload' to start again"))
      }
    }
  }

  /// The drag session an error cut short: the input's last event is a
  /// delegate call of that session (the handler the error stopped), and the
  /// session has not ended (by a drop, a cancel, or a lift that never
  /// became a drag).
  static func sessionCutShort(by inputEvents: [TraceEvent], in events: [TraceEvent]) -> Int? {
    guard let last = inputEvents.last, last.kind == .call, let id = last.session else { return nil }
    let endings: Set<String> = ["dragEnded", "liftAbandoned", "liftCancelled", "noLift"]
    let ended = events.contains { $0.session == id && endings.contains($0.method) }
    return ended ? nil : id
  }

  /// Events as `dnd run` shows them. Events without a phase (a wait, a
  /// settle) at the start of an input belong to the phase of the step
  /// before, not to "Before any drag".
  func traceText(_ events: [TraceEvent], printed: [PrintedText], phaseBefore: DragPhase?) -> String {
    TraceTextReporter(renderer: renderer, files: files).events(events, printed: printed, startingIn: phaseBefore)
  }

  /// An input's trace as the continuation of the one before: its first
  /// heading left out when it is the heading the last trace ended under.
  /// (A heading is a line indented by two; events and printed text by more.)
  private func continuing(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let headings = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    defer { lastHeading = headings.last.map(String.init) ?? lastHeading }
    guard let first = lines.first, let lastHeading, first == lastHeading else { return text }
    return lines.dropFirst().joined(separator: "\n")
  }

  private func makeScene(_ program: CheckedProgram) -> Scene {
    let host = SceneHost(program: program, files: files, output: { _ in })
    // The session notes each step after a termination at the step itself.
    host.tracesStepsAfterTermination = false
    var interpreterLimits = InterpreterLimits()
    if let steps = limits.maxSteps { interpreterLimits.maxSteps = steps }
    if let depth = limits.maxCallDepth { interpreterLimits.maxCallDepth = depth }
    if let views = limits.maxViews { interpreterLimits.maxViews = views }
    let interpreter = Interpreter(
      program: program, host: host, natives: host.natives, limits: interpreterLimits, files: files)
    host.interpreter = interpreter
    return Scene(host: host, interpreter: interpreter)
  }

  /// A parse error whose cause is the session's, not the input's: an
  /// `else` typed on a new line finds its `if` already run, since an input
  /// runs as soon as its braces close.
  static func explainedForTheSession(_ diagnostic: Diagnostic) -> Diagnostic {
    guard diagnostic.id == "elseWithoutIf" else { return diagnostic }
    var explained = diagnostic
    explained.notes.append(
      Diagnostic.Note(
        "in the REPL an 'if' runs as soon as its '}' closes it, so an 'else' on the next line comes too late; "
          + "write '} else {' on one line"))
    return explained
  }

  /// The diagnostic for an error an input raised, as `dnd run` words it.
  private static func diagnostic(for error: any Error, interpreter: Interpreter) -> Diagnostic {
    let range = interpreter.lastNativeCallRange
    switch error {
    case let error as RuntimeError:
      return error.diagnostic
    case let exception as UIKitException:
      return RuntimeError(
        .appTerminated(exception.name, reason: exception.reason), at: range, notes: exception.adviceNotes
      ).diagnostic
    case let error as RuntimeLimitError:
      return RuntimeError(.runtimeLimit(error.message), at: range).diagnostic
    case let error as ScenarioError:
      return RuntimeError(.step(error), at: range).diagnostic
    default:
      return RuntimeError(.invalidArgument("internal error: \(error)")).diagnostic
    }
  }
}
