import DndSyntax

/// Swift that students bring from the seeds and that dnd spells another way
/// (or not at all): for each, what to write instead. The checker looks names,
/// members, casts and calls up here before it reports them as unknown.
extension Checker {
  /// Protocols (and NSData, Data's Objective-C class) Swift code casts a
  /// value to with `as` only to hand it to an Objective-C API; such a cast
  /// changes nothing in dnd.
  static let bridgingProtocols: Set<String> = [
    "NSCoding", "NSCopying", "NSData", "NSItemProviderReading", "NSItemProviderWriting", "NSSecureCoding",
  ]

  /// The UIKit classes a script names in casts and annotations but never
  /// makes: UIKit hands them to handlers. What to write instead of a call.
  static let madeByUIKit: [Builtin: String] = {
    let passed = "UIKit passes one to the handler that needs it (see handlers.md)"
    var table: [Builtin: String] = [
      .uiDragInteraction: "declare a 'dragInteraction { ... }' block in the view",
      .uiDropInteraction: "declare a 'dropInteraction { ... }' block in the view",
      .uiSpringLoadedInteraction: "declare a 'springLoadedInteraction { ... }' block in the view",
    ]
    for builtin: Builtin in [
      .uiDragSession, .uiDropSession, .uiDragDropSession, .uiTableViewDropCoordinator,
      .uiCollectionViewDropCoordinator, .uiDragAnimating, .uiTableViewDropItem, .uiCollectionViewDropItem,
      .uiSpringLoadedInteractionContext,
    ] {
      table[builtin] = passed
    }
    return table
  }()

  /// Enums whose cases a script writes as `.case`: their names, in Swift's
  /// current and iOS 11 spellings, may stand before the case and change
  /// nothing (`UITableViewDropProposal.Intent.automatic`,
  /// `UITableViewDropIntent.automatic`), with the cases each has.
  static let enumTypeCases: [String: [String]] = {
    let intents = ["unspecified", "insertAtDestinationIndexPath", "insertIntoDestinationIndexPath"]
    let cadences = ["immediate", "fast", "slow"]
    return [
      "UICollectionView.ReorderingCadence": cadences, "UICollectionViewReorderingCadence": cadences,
      "UICollectionViewDropIntent": intents, "UICollectionViewDropProposal.Intent": intents,
      "UITableViewDropIntent": intents + ["automatic"], "UITableViewDropProposal.Intent": intents + ["automatic"],
      "UIDropSessionProgressIndicatorStyle": ["none", "default"],
      "UITextDropAction": ["insert", "replaceSelection", "replaceAll"],
      "UITextDropEditability": ["no", "temporary", "yes"], "UITextDropPerformer": ["view", "delegate"],
      "UITextDropProgressMode": ["system", "custom"],
    ]
  }()

  /// `A.B.C` for a chain of names, nil for anything else.
  static func dottedName(_ expr: Expr) -> String? {
    switch expr.kind {
    case .identifier(let name): return name
    case .member(let base, let name, false): return dottedName(base).map { $0 + "." + name.text }
    default: return nil
    }
  }

  /// Names the seeds' Swift uses that dnd spells another way, with what to
  /// write instead (the Image Gallery's JSON, seed 004's preview path).
  static let spelledOtherwise: [String: String] = [
    "Date": "a script runs in virtual time, with no wall clock: 'DispatchTime.now()' is the seconds the scene "
      + "has reached",
    "JSONDecoder": "there is no Codable: 'JSON.decode(data)' gives back the arrays, dictionaries, strings, "
      + "numbers and Bools of the JSON, or nil when the data is not JSON",
    "JSONEncoder": "there is no Codable: 'JSON.encode(value)' gives the JSON Data of arrays, "
      + "dictionaries (String keys), strings, numbers, Bools and nil",
    "NSSearchPathForDirectoriesInDomains": noFiles,
    "OperationQueue": "run work on the main queue with 'DispatchQueue.main.async { ... }', as "
      + "'OperationQueue.main.addOperation { ... }' does",
    "Set": "keep the elements in an array, checking 'contains' before 'append', or as the keys of a "
      + "dictionary of Bools",
    "Task": "there is no Swift concurrency: run work later with 'DispatchQueue.main.async { ... }' or "
      + "'DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ... }'",
    // The lecture's emoji labels: an attributed string with a large font, then sizeToFit.
    "UIFont": "text has no fonts in dnd: write 'NSAttributedString(string: text)' (attributes are kept but "
      + "never measured), and give the label its size with 'frame'",
    "UIBezierPath": "a preview's 'visiblePath' is a Rect or an array of Rects: write "
      + "'parameters.visiblePath = Rect(x, y, width, height)'",
    // What an app written in Xcode reaches for that a script writes otherwise.
    "UTType": typeIdentifierString,
    "kUTTypeImage": typeIdentifierString,
    "kUTTypeURL": typeIdentifierString,
    "kUTTypePlainText": typeIdentifierString,
    "kUTTypeMPEG4": typeIdentifierString,
    // Seed 002's Objective-C.
    "YES": swiftName("true"),
    "NO": swiftName("false"),
    "fatalError": trapping,
    "precondition": trapping,
    "preconditionFailure": trapping,
    "assert": trapping,
    "assertionFailure": trapping,
  ]

