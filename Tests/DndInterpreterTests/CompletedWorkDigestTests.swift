@testable import DndInterpreter
import Testing

/// The fingerprint sees the work that has run as a multiset of labels, the
/// sum of each label's hash. Plain FNV sums alike for labels differing in
/// their last byte (`l0` + `l3` = `l1` + `l2`, whatever comes before), and
/// the explorer merged two states and skipped a failing order; the labels'
/// hashes are scrambled before they are summed.
@Suite struct CompletedWorkDigestTests {
  @Test(arguments: ["layout l", "l", "DispatchQueue.main.async (line ", "NSItemProvider loadObject(ofClass:) "])
  func pairsOfLabelsSumApart(prefix: String) {
    let labels = (0..<16).map { prefix + String($0, radix: 16) }
    var sums: [UInt64: (String, String)] = [:]
    for first in labels.indices {
      for second in labels.indices where second >= first {
        let sum = ExplorationPolicy.labelHash(labels[first]) &+ ExplorationPolicy.labelHash(labels[second])
        let pair = (labels[first], labels[second])
        #expect(sums[sum] == nil, "\(pair) sums as \(String(describing: sums[sum]))")
        sums[sum] = pair
      }
    }
    #expect(sums.count == 16 * 17 / 2)
  }
}
