import DndCheck
import DndRuntime

/// A view of the scene (UIView and its subclasses). One object per runtime
/// view (the scene keeps the table), so `===` and `==` mean the same view.
///
/// Properties the runtime models (frame, text, image, ...) live in the
/// runtime's `View`, whose setters report Main Thread Checker warnings and
/// animation changes; the few it does not model (tag, textColor, ...) are
/// kept here.
final class ViewObject: SceneObject {
  let view: View
  /// Properties the runtime does not model, by member; nil until one is
  /// set (an empty dictionary still costs a call to make and one to free,
  /// on each of the thousands of views a script can make).
  private var extras: [Symbol: Value]?
  /// `tag`, kept apart from `extras`: scripts set it on views in bulk (an
  /// id per view), and a field costs no dictionary per view. Any value, as
  /// the other stored properties.
  private var tag = Value.int(0)
  /// The object `pasteConfiguration` returns, bound to the view until it is
  /// given another configuration (UIKit's getter returns the stored object).
  private var pasteConfigurationHandle: PasteConfigurationObject?

  init(scene: SceneHost, view: View) {
    self.view = view
    super.init(scene: scene)
  }

  override var typeName: String { view.kind.uikitClassName }

  /// The properties kept here rather than in the runtime's view (`tag`,
  /// then the others in a fixed order), for the explorer's fingerprints.
  var storedProperties: [Value] {
    guard let extras else { return [tag] }
    return [tag] + extras.sorted { $0.key < $1.key }.flatMap { [Value.int(Int($0.key.raw)), $0.value] }
  }
  override var description: String { view.description }
  /// A view is equal only to itself: a dictionary keyed by views hashes
  /// their identity, without `Hasher`.
  override var keyHash: Int { identityKeyHash }

  override func isInstance(of type: Builtin) -> Bool {
    switch type {
    case .uiView, .nsObject: return true
    case .uiLabel: return view.kind == .label
    case .uiImageView: return view.kind == .imageView
    case .uiTextField: return view.kind == .textField
    case .uiTextView: return view.kind == .textView
    case .uiButton: return view.kind == .button
    case .uiTableView: return view.kind == .tableView
    case .uiCollectionView: return view.kind == .collectionView
    case .uiTableViewCell: return view.kind == .tableViewCell
    case .uiCollectionViewCell: return view.kind == .collectionViewCell
    default: return false
    }
  }

  private var kind: DndRuntime.ViewKind { view.kind }
  private var hasText: Bool { kind == .label || kind == .textField || kind == .textView || isCell }
  /// A table or collection view's cell: it shows a text and an image.
  private var isCell: Bool { kind == .tableViewCell || kind == .collectionViewCell }

  // MARK: Reading

  /// `view.frame.size.width`, `view.bounds.midX` and the like, as reading
  /// the frame (or bounds) and then its members gives, without the Rect
  /// object in between (nor the Size or Point).
  override func memberChain(_ first: Symbol, _ second: Symbol, _ third: Symbol?) -> Value? {
    let rect: Rect
    switch first.known {
    case .frame?:
      view.noteRead("frame")
      rect = view.frame
    case .bounds?:
      view.noteRead("bounds")
      rect = view.bounds
    default: return nil
    }
    guard let third else { return RectObject.scalarMember(of: rect, second) }
    return RectObject.memberChain(of: rect, second, third)
  }

  /// The view's paste configuration as the object the script shares.
  private func pasteConfigurationObject() -> PasteConfigurationObject {
    if let handle = pasteConfigurationHandle, handle.owner === view { return handle }
    let handle = PasteConfigurationObject(view.pasteConfiguration ?? PasteConfiguration(), owner: view)
    pasteConfigurationHandle = handle
    return handle
  }