  private static let typeIdentifierString =
    "type identifiers are plain strings in dnd: write \"public.image\", \"public.url\", "
    + "\"public.plain-text\", \"public.mpeg-4\" and so on"

  private static let trapping =
    "a script cannot stop the app on purpose; check the condition with 'expect' in a scenario, or leave "
    + "the case out ('default: break')"

  /// Seed 004 writes a received video to a file in its documents folder.
  /// (The names of the network and file APIs themselves stay out of this
  /// module's source: SandboxTests audits it.)
  private static let noFiles =
    "the simulation has no folders to look up: its files are the world's own, so name one with "
    + "URL(fileURLWithPath: \"/movie.mp4\"), write it with 'data.write(to: url)' and read it back from the "
    + "same URL"

  /// Members the seeds' Swift calls that a script replaces with a
  /// declaration, with what to write instead.
  static let membersSpelledOtherwise: [String: String] = [
    // Objective-C's names, from seed 002, and what Swift calls them.
    "canLoadObjectsOfClass": swiftName("canLoadObjects(ofClass: NSString.self)"),
    "firstObject": swiftName("first"),
    "hasItemsConformingToTypeIdentifiers": swiftName("hasItemsConforming(toTypeIdentifiers: [...])"),
    "lastObject": swiftName("last"),
    "loadObjectsOfClass": swiftName("loadObjects(ofClass: NSString.self) { objects in ... }"),
    "locationInView": swiftName("location(in: someView)"),
    "precise": swiftName("isPrecise"),
    // Seed 001 sizes its cells in a flow layout delegate and seed 004 lets
    // its rows size themselves.
    "automaticDimension": "rows do not size themselves in dnd: give 'rowHeight' a number (a placeholder may "
      + "leave its 'rowHeight:' out to take the table's)",
    // Seed 004 makes image views draggable by code.
    "addInteraction": "interactions are declared as blocks in a view ('dragInteraction { ... }'); a view "
      + "made by code has none, so give its superview the interaction and find the view under the "
      + "finger with 'hitTest(session.location(in: superview))'",
    "removeInteraction": "interactions are declared as blocks in a view and stay there; make one "
      + "refuse instead (a drop interaction's canHandle returning false)",
    // A student's guess at reaching a declared interaction from code.
    "dragInteraction": interactionFromCode("UIDragInteraction"),
    "dropInteraction": interactionFromCode("UIDropInteraction"),
    // Swift's string indices: a script counts characters instead.
    "startIndex": stringIndex,
    "endIndex": stringIndex,
    // The table and collection view idioms of seeds 001 and 004: a cell is
    // made with its content, not dequeued and then filled in.
    "beginUpdates": batchUpdates,
    "endUpdates": batchUpdates,
    "insertSections": sectionUpdates,
    "deleteSections": sectionUpdates,
    "moveSection": sectionUpdates,
    "reloadSections": sectionUpdates,
    "animate": "there are no view animations to write: a view's changes take effect at once (UIKit's own "
      + "lift, drop and cancel animations are modelled, and their animators take 'addAnimations')",
    // A button's title has one state in dnd.
    "setTitle": "a button's title is a property: write 'button.title = \"Save\"'",
    // Swift 4.2 renamed 'index(of:)' (SE-0204; deprecated in Swift 5); real delegate code still has it.
    "index": "'index(of:)' and 'index(where:)' are 'firstIndex(of:)' and 'firstIndex(where:)' since Swift 4.2 "
      + "(Swift 5 deprecates the old names), and dnd has no other index methods ('index(after:)' and the "
      + "like): count with Int indices, 'items.firstIndex(of: item)', 'items.indices'",
    // Apple's table view sample proposes a move only while the table is editing.
    "isEditing": editingMode,
    "setEditing": editingMode,
    // What a custom view's canHandle may ask a class for (seen in public drop delegates).
    "readableTypeIdentifiersForItemProvider": typesAsked,
    "writableTypeIdentifiersForItemProvider": typesAsked,
    "translatesAutoresizingMaskIntoConstraints": "there is no Auto Layout in dnd: a view's place is its 'frame'",
    "sizeToFit": "views do not measure their content in dnd: give the view its size with 'frame' "
      + "('label.frame = Rect(0, 0, 80, 80)'), then place it with 'center'",
    "pngData": imageBytes,
    "jpegData": imageBytes,
    // A long list's rows past its frame: an iOS developer scrolls to them.
    "contentOffset": scrolling,
    "setContentOffset": scrolling,
    "scrollToRow": scrolling,
    "scrollToItem": scrolling,
    "scrollRectToVisible": scrolling,
    "dequeueReusableCell": cellContent,
    "textLabel": cellContent,
    "detailTextLabel": cellContent,
    "imageView": cellContent,
  ]

