/// Settings of the C allocator for a process that runs one script and
/// exits (`dnd run`), made before the run (`Console.prepareForSingleRun`).
///
/// The script runs on a thread of its own (`InterpreterThread`), for which
/// glibc would open a second arena: a heap it grows a page range at a time
/// with `mprotect`, thousands of calls for a run that builds a large view
/// tree. One arena keeps every allocation on the main heap. A higher
/// threshold for `mmap` keeps the large buffers a growing array or
/// dictionary asks for on that heap too, where freed memory is reused,
/// instead of mapping fresh pages (and faulting them in) for each.
enum AllocatorTuning {
  /// Applies the settings; a no-op outside glibc.
  static func forSingleRun() {
    #if os(Linux) && canImport(Glibc)
      // glibc's `M_ARENA_MAX` and `M_MMAP_THRESHOLD` (malloc.h, which the
      // Glibc module does not import).
      let arenaMax: Int32 = -8
      let mmapThreshold: Int32 = -3
      _ = glibcMallopt(arenaMax, 1)
      _ = glibcMallopt(mmapThreshold, 32 * 1024 * 1024)
    #endif
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `int mallopt(int param, int value)`.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
