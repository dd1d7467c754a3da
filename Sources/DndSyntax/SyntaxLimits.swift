/// The syntax stage's limits. Input beyond any of them gets one diagnostic
/// naming the limit, never a crash, a hang or an unbounded allocation; the
/// tests in `BadInputTests` drive each one.
public enum SyntaxLimits {
  /// How deeply the syntax may nest: parentheses, brackets, braces, closures,
  /// prefix operators, `else if` chains, the operands of one operator chain,
  /// postfix chains and string interpolations all count. The parser is
  /// recursive descent and the checker and interpreter walk the tree
  /// recursively, so this bounds their stack use. Measured at this limit, the
  /// deepest case (nested brackets) needs about 1.5 MiB of stack in a debug
  /// build and 0.5 MiB in a release build, well inside the 8 MiB that Linux
  /// gives every thread. Hand-written scripts stay below 30. This is
  /// `Parser.parse`'s default, safe on any thread.
  public static let maxNestingDepth = 64

  /// The nesting limit where the parser, the checker and the interpreter all
  /// run on the pipeline's own large stack (`Pipeline`, which `dnd` uses):
  /// enough for an operator chain of a few hundred terms (a generated table,
  /// a long sum). Measured at this limit in a debug build, the deepest case
  /// (255 nested brackets, parsed, checked and run) overflows a 4 MiB stack
  /// and fits in 8 MiB: a 32nd of the 256 MiB the pipeline's thread has.
  public static let maxNestingDepthOnLargeStack = 256

  /// The largest script, in bytes: far beyond any hand-written script (the
  /// examples are a few kilobytes), and small enough that a mistaken argument
  /// (a disk image, a log file) is refused before it is read into a tree.
  public static let maxSourceBytes = 16 * 1024 * 1024

  /// The most tokens one file may have. Bounds the size of the syntax tree,
  /// and so parse time and memory (about 100 bytes of tree per token), for
  /// generated or corrupted input that fits under `maxSourceBytes`.
  public static let maxTokens = 1_000_000

  /// The parser stops after this many errors: past it, more messages about
  /// the same file (binary data, a file in another language) help nobody.
  public static let maxErrors = 100
}
