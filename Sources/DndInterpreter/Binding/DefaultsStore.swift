/// A value `UserDefaults` keeps: a property-list value.
public indirect enum DefaultsValue: Hashable, Sendable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case data([UInt8])
  case array([DefaultsValue])
  /// Keys in the order they were set.
  case dictionary([Entry])

  /// One key and value of a dictionary.
  public struct Entry: Hashable, Sendable {
    public var key: String
    public var value: DefaultsValue

    public init(_ key: String, _ value: DefaultsValue) {
      self.key = key
      self.value = value
    }
  }
}

/// The `UserDefaults` store of one run: every scene of the run (the plain
/// run, then each scenario, like launches of one app on one device) reads
/// and writes the same store.
///
/// It lives in memory. The command line may load it from a file before the
/// run (`--defaults FILE`) and save it after; the store itself never touches
/// a file, so a script has no way to reach the file system through it.
///
/// A reference, shared by the scenes of a run and the command line, and
/// Sendable: its state is behind a mutex.
public final class DefaultsStore: Sendable {
  private struct State {
    var entries: [DefaultsValue.Entry] = []
    var changed = false
  }

  private let state: Locked<State>

  /// An empty store.
  public init() {
    state = Locked(State())
  }

  /// A store with these values, unchanged.
  public init(_ entries: [DefaultsValue.Entry]) {
    state = Locked(State(entries: entries))
  }

  /// The value for `key`, if one was set.
  public func value(forKey key: String) -> DefaultsValue? {
    state.withLock { state in
      state.entries.first { $0.key == key }?.value
    }
  }

  /// Sets `key` (keeping its place if it existed), or removes it when
  /// `value` is nil.
  public func set(_ value: DefaultsValue?, forKey key: String) {
    state.withLock { state in
      let index = state.entries.firstIndex { $0.key == key }
      switch (value, index) {
      case (let value?, let index?): state.entries[index].value = value
      case (let value?, nil): state.entries.append(DefaultsValue.Entry(key, value))
      case (nil, let index?): state.entries.remove(at: index)
      case (nil, nil): return
      }
      state.changed = true
    }
  }

  /// Every key and value, in the order they were first set.
  public var entries: [DefaultsValue.Entry] { state.withLock { $0.entries } }

  /// Whether a script changed the store since it was made or loaded.
  public var hasChanges: Bool { state.withLock { $0.changed } }
}

/// Stores compare by identity: the command line's settings hold one.
extension DefaultsStore: Hashable {
  public static func == (lhs: DefaultsStore, rhs: DefaultsStore) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// MARK: - The file format

/// The file `--defaults FILE` names: JSON, each value tagged with its type
/// so that an Int, a Double, a Bool and Data come back as they went in:
///
///     {
///       "format": "dnd-defaults 1",
///       "values": {
///         "gallery": { "data": "W3sidXJsIjoi..." },
///         "launches": { "int": 3 }
///       }
///     }
///
/// Arrays are `{ "array": [ tagged, ... ] }`, dictionaries
/// `{ "dictionary": { "key": tagged, ... } }`, data is Base64.
extension DefaultsStore {
  /// The format's name and version, the file's first member.
  public static let format = "dnd-defaults 1"

  /// How deep a stored value may nest: as deep as the file can hold it. In
  /// the file each level is a tagged object around an array or object (two
  /// JSON levels), under the document, its "values" and the entry's tag;
  /// refused at `set`, a value too deep failed only when the file was written.
  public static let maxNesting = (JSONValue.maxDepth - 4) / 2

  /// Why a file's contents are not a defaults store.
  public struct FormatError: Error, Hashable, Sendable {
    public var message: String
  }

