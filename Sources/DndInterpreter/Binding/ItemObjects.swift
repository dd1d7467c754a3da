import DndCheck
import DndRuntime
import Foundation

/// `UIDragItem`: an item provider, a local object (any script value, seen
/// only inside the app that started the drag) and a preview provider.
final class DragItemObject: SceneObject {
  let item: DragItem
  /// The script closure set as `previewProvider`, to give it back when read.
  private var previewProviderValue = Value.nil

  init(scene: SceneHost, item: DragItem) {
    self.item = item
    super.init(scene: scene)
  }

  override var typeName: String { "UIDragItem" }
  override var description: String { item.description }
  override func isInstance(of type: Builtin) -> Bool { type == .uiDragItem || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .itemProvider?: return .object(scene.object(for: item.itemProvider))
    case .localObject?: return ScriptValueBox.unbox(item.localObject)
    case .previewProvider?: return previewProviderValue
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .localObject?:
      item.localObject = ScriptValueBox.box(value)
    case .previewProvider?:
      if value.isNil {
        item.previewProvider = nil
      } else {
        let function = try Convert.function(value, for: "previewProvider")
        let scene = self.scene
        item.previewProvider = { [link = scene.link] in
          guard let scene = link.scene else { return nil }
          let result = try scene.callScript(function, [])
          if result.isNil { return nil }
          guard let preview = result.object(as: DragPreviewObject.self) else {
            throw RuntimeError(
              .wrongArgumentType(
                "previewProvider", expected: "a UIDragPreview or nil result", found: result.typeName))
          }
          return preview.preview
        }
      }
      previewProviderValue = value
    default:
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  /// `UIDragItem(itemProvider: provider)` or `UIDragItem(provider)`.
  static func make(_ arguments: Arguments, scene: SceneHost) throws -> Value {
    guard arguments.count == 1, let value = arguments.value(.itemProvider, orAt: 0) else {
      throw RuntimeError(.notConstructible("UIDragItem"))
    }
    guard let provider = value.object(as: ItemProviderObject.self) else {
      throw RuntimeError(
        .wrongArgumentType("UIDragItem(itemProvider:)", expected: "an NSItemProvider", found: value.typeName))
    }
    return .object(scene.object(for: DragItem(itemProvider: provider.provider)))
  }
}

/// `NSItemProvider`: representations registered in order, loads that
/// complete later on a background queue, and the simulation's knobs
/// (`simulate(latency:)`, `simulate(failure:)`).
final class ItemProviderObject: SceneObject {
  let provider: ItemProvider

  init(scene: SceneHost, provider: ItemProvider) {
    self.provider = provider
    super.init(scene: scene)
  }

