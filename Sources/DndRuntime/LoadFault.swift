// A hook for tools that inject faults into item provider loads (the
// explorer's `--faults`). The runtime itself never sets it.

/// What a tool makes of one load as it starts: fail it, or slow it down.
public enum LoadFault: Hashable, Sendable {
  /// The load fails with this message (NSItemProviderErrorDomain, unknown).
  case fail(String)
  /// The load takes this many seconds longer than the provider says.
  case delay(Double)
}

/// What the hook learns of a load as it starts.
public struct LoadStart {
  /// UIKit's spelling of the load method, e.g. `loadObject(ofClass:)`.
  public let method: String
  /// The load's own progress; cancelling it cancels the load.
  public let progress: LoadProgress
  /// When its data arrives, in seconds from now, as the provider says.
  public let latency: Double
}
