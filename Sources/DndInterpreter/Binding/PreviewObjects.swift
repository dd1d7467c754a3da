import DndCheck
import DndRuntime

// Previews and animators: values and callbacks, not pixels. A targeted
// preview names the view it shows and where it flies to; an animator
// collects animation blocks and completions that the runtime runs when the
// lift, drop or cancel animation starts and ends.

/// `UITargetedDragPreview`: a live view of a view, animated to a target.
final class TargetedPreviewObject: SceneObject {
  let preview: TargetedDragPreview

  init(scene: SceneHost, preview: TargetedDragPreview) {
    self.preview = preview
    super.init(scene: scene)
  }

  override var typeName: String { "UITargetedDragPreview" }
  override var description: String { preview.description }
  override func isInstance(of type: Builtin) -> Bool { type == .uiTargetedDragPreview || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .view?: return .object(scene.object(for: preview.view))
    case .parameters?: return .object(PreviewParametersObject(preview.parameters))
    case .target?: return .object(PreviewTargetObject(scene: scene, target: preview.target))
    case .size?: return .object(SizeObject(preview.size))
    case .isDefault?: return .bool(preview.isDefault)
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard member.known == .retargetedPreview, arguments.count == 1,
      let value = arguments.value(.with, orAt: 0)
    else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    guard let target = value.object(as: PreviewTargetObject.self) else {
      throw RuntimeError(
        .wrongArgumentType(
          "retargetedPreview(with:)", expected: "a UIDragPreviewTarget", found: value.typeName))
    }
    return .object(
      TargetedPreviewObject(scene: scene, preview: preview.retargetedPreview(with: target.target)))
  }

  /// `UITargetedDragPreview(view:)`, `(view:parameters:)`, `(view:parameters:target:)`.
  static func make(_ arguments: Arguments, scene: SceneHost) throws -> Value {
    // Other labels, or an argument without one, are refused: a `target`
    // passed unlabelled was once dropped without a word.
    guard
      arguments.hasLabels(.view) || arguments.hasLabels(.view, .parameters)
        || arguments.hasLabels(.view, .parameters, .target),
      let viewValue = arguments.value(labelled: .view)
    else {
      throw RuntimeError(.notConstructible("UITargetedDragPreview"))
    }
    let view = try Convert.view(viewValue, for: "UITargetedDragPreview(view:)")
    let parameters = try arguments.value(labelled: .parameters).map(PreviewParametersObject.parameters)
    let preview: TargetedDragPreview
    if let targetValue = arguments.value(labelled: .target) {
      guard let target = targetValue.object(as: PreviewTargetObject.self) else {
        throw RuntimeError(
          .wrongArgumentType(
            "UITargetedDragPreview(target:)", expected: "a UIDragPreviewTarget", found: targetValue.typeName))
      }
      preview = TargetedDragPreview(view: view, parameters: parameters ?? .init(), target: target.target)
    } else {
      preview = TargetedDragPreview(view: view, parameters: parameters ?? .init())
    }
    return .object(TargetedPreviewObject(scene: scene, preview: preview))
  }
}

/// `UIDragPreviewTarget(container: view, center: point)`, optionally with
/// `transform: CGAffineTransform(...)`.
final class PreviewTargetObject: SceneObject {
  let target: DragPreviewTarget

  init(scene: SceneHost, target: DragPreviewTarget) {
    self.target = target
    super.init(scene: scene)
  }

  override var typeName: String { "UIDragPreviewTarget" }
  override var description: String { "UIDragPreviewTarget(\(target))" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragPreviewTarget || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .container?: return .object(scene.object(for: target.container))
    case .center?: return .object(PointObject(target.center))
    case .transform?: return .object(TransformObject(target.transform))
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  static func make(_ arguments: Arguments, scene: SceneHost) throws -> Value {
    guard arguments.hasLabels(.container, .center) || arguments.hasLabels(.container, .center, .transform)
    else {
      throw RuntimeError(.notConstructible("UIDragPreviewTarget"))
    }
    let container = try Convert.view(arguments[0], for: "UIDragPreviewTarget(container:)")
    let center = try Convert.point(arguments[1], for: "UIDragPreviewTarget(center:)")
    let transform =
      arguments.count == 3
      ? try GeometryTypes.transform(of: arguments[2], for: "UIDragPreviewTarget(transform:)") : .identity
    let target = DragPreviewTarget(container: container, center: center, transform: transform)
    return .object(PreviewTargetObject(scene: scene, target: target))
  }
}

/// `UIDragPreviewParameters()`: the visible path and the background colour.
final class PreviewParametersObject: NativeObject {
  let parameters: DragPreviewParameters

