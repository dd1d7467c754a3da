import DndSyntax

/// The commands `dnd` knows, in the order help lists them.
public enum CommandName: String, Hashable, Sendable, CaseIterable {
  case run, test, check, explain, render, fmt, repl, help
}

/// How `dnd run` prints the trace (`--trace`).
public enum TraceFormat: String, Hashable, Sendable, CaseIterable {
  /// Events grouped by phase, for people.
  case text
  /// JSON lines, one object per event (`docs/trace-json.md`).
  case json
  /// A Mermaid sequence diagram.
  case mermaid
}

/// A command line, understood: what to do and with which settings.
public struct Invocation: Hashable, Sendable {
  /// What the command line asks for.
  public enum Action: Hashable, Sendable {
    /// General help, or help for one command.
    case help(CommandName?)
    case version
    /// Run one script (`-` for standard input).
    case run(String)
    /// Check one or more scripts.
    case check([String])
    /// Format scripts (and the scripts in directories).
    case format([String], FormatMode)
    /// Run the scenarios of scripts and directories as tests.
    case test([String])
    /// Narrate one script's scenarios.
    case explain(String)
    /// Draw one script's scene.
    case render(String)
    /// The REPL, empty or with a script loaded.
    case repl(String?)
  }

  public var action: Action
  public var color: ColorMode = .auto
  public var limits = RunLimits()
  /// What `dnd check` prints besides diagnostics.
  public var dumps = SyntaxDumps()
  /// `dnd run --trace`.
  public var trace: TraceFormat = .text
  /// `dnd test --filter`: run only scenarios whose name contains this text.
  public var filter: String?
  /// `--scenario`: the one scenario to show.
  public var scenario: String?
  /// `dnd render --at`: stop the scenario after this many steps.
  public var stopAfterSteps: Int?
  /// `dnd render --svg`: where to write the picture as SVG.
  public var svgPath: String?
  /// `dnd test --explore` and its settings; nil for a plain test run.
  public var exploration: ExploreSettings?
  /// `--defaults FILE`: where a run keeps `UserDefaults`; nil keeps them in memory.
  public var defaultsPath: String?

  public init(_ action: Action, color: ColorMode = .auto, limits: RunLimits = RunLimits()) {
    self.action = action
    self.color = color
    self.limits = limits
  }
}

/// What `dnd fmt` does with the canonical text.
public enum FormatMode: String, Hashable, Sendable {
  /// Print it to standard output.
  case print
  /// Rewrite the files that change.
  case write
  /// List the files that would change, and fail if there are any.
  case check
}

/// The dumps `dnd check` prints to standard output before the diagnostics.
public struct SyntaxDumps: Hashable, Sendable {
  public var tokens = false
  public var tree = false
  public init(tokens: Bool = false, tree: Bool = false) {
    self.tokens = tokens
    self.tree = tree
  }
}

/// A command line `dnd` cannot follow; reported with exit status 64.
public struct UsageError: Error, Hashable, Sendable {
  /// One lowercase line, without the `dnd: error: ` prefix.
  public var message: String
  /// The command whose help the hint points at, if the error is about one.
  public var command: CommandName?
  /// The colour asked for before the error, so the message obeys `--color`.
  public var color: ColorMode = .auto

  public init(_ message: String, command: CommandName? = nil) {
    self.message = message
    self.command = command
  }

  /// The line after the message: where to read the usage.
  public var hint: String {
    if let command { return "Run 'dnd help \(command.rawValue)' for its usage." }
    return "Run 'dnd --help' for usage."
  }
}

/// An option `dnd` accepts, with its help line. The table is the source of
/// both parsing and the option lists in help.
struct OptionSpec: Hashable, Sendable {
  enum Key: Hashable, Sendable {
    case color, noColor, maxSteps, maxViews, trace, filter, scenario, at, svg, help, version
    case write, checkFormat, dumpAST, dumpTokens
    case explore, exploreLimit, seed, replay, fault, faults
    case defaults
  }

  var key: Key
  /// Spellings, long first: `["--help", "-h"]`.
  var names: [String]
  /// The placeholder shown in help for an option that takes a value.
  var valueName: String?
  var summary: String
  /// The commands it applies to; `nil` in the set means `dnd` without a command.
  var commands: Set<CommandName?>

