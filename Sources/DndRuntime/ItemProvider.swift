import Foundation

/// Who may see a representation (`NSItemProviderRepresentationVisibility`).
public enum RepresentationVisibility: Int, Codable, Sendable {
  case all = 0, team = 1, group = 2, ownProcess = 3
}

/// An error of `NSItemProviderErrorDomain` (§5.2), or the cancellation error
/// a cancelled load delivers.
public struct ItemProviderError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
  public var domain: String
  public var code: Int
  public var message: String

  public init(domain: String = ItemProviderError.domainName, code: Int, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  public static let domainName = "NSItemProviderErrorDomain"

  public static func unknown(_ message: String = "An unknown error occurred.") -> Self {
    Self(code: -1, message: message)
  }

  /// -1000: no usable representation of the requested type.
  public static func itemUnavailable(type: String) -> Self {
    Self(code: -1000, message: "Cannot load representation of type \(type)")
  }

  /// -1100: a load handler delivered a value of the wrong class.
  public static func unexpectedValueClass(_ className: String) -> Self {
    Self(code: -1100, message: "Unexpected value class \(className)")
  }

  /// -1200: the data could not be turned into an object of the class.
  public static func unavailableCoercion(className: String) -> Self {
    Self(code: -1200, message: "Could not coerce an item to class \(className)")
  }

  /// What a cancelled load delivers. Choice: Cocoa's user-cancelled error
  /// (NSCocoaErrorDomain 3072), since UIKit reports "an error" without naming it.
  public static let cancelled = Self(
    domain: "NSCocoaErrorDomain", code: 3072, message: "The operation was cancelled.")

  public var description: String { "Error Domain=\(domain) Code=\(code) \"\(message)\"" }
}

/// Gives a load handler its result: a value or an error.
public typealias ValueCompletion = (ItemValue?, ItemProviderError?) throws -> Void
/// Gives a data load handler its result.
public typealias DataCompletion = (Data?, ItemProviderError?) throws -> Void

/// `NSItemProviderFileOptions`: how a file representation is handed over.
public struct ItemProviderFileOptions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The receiver may open the original file instead of a copy (§5.2).
  public static let openInPlace = Self(rawValue: 1)
}

/// Gives a file load handler its result: a file URL, whether the file must be
/// accessed through a file coordinator, or an error.
public typealias FileCompletion = (String?, Bool, ItemProviderError?) throws -> Void

/// NSItemProvider: an ordered list of representations (highest fidelity first)
/// and asynchronous loads that complete on a background queue.
///
/// A scenario can make a provider slow (`latency`), big (`size`, the units of
/// its progress) or failing (`failure`). Providers dragged in a session only
/// deliver data to loads started inside `performDrop` (§3.6).
public final class ItemProvider {
  struct Representation {
    enum Source {
      case value(ItemValue)
      case data((@escaping DataCompletion) throws -> LoadProgress?)
      case object((@escaping ValueCompletion) throws -> LoadProgress?)
      case item((@escaping ValueCompletion) throws -> Void)
      case file((@escaping FileCompletion) throws -> LoadProgress?, ItemProviderFileOptions)
      /// A file of the world, registered by `init(contentsOf:)` or by a
      /// legacy item that is a file URL; read when a load obtains it.
      case storedFile(String)
    }

    let typeIdentifier: String
    let visibility: RepresentationVisibility
    let source: Source
    /// The item of `init(item:typeIdentifier:)`, which a load handler
    /// registered later for its type takes the place of.
    var isInitialItem = false

    /// The file options it was registered with (none but a file's).
    var fileOptions: ItemProviderFileOptions {
      if case .file(_, let options) = source { return options }
      return []
    }
  }

  let worldLink: WorldLink
  /// The world this provider reports to; nil once it is gone.
  public var world: World? { worldLink.world }
  private var ownRepresentations: [Representation] = []
  /// Set on the copy another app sees of a dragged provider.
  private let original: ItemProvider?
  private var settings = Settings()
  /// The session this provider is dragged in; it gates data access.
  weak var dragState: DragState?

