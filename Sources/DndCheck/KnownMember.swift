/// Member names and argument labels that Swift code dispatches on.
///
/// Each case is spelt exactly as a script writes it (the case name is the
/// spelling), and its raw value is its `Symbol`. The interpreter's core
/// methods use the first group; the UIKit binding may add cases at the end of
/// the list (never in the middle, so existing ids stay put), and add the
/// spelling at the end of `spellings` too.
///
/// This is every member name native code answers: the checker reports a
/// member that is neither here nor declared by the script as one no type has
/// (Checker+Members.swift). Native code therefore compares a member with
/// these cases, never its spelling as a string.
public enum KnownMember: Int32, CaseIterable, Sendable {
  // Core: collections, strings, numbers, tuples
  case count, isEmpty, first, last, append, insert, remove, removeFirst, removeLast
  case removeAll, contains, firstIndex, lastIndex, map, filter, compactMap, flatMap
  case reduce, forEach, sorted, sort, reversed, reverse, enumerated, joined, indices
  case min, max, allSatisfy, prefix, suffix, dropFirst, dropLast, swapAt, popLast
  case hasPrefix, hasSuffix, uppercased, lowercased, split, components
  case replacingOccurrences, trimmingCharacters, keys, values, removeValue, updateValue
  case description, offset, element, key, value, lowerBound, upperBound
  case isMultiple, rounded, squareRoot, magnitude, pi, infinity, isNaN, mapValues
  case whitespaces, whitespacesAndNewlines
  case `self`, `init`

  // Core: argument labels
  case at, of, `where`, separator, terminator, by, with, to, through, from, forKey
  case contentsOf, `default`, repeating, describing, separatedBy, omittingEmptySubsequences
  case maxSplits, into, `in`

  // UIKit: view properties (the property catalogue)
  case frame, backgroundColor, alpha, isHidden, isUserInteractionEnabled, tag
  case pasteConfiguration, text, attributedText, textColor, numberOfLines, image
  case contentMode, placeholder, isEnabled, isEditable, title, isSpringLoaded
  case rowHeight, dragInteractionEnabled, allowsMultipleSelection, itemSize, reorderingCadence
  case allowsSimultaneousRecognitionDuringLift, allowsSimultaneousDropSessions

  // UIKit: sessions, items, providers, proposals, geometry
  case items, itemProvider, localObject, localContext, localDragSession, previewProvider
  case location, canLoadObjects, loadObjects, hasItemsConforming, allowsMoveOperation
  case isRestrictedToDraggingApplication, progress, progressIndicatorStyle
  case registeredTypeIdentifiers, hasItemConformingToTypeIdentifier, canLoadObject
  case loadObject, loadDataRepresentation, loadFileRepresentation, registerItem
  case registerDataRepresentation, suggestedName, operation, isPrecise
  case prefersFullSizePreview, intent, proposal, destinationIndexPath, insertionIndexPath
  case sourceIndexPath, dragItem, drop, commitInsertion, deletePlaceholder
  case performBatchUpdates, insertItems, deleteItems, moveItem, insertRows, deleteRows
  case moveRow, reloadData, cellForItem, cellForRow, indexPath, item, row, section
  case x, y, width, height, origin, size, midX, midY, minX, minY, maxX, maxY
  case view, center, parameters, target, retargetedPreview, visiblePath, textLineRects
  case addAnimations, addCompletion, async, asyncAfter, main, global
  case fractionCompleted, isFinished, cancel, aspectRatio, absoluteString, string
  case ofClass, object, completion, completionHandler, forTypeIdentifier
  case visibility, loadHandler, placeholderContext, reuseIdentifier
  case standard, set, data, encode, decode, red, green, blue, white, black, clear, gray
  case copy, move, forbidden, insertAtDestinationIndexPath, insertIntoDestinationIndexPath
  case unspecified, automatic

  // UIKit binding: views, providers, sessions, previews, spring loading,
  // text drops, errors and colours
  case bounds, subviews, superview, addSubview, removeFromSuperview, bringSubviewToFront
  case sendSubviewToBack, convert, hitTest, interactions, registerObject, simulate, latency
  case failure, forAccepting, toTypeIdentifiers, named, name, end, start, current, state
  case targetView, targetItem, container, dropSession, suggestedProposal, isSameView
  case dropPosition, dropAction, dropPerformer, no, yes, temporary, replaceSelection, replaceAll
  case localizedDescription, domain, code, totalUnitCount, completedUnitCount, acceptableTypeIdentifiers
  case inactive, possible, activating, activated, none, dx, dy, offsetBy, insetBy, intersects
  case orange, yellow, purple, brown, lightGray, darkGray, systemBlue, systemRed, systemGreen
  case preferredPresentationSize, isDefault, all, ownProcess, team, group, isCancelled
  case textDropInteraction, scaleToFill, immediate, isDescendant, zero

