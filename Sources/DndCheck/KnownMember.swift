/// Member names and argument labels that Swift code dispatches on.
///
/// Each case is spelt exactly as a script writes it (the case name is the
/// spelling), and its raw value is its `Symbol`. The interpreter's core
/// methods use the first group; the UIKit binding may add cases at the end of
/// the list (never in the middle, so existing ids stay put).
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
  case rowHeight, dragInteractionEnabled, itemSize, reorderingCadence
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
  case view, center, parameters, target, retargetedPreview, visiblePath
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

  /// The spelling a script uses.
  public var spelling: String { String(describing: self) }
}
