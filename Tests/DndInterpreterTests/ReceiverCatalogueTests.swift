import Foundation
import DndCheck
@testable import DndInterpreter
import DndSyntax
import Testing

/// The checker reports a member a handler's session or drop coordinator
/// does not have (`ReceiverType`, in DndCheck). That is sound only if the
/// objects of the binding really refuse every member missing from the
/// checker's lists: this asks real drag and drop sessions, in the middle of
/// a drag, and the coordinators of real drops into a collection view and a
/// table view, about every other known member, read, set and called, and
/// each must be refused. (A name that is not a known member reaches no
/// object's code.)
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

  /// Two drops from another app, one into a collection view and one into
  /// a table view, whose coordinators the handlers keep.
  static let coordinatorScript = """
    source Photos {
      item photo { return UIDragItem(itemProvider: NSItemProvider(object: "photo")) }
    }
    app Demo {
      var names = ["a", "b"]
      var collectionCoordinator = 0
      var tableCoordinator = 0
      view root {
        frame = Rect(0, 0, 1024, 768)
        collectionView grid {
          frame = Rect(0, 0, 1024, 300)
          itemSize = Size(100, 100)
          dataSource {
            func numberOfItemsInSection(section) { names.count }
            func cellForItemAt(indexPath) { UICollectionViewCell(text: names[indexPath.item]) }
          }
          dropDelegate {
            func dropSessionDidUpdate(session, destinationIndexPath) {
              UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
            }
            func performDropWith(coordinator) { collectionCoordinator = coordinator }
          }
        }
        tableView list {
          frame = Rect(0, 400, 1024, 300)
          dataSource {
            func numberOfRowsInSection(section) { names.count }
            func cellForRowAt(indexPath) { UITableViewCell(text: names[indexPath.row]) }
          }
          dropDelegate {
            func dropSessionDidUpdate(session, destinationIndexPath) {
              UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
            }
            func performDropWith(coordinator) { tableCoordinator = coordinator }
          }
        }
      }
    }
    longPress Photos.photo
    drag to grid
    release
    settle
    longPress Photos.photo
    drag to list
    release
    settle
    """

  /// The receivers the handlers kept, by receiver type, and the
  /// interpreter that holds them: the sessions in the middle of a drag, or
  /// the coordinators after their drops.
  static func receivers(_ type: ReceiverType) throws -> (Interpreter, Value?) {
    switch type {
    case .dragSession, .dropSession:
      let (interpreter, sessions) = try sessions()
      return (interpreter, sessions.first(where: { $0.0 == type })?.1)
    case .collectionDropCoordinator, .tableDropCoordinator:
      let interpreter = try run(coordinatorScript)
      let name = type == .tableDropCoordinator ? "tableCoordinator" : "collectionCoordinator"
      return (interpreter, interpreter.global(interpreter.program.globalSlot(named: name) ?? 0))
    }
  }

  /// Runs a script's top level; returns its interpreter.
  static func run(_ text: String) throws -> Interpreter {
    let file = SourceFile(name: "receivers.dnd", text: text)
    let (checked, diagnostics) = Pipeline.check(file)
    guard let program = checked else {
      throw SnippetFailure(description: diagnostics.map(\.message).joined(separator: "; "))
    }
    let host = SceneHost(program: program, files: [file], output: { _ in })
    let interpreter = Interpreter(program: program, host: host, natives: host.natives, files: [file])
    host.interpreter = interpreter
    try InterpreterThread.run { try interpreter.run() }
    return interpreter
  }

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
  func eachReceiverIsTheBindingsObjectOfItsType(_ type: ReceiverType) throws {
    let (_, receiver) = try Self.receivers(type)
    #expect(receiver?.typeName == type.typeName)
  }

  @Test(arguments: ReceiverType.allCases)
  func everyMemberMissingFromTheListIsRefused(_ type: ReceiverType) throws {
    let (interpreter, captured) = try Self.receivers(type)
    guard let session = captured, session.typeName == type.typeName else {
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
    let (interpreter, captured) = try Self.receivers(type)
    guard let session = captured, session.typeName == type.typeName else { return }
    let range = SourceRange(file: 0, start: 0, end: 0)
    let target = interpreter.global(interpreter.program.globalSlot(named: "target") ?? 0)
    // The methods, called as a script calls them (`loadObjects` without its
    // completion: refused with a message of its own, not as unknown).
    var calls: [KnownMember: Arguments] = [
      .location: Arguments([target], labels: [Symbol(.in)]),
      .canLoadObjects: Arguments([.type(.string)], labels: [Symbol(.ofClass)]),
      .hasItemsConforming: Arguments([.array([.string("public.text")])], labels: [Symbol(.toTypeIdentifiers)]),
      .loadObjects: Arguments([.type(.string)], labels: [Symbol(.ofClass)]),
    ]
    // A coordinator's `drop(_:toItemAt:)` / `drop(_:toRowAt:)`, with the
    // item it was given (after its drop: refused with a message of its own).
    if let items = try? interpreter.member(of: session, Symbol(.items), at: range),
      let first = items.arrayValue?.first,
      let item = try? interpreter.member(of: first, Symbol(.dragItem), at: range)
    {
      let unit: KnownMember = type == .tableDropCoordinator ? .toRowAt : .toItemAt
      let path = IndexPathObject.value(IndexPath(item: 0, section: 0))
      calls[.drop] = Arguments([item, path], labels: [nil, Symbol(unit)])
    }
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
