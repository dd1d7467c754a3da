import DndCheck
import DndRuntime

/// The members both faces of a session answer (UIDragDropSession).
private enum SessionMembers {
  static func get(
    _ member: Symbol, items: [DragItem], allowsMove: Bool, isRestricted: Bool, scene: SceneHost
  ) -> Value? {
    switch member.known {
    case .items?: return .array(items.map { .object(scene.object(for: $0)) })
    case .allowsMoveOperation?: return .bool(allowsMove)
    case .isRestrictedToDraggingApplication?: return .bool(isRestricted)
    default: return nil
    }
  }

  /// `location(in:)`, `canLoadObjects(ofClass:)`, `hasItemsConforming(toTypeIdentifiers:)`.
  static func call(
    _ member: Symbol, _ arguments: Arguments, location: (View) -> Point, canLoad: (ObjectClass) -> Bool,
    conforms: ([String]) -> Bool
  ) throws -> Value? {
    switch member.known {
    case .location?:
      guard arguments.hasLabels(.in) else { return nil }
      return .object(PointObject(location(try Convert.view(arguments[0], for: "location(in:)"))))
    case .canLoadObjects?:
      guard arguments.count == 1, let value = arguments.value(.ofClass, orAt: 0) else { return nil }
      return .bool(canLoad(try Convert.objectClass(value, for: "canLoadObjects(ofClass:)")))
    case .hasItemsConforming?:
      guard arguments.count == 1, let value = arguments.value(.toTypeIdentifiers, orAt: 0) else { return nil }
      return .bool(conforms(try Convert.strings(value, for: "hasItemsConforming(toTypeIdentifiers:)")))
    default:
      return nil
    }
  }
}

/// `UIDragSession`: the session as the app that started the drag sees it.
final class DragSessionObject: SceneObject {
  let session: DragSession

  init(scene: SceneHost, session: DragSession) {
    self.session = session
    super.init(scene: scene)
  }

  override var typeName: String { "UIDragSession" }
  override var description: String { session.description }
  override func isInstance(of type: Builtin) -> Bool {
    type == .uiDragSession || type == .uiDragDropSession || type == .nsObject
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if let value = SessionMembers.get(
      member, items: session.items, allowsMove: session.allowsMoveOperation,
      isRestricted: session.isRestrictedToDraggingApplication, scene: scene)
    {
      return value
    }
    if member.known == .localContext { return ScriptValueBox.unbox(session.localContext) }
    return try super.getMember(member, interpreter: interpreter)
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    guard member.known == .localContext else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
    session.localContext = ScriptValueBox.box(value)
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    let session = self.session
    if let value = try SessionMembers.call(
      member, arguments, location: { session.location(in: $0) },
      canLoad: { session.canLoadObjects(ofClass: $0) },
      conforms: { session.hasItemsConforming(toTypeIdentifiers: $0) })
    {
      return value
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }
}

/// `UIDropSession`: the session as a destination app sees it. Loads go
/// through `loadObjects(ofClass:)`, whose completion runs on the main queue.
final class DropSessionObject: SceneObject {
  let session: DropSession

  init(scene: SceneHost, session: DropSession) {
    self.session = session
    super.init(scene: scene)
  }

  override var typeName: String { "UIDropSession" }
  override var description: String { session.description }
  override func isInstance(of type: Builtin) -> Bool {
    type == .uiDropSession || type == .uiDragDropSession || type == .nsObject
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if let value = SessionMembers.get(
      member, items: session.items, allowsMove: session.allowsMoveOperation,
      isRestricted: session.isRestrictedToDraggingApplication, scene: scene)
    {
      return value
    }
    switch member.known {
    case .localDragSession?: return session.localDragSession.map { .object(scene.object(for: $0)) } ?? .nil
    case .progress?: return .object(ProgressObject(session.progress))
    case .progressIndicatorStyle?:
      return .enumCase(Symbol(session.progressIndicatorStyle == .none ? KnownMember.none : .default))
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    guard member.known == .progressIndicatorStyle else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
    // `.none` reaches here as nil (the checker reads it as Optional's).
    if case .nil = value {
      session.progressIndicatorStyle = .none
      return
    }
    guard case .enumCase(let symbol) = value, symbol.known == KnownMember.none || symbol.known == .default
    else {
      throw RuntimeError(
        .propertyType(
          "UIDropSession.progressIndicatorStyle", expected: ".none or .default", found: value.mismatchName))
    }
    session.progressIndicatorStyle = symbol.known == KnownMember.none ? .none : .default
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    let session = self.session
    if let value = try SessionMembers.call(
      member, arguments, location: { session.location(in: $0) },
      canLoad: { session.canLoadObjects(ofClass: $0) },
      conforms: { session.hasItemsConforming(toTypeIdentifiers: $0) })
    {
      return value
    }
    if member.known == .loadObjects {
      return try loadObjects(arguments)
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }

  /// `loadObjects(ofClass: String) { strings in ... }`: one object per item
  /// that can give the class, delivered together on the main queue.
  private func loadObjects(_ arguments: Arguments) throws -> Value {
    guard let classValue = arguments.value(.ofClass, orAt: 0), let completion = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument(
          "loadObjects needs 'ofClass:' and a completion: loadObjects(ofClass: String) { strings in ... }"))
    }
    let objectClass = try Convert.objectClass(classValue, for: "loadObjects(ofClass:)")
    let scene = self.scene
    let progress = try session.loadObjects(ofClass: objectClass) { [link = scene.link] values in
      guard let scene = link.scene else { return }
      _ = try scene.callScript(completion, [.array(values.map { scene.value(of: $0) })])
    }
    return .object(ProgressObject(progress))
  }
}

/// `UIDropProposal(operation: .copy)` (and `UITextDropProposal`): a class
/// in UIKit, so a handler may make one and then set its flags.
final class ProposalObject: NativeObject {
  let proposal: DropProposal
  /// For a table's or collection view's proposal (a `ListDropProposal`).
  let listKind: ListKind?

