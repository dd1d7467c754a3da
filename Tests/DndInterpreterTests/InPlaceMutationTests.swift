import DndInterpreter
import Testing

/// Arrays, strings and dictionaries held by one variable change in place:
/// appending in a loop must stay linear. Each test notes where the storage
/// is, lets go of it, runs a change, and checks the storage did not move.
@Suite struct InPlaceMutationTests {
  /// The address of an array's buffer (the array itself is released on return).
  func bufferAddress(_ value: Value) -> Int? {
    guard case .array(let elements) = value else { return nil }
    return elements.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
  }

  func boxIdentity(_ value: Value) -> ObjectIdentifier? {
    switch value {
    case .string(let box): return ObjectIdentifier(box)
    case .dictionary(let box): return ObjectIdentifier(box)
    default: return nil
    }
  }

  @Test(arguments: [
    "a.removeLast()\na.append(9)", "a[0] = 7", "a[1] += 1", "a.swapAt(0, 1)",
    "a.removeLast()\na.insert(0, at: 0)",
    "a.sort()", "a.reverse()",
  ])
  func arraysChangeInPlace(_ change: String) throws {
    let session = try makeInterpreter("var a = [3, 2, 1, 0]\nfunc change() {\n\(change)\n}")
    let before = bufferAddress(session.global("a"))
    _ = try session.interpreter.call(session.global("change"), [])
    #expect(before != nil && bufferAddress(session.global("a")) == before)
  }

  @Test func nestedArraysChangeInPlace() throws {
    let session = try makeInterpreter(
      "var a = [[1, 2], [3]]\nfunc change() {\na[0].removeLast()\na[0].append(5)\n}")
    func inner() -> Int? {
      guard case .array(let rows) = session.global("a") else { return nil }
      return bufferAddress(rows[0])
    }
    let before = inner()
    _ = try session.interpreter.call(session.global("change"), [])
    #expect(before != nil && inner() == before)
  }

  @Test(arguments: ["s += \"x\"", "s.append(\"y\")"])
  func stringsGrowInPlace(_ change: String) throws {
    // The first change copies the literal's shared box; later ones are in place.
    let session = try makeInterpreter("var s = \"start\"\ns += \"!\"\nfunc change() { \(change) }")
    let before = boxIdentity(session.global("s"))
    _ = try session.interpreter.call(session.global("change"), [])
    #expect(before != nil && boxIdentity(session.global("s")) == before)
  }

  @Test(arguments: [
    "d[\"k\"] = 2", "d[\"n\"] = 1", "d.removeValue(forKey: \"k\")", "d[\"k\", default: 0] += 1",
  ])
  func dictionariesChangeInPlace(_ change: String) throws {
    let session = try makeInterpreter("var d = [\"k\": 1]\nfunc change() { \(change) }")
    let before = boxIdentity(session.global("d"))
    _ = try session.interpreter.call(session.global("change"), [])
    #expect(before != nil && boxIdentity(session.global("d")) == before)
  }

  @Test func aSharedArrayIsCopiedNotChanged() throws {
    let session = try makeInterpreter("var a = [1]\nvar b = a\nfunc change() { b.append(2) }")
    _ = try session.interpreter.call(session.global("change"), [])
    #expect(session.global("a") == .array([.int(1)]))
    #expect(session.global("b") == .array([.int(1), .int(2)]))
  }
}
