/// Settings of the C allocator for a process that runs one script and
/// exits (`dnd run`), made before the run (`Console.prepareForSingleRun`).
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
enum AllocatorTuning {
  /// Applies the settings; a no-op outside glibc.
  static func forSingleRun() {
    #if os(Linux) && canImport(Glibc)
      // glibc's `M_ARENA_MAX` (malloc.h, which the Glibc module does not import).
      let arenaMax: Int32 = -8
      _ = glibcMallopt(arenaMax, 1)
    #endif
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `int mallopt(int param, int value)`.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
