import DndCheck
import DndRuntime
import DndSyntax

/// Binding handlers to the runtime: each script function in an interaction
/// block becomes the delegate closure UIKit calls, resolved once when the
/// scene is built. A closure converts UIKit's arguments into script values,
/// calls the handler through the interpreter and converts the answer back;
/// a script error passes through the runtime unchanged.
///
/// The closures hold the scene `unowned`: the scene owns the world that
/// owns the delegates, so the scene outlives every call.
extension SceneHost {
  func bind(_ interaction: CheckedInteraction, to view: View, interpreter: Interpreter) throws {
    let name = interaction.name.map { "\(interaction.kind.rawValue) \($0)" } ?? interaction.kind.rawValue
    let object: NativeObject
    switch interaction.kind {
    case .dragInteraction:
      let delegate = DragInteractionDelegate()
      for handler in interaction.handlers { bindDrag(handler, to: delegate) }
      let made = DragInteraction(delegate: delegate, name: name)
      view.addInteraction(made)
      object = self.object(for: made)
    case .dropInteraction:
      let delegate = DropInteractionDelegate()
      for handler in interaction.handlers { bindDrop(handler, to: delegate) }
      let made = DropInteraction(delegate: delegate, name: name)
      view.addInteraction(made)
      object = self.object(for: made)
    case .springLoadedInteraction:
      let delegate = SpringLoadedInteractionDelegate()
      for handler in interaction.handlers { bindSpringLoading(handler, to: delegate) }
      let made = SpringLoadedInteraction(delegate: delegate, name: name)
      view.addInteraction(made)
      object = self.object(for: made)
    case .textDropDelegate:
      let delegate = view.textDropDelegate ?? TextDropDelegate()
      for handler in interaction.handlers { bindTextDrop(handler, to: delegate) }
      view.textDropDelegate = delegate
      return
    case .dragDelegate, .dropDelegate, .dataSource, .delegate:
      try bindList(interaction, to: view)
      return
    }
    for property in interaction.properties {
      let value = try interpreter.evaluate(property.value)
      try at(property.range) { try object.setMember(property.symbol, to: value, interpreter: interpreter) }
    }
  }