  private static func interactionFromCode(_ type: String) -> String {
    "a view's interactions are in its 'interactions' array, in the order its blocks are declared: "
      + "'(view.interactions.first { $0 is \(type) } as? \(type))?.isEnabled = true'"
  }

  private static let editingMode =
    "dnd models no editing mode (a table's drag and drop reorders rows without one, and a text "
    + "field's editing is not modelled): keep the state in an app variable ('var editing = false')"

  private static let scrolling =
    "lists do not scroll in dnd: a list shows the rows or items that fit its frame, and those past it have no "
    + "cell; make the frame taller or the rows smaller, or aim a step at a 'Point' in the list"

  private static let typesAsked =
    "ask the session what its items hold: 'session.canLoadObjects(ofClass: UIImage.self)' or "
    + "'session.hasItemsConforming(toTypeIdentifiers: [\"public.image\"])'"

  private static let imageBytes =
    "an image in dnd is a name and a size, with no encoded bytes: give a provider the image itself, "
    + "'NSItemProvider(object: image)'"

  private static let batchUpdates =
    "group changes in 'performBatchUpdates({ ... }, completion: nil)', which a table view has too"

  private static let sectionUpdates =
    "sections are not inserted, deleted, moved or reloaded one by one in dnd: change what the data source's "
    + "'numberOfSections' returns and call 'reloadData()'"

  private static let stringIndex =
    "strings have no index type in dnd: count characters with 's.first', 's.last', 'Array(s)[i]', "
    + "'s.prefix(n)' and 's.dropFirst(n)'"

  private static let cellContent =
    "a data source returns its cell with the content in it: write 'UITableViewCell(text: title)' in "
    + "'cellForRowAt' (or 'UICollectionViewCell(text:)', '(image:)' in 'cellForItemAt'); there are no "
    + "reuse queues or cell labels to fill in. A cell UIKit hands over (to a placeholder's "
    + "'cellUpdateHandler', or from 'cellForItem(at:)') shows its content as 'cell.text' and 'cell.image'"

  /// The colours `UIColor` has here (the binding's `ColorObject.named`;
  /// ColorNameTests keeps the two alike), for Objective-C's `greenColor`.
  static let colorNames: Set<String> = [
    "red", "green", "blue", "white", "black", "clear", "gray", "orange", "yellow", "purple", "brown",
    "lightGray", "darkGray", "systemBlue", "systemRed", "systemGreen",
  ]

  /// What to write for Objective-C's `UIColor.greenColor()`: `.green`.
  static func objectiveCColor(_ member: String) -> String? {
    guard member.hasSuffix("Color"), colorNames.contains(String(member.dropLast(5))) else { return nil }
    return swiftName("." + member.dropLast(5))
  }

  private static func swiftName(_ spelling: String) -> String {
    "a script uses the Swift names of UIKit and Foundation: write '\(spelling)'"
  }
}
