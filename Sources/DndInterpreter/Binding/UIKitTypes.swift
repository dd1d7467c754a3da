import DndCheck
import DndRuntime

/// A native type whose initializer, static members and value are closures:
/// one instance per builtin the binding implements.
final class BoundType: NativeType {
  typealias Construct = (Arguments) throws -> Value
  typealias Static = (Symbol) -> Value?
  typealias StaticCall = (Symbol, Arguments) throws -> Value?

  private let make: Construct?
  private let statics: Static?
  private let staticCalls: StaticCall?
  private let current: (() -> Value)?

  init(
    _ builtin: Builtin, construct: Construct? = nil, statics: Static? = nil, staticCalls: StaticCall? = nil,
    value: (() -> Value)? = nil
  ) {
    self.make = construct
    self.statics = statics
    self.staticCalls = staticCalls
    self.current = value
    super.init(builtin)
  }

  override func construct(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    guard let make else { throw RuntimeError(.notConstructible(builtin.spelling)) }
    return try make(arguments)
  }

  override func staticMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if let value = statics?(member) { return value }
    return try super.staticMember(member, interpreter: interpreter)
  }

  override func callStatic(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    if let value = try staticCalls?(member, arguments) { return value }
    return try super.callStatic(member, arguments, interpreter: interpreter)
  }

  override func value(interpreter: Interpreter) throws -> Value {
    guard let current else { return try super.value(interpreter: interpreter) }
    return current()
  }
}

/// The registration of every UIKit and Foundation builtin the binding
/// implements (see docs/uikit-api.md).
enum UIKitTypes {
  static func register(in registry: NativeRegistry, scene slot: SceneSlot) {
    geometry(registry)
    content(registry, slot)
    dragAndDrop(registry, slot)
    views(registry, slot)
    ListConvert.register(in: registry, scene: slot)
    DefaultsTypes.register(in: registry, scene: slot)
    DispatchTimes.register(in: registry, scene: slot)
    registry.register(
      BoundType(
        .dispatchQueue,
        statics: { member in
          guard member.known == .main, let scene = slot.scene else { return nil }
          return .object(QueueObject(scene: scene, queue: scene.world.scheduler.main))
        },
        staticCalls: { member, arguments in
          guard member.known == .global else { return nil }
          let scene = try slot.current()
          // `DispatchQueue.global()` and `.global(qos: ...)`: one background queue.
          return .object(QueueObject(scene: scene, queue: scene.world.scheduler.backgroundQueue("global")))
        }))
    // `UIDragInteraction.isEnabledByDefault`: the device's default (§2.1),
    // true on iPad and false on iPhone.
    registry.register(
      BoundType(
        .uiDragInteraction,
        statics: { member in
          guard member.known == .isEnabledByDefault, let scene = slot.scene else { return nil }
          return .bool(scene.world.device.isDragInteractionEnabledByDefault)
        }))
    registry.register(
      BoundType(.lastProposal, value: { slot.scene?.lastProposal.map { .object($0) } ?? .nil }))
    registry.register(
      BoundType(
        .activeSession,
        value: {
          guard let scene = slot.scene else { return .nil }
          return scene.world.fingers.current?.session.map { .object(scene.object(for: $0)) } ?? .nil
        }))
    // "view: method" for every call a script handler received, in order, so a
    // spec can check UIKit's order: `expect delegateCalls == [...]`.
    registry.register(
      BoundType(
        .delegateCalls,
        value: {
          guard let scene = slot.scene else { return .nil }
          return .array(
            scene.world.trace.events.filter { $0.kind == .call }.map { event in
              .string(event.view.map { "\($0): \(event.method)" } ?? event.method)
            })
        }))
  }

  private static func geometry(_ registry: NativeRegistry) {
    let zeros = GeometryZeros()
    for builtin in [Builtin.point, .cgPoint, .size, .cgSize, .rect, .cgRect] {
      registry.register(GeometryType(builtin, zeros: zeros))
    }
    registry.register(BoundType(.indexPath, construct: GeometryTypes.indexPath))
    registry.register(
      BoundType(
        .cgAffineTransform, construct: GeometryTypes.transform,
        statics: { member in member.known == .identity ? .object(TransformObject(.identity)) : nil }))
  }

  private static func content(_ registry: NativeRegistry, _ slot: SceneSlot) {
    registry.register(BoundType(.uiImage, construct: image))
    for builtin in [Builtin.url, .nsURL] {
      registry.register(
        BoundType(
          builtin,
          construct: { arguments in
            if arguments.count == 1, let path = arguments.value(labelled: .fileURLWithPath) {
              return .object(URLObject.file(try Convert.string(path, for: "URL(fileURLWithPath:)")))
            }
            guard arguments.count == 1, let text = arguments.value(.string, orAt: 0) else {
              throw RuntimeError(.notConstructible("URL"))
            }
            return URLObject.make(try Convert.string(text, for: "URL(string:)"))
          }))
    }
    registry.register(
      BoundType(
        .nsAttributedString,
        construct: { arguments in
          guard arguments.count == 1, let text = arguments.value(.string, orAt: 0) else {
            throw RuntimeError(.notConstructible("NSAttributedString"))
          }
          return .object(AttributedStringObject(try Convert.string(text, for: "NSAttributedString(string:)")))
        }))
    registry.register(
      BoundType(
        .uiColor, construct: color,
        statics: { member in member.known.flatMap(ColorObject.named).map { .object($0) } }))
    registry.register(
      BoundType(.data, construct: { try DataObject.make($0, world: { try slot.current().world }) }))
  }

