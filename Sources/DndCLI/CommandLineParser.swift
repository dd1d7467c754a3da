import DndSyntax

/// Turns `dnd`'s arguments into an `Invocation`, by hand: the grammar is small
/// and the package takes no dependencies.
///
///     dnd [options] <command> [options] <operand>...
///     dnd [options] <file>                  (same as `dnd run <file>`)
///
/// Options may come before or after the command, `--opt=value` and
/// `--opt value` are the same, `--` ends the options, and `-` is an operand
/// (standard input). The last of repeated options wins. Every mistake is a
/// `UsageError`, with a "did you mean" where a near spelling exists.
public enum CommandLineParser {
  /// Parses arguments without the program name.
  public static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
    var state = State()
    do {
      try state.read(arguments)
      return .success(try state.invocation())
    } catch var error {
      error.color = state.color ?? .auto
      return .failure(error)
    }
  }

  /// Whether a word that is not a command should be run as a script: it has
  /// a path separator or an extension, or it is `-`. Anything else (`rnu`) is
  /// more likely a mistyped command.
  static func looksLikeFile(_ word: String) -> Bool {
    word == "-" || word.contains("/") || word.contains(".")
  }

  /// What has been read so far.
  private struct State {
    var command: CommandName?
    var isShorthand = false
    var operands: [String] = []
    /// Options in the order given, with the spelling used.
    var options: [(spec: OptionSpec, spelling: String, value: String?)] = []
    var color: ColorMode?

    mutating func read(_ arguments: [String]) throws(UsageError) {
      var index = 0
      var optionsEnded = false
      while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if !optionsEnded, argument == "--" {
          optionsEnded = true
        } else if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
          try readOption(argument, arguments, &index)
        } else if command == nil {
          try readCommand(argument, optionsEnded: optionsEnded)
        } else {
          operands.append(argument)
        }
      }
    }

    /// Other tools' names for a command (`swift format`, `gofmt`'s users
    /// type `format`), too far from ours for a spelling suggestion.
    static let commandsSpelledOtherwise = [
      "format": "fmt", "shell": "repl", "interactive": "repl", "draw": "render", "lint": "check",
    ]

    /// The first operand: a command's name, or a script to run.
    mutating func readCommand(_ word: String, optionsEnded: Bool) throws(UsageError) {
      if !optionsEnded, let name = CommandName(rawValue: word) {
        command = name
      } else if optionsEnded || CommandLineParser.looksLikeFile(word) {
        command = .run
        isShorthand = true
        operands.append(word)
      } else {
        var message = "unknown command '\(word)'"
        let names = CommandName.allCases.map(\.rawValue)
        if let near = Self.commandsSpelledOtherwise[word.lowercased()]
          ?? CommandName(rawValue: word.lowercased())?.rawValue ?? Suggestions.closest(to: word, in: names)
        {
          message += "; did you mean '\(near)'?"
        } else {
          message += "; to run a file of that name, use 'dnd run \(word)'"
        }
        throw UsageError(message)
      }
    }

    mutating func readOption(_ argument: String, _ arguments: [String], _ index: inout Int) throws(UsageError)
    {
      var spelling = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        spelling = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = OptionSpec.all.first(where: { $0.names.contains(spelling) }) else {
        var message = "unknown option '\(spelling)'"
        if let near = Self.suggestion(for: spelling, command: command) { message += "; did you mean '\(near)'?" }
        throw UsageError(message, command: isShorthand ? nil : command)
      }
      var value: String?
      if spec.valueName != nil {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError("option '\(spelling)' needs a value <\(spec.valueName ?? "")>", command: command)
        }
      } else if inlineValue != nil {
        throw UsageError("option '\(spelling)' takes no value", command: command)
      }
      options.append((spec, spelling, value))
      // Remember the colour at once, so a later usage error obeys it.
      if spec.key == .noColor { color = .never }
      if spec.key == .color, let value, let mode = ColorMode(rawValue: value) { color = mode }
    }

    /// The option a misspelt one may have meant. Before the command is read
    /// (`dnd --scenaro x run a.dnd`) every command's options are candidates. A
    /// one-letter option (`-v`) is a long option's first letter more often
    /// than a typo of another letter (`-h`).
    static func suggestion(for spelling: String, command: CommandName?) -> String? {
      // Without a command, its own options first, then `run`'s (the default).
      let options =
        command == nil
        ? OptionSpec.options(for: nil) + OptionSpec.options(for: .run) + OptionSpec.all
        : OptionSpec.options(for: command)
      let known = options.flatMap(\.names)
      let letters = Array(spelling)
      if letters.count == 2, letters[0] == "-" {
        if let same = known.first(where: { $0.lowercased() == spelling.lowercased() }) { return same }
        let head = "--" + String(letters[1]).lowercased()
        return known.first { $0.hasPrefix(head) }
      }
      return Suggestions.closest(to: spelling, in: known)
    }

    /// The invocation the arguments describe, once all are read.
    func invocation() throws(UsageError) -> Invocation {
      let keys = Set(options.map(\.spec.key))
      if keys.contains(.help) { return Invocation(.help(command == .help ? .help : command)) }
      if keys.contains(.version), command == nil { return Invocation(.version) }
      for option in options where !option.spec.commands.contains(command) {
        let place = command.map { "'dnd \($0.rawValue)'" } ?? "'dnd' without a command"
        throw UsageError("option '\(option.spelling)' does not apply to \(place)", command: command)
      }
      // An option that picks what runs (a scenario, a filter, an order) or
      // how, given twice with two values, would quietly keep the last one.
      // `--color` may be repeated (an alias sets one, the command line
      // another): the last wins, as in most tools.
      var firstValues: [OptionSpec.Key: String] = [:]
      for option in options where option.spec.key != .color {
        guard let value = option.value else { continue }
        // A filter ignores case, so 'Drop' and 'drop' are one filter.
        let folded = option.spec.key == .filter
        if let first = firstValues[option.spec.key],
          folded ? first.lowercased() != value.lowercased() : first != value
        {
          throw UsageError(
            "option '\(option.spelling)' is given twice, as '\(first)' and '\(value)'; give it once",
            command: command)
        }
        firstValues[option.spec.key] = value
      }
      var invocation = Invocation(try action())
      // An option that shapes a search, which a replay does not run.
      var searchOption: String?
      for option in options {
        switch option.spec.key {
        case .color: invocation.color = try colorMode(option.value ?? "")
        case .noColor: invocation.color = .never
        case .maxSteps:
          invocation.limits.maxSteps = try positiveCount(option.value ?? "", for: option.spelling)
        case .maxViews:
          invocation.limits.maxViews = try positiveCount(option.value ?? "", for: option.spelling)
        case .defaults:
          guard let path = option.value, !path.isEmpty else {
            throw UsageError("option '--defaults' needs a file name", command: command)
          }
          invocation.defaultsPath = path
        case .trace: invocation.trace = try traceFormat(option.value ?? "")
        case .filter:
          // Every name contains the empty text: it would filter nothing, which is not what was meant.
          guard let text = option.value, !text.isEmpty else {
            throw UsageError("option '--filter' needs part of a scenario's name, not an empty text", command: command)
          }
          invocation.filter = text
          invocation.limits.scenarioFilter = text
        case .scenario: invocation.scenario = option.value
        case .at:
          invocation.stopAfterSteps = try count(option.value ?? "", for: option.spelling)
          invocation.limits.stopAfterSteps = invocation.stopAfterSteps
        case .svg:
          guard let path = option.value, !path.isEmpty else {
            throw UsageError("option '--svg' needs a file name", command: command)
          }
          invocation.svgPath = path
        case .dumpTokens: invocation.dumps.tokens = true
        case .dumpAST: invocation.dumps.tree = true
        case .explore: invocation.exploration = invocation.exploration ?? ExploreSettings()
        case .exploreLimit:
          searchOption = option.spelling
          invocation.exploration = invocation.exploration ?? ExploreSettings()
          invocation.exploration?.limit = try positiveCount(option.value ?? "", for: option.spelling)
        case .seed:
          searchOption = option.spelling
          let text = option.value ?? ""
          if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), UInt64(text) == nil {
            throw UsageError(
              "value '\(text)' for '--seed' is too large; the most is \(UInt64.max)", command: command)
          }
          guard let seed = UInt64(text) else {
            throw UsageError(
              "invalid value '\(option.value ?? "")' for '--seed'; expected a whole number, 0 or more",
              command: command)
          }
          invocation.exploration = invocation.exploration ?? ExploreSettings()
          invocation.exploration?.seed = seed
        case .replay:
          invocation.exploration = invocation.exploration ?? ExploreSettings()
          invocation.exploration?.replay = option.value
        case .fault:
          invocation.exploration = invocation.exploration ?? ExploreSettings()
          invocation.exploration?.fault = option.value
        case .faults:
          invocation.exploration = invocation.exploration ?? ExploreSettings()
          invocation.exploration?.allFaults = true
        case .help, .version, .write, .checkFormat: break
        }
      }
      if let exploration = invocation.exploration, exploration.fault != nil, exploration.allFaults {
        throw UsageError(
          "'--fault' names one fault and '--faults' asks for each in turn; give one of them", command: command)
      }
      if let exploration = invocation.exploration, exploration.replay != nil {
        if exploration.allFaults {
          throw UsageError(
            "'--replay' runs one order, and an order's id belongs to one fault's search: name it with "
              + "'--fault NAME' instead of '--faults'", command: command)
        }
        if let searchOption {
          throw UsageError(
            "'\(searchOption)' shapes a search, and '--replay' runs one order by its id, which says every "
              + "choice: leave '\(searchOption)' out", command: command)
        }
      }
      return invocation
    }

    private func action() throws(UsageError) -> Invocation.Action {
      switch command {
      case nil:
        throw UsageError("no command or script given")
      case .help:
        guard operands.count <= 1 else {
          throw UsageError("'dnd help' takes one command name", command: .help)
        }
        guard let word = operands.first else { return .help(nil) }
        if let name = CommandName(rawValue: word) { return .help(name) }
        var message = "no help for '\(word)': it is not a command"
        if let near = State.commandsSpelledOtherwise[word.lowercased()]
          ?? Suggestions.closest(to: word, in: CommandName.allCases.map(\.rawValue))
        {
          message += "; did you mean '\(near)'?"
        }
        throw UsageError(message, command: .help)
      case .run:
        guard let file = operands.first else {
          throw UsageError("'dnd run' needs a script" + swallowedScriptHint, command: .run)
        }
        // `dnd hello.dnd test`: a command after the script.
        if isShorthand, let late = operands.dropFirst().first(where: { CommandName(rawValue: $0) != nil }) {
          throw UsageError(
            "'\(late)' is a command, and the command comes first: 'dnd \(late) \(file)'", command: nil)
        }
        guard operands.count == 1 else {
          throw UsageError(
            "'dnd run' takes one script, got \(operands.count); run them one at a time, "
              + "or test them all with 'dnd test'", command: .run)
        }
        return .run(file)
      case .check:
        guard !operands.isEmpty else {
          throw UsageError("'dnd check' needs at least one script" + swallowedScriptHint, command: .check)
        }
        return .check(operands)
      case .test:
        guard !operands.isEmpty else {
          throw UsageError("'dnd test' needs at least one script or directory" + swallowedScriptHint, command: .test)
        }
        return .test(operands)
      case .explain:
        return .explain(try single(.explain))
      case .render:
        return .render(try single(.render))
      case .fmt:
        return try formatAction()
      case .repl:
        guard operands.count <= 1 else {
          throw UsageError("'dnd repl' takes at most one script", command: .repl)
        }
        if operands.first == "-" {
          throw UsageError(
            "'dnd repl' reads its inputs from standard input, so the script cannot come from there too; "
              + "give it as a file, or pipe the script's lines in as inputs", command: .repl)
        }
        return .repl(operands.first)
      }
    }

    /// `dnd fmt`: print, `--write` or `--check`, never both.
    private func formatAction() throws(UsageError) -> Invocation.Action {
      guard !operands.isEmpty else {
        throw UsageError("'dnd fmt' needs at least one script or directory" + swallowedScriptHint, command: .fmt)
      }
      let keys = Set(options.map(\.spec.key))
      if keys.contains(.write) && keys.contains(.checkFormat) {
        throw UsageError("'--write' and '--check' cannot be used together", command: .fmt)
      }
      if keys.contains(.write) && operands.contains("-") {
        throw UsageError("'--write' cannot rewrite standard input", command: .fmt)
      }
      let mode: FormatMode = keys.contains(.write) ? .write : keys.contains(.checkFormat) ? .check : .print
      return .format(operands, mode)
    }

    /// When no script is left because an option took it as its value
    /// (`dnd run --scenario hello.dnd`), says so.
    private var swallowedScriptHint: String {
      guard
        let option = options.last(where: {
          guard let value = $0.value, $0.spec.key != .defaults, $0.spec.key != .svg else { return false }
          return value.hasSuffix(".dnd") || value.contains("/")
        }), let value = option.value
      else { return "" }
      return "; '\(option.spelling)' took '\(value)' as its value: give it one first, as in "
        + "'\(option.spelling) <\(option.spec.valueName ?? "value")> \(value)'"
    }

    /// The one script a command takes.
    private func single(_ name: CommandName) throws(UsageError) -> String {
      guard let file = operands.first else {
        throw UsageError("'dnd \(name.rawValue)' needs a script" + swallowedScriptHint, command: name)
      }
      guard operands.count == 1 else {
        throw UsageError("'dnd \(name.rawValue)' takes one script, got \(operands.count)", command: name)
      }
      return file
    }

    private func traceFormat(_ value: String) throws(UsageError) -> TraceFormat {
      if let format = TraceFormat(rawValue: value) { return format }
      let names = TraceFormat.allCases.map(\.rawValue)
      var message = "invalid value '\(value)' for '--trace'; expected \(names.joined(separator: ", "))"
      if let near = Suggestions.closest(to: value, in: names) {
        message = "invalid value '\(value)' for '--trace'; did you mean '\(near)'?"
      }
      throw UsageError(message, command: command)
    }

    /// Digits too many for a whole number of 64 bits: a message that says so
    /// rather than that they are not a number.
    private func tooLarge(_ value: String, for spelling: String) -> UsageError? {
      guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), Int(value) == nil else { return nil }
      return UsageError("value '\(value)' for '\(spelling)' is too large; the most is \(Int.max)", command: command)
    }

    /// A whole number, zero or more.
    private func count(_ value: String, for spelling: String) throws(UsageError) -> Int {
      if let error = tooLarge(value, for: spelling) { throw error }
      guard let count = Int(value), count >= 0 else {
        throw UsageError(
          "invalid value '\(value)' for '\(spelling)'; expected a whole number, zero or more",
          command: command)
      }
      return count
    }

    private func colorMode(_ value: String) throws(UsageError) -> ColorMode {
      if let mode = ColorMode(rawValue: value) { return mode }
      var message = "invalid value '\(value)' for '--color'; expected auto, always or never"
      if let near = Suggestions.closest(to: value, in: ColorMode.allCases.map(\.rawValue)) {
        message = "invalid value '\(value)' for '--color'; did you mean '\(near)'?"
      }
      throw UsageError(message, command: command)
    }

    private func positiveCount(_ value: String, for spelling: String) throws(UsageError) -> Int {
      if let error = tooLarge(value, for: spelling) { throw error }
      guard let count = Int(value), count > 0 else {
        throw UsageError(
          "invalid value '\(value)' for '\(spelling)'; expected a positive whole number", command: command)
      }
      return count
    }
  }
}
