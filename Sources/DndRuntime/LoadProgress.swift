/// `Progress` for item loads: one per load, and one per session aggregating
/// every load the destination started (`UIDropSession.progress`). Named so it
/// does not collide with Foundation's class.
public final class LoadProgress {
  private var ownTotal: Int64
  private var ownCompleted: Int64 = 0
  private var children: [LoadProgress] = []
  private let isAggregate: Bool
  public private(set) var isCancelled = false
  /// Runs when the progress is cancelled (a source's load handler may set it).
  public var cancellationHandler: (() throws -> Void)?
  /// The runtime's own reaction to cancellation (deliver the cancellation error).
  var onCancel: (() throws -> Void)?
  /// How far a running load is, 0 to 1, read from the virtual clock. Choice
  /// (UIKit does not say how a transfer reports): the units complete evenly
  /// over the load's latency, the last one when the data is delivered.
  var estimate: (() -> Double)?

  /// A progress for one load of `totalUnitCount` units (a provider's size).
  public init(totalUnitCount: Int64) {
    ownTotal = max(1, totalUnitCount)
    isAggregate = false
  }

  /// An aggregate with no loads yet.
  init(aggregate: Void) {
    ownTotal = 0
    isAggregate = true
  }

  public var totalUnitCount: Int64 {
    isAggregate ? children.reduce(0) { saturatingSum($0, $1.totalUnitCount) } : ownTotal
  }

  public var completedUnitCount: Int64 {
    if isAggregate { return children.reduce(0) { saturatingSum($0, $1.completedUnitCount) } }
    guard ownCompleted < ownTotal, !isCancelled, let estimate else { return ownCompleted }
    let fraction = estimate()
    guard fraction.isFinite, fraction > 0 else { return ownCompleted }
    // Never the whole before the data is delivered.
    return min(ownTotal - 1, Int64(Double(ownTotal) * min(fraction, 1)))
  }

  public var fractionCompleted: Double {
    let total = totalUnitCount
    return total == 0 ? 0 : Double(completedUnitCount) / Double(total)
  }

  /// A load is finished when it delivered (data or error); an aggregate when
  /// it has loads and all of them are.
  public var isFinished: Bool {
    isAggregate ? !children.isEmpty && children.allSatisfy(\.isFinished) : ownCompleted >= ownTotal
  }

  /// Cancels the load (or every load of an aggregate); the receiver's
  /// completion then fires with a cancellation error (§5.2).
  public func cancel() throws {
    guard !isCancelled, !isFinished else { return }
    isCancelled = true
    if let handler = cancellationHandler { try handler() }
    if let reaction = onCancel { try reaction() }
    for child in children { try child.cancel() }
  }

  func addChild(_ child: LoadProgress) {
    children.append(child)
  }

  func markFinished() {
    ownCompleted = ownTotal
  }
}

extension LoadProgress: CustomStringConvertible {
  public var description: String {
    "Progress(\(completedUnitCount)/\(totalUnitCount)\(isCancelled ? ", cancelled" : ""))"
  }
}

/// Sizes come from scripts: sums saturate instead of overflowing.
private func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? Int64.max : sum
}