  init(_ proposal: DropProposal, listKind: ListKind? = nil) {
    self.proposal = proposal
    self.listKind = listKind
  }

  override var typeName: String {
    switch listKind {
    case .table?: "UITableViewDropProposal"
    case .collection?: "UICollectionViewDropProposal"
    case nil: proposal is TextDropProposal ? "UITextDropProposal" : "UIDropProposal"
    }
  }
  /// Named by its class, as the script made it (`UITableViewDropProposal(move, insertAtDestinationIndexPath)`).
  override var description: String { "\(typeName)(\(proposal.summary))" }
  override func isInstance(of type: Builtin) -> Bool {
    type == .uiDropProposal || type == .nsObject
      || (type == .uiTextDropProposal && proposal is TextDropProposal)
      || (type == .uiTableViewDropProposal && listKind == .table)
      || (type == .uiCollectionViewDropProposal && listKind == .collection)
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .operation?: return Convert.value(of: proposal.operation)
    case .isPrecise?: return .bool(proposal.isPrecise)
    case .prefersFullSizePreview?: return .bool(proposal.prefersFullSizePreview)
    case .intent?:
      guard let list = proposal as? ListDropProposal else { break }
      return ListConvert.value(of: list.intent)
    case .dropAction?:
      guard let text = proposal as? TextDropProposal else { break }
      switch text.dropAction {
      case .insert: return .enumCase(Symbol(.insert))
      case .replaceSelection: return .enumCase(Symbol(.replaceSelection))
      case .replaceAll: return .enumCase(Symbol(.replaceAll))
      }
    case .dropPerformer?:
      guard let text = proposal as? TextDropProposal else { break }
      return .enumCase(Symbol(text.dropPerformer == .view ? .view : .delegate))
    case .dropProgressMode?:
      guard let text = proposal as? TextDropProposal else { break }
      return .enumCase(Symbol(text.dropProgressMode == .system ? .system : .custom))
    case .useFastSameViewOperations?:
      guard let text = proposal as? TextDropProposal else { break }
      return .bool(text.useFastSameViewOperations)
    case .description?: return .string(description)
    default: break
    }
    throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    let property = "\(typeName).\(interpreter.name(of: member))"
    switch member.known {
    case .isPrecise?, .prefersFullSizePreview?:
      guard case .bool(let flag) = value else {
        throw RuntimeError(.propertyType(property, expected: "a Bool", found: value.typeName))
      }
      if member.known == .isPrecise {
        proposal.isPrecise = flag
      } else {
        proposal.prefersFullSizePreview = flag
      }
    case .dropAction? where proposal is TextDropProposal:
      guard let text = proposal as? TextDropProposal, case .enumCase(let symbol) = value,
        let action = Self.textDropAction(symbol)
      else {
        throw RuntimeError(
          .propertyType(
            property, expected: ".insert, .replaceSelection or .replaceAll", found: value.mismatchName))
      }
      text.dropAction = action
    case .dropPerformer? where proposal is TextDropProposal:
      // `.delegate`: the delegate's willPerformDrop does the drop, and the view inserts nothing.
      let isView = try Self.oneOfTwo(.view, .delegate, value, property)
      (proposal as? TextDropProposal)?.dropPerformer = isView ? .view : .delegate
    case .dropProgressMode? where proposal is TextDropProposal:
      // Stored only: the model shows no progress UI of either kind.
      let isSystem = try Self.oneOfTwo(.system, .custom, value, property)
      (proposal as? TextDropProposal)?.dropProgressMode = isSystem ? .system : .custom
    case .useFastSameViewOperations? where proposal is TextDropProposal:
      // Stored only: a drop within one text view is not modelled apart from any other.
      guard let text = proposal as? TextDropProposal, case .bool(let flag) = value else {
        throw RuntimeError(.propertyType(property, expected: "a Bool", found: value.typeName))
      }
      text.useFastSameViewOperations = flag
    default:
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// True for the case `first`, false for `second`, else an error naming both.
  private static func oneOfTwo(_ first: KnownMember, _ second: KnownMember, _ value: Value, _ property: String)
    throws -> Bool
  {
    guard case .enumCase(let symbol) = value, symbol.known == first || symbol.known == second else {
      throw RuntimeError(
        .propertyType(property, expected: ".\(first.spelling) or .\(second.spelling)", found: value.mismatchName))
    }
    return symbol.known == first
  }

  private static func textDropAction(_ symbol: Symbol) -> TextDropAction? {
    switch symbol.known {
    case .insert?: .insert
    case .replaceSelection?: .replaceSelection
    case .replaceAll?: .replaceAll
    default: nil
    }
  }

  /// `UIDropProposal(operation: .copy)` or `UIDropProposal(.copy)`;
  /// `UITextDropProposal` likewise.
  static func make(_ arguments: Arguments, text: Bool) throws -> Value {
    guard arguments.count == 1, let value = arguments.value(.operation, orAt: 0) else {
      throw RuntimeError(.notConstructible(text ? "UITextDropProposal" : "UIDropProposal"))
    }
    let operation = try Convert.operation(value, for: "UIDropProposal(operation:)")
    return .object(
      ProposalObject(text ? TextDropProposal(operation: operation) : DropProposal(operation: operation)))
  }
}

/// `UIPasteConfiguration(forAccepting: UIImage)`: a value here (only its
/// types matter to the model).
/// UIPasteConfiguration, a class in UIKit: variables holding one share it.
/// A view's `pasteConfiguration` is a `copy` property: the setter stores a
/// copy, and the getter returns the stored object, so a change made through
/// it (`view.pasteConfiguration?.addAcceptableTypeIdentifiers(...)`) is the
/// view's. The object the getter returns is bound to the view (`owner`)
/// until the view is given another configuration.
final class PasteConfigurationObject: NativeObject {
  private var own: PasteConfiguration
  private(set) weak var owner: View?

