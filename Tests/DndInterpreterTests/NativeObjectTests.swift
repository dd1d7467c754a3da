import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// A stand-in for the binding's CGPoint: a value type.
final class TestPoint: NativeObject {
  var x: Value
  var y: Value
  init(_ x: Value, _ y: Value) {
    self.x = x
    self.y = y
  }
  override var typeName: String { "Point" }
  override var description: String { "(\(x.intValue ?? 0), \(y.intValue ?? 0))" }
  override var isValueType: Bool { true }
  override func copy() -> NativeObject { TestPoint(x, y) }
  override func isInstance(of type: Builtin) -> Bool { type == .point || type == .cgPoint }
  override func isEqual(to other: NativeObject) -> Bool {
    guard let other = other as? TestPoint else { return false }
    return x == other.x && y == other.y
  }
  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .x?: return x
    case .y?: return y
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }
  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    switch member.known {
    case .x?: x = value
    case .y?: y = value
    default: try super.setMember(member, to: value, interpreter: interpreter)
    }
  }
}

/// A stand-in for a view: a reference, with a text and an array property,
/// and a method that calls back into the script.
final class TestView: NativeObject {
  var text: Value = .nil
  var items: Value = .array([])
  var origin: Value = .object(TestPoint(.int(0), .int(0)))
  var setCount = 0
  override var typeName: String { "UILabel" }
  override func isInstance(of type: Builtin) -> Bool { type == .uiLabel || type == .uiView }
  override func getMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    switch member.known {
    case .text?: return text
    case .items?: return items
    case .origin?: return origin
    default: return try super.getMember(member, interpreter: interpreter)
    }
  }
  override func setMember(_ member: Symbol, to value: Value, interpreter: Interpreter) throws {
    setCount += 1
    switch member.known {
    case .text?: text = value
    case .items?: items = value
    case .origin?: origin = value
    default: try super.setMember(member, to: value, interpreter: interpreter)
    }
  }
  override func callMethod(_ member: Symbol, _ arguments: Arguments, interpreter: Interpreter) throws
    -> Value
  {
    switch member.known {
    case .performBatchUpdates? where arguments.count == 1:
      return try interpreter.call(arguments[0], [])
    case .loadObjects? where arguments.hasLabels(.ofClass, nil):
      return try interpreter.call(arguments[1], [.array([.string("Hello")])])
    case .cancel?:
      throw RuntimeError(.invalidArgument("cannot cancel now"))
    default:
      return try super.callMethod(member, arguments, interpreter: interpreter)
    }
  }
}

/// The binding's type for `Point`: construction, a static member.
final class TestPointType: NativeType {
  init() { super.init(.point) }
  override func construct(_ arguments: Arguments, interpreter: Interpreter) throws -> Value {
    guard arguments.count == 2 else { throw RuntimeError(.notConstructible("Point")) }
    return .object(TestPoint(arguments[0], arguments[1]))
  }
  override func staticMember(_ member: Symbol, interpreter: Interpreter) throws -> Value {
    if interpreter.name(of: member) == "zero" { return .object(TestPoint(.int(0), .int(0))) }
    return try super.staticMember(member, interpreter: interpreter)
  }
}

/// A host that binds every view name to a `TestView` and records output.
final class TestHost: InterpreterHost {
  var printed = ""
  var views: [String: TestView] = [:]
  func output(_ text: String) { printed += text }
  func declareApp(_ app: CheckedApp, interpreter: Interpreter) throws {
    for member in app.members {
      switch member {
      case .view(let view):
        let object = TestView()
        views[view.name] = object
        interpreter.setGlobal(view.slot, to: .object(object))
      case .variable(let declaration):
        try interpreter.execute(declaration)
      default: break
      }
    }
  }
}

/// The extension point: native objects and types as the binding will
/// provide them.
@Suite struct NativeObjectTests {
  func run(_ source: String) throws -> TestHost {
    let host = TestHost()
    let natives = NativeRegistry()
    natives.register(TestPointType())
    _ = try makeInterpreter(source, host: host, natives: natives)
    return host
  }