  // UIKit binding: table and collection views
  case session, toItemAt, toRowAt, intoItemAt, intoRowAt, rect, toPlaceholderInsertedAt
  case withReuseIdentifier, cellUpdateHandler, previewParametersProvider, setNeedsCellUpdate
  case previewSize, dataSourceUpdates, numberOfItems, numberOfRows, inSection, numberOfSections
  case indexPathForItem, indexPathForRow, reloadItems, reloadRows, indexPathsForVisibleItems
  case indexPathsForVisibleRows, indexPathsForSelectedItems, indexPathsForSelectedRows, hasActiveDrag
  case hasActiveDrop, hasUncommittedUpdates, layoutIfNeeded, minimumInteritemSpacing, minimumLineSpacing
  case fast, slow, `for`, contentSize

  // UIKit binding: affine transforms (a drop preview target's transform)
  case transform, scaleX, rotationAngle, translationX, identity, isIdentity, concatenating
  case a, b, c, d, tx, ty

  // UIKit binding: virtual time (`asyncAfter(deadline:)`)
  case deadline, execute, now, seconds, milliseconds, microseconds, nanoseconds

  // UIKit binding: file names and text from bytes (`String(data:encoding:)`)
  case lastPathComponent, encoding, utf8

  // UIKit binding: UserDefaults' accessors (`integer(forKey:)`, ...)
  case synchronize, removeObject, array, dictionary, integer, double, bool

  // UIKit binding: NSItemProvider's in-place file load (§5.2)
  case loadInPlaceFileRepresentation

  // UIKit binding: seed 004's file URLs and legacy item provider
  // (`URL(fileURLWithPath:)`, `NSItemProvider(item:typeIdentifier:)`)
  case fileURLWithPath, path, isFileURL, pathExtension, typeIdentifier

  // UIKit binding: a paste configuration grown after it is made
  case addAcceptableTypeIdentifiers, addTypeIdentifiers

  // Core: the call of an optional function (`f?(x)`), as a method of the function
  case callAsFunction

  // UIKit binding: the rest of NSItemProvider (§5.2) and the world's files
  case registerFileRepresentation, fileOptions, openInPlace, loadItem, options
  case hasRepresentationConforming, toTypeIdentifier, write, teamData

  // UIKit binding: selection from code (`selectRow(at:animated:scrollPosition:)`)
  case selectRow, selectItem, deselectRow, deselectItem, indexPathForSelectedRow, animated, scrollPosition
  case top, middle, bottom, left, right, centeredVertically, centeredHorizontally

  // Core: `String(format:_:)`
  case format

  // Core: `starts(with:)` on arrays and strings
  case starts

  // UIKit binding: the rest of UITextDropProposal (§6.4)
  case delegate, dropProgressMode, system, custom, useFastSameViewOperations

  // UIKit binding: the device's default for new drag interactions (§2.1)
  case isEnabledByDefault

  // Core: `rounded(_:)`'s rules
  case up, down, towardZero, awayFromZero, toNearestOrAwayFromZero, toNearestOrEven

  // Core: `text.data(using: .utf8)`
  case using

  /// The spelling a script uses.
  public var spelling: String {
    let index = Int(rawValue)
    return index < Self.spellings.count ? Self.spellings[index] : String(describing: self)
  }

