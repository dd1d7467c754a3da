import DndCheck
import Testing

/// The catalogues are data the binding and the trace read: keep them consistent.
@Suite struct CatalogueTests {
  @Test func builtinNamesAreUniqueAndFindable() {
    let names = Builtin.allCases.map(\.spelling)
    #expect(Set(names).count == names.count)
    for builtin in Builtin.allCases { #expect(Builtin.named(builtin.spelling) == builtin) }
  }

  @Test func theBriefsUIKitNamesAreRegistered() {
    let required = [
      "print", "min", "max", "abs", "String", "Int", "Double", "Bool", "Array", "Dictionary", "stride",
      "UIDragItem", "NSItemProvider", "UIDropProposal", "UITableViewDropProposal",
      "UICollectionViewDropProposal",
      "UIDragPreview", "UITargetedDragPreview", "UIDragPreviewTarget", "UIDragPreviewParameters",
      "UIPasteConfiguration", "UISpringLoadedInteraction", "IndexPath", "Rect", "CGRect", "Point", "CGPoint",
      "Size", "CGSize", "UIImage", "URL", "NSURL", "NSString", "NSAttributedString", "UIColor", "Data",
      "Progress",
      "UIDropOperation", "UIViewAnimatingPosition", "UserDefaults", "JSON", "Cell", "UITableViewCell",
      "UICollectionViewCell", "UICollectionViewDropPlaceholder", "UITableViewDropPlaceholder",
      "DispatchQueue",
    ]
    for name in required { #expect(Builtin.named(name) != nil, "\(name)") }
  }

  @Test func knownMemberSymbolsMatchTheirSpelling() {
    var table = SymbolTable()
    let spellings = KnownMember.allCases.map(\.spelling)
    #expect(Set(spellings).count == spellings.count)
    for member in KnownMember.allCases {
      #expect(table.intern(member.spelling) == Symbol(member))
      #expect(Symbol(member).known == member)
    }
    #expect(KnownMember.where.spelling == "where")
    // The spelt-out table agrees with the case names, one for one.
    #expect(KnownMember.spellings == KnownMember.allCases.map { String(describing: $0) })
  }

  @Test func delegateEntriesAreUniquePerBlockAndView() {
    var seen = Set<String>()
    for method in DelegateCatalogue.methods {
      for view in method.viewKinds {
        let key = "\(method.interaction?.rawValue ?? "view") \(view) \(method.name)"
        #expect(seen.insert(key).inserted, "\(key)")
      }
    }
  }

  @Test func everyDelegateEntryHasUIKitsSpellingAndAProtocol() {
    for method in DelegateCatalogue.methods {
      #expect(!method.uikitName.isEmpty && !method.protocolName.isEmpty)
      #expect(method.minimumParameterCount <= method.parameters.count)
    }
    #expect(
      DelegateCatalogue.method(named: "performDrop", in: .dropInteraction, on: .label)?.uikitName
        == "dropInteraction(_:performDrop:)")
    #expect(
      DelegateCatalogue.method(named: "cellForItemAt", in: .dataSource, on: .collectionView)?.uikitName
        == "collectionView(_:cellForItemAt:)")
  }

  @Test func everyViewKindHasTheCommonProperties() {
    for kind in ViewKind.allCases {
      let names = Set(PropertyCatalogue.properties(of: kind).map(\.name))
      for common in [
        "frame", "backgroundColor", "alpha", "isHidden", "isUserInteractionEnabled", "tag",
        "pasteConfiguration",
      ] {
        #expect(names.contains(common), "\(kind) \(common)")
      }
    }
    #expect(PropertyCatalogue.property(named: "text", on: .label)?.uikitName == "UILabel.text")
    #expect(PropertyCatalogue.property(named: "text", on: .imageView) == nil)
  }
}
