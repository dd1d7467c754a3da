// What each kind of drop interaction answers: a script's delegate, the text
// drop interaction of text fields and views (§6.4), or the hidden interaction
// of a paste configuration (§6.3).

extension DragEngine {
  /// Whether the interaction will consider the session (`canHandle`, or the
  /// built-in answers of text and paste interactions).
  func canHandle(_ interaction: DropInteraction, _ s: DragState, in app: App) throws -> Bool {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    switch interaction.role {
    case .delegate:
      guard let handler = interaction.delegate.canHandle else {
        recordDefault(DropMethods.canHandle, callSite, result: "true")
        return true
      }
      return try call(DropMethods.canHandle, callSite, result: { "\($0)" }) { try handler(session) }
    case .paste:
      let providers = session.items.map(\.itemProvider)
      guard let view = interaction.view else { return false }
      if let handler = view.canPaste {
        return try call(ViewMethods.canPaste, callSite, result: { "\($0)" }) { try handler(providers) }
      }
      let accepted = view.pasteConfiguration?.accepts(providers) ?? false
      recordDefault(
        DropMethods.canHandle, callSite, result: "\(accepted) (acceptable types of the paste configuration)")
      return accepted
    case .list:
      return try listCanHandle(interaction, s, in: app)
    case .text:
      let accepted = session.canLoadObjects(ofClass: .string)
      recordDefault(DropMethods.canHandle, callSite, result: "\(accepted) (text drop takes strings)")
      return accepted
    }
  }

  /// `sessionDidEnter`; a text interaction also settles its editability here.
  func didEnter(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    switch interaction.role {
    case .delegate:
      if let handler = interaction.delegate.sessionDidEnter {
        try call(DropMethods.sessionDidEnter, callSite, [locationArgument(s, in: interaction.view)]) {
          try handler(session)
        }
      }
    case .paste:
      break
    case .list:
      try listDidEnter(interaction, s, in: app)
    case .text:
      guard let view = interaction.view else { return }
      var editability = TextDropEditability.yes
      // Rule (§6.4, doc D19): a non-editable text view takes a drop only if
      // the delegate makes it editable; the default answer is .no.
      // Choice: a disabled text field, which cannot become first responder
      // to edit, is not editable for a drop either; no delegate is asked.
      if view.kind == .textField, !view.isEnabled {
        editability = .no
      } else if view.kind == .textView, !view.isEditable {
        if let handler = view.textDropDelegate?.willBecomeEditableForDrop {
          let request = textRequest(interaction, s, session, TextDropProposal(operation: .copy))
          editability = try call(TextDropMethods.willBecomeEditableForDrop, callSite, result: { "\($0)" }) {
            try handler(request)
          }
        } else {
          editability = .no
          recordDefault(
            TextDropMethods.willBecomeEditableForDrop, callSite, result: "no (the text view rejects the drop)"
          )
        }
      }
      s.textTargets.removeAll { $0.interaction === interaction }
      s.textTargets.append(
        DragState.TextTarget(interaction: interaction, editability: editability, proposal: nil))
      if let handler = view.textDropDelegate?.dropSessionDidEnter {
        try call(TextDropMethods.dropSessionDidEnter, callSite) { try handler(session) }
      }
    }
  }

  /// The interaction's proposal before validation; nil accepts nothing.
  func proposal(from interaction: DropInteraction, _ s: DragState, in app: App) throws -> DropProposal? {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    let location = locationArgument(s, in: interaction.view)
    switch interaction.role {
    case .delegate:
      guard let handler = interaction.delegate.sessionDidUpdate else {
        // Rule (§3.4, doc D1): without sessionDidUpdate the view accepts no drop.
        recordDefault(
          DropMethods.sessionDidUpdate, callSite, [location], result: "cancel (not implemented: no drop here)"
        )
        return nil
      }
      // Choice (§3.4, reported from UIKit's implementation): without performDrop
      // the proposal is never recorded, so the view cannot accept a drop. The
      // handler is still called; the trace says its answer does not count.
      let counts = interaction.delegate.performDrop != nil
      let proposal = try call(
        DropMethods.sessionDidUpdate, callSite, [location],
        result: { (proposal: DropProposal) in
          counts ? proposal.summary : "\(proposal.summary) (not recorded: performDrop is not implemented)"
        }
      ) { try handler(session) }
      return counts ? proposal : nil
    case .paste:
      let proposal = DropProposal(operation: .copy)
      proposal.prefersFullSizePreview = true
      recordDefault(DropMethods.sessionDidUpdate, callSite, [location], result: "copy (paste configuration)")
      return proposal
    case .list:
      return try listProposal(interaction, s, in: app)
    case .text:
      return try textProposal(interaction, s, session, callSite)
    }
  }

