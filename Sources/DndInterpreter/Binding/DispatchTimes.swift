import DndCheck
import DndRuntime

/// `DispatchTime` and `DispatchTimeInterval`, both as seconds of the
/// scheduler's virtual time: `.now()` is the time the scene has reached, and
/// `.seconds(2)` or `.milliseconds(500)` a span of it, so that
/// `.now() + .milliseconds(500)` is plain addition and `asyncAfter` reads the
/// sum back as a deadline.
enum DispatchTimes {
  static func register(in registry: NativeRegistry, scene slot: SceneSlot) {
    registry.register(
      BoundType(
        .dispatchTime,
        staticCalls: { member, arguments in
          if member.known == .now {
            guard arguments.isEmpty else { return nil }
            return .double(try slot.current().world.scheduler.now.seconds)
          }
          guard let unit = member.known, let scale = scale(of: unit), arguments.count == 1,
            arguments.label(0) == nil
          else { return nil }
          return .double(try Convert.number(arguments[0], for: "\(unit.spelling)(_:)") * scale)
        }))
  }

  /// Seconds per unit of `.seconds(_:)`, `.milliseconds(_:)` and the like.
  private static func scale(of unit: KnownMember) -> Double? {
    switch unit {
    case .seconds: 1
    case .milliseconds: 1e-3
    case .microseconds: 1e-6
    case .nanoseconds: 1e-9
    default: nil
    }
  }

  /// The delay until `deadline` (a `DispatchTime` in seconds), never negative:
  /// a deadline already past runs the block as soon as the queue is free.
  static func delay(until deadline: Value, in scene: SceneHost) throws -> Double {
    guard let seconds = deadline.doubleValue else {
      throw RuntimeError(
        .wrongArgumentType(
          "asyncAfter(deadline:)", expected: "a time such as '.now() + 0.5'", found: deadline.typeName))
    }
    // A deadline in the past runs at once, as GCD's does; one that is not a number has no moment at all.
    guard !seconds.isNaN else {
      throw RuntimeError(
        .invalidArgument("'asyncAfter(deadline:)' needs a time such as '.now() + 0.5', not NaN (not a number)"))
    }
    return max(0, seconds - scene.world.scheduler.now.seconds)
  }
}
