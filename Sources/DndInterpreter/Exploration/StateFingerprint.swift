import DndRuntime

/// The fingerprint of a run's state at a choice point, for pruning: two
/// choice points with the same fingerprint have the same futures, as far as
/// the explorer can see. It covers the virtual clock; the pending work (main
/// queue in order, background work as a set, each with its due time and its
/// origin, which tells apart two loads with one label); the work that has
/// run (as a multiset of labels); the step being performed; the value of
/// every global of the script and every local of the calls in progress (a
/// scenario's `let`s), closures with the values they captured; the view
/// tree (names, frames, alpha, texts, titles, images, colours, flags, tags
/// and other stored properties, list contents); the `UserDefaults` store;
/// the world's files; each drag in progress (its target, proposal and items'
/// local objects). Not covered: a variable that only closures held by
/// pending work capture (a local `var` two completions share, once the
/// function that declared it has returned), and objects' inner state other
/// than the above; two orders differing only there are merged. The same
/// state gives the same number within one process (a closure's code is
/// named by its object's identity, which only the process's runs share),
/// which is all pruning compares.
///
/// The hash reads a sequence of parts, each like a line of text such as
/// `now 500000` or `view gallery false - - - 4`, followed by a separator.
/// It is computed at every choice point of every order, so the parts are
/// fed to the hash piece by piece, numbers as numbers, instead of being
/// formatted as strings first.
enum StateFingerprint {
  static func of(host: SceneHost, completed: (count: Int, sum: UInt64)) -> UInt64 {
    var hash = FNV()
    let scheduler = host.world.scheduler
    hash.add("now ")
    hash.add(scheduler.now.microseconds)
    hash.endPart()
    let pending = scheduler.pendingWithOrigins
    var backgroundCount = 0
    for (work, origin) in pending {
      if work.isMainQueue {
        hash.add("main ")
        hash.add(work.label)
        hash.add(" ")
        hash.add(work.due.microseconds)
        hash.add(" ")
        hash.add(origin)
        hash.endPart()
      } else {
        backgroundCount += 1
      }
    }
    // Background work is a set: hashed in a sorted order, so that the order
    // it was queued in does not matter (one piece, the usual case, needs no
    // sorting and no array).
    func addBackground(_ work: PendingWork, _ origin: UInt64) {
      hash.add(work.queue)
      hash.add(" ")
      hash.add(work.label)
      hash.add(" ")
      hash.add(work.due.microseconds)
      hash.add(" ")
      hash.add(origin)
      hash.endPart()
    }
    if backgroundCount == 1, let (work, origin) = pending.first(where: { !$0.work.isMainQueue }) {
      addBackground(work, origin)
    } else if backgroundCount > 1 {
      let sorted = pending.filter { !$0.work.isMainQueue }.sorted {
        ($0.work.queue, $0.work.label, $0.work.due.microseconds, $0.origin)
          < ($1.work.queue, $1.work.label, $1.work.due.microseconds, $1.origin)
      }
      for (work, origin) in sorted { addBackground(work, origin) }
    }
    hash.add("ran ")
    hash.add(Int64(completed.count))
    hash.add(completed.sum)
    hash.endPart()
    if let range = host.stepRange {
      hash.add("step ")
      hash.add(Int64(range.file))
      hash.add(" ")
      hash.add(Int64(range.start))
      hash.endPart()
    }
    hash.add("trace ")
    hash.add(Int64(host.world.trace.events.count))
    hash.endPart()
    if let interpreter = host.interpreter {
      for slot in host.program.globals.indices { add(interpreter.global(slot), to: &hash) }
      // A scenario's locals (and those of any call in progress).
      hash.part("locals")
      interpreter.forEachLiveSlot { add($0, to: &hash) }
    }
    for app in host.world.apps { add(app.window, to: &hash) }
    for entry in host.defaults.entries {
      hash.add("defaults ")
      hash.add(field: entry.key)
      add(entry.value, to: &hash)
      hash.endPart()
    }
    host.world.digestState(into: &hash)
    return hash.value
  }

  /// A stored defaults value, by its parts. (Its interpolated text came
  /// from Swift's reflection, a dynamic cast per element: a gallery saved
  /// as JSON data is hundreds of bytes, and that was a third of the
  /// instructions of an order of the complete Image Gallery.)
  private static func add(_ value: DefaultsValue, to hash: inout FNV) {
    switch value {
    case .string(let text):
      hash.add("s")
      hash.add(field: text)
    case .int(let number):
      hash.add("i")
      hash.add(Int64(number))
    case .double(let number):
      hash.add("d")
      hash.add(number)
    case .bool(let flag):
      hash.add("b")
      hash.add(flag)
    case .data(let bytes):
      hash.add("x")
      hash.add(Int64(bytes.count))
      hash.add(bytes: bytes)
    case .array(let elements):
      hash.add("[")
      hash.add(Int64(elements.count))
      for element in elements { add(element, to: &hash) }
    case .dictionary(let entries):
      hash.add("{")
      hash.add(Int64(entries.count))
      for entry in entries {
        hash.add(field: entry.key)
        add(entry.value, to: &hash)
      }
    }
  }