  var configuration: PasteConfiguration {
    get { owner?.pasteConfiguration ?? own }
    set {
      if let owner { owner.pasteConfiguration = newValue } else { own = newValue }
    }
  }

  init(_ configuration: PasteConfiguration, owner: View? = nil) {
    self.own = configuration
    self.owner = owner
  }

  /// The view stores another configuration: this object keeps what it holds.
  func detach() {
    own = configuration
    owner = nil
  }

  override var typeName: String { "UIPasteConfiguration" }
  override var description: String {
    "UIPasteConfiguration(\(configuration.acceptableTypeIdentifiers.joined(separator: ", ")))"
  }
  override func isInstance(of type: Builtin) -> Bool { type == .uiPasteConfiguration }
  override func isEqual(to other: NativeObject) -> Bool {
    (other as? PasteConfigurationObject)?.configuration == configuration
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .acceptableTypeIdentifiers?:
      return .array(configuration.acceptableTypeIdentifiers.map { .string($0) })
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    guard member.known == .acceptableTypeIdentifiers else {
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
    configuration.acceptableTypeIdentifiers = try Convert.strings(value, for: "acceptableTypeIdentifiers")
  }

  /// `addAcceptableTypeIdentifiers(["public.png"])` and
  /// `addTypeIdentifiers(forAccepting: NSString.self)`: the change shows
  /// wherever this object is, and on the view it is bound to; a view given
  /// this object earlier keeps the copy it stored.
  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .addAcceptableTypeIdentifiers? where arguments.count == 1:
      configuration.addAcceptableTypeIdentifiers(
        try Convert.strings(arguments[0], for: "addAcceptableTypeIdentifiers"))
      return .nil
    case .addTypeIdentifiers? where arguments.hasLabels(.forAccepting):
      configuration.addTypeIdentifiers(
        forAccepting: try Convert.objectClass(arguments[0], for: "addTypeIdentifiers(forAccepting:)"))
      return .nil
    default:
      return try super.callMethod(member, arguments, interpreter: interpreter)
    }
  }

  /// `UIPasteConfiguration(forAccepting: UIImage)` or
  /// `UIPasteConfiguration(acceptableTypeIdentifiers: ["public.png"])`.
  static func make(_ arguments: Arguments) throws -> Value {
    if arguments.hasLabels(.forAccepting) {
      let objectClass = try Convert.objectClass(arguments[0], for: "UIPasteConfiguration(forAccepting:)")
      return .object(PasteConfigurationObject(PasteConfiguration(forAccepting: objectClass)))
    }
    if arguments.hasLabels(.acceptableTypeIdentifiers) {
      let types = try Convert.strings(arguments[0], for: "acceptableTypeIdentifiers")
      return .object(PasteConfigurationObject(PasteConfiguration(acceptableTypeIdentifiers: types)))
    }
    if arguments.isEmpty { return .object(PasteConfigurationObject(PasteConfiguration())) }
    throw RuntimeError(.notConstructible("UIPasteConfiguration"))
  }
}
