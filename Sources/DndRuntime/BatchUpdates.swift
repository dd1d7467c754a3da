import Foundation

// Updates of a list: insert, delete, move and reload of rows or items, alone
// or grouped in `performBatchUpdates`, and `reloadData`.
//
// UIKit's contract (§9.5): after an update the list asks the data source for
// its counts, and each section's count must equal the count before the update
// plus the inserts, minus the deletes, plus the moves in, minus the moves out.
// Otherwise NSInternalInconsistencyException, in UIKit's words. Index paths
// of deletes and move sources refer to the list before the update; of inserts
// and move destinations, after it. An update outside `performBatchUpdates` is
// a batch of its own, so deleting then inserting with the model already
// changed for both fails at the delete: the classic crash.
//
// Choices:
// - A list that has not loaded yet (never laid out, or `reloadData` pending)
//   first loads from the data source as it is now, then applies the update;
//   if the model already holds the change, the check fails ("before the
//   update (1) ... (1 inserted)"), as reported for views updated before their
//   first layout.
// - The messages are the newer single-space form without the view's
//   description appended (older builds put two spaces after "section 0.").
// - Repeated index paths in one update count once; sections are never
//   inserted or deleted (no insertSections/deleteSections).
// - Moves out of range use a message of our own in the shape of UIKit's.

/// The changes recorded during one batch.
struct PendingUpdates {
  var inserts: [IndexPath] = []
  var deletes: [IndexPath] = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  var reloads: [IndexPath] = []
  /// Placeholders turned into items (`commitInsertion`).
  var commits: [Int] = []
}

extension ListView {
  // MARK: The update API

  /// UIKit's `insertItems(at:)` (`insertRows(at:with:)`).
  public func insertItems(at indexPaths: [IndexPath]) throws {
    try update("insert\(unitName)s(at:)", selector: selector("insert")) { $0.inserts += indexPaths }
  }

  /// UIKit's `deleteItems(at:)` (`deleteRows(at:with:)`).
  public func deleteItems(at indexPaths: [IndexPath]) throws {
    try update("delete\(unitName)s(at:)", selector: selector("delete")) { $0.deletes += indexPaths }
  }

  /// UIKit's `moveItem(at:to:)` (`moveRow(at:to:)`).
  public func moveItem(at source: IndexPath, to destination: IndexPath) throws {
    let name = kind == .table ? "moveRowAtIndexPath:toIndexPath:" : "moveItemAtIndexPath:toIndexPath:"
    try update("move\(unitName)(at:to:)", selector: name) { $0.moves.append((source, destination)) }
  }

  /// UIKit's `reloadItems(at:)` (`reloadRows(at:with:)`): the cells are
  /// configured again; the counts must not change.
  public func reloadItems(at indexPaths: [IndexPath]) throws {
    try update("reload\(unitName)s(at:)", selector: selector("reload")) { $0.reloads += indexPaths }
  }

  /// UIKit's `performBatchUpdates(_:completion:)`: the updates the block
  /// makes are checked and applied together when it returns; the completion
  /// runs on the main queue when the update animation ends.
  public func performBatchUpdates(
    _ updates: (() throws -> Void)?, completion: ((Bool) throws -> Void)? = nil
  ) throws {
    noteCall("performBatchUpdates:completion:")
    try runBatch("performBatchUpdates(_:completion:)") { try updates?() }
    if let completion { try scheduleCompletion(completion) }
  }