  /// The setter of a `copy` property: the view stores a copy, and the object
  /// it returned so far no longer speaks for it.
  private func replacePasteConfiguration(with configuration: PasteConfiguration?) {
    pasteConfigurationHandle?.detach()
    pasteConfigurationHandle = nil
    view.pasteConfiguration = configuration
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    view.noteRead(interpreter.name(of: member))
    switch member.known {
    case .frame?: return .object(RectObject(view.frame))
    case .bounds?: return .object(RectObject(view.bounds))
    case .center?: return .object(PointObject(view.center))
    case .backgroundColor?: return view.backgroundColor.map { .object(ColorObject($0)) } ?? .nil
    case .alpha?: return .double(view.alpha)
    case .isHidden?: return .bool(view.isHidden)
    case .isUserInteractionEnabled?: return .bool(view.isUserInteractionEnabled)
    case .pasteConfiguration?:
      return view.pasteConfiguration == nil ? .nil : .object(pasteConfigurationObject())
    case .subviews?: return .array(view.subviews.map { .object(scene.object(for: $0)) })
    case .superview?: return view.superview.map { .object(scene.object(for: $0)) } ?? .nil
    case .interactions?: return .array(interactions())
    case .text? where hasText:
      if kind == .textView { return .string(view.text ?? "") }
      return view.text.map { .string($0) } ?? .nil
    case .attributedText? where hasText:
      return view.attributedText.map { .object(AttributedStringObject($0)) } ?? .nil
    case .image? where kind == .imageView || kind == .button || isCell:
      return view.image.map { .object(ImageObject($0)) } ?? .nil
    case .title? where kind == .button: return view.title.map { .string($0) } ?? .nil
    case .isEditable? where kind == .textView: return .bool(view.isEditable)
    case .isEnabled? where kind == .textField || kind == .button || kind == .label: return .bool(view.isEnabled)
    case .isSpringLoaded? where kind == .button || kind == .tableView || kind == .collectionView:
      return .bool(view.isSpringLoaded)
    case .textDropInteraction? where view.kind.isTextDroppable:
      return view.textDropInteraction.map { .object(scene.object(for: $0)) } ?? .nil
    case .description?: return .string(description)
    case .tag?: return tag
    default:
      if let value = try listMember(member) { return value }
      if let stored = storedDefault(member) { return extras?[member] ?? stored }
      throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// The default of a property the runtime does not model, if this kind of
  /// view has it.
  private func storedDefault(_ member: Symbol) -> Value? {
    switch member.known {
    case .textColor? where kind == .label: return .object(ColorObject(ColorValue("black")))
    case .numberOfLines? where kind == .label: return .int(1)
    case .contentMode? where kind == .imageView: return .enumCase(Symbol(.scaleToFill))
    case .placeholder? where kind == .textField: return .nil
    default: return nil
    }
  }

  private func interactions() -> [Value] {
    var result: [Value] = []
    result += view.dragInteractions.map { .object(scene.object(for: $0)) }
    result += view.dropInteractions.map { .object(scene.object(for: $0)) }
    result += view.springLoadedInteractions.map { .object(scene.object(for: $0)) }
    return result
  }

  // MARK: Writing

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    // Named for messages only: made when a message needs it.
    func property() -> String { "\(typeName).\(interpreter.name(of: member))" }
    try setMemberUnnoted(member, to: value, interpreter: interpreter, property: property)
    // Reported once the value is taken (a value of the wrong type is the news).
    if !ViewObject.viewWatchesSetter(of: member) {
      view.noteSetter(
        ViewObject.setterSelector(interpreter.name(of: member)), receiver: flowLayoutReceiver(of: member))
    }
  }

  private func setMemberUnnoted(
    _ member: Symbol, to value: Value, interpreter: Interpreter, property: () -> String
  ) throws {
    switch member.known {
    case .tag?:
      // UIView.tag is an Int, as in UIKit.
      guard case .int = value else {
        throw RuntimeError(.propertyType(property(), expected: "an Int", found: value.typeName))
      }
      tag = value
    case .frame?: view.frame = try rect(value, property())
    case .bounds?: view.bounds = try rect(value, property())
    case .center?:
      guard let point = value.object(as: PointObject.self) else {
        throw RuntimeError(.propertyType(property(), expected: "a Point", found: value.typeName))
      }
      view.center = point.point
    case .backgroundColor?: view.backgroundColor = try optionalColor(value, property())
    case .alpha?:
      guard let alpha = value.doubleValue else {
        throw RuntimeError(.propertyType(property(), expected: "a number", found: value.typeName))
      }
      view.alpha = alpha
    case .isHidden?: view.isHidden = try bool(value, property())
    case .isUserInteractionEnabled?: view.isUserInteractionEnabled = try bool(value, property())
    case .pasteConfiguration?:
      if value.isNil {
        replacePasteConfiguration(with: nil)
      } else if let configuration = value.object(as: PasteConfigurationObject.self) {
        replacePasteConfiguration(with: configuration.configuration)
      } else {
        throw RuntimeError(
          .propertyType(property(), expected: "a UIPasteConfiguration or nil", found: value.typeName))
      }
    case .text? where hasText:
      if value.isNil {
        view.text = kind == .textView ? "" : nil
      } else {
        view.text = try string(value, property())
      }
    case .attributedText? where hasText:
      switch value {
      case .nil: view.attributedText = nil
      case .string(let box): view.attributedText = box.value
      default:
        guard let text = value.object(as: AttributedStringObject.self) else {
          throw RuntimeError(
            .propertyType(property(), expected: "an NSAttributedString or nil", found: value.typeName))
        }
        view.attributedText = text.string
      }
    case .image? where kind == .imageView || kind == .button || isCell:
      if value.isNil {
        view.image = nil
      } else if let image = value.object(as: ImageObject.self) {
        view.image = image.image
      } else {
        throw RuntimeError(.propertyType(property(), expected: "a UIImage or nil", found: value.typeName))
      }
    case .title? where kind == .button: view.title = value.isNil ? nil : try string(value, property())
    case .isEditable? where kind == .textView: view.isEditable = try bool(value, property())
    case .isEnabled? where kind == .textField || kind == .button || kind == .label:
      view.isEnabled = try bool(value, property())
    case .isSpringLoaded? where kind == .button || kind == .tableView || kind == .collectionView:
      view.isSpringLoaded = try bool(value, property())
    default:
      if try setListMember(member, to: value, interpreter: interpreter) { return }
      guard storedDefault(member) != nil else {
        throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
      }
      if extras == nil { extras = [:] }
      extras?[member] = value
    }
  }

  /// The properties whose setters the runtime's `View` reports itself
  /// (Main Thread Checker, lift reversal); the others are reported here.
  private static func viewWatchesSetter(of member: Symbol) -> Bool {
    switch member.known {
    case .frame?, .bounds?, .center?, .alpha?, .isHidden?, .isUserInteractionEnabled?, .isEditable?, .isEnabled?,
      .backgroundColor?, .text?, .image?, .title?, .attributedText?, .isSpringLoaded?:
      true
    default: false
    }
  }

  /// UIKit's setter of a property: `rowHeight` is `setRowHeight:`, `isHidden` `setHidden:`.
  static func setterSelector(_ property: String) -> String {
    var name = Substring(property)
    if name.hasPrefix("is"), let next = name.dropFirst(2).first, next.isUppercase { name = name.dropFirst(2) }
    guard let first = name.first else { return "set:" }
    return "set" + first.uppercased() + name.dropFirst() + ":"
  }

  /// A collection view's layout properties belong to its flow layout.
  private func flowLayoutReceiver(of member: Symbol) -> String? {
    switch member.known {
    case .itemSize?, .minimumInteritemSpacing?, .minimumLineSpacing?: "UICollectionViewFlowLayout"
    default: nil
    }
  }

  private func rect(_ value: Value, _ property: @autoclosure () -> String) throws -> Rect {
    guard let rect = value.object(as: RectObject.self) else {
      throw RuntimeError(.propertyType(property(), expected: "a Rect", found: value.typeName))
    }
    return rect.rect
  }

  private func bool(_ value: Value, _ property: @autoclosure () -> String) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw RuntimeError(.propertyType(property(), expected: "a Bool", found: value.typeName))
    }
    return flag
  }

  private func string(_ value: Value, _ property: @autoclosure () -> String) throws -> String {
    guard case .string(let box) = value else {
      throw RuntimeError(.propertyType(property(), expected: "a String", found: value.typeName))
    }
    return box.value
  }

  private func optionalColor(_ value: Value, _ property: @autoclosure () -> String) throws -> ColorValue? {
    if value.isNil { return nil }
    guard let color = ColorObject.color(of: value) else {
      throw RuntimeError(
        .propertyType(
          property(), expected: "a UIColor (such as .red or UIColor.clear) or nil", found: value.typeName))
    }
    return color
  }

  // MARK: Methods

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    switch member.known {
    case .addSubview?:
      guard arguments.hasLabels(nil) else { break }
      let subview = try Convert.view(arguments[0], for: "addSubview")
      try SceneHost.checkViewDepth(adding: subview, to: view, limit: interpreter.limits.maxViewDepth)
      // The runtime's view records an exception it raises in the trace once.
      try view.addSubview(subview)
      return .nil
    case .removeFromSuperview?:
      guard arguments.isEmpty else { break }
      view.removeFromSuperview()
      return .nil
    case .bringSubviewToFront?, .sendSubviewToBack?:
      guard arguments.hasLabels(nil) else { break }
      let subview = try Convert.view(arguments[0], for: interpreter.name(of: member))
      if member.known == .bringSubviewToFront {
        view.bringSubviewToFront(subview)
      } else {
        view.sendSubviewToBack(subview)
      }
      return .nil
    case .convert?:
      guard arguments.count == 2, arguments.label(0) == nil else { break }
      view.noteRead(arguments.value(labelled: .from) != nil ? "convertPoint:fromView:" : "convertPoint:toView:")
      let point = try Convert.point(arguments[0], for: "convert")
      if let other = arguments.value(labelled: .from) {
        return .object(
          PointObject(view.convert(point, from: try Convert.optionalView(other, for: "convert(_:from:)"))))
      }
      if let other = arguments.value(labelled: .to) {
        return .object(
          PointObject(view.convert(point, to: try Convert.optionalView(other, for: "convert(_:to:)"))))
      }
    case .hitTest?:
      guard arguments.hasLabels(nil) || arguments.hasLabels(nil, .with) else { break }
      view.noteRead("hitTest:withEvent:")
      let point = try Convert.point(arguments[0], for: "hitTest")
      guard let hit = view.hitTest(point) else { return .nil }
      // The hit view's object is usually made already (no need to reach the scene).
      return .object(hit.userInfo as? ViewObject ?? scene.object(for: hit))
    case .isDescendant?:
      guard arguments.hasLabels(.of) else { break }
      view.noteRead("isDescendantOfView:")
      return .bool(view.isDescendant(of: try Convert.view(arguments[0], for: "isDescendant(of:)")))
    default:
      if let result = try callListMethod(member, arguments, interpreter: interpreter) { return result }
      if view.list != nil, Self.isListMethod(member) { break }
      return try super.callMethod(member, arguments, interpreter: interpreter)
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }
}