  /// A value as a part: its debug description, as `print` shows it inside
  /// an array (a string quoted, so that `"nil"` is not `nil`), a closure by
  /// its code and the values it captured, data by its bytes.
  private static func add(_ value: Value, to hash: inout FNV) {
    addDescription(of: value, quoted: true, depth: 0, to: &hash)
    hash.endPart()
  }

  /// Feeds the hash what `Value.write` writes for `value` (the text of its
  /// `description`, numbers as numbers), without building the text first:
  /// globals holding arrays of dictionaries (a gallery's model) are read at
  /// every choice point. Values of the rarer kinds are written by
  /// `Value.write` itself.
  private static func addDescription(of value: Value, quoted: Bool, depth: Int, to hash: inout FNV) {
    if depth > Value.maxPrintedDepth {
      hash.add("...")
      return
    }
    switch value {
    case .nil: hash.add("nil")
    case .bool(let flag): hash.add(flag)
    case .int(let number): hash.add(Int64(number))
    case .double(let number): hash.add(number)
    case .string(let box):
      if !quoted {
        hash.add(box.value)
      } else {
        // Hashed as plain text in one pass; if a byte needs an escape, the
        // hash is taken back and the debug description hashed instead.
        let before = hash
        hash.add("\"")
        if hash.addPlain(box.value) {
          hash.add("\"")
        } else {
          hash = before
          hash.add(box.value.debugDescription)
        }
      }
    case .array(let elements):
      hash.add("[")
      for (position, element) in elements.enumerated() {
        if position > 0 { hash.add(", ") }
        addDescription(of: element, quoted: true, depth: depth + 1, to: &hash)
      }
      hash.add("]")
    case .dictionary(let box):
      guard box.count > 0 else {
        hash.add("[:]")
        return
      }
      hash.add("[")
      for (position, key) in box.keys.enumerated() {
        if position > 0 { hash.add(", ") }
        addDescription(of: key, quoted: true, depth: depth + 1, to: &hash)
        hash.add(": ")
        addDescription(of: box.value(at: position), quoted: true, depth: depth + 1, to: &hash)
      }
      hash.add("]")
    case .object(let object):
      // A view's description (a global holding a view, or a list of them)
      // formats its frame's numbers; its parts are hashed instead.
      if let view = object as? ViewObject {
        addDescription(of: view.view, to: &hash)
        // A view out of every window (removed, or made and not added) is not
        // in the tree hashed below: its state is hashed here, once.
        if view.view.window == nil, hash.firstVisit(view) { add(view.view, to: &hash) }
      } else if let item = object as? DragItemObject {
        // A drag item kept in a variable: its local object is state too.
        hash.add(object.debugDescription)
        hash.add(" ")
        guard hash.firstVisit(item) else { return }
        addDescription(of: ScriptValueBox.unbox(item.item.localObject), quoted: true, depth: depth + 1, to: &hash)
      } else if let data = object as? DataObject {
        hash.add("Data ")
        hash.add(data.data.base64EncodedString())
      } else {
        hash.add(quoted ? object.debugDescription : object.description)
      }
    case .closure(let closure):
      hash.add("closure ")
      hash.add(UInt64(UInt(bitPattern: ObjectIdentifier(closure.code).hashValue)))
      // What it captured decides what it does. Each closure's captures are
      // read once per fingerprint: closures capturing each other (a cycle,
      // or many paths to one) would otherwise cost exponential time.
      guard hash.firstVisit(closure) else { return }
      for cell in closure.captures {
        hash.add(" ")
        addDescription(of: cell.current, quoted: true, depth: depth + 1, to: &hash)
      }
    case .tuple, .builtinFunction, .type, .range, .enumCase:
      var text = ""
      value.write(to: &text, symbols: .knownMembers, quoted: quoted, depth: depth)
      hash.add(text)
    }
  }

  /// What a view object's description shows: the view's class, name and
  /// frame (`<UICollectionView: gallery; frame = (0, 0, 1024, 768)>`).
  private static func addDescription(of view: View, to hash: inout FNV) {
    hash.add(field: view.kind.uikitClassName)
    hash.add(field: view.name)
    let frame = view.frame
    hash.add(frame.minX)
    hash.add(frame.minY)
    hash.add(frame.size.width)
    hash.add(frame.size.height)
  }

