#if canImport(Glibc)
  import Glibc

  // Glibc declares this only under _GNU_SOURCE, which the Swift module
  // does not set; the symbol is in every glibc.
  @_silgen_name("pthread_getattr_np")
  private func pthreadGetAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>)
    -> Int32
#elseif canImport(Darwin)
  import Darwin
#endif

/// The native stack guard. Script calls made by compiled code run in the
/// instruction loop, but calls from native code into the script (a builtin
/// calling a closure that calls the builtin again, delegates, the tree
/// evaluator) recurse in the interpreter; before the thread's stack runs
/// out, the interpreter stops with a diagnostic instead of crashing. This
/// backs up `maxCallDepth`, whose default is chosen to be reached first.
enum NativeStack {
  /// Room left below the guard for native code the script calls into.
  static let margin: UInt = 256 * 1024

  /// An address near the top of the current native stack.
  @inline(never)
  static func currentAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }

  /// An address in the caller's native frame: the cheap form of
  /// `currentAddress`, for the check on every call.
  @inline(__always)
  static func address() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }

  /// A thread's stack: the addresses from `low` up to `high`.
  struct Bounds {
    var low: UInt
    var high: UInt
    /// The thread they were found for.
    var thread: pthread_t = pthread_self()

    /// The lowest address the interpreter may recurse down to.
    var lowestSafeAddress: UInt { low + NativeStack.margin }

    /// Whether `address` is on this stack.
    func contains(_ address: UInt) -> Bool { address >= low && address < high }

    /// Whether these are the bounds of the calling thread, which is at
    /// `address`. Both are asked: a thread started after another ended may
    /// get a stack inside the range the other's had, and glibc may give it
    /// the other's handle (kept at the top of its stack) only with the same
    /// stack.
    func belongToThisThread(at address: UInt) -> Bool {
      pthread_equal(thread, pthread_self()) != 0 && contains(address)
    }
  }

  /// The current thread's stack; nil if its bounds are unknown. (glibc
  /// answers with a system call, and a run of an exploration would ask
  /// twice: see `lowestSafeAddress(remembering:)`.)
  static func currentBounds() -> Bounds? {
    #if canImport(Glibc)
      var attributes = pthread_attr_t()
      guard pthreadGetAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
      // The main thread's stack grows on demand up to its limit; what the
      // attributes report is that limit, so the guard is conservative.
      let low = UInt(bitPattern: address)
      return Bounds(low: low, high: low + UInt(size))
    #elseif canImport(Darwin)
      let high = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
      let size = UInt(pthread_get_stacksize_np(pthread_self()))
      return Bounds(low: high - size, high: high)
    #else
      return nil
    #endif
  }

  /// The lowest address the interpreter may recurse down to on this thread;
  /// 0 (no guard) if the stack's bounds are unknown. `known` holds the
  /// bounds found last; they are asked for again only when they are not
  /// this thread's.
  static func lowestSafeAddress(remembering known: inout Bounds?) -> UInt {
    let here = currentAddress()
    if let known, known.belongToThisThread(at: here) { return known.lowestSafeAddress }
    known = currentBounds()
    return known?.lowestSafeAddress ?? 0
  }
}