  /// Every case's spelling, indexed by raw value. Spelt out rather than taken
  /// from `String(describing:)`, whose reflection cost about 5.5 million
  /// instructions at every start-up; CatalogueTests checks the two agree.
  public static let spellings: [String] = [
    "count", "isEmpty", "first", "last", "append", "insert", "remove", "removeFirst", "removeLast",
    "removeAll", "contains", "firstIndex", "lastIndex", "map", "filter", "compactMap", "flatMap", "reduce",
    "forEach", "sorted", "sort", "reversed", "reverse", "enumerated", "joined", "indices", "min", "max",
    "allSatisfy", "prefix", "suffix", "dropFirst", "dropLast", "swapAt", "popLast", "hasPrefix",
    "hasSuffix", "uppercased", "lowercased", "split", "components", "replacingOccurrences",
    "trimmingCharacters", "keys", "values", "removeValue", "updateValue", "description", "offset",
    "element", "key", "value", "lowerBound", "upperBound", "isMultiple", "rounded", "squareRoot",
    "magnitude", "pi", "infinity", "isNaN", "mapValues", "whitespaces", "whitespacesAndNewlines", "self",
    "init", "at", "of", "where", "separator", "terminator", "by", "with", "to", "through", "from", "forKey",
    "contentsOf", "default", "repeating", "describing", "separatedBy", "omittingEmptySubsequences",
    "maxSplits", "into", "in", "frame", "backgroundColor", "alpha", "isHidden", "isUserInteractionEnabled",
    "tag", "pasteConfiguration", "text", "attributedText", "textColor", "numberOfLines", "image",
    "contentMode", "placeholder", "isEnabled", "isEditable", "title", "isSpringLoaded", "rowHeight",
    "dragInteractionEnabled", "allowsMultipleSelection", "itemSize", "reorderingCadence",
    "allowsSimultaneousRecognitionDuringLift", "allowsSimultaneousDropSessions", "items", "itemProvider",
    "localObject", "localContext",
    "localDragSession", "previewProvider", "location", "canLoadObjects", "loadObjects",
    "hasItemsConforming", "allowsMoveOperation", "isRestrictedToDraggingApplication", "progress",
    "progressIndicatorStyle", "registeredTypeIdentifiers", "hasItemConformingToTypeIdentifier",
    "canLoadObject", "loadObject", "loadDataRepresentation", "loadFileRepresentation", "registerItem",
    "registerDataRepresentation", "suggestedName", "operation", "isPrecise", "prefersFullSizePreview",
    "intent", "proposal", "destinationIndexPath", "insertionIndexPath", "sourceIndexPath", "dragItem",
    "drop", "commitInsertion", "deletePlaceholder", "performBatchUpdates", "insertItems", "deleteItems",
    "moveItem", "insertRows", "deleteRows", "moveRow", "reloadData", "cellForItem", "cellForRow",
    "indexPath", "item", "row", "section", "x", "y", "width", "height", "origin", "size", "midX", "midY",
    "minX", "minY", "maxX", "maxY", "view", "center", "parameters", "target", "retargetedPreview",
    "visiblePath", "textLineRects", "addAnimations", "addCompletion", "async", "asyncAfter", "main", "global",
    "fractionCompleted", "isFinished", "cancel", "aspectRatio", "absoluteString", "string", "ofClass",
    "object", "completion", "completionHandler", "forTypeIdentifier", "visibility", "loadHandler",
    "placeholderContext", "reuseIdentifier", "standard", "set", "data", "encode", "decode", "red", "green",
    "blue", "white", "black", "clear", "gray", "copy", "move", "forbidden", "insertAtDestinationIndexPath",
    "insertIntoDestinationIndexPath", "unspecified", "automatic", "bounds", "subviews", "superview",
    "addSubview", "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack", "convert", "hitTest",
    "interactions", "registerObject", "simulate", "latency", "failure", "forAccepting", "toTypeIdentifiers",
    "named", "name", "end", "start", "current", "state", "targetView", "targetItem", "container",
    "dropSession", "suggestedProposal", "isSameView", "dropPosition", "dropAction", "dropPerformer", "no",
    "yes", "temporary", "replaceSelection", "replaceAll", "localizedDescription", "domain", "code",
    "totalUnitCount", "completedUnitCount", "acceptableTypeIdentifiers", "inactive", "possible",
    "activating", "activated", "none", "dx", "dy", "offsetBy", "insetBy", "intersects", "orange", "yellow",
    "purple", "brown", "lightGray", "darkGray", "systemBlue", "systemRed", "systemGreen",
    "preferredPresentationSize", "isDefault", "all", "ownProcess", "team", "group", "isCancelled",
    "textDropInteraction", "scaleToFill", "immediate", "isDescendant", "zero", "session", "toItemAt",
    "toRowAt", "intoItemAt", "intoRowAt", "rect", "toPlaceholderInsertedAt", "withReuseIdentifier",
    "cellUpdateHandler", "previewParametersProvider", "setNeedsCellUpdate", "previewSize",
    "dataSourceUpdates", "numberOfItems", "numberOfRows", "inSection", "numberOfSections",
    "indexPathForItem", "indexPathForRow", "reloadItems", "reloadRows", "indexPathsForVisibleItems",
    "indexPathsForVisibleRows", "indexPathsForSelectedItems", "indexPathsForSelectedRows", "hasActiveDrag",
    "hasActiveDrop", "hasUncommittedUpdates", "layoutIfNeeded", "minimumInteritemSpacing",
    "minimumLineSpacing", "fast", "slow", "for", "contentSize", "transform", "scaleX", "rotationAngle",
    "translationX", "identity", "isIdentity", "concatenating", "a", "b", "c", "d", "tx", "ty", "deadline",
    "execute", "now", "seconds", "milliseconds", "microseconds", "nanoseconds", "lastPathComponent",
    "encoding", "utf8", "synchronize", "removeObject", "array", "dictionary", "integer", "double", "bool",
    "loadInPlaceFileRepresentation", "fileURLWithPath", "path", "isFileURL", "pathExtension", "typeIdentifier",
    "addAcceptableTypeIdentifiers", "addTypeIdentifiers", "callAsFunction",
    "registerFileRepresentation", "fileOptions", "openInPlace", "loadItem", "options",
    "hasRepresentationConforming", "toTypeIdentifier", "write", "teamData", "selectRow", "selectItem",
    "deselectRow", "deselectItem", "indexPathForSelectedRow", "animated", "scrollPosition", "top", "middle",
    "bottom", "left", "right", "centeredVertically", "centeredHorizontally", "format",
    "starts", "delegate", "dropProgressMode", "system", "custom", "useFastSameViewOperations", "isEnabledByDefault",
    "up", "down", "towardZero", "awayFromZero", "toNearestOrAwayFromZero", "toNearestOrEven", "using",
  ]
}
