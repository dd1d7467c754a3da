#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the interpreter on a thread of its own with a large native stack,
/// so that how deep a script may recurse does not depend on the thread that
/// happens to call it (test runners and dispatch queues have small stacks).
/// The caller waits for the thread: nothing runs concurrently.
public enum InterpreterThread {
  /// 256 MB of address space: pages are only committed as the recursion
  /// reaches them, and `InterpreterLimits.maxCallDepth` stops a script
  /// well before the end (`NativeStack` is the backstop).
  public static let stackSize = 256 << 20

  /// Runs `body` on an interpreter thread and returns its result. If no
  /// thread can be created, runs it on the current one.
  public static func run<T>(_ body: () throws -> T) throws -> T {
    try run { (_: Bool) in try body() }
  }

  /// Runs `body` on an interpreter thread, telling it whether it got one
  /// (true) or runs on the caller's thread because none could be created.
  public static func run<T>(_ body: (_ onLargeStack: Bool) throws -> T) throws -> T {
    var result: Result<T, any Error>?
    withoutActuallyEscaping(body) { escapable in
      let work = Work { result = Result { try escapable(true) } }
      if !start(work) { result = Result { try escapable(false) } }
    }
    guard let result else { throw RuntimeError(.nativeStackExhausted) }
    return try result.get()
  }

  /// Runs `work` on a new thread and waits for it; false if no thread could
  /// be created.
  private static func start(_ work: Work) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
      guard pthread_create(&thread, &attributes, { Work.run($0) }, context) == 0 else {
        Unmanaged<Work>.fromOpaque(context).release()
        return false
      }
      pthread_join(thread, nil)
    #else
      var thread: pthread_t?
      guard pthread_create(&thread, &attributes, { Work.run($0) }, context) == 0, let thread else {
        Unmanaged<Work>.fromOpaque(context).release()
        return false
      }
      pthread_join(thread, nil)
    #endif
    return true
  }

  /// The work handed to the thread. Unchecked Sendable: the creating thread
  /// waits (`pthread_join`) while the other runs it, so the two never touch
  /// it at once.
  private final class Work: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }

    static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
      guard let context else { return nil }
      Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }
  }
}
