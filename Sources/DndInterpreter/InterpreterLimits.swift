/// The interpreter's named limits. Each stops a runaway script with a
/// diagnostic instead of hanging the process or crashing it; the message
/// names the limit and, for the one the command line sets, the option.
public struct InterpreterLimits: Sendable {
  /// Calls plus loop iterations before a run is stopped. A hundred million
  /// is far above what a drag and drop handler needs and above the reference
  /// workloads (a ten-million-iteration loop), yet stops `while true {}` in
  /// seconds. The command line's `--max-steps` sets it.
  public var maxSteps: Int = 100_000_000

  /// Script calls in progress at once. Each script call takes several
  /// interpreter frames on the native stack; 2,000 keeps a debug build well
  /// inside the stack the interpreter runs on (`InterpreterThread`), and is
  /// deeper than any handler needs (CPython's default is 1,000).
  public var maxCallDepth: Int = 2_000

  /// Elements in one array or dictionary. Sixteen million 16-byte values is
  /// 256 MB: enough for any model a script keeps, small enough that a
  /// runaway `append` loop fails before the machine swaps.
  public var maxCollectionCount: Int = 16_000_000

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

  public init() {}

  public init(maxSteps: Int, maxCallDepth: Int) {
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
  }
}
