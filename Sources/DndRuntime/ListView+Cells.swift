import Foundation

// Loading from the data source, laying out, and the cells: what the list
// shows and the queries that read it (`cellForItem(at:)`, `indexPathForItem(at:)`,
// visible index paths). Cells exist only for visible entries; an item's cell
// is configured by `cellForRowAt`/`cellForItemAt` when it first appears (and
// again after `reloadItems`), a placeholder's by its `cellUpdateHandler`.

/// Counts a data source may report. They exist so that a script returning a
/// huge count ends with a message instead of exhausting memory (every item
/// has an entry, and layouts walk them all).
enum ListLimits {
  static let maxSections = 1_000
  /// Items in all sections together.
  static let maxItems = 10_000
}

extension ListView {
  // MARK: Loading

  /// Asks the data source for its counts if the list has not (or a reload
  /// is pending). The previous rows and their cells are dropped.
  func loadIfNeeded() throws {
    guard !isLoaded else { return }
    let counts = try askCounts()
    sections = counts.map { count in (0..<count).map { _ in ListEntry.item(newEntryID()) } }
    // After `reloadData` the selected index paths stay (reported of
    // collection views; the same rule for tables is a choice) unless the
    // new counts no longer have them.
    indexPathsForSelectedItems.removeAll { itemID(at: $0) == nil }
    isLoaded = true
    needsCellSync = true
  }

  /// `numberOfSections(in:)`, then the count of every section.
  func askCounts() throws -> [Int] {
    try askItemCounts(sections: try askNumberOfSections())
  }

  /// The count of each section, asked in order; their sum is limited.
  func askItemCounts(sections sectionCount: Int) throws -> [Int] {
    var counts: [Int] = []
    var total = 0
    for section in 0..<sectionCount {
      let count = try askNumberOfItems(inSection: section)
      total += count
      // The sections after this one are not asked: their items would add to it.
      guard total <= ListLimits.maxItems else {
        throw tooMany(total, "\(kind.units)", atLeast: section < sectionCount - 1)
      }
      counts.append(count)
    }
    return counts
  }

  private func tooMany(_ count: Int, _ what: String, atLeast: Bool = false) -> RuntimeLimitError {
    RuntimeLimitError(
      limit: "maxListCount",
      message: "the data source returned \(count) \(what)\(atLeast ? " or more" : "") (limit is "
        + "\(what == "sections" ? ListLimits.maxSections : ListLimits.maxItems)): lists that big are not "
        + "simulated")
  }

  func askNumberOfSections() throws -> Int {
    guard let dataSource else { return 1 }
    let method = methods.numberOfSections
    guard let handler = dataSource.numberOfSections else {
      recordDefault(method, role: "dataSource", result: "1 (not implemented)")
      return 1
    }
    let answer = try call(method, role: "dataSource", result: { "\($0)" }) { try handler() }
    return try checkedCount(answer, limit: ListLimits.maxSections, what: "sections")
  }

  func askNumberOfItems(inSection section: Int) throws -> Int {
    guard let dataSource else { return 0 }
    let method = methods.numberOfItemsInSection
    let argument = TraceArgument("section", "\(section)")
    guard let handler = dataSource.numberOfItemsInSection else {
      recordDefault(method, role: "dataSource", [argument], result: "0 (not implemented)")
      return 0
    }
    let answer = try call(method, role: "dataSource", [argument], result: { "\($0)" }) {
      try handler(section)
    }
    return try checkedCount(answer, limit: ListLimits.maxItems, what: kind.units)
  }

  /// A count a data source returned: a negative one reads as 0 (with a
  /// console note); one above the limit ends the run.
  private func checkedCount(_ count: Int, limit: Int, what: String) throws -> Int {
    if count < 0 {
      warn("the data source returned \(count) \(what); a count cannot be negative, so 0 is used")
      return 0
    }
    guard count <= limit else { throw tooMany(count, what) }
    return count
  }

  // MARK: Model helpers

  /// The number of data source items the list believes a section has.
  func itemCount(_ section: Int) -> Int {
    guard sections.indices.contains(section) else { return 0 }
    return sections[section].reduce(0) { $0 + ($1.isItem ? 1 : 0) }
  }

  /// The position in `sections[section]` of the item with this index.
  func position(ofItem index: Int, in section: Int) -> Int? {
    guard sections.indices.contains(section), index >= 0 else { return nil }
    var seen = 0
    for (position, entry) in sections[section].enumerated() where entry.isItem {
      if seen == index { return position }
      seen += 1
    }
    return nil
  }

  /// The position where an item inserted at `index` goes: right after the
  /// item before it, so placeholders waiting at `index` move one further.
  func insertionPosition(forItem index: Int, in section: Int) -> Int {
    guard index > 0 else { return 0 }
    guard let previous = position(ofItem: index - 1, in: section) else {
      return sections.indices.contains(section) ? sections[section].count : 0
    }
    return previous + 1
  }