  /// UIKit's `reloadData()`: forgets the rows, removes every placeholder
  /// (§8.1) and asks the data source again at the next layout.
  public func reloadData() throws {
    noteCall("reloadData")
    // Counted once a pass, however many of its cells reload.
    if isSyncingCells, !reloadedThisPass, let limit = world?.scheduler.limits.maxReloadsWhileMakingCells {
      reloadedThisPass = true
      reloadsWhileMakingCells += 1
      if reloadsWhileMakingCells > limit {
        let method = kind == .table ? "tableView(_:cellForRowAt:)" : "collectionView(_:cellForItemAt:)"
        throw RuntimeLimitError(
          limit: "maxReloadsWhileMakingCells",
          message: "\(name).reloadData() ran inside \(method) \(limit) layout passes in a row (limit is \(limit)): "
            + "each reload asks for the cells again, so the list never settles; reload from outside the data "
            + "source, after the model changes")
      }
    }
    let removed = placeholders.filter { $0.status == .active }.count
    step(
      "reloadData",
      result: removed == 0 ? nil : "\(removed) placeholder\(removed == 1 ? "" : "s") removed")
    resetForReload()
  }

  private var unitName: String { kind == .table ? "Row" : "Item" }

  /// The Objective-C selector the Main Thread Checker names.
  private func selector(_ verb: String) -> String {
    kind == .table ? "\(verb)RowsAtIndexPaths:withRowAnimation:" : "\(verb)ItemsAtIndexPaths:"
  }

  /// One update: part of the open batch, or a batch of its own.
  private func update(_ label: String, selector: String, _ record: (inout PendingUpdates) -> Void) throws {
    noteCall(selector)
    if batchDepth > 0, var open = pending {
      record(&open)
      pending = open
      return
    }
    try runBatch(label) {
      guard var open = pending else { return }
      record(&open)
      pending = open
    }
  }

  /// Opens a batch (or joins the open one), runs `body`, and when the
  /// outermost batch closes checks and applies what it recorded.
  func runBatch(_ label: String, _ body: () throws -> Void) throws {
    // A list that never laid out reads its counts "before" the update now.
    let loadsNow = !isLoaded && batchDepth == 0
    try loadIfNeeded()
    let outermost = batchDepth == 0
    if outermost { pending = PendingUpdates() }
    batchDepth += 1
    do {
      try body()
    } catch {
      batchDepth -= 1
      if outermost { pending = nil }
      throw error
    }
    batchDepth -= 1
    guard outermost else { return }
    let updates = pending ?? PendingUpdates()
    pending = nil
    try commit(updates, label, loadedByUpdate: loadsNow)
  }

  private func scheduleCompletion(_ completion: @escaping (Bool) throws -> Void) throws {
    guard let world else { return }
    let context = contextStack.last
    try world.scheduler.enqueue(
      on: world.scheduler.main, after: world.timing.listUpdateAnimation, label: "update animation end"
    ) { [weak self] in
      guard let self else { return }
      var site = self.site(role: "performBatchUpdates")
      site.phase = context?.phase
      site.session = context?.session
      try self.call(
        self.methods.batchCompletion, role: "performBatchUpdates", site: site,
        [TraceArgument("finished", "true")]
      ) { try completion(true) }
    }
  }

  // MARK: The check

  /// Asks the data source, checks the update against it, and applies it.
  private func commit(_ updates: PendingUpdates, _ label: String, loadedByUpdate: Bool) throws {
    let before = sections.indices.map { itemCount($0) }
    let sectionCount = try askNumberOfSections()
    guard sectionCount == before.count else {
      throw inconsistency(
        ListMessages.invalidNumberOfSections(kind, after: sectionCount, before: before.count))
    }
    let after = try askItemCounts(sections: sectionCount)
    let u = deduplicated(updates)
    if let reason = ListMessages.conflict(in: u) { throw inconsistency(reason) }
    try checkRanges(u, before: before, after: after)
    try checkCounts(u, before: before, after: after) {
      countAdvice(label: label, loadedByUpdate: loadedByUpdate)
    }
    apply(u)
    generation += 1
    step(label, arguments(of: u), result: countsChange(before: before, after: after))
    setNeedsCellSync()
    try layoutIfNeeded()
  }

  private func deduplicated(_ u: PendingUpdates) -> PendingUpdates {
    var result = u
    result.inserts = Array(Set(u.inserts)).sorted()
    result.deletes = Array(Set(u.deletes)).sorted()
    result.reloads = Array(Set(u.reloads)).sorted()
    return result
  }

