#if canImport(Glibc)
  import Glibc
#endif

/// Settings of the C allocator for a process that runs one script and
/// exits (`dnd run`), made before the run (`Console.prepareForSingleRun`),
/// and for a process that explores (`restartForExploration`).
///
/// The script runs on a thread of its own (`InterpreterThread`), for which
/// glibc would open a second arena: a heap it grows a page range at a time
/// with `mprotect`, thousands of calls for a run that builds a large view
/// tree. One arena keeps every allocation on the main heap.
///
/// Not set: a higher `mmap` threshold. It bought the hit-test benchmark
/// nothing measurable (1.76x against 1.77x of native, medians of 15
/// interleaved rounds) and cost `records` 5% of its instructions, in
/// `malloc_consolidate` at every large growth.
public enum AllocatorTuning {
  /// Applies the settings; a no-op outside glibc.
  static func forSingleRun() {
    #if os(Linux) && canImport(Glibc)
      // glibc's `M_ARENA_MAX` (malloc.h, which the Glibc module does not import).
      let arenaMax: Int32 = -8
      _ = glibcMallopt(arenaMax, 1)
    #endif
  }

  /// glibc keeps up to 7 freed blocks of each size per thread for the next
  /// allocation of that size (its tcache); past that a free takes the slow
  /// path. An exploration makes and frees a whole world at every order,
  /// some 400 blocks of a few sizes, so most of its frees took the slow
  /// path: with 500 a size, exploring the complete Image Gallery took 8.6%
  /// fewer instructions (433 M against 396 M under callgrind).
  public static let explorationTunable = "glibc.malloc.tcache_count=500"

  /// Whether the command line asks `dnd` to explore (`test --explore` or
  /// `--faults`). A false yes costs a restart, nothing else.
  public static func explores(_ arguments: [String]) -> Bool {
    arguments.contains("test") && (arguments.contains("--explore") || arguments.contains("--faults"))
  }

  /// The value of `GLIBC_TUNABLES` that adds `tunable` to `existing`; nil
  /// when `existing` sets the same tunable already (the user's value wins).
  static func tunables(adding tunable: String, to existing: String?) -> String? {
    guard let existing, !existing.isEmpty else { return tunable }
    let name = tunable.prefix { $0 != "=" }
    let set = existing.split(separator: ":").contains { $0.prefix { $0 != "=" } == name }
    return set ? nil : existing + ":" + tunable
  }

  /// Starts this executable again, with the same arguments, with
  /// `explorationTunable` in its environment: glibc reads its tunables at
  /// start-up only (no `mallopt` sets the tcache). Returns, changing
  /// nothing, when the setting is there already (so it restarts once at
  /// most), outside glibc, or when the restart fails.
  public static func restartForExploration() {
    #if os(Linux) && canImport(Glibc)
      let existing = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
      guard let value = tunables(adding: explorationTunable, to: existing) else { return }
      guard setenv("GLIBC_TUNABLES", value, 1) == 0 else { return }
      let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
      _ = execv("/proc/self/exe", arguments)
      // Still here: the restart failed; run as we are.
      for argument in arguments { free(argument) }
      if let existing { setenv("GLIBC_TUNABLES", existing, 1) } else { unsetenv("GLIBC_TUNABLES") }
    #endif
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `int mallopt(int param, int value)`.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
