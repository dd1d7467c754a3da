/// Scripts the benchmarks generate: a large corpus for the parser, the drag
/// scene and the collection view.
enum ScriptGenerator {
  /// About 3 MB of varied code: functions, loops, collections, strings,
  /// closures, an app with views and handlers, a scenario. (The lexer stops
  /// at 1,000,000 tokens, about 4 MB of this code, so 5 MB is out of reach.)
  static let corpus: String = {
    var text = "device iPad\n\n"
    var index = 0
    while text.utf8.count < 3_000_000 {
      text += chunk(index)
      index += 1
    }
    return text
  }()

  private static func chunk(_ n: Int) -> String {
    """
    /* chunk \(n): a function, a closure, collections and control flow */
    func compute\(n)(limit: Int, factor: Double) -> [String: Int] {
      var totals: [String: Int] = [:]
      let names = ["alpha", "beta", "gamma\\(limit)", "delta"]
      for i in 0..<limit {
        let key = names[i % names.count]
        totals[key] = (totals[key] ?? 0) + i * \(n % 97 + 1)
        if i % 3 == 0 && limit > 10 || factor >= 2.5 {
          continue
        } else if let seen = totals["alpha"], seen > 1_000 {
          break
        }
      }
      var k = 0
      while k < 10 { k += 1 }
      let scaled = names.map { name in name.count * 2 }.filter { c in c > 4 }
      guard scaled.count > 0 else { return totals }
      return totals
    }
    let value\(n) = compute\(n)(limit: \(n % 50), factor: \(Double(n % 7) / 2))
    var label\(n) = "value \\(value\(n).count) at \(n)" + (value\(n).isEmpty ? "" : "!")

    app App\(n) {
      var dropped\(n) = 0
      view root\(n) {
        frame = Rect(0, 0, 1024, 768)
        label target\(n) {
          frame = Rect(40, \(n % 700), 300, 40)
          isUserInteractionEnabled = true
          dropInteraction {
            func canHandle(session) { session.canLoadObjects(ofClass: String.self) }
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) {
              session.loadObjects(ofClass: String.self) { strings in
                target\(n).text = strings.first ?? "?"
                dropped\(n) += 1
              }
            }
          }
        }
      }
    }

    scenario "chunk \(n)" {
      longPress Point(10, 10)
      drag to target\(n), Point(700, 100)
      release
      settle
      expect dropped\(n) == 0
    }


    """
  }

  // MARK: Drag

  static let dragMoves = 100_000

  /// A tree of `views` views (7 strips per node; 100,000 make depth 6) under a field view,
  /// three drop targets in front of it with script handlers, and a scenario
  /// making `moves` moves across the window.
  static func dragScript(moves: Int, views: Int = 100_000) -> String {
    """
    device iPad

    app Bench {
      var updates = 0
      var entered = 0
      var exited = 0

      view root {
        frame = Rect(0, 0, 1024, 768)

        view field {
          frame = Rect(0, 0, 1024, 768)
        }

        label source {
          frame = Rect(0, 0, 40, 40)
          text = "drag me"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) {
              return [UIDragItem(itemProvider: NSItemProvider(object: source.text))]
            }
          }
        }
    \(target("one", x: 100, y: 100))
    \(target("two", x: 500, y: 300))
    \(target("three", x: 800, y: 600))
      }
    }

    // Views as a tree: each splits its longer side into 7 strips.
    func buildField() {
      var queue = [field]
      var head = 0
      var count = 1
      while count < \(views) {
        let parent = queue[head]
        head += 1
        let w = parent.bounds.size.width
        let h = parent.bounds.size.height
        for k in 0..<7 {
          if count >= \(views) { break }
          let frame = w >= h ? Rect(Double(k) * w / 7, h / 20, w / 7, h * 0.9)
            : Rect(w / 20, Double(k) * h / 7, w * 0.9, h / 7)
          let child = UIView(frame: frame)
          parent.addSubview(child)
          queue.append(child)
          count += 1
        }
      }
    }
    buildField()

    scenario "moves" {
      longPress source
      var i = 0
      while i < \(moves) {
        drag to Point(Double(i * 37 % 1024), Double(i * 53 % 768))
        i += 1
      }
      release
      settle
    }

    """
  }

  private static func target(_ name: String, x: Int, y: Int) -> String {
    """
        label \(name) {
          frame = Rect(\(x), \(y), 160, 120)
          isUserInteractionEnabled = true
          dropInteraction {
            func canHandle(session) { session.canLoadObjects(ofClass: String.self) }
            func sessionDidEnter(session) { entered += 1 }
            func sessionDidUpdate(session) {
              updates += 1
              return UIDropProposal(operation: updates % 2 == 0 ? .copy : .move)
            }
            func sessionDidExit(session) { exited += 1 }
          }
        }
    """
  }

  // MARK: Collection view

  /// Items at the start. The runtime limits a list to 10,000 items
  /// (`ListLimits.maxItems`), so the list starts at 9,000 and ends at
  /// 10,000 rather than at the issue's 100,000.
  static let listItems = 9_000
  static let listDrops = 1_000

  /// A collection view with `listItems` items taking `listDrops` drops from
  /// another app, each through a placeholder committed by a batch update.
  static func listScript() -> String {
    """
    device iPad

    source Safari {
      item photo {
        let provider = NSItemProvider(object: UIImage(named: "photo", size: Size(400, 300)))
        provider.simulate(latency: 1)
        return UIDragItem(itemProvider: provider)
      }
    }

    app Gallery {
      var images = []

      collectionView gallery {
        frame = Rect(0, 0, 1024, 768)
        itemSize = Size(200, 150)

        dataSource {
          func numberOfItemsInSection(section) { images.count }
          func cellForItemAt(indexPath) { UICollectionViewCell(text: images[indexPath.item]) }
        }

        dropDelegate {
          func canHandle(session) { session.canLoadObjects(ofClass: UIImage) }
          func dropSessionDidUpdate(session, destinationIndexPath) {
            UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
          }
          func performDropWith(coordinator) {
            let destination = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)
            for item in coordinator.items {
              let placeholder = UICollectionViewDropPlaceholder(
                insertionIndexPath: destination, reuseIdentifier: "Placeholder")
              let context = coordinator.drop(item.dragItem, to: placeholder)
              item.dragItem.itemProvider.loadObject(ofClass: UIImage) { image, error in
                DispatchQueue.main.async {
                  context.commitInsertion(dataSourceUpdates: { insertionIndexPath in
                    images.insert(image?.name ?? "?", at: insertionIndexPath.item)
                  })
                }
              }
            }
          }
        }
      }
    }

    for i in 0..<\(listItems) { images.append("item \\(i)") }
    gallery.reloadData()

    scenario "drops" {
      for d in 0..<\(listDrops) {
        longPress Safari.photo
        drag to Point(Double(100 + d % 4 * 200), Double(100 + d % 3 * 150))
        release
        if d % 10 == 9 { settle }
      }
      settle
      print(images.count)
    }

    """
  }
}
