import Foundation

// Loads. Each load returns a progress at once; the provider's representation
// is obtained on the provider's background queue (running a registered load
// handler if there is one), and the result reaches the caller's completion on
// that background queue once the provider's latency has passed.
//
// Choice (§13.12): registered load handlers run on the background queue too.

extension ItemProvider {
  /// What a representation produced, before conversion to what was asked.
  enum Raw {
    case value(ItemValue, type: String)
    case data(Data, type: String)
    /// A file: its bytes as copied when the provider obtained it, and its
    /// URL when the receiver may open the original in place.
    case file(Data, type: String, inPlaceURL: String?)
  }

  /// What a file load delivers: the bytes for a temporary copy, or the
  /// original file opened in place.
  struct FilePayload: CustomStringConvertible {
    let bytes: Data
    let inPlaceURL: String?
    /// The trace's word for it: the completion gets a URL, not the bytes.
    var description: String { inPlaceURL ?? "a temporary file of \(bytes.description)" }
  }

  /// What `loadItem` delivers: the item as the representation holds it.
  enum ItemPayload: CustomStringConvertible {
    case value(ItemValue)
    case file(FilePayload)
    var description: String {
      switch self {
      case .value(let value): value.description
      case .file(let file): file.description
      }
    }
  }

  /// `loadObject(ofClass:completionHandler:)`: the best representation the
  /// class can read, turned into an object of that class.
  @discardableResult
  public func loadObject(
    ofClass objectClass: ObjectClass, completionHandler: @escaping ValueCompletion
  ) throws -> LoadProgress {
    try startLoad(
      method: "loadObject(ofClass:)", argument: TraceArgument("class", objectClass.uikitName),
      representation: representation(for: objectClass),
      missing: .unavailableCoercion(className: objectClass.uikitName),
      convert: { raw -> Result<ItemValue, ItemProviderError> in
        let value: ItemValue? =
          switch raw {
          case .value(let value, let type): value.coerced(to: objectClass, from: type)
          case .data(let bytes, let type), .file(let bytes, let type, _):
            ItemValue.decode(bytes, type: type, as: objectClass)
          }
        guard let value else { return .failure(.unavailableCoercion(className: objectClass.uikitName)) }
        return .success(value)
      },
      deliver: { result in try completionHandler(result.success, result.failure) })
  }

  /// `loadDataRepresentation(forTypeIdentifier:completionHandler:)`.
  @discardableResult
  public func loadDataRepresentation(
    forTypeIdentifier type: String, completionHandler: @escaping DataCompletion
  ) throws -> LoadProgress {
    try startLoad(
      method: "loadDataRepresentation(forTypeIdentifier:)", argument: TraceArgument("type", type),
      representation: representation(forType: type), missing: .itemUnavailable(type: type),
      convert: { raw in .success(Self.bytes(of: raw)) },
      deliver: { result in try completionHandler(result.success, result.failure) })
  }

  /// `loadFileRepresentation(forTypeIdentifier:completionHandler:)`: the
  /// completion gets the URL of a temporary copy, readable with
  /// `World.contentsOfTemporaryFile(_:)` until the completion returns (§5.2).
  @discardableResult
  public func loadFileRepresentation(
    forTypeIdentifier type: String,
    completionHandler: @escaping (String?, ItemProviderError?) throws -> Void
  ) throws -> LoadProgress {
    // The name the file gets (§5.2), read now: the delivery keeps no reference to the provider.
    let suggestedName = self.suggestedName
    return try startLoad(
      method: "loadFileRepresentation(forTypeIdentifier:)", argument: TraceArgument("type", type),
      representation: representation(forType: type), missing: .itemUnavailable(type: type),
      convert: { raw in .success(FilePayload(bytes: Self.bytes(of: raw), inPlaceURL: nil)) },
      deliver: { [worldLink] result in
        guard let world = worldLink.world, case .success(let file) = result else {
          try completionHandler(nil, result.failure ?? .unknown())
          return
        }
        try world.withTemporaryFile(file.bytes, suggestedName: suggestedName, type: type) { url in
          try completionHandler(url, nil)
        }
      })
  }

