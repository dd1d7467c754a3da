/// The way a host reaches the interpreter that holds it, without a weak
/// reference: the interpreter keeps its host strongly, so the host cannot
/// keep it back, and a weak reference would give the interpreter a side
/// table (every retain and release of it down the runtime's slow path) and
/// cost each read (every handler call) a trip through that table.
///
/// The link holds the interpreter unretained. That is safe because the
/// interpreter attaches it as the last step of its initializer and detaches
/// it first thing in its `deinit`: whenever the link is non-nil the
/// interpreter is alive. An interpreter and its host run on one thread at a
/// time, so it cannot go between the check and the use; `interpreter`
/// hands out a strong reference for the caller's use.
final class InterpreterLink {
  private var target: Unmanaged<Interpreter>?

  init() {}

  /// The interpreter, or nil once it has begun to deinitialise.
  var interpreter: Interpreter? { target?.takeUnretainedValue() }

  func attach(_ interpreter: Interpreter) {
    target = Unmanaged.passUnretained(interpreter)
  }

  func detach() {
    target = nil
  }
}