  /// `UIImage(named: "cat")` or `UIImage(named: "cat", size: Size(300, 200))`.
  private static func image(_ arguments: Arguments) throws -> Value {
    if arguments.hasLabels(.named) {
      return .object(ImageObject(ImageValue(name: try Convert.string(arguments[0], for: "UIImage(named:)"))))
    }
    guard arguments.hasLabels(.named, .size) else { throw RuntimeError(.notConstructible("UIImage")) }
    let name = try Convert.string(arguments[0], for: "UIImage(named:)")
    return .object(
      ImageObject(ImageValue(name: name, size: try Convert.size(arguments[1], for: "UIImage(size:)"))))
  }

  /// `UIColor(named: "accent")` or `UIColor(red:green:blue:alpha:)`.
  private static func color(_ arguments: Arguments) throws -> Value {
    if arguments.hasLabels(.named) {
      return .object(ColorObject(ColorValue(try Convert.string(arguments[0], for: "UIColor(named:)"))))
    }
    guard arguments.hasLabels(.red, .green, .blue, .alpha) else {
      throw RuntimeError(.notConstructible("UIColor"))
    }
    let names = ["red", "green", "blue", "alpha"]
    let parts = try (0..<4).map { formatted(try Convert.number(arguments[$0], for: names[$0])) }
    return .object(ColorObject(ColorValue("rgba(\(parts.joined(separator: ", ")))")))
  }

  private static func dragAndDrop(_ registry: NativeRegistry, _ slot: SceneSlot) {
    registry.register(
      BoundType(.uiDragItem, construct: { try DragItemObject.make($0, scene: slot.current()) }))
    registry.register(
      BoundType(
        .nsItemProvider, construct: { try ItemProviderObject.make($0, scene: slot.current()) }))
    registry.register(BoundType(.uiDropProposal, construct: { try ProposalObject.make($0, text: false) }))
    registry.register(BoundType(.uiTextDropProposal, construct: { try ProposalObject.make($0, text: true) }))
    registry.register(
      BoundType(
        .uiDropOperation,
        statics: { member in
          switch member.known {
          case .cancel?, .forbidden?, .copy?, .move?: .enumCase(member)
          default: nil
          }
        }))
    registry.register(
      BoundType(
        .uiViewAnimatingPosition,
        statics: { member in
          switch member.known {
          case .end?, .start?, .current?: .enumCase(member)
          default: nil
          }
        }))
    registry.register(
      BoundType(
        .uiTargetedDragPreview,
        construct: { try TargetedPreviewObject.make($0, scene: slot.current()) }))
    registry.register(
      BoundType(
        .uiDragPreviewTarget, construct: { try PreviewTargetObject.make($0, scene: slot.current()) }
      ))
    registry.register(BoundType(.uiDragPreviewParameters, construct: PreviewParametersObject.make))
    registry.register(
      BoundType(
        .uiDragPreview, construct: { try DragPreviewObject.make($0, scene: slot.current()) }))
    registry.register(BoundType(.uiPasteConfiguration, construct: PasteConfigurationObject.make))
  }

  /// `UIView(frame:)`, `UILabel(frame:)`, `UIImageView(image:)` and friends.
  private static func views(_ registry: NativeRegistry, _ slot: SceneSlot) {
    let kinds: [(Builtin, DndRuntime.ViewKind)] = [
      (.uiView, .view), (.uiLabel, .label), (.uiImageView, .imageView), (.uiTextField, .textField),
      (.uiTextView, .textView), (.uiButton, .button),
    ]
    for (builtin, kind) in kinds {
      registry.register(ViewType(builtin, kind: kind, slot: slot))
    }
  }
}

/// A view class (`UIView`, `UILabel`, ...): its initializers make a view in
/// the slot's scene. Its own type rather than a `BoundType`'s closure, since
/// scripts make views by the thousand.
final class ViewType: NativeType {
  private let kind: DndRuntime.ViewKind
  private let slot: SceneSlot

  init(_ builtin: Builtin, kind: DndRuntime.ViewKind, slot: SceneSlot) {
    self.kind = kind
    self.slot = slot
    super.init(builtin)
  }

  /// `UIView()`, `UIView(frame:)`, and `UIImageView(image:)`, which takes the image's size.
  override func construct(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    let scene = try slot.current()
    if arguments.isEmpty { return .object(try scene.makeView(kind)) }
    if arguments.count == 1, arguments.label(0) == Symbol(.frame) {
      return .object(try scene.makeView(kind, frame: try Convert.rect(arguments[0], for: "frame")))
    }
    if kind == .imageView, arguments.hasLabels(.image) {
      if arguments[0].isNil { return .object(try scene.makeView(kind)) }
      guard let image = arguments[0].object(as: ImageObject.self) else {
        throw RuntimeError(
          .wrongArgumentType("UIImageView(image:)", expected: "a UIImage", found: arguments[0].typeName))
      }
      let view = try scene.makeView(kind, frame: Rect(origin: .zero, size: image.image.size))
      view.view.image = image.image
      return .object(view)
    }
    throw RuntimeError(.notConstructible(builtin.spelling))
  }
}
