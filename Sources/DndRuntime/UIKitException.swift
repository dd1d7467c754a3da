/// A contract violation UIKit reports by raising an Objective-C exception
/// (which terminates a real app). The runtime records it in the trace and
/// throws it out of the finger call that triggered it.
public struct UIKitException: Error, Hashable, Sendable, CustomStringConvertible {
  /// The exception name, e.g. `NSInternalInconsistencyException`.
  public var name: String
  /// The reason, exactly as UIKit words it where it is known.
  public var reason: String
  /// The model's own word on what in the app led to it and what to change,
  /// where it can tell (an update outside a batch); never part of `reason`.
  public var advice: String?

  public init(name: String, reason: String, advice: String? = nil) {
    self.name = name
    self.reason = reason
    self.advice = advice
  }

  public var description: String {
    "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
  }

  /// §6.2: a drop (or paste) on a responder whose `pasteConfiguration` is set
  /// but that does not implement `paste(itemProviders:)`.
  static let pasteNotOverridden = UIKitException(
    name: "NSInternalInconsistencyException",
    reason: "pasteItemProviders: must be overridden if pasteConfiguration is not nil.")
}

/// A named runtime limit was reached; the message says which and why it exists.
public struct RuntimeLimitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The limit's name, e.g. `maxPendingWork`.
  public var limit: String
  public var message: String

  public init(limit: String, message: String) {
    self.limit = limit
    self.message = message
  }

  public var description: String { message }
}

/// A finger step that cannot be performed as asked ("release" with no finger
/// down, a step issued from inside a delegate call, ...).
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// The step aimed at a view in no window: one never added, or one the
  /// app (or an injected fault) removed.
  public var aimsAtViewInNoWindow: Bool

  public init(_ message: String, aimsAtViewInNoWindow: Bool = false) {
    self.message = message
    self.aimsAtViewInNoWindow = aimsAtViewInNoWindow
  }

  public var description: String { message }
}
