import DndCheck
import Foundation

// `UserDefaults.standard` and `JSON`: how the Image Gallery keeps its
// gallery between launches. Both stay inside the simulation: the store is
// the run's `DefaultsStore` (in memory unless the command line names a
// file), and JSON goes between values and `Data`, never to a file.

/// `UserDefaults.standard`: the run's store, with UserDefaults' accessors.
final class UserDefaultsObject: NativeObject {
  let store: DefaultsStore

  init(_ store: DefaultsStore) {
    self.store = store
  }

  override var typeName: String { "UserDefaults" }
  override func isInstance(of type: Builtin) -> Bool { type == .userDefaults || type == .nsObject }
  override func isEqual(to other: NativeObject) -> Bool { (other as? UserDefaultsObject)?.store === store }
  override func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(store)) }

  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if member.known == .description { return .string(description) }
    throw RuntimeError(.unknownMember(interpreter.name(of: member), type: typeName))
  }

  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws
    -> Value
  {
    // Dispatched on known members, like every other object, so that the
    // checker's list of member names (`KnownMember`) is the whole list.
    let name = interpreter.name(of: member)
    if member.known == .set, arguments.hasLabels(nil, .forKey) {
      let key = try Convert.string(arguments[1], for: "set(_:forKey:)")
      store.set(try DefaultsBridge.defaultsValue(arguments[0]), forKey: key)
      return .nil
    }
    if member.known == .synchronize, arguments.isEmpty { return .bool(true) }
    guard arguments.hasLabels(.forKey) else {
      throw RuntimeError(.noMatchingMethod(name, type: typeName, labels: labels(arguments)))
    }
    let key = try Convert.string(arguments[0], for: "\(name)(forKey:)")
    if member.known == .removeObject {
      // Removing reads nothing: a run the explorer makes ahead on a copy of
      // the store then does not depend on the key's earlier value.
      store.set(nil, forKey: key)
      return .nil
    }
    let stored = store.value(forKey: key)
    switch member.known {
    case .object?: return stored.map(DefaultsBridge.value) ?? .nil
    case .string?:
      // UserDefaults turns a number into its text, as `string(forKey:)` does.
      switch stored {
      case .string(let text)?: return .string(text)
      case .int(let number)?: return .string(String(number))
      case .double(let number)?: return .string(String(number))
      default: return .nil
      }
    case .data?:
      if case .data(let bytes)? = stored { return .object(DataObject(Data(bytes))) }
      return .nil
    case .array?:
      if case .array? = stored { return stored.map(DefaultsBridge.value) ?? .nil }
      return .nil
    case .dictionary?:
      if case .dictionary? = stored { return stored.map(DefaultsBridge.value) ?? .nil }
      return .nil
    case .integer?:
      switch stored {
      case .int(let number)?: return .int(number)
      case .double(let number)? where number.isFinite && abs(number) < 9e18: return .int(Int(number))
      case .bool(let flag)?: return .int(flag ? 1 : 0)
      case .string(let text)?: return .int(Int(text) ?? 0)
      default: return .int(0)
      }
    case .double?:
      switch stored {
      case .int(let number)?: return .double(Double(number))
      case .double(let number)?: return .double(number)
      case .bool(let flag)?: return .double(flag ? 1 : 0)
      case .string(let text)?: return .double(Double(text) ?? 0)
      default: return .double(0)
      }
    case .bool?:
      switch stored {
      case .bool(let flag)?: return .bool(flag)
      case .int(let number)?: return .bool(number != 0)
      case .double(let number)?: return .bool(number != 0)
      case .string(let text)?: return .bool(["yes", "true", "1"].contains(text.lowercased()))
      default: return .bool(false)
      }
    default:
      throw RuntimeError(.noMatchingMethod(name, type: typeName, labels: labels(arguments)))
    }
  }

  private func labels(_ arguments: Arguments) -> String {
    (0..<arguments.count).map { arguments.label($0) == nil ? "_:" : "label:" }.joined()
  }
}

/// Script values to and from `DefaultsValue` and `JSONValue`.
enum DefaultsBridge {
  /// A value UserDefaults can keep (a property-list value); nil removes.
  static func defaultsValue(_ value: Value, depth: Int = 0) throws -> DefaultsValue? {
    guard depth <= DefaultsStore.maxNesting else { throw tooDeep("UserDefaults", limit: DefaultsStore.maxNesting) }
    switch value {
    case .nil: return nil
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .int(number)
    case .double(let number): return .double(number)
    case .string(let box): return .string(box.value)
    case .array(let elements):
      return .array(try elements.map { try required(defaultsValue($0, depth: depth + 1), "UserDefaults") })
    case .dictionary(let box):
      var entries: [DefaultsValue.Entry] = []
      for (key, element) in zip(box.keys, box.values) {
        guard let key = key.stringValue else { throw notStorable(key, "UserDefaults", asKey: true) }
        let stored = try required(defaultsValue(element, depth: depth + 1), "UserDefaults")
        entries.append(DefaultsValue.Entry(key, stored))
      }
      return .dictionary(entries)
    case .object(let object as DataObject): return .data([UInt8](object.data))
    case .object(let object as URLObject): return .string(object.string)
    default: throw notStorable(value, "UserDefaults")
    }
  }

