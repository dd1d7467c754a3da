import DndSyntax

/// The engine backed by the real pipeline. This is the only file that
/// touches the pipeline's API, so a change there is a change here alone.
///
/// Until `Pipeline` lands in DndInterpreter, this stand-in reports nothing and
/// runs nothing: every file checks clean and prints nothing.
extension Engine {
  public static let live = Engine(
    check: { _ in [] },
    run: { _, _, _ in RunReport(status: .ok) }
  )

  /// The interpreter's default step limit, shown in `dnd help run`.
  static let defaultMaxSteps: Int? = nil
}