  private struct Settings {
    var latency = 0.0
    /// Latencies of single representations, in the order they were set.
    var typeLatencies: [(type: String, seconds: Double)] = []
    var size: Int64 = 1
    var failure: ItemProviderError?
    /// Failures of single representations, in the order they were set.
    var typeFailures: [(type: String, error: ItemProviderError)] = []
    var suggestedName: String?
    var preferredPresentationSize = Size.zero
    var teamData: Data?
  }

  /// An empty provider.
  public init(world: World) {
    self.worldLink = world.link
    self.original = nil
  }

  /// `NSItemProvider(object:)`: registers the value's writable types.
  public convenience init(object: ItemValue, world: World) {
    self.init(world: world)
    registerObject(object)
  }

  /// `NSItemProvider(item:typeIdentifier:)`, the legacy interface: the item
  /// under that type; a nil item gives an empty provider. Choices: a nil type
  /// registers the item's writable types, as `init(object:)`; a file URL
  /// registered as a type that is not a URL stands for the file's contents
  /// (the legacy coercion URL to Data reads the file). Seed 004 passes a URL
  /// as "public.mpeg-4" and then registers a load handler for the same type,
  /// reporting that the item "is not used later"; so a
  /// `registerItem(forTypeIdentifier:)` of that type replaces it.
  public convenience init(item: ItemValue?, typeIdentifier type: String?, world: World) {
    self.init(world: world)
    guard let item else { return }
    guard let type else {
      registerObject(item)
      return
    }
    let source: Representation.Source
    if case .url(let url) = item, World.isFileURL(url), !TypeIdentifier.conforms(type, to: "public.url") {
      source = .storedFile(url)
    } else {
      source = .value(item)
    }
    var representation = Representation(typeIdentifier: type, visibility: .all, source: source)
    representation.isInitialItem = true
    ownRepresentations.append(representation)
  }

  /// `NSItemProvider(contentsOf:)`: the world's file at `url`, as a file
  /// representation of the type its extension names (§5.2); nil when the
  /// world has no file there, as Swift's initialiser is nil for a missing
  /// file. Choices: the file is registered without `.openInPlace` (a load
  /// gets a copy), visible to all, and `suggestedName` stays nil.
  public convenience init?(contentsOf url: String, world: World) {
    guard World.isFileURL(url), world.fileExists(url) else { return nil }
    self.init(world: world)
    let fileExtension = URL(string: url)?.pathExtension ?? ""
    ownRepresentations.append(
      Representation(
        typeIdentifier: TypeIdentifier.forFileExtension(fileExtension), visibility: .all,
        source: .storedFile(url)))
  }

  /// The provider another app sees: same data, minus own-process representations.
  init(mirroring original: ItemProvider) {
    self.worldLink = original.worldLink
    self.original = original
  }

  private var base: ItemProvider { original ?? self }

  /// Virtual seconds between a load request and its completion.
  public var latency: Double {
    get { base.settings.latency }
    set { base.settings.latency = max(0, newValue) }
  }
  /// Makes loads of one representation take `seconds` (other loads keep
  /// `latency`). A load uses the entry for its representation's type, or
  /// else the first entry that type conforms to.
  public func setLatency(_ seconds: Double, forTypeIdentifier type: String) {
    base.settings.typeLatencies.removeAll { $0.type == type }
    base.settings.typeLatencies.append((type, max(0, seconds)))
  }

  /// The latency of a load that uses a representation of `type`.
  public func latency(forTypeIdentifier type: String?) -> Double {
    guard let type else { return latency }
    let entries = base.settings.typeLatencies
    if let exact = entries.first(where: { $0.type == type }) { return exact.seconds }
    if let family = entries.first(where: { TypeIdentifier.conforms(type, to: $0.type) }) { return family.seconds }
    return latency
  }

  /// The size of the data, in progress units (bytes).
  public var size: Int64 {
    get { base.settings.size }
    set { base.settings.size = max(1, newValue) }
  }
  /// When set, every load fails with this error after the latency.
  public var failure: ItemProviderError? {
    get { base.settings.failure }
    set { base.settings.failure = newValue }
  }

