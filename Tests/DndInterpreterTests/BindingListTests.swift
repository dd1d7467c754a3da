import DndInterpreter
import DndRuntime
import Testing

/// Table and collection views from scripts: the four blocks, the objects
/// their handlers get, and the methods a script calls on them.
@Suite struct BindingListTests {
  /// A collection view `gallery` (model `images`) with the given blocks, and a
  /// scenario; a source `Safari.photo` offers an image.
  static func gallery(_ blocks: String, scenario: String, top: String = "") -> String {
    """
    \(top)
    source Safari {
      item photo {
        UIDragItem(itemProvider: NSItemProvider(object: UIImage(named: "dawn", size: Size(4, 3))))
      }
    }
    app A {
      var images = ["a", "b", "c"]
      collectionView gallery {
        frame = Rect(0, 0, 600, 400)
        itemSize = Size(100, 100)
        dataSource {
          func numberOfItemsInSection(section) { images.count }
          func cellForItemAt(indexPath) { Cell(text: images[indexPath.item]) }
        }
        \(blocks)
      }
    }
    scenario "test" {
      \(scenario)
    }
    """
  }

  static let copyDrop = """
    dropDelegate {
      func dropSessionDidUpdate(session, destinationIndexPath) {
        UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
      }
      func performDropWith(coordinator) {
        print(coordinator.destinationIndexPath, coordinator.proposal.intent == .insertAtDestinationIndexPath)
        print(coordinator.items.count, coordinator.items[0].sourceIndexPath == nil)
      }
    }
    """