  /// `paste`, `canPaste` and a button's `action`, written in the view body.
  func bind(_ handler: CheckedHandler, to view: View) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "paste":
      view.paste = { [unowned self] providers in
        _ = try callHandler(code, [.array(providers.map { .object(object(for: $0)) })])
      }
    case "canPaste":
      view.canPaste = { [unowned self] providers in
        try bool(callHandler(code, [.array(providers.map { .object(object(for: $0)) })]), method, code)
      }
    case "action":
      view.action = { [unowned self] button in _ = try callHandler(code, [.object(object(for: button))]) }
    default:
      break
    }
  }

  // MARK: UIDragInteractionDelegate

  private func bindDrag(_ handler: CheckedHandler, to delegate: DragInteractionDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "itemsForBeginning":
      delegate.itemsForBeginning = { [unowned self] session in
        try items(callHandler(code, [value(session)]), method, code)
      }
    case "previewForLifting":
      delegate.previewForLifting = { [unowned self] item, session in
        try preview(callHandler(code, [.object(object(for: item)), value(session)]), method, code)
      }
    case "willAnimateLiftWith":
      delegate.willAnimateLiftWith = { [unowned self] animator, session in
        _ = try callHandler(code, [.object(AnimatorObject(scene: self, animator: animator)), value(session)])
      }
    case "sessionWillBegin":
      delegate.sessionWillBegin = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "sessionAllowsMoveOperation":
      delegate.sessionAllowsMoveOperation = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "sessionIsRestrictedToDraggingApplication":
      delegate.sessionIsRestrictedToDraggingApplication = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "prefersFullSizePreviewsForSession":
      delegate.prefersFullSizePreviewsForSession = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "sessionDidMove":
      delegate.sessionDidMove = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "willEndWith":
      delegate.willEndWith = { [unowned self] session, operation in
        _ = try callHandler(code, [value(session), Convert.value(of: operation)])
      }
    case "didEndWith":
      delegate.didEndWith = { [unowned self] session, operation in
        _ = try callHandler(code, [value(session), Convert.value(of: operation)])
      }
    case "sessionDidTransferItems":
      delegate.sessionDidTransferItems = { [unowned self] session in
        _ = try callHandler(code, [value(session)])
      }
    case "itemsForAddingTo":
      delegate.itemsForAddingTo = { [unowned self] session, point in
        try items(callHandler(code, [value(session), .object(PointObject(point))]), method, code)
      }
    case "sessionForAddingItems":
      delegate.sessionForAddingItems = { [unowned self] sessions, point in
        let result = try callHandler(code, [.array(sessions.map(value)), .object(PointObject(point))])
        if result.isNil { return nil }
        guard let session = result.object(as: DragSessionObject.self) else {
          throw resultError(method, code, expected: "a UIDragSession or nil", found: result)
        }
        return session.session
      }
    case "willAdd":
      delegate.willAdd = { [unowned self] session, items, interaction in
        _ = try callHandler(
          code,
          [value(session), .array(items.map { .object(object(for: $0)) }), .object(object(for: interaction))])
      }
    case "previewForCancelling":
      delegate.previewForCancelling = { [unowned self] item, preview in
        let arguments: [Value] = [
          .object(object(for: item)), .object(TargetedPreviewObject(scene: self, preview: preview)),
        ]
        return try self.preview(callHandler(code, arguments), method, code)
      }
    case "willAnimateCancelWith":
      delegate.willAnimateCancelWith = { [unowned self] item, animator in
        _ = try callHandler(
          code, [.object(object(for: item)), .object(AnimatorObject(scene: self, animator: animator))])
      }
    default:
      break
    }
  }

  // MARK: UIDropInteractionDelegate

  private func bindDrop(_ handler: CheckedHandler, to delegate: DropInteractionDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "canHandle":
      delegate.canHandle = { [unowned self] session in
        try bool(callHandler(code, [value(session)]), method, code)
      }
    case "sessionDidEnter":
      delegate.sessionDidEnter = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "sessionDidUpdate":
      delegate.sessionDidUpdate = { [unowned self] session in
        let result = try callHandler(code, [value(session)])
        guard let proposal = result.object(as: ProposalObject.self) else {
          throw resultError(method, code, expected: "a UIDropProposal", found: result)
        }
        lastProposal = proposal
        return proposal.proposal
      }
    case "sessionDidExit":
      delegate.sessionDidExit = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "performDrop":
      delegate.performDrop = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "concludeDrop":
      delegate.concludeDrop = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "sessionDidEnd":
      delegate.sessionDidEnd = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "previewForDropping":
      delegate.previewForDropping = { [unowned self] item, preview in
        let arguments: [Value] = [
          .object(object(for: item)), .object(TargetedPreviewObject(scene: self, preview: preview)),
        ]
        return try self.preview(callHandler(code, arguments), method, code)
      }
    case "willAnimateDropWith":
      delegate.willAnimateDropWith = { [unowned self] item, animator in
        _ = try callHandler(
          code, [.object(object(for: item)), .object(AnimatorObject(scene: self, animator: animator))])
      }
    default:
      break
    }
  }

  // MARK: UISpringLoadedInteraction

  private func bindSpringLoading(_ handler: CheckedHandler, to delegate: SpringLoadedInteractionDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "activated":
      delegate.activated = { [unowned self] context in _ = try callHandler(code, [value(context)]) }
    case "shouldAllow":
      delegate.shouldAllow = { [unowned self] context in
        try bool(callHandler(code, [value(context)]), method, code)
      }
    case "didChangeWith":
      delegate.didChangeWith = { [unowned self] context in _ = try callHandler(code, [value(context)]) }
    case "interactionDidFinish":
      delegate.interactionDidFinish = { [unowned self] in _ = try callHandler(code, []) }
    default:
      break
    }
  }

  // MARK: UITextDropDelegate

  private func bindTextDrop(_ handler: CheckedHandler, to delegate: TextDropDelegate) {
    let code = handler.function
    let method = handler.method
    switch method.name {
    case "willBecomeEditableForDrop":
      delegate.willBecomeEditableForDrop = { [unowned self] request in
        let result = try callHandler(code, [value(request)])
        if case .enumCase(let symbol) = result {
          switch symbol.known {
          case .no?: return .no
          case .temporary?: return .temporary
          case .yes?: return .yes
          default: break
          }
        }
        throw resultError(method, code, expected: ".no, .temporary or .yes", found: result)
      }
    case "proposalForDrop":
      delegate.proposalForDrop = { [unowned self] request in
        let result = try callHandler(code, [value(request)])
        guard let proposal = result.object(as: ProposalObject.self)?.proposal as? TextDropProposal else {
          throw resultError(method, code, expected: "a UITextDropProposal", found: result)
        }
        return proposal
      }
    case "willPerformDrop":
      delegate.willPerformDrop = { [unowned self] request in _ = try callHandler(code, [value(request)]) }
    case "dropSessionDidEnter":
      delegate.dropSessionDidEnter = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dropSessionDidUpdate":
      delegate.dropSessionDidUpdate = { [unowned self] session in _ = try callHandler(code, [value(session)])
      }
    case "dropSessionDidExit":
      delegate.dropSessionDidExit = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    case "dropSessionDidEnd":
      delegate.dropSessionDidEnd = { [unowned self] session in _ = try callHandler(code, [value(session)]) }
    default:
      break
    }
  }

  // MARK: Arguments and answers

  func value(_ session: DragSession) -> Value { .object(object(for: session)) }
  func value(_ session: DropSession) -> Value { .object(object(for: session)) }
  func value(_ context: SpringLoadedContext) -> Value {
    .object(SpringContextObject(scene: self, context: context))
  }
  private func value(_ request: TextDropRequest) -> Value {
    .object(TextDropRequestObject(scene: self, request: request))
  }

  /// "'canHandle' must return a Bool (UIKit's dropInteraction(_:canHandle:)), but it returned nil".
  func resultError(
    _ method: DndCheck.DelegateMethod, _ code: FunctionCode, expected: String, found: Value
  )
    -> RuntimeError
  {
    var phrase = Convert.phrase(found)
    if expected == "a UIDropProposal", case .enumCase(let symbol) = found, let operation = symbol.known,
      [.copy, .move, .cancel, .forbidden].contains(operation)
    {
      phrase += "; wrap it in a proposal: 'UIDropProposal(operation: .\(operation.spelling))'"
    }
    return RuntimeError(
      .handlerResult(method.name, uikit: method.uikitName, expected: expected, found: phrase),
      at: code.range)
  }

  func bool(_ result: Value, _ method: DndCheck.DelegateMethod, _ code: FunctionCode) throws -> Bool {
    guard case .bool(let flag) = result else {
      throw resultError(method, code, expected: "a Bool", found: result)
    }
    return flag
  }

  func items(_ result: Value, _ method: DndCheck.DelegateMethod, _ code: FunctionCode) throws
    -> [DragItem]
  {
    if case .array(let elements) = result {
      let items = elements.compactMap { $0.object(as: DragItemObject.self)?.item }
      if items.count == elements.count { return items }
    }
    throw resultError(method, code, expected: "an array of UIDragItems", found: result)
  }

  private func preview(_ result: Value, _ method: DndCheck.DelegateMethod, _ code: FunctionCode) throws
    -> TargetedDragPreview?
  {
    if result.isNil { return nil }
    guard let preview = result.object(as: TargetedPreviewObject.self) else {
      throw resultError(method, code, expected: "a UITargetedDragPreview or nil", found: result)
    }
    return preview.preview
  }
}