  /// Makes loads of one representation fail (other loads keep `failure`):
  /// an image that cannot be fetched while its URL can. A load uses the
  /// entry for its representation's type, or else the first entry that type
  /// conforms to, as for latencies.
  public func setFailure(_ error: ItemProviderError, forTypeIdentifier type: String) {
    base.settings.typeFailures.removeAll { $0.type == type }
    base.settings.typeFailures.append((type, error))
  }

  /// The failure of a load that uses a representation of `type`, if any.
  public func failure(forTypeIdentifier type: String?) -> ItemProviderError? {
    guard let type else { return failure }
    let entries = base.settings.typeFailures
    if let exact = entries.first(where: { $0.type == type }) { return exact.error }
    if let family = entries.first(where: { TypeIdentifier.conforms(type, to: $0.type) }) {
      return family.error
    }
    return failure
  }
  public var suggestedName: String? {
    get { base.settings.suggestedName }
    set { base.settings.suggestedName = newValue }
  }
  public var preferredPresentationSize: Size {
    get { base.settings.preferredPresentationSize }
    set { base.settings.preferredPresentationSize = newValue }
  }

  /// `teamData` (a UIKit addition, §5.2): metadata of up to 8 KB that apps
  /// of the source's team can read while the drag goes on, before any drop:
  /// it is not data behind the performDrop gate. Under the runtime's choice
  /// that all apps of a world are one team, every app sees it.
  public var teamData: Data? { base.settings.teamData }

  /// The most bytes `teamData` holds.
  public static let teamDataLimit = 8 * 1024

  /// Sets `teamData`. Choice (what UIKit does with more than 8 KB is not
  /// documented): more is refused, the old value stays, and the console
  /// says so; returns whether the data was kept.
  @discardableResult
  public func setTeamData(_ data: Data?) -> Bool {
    if let data, data.count > Self.teamDataLimit {
      world?.warn(
        "NSItemProvider.teamData holds at most \(Self.teamDataLimit) bytes; \(data.count) bytes were not kept",
        session: session?.id)
      return false
    }
    base.settings.teamData = data
    return true
  }

  /// The representations this provider shows, in registration order.
  var representations: [Representation] {
    guard let original else { return ownRepresentations }
    // Choice: all apps of a world belong to one team, so only own-process
    // representations are hidden from other apps.
    return original.representations.filter { $0.visibility != .ownProcess } + ownRepresentations
  }

  /// The first of `representations` that `matches` accepts, found without
  /// building the list: sessions ask a provider what it can load at every
  /// drag update.
  func firstRepresentation(where matches: (Representation) -> Bool) -> Representation? {
    if let original,
      let found = original.firstRepresentation(where: { $0.visibility != .ownProcess && matches($0) })
    {
      return found
    }
    return ownRepresentations.first(where: matches)
  }

  var session: DragState? { base.dragState }

  // MARK: Registration

  /// `registerObject(_:visibility:)`: one representation per writable type
  /// of the value; types already registered are ignored.
  public func registerObject(_ value: ItemValue, visibility: RepresentationVisibility = .all) {
    for type in value.writableTypeIdentifiers where !isRegistered(type) {
      ownRepresentations.append(
        Representation(typeIdentifier: type, visibility: visibility, source: .value(value)))
    }
  }

  /// `registerObject(ofClass:visibility:loadHandler:)`: the object is made
  /// lazily, when a load asks for it.
  public func registerObject(
    ofClass objectClass: ObjectClass, visibility: RepresentationVisibility = .all,
    loadHandler: @escaping (@escaping ValueCompletion) throws -> LoadProgress?
  ) {
    for type in objectClass.writableTypeIdentifiers where !isRegistered(type) {
      ownRepresentations.append(
        Representation(typeIdentifier: type, visibility: visibility, source: .object(loadHandler)))
    }
  }

  /// `registerDataRepresentation(forTypeIdentifier:visibility:loadHandler:)`.
  public func registerDataRepresentation(
    forTypeIdentifier type: String, visibility: RepresentationVisibility = .all,
    loadHandler: @escaping (@escaping DataCompletion) throws -> LoadProgress?
  ) {
    ownRepresentations.append(
      Representation(typeIdentifier: type, visibility: visibility, source: .data(loadHandler)))
  }