  /// A store holding what `bytes` (a file's contents) hold.
  public convenience init(decoding bytes: [UInt8]) throws(FormatError) {
    guard let document = JSONValue(decoding: bytes) else {
      throw FormatError(message: "it is not JSON (or nests more than \(JSONValue.maxDepth) levels)")
    }
    guard document["format"] == .string(Self.format), case .object(let values)? = document["values"] else {
      throw FormatError(
        message: "it is not a defaults file: it lacks \"format\": \"\(Self.format)\" and \"values\"")
    }
    var entries: [DefaultsValue.Entry] = []
    for member in values {
      guard let value = DefaultsValue(tagged: member.value) else {
        throw FormatError(message: "the value of \"\(member.key)\" is not a tagged defaults value")
      }
      entries.append(DefaultsValue.Entry(member.key, value))
    }
    self.init(entries)
  }

  /// The store as the file's contents (indented JSON ending in a newline);
  /// nil if a value cannot be written (a non-finite double, deep nesting).
  public func encoded() -> [UInt8]? {
    let values = JSONValue.object(entries.map { JSONValue.Member($0.key, $0.value.tagged) })
    let document = JSONValue.object([
      JSONValue.Member("format", .string(Self.format)), JSONValue.Member("values", values),
    ])
    return document.encoded(pretty: true)
  }
}

extension DefaultsValue {
  /// `{ "type": payload }`
  var tagged: JSONValue {
    let (tag, payload): (String, JSONValue) =
      switch self {
      case .string(let text): ("string", .string(text))
      case .int(let number): ("int", .int(number))
      case .double(let number): ("double", .double(number))
      case .bool(let flag): ("bool", .bool(flag))
      case .data(let bytes): ("data", .string(Base64.encode(bytes)))
      case .array(let elements): ("array", .array(elements.map(\.tagged)))
      case .dictionary(let entries):
        ("dictionary", .object(entries.map { JSONValue.Member($0.key, $0.value.tagged) }))
      }
    return .object([JSONValue.Member(tag, payload)])
  }

  /// The value a tagged JSON value stands for; nil if it is not one.
  init?(tagged json: JSONValue) {
    guard case .object(let members) = json, members.count == 1, let member = members.first else { return nil }
    switch (member.key, member.value) {
    case ("string", .string(let text)): self = .string(text)
    case ("int", .int(let number)): self = .int(number)
    case ("double", .double(let number)): self = .double(number)
    case ("double", .int(let number)): self = .double(Double(number))
    case ("bool", .bool(let flag)): self = .bool(flag)
    case ("data", .string(let text)):
      guard let bytes = Base64.decode(text) else { return nil }
      self = .data(bytes)
    case ("array", .array(let elements)):
      var values: [DefaultsValue] = []
      for element in elements {
        guard let value = DefaultsValue(tagged: element) else { return nil }
        values.append(value)
      }
      self = .array(values)
    case ("dictionary", .object(let members)):
      var entries: [Entry] = []
      for member in members {
        guard let value = DefaultsValue(tagged: member.value) else { return nil }
        entries.append(Entry(member.key, value))
      }
      self = .dictionary(entries)
    default: return nil
    }
  }
}

/// Base64 (RFC 4648, with padding), for Data in JSON.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var bits: UInt32 = 0
      for (offset, byte) in chunk.enumerated() { bits |= UInt32(byte) << (16 - 8 * offset) }
      for position in 0..<4 {
        if position <= chunk.count {
          out.append(alphabet[Int((bits >> (18 - 6 * position)) & 0x3F)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Nil for text that is not padded Base64.
  static func decode(_ text: String) -> [UInt8]? {
    let input = Array(text.utf8)
    guard input.count % 4 == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(input.count / 4 * 3)
    var index = 0
    while index < input.count {
      var bits: UInt32 = 0
      var padding = 0
      for position in 0..<4 {
        let byte = input[index + position]
        if byte == UInt8(ascii: "=") {
          // Padding only at the end of the last group, at most two.
          guard index + 4 == input.count, position >= 2 else { return nil }
          padding += 1
        } else {
          guard padding == 0, let value = alphabet.firstIndex(of: byte) else { return nil }
          bits |= UInt32(value) << (18 - 6 * position)
        }
      }
      let produced = [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
      out += produced.prefix(3 - padding)
      index += 4
    }
    return out
  }
}
