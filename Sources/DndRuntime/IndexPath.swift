import Foundation

// Index paths as table and collection views use them: a section, then an
// item (a row, in a table) within it. Foundation's IndexPath on Linux lacks
// UIKit's accessors, so they are added here; comparison stays Foundation's
// (section first, then item), which is the order UIKit lists index paths in.
//
// The accessors never trap: a path with fewer than two indexes reads as 0
// where an index is missing, so a malformed path from a script cannot crash
// the runtime.

extension IndexPath {
  /// `IndexPath(item:section:)`, as collection views spell it.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// `IndexPath(row:section:)`, as table views spell it.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The section (the first index).
  public var section: Int {
    get { isEmpty ? 0 : self[0] }
    set { self = IndexPath(item: item, section: newValue) }
  }

  /// The item within the section (the second index).
  public var item: Int {
    get { count > 1 ? self[1] : 0 }
    set { self = IndexPath(item: newValue, section: section) }
  }

  /// The row within the section: a table's name for `item`.
  public var row: Int {
    get { item }
    set { item = newValue }
  }
}

/// Renders an optional index path the way the trace prints it: `[0, 3]` or `nil`.
func indexPathText(_ indexPath: IndexPath?) -> String {
  indexPath.map { indexPathText(section: $0.section, item: $0.item) } ?? "nil"
}

/// `[section, item]`, as `"[\(section), \(item)]"` spells it, written byte by
/// byte: cells are named and index paths rendered at every layout pass of
/// every explored order, and string interpolation cost ten times as much.
func indexPathText(section: Int, item: Int) -> String {
  // "[" + two numbers of at most 20 characters + ", " + "]".
  shortText(capacity: 48) { $0.putIndexPath(section: section, item: item) }
}
