import DndCheck

/// Each function's compiled form, by its code: filled on first use
/// (`Interpreter.compiled(_:)`).
///
/// A compiled function depends only on its checked code and the limits, never
/// on an interpreter's state, so interpreters running the same program with
/// the same limits may share one cache: the explorer runs every order of a
/// scenario in a fresh interpreter, and sharing spares each order compiling
/// the script again. The one thing a compiled function keeps from the
/// interpreter that compiled it is a record literal's shared keys, made of
/// that interpreter's literal string boxes: they are never changed in place,
/// so a later interpreter only loses the pointer-equality shortcut on key
/// lookups and compares the strings instead. A cache is not thread-safe:
/// share it only between interpreters on one thread.
final class CompiledFunctionCache {
  private var functions: [ObjectIdentifier: CompiledFunction] = [:]
  /// The stack of the thread using the cache (one thread at a time uses
  /// it), so that the interpreters of an exploration's runs on that thread
  /// find their native stack guard without a system call each.
  var stackBounds: NativeStack.Bounds?

  init() {}

  subscript(_ key: ObjectIdentifier) -> CompiledFunction? {
    get { functions[key] }
    set { functions[key] = newValue }
  }
}