  /// Index paths outside the list before (deletes, move sources, reloads) or
  /// after the update (inserts, move destinations).
  private func checkRanges(_ u: PendingUpdates, before: [Int], after: [Int]) throws {
    for path in u.deletes + u.reloads {
      if let reason = ListMessages.outOfRange(kind, deleting: path, counts: before) {
        throw inconsistency(reason)
      }
    }
    for path in u.inserts {
      if let reason = ListMessages.outOfRange(kind, inserting: path, counts: after) {
        throw inconsistency(reason)
      }
    }
    for move in u.moves {
      if let reason = ListMessages.outOfRange(
        kind, moving: move.from, to: move.to, before: before, after: after)
      {
        throw inconsistency(reason)
      }
    }
  }

  /// Each section's count after must equal its count before plus inserts,
  /// minus deletes, plus moves in, minus moves out.
  private func checkCounts(
    _ u: PendingUpdates, before: [Int], after: [Int], advice: () -> String
  ) throws {
    for section in before.indices {
      let inserted =
        u.inserts.filter { $0.section == section }.count
        + u.commits.filter { indexPath(ofEntry: $0)?.section == section }.count
      let deleted = u.deletes.filter { $0.section == section }.count
      let movedIn = u.moves.filter { $0.to.section == section && $0.from.section != section }.count
      let movedOut = u.moves.filter { $0.from.section == section && $0.to.section != section }.count
      let expected = before[section] + inserted - deleted + movedIn - movedOut
      guard after[section] == expected else {
        throw inconsistency(
          ListMessages.invalidNumberOfItems(
            kind, section: section, after: after[section], before: before[section], inserted: inserted,
            deleted: deleted, movedIn: movedIn, movedOut: movedOut),
          advice: advice())
      }
    }
  }

  /// Why the counts of an update may not add up, told from how it came: the
  /// mistakes the lecture's Image Gallery meets (the reason stays UIKit's).
  private func countAdvice(label: String, loadedByUpdate: Bool) -> String {
    let model = kind == .table ? "rows" : "items"
    // A batch loads before its block runs, so its counts "before" are right.
    if loadedByUpdate && !label.hasPrefix("performBatchUpdates") && !label.hasPrefix("commitInsertion") {
      return "the \(kind.viewPhrase) had not laid out yet, so it read its \(model) from the data source only "
        + "now, with the model already changed, and the change counted twice; let it lay out first ('settle' "
        + "before the change), or call 'reloadData()' instead"
    }
    if label.hasPrefix("commitInsertion") {
      return "the 'dataSourceUpdates' block must insert exactly one element into the model, at "
        + "'insertionIndexPath', for the placeholder's \(model == "rows" ? "row" : "item") it becomes"
    }
    if label.hasPrefix("performBatchUpdates") {
      // A batch loads as it opens: a change made just before it is counted already.
      let unloaded =
        loadedByUpdate
        ? "the \(kind.viewPhrase) had not laid out yet, so it read its \(model) as the batch opened, a change "
          + "made before 'performBatchUpdates' counted already; " : ""
      return unloaded + "change the model in the batch by exactly what the batch's calls announce"
    }
    return "'\(label)' outside 'performBatchUpdates' is an update of its own, checked against the data source "
      + "at once, so the model must hold exactly its change by then; make the model changes and the "
      + "\(kind.viewPhrase)'s calls together in one 'performBatchUpdates({ ... })', or call each right after "
      + "its own change"
  }

  // MARK: Applying

  /// Changes the entries: removes deleted and moved items (by their index
  /// before the update), turns committed placeholders into items, then puts
  /// inserted and moved items at their index after the update, lowest first.
  /// Placeholders keep their place among the items, so they shift with them.
  /// The selection follows its rows (`keepingSelection`); a reloaded row is
  /// deselected (reported, not documented).
  private func apply(_ u: PendingUpdates) {
    let reloaded = Set(u.reloads)
    indexPathsForSelectedItems.removeAll { reloaded.contains($0) }
    keepingSelection { applyEntries(u) }
  }

