import Testing
@testable import DndRuntime

@Suite("Proposals")
struct ProposalTests {
  @Test("drop operations have UIKit's raw values")
  func rawValues() {
    #expect(DropOperation.cancel.rawValue == 0)
    #expect(DropOperation.forbidden.rawValue == 1)
    #expect(DropOperation.copy.rawValue == 2)
    #expect(DropOperation.move.rawValue == 3)
    let proposal = DropProposal(operation: .copy)
    #expect(!proposal.isPrecise && !proposal.prefersFullSizePreview)
    #expect(TextDropProposal(operation: .copy).isPrecise)
  }

  @Test(
    "performDrop only after copy or move; forbidden reaches the source as cancel (choice §13.15)",
    arguments: [
      (DropOperation.cancel, false), (.forbidden, false), (.copy, true), (.move, true),
    ])
  func performOnlyForTransfers(operation: DropOperation, performs: Bool) throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    var ended: [DropOperation] = []
    drag.willEndWith = { _, operation in ended.append(operation) }
    drag.didEndWith = { _, operation in ended.append(operation) }
    scene.makeFullDropTarget(target, operation: operation)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").count == (performs ? 1 : 0))
    #expect(scene.trace.calls("concludeDrop").count == (performs ? 1 : 0))
    #expect(scene.trace.calls("sessionDidTransferItems").count == (performs ? 1 : 0))
    // Rule: forbidden reaches the source as cancel.
    let reported = performs ? operation : .cancel
    #expect(ended == [reported, reported])
  }

  @Test("move when the source disallows moves becomes cancel with UIKit's console line")
  func moveOutsideMask() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    let drag = scene.makeFullDragSource(source)
    drag.sessionAllowsMoveOperation = { _ in false }
    var allowsMove: Bool?
    let drop = scene.makeFullDropTarget(target, operation: .move)
    drop.sessionDidEnter = { session in allowsMove = session.allowsMoveOperation }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(allowsMove == false)
    #expect(scene.trace.calls("performDrop").isEmpty)
    let warning = try #require(scene.trace.events(of: .warning).first)
    #expect(
      warning.message == "Selector dropInteraction:sessionDidUpdate: returned a _UIDragOperation 16 that is "
        + "outside of the sourceOperationMask 1. Using _UIDragOperationNone instead.")
    #expect(warning.view == "target")
  }

  @Test("move is accepted in the same app when the source allows it")
  func moveInSameApp() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    scene.makeFullDropTarget(target, operation: .move)
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").count == 1)
    #expect(scene.trace.calls("didEndWith").first?.argument("operation") == "move")
    #expect(scene.trace.events(of: .warning).isEmpty)
  }

  @Test("the last proposal before the finger lifts counts")
  func lastProposalCounts() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    var count = 0
    drop.sessionDidUpdate = { _ in
      count += 1
      return DropProposal(operation: count < 3 ? .copy : .forbidden)
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(through: [
      .view(target), .pointIn(target, Point(5, 5)), .pointIn(target, Point(9, 9)),
    ])
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("performDrop").isEmpty)
  }

  @Test("proposal flags are kept and shown in the trace")
  func proposalFlags() throws {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let drop = scene.makeFullDropTarget(target)
    drop.sessionDidUpdate = { _ in
      let proposal = DropProposal(operation: .copy)
      proposal.isPrecise = true
      proposal.prefersFullSizePreview = true
      return proposal
    }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    #expect(scene.trace.calls("sessionDidUpdate").first?.result == "copy (precise, full size)")
  }
}