  /// `loadInPlaceFileRepresentation(forTypeIdentifier:completionHandler:)`:
  /// the original file when it was registered with `.openInPlace`, with
  /// `isInPlace` true and left in place; else a temporary copy, deleted when
  /// the completion returns as `loadFileRepresentation`'s, and `isInPlace`
  /// false (§5.2).
  @discardableResult
  public func loadInPlaceFileRepresentation(
    forTypeIdentifier type: String,
    completionHandler: @escaping (String?, Bool, ItemProviderError?) throws -> Void
  ) throws -> LoadProgress {
    let suggestedName = self.suggestedName
    return try startLoad(
      method: "loadInPlaceFileRepresentation(forTypeIdentifier:)", argument: TraceArgument("type", type),
      representation: representation(forType: type), missing: .itemUnavailable(type: type),
      convert: { raw in .success(Self.filePayload(of: raw)) },
      deliver: { [worldLink] result in
        guard let world = worldLink.world, case .success(let payload) = result else {
          try completionHandler(nil, false, result.failure ?? .unknown())
          return
        }
        if let original = payload.inPlaceURL { return try completionHandler(original, true, nil) }
        try world.withTemporaryFile(payload.bytes, suggestedName: suggestedName, type: type) { url in
          try completionHandler(url, false, nil)
        }
      })
  }

  /// `loadItem(forTypeIdentifier:options:completionHandler:)`, the legacy
  /// interface. In Swift the completion's declared parameter type picks a
  /// coercion (§5.2); a script's completion declares none, so (choice) the
  /// item comes as the representation holds it: a registered value itself,
  /// a data representation's `Data` (as `ItemValue.data`), and a file's URL,
  /// that of a temporary copy deleted when the completion returns, or the
  /// original when it opens in place. `options` are not modelled.
  @discardableResult
  public func loadItem(
    forTypeIdentifier type: String, completionHandler: @escaping ValueCompletion
  ) throws -> LoadProgress {
    let suggestedName = self.suggestedName
    return try startLoad(
      method: "loadItem(forTypeIdentifier:options:)", argument: TraceArgument("type", type),
      representation: representation(forType: type), missing: .itemUnavailable(type: type),
      convert: { raw -> Result<ItemPayload, ItemProviderError> in
        switch raw {
        case .value(let value, _): .success(.value(value))
        case .data(let bytes, let type): .success(.value(.data(bytes, typeIdentifier: type)))
        case .file: .success(.file(Self.filePayload(of: raw)))
        }
      },
      deliver: { [worldLink] result in
        guard let world = worldLink.world, case .success(let payload) = result else {
          try completionHandler(nil, result.failure ?? .unknown())
          return
        }
        switch payload {
        case .value(let value):
          try completionHandler(value, nil)
        case .file(let file):
          if let original = file.inPlaceURL { return try completionHandler(.url(original), nil) }
          try world.withTemporaryFile(file.bytes, suggestedName: suggestedName, type: type) { url in
            try completionHandler(.url(url), nil)
          }
        }
      })
  }

  /// The bytes of a representation: a value encoded as the type, the data,
  /// or the copy of a file (file to Data, §5.2).
  private static func bytes(of raw: Raw) -> Data {
    switch raw {
    case .value(let value, let type): value.encoded(as: type)
    case .data(let bytes, _), .file(let bytes, _, _): bytes
    }
  }

  private static func filePayload(of raw: Raw) -> FilePayload {
    if case .file(let bytes, _, let original) = raw { return FilePayload(bytes: bytes, inPlaceURL: original) }
    return FilePayload(bytes: bytes(of: raw), inPlaceURL: nil)
  }

