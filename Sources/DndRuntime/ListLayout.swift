import Foundation

// The geometry of a list, computed from its entries and metrics. It is pure
// and cheap (one pass over the entries), so the list recomputes it whenever
// it needs it instead of caching it.
//
// Tables: rows of `rowHeight` (a placeholder may have its own height) stacked
// from the top, section after section, as wide as the view.
// Collection views: a flow of `itemSize` items filling lines left to right
// from the top, `minimumInteritemSpacing` apart, lines `minimumLineSpacing`
// apart, each section starting on a new line. Choice: lines are left-aligned
// (UIKit's flow layout spreads a full line's spare width between its items).
// The order of items is the same, but their frames are not: a point in a
// line's spare width at its right end is over no item here, where UIKit
// would have an item there, so hit-testing and a drop's destination can
// differ near the right edge. (The project's notes on UIKit do not cover the
// flow layout's geometry.)
//
// Destination rule (choice; UIKit says "nil over a region with no cells, and
// the count of a section when over the end of that section", WWDC 2017/223):
// - over a cell (a collection view's cell plus the spacing after it), the
//   index path of that cell: the dropped item takes its place;
// - over the place a new last item of a section would take (below a table's
//   last row; after a collection view's last item), or over the empty end of
//   a collection view line, the index after the last item there (for the
//   last line: one past the end of the section);
// - anywhere else (below the content), nil.
// A table's sections follow each other with no header or footer between
// them, so the place after the last row of a section other than the last is
// where the next section's first row is, and a cell wins there: a drop at
// the end of such a section is not modelled (drop on the next section's first
// row, or at the end of the last section).

/// The settings a layout is computed from.
struct ListMetrics {
  let kind: ListKind
  let width: Double
  let rowHeight: Double
  let itemSize: Size
  let interitemSpacing: Double
  let lineSpacing: Double

  /// Metrics with unusable values (zero, negative, infinite) replaced by the
  /// smallest usable ones, so that a script's odd setting never breaks layout.
  init(list: ListView, width: Double) {
    func positive(_ value: Double, _ fallback: Double) -> Double {
      value.isFinite ? max(1, value) : fallback
    }
    func spacing(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
    kind = list.kind
    self.width = width.isFinite ? max(0, width) : 0
    rowHeight = positive(list.rowHeight, 44)
    itemSize = Size(positive(list.itemSize.width, 50), positive(list.itemSize.height, 50))
    interitemSpacing = spacing(list.minimumInteritemSpacing)
    lineSpacing = spacing(list.minimumLineSpacing)
  }
}

/// The frames of a list's entries, and the regions drops aim at.
struct ListLayout {
  /// A rectangle of the layout and the index path it stands for.
  struct Slot {
    let frame: Rect
    /// Where a drop lands on this slot: the frame, plus the spacing after it
    /// in a collection view.
    let zone: Rect
    let section: Int
    /// nil for the place of a new last item, and for a line's empty end.
    let entry: ListEntry?
    /// An item's index; a placeholder's insertion index; for the other slots,
    /// the index a drop there inserts at.
    let index: Int

    var indexPath: IndexPath { IndexPath(item: index, section: section) }
  }

  private(set) var entries: [Slot] = []
  private(set) var ends: [Slot] = []
  private(set) var contentSize = Size.zero

  /// Lays out the sections. `excluding` leaves one entry out, as a reorder
  /// does while its item is lifted out of the list.
  init(
    sections: [[ListEntry]], metrics: ListMetrics, placeholderHeight: (Int) -> Double?,
    excluding excluded: Int? = nil
  ) {
    // Reserved up front: a list is laid out at every layout pass and drop
    // target update of every explored order, and growing the arrays one
    // slot at a time reallocated them several times per layout.
    var count = 0
    for section in sections { count += section.count }
    entries.reserveCapacity(count)
    ends.reserveCapacity(metrics.kind == .table ? sections.count : 2 * sections.count + count / 2 + 1)
    switch metrics.kind {
    case .table: layOutRows(sections, metrics, placeholderHeight, excluded)
    case .collection: layOutFlow(sections, metrics, excluded)
    }
  }

  private mutating func layOutRows(
    _ sections: [[ListEntry]], _ m: ListMetrics, _ placeholderHeight: (Int) -> Double?, _ excluded: Int?
  ) {
    var y = 0.0
    for (section, list) in sections.enumerated() {
      var index = 0
      for entry in list where entry.id != excluded {
        var height = m.rowHeight
        if case .placeholder(let id) = entry, let own = placeholderHeight(id), own.isFinite, own > 0 {
          height = own
        }
        let frame = Rect(0, y, m.width, height)
        entries.append(Slot(frame: frame, zone: frame, section: section, entry: entry, index: index))
        if entry.isItem { index += 1 }
        y += height
      }
      let end = Rect(0, y, m.width, m.rowHeight)
      ends.append(Slot(frame: end, zone: end, section: section, entry: nil, index: index))
    }
    contentSize = Size(m.width, y)
  }

  private mutating func layOutFlow(_ sections: [[ListEntry]], _ m: ListMetrics, _ excluded: Int?) {
    let item = m.itemSize
    let lineStep = item.height + m.lineSpacing
    var top = 0.0
    var bottom = 0.0
    for (section, list) in sections.enumerated() {
      var x = 0.0
      var lineTop = top
      var lineUsed = false
      var index = 0
      var placed = false
      /// The position of the next slot, wrapping to a new line when full; a
      /// full line's empty end becomes a slot inserting after its last entry.
      func nextFrame() -> Rect {
        if lineUsed, x + item.width > m.width {
          let trail = Rect(x, lineTop, max(0, m.width - x), lineStep)
          ends.append(Slot(frame: trail, zone: trail, section: section, entry: nil, index: index))
          lineTop += lineStep
          x = 0
          lineUsed = false
        }
        let frame = Rect(x, lineTop, item.width, item.height)
        x += item.width + m.interitemSpacing
        lineUsed = true
        return frame
      }
      for entry in list where entry.id != excluded {
        let frame = nextFrame()
        let zone = Rect(frame.minX, frame.minY, item.width + m.interitemSpacing, lineStep)
        entries.append(Slot(frame: frame, zone: zone, section: section, entry: entry, index: index))
        if entry.isItem { index += 1 }
        placed = true
        bottom = max(bottom, frame.maxY)
      }
      let lastLineTop = lineTop
      // The place of a new last item, then the rest of its line.
      let end = nextFrame()
      let endZone = Rect(end.minX, end.minY, item.width + m.interitemSpacing, lineStep)
      ends.append(Slot(frame: end, zone: endZone, section: section, entry: nil, index: index))
      let rest = Rect(x, lineTop, max(0, m.width - x), lineStep)
      ends.append(Slot(frame: rest, zone: rest, section: section, entry: nil, index: index))
      if placed { top = lastLineTop + lineStep }
    }
    contentSize = Size(m.width, bottom)
  }

  /// The entry whose frame contains the point (exact, as `indexPathForItem(at:)`).
  func entry(at point: Point) -> Slot? {
    entries.first { $0.frame.contains(point) }
  }

  /// The slot a drop at the point aims at (the destination rule above): a
  /// cell first, then the end of a section or line; nil over empty space.
  func destination(at point: Point) -> Slot? {
    entries.first { $0.zone.contains(point) } ?? ends.first { $0.zone.contains(point) }
  }
}