  static let all: [OptionSpec] = [
    OptionSpec(
      key: .trace, names: ["--trace"], valueName: "format",
      summary: "Print the trace as text (the default), json or mermaid.", commands: [.run]),
    OptionSpec(
      key: .filter, names: ["--filter"], valueName: "text",
      summary: "Run only the scenarios whose name contains text.", commands: [.test]),
    OptionSpec(
      key: .explore, names: ["--explore"],
      summary: "Run each scenario under every order of its pending work.", commands: [.test]),
    OptionSpec(
      key: .exploreLimit, names: ["--explore-limit"], valueName: "n",
      summary: "At most n orders a scenario, then a sample (1000).",
      commands: [.test]),
    OptionSpec(
      key: .seed, names: ["--seed"], valueName: "s",
      summary: "Seed of the random sample of orders (default 1).", commands: [.test]),
    OptionSpec(
      key: .replay, names: ["--replay"], valueName: "order",
      summary: "Run one explored order (such as 2.0.1) and show its trace.",
      commands: [.test]),
    OptionSpec(
      key: .fault, names: ["--fault"], valueName: "name",
      summary: "Explore with a fault: fail, slow, cancel or remove-target.", commands: [.test]),
    OptionSpec(
      key: .faults, names: ["--faults"],
      summary: "Explore again with each fault in turn.", commands: [.test]),
    OptionSpec(
      key: .scenario, names: ["--scenario"], valueName: "name",
      summary: "Show only that scenario (its name, or part of it).",
      commands: [.run, .explain, .render]),
    OptionSpec(
      key: .at, names: ["--at"], valueName: "step",
      summary: "Stop the scenario after that many steps (0: none).", commands: [.render]),
    OptionSpec(
      key: .svg, names: ["--svg"], valueName: "file",
      summary: "Also write the picture as SVG (- for standard output).",
      commands: [.render]),
    OptionSpec(
      key: .maxSteps, names: ["--max-steps"], valueName: "n",
      summary: "Stop with a runtime error after n evaluation steps.",
      commands: [.run, .test, .explain, .render, .repl]),
    OptionSpec(
      key: .maxViews, names: ["--max-views"], valueName: "n",
      summary: "Let the script create up to n views (default 10000).",
      commands: [.run, .test, .explain, .render, .repl]),
    OptionSpec(
      key: .dumpTokens, names: ["--dump-tokens"], summary: "Print every token of each script.",
      commands: [.check]),
    OptionSpec(
      key: .dumpAST, names: ["--dump-ast"], summary: "Print the syntax tree of each script.",
      commands: [.check]),
    OptionSpec(
      key: .checkFormat, names: ["--check"], summary: "List the scripts that are not formatted.",
      commands: [.fmt]),
    OptionSpec(
      key: .write, names: ["--write", "-w"], summary: "Rewrite the scripts in place.", commands: [.fmt]),
    OptionSpec(
      key: .defaults, names: ["--defaults"], valueName: "file",
      summary: "Keep UserDefaults in this JSON file between runs.", commands: [.run]),
    OptionSpec(
      key: .color, names: ["--color"], valueName: "when",
      summary: "Colour the output: auto (the default), always or never.",
      commands: [nil, .run, .test, .check, .explain, .render, .fmt, .repl]),
    OptionSpec(
      key: .noColor, names: ["--no-color"], summary: "Same as --color=never.",
      commands: [nil, .run, .test, .check, .explain, .render, .fmt, .repl]),
    OptionSpec(
      key: .help, names: ["--help", "-h"], summary: "Show help.",
      commands: [nil, .run, .test, .check, .explain, .render, .fmt, .repl, .help]),
    OptionSpec(
      key: .version, names: ["--version"], summary: "Show the version of dnd.", commands: [nil]),
  ]

  /// The options that apply to a command (or to `dnd` alone), in table order.
  static func options(for command: CommandName?) -> [OptionSpec] {
    all.filter { $0.commands.contains(command) }
  }

  /// `--color <when>`, `--help, -h`
  var synopsis: String {
    names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "")
  }
}

/// What `dnd test --explore` (or `--replay`) was asked to do.
public struct ExploreSettings: Hashable, Sendable {
  public var limit = 1000
  public var seed: UInt64 = 1
  /// An order id to replay (`--replay`), as typed.
  public var replay: String?
  /// The one fault to inject (`--fault`).
  public var fault: String?
  /// Explore every fault in turn (`--faults`).
  public var allFaults = false

  public init() {}
}