  /// The shared machinery of every load: tracing, the performDrop gate,
  /// session accounting, cancellation, latency and delivery.
  private func startLoad<Payload: CustomStringConvertible>(
    method: String, argument: TraceArgument, representation: Representation?,
    missing: ItemProviderError, convert: @escaping (Raw) -> Result<Payload, ItemProviderError>,
    deliver: @escaping (Result<Payload, ItemProviderError>) throws -> Void
  ) throws -> LoadProgress {
    let progress = LoadProgress(totalUnitCount: size)
    guard let world else { return progress }
    let state = session
    let phase = state?.loadPhase
    // A load UIKit starts for a session's loadObjects: its completion is UIKit's too.
    let byUIKit = world.nextEventByUIKit
    world.record(.step, method, phase: phase, session: state?.id, arguments: [argument])
    let queue = world.providerQueue
    let scheduler = world.scheduler
    let requestTime = scheduler.now
    var latency = self.latency(forTypeIdentifier: representation?.typeIdentifier)
    let fault = try world.loadStartHook?(LoadStart(method: method, progress: progress, latency: latency))
    if case .delay(let extra) = fault { latency += max(0, extra) }
    if latency > 0 {
      let start = requestTime.seconds
      let span = latency
      progress.estimate = { [link = world.link] in
        guard let now = link.world?.scheduler.now.seconds else { return 0 }
        return (now - start) / span
      }
    }
    // Work labels name the load, so that a policy exploring orders tells loads apart.
    let label = "\(method) \(argument.value)"
    var delivered = false
    /// Whether the session counts this load (it gates sessionDidTransferItems).
    var counted = false
    // The closures below are kept by the progress (onCancel) and by the
    // scheduler, which the world and the session own: held strongly, the
    // world, the session, the progress and whatever the completion captured
    // (a script's whole program) would keep each other alive after the scene
    // is gone, so they reach the world (and its scheduler) through its link.
    // Pending work holds the session strongly (a load in flight keeps it
    // alive, as in UIKit); the progress's cancel handler does not.
    let worldLink = world.link
    weak let weakProgress = progress
    weak let weakState = state
    let sessionID = state?.id

    func finish(_ result: Result<Payload, ItemProviderError>, of state: DragState?) throws {
      guard !delivered else { return }
      delivered = true
      weakProgress?.markFinished()
      let outcome: String =
        switch result {
        // The description itself: `String(describing:)` looked the
        // conformance up at run time, at every load of every explored order.
        case .success(let payload): payload.description
        case .failure(let error): error.description
        }
      worldLink.world?.record(
        .step, "loadCompleted", phase: phase, session: sessionID, arguments: [argument], result: outcome,
        byUIKit: byUIKit)
      try deliver(result)
      if counted { try state?.noteLoadFinished() }
    }

    /// Set when the progress is cancelled: from then on the completion
    /// brings the cancellation error, whatever the load would have brought.
    var cancelled = false
    /// The completion queued with the load's result, while it is pending.
    var completionWork: Int?

    /// Delivers once the latency since the request has passed (unless the
    /// load was cancelled meanwhile: the cancellation delivers instead).
    func deliverWhenDue(_ result: Result<Payload, ItemProviderError>) throws {
      guard !cancelled, let scheduler = worldLink.world?.scheduler else { return }
      let dueIn = max(0, requestTime.adding(seconds: latency).seconds - scheduler.now.seconds)
      completionWork = try scheduler.enqueue(on: queue, after: dueIn, label: label + " completion") {
        completionWork = nil
        try finish(result, of: state)
      }
    }

    if let state, !state.isDataAccessOpen {
      // Choice (§13.7): a load outside performDrop fails with item-unavailable,
      // delivered like any other result, and the console explains why.
      world.warn(
        "\(method) was called outside \(state.dropMethodName); item provider data can only "
          + "be requested during the drop, so this load fails", phase: phase, session: state.id)
      try scheduler.enqueue(on: queue, label: label + " completion") {
        let type = representation?.typeIdentifier ?? argument.value
        try finish(.failure(.itemUnavailable(type: type)), of: state)
      }
      return progress
    }
    if let state {
      state.noteLoadStarted(progress)
      counted = true
    }
    var sourceProgress: LoadProgress?
    progress.onCancel = {
      cancelled = true
      try sourceProgress?.cancel()
      // A completion already queued with the data is withdrawn: the one
      // below brings the error in its place (§5.2), and the withdrawn one
      // is no longer work an explorer would order.
      if let pending = completionWork {
        worldLink.world?.scheduler.cancel(pending)
        completionWork = nil
      }
      try worldLink.world?.scheduler.enqueue(on: queue, label: label + " cancelled") {
        try finish(.failure(.cancelled), of: weakState)
      }
    }
    var failure = self.failure(forTypeIdentifier: representation?.typeIdentifier)
    if case .fail(let message) = fault { failure = .unknown(message) }
    // Obtaining a stored value runs no app code, so its place among other work
    // cannot matter: the label says so ("obtain"), and explorers need not vary it.
    let runsAppCode: Bool
    if failure == nil, let source = representation?.source, source.isStored {
      runsAppCode = false
    } else {
      runsAppCode = failure == nil && representation != nil
    }
    try scheduler.enqueue(on: queue, label: label + (runsAppCode ? " load handler" : " obtain")) {
      guard !delivered else { return }
      if let failure { return try deliverWhenDue(.failure(failure)) }
      guard let representation else { return try deliverWhenDue(.failure(missing)) }
      var obtained = false
      func obtain(_ raw: Result<Raw, ItemProviderError>) throws {
        guard !obtained else { return }
        obtained = true
        try deliverWhenDue(raw.flatMap(convert))
      }
      let type = representation.typeIdentifier
      switch representation.source {
      case .value(let value):
        try obtain(.success(.value(value, type: type)))
      case .data(let handler):
        sourceProgress = try handler { bytes, error in
          try obtain(bytes.map { .success(.data($0, type: type)) } ?? .failure(error ?? .unknown()))
        }
      case .object(let handler):
        sourceProgress = try handler { value, error in
          try obtain(value.map { .success(.value($0, type: type)) } ?? .failure(error ?? .unknown()))
        }
      case .item(let handler):
        try handler { value, error in
          try obtain(value.map { .success(.value($0, type: type)) } ?? .failure(error ?? .unknown()))
        }
      case .file(let handler, let options):
        sourceProgress = try handler { url, _, error in
          guard let url else { return try obtain(.failure(error ?? .unknown())) }
          try obtain(Self.file(at: url, type: type, inPlace: options.contains(.openInPlace), in: worldLink.world))
        }
      case .storedFile(let url):
        try obtain(Self.file(at: url, type: type, inPlace: false, in: worldLink.world))
      }
    }
    return progress
  }
}

extension ItemProvider {
  /// A file a representation hands over, copied now (without `.openInPlace`
  /// UIKit copies it before the load handler returns, §5.2). Choice: a URL
  /// the world has no file at fails as item-unavailable (-1000).
  static func file(
    at url: String, type: String, inPlace: Bool, in world: World?
  ) -> Result<Raw, ItemProviderError> {
    guard let bytes = world?.virtualFileContents(url) else { return .failure(.itemUnavailable(type: type)) }
    return .success(.file(bytes, type: type, inPlaceURL: inPlace ? url : nil))
  }
}

extension ItemProvider.Representation.Source {
  /// True for what the provider holds itself: obtaining it runs no app code
  /// and reads nothing app code can change. A stored file is read when it is
  /// obtained, and a script may rewrite it meanwhile, so its place among
  /// other work can matter.
  var isStored: Bool {
    switch self {
    case .value: true
    case .data, .object, .item, .file, .storedFile: false
    }
  }
}

extension Result {
  var success: Success? {
    if case .success(let value) = self { return value }
    return nil
  }

  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