  /// Runs `change` to the entries and moves the selection with its rows: a
  /// moved row stays selected at its new index path, rows after an insert or
  /// delete shift, and a deleted row leaves the selection, all without a
  /// delegate call (inferred: UIKit keeps the selection by row through
  /// updates and reorders).
  func keepingSelection(_ change: () -> Void) {
    let selected = indexPathsForSelectedItems.compactMap { itemID(at: $0) }
    change()
    indexPathsForSelectedItems = selected.compactMap { indexPath(ofEntry: $0) }
  }

  private func applyEntries(_ u: PendingUpdates) {
    var removed: Set<Int> = []
    for path in u.deletes {
      if let id = itemID(at: path) { removed.insert(id) }
    }
    var additions: [(to: IndexPath, entry: ListEntry)] = []
    for move in u.moves {
      guard let id = itemID(at: move.from) else { continue }
      removed.insert(id)
      additions.append((move.to, .item(id)))
    }
    for path in u.reloads {
      if let id = itemID(at: path) { needsConfigure.insert(id) }
    }
    for section in sections.indices {
      sections[section].removeAll { $0.isItem && removed.contains($0.id) }
    }
    for id in u.commits {
      guard let place = location(ofEntry: id) else { continue }
      sections[place.section][place.position] = .item(newEntryID())
      placeholders.first { $0.id == id }?.status = .committed
    }
    placeholders.removeAll { $0.status != .active }
    additions += u.inserts.map { ($0, .item(newEntryID())) }
    for addition in additions.sorted(by: { $0.to < $1.to }) {
      let section = addition.to.section
      guard sections.indices.contains(section) else { continue }
      let position = min(insertionPosition(forItem: addition.to.item, in: section), sections[section].count)
      sections[section].insert(addition.entry, at: position)
    }
  }

  /// The section and array position of an entry.
  func location(ofEntry id: Int) -> (section: Int, position: Int)? {
    for (section, list) in sections.enumerated() {
      if let position = list.firstIndex(where: { $0.id == id }) { return (section, position) }
    }
    return nil
  }

  // MARK: The trace

  private func arguments(of u: PendingUpdates) -> [TraceArgument] {
    func list(_ paths: [IndexPath]) -> String { paths.map { indexPathText($0) }.joined(separator: " ") }
    var result: [TraceArgument] = []
    if !u.deletes.isEmpty { result.append(TraceArgument("deleted", list(u.deletes))) }
    if !u.inserts.isEmpty { result.append(TraceArgument("inserted", list(u.inserts))) }
    if !u.moves.isEmpty {
      let text = u.moves.map { "\(indexPathText($0.from))->\(indexPathText($0.to))" }.joined(separator: " ")
      result.append(TraceArgument("moved", text))
    }
    if !u.reloads.isEmpty { result.append(TraceArgument("reloaded", list(u.reloads))) }
    if !u.commits.isEmpty { result.append(TraceArgument("committed", "\(u.commits.count)")) }
    return result
  }

  private func countsChange(before: [Int], after: [Int]) -> String {
    let changes = before.indices.compactMap { section -> String? in
      before[section] == after[section] ? nil : "section \(section): \(before[section]) -> \(after[section])"
    }
    return changes.isEmpty ? "counts unchanged" : changes.joined(separator: ", ")
  }
}

/// UIKit's exception reasons for list updates (§9.5), worded per kind.
enum ListMessages {
  static func invalidNumberOfItems(
    _ kind: ListKind, section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int,
    movedOut: Int
  ) -> String {
    let units = kind.units
    return "Invalid update: invalid number of \(units) in section \(section). The number of \(units) "
      + "contained in an existing section after the update (\(after)) must be equal to the number of "
      + "\(units) contained in that section before the update (\(before)), plus or minus the number of "
      + "\(units) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus "
      + "or minus the number of \(units) moved into or out of that section (\(movedIn) moved in, "
      + "\(movedOut) moved out)."
  }