  init(_ parameters: DragPreviewParameters) {
    self.parameters = parameters
  }

  override var typeName: String { "UIDragPreviewParameters" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragPreviewParameters || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .visiblePath?:
      return parameters.visiblePath.map { .array($0.map { .object(RectObject($0)) }) } ?? .nil
    case .backgroundColor?: return .object(ColorObject(parameters.backgroundColor))
    case .description?: return .string(description)
    default: throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .visiblePath?:
      switch value {
      case .nil: parameters.visiblePath = nil
      case .array(let rects):
        parameters.visiblePath = try rects.map { try Convert.rect($0, for: "visiblePath") }
      default: parameters.visiblePath = [try Convert.rect(value, for: "visiblePath")]
      }
    case .backgroundColor?:
      // Null-resettable: nil restores white.
      if value.isNil {
        parameters.backgroundColor = ColorValue("white")
      } else if let color = ColorObject.color(of: value) {
        parameters.backgroundColor = color
      } else {
        throw RuntimeError(
          .propertyType(
            "UIDragPreviewParameters.backgroundColor", expected: "a UIColor (such as .clear) or nil",
            found: value.typeName))
      }
    default:
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  static func parameters(_ value: Value) throws -> DragPreviewParameters {
    guard let object = value.object(as: PreviewParametersObject.self) else {
      throw RuntimeError(
        .wrongArgumentType("parameters", expected: "a UIDragPreviewParameters", found: value.typeName))
    }
    return object.parameters
  }

  /// `UIDragPreviewParameters()` or `UIDragPreviewParameters(textLineRects: [...])`.
  static func make(_ arguments: Arguments) throws -> Value {
    if arguments.isEmpty { return .object(PreviewParametersObject(DragPreviewParameters())) }
    guard arguments.hasLabels(.textLineRects), case .array(let rects) = arguments[0] else {
      throw RuntimeError(.notConstructible("UIDragPreviewParameters"))
    }
    let lines = try rects.map { try Convert.rect($0, for: "textLineRects") }
    return .object(PreviewParametersObject(DragPreviewParameters(textLineRects: lines)))
  }
}

/// `UIDragPreview(view:)`: what a drag item's `previewProvider` returns.
final class DragPreviewObject: SceneObject {
  let preview: DragPreview

  init(scene: SceneHost, preview: DragPreview) {
    self.preview = preview
    super.init(scene: scene)
  }

  override var typeName: String { "UIDragPreview" }
  override var description: String { "UIDragPreview(\(preview.view.name))" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragPreview || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .view?: return .object(scene.object(for: preview.view))
    case .parameters?: return .object(PreviewParametersObject(preview.parameters))
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  static func make(_ arguments: Arguments, scene: SceneHost) throws -> Value {
    guard
      arguments.hasLabels(.view) || arguments.hasLabels(.view, .parameters) || arguments.hasLabels(nil)
        || arguments.hasLabels(nil, .parameters),
      let viewValue = arguments.value(.view, orAt: 0)
    else {
      throw RuntimeError(.notConstructible("UIDragPreview"))
    }
    let view = try Convert.view(viewValue, for: "UIDragPreview(view:)")
    let parameters = try arguments.value(labelled: .parameters).map(PreviewParametersObject.parameters)
    return .object(
      DragPreviewObject(scene: scene, preview: DragPreview(view: view, parameters: parameters ?? .init())))
  }
}

/// `UIDragAnimating`: `addAnimations { }` and `addCompletion { position in }`.
final class AnimatorObject: SceneObject {
  let animator: DragAnimator

  init(scene: SceneHost, animator: DragAnimator) {
    self.animator = animator
    super.init(scene: scene)
  }

  override var typeName: String { "UIDragAnimating" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragAnimating }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    guard arguments.count == 1, member.known == .addAnimations || member.known == .addCompletion else {
      throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
    }
    let block = try Convert.function(arguments[0], for: interpreter.name(of: member))
    let scene = self.scene
    if member.known == .addAnimations {
      try animator.addAnimations { [link = scene.link] in _ = try link.scene?.callScript(block, []) }
    } else {
      animator.addCompletion { [link = scene.link] position in
        _ = try link.scene?.callScript(block, [AnimatorObject.value(of: position)])
      }
    }
    return .nil
  }

  /// `.end`, `.start` or `.current` (UIViewAnimatingPosition).
  static func value(of position: AnimatingPosition) -> Value {
    switch position {
    case .end: .enumCase(Symbol(.end))
    case .start: .enumCase(Symbol(.start))
    case .current: .enumCase(Symbol(.current))
    }
  }
}