  @Test func valueTypeObjectsAreCopiedWhenChangedWhileShared() throws {
    let host = try run("var p = Point(1, 2)\nvar q = p\nq.x = 5\nprint(p.x, q.x, p == q, p == Point(1, 2))")
    #expect(host.printed == "1 5 false true\n")
  }

  @Test func referenceObjectsAreShared() throws {
    let host = try run("app A { view root { } }\nlet other = root\nother.text = \"set\"\nprint(root.text)")
    #expect(host.printed == "set\n")
    #expect(host.views["root"]?.setCount == 1)
  }

  @Test func anArrayPropertyIsChangedThroughThePathAndWrittenBack() throws {
    let host = try run(
      "app A { view root { } }\nroot.items.append(1)\nroot.items.append(2)\nprint(root.items)")
    #expect(host.printed == "[1, 2]\n")
    #expect(host.views["root"]?.setCount == 2)
  }

  @Test func aNestedValueTypeIsWrittenBackToItsOwner() throws {
    let host = try run(
      "app A { view root { } }\nlet saved = root.origin\nroot.origin.x += 7\nprint(root.origin, saved)")
    #expect(host.printed == "(7, 0) (0, 0)\n")
  }

  @Test func nativeMethodsCallBackIntoTheScript() throws {
    let host = try run(
      """
      app A { view root { } }
      var count = 0
      root.performBatchUpdates { count += 1 }
      root.loadObjects(ofClass: String) { strings in
        let target = root  // a plain view has no text to the checker; this host's has
        target.text = strings.first
      }
      print(count, root.text)
      """)
    #expect(host.printed == "1 Hello\n")
  }

  @Test func castsAskTheObject() throws {
    let host = try run(
      "app A { view root { } }\nprint(root is UILabel, root as? UIImage, Point(1, 2) is CGPoint)")
    #expect(host.printed == "true nil true\n")
  }

  @Test func staticMembersAndConstructionComeFromTheRegisteredType() throws {
    let host = try run("let z = Point.zero\nprint(z.x, Point(3, 4).y)")
    #expect(host.printed == "0 4\n")
  }

  @Test func aNativeErrorPointsAtTheScriptCall() {
    let host = TestHost()
    do {
      let source = "app A { view root { } }\nfunc stop() {\n  root.cancel()\n}\nstop()"
      _ = try makeInterpreter(source, host: host)
      Issue.record("no error")
    } catch let error as RuntimeError {
      #expect(error.diagnostic.id == "invalidArgument")
      #expect(error.diagnostic.message == "cannot cancel now")
      #expect(error.range.map { Int($0.start) } == 40)
      #expect(error.notes.first?.message == "in function 'stop', called from line 5")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// A member another type has (the checker refuses a name no type has).
  @Test func unknownMembersOfObjectsAreReported() {
    #expect(throws: RuntimeError.self) { try run("app A { view root { } }\nprint(root.alpha)") }
    #expect(throws: RuntimeError.self) { try run("app A { view root { } }\nroot.alpha = 1") }
  }

  /// Handlers are called by the binding with `call(_:_:)` on their code.
  @Test func handlersAreCalledWithTheirCode() throws {
    let host = TestHost()
    let session = try makeInterpreter(
      "app A { view root { label target { dropInteraction { "
        + "func performDrop(session) { print(\"drop\", session) } } } } }",
      host: host)
    guard case .view(let root)? = session.program.apps.first?.members.first,
      case .view(let target)? = root.members.first,
      case .interaction(let interaction)? = target.members.first,
      let handler = interaction.handlers.first
    else {
      Issue.record("no handler")
      return
    }
    _ = try session.interpreter.call(handler.function, [.string("s1")])
    #expect(host.printed == "drop s1\n")
  }
}