  /// `registerFileRepresentation(forTypeIdentifier:fileOptions:visibility:loadHandler:)`.
  /// The handler completes with a file URL of the world, a coordinated flag
  /// and an error. Without `.openInPlace` the provider copies the file as the
  /// handler hands it over; with it, `loadInPlaceFileRepresentation` gives
  /// the original (§5.2). Choice: the coordinated flag changes nothing, since
  /// the world's files have no other writers to coordinate with.
  public func registerFileRepresentation(
    forTypeIdentifier type: String, fileOptions: ItemProviderFileOptions = [],
    visibility: RepresentationVisibility = .all,
    loadHandler: @escaping (@escaping FileCompletion) throws -> LoadProgress?
  ) {
    ownRepresentations.append(
      Representation(typeIdentifier: type, visibility: visibility, source: .file(loadHandler, fileOptions)))
  }

  /// `registerItem(forTypeIdentifier:loadHandler:)`, the legacy interface.
  public func registerItem(
    forTypeIdentifier type: String, loadHandler: @escaping (@escaping ValueCompletion) throws -> Void
  ) {
    let item = Representation(typeIdentifier: type, visibility: .all, source: .item(loadHandler))
    if let initial = ownRepresentations.firstIndex(where: { $0.isInitialItem && $0.typeIdentifier == type }) {
      ownRepresentations[initial] = item
    } else {
      ownRepresentations.append(item)
    }
  }

  private func isRegistered(_ type: String) -> Bool {
    firstRepresentation { $0.typeIdentifier == type } != nil
  }

  // MARK: Metadata (always available)

  /// In registration order, highest fidelity first.
  public var registeredTypeIdentifiers: [String] {
    representations.map(\.typeIdentifier)
  }

  /// True if some registered type conforms to `type` (UTI conformance).
  public func hasItemConformingToTypeIdentifier(_ type: String) -> Bool {
    firstRepresentation { TypeIdentifier.conforms($0.typeIdentifier, to: type) } != nil
  }

  /// `registeredTypeIdentifiers(fileOptions:)`: the types whose
  /// representations were registered with all of `fileOptions` (§5.2), so
  /// `[]` gives every type and `.openInPlace` the files that open in place.
  public func registeredTypeIdentifiers(fileOptions: ItemProviderFileOptions) -> [String] {
    representations.filter { $0.fileOptions.isSuperset(of: fileOptions) }.map(\.typeIdentifier)
  }

  /// `hasRepresentationConforming(toTypeIdentifier:fileOptions:)`, filtered
  /// by file options as `registeredTypeIdentifiers(fileOptions:)` is.
  public func hasRepresentationConforming(
    toTypeIdentifier type: String, fileOptions: ItemProviderFileOptions = []
  ) -> Bool {
    firstRepresentation {
      $0.fileOptions.isSuperset(of: fileOptions) && TypeIdentifier.conforms($0.typeIdentifier, to: type)
    } != nil
  }

  /// True if a registered type can produce an object of the class.
  public func canLoadObject(ofClass objectClass: ObjectClass) -> Bool {
    firstRepresentation { objectClass.canRead($0.typeIdentifier) } != nil
  }

  /// The representation a load of `objectClass` uses: the highest-fidelity
  /// one the class can read.
  func representation(for objectClass: ObjectClass) -> Representation? {
    firstRepresentation { objectClass.canRead($0.typeIdentifier) }
  }

  /// The representation a data load of `type` uses: an exact match, else the
  /// first registered type conforming to it.
  func representation(forType type: String) -> Representation? {
    firstRepresentation { $0.typeIdentifier == type }
      ?? firstRepresentation { TypeIdentifier.conforms($0.typeIdentifier, to: type) }
  }
}

extension ItemProvider: CustomStringConvertible {
  public var description: String {
    "NSItemProvider(" + registeredTypeIdentifiers.joined(separator: ", ") + ")"
  }
}
