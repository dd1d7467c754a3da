import DndCheck

/// The scene a registry's builtin types act on (the types make views,
/// items and queues in it). Through the scene's link, never a strong
/// reference: the scene owns its interpreter, which holds the registry.
/// A scene empties the slot as it ends (if the slot is still its own).
final class SceneSlot {
  /// The link of the scene that took the slot last.
  var link: SceneLink?

  init() {}

  /// The scene, or nil if it has ended.
  var scene: SceneHost? { link?.scene }

  /// The scene, or an error if it has ended.
  func current() throws -> SceneHost {
    guard let scene else { throw RuntimeError(.sceneEnded) }
    return scene
  }
}

/// The binding's builtin types in a registry, with the slot naming the
/// scene they act on. Building the registry is a fair part of making a
/// scene, so the explorer reuses one for the orders a thread runs, one scene
/// after the other: each new scene takes the slot (`SceneHost.init`).
final class SceneNatives {
  let registry = NativeRegistry()
  let slot = SceneSlot()
  /// Each app's members by symbol (`SceneHost.memberSlots`), by the app's
  /// global slot: the same for every scene of a program, and looking the
  /// names up again cost every explored order a table and its hashing. A
  /// REPL session's later inputs only add globals, so a slot keeps its app.
  var appMemberSlots: [Int: [Symbol: Int]] = [:]

  init() {
    UIKitTypes.register(in: registry, scene: slot)
  }
}