  /// The script value of a stored one.
  static func value(_ stored: DefaultsValue) -> Value {
    switch stored {
    case .string(let text): return .string(text)
    case .int(let number): return .int(number)
    case .double(let number): return .double(number)
    case .bool(let flag): return .bool(flag)
    case .data(let bytes): return .object(DataObject(Data(bytes)))
    case .array(let elements): return .array(elements.map(value))
    case .dictionary(let entries):
      let box = DictionaryBox()
      for entry in entries { box.set(value(entry.value), for: .string(entry.key)) }
      return .dictionary(box)
    }
  }

  /// A value `JSON.encode` can write. Data becomes Base64 text and a URL
  /// its string, as JSONEncoder writes them.
  static func json(_ value: Value, depth: Int = 0) throws -> JSONValue {
    guard depth <= JSONValue.maxDepth else { throw tooDeep("JSON.encode", limit: JSONValue.maxDepth) }
    switch value {
    case .nil: return .null
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .int(number)
    case .double(let number):
      guard number.isFinite else {
        let shown = number.isNaN ? "nan" : number.description
        throw RuntimeError(.invalidArgument("JSON.encode cannot write \(shown): JSON numbers are finite"))
      }
      return .double(number)
    case .string(let box): return .string(box.value)
    case .array(let elements): return .array(try elements.map { try json($0, depth: depth + 1) })
    case .dictionary(let box):
      // Values read in place and the members' room reserved: a script may
      // encode its whole model after every change.
      var members: [JSONValue.Member] = []
      members.reserveCapacity(box.count)
      for (position, key) in box.keys.enumerated() {
        guard let key = key.stringValue else { throw notStorable(key, "JSON.encode", asKey: true) }
        members.append(JSONValue.Member(key, try json(box.value(at: position), depth: depth + 1)))
      }
      return .object(members)
    case .object(let object as DataObject): return .string(Base64.encode([UInt8](object.data)))
    case .object(let object as URLObject): return .string(object.string)
    default: throw notStorable(value, "JSON.encode")
    }
  }

  /// The script value of a JSON value: objects become dictionaries with
  /// String keys, null becomes nil.
  static func value(_ json: JSONValue) -> Value {
    switch json {
    case .null: return .nil
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .int(number)
    case .double(let number): return .double(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(value))
    case .object(let members):
      let box = DictionaryBox()
      for member in members { box.set(value(member.value), for: .string(member.key)) }
      return .dictionary(box)
    }
  }

  private static func required(_ value: DefaultsValue?, _ api: String) throws -> DefaultsValue {
    guard let value else {
      throw RuntimeError(.invalidArgument("\(api) cannot keep nil inside an array or a dictionary"))
    }
    return value
  }

  private static func notStorable(_ value: Value, _ api: String, asKey: Bool = false) -> RuntimeError {
    let type = "'\(value.typeName)'"
    let what = asKey ? "a dictionary key of type \(type); keys must be strings" : "a value of type \(type)"
    return RuntimeError(
      .invalidArgument(
        "\(api) cannot keep \(what) (it keeps nil, Bool, Int, Double, String, Data, URL, "
          + "and arrays and dictionaries of them)"))
  }

  private static func tooDeep(_ api: String, limit: Int) -> RuntimeError {
    RuntimeError(.invalidArgument("\(api) cannot keep values nested more than \(limit) levels deep"))
  }
}

/// The `UserDefaults` and `JSON` builtins.
enum DefaultsTypes {
  static func register(in registry: NativeRegistry, scene slot: SceneSlot) {
    registry.register(
      BoundType(
        .userDefaults,
        statics: { member in
          guard member.known == .standard, let scene = slot.scene else { return nil }
          return .object(UserDefaultsObject(scene.defaults))
        }))
    registry.register(BoundType(.json, staticCalls: json))
  }

  /// `JSON.encode(value) -> Data` and `JSON.decode(data) -> value?`; decode
  /// also takes a String, and gives nil for text that is not JSON.
  private static func json(_ member: Symbol, _ arguments: Arguments) throws -> Value? {
    switch member.known {
    case .encode?:
      guard arguments.count == 1 else {
        throw RuntimeError(.wrongArgumentCount("JSON.encode", expected: 1, found: arguments.count))
      }
      // `json` has checked what `encoded` could refuse (depth, non-finite numbers).
      let bytes = try DefaultsBridge.json(arguments[0]).encoded() ?? []
      return .object(DataObject(Data(bytes)))
    case .decode?:
      guard arguments.count == 1 else {
        throw RuntimeError(.wrongArgumentCount("JSON.decode", expected: 1, found: arguments.count))
      }
      let bytes: [UInt8]
      if let data = arguments[0].object(as: DataObject.self) {
        bytes = [UInt8](data.data)
      } else if let text = arguments[0].stringValue {
        bytes = Array(text.utf8)
      } else {
        throw RuntimeError(
          .wrongArgumentType("JSON.decode", expected: "Data or a String", found: arguments[0].typeName))
      }
      return JSONValue(decoding: bytes).map(DefaultsBridge.value) ?? .nil
    default:
      return nil
    }
  }
}
