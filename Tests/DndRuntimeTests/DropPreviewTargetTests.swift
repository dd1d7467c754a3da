import Foundation
import Testing

@testable import DndRuntime

/// Where a drop preview goes (§2.3, §3.5), and what the Image Gallery's
/// garbage can needs: a retargeted preview that shrinks into the can, the
/// lifted cell shown even after the drop deleted it, and a provider whose
/// image fails while its URL loads.
@Suite("Drop preview targets")
struct DropPreviewTargetTests {
  /// A label that drags one string, a drop target whose previewForDropping
  /// answers with `preview`, and the drop done.
  private func drop(
    _ preview: @escaping (TargetedDragPreview, View) -> TargetedDragPreview?
  ) throws -> TestScene {
    let scene = try TestScene()
    let (source, target) = try scene.sourceAndTarget()
    scene.makeFullDragSource(source)
    let delegate = scene.makeFullDropTarget(target)
    delegate.previewForDropping = { _, defaultPreview in preview(defaultPreview, target) }
    try scene.fingers.longPress(source)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    return scene
  }

  @Test("previewForDropping: a retargeted preview flies to its target, which the trace names (§3.5)")
  func retargetedPreviewIsTracedWithItsTarget() throws {
    let scene = try drop { preview, target in
      preview.retargetedPreview(with: DragPreviewTarget(container: target, center: Point(150, 15)))
    }
    let call = try #require(scene.trace.calls("previewForDropping").first)
    #expect(call.result == "preview of source to target at (150, 15)")
  }

  @Test("UIDragPreviewTarget: the transform is an extra effect on set-down, identity by default (§2.3)")
  func previewTargetTransform() throws {
    let shrink = Transform(scaleX: 0.1, y: 0.1)
    let scene = try drop { preview, target in
      let retargeted = preview.retargetedPreview(
        with: DragPreviewTarget(container: target, center: .zero, transform: shrink))
      #expect(retargeted.target.transform == shrink)
      #expect(retargeted.view === preview.view)
      return retargeted
    }
    let call = try #require(scene.trace.calls("previewForDropping").first)
    #expect(call.result == "preview of source to target at (0, 0), scale 0.1")
    let plain = DragPreviewTarget(container: View(.view, name: "v", world: scene.world), center: .zero)
    #expect(plain.transform.isIdentity)
  }

  @Test("previewForDropping: the default preview stays where it was dropped, without a chosen target")
  func defaultPreviewNamesNoTarget() throws {
    let scene = try drop { preview, _ in preview }
    #expect(scene.trace.calls("previewForDropping").first?.result == "default preview of source")
  }

  @Test("the default drop and cancel previews show the view the lift preview showed, not the drag's view (§3.5)")
  func defaultPreviewShowsTheLiftPreviewsView() throws {
    let scene = try TestScene()
    let (board, target) = try scene.sourceAndTarget()
    let photo = View(.imageView, name: "photo", frame: Rect(0, 0, 20, 10), world: scene.world)
    try board.addSubview(photo)
    let drag = scene.makeFullDragSource(board)
    // Apple's DragBoard sample lifts one photo off the board it drags from.
    drag.previewForLifting = { _, _ in TargetedDragPreview(view: photo) }
    let drop = scene.makeFullDropTarget(target)
    var shown: View?
    drop.previewForDropping = { _, defaultPreview in
      shown = defaultPreview.view
      return defaultPreview
    }
    try scene.fingers.longPress(board)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(shown === photo)
    #expect(scene.trace.calls("previewForDropping").first?.result == "default preview of photo")
    // A cancelled drag's default preview shows the photo too.
    try scene.fingers.longPress(board)
    try scene.fingers.move(to: Point(900, 700))
    try scene.fingers.release()
    try scene.fingers.settle()
    #expect(scene.trace.calls("previewForCancelling").last?.result == "default preview of photo")
  }

