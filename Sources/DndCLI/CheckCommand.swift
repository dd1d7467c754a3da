import DndInterpreter
import DndSyntax

/// `dnd check FILE|DIR...`: parse and check each file (a directory stands
/// for the `.dnd` scripts under it), report its diagnostics, and exit with
/// the worst outcome. A file that cannot be read does not stop
/// the others from being checked. With `--dump-tokens` / `--dump-ast` it
/// first prints what the lexer and the parser read.
enum CheckCommand {
  static func execute(_ paths: [String], invocation: Invocation, console: Console, engine: Engine) -> ExitCode
  {
    let style = Style(color: invocation.color, console: console)
    var outcomes: [ExitCode] = []
    // A directory stands for the scripts under it, as for 'dnd test' and 'dnd fmt'.
    var scripts: [String] = []
    for operand in paths {
      switch ScriptFinder.scripts(at: operand) {
      case .success(let found): scripts += found
      case .failure(let failure):
        style.report(failure, to: console)
        outcomes.append(.fileError)
      }
    }
    for (index, path) in scripts.enumerated() {
      switch SourceLoader.load(path, id: SourceFile.ID(clamping: index), console: console) {
      case .failure(let failure):
        style.report(failure, to: console)
        outcomes.append(.fileError)
      case .success(let file):
        if invocation.dumps != SyntaxDumps() {
          console.writeOutput(dumps(of: file, invocation.dumps, header: scripts.count > 1))
        }
        let diagnostics = engine.check(file)
        if !diagnostics.isEmpty {
          console.writeError(style.renderer(for: file).render(diagnostics))
        }
        outcomes.append(diagnostics.contains { $0.severity == .error } ? .scriptError : .success)
      }
    }
    return ExitCode.worst(outcomes)
  }

  /// `--dump-tokens` and `--dump-ast`: what the lexer and the parser read,
  /// under a `==> path <==` line when there are several files.
  private static func dumps(of file: SourceFile, _ dumps: SyntaxDumps, header: Bool) -> String {
    var out = header ? "==> \(file.name) <==\n" : ""
    if dumps.tokens { out += SyntaxDump.tokens(file) + "\n" }
    if dumps.tree {
      // Parsed as `dnd check` parses, on a large stack, so the tree has no
      // error node where the check found none.
      out += Pipeline.onLargeStack { depth in
        SyntaxDump.tree(Parser.parse(file, maxNestingDepth: depth).script, file: file)
      } + "\n"
    }
    return out
  }
}