  /// A view in the tree: its description, then what else of it a script
  /// can see. Texts are fields (each ends with a mark, nil has its own),
  /// numbers and flags are tagged, so no separators are needed.
  private static func add(_ view: View, to hash: inout FNV) {
    hash.add(field: "view")
    addDescription(of: view, to: &hash)
    hash.add(view.alpha)
    hash.add(view.isUserInteractionEnabled)
    hash.add(field: view.title)
    hash.add(view.bounds.minX)
    hash.add(view.bounds.minY)
    hash.add(view.isSpringLoaded)
    hash.add(view.isHidden)
    hash.add(view.isEnabled)
    hash.add(view.isEditable)
    hash.add(field: view.text)
    if let image = view.image {
      hash.add(field: image.name)
      hash.add(image.size.width)
      hash.add(image.size.height)
    } else {
      hash.add(field: nil)
    }
    hash.add(field: view.backgroundColor?.description)
    hash.add(Int64(view.subviews.count))
    hash.endPart()
    if let object = view.userInfo as? ViewObject {
      for value in object.storedProperties { add(value, to: &hash) }
    }
    if let list = view.list {
      hash.add("list ")
      hash.add(Int64(list.activePlaceholderCount))
      hash.add(list.hasUncommittedUpdates)
      hash.endPart()
    }
    for child in view.subviews { add(child, to: &hash) }
  }

  /// 64-bit FNV-1a over UTF-8, eight bytes at a time where it can, with a
  /// separator after each part; numbers are mixed as whole words behind a
  /// tag byte (0xF8 to 0xFF never occur in UTF-8), so text and numbers
  /// cannot run together. It also keeps the objects whose insides it has
  /// hashed, so that a second path to one (or a cycle) hashes only a
  /// mention of it.
  struct FNV: StateDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private var visited: Set<ObjectIdentifier> = []

    /// True the first time `object` is met; later meetings add a mark.
    mutating func firstVisit(_ object: AnyObject) -> Bool {
      if visited.insert(ObjectIdentifier(object)).inserted { return true }
      add(" (again)")
      return false
    }

    /// Adds a whole part: its text, then the separator.
    mutating func part(_ text: String) {
      add(text)
      endPart()
    }

    /// Adds text to the current part.
    mutating func add(_ text: String) {
      let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
        mix(UnsafeRawBufferPointer(bytes))
      }
      if done == nil {
        for byte in text.utf8 { mix(byte) }
      }
    }

    /// Adds `text` if `debugDescription` would only wrap it in quotes
    /// (printable ASCII without quotes or backslashes); false, with the hash
    /// left part-way, if it would not.
    mutating func addPlain(_ text: String) -> Bool {
      func plain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
          && byte != UInt8(ascii: "\\")
      }
      var local = self
      let done: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes {
          guard plain(byte) else { return false }
        }
        local.mix(UnsafeRawBufferPointer(bytes))
        return true
      }
      if let done {
        self = local
        return done
      }
      for byte in text.utf8 {
        guard plain(byte) else { return false }
        mix(byte)
      }
      return true
    }

    /// Adds raw bytes to the current part.
    mutating func add(bytes: [UInt8]) {
      bytes.withUnsafeBytes { mix($0) }
    }

    /// Adds text that may be nil as a field: the text and an end mark, or
    /// a mark of its own for nil, so that nil, "" and "-" all differ.
    mutating func add(field text: String?) {
      guard let text else { return mix(0xFE) }
      add(text)
      mix(0xFF)
    }

    /// Adds an unsigned number.
    mutating func add(_ number: UInt64) {
      mix(0xF8)
      mixWord(number)
    }

    /// Adds `true` or `false` to the current part.
    mutating func add(_ flag: Bool) {
      mix(flag ? 0xF9 : 0xFA)
    }

    /// Adds a signed number.
    mutating func add(_ number: Int64) {
      mix(0xFB)
      mixWord(UInt64(bitPattern: number))
    }

    /// Adds a number by its bits: -0.0 and 0.0 differ, as their text does.
    mutating func add(_ number: Double) {
      mix(0xFC)
      mixWord(number.bitPattern)
    }

    /// Ends the current part.
    mutating func endPart() {
      mix(0x1F)
    }

    private mutating func mix(_ byte: UInt8) {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01B3
    }

    /// Eight bytes in one step: FNV's multiply spreads low bits upwards
    /// only, so the high half is folded back in.
    private mutating func mixWord(_ word: UInt64) {
      value ^= word
      value = value &* 0x0000_0100_0000_01B3
      value ^= value >> 32
    }

    private mutating func mix(_ bytes: UnsafeRawBufferPointer) {
      var offset = 0
      while offset + 8 <= bytes.count {
        mixWord(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      while offset < bytes.count {
        mix(bytes[offset])
        offset += 1
      }
    }
  }
}
