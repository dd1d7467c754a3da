/// The scene a registry's builtin types act on (the types make views,
/// items and queues in it). Weak: the scene owns its interpreter, which
/// holds the registry.
final class SceneSlot {
  weak var scene: SceneHost?

  init() {}

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

  init() {
    UIKitTypes.register(in: registry, scene: slot)
  }
}