  static func invalidNumberOfSections(_ kind: ListKind, after: Int, before: Int) -> String {
    "Invalid update: invalid number of sections. The number of sections contained in the "
      + "\(kind.viewPhrase) after the update (\(after)) must be equal to the number of sections contained "
      + "in the \(kind.viewPhrase) before the update (\(before)), plus or minus the number of sections "
      + "inserted or deleted (0 inserted, 0 deleted)."
  }

  /// A delete (or reload) of something the list did not have before the update.
  static func outOfRange(_ kind: ListKind, deleting path: IndexPath, counts: [Int]) -> String? {
    let (section, item) = (path.section, path.item)
    guard counts.indices.contains(section) else {
      return "attempt to delete \(kind.unit) \(item) from section \(section), but there are only "
        + "\(counts.count) sections before the update"
    }
    guard item < 0 || item >= counts[section] else { return nil }
    return "attempt to delete \(kind.unit) \(item) from section \(section) which only contains "
      + "\(counts[section]) \(kind.units) before the update"
  }

  /// An insert beyond what the data source has after the update.
  static func outOfRange(_ kind: ListKind, inserting path: IndexPath, counts: [Int]) -> String? {
    let (section, item) = (path.section, path.item)
    guard counts.indices.contains(section) else {
      return "attempt to insert \(kind.unit) \(item) into section \(section), but there are only "
        + "\(counts.count) sections after the update"
    }
    guard item < 0 || item >= counts[section] else { return nil }
    return "attempt to insert \(kind.unit) \(item) into section \(section), but there are only "
      + "\(counts[section]) \(kind.units) in section \(section) after the update"
  }

  /// Two changes to one item in one update, which UIKit refuses with an
  /// NSInternalInconsistencyException: two moves from one index path or to
  /// one, or a move from an index path also deleted or reloaded, or to one
  /// also inserted. (Choice: the wording is ours, after UIKit's "attempt to
  /// perform ..." reasons, which the notes do not record word for word.)
  /// Without this check the list applied both and showed an item the data
  /// source does not have.
  static func conflict(in u: PendingUpdates) -> String? {
    var sources: Set<IndexPath> = []
    var targets: Set<IndexPath> = []
    let removed = Set(u.deletes + u.reloads)
    let inserted = Set(u.inserts)
    for move in u.moves {
      let source = indexPathText(move.from)
      let target = indexPathText(move.to)
      if !sources.insert(move.from).inserted {
        return "attempt to perform multiple moves from the same index path (\(source))"
      }
      if !targets.insert(move.to).inserted {
        return "attempt to perform multiple moves to the same index path (\(target))"
      }
      if removed.contains(move.from) {
        return "attempt to perform a delete and a move from the same index path (\(source))"
      }
      if inserted.contains(move.to) {
        return "attempt to perform an insert and a move to the same index path (\(target))"
      }
    }
    return nil
  }

  /// A move from something that did not exist, or to beyond the end.
  static func outOfRange(
    _ kind: ListKind, moving from: IndexPath, to: IndexPath, before: [Int], after: [Int]
  ) -> String? {
    let source = indexPathText(from)
    let target = indexPathText(to)
    if !before.indices.contains(from.section) || from.item < 0 || from.item >= before[from.section] {
      let count = before.indices.contains(from.section) ? before[from.section] : 0
      return "attempt to move index path (\(source)) that does not exist - there are only \(count) "
        + "\(kind.units) in section \(from.section) before the update"
    }
    if !after.indices.contains(to.section) || to.item < 0 || to.item >= after[to.section] {
      let count = after.indices.contains(to.section) ? after[to.section] : 0
      return "attempt to move index path (\(source)) to index path (\(target)) that does not exist - "
        + "there are only \(count) \(kind.units) in section \(to.section) after the update"
    }
    return nil
  }
}
