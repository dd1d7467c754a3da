import DndRuntime

/// The fingerprint of a run's state at a choice point, for pruning: two
/// choice points with the same fingerprint have the same futures, as far as
/// the explorer can see. It covers the virtual clock, the pending work (main
/// queue in order, background work as a set, with due times), the work that
/// has run (as a multiset of labels), the step being performed, the value of
/// every global of the script and the view tree (names, texts, images,
/// colours, list contents). Not covered: values captured only by closures
/// (a local `var` that two completions share); two orders differing only
/// there are merged. FNV-1a, so the numbers are the same on every run.
enum StateFingerprint {
  static func of(host: SceneHost, completed: [String]) -> UInt64 {
    var hash = FNV()
    let scheduler = host.world.scheduler
    hash.add("now \(scheduler.now.microseconds)")
    let pending = scheduler.pending
    for work in pending where work.isMainQueue { hash.add("main \(work.label) \(work.due.microseconds)") }
    for line in pending.filter({ !$0.isMainQueue }).map({ "\($0.queue) \($0.label) \($0.due.microseconds)" })
      .sorted()
    {
      hash.add(line)
    }
    for label in completed { hash.add("ran " + label) }
    if let range = host.stepRange { hash.add("step \(range.file) \(range.start)") }
    hash.add("trace \(host.world.trace.events.count)")
    if let interpreter = host.interpreter {
      for slot in host.program.globals.indices { hash.add(interpreter.global(slot).description) }
    }
    for app in host.world.apps { add(app.window, to: &hash) }
    return hash.value
  }

  private static func add(_ view: View, to hash: inout FNV) {
    hash.add(
      "view \(view.name) \(view.isHidden) \(view.text ?? "-") \(view.image.map { "\($0)" } ?? "-") "
        + "\(view.backgroundColor.map { "\($0)" } ?? "-") \(view.subviews.count)")
    if let list = view.list {
      hash.add("list \(list.activePlaceholderCount) \(list.hasUncommittedUpdates)")
    }
    for child in view.subviews { add(child, to: &hash) }
  }

  /// 64-bit FNV-1a over UTF-8, with a separator between parts.
  struct FNV {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
      for byte in text.utf8 { mix(byte) }
      mix(0x1F)
    }

    private mutating func mix(_ byte: UInt8) {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01B3
    }
  }
}
