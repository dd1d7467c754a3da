import Testing
@testable import DndRuntime

@Suite("Paste configuration")
struct PasteTests {
  @Test("pasteConfiguration makes a view a drop target: canHandle by types, copy proposal")
  func pasteTarget() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let well = try scene.add(.imageView, "well", Rect(400, 400, 200, 200))
    well.isUserInteractionEnabled = true
    well.pasteConfiguration = PasteConfiguration(forAccepting: .string)
    var pasted: [ItemValue] = []
    well.paste = { providers in
      for provider in providers {
        try provider.loadObject(ofClass: .string) { value, _ in if let value { pasted.append(value) } }
      }
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: well)
    let update = try #require(scene.trace.events(of: .defaultUsed).first { $0.name == "sessionDidUpdate" })
    #expect(update.result == "copy (paste configuration)")
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(pasted == [.string("Hello")])
    #expect(scene.trace.calls("paste").count == 1)
    #expect(scene.trace.calls("sessionDidTransferItems").count == 1)
  }

  @Test("a drop on a paste configuration without paste raises NSInternalInconsistencyException")
  func pasteWithoutHandlerRaises() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let well = try scene.add(.view, "well", Rect(400, 400, 200, 200))
    well.pasteConfiguration = PasteConfiguration(forAccepting: .string)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: well)
    #expect(scene.trace.events(of: .exception).isEmpty)
    #expect(
      throws: UIKitException(
        name: "NSInternalInconsistencyException",
        reason: "pasteItemProviders: must be overridden if pasteConfiguration is not nil.")
    ) {
      try scene.fingers.release()
    }
    let event = try #require(scene.trace.events(of: .exception).first)
    #expect(event.exceptionName == "NSInternalInconsistencyException")
    #expect(event.view == "well")
    try scene.fingers.settle()
    #expect(scene.trace.calls("didEndWith").isEmpty)
  }

  @Test("a paste configuration refuses items of other types")
  func pasteRefusesOtherTypes() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let well = try scene.add(.view, "well", Rect(400, 400, 200, 200))
    well.pasteConfiguration = PasteConfiguration(forAccepting: .image)
    well.paste = { _ in }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: well)
    try scene.fingers.release()
    #expect(scene.trace.calls("paste").isEmpty)
  }

  @Test("canPaste decides when implemented")
  func canPasteDecides() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let well = try scene.add(.view, "well", Rect(400, 400, 200, 200))
    well.pasteConfiguration = PasteConfiguration(forAccepting: .string)
    well.paste = { _ in }
    well.canPaste = { _ in false }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: well)
    try scene.fingers.release()
    #expect(scene.trace.calls("canPaste").count == 1)
    #expect(scene.trace.calls("paste").isEmpty)
  }

  @Test("an explicit drop interaction takes precedence over the paste configuration")
  func explicitInteractionWins() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target)
    target.pasteConfiguration = PasteConfiguration(forAccepting: .string)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(target.text == "\"Hello\"")
  }
}

@Suite("Text fields and text views")
struct TextDropTests {
  @Test("a text field accepts string drops on its own")
  func textFieldAcceptsStrings() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let field = try scene.add(.textField, "field", Rect(400, 400, 200, 30))
    field.text = "Say: "
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: field)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(field.text == "Say: Hello")
    #expect(scene.trace.calls("didEndWith").first?.argument("operation") == "copy")
  }

  @Test("text views refuse items that are not text")
  func textRefusesImages() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.itemsForBeginning = { _ in
      [DragItem(itemProvider: ItemProvider(object: .image(ImageValue(name: "i")), world: scene.world))]
    }
    let textView = try scene.add(.textView, "notes", Rect(400, 400, 200, 200))
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: textView)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(textView.text == nil)
    #expect(
      scene.trace.events(of: .defaultUsed).contains {
        $0.name == "canHandle" && $0.result?.hasPrefix("false") == true
      })
  }

  @Test("a non-editable text view rejects drops by default")
  func nonEditableRejects() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let textView = try scene.add(.textView, "notes", Rect(400, 400, 200, 200))
    textView.isEditable = false
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: textView)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(textView.text == nil)
    #expect(scene.trace.events(of: .defaultUsed).contains { $0.name == "willBecomeEditableForDrop" })
  }

  @Test("willBecomeEditableForDrop .temporary lets a non-editable text view take the drop")
  func temporaryEditable() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let textView = try scene.add(.textView, "notes", Rect(400, 400, 200, 200))
    textView.isEditable = false
    let delegate = TextDropDelegate()
    delegate.willBecomeEditableForDrop = { _ in .temporary }
    textView.textDropDelegate = delegate
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: textView)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(textView.text == "Hello")
    #expect(!textView.isEditable)
  }

  @Test("a text drop proposal can replace all the text")
  func replaceAll() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let field = try scene.add(.textField, "field", Rect(400, 400, 200, 30))
    field.text = "old"
    let delegate = TextDropDelegate()
    delegate.proposalForDrop = { request in
      let proposal = TextDropProposal(operation: .copy)
      proposal.dropAction = .replaceAll
      #expect(!request.isSameView)
      return proposal
    }
    field.textDropDelegate = delegate
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: field)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(field.text == "Hello")
  }

  @Test("removing textDropInteraction stops a text view taking drops")
  func removeTextDrop() throws {
    let scene = try TestScene()
    let (source, _) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let field = try scene.add(.textField, "field", Rect(400, 400, 200, 30))
    let interaction = try #require(field.textDropInteraction)
    field.removeInteraction(interaction)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: field)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(field.text == nil)
  }
}