  /// The data source index path of an entry; for a placeholder, the index its
  /// item will have when committed.
  func indexPath(ofEntry id: Int) -> IndexPath? {
    for (section, list) in sections.enumerated() {
      var index = 0
      for entry in list {
        if entry.id == id { return IndexPath(item: index, section: section) }
        if entry.isItem { index += 1 }
      }
    }
    return nil
  }

  /// The identity of the item at an index path, if it exists.
  func itemID(at indexPath: IndexPath) -> Int? {
    guard let position = position(ofItem: indexPath.item, in: indexPath.section) else { return nil }
    return sections[indexPath.section][position].id
  }

  // MARK: Layout

  /// The layout of the current entries in the view's current width.
  func currentLayout(excluding excluded: Int? = nil) -> ListLayout {
    let width = view?.bounds.size.width ?? 0
    return ListLayout(
      sections: sections, metrics: ListMetrics(list: self, width: width),
      placeholderHeight: { [placeholders] id in placeholders.first { $0.id == id }?.placeholder.rowHeight },
      excluding: excluded)
  }

  /// Loads if needed and brings the cells up to date (UIKit's `layoutIfNeeded`).
  public func layoutIfNeeded() throws {
    try loadIfNeeded()
    guard let view, !isSyncingCells else { return }
    guard needsCellSync || laidOutBounds != view.bounds else { return }
    try syncCells(in: view)
  }

  /// Creates cells for entries that became visible, moves the others into
  /// place and removes the cells of entries that left the screen or the list.
  private func syncCells(in view: View) throws {
    guard let cellWorld = view.world else { return }
    isSyncingCells = true
    reloadedThisPass = false
    defer {
      isSyncingCells = false
      // A pass without a reload breaks the row.
      if !reloadedThisPass { reloadsWhileMakingCells = 0 }
    }
    needsCellSync = false
    laidOutBounds = view.bounds
    let visible = view.bounds
    // The visible entries are counted, not collected: most passes keep
    // every cell, and only a pass that drops some needs to know which.
    let layout = currentLayout()
    let listName = name
    var keptCount = 0
    for slot in layout.entries {
      guard let entry = slot.entry, intersects(slot.frame, visible) else { continue }
      keptCount += 1
      let cell: View
      var isNew = false
      if let existing = cells[entry.id] {
        cell = existing
      } else {
        cell = View(kind.cellKind, name: listName, frame: slot.frame, world: cellWorld)
        cells[entry.id] = cell
        try cellWorld.asUIKitWork { try view.addSubview(cell) }
        isNew = true
      }
      if cell.frame != slot.frame { cellWorld.asUIKitWork { cell.frame = slot.frame } }
      cell.name = cellName(entry, section: slot.section, item: slot.index, listName: listName)
      if isNew || needsConfigure.contains(entry.id) {
        needsConfigure.remove(entry.id)
        try configure(cell, entry, slot.indexPath)
      }
    }
    // Every kept entry has a cell, so equal counts mean no cell left the
    // screen: most passes skip sorting the keys.
    guard cells.count > keptCount else { return }
    var kept: Set<Int> = []
    for slot in layout.entries {
      if let entry = slot.entry, intersects(slot.frame, visible) { kept.insert(entry.id) }
    }
    for id in cells.keys.sorted() where !kept.contains(id) {
      cellWorld.asUIKitWork { cells[id]?.removeFromSuperview() }
      cells[id] = nil
    }
  }