  @Test func aDataSourceFillsTheCells() throws {
    let script = Self.gallery(
      "", scenario: "expect gallery.cellForItem(at: IndexPath(item: 1, section: 0))?.text == \"b\"")
    let result = try runScene(script)
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func theCoordinatorTellsTheDestinationAndTheProposal() throws {
    let scenario = """
      longPress Safari.photo
        drag to gallery.cellForItem(at: IndexPath(item: 1, section: 0))
        release
        expect lastProposal?.intent == .insertAtDestinationIndexPath
        expect called performDropWith on gallery
      """
    let result = try runScene(Self.gallery(Self.copyDrop, scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "[0, 1] true\n1 true\n")
  }

  @Test func aPlaceholderCommitsThroughItsContext() throws {
    let drop = """
      dropDelegate {
        func performDropWith(coordinator) {
          let placeholder = UICollectionViewDropPlaceholder(
            insertionIndexPath: IndexPath(item: 0, section: 0), reuseIdentifier: "wait")
          placeholder.cellUpdateHandler = { cell in cell.text = "…" }
          let context = coordinator.drop(coordinator.items[0].dragItem, to: placeholder)
          print(gallery.hasUncommittedUpdates)
          DispatchQueue.main.async {
            let done = context.commitInsertion { insertionIndexPath in
              images.insert("new", at: insertionIndexPath.item)
            }
            print(done, context.commitInsertion { _ in print("never") }, context.deletePlaceholder())
          }
        }
      }
      """
    let scenario = """
      longPress Safari.photo
        drag to gallery
        release
        settle
        expect images == ["new", "a", "b", "c"]
        expect not warning
      """
    let result = try runScene(Self.gallery(drop, scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "true\ntrue false false\n")
    #expect(result.calls.filter { $0 == "UICollectionViewPlaceholder.cellUpdateHandler" }.count == 1)
  }

  @Test func theSwiftConvenienceInsertsAPlaceholderRow() throws {
    let script = """
      app A {
        var rows = ["a"]
        tableView list {
          frame = Rect(0, 0, 300, 400)
          dataSource {
            func numberOfRowsInSection(section) { rows.count }
            func cellForRowAt(indexPath) { UITableViewCell(text: rows[indexPath.row]) }
          }
          dropDelegate {
            func performDropWith(coordinator) {
              coordinator.drop(
                coordinator.items[0].dragItem, toPlaceholderInsertedAt: IndexPath(row: 1, section: 0),
                withReuseIdentifier: "wait", rowHeight: 80) { cell in cell.text = "…" }
            }
          }
        }
      }
      source S { item x { UIDragItem(itemProvider: NSItemProvider(object: "x")) } }
      scenario "test" {
        longPress S.x
        drag to list
        release
        expect list.hasUncommittedUpdates
        expect list.numberOfRows(inSection: 0) == 1
      }
      """
    let result = try runScene(script)
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func performBatchUpdatesRunsItsCompletionLater() throws {
    let scenario = """
      gallery.performBatchUpdates({
          images.append("d")
          gallery.insertItems(at: [IndexPath(item: 3, section: 0)])
        }, completion: { finished in print("done", finished) })
        print("after")
        wait 0.3
        expect gallery.numberOfItems(inSection: 0) == 4
      """
    let result = try runScene(Self.gallery("", scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "after\ndone true\n")
  }

  @Test func anInconsistentUpdateTerminatesTheApp() throws {
    let scenario = """
      images.remove(at: 0)
        gallery.insertItems(at: [IndexPath(item: 0, section: 0)])
      """
    let result = try runScene(Self.gallery("", scenario: scenario))
    #expect(result.summary == "exception: NSInternalInconsistencyException")
  }

  /// An app a step's exception terminated takes no more touches: each later
  /// finger step is in the trace as doing nothing, and the failure's notes
  /// point at the last of them.
  @Test func stepsAfterTheAppTerminatedDoNothingAndSaySo() throws {
    let drop = """
      dropDelegate {
        func dropSessionDidUpdate(session, destinationIndexPath) {
          UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        }
        func performDropWith(coordinator) { gallery.insertItems(at: [IndexPath(item: 0, section: 0)]) }
      }
      """
    let scenario = """
      longPress Safari.photo
        drag to gallery
        release
        longPress gallery
        wait 1
      """
    let result = try runScene(Self.gallery(drop, scenario: scenario))
    #expect(result.summary == "exception: NSInternalInconsistencyException")
    let skipped = result.trace.filter { $0.name == "stepAfterTermination" }.compactMap(\.result)
    #expect(
      skipped == [
        "longPress does nothing: the app terminated earlier (NSInternalInconsistencyException)",
        "wait does nothing: the app terminated earlier (NSInternalInconsistencyException)",
      ])
    let notes = result.outcome.diagnostic?.notes.map(\.message) ?? []
    #expect(notes.contains("this step and 1 before it ran after the app had terminated, and did nothing"))
  }

  @Test(arguments: [
    // Through a local, so that the run meets it (on the view's name, the check refuses it).
    ("let g = gallery; g.insertRows(at: [IndexPath(item: 0, section: 0)])", "noMatchingMethod"),
    // Computed, so that the run meets it (written in the call, the check refuses it).
    ("let i = UITableViewDropIntent.automatic; let p = UICollectionViewDropProposal(operation: .copy, intent: i)",
     "wrongArgumentType"),
    ("let g = gallery; g.rowHeight = 3", "cannotSetMember"),
    ("gallery.reorderingCadence = .sometimes", "wrongArgumentType"),
  ])
  func tableSpellingsAreNotCollectionSpellings(_ statement: String, _ id: String) throws {
    let result = try runScene(Self.gallery("", scenario: statement))
    #expect(result.outcome.diagnostic?.id == id, "\(result.summary)")
  }

  @Test func listPropertiesReadAndWrite() throws {
    let scenario = """
      gallery.itemSize = Size(50, 50)
        gallery.reorderingCadence = .slow
        expect gallery.itemSize == Size(50, 50)
        expect gallery.reorderingCadence == .slow
        expect gallery.dragInteractionEnabled
        expect gallery.numberOfSections == 1
        expect gallery.indexPathsForVisibleItems.count == 3
        expect gallery.indexPathForItem(at: Point(10, 10)) == IndexPath(item: 0, section: 0)
      """
    let result = try runScene(Self.gallery("", scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func aHandlerAnsweringTheWrongTypeIsReported() throws {
    let script = Self.gallery(
      """
      dropDelegate {
        // Through a variable: written in the body, it is a check error (Checker+HandlerResults.swift).
        func dropSessionDidUpdate(session, destinationIndexPath) {
          let proposal = UIDropProposal(operation: .copy)
          return proposal
        }
        func performDropWith(coordinator) { }
      }
      """,
      scenario: "longPress Safari.photo\n drag to gallery")
    let result = try runScene(script)
    #expect(result.outcome.diagnostic?.id == "handlerResult", "\(result.summary)")
    #expect(result.outcome.diagnostic?.message.contains("a UICollectionViewDropProposal") == true)
  }

  @Test func aTableOnIPhoneDoesNotDragUntilEnabled() throws {
    let script = """
      device iPhone
      app A {
        tableView list {
          frame = Rect(0, 0, 300, 400)
          dataSource {
            func numberOfRowsInSection(section) { 2 }
            func cellForRowAt(indexPath) { UITableViewCell(text: "row") }
          }
          dragDelegate {
            func itemsForBeginning(session, indexPath) {
              [UIDragItem(itemProvider: NSItemProvider(object: "row"))]
            }
          }
        }
      }
      scenario "test" {
        expect list.dragInteractionEnabled == false
        longPress list.cellForRow(at: IndexPath(row: 0, section: 0))
        expect not called itemsForBeginning
        release
        list.dragInteractionEnabled = true
        longPress list.cellForRow(at: IndexPath(row: 0, section: 0))
        expect called itemsForBeginning on list
      }
      """
    let result = try runScene(script)
    #expect(result.outcome.passed, "\(result.summary)")
  }
}