  override var typeName: String { "NSItemProvider" }
  override var description: String { provider.description }
  override func isInstance(of type: Builtin) -> Bool { type == .nsItemProvider || type == .nsObject }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .registeredTypeIdentifiers?: return .array(provider.registeredTypeIdentifiers.map { .string($0) })
    case .suggestedName?: return provider.suggestedName.map { .string($0) } ?? .nil
    case .preferredPresentationSize?: return .object(SizeObject(provider.preferredPresentationSize))
    case .teamData?: return provider.teamData.map { .object(DataObject($0)) } ?? .nil
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }

  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .suggestedName?:
      provider.suggestedName = value.isNil ? nil : try Convert.string(value, for: "suggestedName")
    case .preferredPresentationSize?:
      provider.preferredPresentationSize = try Convert.size(value, for: "preferredPresentationSize")
    case .teamData?:
      // More than 8 KB is refused with a console line (the runtime's choice).
      if value.isNil {
        provider.setTeamData(nil)
        return
      }
      guard let data = value.object(as: DataObject.self) else {
        throw RuntimeError(.wrongArgumentType("teamData", expected: "Data or nil", found: value.typeName))
      }
      provider.setTeamData(data.data)
    default:
      throw RuntimeError(.cannotSetMember(interpreter.name(of: member), type: typeName))
    }
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws -> Value
  {
    switch member.known {
    case .registeredTypeIdentifiers?:
      // `registeredTypeIdentifiers(fileOptions: .openInPlace)`.
      guard arguments.count == 1, let options = arguments.value(labelled: .fileOptions) else { break }
      let types = provider.registeredTypeIdentifiers(
        fileOptions: try Convert.fileOptions(options, for: "registeredTypeIdentifiers(fileOptions:)"))
      return .array(types.map { .string($0) })
    case .hasRepresentationConforming?:
      guard let typeValue = arguments.value(labelled: .toTypeIdentifier) else { break }
      let type = try Convert.string(typeValue, for: "toTypeIdentifier")
      let options = try arguments.value(labelled: .fileOptions).map {
        try Convert.fileOptions($0, for: "fileOptions")
      }
      return .bool(provider.hasRepresentationConforming(toTypeIdentifier: type, fileOptions: options ?? []))
    case .hasItemConformingToTypeIdentifier?:
      guard arguments.hasLabels(nil) else { break }
      let type = try Convert.string(arguments[0], for: "hasItemConformingToTypeIdentifier")
      return .bool(provider.hasItemConformingToTypeIdentifier(type))
    case .canLoadObject?:
      guard arguments.count == 1, let value = arguments.value(.ofClass, orAt: 0) else { break }
      return .bool(
        provider.canLoadObject(ofClass: try Convert.objectClass(value, for: "canLoadObject(ofClass:)")))
    case .registerObject?:
      return try registerObject(arguments)
    case .registerDataRepresentation?:
      return try registerData(arguments)
    case .registerItem?:
      return try registerItem(arguments)
    case .registerFileRepresentation?:
      return try registerFile(arguments)
    case .loadItem?:
      return try loadItem(arguments)
    case .loadObject?:
      return try loadObject(arguments)
    case .loadDataRepresentation?, .loadFileRepresentation?:
      return try loadData(arguments, asFile: member.known == .loadFileRepresentation)
    case .loadInPlaceFileRepresentation?:
      return try loadInPlace(arguments)
    case .simulate?:
      return try simulate(arguments)
    default:
      return try super.callMethod(member, arguments, interpreter: interpreter)
    }
    throw interpreter.noMatchingMethod(member, typeName: typeName, arguments)
  }

  // MARK: Registering

  /// `registerObject(value)`, `registerObject(value, visibility: .all)`, or
  /// `registerObject(ofClass: UIImage) { completion in completion(image, nil) }`.
  private func registerObject(_ arguments: Arguments) throws -> Value {
    let visibility = try arguments.value(labelled: .visibility).map {
      try Convert.visibility($0, for: "visibility")
    }
    if let classValue = arguments.value(labelled: .ofClass) {
      let objectClass = try Convert.objectClass(classValue, for: "registerObject(ofClass:)")
      guard let handler = arguments.trailingClosure() else {
        throw RuntimeError(
          .invalidArgument("registerObject(ofClass:) needs a load handler: { completion in ... }"))
      }
      let scene = self.scene
      provider.registerObject(ofClass: objectClass, visibility: visibility ?? .all) {
        [link = scene.link] completion in
        guard let scene = link.scene else { return nil }
        let result = try scene.callScript(
          handler, [.object(CompletionObject(scene: scene, deliver: .object(completion)))])
        return result.object(as: ProgressObject.self)?.progress
      }
      return .nil
    }
    guard let value = arguments.value(.object, orAt: 0) else {
      throw RuntimeError(.invalidArgument("registerObject needs the object to register: registerObject(url)"))
    }
    provider.registerObject(
      try Convert.itemValue(value, for: "registerObject"), visibility: visibility ?? .all)
    return .nil
  }

  /// `registerDataRepresentation(forTypeIdentifier: type) { completion in completion(data, nil) }`.
  private func registerData(_ arguments: Arguments) throws -> Value {
    guard let typeValue = arguments.value(labelled: .forTypeIdentifier),
      let handler = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument(
          "registerDataRepresentation needs 'forTypeIdentifier:' and a load handler: { completion in ... }"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let visibility = try arguments.value(labelled: .visibility).map {
      try Convert.visibility($0, for: "visibility")
    }
    let scene = self.scene
    provider.registerDataRepresentation(forTypeIdentifier: type, visibility: visibility ?? .all) {
      [link = scene.link] completion in
      guard let scene = link.scene else { return nil }
      let result = try scene.callScript(
        handler, [.object(CompletionObject(scene: scene, deliver: .data(completion)))])
      return result.object(as: ProgressObject.self)?.progress
    }
    return .nil
  }

  /// `registerFileRepresentation(forTypeIdentifier: type, fileOptions: .openInPlace, visibility: .all)
  /// { completion in completion(url, false, nil) }`: the URL names one of the world's files.
  private func registerFile(_ arguments: Arguments) throws -> Value {
    guard let typeValue = arguments.value(labelled: .forTypeIdentifier),
      let handler = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument(
          "registerFileRepresentation needs 'forTypeIdentifier:' and a load handler: "
            + "{ completion in completion(url, false, nil) }"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let options = try arguments.value(labelled: .fileOptions).map {
      try Convert.fileOptions($0, for: "fileOptions")
    }
    let visibility = try arguments.value(labelled: .visibility).map {
      try Convert.visibility($0, for: "visibility")
    }
    let scene = self.scene
    provider.registerFileRepresentation(
      forTypeIdentifier: type, fileOptions: options ?? [], visibility: visibility ?? .all
    ) { [link = scene.link] completion in
      guard let scene = link.scene else { return nil }
      let result = try scene.callScript(
        handler, [.object(CompletionObject(scene: scene, deliver: .file(completion)))])
      return result.object(as: ProgressObject.self)?.progress
    }
    return .nil
  }

  /// `registerItem(forTypeIdentifier: type) { completion in completion(item, nil) }`.
  /// UIKit's load handler takes three parameters, `(completion, expectedClass,
  /// options)`, as seed 004 writes it: a handler declaring all three gets
  /// nil for the last two (the simulation asks for no class and no options).
  private func registerItem(_ arguments: Arguments) throws -> Value {
    guard let typeValue = arguments.value(labelled: .forTypeIdentifier),
      let handler = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument("registerItem needs 'forTypeIdentifier:' and a load handler: { completion in ... }"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let scene = self.scene
    let parameterCount: Int
    if case .closure(let closure) = handler { parameterCount = closure.code.parameterCount } else { parameterCount = 1 }
    provider.registerItem(forTypeIdentifier: type) { [link = scene.link] completion in
      guard let scene = link.scene else { return }
      let completion = CompletionObject(scene: scene, deliver: .item(completion, typeIdentifier: type))
      let given: [Value] = [.object(completion), .nil, .nil]
      _ = try scene.callScript(handler, Array(given.prefix(max(1, min(3, parameterCount)))))
    }
    return .nil
  }

  // MARK: Loading

  /// `loadObject(ofClass: UIImage) { object, error in ... }`: the completion
  /// runs on the provider's background queue.
  private func loadObject(_ arguments: Arguments) throws -> Value {
    guard let classValue = arguments.value(.ofClass, orAt: 0), let completion = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument("loadObject needs 'ofClass:' and a completion: { object, error in ... }"))
    }
    let objectClass = try Convert.objectClass(classValue, for: "loadObject(ofClass:)")
    let scene = self.scene
    let progress = try provider.loadObject(ofClass: objectClass) { [link = scene.link] value, error in
      guard let scene = link.scene else { return }
      let object = value.map { scene.value(of: $0) } ?? .nil
      let failure: Value = error.map { .object(ErrorObject($0)) } ?? .nil
      _ = try scene.callScript(completion, [object, failure])
    }
    return .object(ProgressObject(progress))
  }

  /// `loadDataRepresentation(forTypeIdentifier:) { data, error in ... }`, and
  /// `loadFileRepresentation`, whose completion gets a file URL.
  private func loadData(_ arguments: Arguments, asFile: Bool) throws -> Value {
    guard let typeValue = arguments.value(.forTypeIdentifier, orAt: 0),
      let completion = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument("this load needs 'forTypeIdentifier:' and a completion: { data, error in ... }"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let link = scene.link
    let progress: LoadProgress
    if asFile {
      progress = try provider.loadFileRepresentation(forTypeIdentifier: type) { [link] url, error in
        guard let scene = link.scene else { return }
        let file: Value = url.map { .object(URLObject($0)) } ?? .nil
        _ = try scene.callScript(completion, [file, error.map { .object(ErrorObject($0)) } ?? .nil])
      }
    } else {
      progress = try provider.loadDataRepresentation(forTypeIdentifier: type) { [link] data, error in
        guard let scene = link.scene else { return }
        let bytes: Value = data.map { .object(DataObject($0)) } ?? .nil
        _ = try scene.callScript(completion, [bytes, error.map { .object(ErrorObject($0)) } ?? .nil])
      }
    }
    return .object(ProgressObject(progress))
  }

  /// `loadInPlaceFileRepresentation(forTypeIdentifier:) { url, isInPlace, error in ... }`.
  private func loadInPlace(_ arguments: Arguments) throws -> Value {
    guard let typeValue = arguments.value(.forTypeIdentifier, orAt: 0),
      let completion = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument(
          "loadInPlaceFileRepresentation needs 'forTypeIdentifier:' and a completion: "
            + "{ url, isInPlace, error in ... }"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let link = scene.link
    let progress = try provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) {
      [link] url, isInPlace, error in
      guard let scene = link.scene else { return }
      let file: Value = url.map { .object(URLObject($0)) } ?? .nil
      let failure: Value = error.map { .object(ErrorObject($0)) } ?? .nil
      _ = try scene.callScript(completion, [file, .bool(isInPlace), failure])
    }
    return .object(ProgressObject(progress))
  }

  /// `loadItem(forTypeIdentifier: type, options: nil) { item, error in ... }`: the item as
  /// registered (a script's completion declares no type to coerce to).
  private func loadItem(_ arguments: Arguments) throws -> Value {
    guard let typeValue = arguments.value(.forTypeIdentifier, orAt: 0),
      let completion = arguments.trailingClosure()
    else {
      throw RuntimeError(
        .invalidArgument(
          "loadItem needs 'forTypeIdentifier:' and a completion: { item, error in ... }"))
    }
    if let options = arguments.value(labelled: .options), !options.isNil {
      throw RuntimeError(.invalidArgument("loadItem models no options; write 'options: nil' or leave it out"))
    }
    let type = try Convert.string(typeValue, for: "forTypeIdentifier")
    let link = scene.link
    let progress = try provider.loadItem(forTypeIdentifier: type) { [link] value, error in
      guard let scene = link.scene else { return }
      let item = value.map { scene.value(of: $0) } ?? .nil
      _ = try scene.callScript(completion, [item, error.map { .object(ErrorObject($0)) } ?? .nil])
    }
    return .object(ProgressObject(progress))
  }

  // MARK: Simulation

  /// `simulate(latency: 0.5)`, `simulate(latency: 0.2, forTypeIdentifier: "public.url")`,
  /// `simulate(failure: "network down")`, `simulate(failure: "gone", forTypeIdentifier: "public.png")`,
  /// `simulate(size: 1_000_000)`.
  private func simulate(_ arguments: Arguments) throws -> Value {
    if arguments.hasLabels(.latency) {
      provider.latency = try seconds(arguments[0])
    } else if arguments.hasLabels(.latency, .forTypeIdentifier) {
      provider.setLatency(
        try seconds(arguments[0]),
        forTypeIdentifier: try Convert.string(arguments[1], for: "forTypeIdentifier"))
    } else if arguments.hasLabels(.failure) {
      let message = try Convert.string(arguments[0], for: "simulate(failure:)")
      provider.failure = ItemProviderError(code: -1000, message: message)
    } else if arguments.hasLabels(.failure, .forTypeIdentifier) {
      let message = try Convert.string(arguments[0], for: "simulate(failure:)")
      provider.setFailure(
        ItemProviderError(code: -1000, message: message),
        forTypeIdentifier: try Convert.string(arguments[1], for: "forTypeIdentifier"))
    } else if arguments.hasLabels(.size) {
      let size = try Convert.integer(arguments[0], for: "simulate(size:)")
      // As a latency below zero is refused: a size is a count of bytes.
      guard size >= 0 else {
        throw RuntimeError(.invalidArgument("a size is a number of bytes, zero or more, not \(size)"))
      }
      provider.size = Int64(max(1, size))
    } else {
      throw RuntimeError(
        .invalidArgument(
          "simulate takes 'latency:' or 'failure:' (each optionally with 'forTypeIdentifier:'), or 'size:'"))
    }
    return .nil
  }

  private func seconds(_ value: Value) throws -> Double {
    let seconds = try Convert.number(value, for: "simulate(latency:)")
    guard seconds.isFinite, seconds >= 0 else {
      let shown = seconds.isNaN ? "NaN (not a number)" : "\(seconds)"
      throw RuntimeError(.invalidArgument("a latency is a number of seconds, zero or more, not \(shown)"))
    }
    return seconds
  }

  /// `NSItemProvider()`, `NSItemProvider(object: value)`, `NSItemProvider(item: value,
  /// typeIdentifier: type)` or `NSItemProvider(contentsOf: url)` (nil when the world has no such file).
  static func make(_ arguments: Arguments, scene: SceneHost) throws -> Value {
    if arguments.isEmpty { return .object(scene.object(for: ItemProvider(world: scene.world))) }
    if arguments.hasLabels(.item, .typeIdentifier) {
      let type = arguments[1].isNil ? nil : try Convert.string(arguments[1], for: "typeIdentifier")
      let item: ItemValue?
      if let data = arguments[0].object(as: DataObject.self) {
        guard let type else {
          throw RuntimeError(.invalidArgument("NSItemProvider(item: data, typeIdentifier:) needs the data's type"))
        }
        item = .data(data.data, typeIdentifier: type)
      } else {
        guard arguments[0].isNil || (try? Convert.itemValue(arguments[0], for: "item")) != nil else {
          throw RuntimeError(
            .wrongArgumentType(
              "NSItemProvider(item:typeIdentifier:)",
              expected: "a String, URL, UIImage, NSAttributedString, UIColor, Data or nil",
              found: arguments[0].typeName))
        }
        item = arguments[0].isNil ? nil : try Convert.itemValue(arguments[0], for: "NSItemProvider(item:)")
      }
      return .object(scene.object(for: ItemProvider(item: item, typeIdentifier: type, world: scene.world)))
    }
    if arguments.hasLabels(.contentsOf) {
      guard let url = arguments[0].object(as: URLObject.self) else {
        throw RuntimeError(
          .wrongArgumentType("NSItemProvider(contentsOf:)", expected: "a URL", found: arguments[0].typeName))
      }
      return ItemProvider(contentsOf: url.string, world: scene.world).map { .object(scene.object(for: $0)) } ?? .nil
    }
    guard arguments.count == 1, let value = arguments.value(.object, orAt: 0) else {
      throw RuntimeError(
        .invalidArgument(
          "NSItemProvider takes no arguments, (object:), (item:typeIdentifier:) or (contentsOf:), "
            + "as NSItemProvider(item: \"text\", typeIdentifier: \"public.plain-text\")"))
    }
    let provider = ItemProvider(
      object: try Convert.itemValue(value, for: "NSItemProvider(object:)"), world: scene.world)
    return .object(scene.object(for: provider))
  }
}

/// The completion handler a registered load handler receives: the script
/// calls it with a value (or data) and an error, as `completion(data, nil)`.
final class CompletionObject: SceneObject {
  enum Deliver {
    case object(ValueCompletion)
    /// A legacy `registerItem` handler's: an object, or the bytes of the
    /// type it was registered for (seed 004's `loader(videoData, nil)`).
    case item(ValueCompletion, typeIdentifier: String)
    case data(DataCompletion)
    /// A file handler's: `completion(url, coordinated, error)`.
    case file(FileCompletion)
  }

  let deliver: Deliver

  init(scene: SceneHost, deliver: Deliver) {
    self.deliver = deliver
    super.init(scene: scene)
  }

  override var typeName: String { "completion handler" }
  override var isCallable: Bool { true }

  override func call(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    if case .file(let completion) = deliver { return try callFile(completion, arguments) }
    guard arguments.count == 2 else {
      throw RuntimeError(.wrongArgumentCount("completion", expected: 2, found: arguments.count))
    }
    let error = try Self.error(arguments[1])
    switch deliver {
    case .file: break
    case .object(let completion):
      let value = arguments[0].isNil ? nil : try Convert.itemValue(arguments[0], for: "completion")
      try completion(value, error)
    case .item(let completion, let type):
      if let bytes = arguments[0].object(as: DataObject.self) {
        try completion(.data(bytes.data, typeIdentifier: type), error)
      } else {
        let value = arguments[0].isNil ? nil : try Convert.itemValue(arguments[0], for: "completion")
        try completion(value, error)
      }
    case .data(let completion):
      let data: Data?
      switch arguments[0] {
      case .nil: data = nil
      case .string(let box): data = Data(box.value.utf8)
      default:
        guard let object = arguments[0].object(as: DataObject.self) else {
          throw RuntimeError(
            .wrongArgumentType("completion", expected: "Data, a String or nil", found: arguments[0].typeName))
        }
        data = object.data
      }
      try completion(data, error)
    }
    return .nil
  }

  /// `completion(url, false, nil)`: a file URL (or nil), whether to coordinate, and an error.
  private func callFile(_ completion: FileCompletion, _ arguments: Arguments) throws -> Value {
    guard arguments.count == 3 else {
      throw RuntimeError(.wrongArgumentCount("completion", expected: 3, found: arguments.count))
    }
    let url: String?
    if arguments[0].isNil {
      url = nil
    } else if let object = arguments[0].object(as: URLObject.self) {
      url = object.string
    } else {
      throw RuntimeError(
        .wrongArgumentType("completion", expected: "a file URL or nil", found: arguments[0].typeName))
    }
    guard case .bool(let coordinated) = arguments[1] else {
      throw RuntimeError(
        .wrongArgumentType("completion", expected: "a Bool (coordinated)", found: arguments[1].typeName))
    }
    try completion(url, coordinated, try Self.error(arguments[2]))
    return .nil
  }

  /// nil, an error a load delivered, or any other value as an unknown error.
  private static func error(_ value: Value) throws -> ItemProviderError? {
    switch value {
    case .nil: return nil
    case .string(let box): return .unknown(box.value)
    default: return value.object(as: ErrorObject.self)?.error ?? .unknown()
    }
  }
}