  private func intersects(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// How the trace names a cell: `gallery[0, 3]`, `gallery placeholder[0, 3]`.
  /// Written in one pass, from the slot's numbers (making its `IndexPath`
  /// cost more than the name).
  private func cellName(_ entry: ListEntry, section: Int, item: Int, listName: String) -> String {
    // The name, " placeholder", "[", two numbers of at most 20 characters, ", ", "]".
    shortText(capacity: listName.utf8.count + 60) { text in
      text.put(listName)
      if !entry.isItem { text.put(" placeholder") }
      text.putIndexPath(section: section, item: item)
    }
  }

  /// Fills a new cell: the data source's content for an item, the
  /// placeholder's update handler for a placeholder.
  private func configure(_ cell: View, _ entry: ListEntry, _ indexPath: IndexPath) throws {
    switch entry {
    case .item:
      let method = methods.cellForItemAt
      let argument = TraceArgument("indexPath", indexPathText(indexPath))
      let content: CellContent
      if let handler = dataSource?.cellForItemAt {
        content = try call(method, role: "dataSource", [argument], result: { Self.summary($0) }) {
          try handler(indexPath)
        }
      } else {
        content = CellContent()
        recordDefault(method, role: "dataSource", [argument], result: "an empty cell (not implemented)")
      }
      // Applied as UIKit's work; off the main queue, the checker reports
      // what the data source set, as it would report cellForRowAt setting
      // the cell's label, image view or colour.
      guard let world = cell.world else { return }
      world.asUIKitWork {
        cell.text = content.text
        cell.image = content.image
        cell.backgroundColor = content.backgroundColor
      }
      if content.text != nil { world.noteViewChange(cell, selector: "setText:", receiver: "UILabel", restore: nil) }
      if content.image != nil {
        world.noteViewChange(cell, selector: "setImage:", receiver: "UIImageView", restore: nil)
      }
      if content.backgroundColor != nil {
        world.noteViewChange(cell, selector: "setBackgroundColor:", restore: nil)
      }
    case .placeholder(let id):
      try runCellUpdateHandler(placeholder: id, cell: cell)
    }
  }

  /// Runs a placeholder's `cellUpdateHandler` on its cell (UIKit calls it
  /// whenever the placeholder's cell is visible and needs content).
  func runCellUpdateHandler(placeholder id: Int, cell: View) throws {
    guard let record = placeholders.first(where: { $0.id == id }) else { return }
    guard let handler = record.placeholder.cellUpdateHandler else {
      step("placeholderCell", [TraceArgument("reuseIdentifier", record.placeholder.reuseIdentifier)])
      return
    }
    try call(
      methods.cellUpdateHandler, role: "placeholder",
      [TraceArgument("reuseIdentifier", record.placeholder.reuseIdentifier)]
    ) { try handler(cell) }
  }

  /// The trace's rendering of a cell's content.
  static func summary(_ content: CellContent) -> String {
    // Appended in place rather than joined from an array of parts: a cell's
    // summary is made at every configuration of every explored order.
    var summary = "cell "
    var empty = true
    func add(_ part: String) {
      if !empty { summary += ", " }
      summary += part
      empty = false
    }
    if let text = content.text { add(quotedForTrace(text)) }
    if let image = content.image { add(image.description) }
    if let color = content.backgroundColor { add(color.description) }
    return empty ? "an empty cell" : summary
  }

  // MARK: Queries

  /// UIKit's `numberOfSections`.
  public var numberOfSections: Int {
    get throws {
      try loadIfNeeded()
      return sections.count
    }
  }

  /// UIKit's `numberOfItems(inSection:)`: the data source items the list
  /// shows (placeholders are not items). A section that does not exist raises,
  /// as UIKit does (choice: its message shape, reported from crash logs).
  public func numberOfItems(inSection section: Int) throws -> Int {
    try loadIfNeeded()
    guard sections.indices.contains(section) else {
      throw inconsistency(
        "request for number of \(kind.units) in section \(section) when there are only \(sections.count) "
          + "sections in the \(kind.viewPhrase)")
    }
    return itemCount(section)
  }

  /// UIKit's `indexPathForItem(at:)`: the item whose cell frame contains the
  /// point (in the view's coordinates); nil over empty space or a placeholder.
  public func indexPathForItem(at point: Point) throws -> IndexPath? {
    try layoutIfNeeded()
    guard let slot = currentLayout().entry(at: point), slot.entry?.isItem == true else { return nil }
    return slot.indexPath
  }

  /// UIKit's `cellForItem(at:)`: the cell of a visible item, else nil.
  public func cellForItem(at indexPath: IndexPath) throws -> View? {
    try layoutIfNeeded()
    guard let id = itemID(at: indexPath) else { return nil }
    return cells[id]
  }

  /// UIKit's `indexPath(for:)`: the index path of an item's cell.
  public func indexPath(for cell: View) throws -> IndexPath? {
    try layoutIfNeeded()
    guard let id = cells.first(where: { $0.value === cell })?.key else { return nil }
    return itemIndexPath(ofEntry: id)
  }

  /// UIKit's `indexPathsForVisibleItems`, in index path order.
  public var indexPathsForVisibleItems: [IndexPath] {
    get throws {
      try layoutIfNeeded()
      return cells.keys.compactMap { id in itemIndexPath(ofEntry: id) }.sorted()
    }
  }

  /// The index path of an entry if it is an item.
  func itemIndexPath(ofEntry id: Int) -> IndexPath? {
    guard let path = indexPath(ofEntry: id), itemID(at: path) == id else { return nil }
    return path
  }

  /// The frame of an item's cell, visible or not (UIKit's layout attributes).
  public func frameForItem(at indexPath: IndexPath) throws -> Rect? {
    try loadIfNeeded()
    guard let id = itemID(at: indexPath) else { return nil }
    return currentLayout().entries.first { $0.entry?.id == id }?.frame
  }

  /// The size of all the content (UIScrollView's `contentSize`).
  public var contentSize: Size {
    get throws {
      try loadIfNeeded()
      return currentLayout().contentSize
    }
  }
}