  @Test("previewForDropping: the default preview of an item from another app is that app's drag image (§3.5)")
  func defaultPreviewOfAnotherAppsItem() throws {
    let scene = try TestScene()
    let target = try scene.add(.view, "canvas", Rect(10, 10, 300, 300))
    let safari = scene.world.addItemSource("Safari")
    safari.addItem("photo") {
      [DragItem(itemProvider: ItemProvider(object: .string("hi"), world: scene.world))]
    }
    let drop = DropInteractionDelegate()
    drop.sessionDidUpdate = { _ in DropProposal(operation: .copy) }
    drop.performDrop = { _ in }
    drop.previewForDropping = { _, defaultPreview in defaultPreview }
    target.addInteraction(DropInteraction(delegate: drop))
    try scene.fingers.longPress(item: "photo", in: safari)
    try scene.fingers.move(to: target)
    try scene.fingers.release()
    try scene.fingers.settle()
    let call = try #require(scene.trace.calls("previewForDropping").first)
    // Not "default preview of canvas": the drop target is not what flies.
    #expect(call.result == "default preview of Safari's drag image")
  }

  @Test(
    "affine transforms compose as CGAffineTransform does",
    arguments: [
      (Transform(scaleX: 2, y: 3), Transform(translationX: 1, y: 1), "transform(2, 0, 0, 3, 1, 1)"),
      (Transform(scaleX: 2, y: 2), .identity, "scale 2"),
      (Transform(scaleX: 0.5, y: 2), .identity, "scale 0.5x2"),
      (.identity, .identity, "identity"),
    ])
  func transformsCompose(first: Transform, second: Transform, expected: String) {
    #expect(first.concatenating(second).description == expected)
  }

  @Test("a quarter turn maps the x axis onto the y axis")
  func rotation() {
    let turn = Transform(rotationAngle: Double.pi / 2)
    #expect(abs(turn.a) < 1e-12 && turn.b == 1 && turn.c == -1 && abs(turn.d) < 1e-12)
  }

  @Test(
    "choice: the default drop preview of a cell shows the cell as it lifted, even after the drop deleted it")
  func deletedCellStillShowsInTheDropPreview() throws {
    let s = try ListScene(.collectionView, items: ["a", "b", "c"])
    s.makeDragDelegate()
    let can = try s.scene.add(.view, "can", Rect(400, 400, 80, 80))
    let delegate = DropInteractionDelegate()
    delegate.sessionDidUpdate = { _ in DropProposal(operation: .copy) }
    delegate.performDrop = { _ in
      // The garbage can: delete the dragged item from the model and the view.
      try s.list.performBatchUpdates {
        s.model.sections[0].remove(at: 0)
        try s.list.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }
    }
    can.addInteraction(DropInteraction(delegate: delegate))
    try s.fingers.longPress(try s.cell(0))
    try s.fingers.move(to: can)
    try s.fingers.release()
    try s.fingers.settle()
    #expect(s.model.sections[0] == ["b", "c"])
    let preview = try #require(s.trace.events.first { $0.method.contains("previewForDropping") })
    #expect(preview.result == "default preview of list[0, 0]")
  }

  @Test("a failure set for one representation fails its loads only; the others deliver")
  func failureOfOneRepresentation() throws {
    let world = World()
    let provider = ItemProvider(object: .image(ImageValue(name: "i")), world: world)
    provider.registerObject(.url("https://example.com/i.png"))
    provider.setFailure(ItemProviderError(code: -1000, message: "lost"), forTypeIdentifier: "public.image")
    var image: ItemProviderError?
    var url: ItemValue?
    try provider.loadObject(ofClass: .image) { _, error in image = error }
    try provider.loadObject(ofClass: .url) { value, _ in url = value }
    try world.fingers.settle()
    #expect(image?.message == "lost")
    #expect(url != nil)
    #expect(provider.failure(forTypeIdentifier: "public.png")?.message == "lost") // by conformance
    #expect(provider.failure(forTypeIdentifier: "public.url") == nil)
  }
}
