import DndRuntime

/// The interpreter's named limits. Each stops a runaway script with a
/// diagnostic instead of hanging the process or crashing it; the message
/// names the limit and, for the one the command line sets, the option.
public struct InterpreterLimits: Sendable {
  /// Calls plus loop iterations before a run is stopped. A hundred million
  /// is far above what a drag and drop handler needs and above the reference
  /// workloads (a ten-million-iteration loop), yet stops `while true {}` in
  /// seconds. The command line's `--max-steps` sets it.
  public var maxSteps: Int = 100_000_000

  /// Script calls in progress at once. A call from compiled code takes no
  /// native stack, but one made from native code (a builtin calling a
  /// closure, a delegate) takes several interpreter frames; 2,000 keeps a
  /// debug build well inside the stack the interpreter runs on
  /// (`InterpreterThread`) even if every call were such, and is deeper than
  /// any handler needs (CPython's default is 1,000).
  public var maxCallDepth: Int = 2_000

  /// Elements in one array or dictionary. Sixteen million 16-byte values is
  /// 256 MB: enough for any model a script keeps, small enough that a
  /// runaway `append` loop fails before the machine swaps.
  public var maxCollectionCount: Int = 16_000_000

  /// Events one scene's trace keeps (`Trace.maxEvents`), for the world the
  /// runner makes; tests lower it.
  public var maxTraceEvents: Int = Trace.defaultMaxEvents

  /// Bytes in one string, for the same reason: 64 MB.
  public var maxStringLength: Int = 64_000_000

  /// Local variable slots of all calls in progress. The value stack is one
  /// fixed allocation (so open captures can point into it); a million
  /// slots is 16 MB of address space, touched only as deep as calls go.
  public var maxStackSlots: Int = 1_000_000

  /// Bytes one run (the top level, or one scenario) may print. Printed text
  /// is kept for the trace report, so a `print` in an endless loop would
  /// otherwise grow memory until the step limit; 16 MB is thousands of
  /// pages of text, more than anyone reads.
  public var maxOutputBytes: Int = 16_000_000

  /// How deeply arrays, dictionaries and tuples may nest in one value.
  /// Swift frees, prints, compares and hashes nested values recursively on
  /// the native stack, so without a bound `a = [a]` in a loop would crash
  /// the process (see `Interpreter+Nesting`). A thousand levels is far past
  /// any model a script keeps, and costs well under a megabyte of stack.
  public var maxValueDepth: Int = 1_000

  /// Views a run's code may create (`UIImageView(image:)`, `UIView()`;
  /// declared views count against the source size instead). Every finger
  /// move hit-tests the view tree, so a loop adding views without end would
  /// slow every step down; real screens have tens to hundreds.
  public var maxViews: Int = 10_000

  /// How deeply views may nest: the window, then each level of subviews.
  /// Hit-testing, point conversion and `addSubview`'s cycle check walk the
  /// tree, so a chain a hundred thousand views deep would make each of them
  /// slow (and recursive ones crash); UIKit screens nest a few dozen deep.
  public var maxViewDepth: Int = 100

  /// Whether the run's last scene, as it ends, leaves the script's objects
  /// for the process's exit to reclaim instead of freeing them one by one.
  /// Freeing a hundred thousand views touches each of them again and costs
  /// a sizeable part of a short run; only `dnd run`, whose process ends
  /// right after the run, sets it. Anything that runs scripts in a process
  /// that goes on (tests, the REPL, `dnd test`) leaves it off.
  public var leavesObjectsToExit = false

  public init() {}

  public init(maxSteps: Int, maxCallDepth: Int) {
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
  }
}
