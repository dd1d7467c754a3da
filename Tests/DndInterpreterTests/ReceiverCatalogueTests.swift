import DndCheck
@testable import DndInterpreter
import DndSyntax
import Testing

/// The checker reports a member a handler's session does not have
/// (`ReceiverType`, in DndCheck). That is sound only if the session objects
/// of the binding really refuse every member missing from the checker's
/// lists: this asks real drag and drop sessions, in the middle of a drag,
/// about every other known member, read, set and called, and each must be
/// refused. (A name that is not a known member reaches no object's code.)
@Suite struct ReceiverCatalogueTests {
  static let script = """
    app Demo {
      var dragSession = 0
      var dropSession = 0
      view root {
        frame = Rect(0, 0, 1024, 768)
        label source {
          frame = Rect(40, 100, 200, 40)
          text = "Hello"
          isUserInteractionEnabled = true
          dragInteraction {
            func itemsForBeginning(session) {
              dragSession = session
              return [UIDragItem(itemProvider: NSItemProvider(object: "Hello"))]
            }
          }
        }
        label target {
          frame = Rect(40, 400, 300, 40)
          isUserInteractionEnabled = true
          dropInteraction {
            func sessionDidUpdate(session) {
              dropSession = session
              return UIDropProposal(operation: .copy)
            }
          }
        }
      }
    }
    longPress source
    drag to target
    """

  /// The sessions the handlers received, by receiver type, and the
  /// interpreter that holds them.
  static func sessions() throws -> (Interpreter, [(ReceiverType, Value)]) {
    let file = SourceFile(name: "receivers.dnd", text: script)
    let (checked, diagnostics) = Pipeline.check(file)
    guard let program = checked else {
      throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
    }
    let host = SceneHost(program: program, files: [file], output: { _ in })
    let interpreter = Interpreter(program: program, host: host, natives: host.natives, files: [file])
    host.interpreter = interpreter
    try InterpreterThread.run { try interpreter.run() }
    let drag = interpreter.global(program.globalSlot(named: "dragSession") ?? 0)
    let drop = interpreter.global(program.globalSlot(named: "dropSession") ?? 0)
    return (interpreter, [(.dragSession, drag), (.dropSession, drop)])
  }

  @Test func theSessionsAreTheBindingsObjects() throws {
    let (_, sessions) = try Self.sessions()
    #expect(sessions.map { $0.1.typeName } == ["UIDragSession", "UIDropSession"])
  }

  @Test(arguments: ReceiverType.allCases)
  func everyMemberMissingFromTheListIsRefused(_ type: ReceiverType) throws {
    let (interpreter, sessions) = try Self.sessions()
    guard let session = sessions.first(where: { $0.0 == type })?.1 else {
      Issue.record("no \(type.typeName) was captured")
      return
    }
    let range = SourceRange(file: 0, start: 0, end: 0)
    let listed = Set(type.members)
    let argumentLists = [Arguments([]), Arguments([.int(1)]), Arguments([.int(1)], labels: [Symbol(.in)])]
    for member in KnownMember.allCases where !listed.contains(member) {
      let symbol = Symbol(member)
      do {
        _ = try interpreter.member(of: session, symbol, at: range)
        Issue.record("\(type.typeName) answers '\(member.spelling)', which ReceiverType does not list")
      } catch let error as RuntimeError {
        #expect(error.message.id == "unknownMember", "\(member.spelling): \(error.message.text)")
      }
      for arguments in argumentLists {
        do {
          _ = try interpreter.callMethod(on: session, symbol, arguments, at: range)
          Issue.record("\(type.typeName) has a method '\(member.spelling)', which ReceiverType does not list")
        } catch let error as RuntimeError {
          #expect(
            ["noMatchingMethod", "unknownMember"].contains(error.message.id),
            "\(member.spelling)(): \(error.message.text)")
        }
      }
      var copy = session
      do {
        try interpreter.setMember(of: &copy, symbol, to: .int(1), at: range)
        Issue.record("\(type.typeName) sets '\(member.spelling)', which ReceiverType does not list")
      } catch let error as RuntimeError {
        #expect(error.message.id == "cannotSetMember", "\(member.spelling) = 1: \(error.message.text)")
      }
    }
  }

  /// And the other way: what the lists name, the objects answer, so that
  /// the "did you mean" of a misspelt session member points somewhere real.
  @Test(arguments: ReceiverType.allCases)
  func everyListedMemberIsAnswered(_ type: ReceiverType) throws {
    let (interpreter, sessions) = try Self.sessions()
    guard let session = sessions.first(where: { $0.0 == type })?.1 else { return }
    let range = SourceRange(file: 0, start: 0, end: 0)
    let target = interpreter.global(interpreter.program.globalSlot(named: "target") ?? 0)
    // The methods, called as a script calls them (`loadObjects` without its
    // completion: refused with a message of its own, not as unknown).
    let calls: [KnownMember: Arguments] = [
      .location: Arguments([target], labels: [Symbol(.in)]),
      .canLoadObjects: Arguments([.type(.string)], labels: [Symbol(.ofClass)]),
      .hasItemsConforming: Arguments([.array([.string("public.text")])], labels: [Symbol(.toTypeIdentifiers)]),
      .loadObjects: Arguments([.type(.string)], labels: [Symbol(.ofClass)]),
    ]
    for member in type.members {
      let symbol = Symbol(member)
      if let arguments = calls[member] {
        do {
          _ = try interpreter.callMethod(on: session, symbol, arguments, at: range)
        } catch let error as RuntimeError {
          #expect(
            !["noMatchingMethod", "unknownMember"].contains(error.message.id),
            "\(type.typeName) refuses '\(member.spelling)(...)': \(error.message.text)")
        }
      } else {
        #expect(
          (try? interpreter.member(of: session, symbol, at: range)) != nil,
          "\(type.typeName) does not answer '\(member.spelling)'")
      }
    }
  }
}