  /// The text interaction's proposal: cancel when not editable, else the
  /// delegate's `proposalForDrop` (or a copy), asked once per entry.
  private func textProposal(
    _ interaction: DropInteraction, _ s: DragState, _ session: DropSession, _ callSite: CallSite
  ) throws -> DropProposal? {
    guard let view = interaction.view,
      let index = s.textTargets.firstIndex(where: { $0.interaction === interaction })
    else { return nil }
    var result: DropProposal?
    if s.textTargets[index].editability == .no {
      let why = view.kind == .textField && !view.isEnabled ? "disabled" : "not editable"
      recordDefault(TextDropMethods.proposalForDrop, callSite, result: "cancel (\(why))")
    } else if let cached = s.textTargets[index].proposal {
      result = cached
    } else {
      // Choice: without text layout the drop position never changes, so the
      // proposal is asked on entry and again when the items change.
      let suggested = TextDropProposal(operation: .copy)
      let made: TextDropProposal
      if let handler = view.textDropDelegate?.proposalForDrop {
        let request = textRequest(interaction, s, session, suggested)
        made = try call(TextDropMethods.proposalForDrop, callSite, result: { $0.summary }) {
          try handler(request)
        }
      } else {
        made = suggested
        recordDefault(TextDropMethods.proposalForDrop, callSite, result: suggested.summary)
      }
      if let current = s.textTargets.firstIndex(where: { $0.interaction === interaction }) {
        s.textTargets[current].proposal = made
      }
      result = made
    }
    if let handler = view.textDropDelegate?.dropSessionDidUpdate {
      try call(TextDropMethods.dropSessionDidUpdate, callSite) { try handler(session) }
    }
    return result
  }

  /// A `UITextDropRequest` for the text delegate.
  func textRequest(
    _ interaction: DropInteraction, _ s: DragState, _ session: DropSession, _ suggested: TextDropProposal
  ) -> TextDropRequest {
    let sameView = s.origin?.view != nil && s.origin?.view === interaction.view
    return TextDropRequest(
      dropSession: session, suggestedProposal: suggested, isSameView: sameView,
      dropPosition: interaction.view?.text?.count ?? 0)
  }

  /// `sessionDidExit` (or the text delegate's `dropSessionDidExit`).
  func didExit(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    switch interaction.role {
    case .delegate:
      if let handler = interaction.delegate.sessionDidExit {
        try call(DropMethods.sessionDidExit, callSite) { try handler(session) }
      }
    case .paste:
      break
    case .list:
      try listDidExit(interaction, s, in: app)
    case .text:
      s.textTargets.removeAll { $0.interaction === interaction }
      if let handler = interaction.view?.textDropDelegate?.dropSessionDidExit {
        try call(TextDropMethods.dropSessionDidExit, callSite) { try handler(session) }
      }
    }
  }

  /// `sessionDidEnd` (or the text delegate's `dropSessionDidEnd`).
  func didEnd(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    switch interaction.role {
    case .delegate:
      if let handler = interaction.delegate.sessionDidEnd {
        try call(DropMethods.sessionDidEnd, callSite) { try handler(session) }
      }
    case .paste:
      break
    case .list:
      try listDidEnd(interaction, s, in: app)
    case .text:
      if let handler = interaction.view?.textDropDelegate?.dropSessionDidEnd {
        try call(TextDropMethods.dropSessionDidEnd, callSite) { try handler(session) }
      }
    }
  }

  /// The drop itself, inside the one scope where data may be requested.
  func perform(_ interaction: DropInteraction, _ s: DragState, in app: App) throws {
    let session = s.dropSession(for: app)
    let callSite = site(s, interaction, in: app)
    let itemCount = TraceArgument("items", "\(session.items.count)")
    switch interaction.role {
    case .delegate:
      guard let handler = interaction.delegate.performDrop else { return }
      try call(DropMethods.performDrop, callSite, [itemCount]) { try handler(session) }
    case .paste:
      let providers = session.items.map(\.itemProvider)
      guard let paste = interaction.view?.paste else {
        // Rule (§6.2): a paste configuration without paste(itemProviders:)
        // terminates the app when the drop happens.
        let exception = UIKitException.pasteNotOverridden
        world.recordException(
          exception, phase: .setDown, session: s.id, app: app.name, view: interaction.view?.name)
        throw exception
      }
      try call(ViewMethods.paste, callSite, [itemCount]) { try paste(providers) }
    case .list:
      try listPerform(interaction, s, in: app)
    case .text:
      try performTextDrop(interaction, s, session, callSite)
    }
  }

  /// A text view's own drop: strings are loaded and inserted when they arrive.
  private func performTextDrop(
    _ interaction: DropInteraction, _ s: DragState, _ session: DropSession, _ callSite: CallSite
  ) throws {
    guard let view = interaction.view else { return }
    let target = s.textTargets.first { $0.interaction === interaction }
    let proposal = target?.proposal ?? TextDropProposal(operation: .copy)
    if let handler = view.textDropDelegate?.willPerformDrop {
      let request = textRequest(interaction, s, session, proposal)
      try call(TextDropMethods.willPerformDrop, callSite) { try handler(request) }
      if proposal.dropPerformer == .delegate { return }
    }
    let becomesEditable = target?.editability == .yes
    // UIKit's own request, for the text view's built-in drop.
    world.nextEventByUIKit = true
    try session.loadObjects(ofClass: .string) { [weak view, weak self] values in
      guard let view else { return }
      let strings = values.compactMap { value -> String? in
        if case .string(let text) = value { return text }
        return nil
      }
      // Choice: no text layout, so insertion (and replacing the empty
      // selection) appends at the end; several items are concatenated in order.
      let dropped = strings.joined()
      switch proposal.dropAction {
      case .insert, .replaceSelection: view.text = (view.text ?? "") + dropped
      case .replaceAll: view.text = dropped
      }
      if becomesEditable, view.kind == .textView { view.isEditable = true }
      self?.step(
        "textInserted", s, phase: .dataTransfer, app: view.app?.name, view: view.name, result: view.text)
    }
  }
}