/// `UIDragInteraction`, `UIDropInteraction` and `UISpringLoadedInteraction`
/// as values (`view.interactions`, `willAdd`'s adding interaction).
final class InteractionObject: SceneObject {
  enum Kind {
    case drag(DragInteraction)
    case drop(DropInteraction)
    case springLoaded(SpringLoadedInteraction)
  }

  let kind: Kind

  init(scene: SceneHost, kind: Kind) {
    self.kind = kind
    super.init(scene: scene)
  }

  override var typeName: String {
    switch kind {
    case .drag: "UIDragInteraction"
    case .drop: "UIDropInteraction"
    case .springLoaded: "UISpringLoadedInteraction"
    }
  }

  override var description: String {
    switch kind {
    case .drag(let interaction): interaction.description
    case .drop(let interaction): interaction.description
    case .springLoaded(let interaction): "<UISpringLoadedInteraction \(interaction.name)>"
    }
  }

  override func isInstance(of type: Builtin) -> Bool {
    switch kind {
    case .drag: type == .uiDragInteraction
    case .drop: type == .uiDropInteraction
    case .springLoaded: type == .uiSpringLoadedInteraction
    }
  }

  private var view: View? {
    switch kind {
    case .drag(let interaction): interaction.view
    case .drop(let interaction): interaction.view
    case .springLoaded(let interaction): interaction.view
    }
  }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch (member.known, kind) {
    case (.view?, _): return view.map { .object(scene.object(for: $0)) } ?? .nil
    case (.isEnabled?, .drag(let interaction)): return .bool(interaction.isEnabled)
    case (.allowsSimultaneousRecognitionDuringLift?, .drag(let interaction)):
      return .bool(interaction.allowsSimultaneousRecognitionDuringLift)
    case (.allowsSimultaneousDropSessions?, .drop(let interaction)):
      return .bool(interaction.allowsSimultaneousDropSessions)
    case (.name?, _):
      switch kind {
      case .drag(let interaction): return .string(interaction.name)
      case .drop(let interaction): return .string(interaction.name)
      case .springLoaded(let interaction): return .string(interaction.name)
      }
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    let property = "\(typeName).\(interpreter.name(of: member))"
    guard case .bool(let flag) = value else {
      throw RuntimeError(.propertyType(property, expected: "a Bool", found: value.typeName))
    }
    switch (member.known, kind) {
    case (.isEnabled?, .drag(let interaction)): interaction.isEnabled = flag
    case (.allowsSimultaneousRecognitionDuringLift?, .drag(let interaction)):
      interaction.allowsSimultaneousRecognitionDuringLift = flag
    case (.allowsSimultaneousDropSessions?, .drop(let interaction)):
      interaction.allowsSimultaneousDropSessions = flag
    default: throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }
}

extension Interpreter {
  /// "UILabel has no method 'convert(_:_:)'" for a method called with
  /// arguments it does not take.
  func noMatchingMethod(_ member: Symbol, typeName: String, _ arguments: Arguments) -> RuntimeError {
    let labels = (0..<arguments.count).map { position in
      arguments.label(position).map { name(of: $0) + ":" } ?? "_:"
    }
    return RuntimeError(.noMatchingMethod(name(of: member), type: typeName, labels: labels.joined()))
  }
}
