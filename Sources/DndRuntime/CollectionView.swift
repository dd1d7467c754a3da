// UICollectionView's particulars. A collection view is a `ListView` whose
// kind is `collection`; the shared API already carries its spellings
// (insertItems, cellForItemAt, ...). What is its own: the flow layout's item
// size and spacing (properties of ListView, laid out in ListLayout.swift), no
// `automatic` intent, reordering always through performDropWith, the reported
// multi-item move behaviour (ListView.opensGap), and the reordering cadence.

/// `UICollectionView.ReorderingCadence` (§9.1), with UIKit's raw values.
/// The runtime stores it; it has no reflow timing for it to change.
public enum ReorderingCadence: Int, Codable, Sendable, CustomStringConvertible {
  /// Reflow at once (the default).
  case immediate = 0
  /// Reflow after a short delay; fast moves do not reflow.
  case fast = 1
  /// Reflow only after a deliberate pause, as the Home screen does.
  case slow = 2

  public var description: String {
    switch self {
    case .immediate: "immediate"
    case .fast: "fast"
    case .slow: "slow"
    }
  }
}
