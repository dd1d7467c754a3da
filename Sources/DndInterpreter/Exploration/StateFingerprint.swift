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
/// than the above; two orders differing only there are merged. FNV-1a over
/// the parts' text: the same state gives the same number within one
/// process (a closure's code is named by its object's identity, which only
/// the process's runs share), which is all pruning compares.
///
/// The hash reads a sequence of parts, each a line of text such as
/// `now 500000` or `view gallery false - - - 4`, each followed by a
/// separator. It is computed at every choice point of every order, so the
/// parts are fed to the hash piece by piece instead of being formatted as
/// strings first; the bytes hashed are the same.
enum StateFingerprint {
  static func of(host: SceneHost, completed: [String]) -> UInt64 {
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
    for label in completed {
      hash.add("ran ")
      hash.add(label)
      hash.endPart()
    }
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
      hash.add(entry.key)
      hash.add(" ")
      hash.add("\(entry.value)")
      hash.endPart()
    }
    host.world.forEachStatePart { hash.part($0) }
    return hash.value
  }

  /// A value as a part: its debug description, as `print` shows it inside
  /// an array (a string quoted, so that `"nil"` is not `nil`), a closure by
  /// its code and the values it captured, data by its bytes.
  private static func add(_ value: Value, to hash: inout FNV) {
    addDescription(of: value, quoted: true, depth: 0, to: &hash)
    hash.endPart()
  }

  /// Feeds the hash what `Value.write` writes for `value` (the text of its
  /// `description`), without building the whole text first: globals holding
  /// arrays of dictionaries (a gallery's model) are read at every choice
  /// point. Values of the rarer kinds are written by `Value.write` itself.
  private static func addDescription(of value: Value, quoted: Bool, depth: Int, to hash: inout FNV) {
    if depth > Value.maxPrintedDepth {
      hash.add("...")
      return
    }
    switch value {
    case .nil: hash.add("nil")
    case .bool(let flag): hash.add(flag)
    case .int(let number): hash.add(Int64(number))
    case .double(let number): addDescription(of: number, to: &hash)
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

  /// Feeds the hash what `View.description` writes (a view object's
  /// description and debug description): `<UICollectionView: gallery;
  /// frame = (0, 0, 1024, 768)>`.
  private static func addDescription(of view: View, to hash: inout FNV) {
    hash.add("<")
    hash.add(view.kind.uikitClassName)
    hash.add(": ")
    hash.add(view.name)
    hash.add("; frame = (")
    let frame = view.frame
    addNumber(frame.minX, to: &hash)
    hash.add(", ")
    addNumber(frame.minY, to: &hash)
    hash.add(", ")
    addNumber(frame.size.width, to: &hash)
    hash.add(", ")
    addNumber(frame.size.height, to: &hash)
    hash.add(")>")
  }

  /// Feeds the hash `number.description`: a whole number below 1e15 is
  /// written as its digits and ".0" (checked against `description` for
  /// every such number tried), without formatting a string; `-0.0` and the
  /// rest are formatted.
  private static func addDescription(of number: Double, to hash: inout FNV) {
    let negativeZero = number == 0 && number.sign == .minus
    if number.isFinite, number == number.rounded(), abs(number) < 1e15, !negativeZero {
      hash.add(Int64(number))
      hash.add(".0")
    } else {
      hash.add(number.description)
    }
  }

  /// Text that may be nil, quoted so that nil and any text differ.
  private static func addOptional(_ text: String?, to hash: inout FNV) {
    guard let text else { return hash.add("nil") }
    hash.add("\"")
    hash.add(text)
    hash.add("\"")
  }

  /// A number as the runtime's `formatNumber` writes it: whole numbers
  /// without a fraction (and -0.0 apart from 0.0).
  private static func addNumber(_ number: Double, to hash: inout FNV) {
    if number.isFinite, number == number.rounded(), abs(number) < 1e15, !(number == 0 && number.sign == .minus) {
      hash.add(Int64(number))
    } else {
      hash.add(String(number))
    }
  }


  /// Feeds the hash what `ImageValue.description` writes: `UIImage(dawn, 400x300)`.
  private static func addDescription(of image: ImageValue, to hash: inout FNV) {
    hash.add("UIImage(")
    hash.add(image.name)
    hash.add(", ")
    addNumber(image.size.width, to: &hash)
    hash.add("x")
    addNumber(image.size.height, to: &hash)
    hash.add(")")
  }

  private static func add(_ view: View, to hash: inout FNV) {
    hash.add("view ")
    hash.add(view.name)
    hash.add(" ")
    addDescription(of: view, to: &hash)
    hash.add(" ")
    addDescription(of: view.alpha, to: &hash)
    hash.add(" ")
    hash.add(view.isUserInteractionEnabled)
    hash.add(" ")
    addOptional(view.title, to: &hash)
    hash.add(" ")
    addNumber(view.bounds.minX, to: &hash)
    hash.add(" ")
    addNumber(view.bounds.minY, to: &hash)
    hash.add(" ")
    hash.add(view.isSpringLoaded)
    hash.add(" ")
    hash.add(view.isHidden)
    hash.add(" ")
    addOptional(view.text, to: &hash)
    hash.add(" ")
    if let image = view.image { addDescription(of: image, to: &hash) } else { hash.add("-") }
    hash.add(" ")
    if let color = view.backgroundColor { hash.add(color.description) } else { hash.add("-") }
    hash.add(" ")
    hash.add(Int64(view.subviews.count))
    hash.endPart()
    if let object = view.userInfo as? ViewObject {
      for value in object.storedProperties { add(value, to: &hash) }
    }
    if let list = view.list {
      hash.add("list ")
      hash.add(Int64(list.activePlaceholderCount))
      hash.add(" ")
      hash.add(list.hasUncommittedUpdates)
      hash.endPart()
    }
    for child in view.subviews { add(child, to: &hash) }
  }

  /// 64-bit FNV-1a over UTF-8, with a separator after each part; it also
  /// keeps the objects whose insides it has hashed, so that a second path
  /// to one (or a cycle) hashes only a mention of it.
  struct FNV {
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
        for byte in bytes { mix(byte) }
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
          local.mix(byte)
        }
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

    /// Adds an unsigned number in decimal.
    mutating func add(_ number: UInt64) {
      var divisor: UInt64 = 1
      while number / divisor >= 10 { divisor *= 10 }
      while divisor > 0 {
        mix(UInt8(ascii: "0") + UInt8((number / divisor) % 10))
        divisor /= 10
      }
    }

    /// Adds `true` or `false` to the current part.
    mutating func add(_ flag: Bool) {
      add(flag ? "true" : "false")
    }

    /// Adds a number in decimal, as `String(number)` spells it.
    mutating func add(_ number: Int64) {
      if number < 0 { mix(UInt8(ascii: "-")) }
      add(number.magnitude)
    }

    /// Ends the current part.
    mutating func endPart() {
      mix(0x1F)
    }

    private mutating func mix(_ byte: UInt8) {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01B3
    }
  }
}
