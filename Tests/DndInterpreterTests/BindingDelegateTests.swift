import DndInterpreter
import DndRuntime
import Testing

/// Handlers as delegates: arguments in, answers out, errors through.
@Suite struct BindingDelegateTests {
  @Test func loadedStringsArriveAsScriptStrings() throws {
    let result = try runScene(
      demoScene(drop: stringDrop(), scenario: dragToTarget + "\n  expect target.text == \"Hello\""))
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func aScriptErrorInAHandlerStopsTheScenarioWithAStackTrace() throws {
    let drop = """
      func canHandle(session) {
        let none: [Int] = []
        return none[0] == 1
      }
      """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    guard case .runtimeError(let diagnostic) = result.outcome else {
      Issue.record("expected a runtime error, got \(result.summary)")
      return
    }
    #expect(diagnostic.id == "indexOutOfRange")
    let notes = diagnostic.notes.map(\.message)
    #expect(notes.first == "in function 'canHandle'")
    #expect(notes.contains { $0.hasPrefix("called by UIKit during 'drag'") })
    #expect(notes.last == "in scenario \"test\"")
  }

  /// A handler answering with the wrong type: the message names it and
  /// UIKit's method.
  static let wrongAnswers: [(String, String)] = [
    // Values whose type the checker cannot see (literals are check errors:
    // Checker+HandlerResults.swift), so the binding is the one to refuse them.
    (
      "func canHandle(session) {\n  let answer = 1\n  return answer\n}",
      "'canHandle' must return a Bool (UIKit's dropInteraction(_:canHandle:)), "
        + "but it returned a value of type 'Int'"
    ),
    (
      "func sessionDidUpdate(session) { print(1) }",
      "'sessionDidUpdate' must return a UIDropProposal (UIKit's dropInteraction(_:sessionDidUpdate:)), "
        + "but it returned nil"
    ),
    (
      "func sessionDidUpdate(session) {\n  let answer = .copy\n  return answer\n}",
      "'sessionDidUpdate' must return a UIDropProposal (UIKit's dropInteraction(_:sessionDidUpdate:)), "
        + "but it returned the case '.copy'; wrap it in a proposal: 'UIDropProposal(operation: .copy)'"
    ),
  ]

  @Test(arguments: wrongAnswers)
  func aHandlerAnsweringTheWrongTypeIsNamed(_ handler: String, _ message: String) throws {
    let result = try runScene(demoScene(drop: handler, scenario: dragToTarget))
    #expect(result.outcome.diagnostic?.message == message)
  }

  /// A session method called with the wrong labels says how it is written:
  /// when checking, on the handler's own parameter; when running, on a
  /// session the checker cannot see (here through another name). The
  /// checker, which sees the call, keeps the view it names.
  @Test(arguments: [
    (
      "func canHandle(session) { session.canLoadObjects(of: String.self) }",
      "func canHandle(session) {\n let s = session\n return s.canLoadObjects(of: String.self)\n}",
      "UIDropSession has no method 'canLoadObjects(of:)'; it is written 'canLoadObjects(ofClass: String.self)'",
      "UIDropSession has no method 'canLoadObjects(of:)'; it is written 'canLoadObjects(ofClass: String.self)'"
    ),
    (
      "func sessionDidUpdate(session) {\n  print(session.location(of: target))\n  return UIDropProposal(.copy)\n}",
      "func sessionDidUpdate(session) {\n let s = session\n print(s.location(of: target))\n"
        + " return UIDropProposal(.copy)\n}",
      "UIDropSession has no method 'location(of:)'; it is written 'location(in: target)'",
      "UIDropSession has no method 'location(of:)'; it is written 'location(in: someView)'"
    ),
  ])
  func aMislabelledSessionMethodSaysHowItIsWritten(
    _ handler: String, _ alias: String, _ checked: String, _ ran: String
  ) throws {
    #expect {
      try runScene(demoScene(drop: handler, scenario: dragToTarget))
    } throws: { error in
      (error as? SnippetFailure)?.description == checked
    }
    let result = try runScene(demoScene(drop: alias, scenario: dragToTarget))
    #expect(result.outcome.diagnostic?.message == ran)
  }

  /// `loadObjects` with another label than `ofClass:` is refused when
  /// checking, with the form to write.
  @Test func aMislabelledLoadObjectsIsACheckError() {
    let handler =
      "func sessionDidUpdate(session) { UIDropProposal(.copy) }\n"
      + "func performDrop(session) { session.loadObjects(ofType: String) { s in print(s) } }"
    #expect {
      try runScene(demoScene(drop: handler, scenario: dragToTarget))
    } throws: { error in
      (error as? SnippetFailure)?.description
        == "UIDropSession has no method 'loadObjects(ofType:_:)'; it is written "
        + "'loadObjects(ofClass: String.self) { strings in ... }'"
    }
  }

  /// What the handler returned is named; an array says what it holds, not
  /// just "Array" (all its kinds, when one of them is right).
  @Test(arguments: [
    ("42", "a value of type 'Int'"), ("[5]", "an array of elements of type 'Int'"),
    (
      "[UIDragItem(itemProvider: NSItemProvider(object: \"a\")), 5]",
      "an array of elements of types 'UIDragItem' and 'Int'"
    ),
  ])
  func itemsForBeginningMustReturnAnArrayOfItems(returned: String, found: String) throws {
    let source = demoScene(drop: "", scenario: "longPress source")
      .replacingOccurrences(
        of: "return [UIDragItem(itemProvider: NSItemProvider(object: source.text ?? \"\"))]",
        with: "let answer = \(returned)\n return answer")
    let result = try runScene(source)
    #expect(
      result.outcome.diagnostic?.message
        == "'itemsForBeginning' must return an array of UIDragItems "
        + "(UIKit's dragInteraction(_:itemsForBeginning:)), but it returned \(found)")
  }

  @Test func localObjectAndLocalContextHoldAnyScriptValue() throws {
    let drag = """
      func sessionWillBegin(session) {
        session.localContext = ["from": "source"]
        session.items[0].localObject = [1, 2]
      }
      """
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(.move) }
      func performDrop(session) {
        print(session.localDragSession?.localContext ?? "none", session.items[0].localObject ?? "none")
      }
      """
    let result = try runScene(demoScene(drag: drag, drop: drop, scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "[\"from\": \"source\"] [1, 2]\n")
  }

  @Test func lastProposalAndActiveSessionFollowTheDrag() throws {
    let scenario = """
      expect lastProposal == nil
      expect activeSession == nil
      longPress source
      drag to target
      expect lastProposal?.operation == .forbidden
      expect activeSession?.items.count == 1
      release
      expect activeSession == nil
      expect lastProposal?.operation == .forbidden
      """
    let result = try runScene(demoScene(drop: stringDrop(".forbidden"), scenario: scenario))
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func dispatchMainAsyncRunsLaterOnTheMainQueue() throws {
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) {
        DispatchQueue.main.async { print("later") }
        print("now")
      }
      """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "now\nlater\n")
  }

  @Test func animatorBlocksRunAndCompletionsGetTheEndPosition() throws {
    let drag = """
      func willAnimateLiftWith(animator, session) {
        animator.addAnimations { source.alpha = 0.5 }
        animator.addCompletion { position in print("lift ended at the end:", position == .end) }
      }
      """
    let result = try runScene(
      demoScene(drag: drag, drop: stringDrop(), scenario: "longPress source\n  expect source.alpha == 0.5"))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "lift ended at the end: true\n")
  }

  @Test func previewForDroppingCanRetargetTheDefaultPreview() throws {
    let drop =
      stringDrop() + """

        func previewForDropping(item, defaultPreview) {
          print(defaultPreview.view === source)
          let target = UIDragPreviewTarget(container: root, center: Point(1, 2))
          return defaultPreview.retargetedPreview(with: target)
        }
        """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "true\n")
    #expect(
      result.trace.contains {
        $0.method == "dropInteraction(_:previewForDropping:withDefault:)" && $0.kind == .call
      })
  }

  /// UIDragPreviewTarget(container:center:transform:) (§2.3): the transform
  /// shrinks the preview into a garbage can; the trace says where it went.
  @Test func aPreviewTargetTakesATransformAndTheTraceShowsTheTarget() throws {
    let drop =
      stringDrop() + """

        func previewForDropping(item, defaultPreview) {
          let shrink = CGAffineTransform(scaleX: 0.1, y: 0.1)
          let target = UIDragPreviewTarget(container: target, center: Point(150, 20), transform: shrink)
          print(target.transform == shrink, target.transform.a, CGAffineTransform.identity.isIdentity)
          return defaultPreview.retargetedPreview(with: target)
        }
        """
    let result = try runScene(demoScene(drop: drop, scenario: dragToTarget))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "true 0.1 true\n")
    let call = result.trace.first { $0.method == "dropInteraction(_:previewForDropping:withDefault:)" }
    #expect(call?.result == "preview of source to target at (150, 20), scale 0.1")
  }

  @Test(arguments: [
    ("CGAffineTransform(rotationAngle: 0).isIdentity", "true"),
    ("CGAffineTransform(translationX: 3, y: 4).concatenating(CGAffineTransform(scaleX: 2, y: 2)).tx", "6.0"),
    ("CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) == CGAffineTransform.identity", "true"),
    ("CGAffineTransform(scaleX: 2, y: 0.5)", "CGAffineTransform(scale 2x0.5)"),
  ])
  func affineTransformsAsInCoreGraphics(_ expression: String, _ printed: String) throws {
    let result = try runScene("print(\(expression))")
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == printed + "\n")
  }

  @Test func aTapAddsItemsToTheDragInProgress() throws {
    let more = """
      label other {
        frame = Rect(600, 100, 100, 40)
        isUserInteractionEnabled = true
        dragInteraction {
          func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "other"))] }
          func itemsForAddingTo(session, point) {
            [UIDragItem(itemProvider: NSItemProvider(object: "added"))]
          }
        }
      }
      """
    let scenario =
      "longPress source\n  drag to Point(500, 300)\n  tap other\n  expect activeSession?.items.count == 2"
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario, more: more))
    #expect(result.outcome.passed, "\(result.summary)")
  }

  @Test func aSpringLoadedButtonRunsItsAction() throws {
    let more = """
      button open {
        frame = Rect(600, 600, 100, 40)
        isSpringLoaded = true
        func action() { print("opened") }
      }
      """
    let scenario = "longPress source\n  drag to open\n  wait 1.5"
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario, more: more))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "opened\n")
  }

  @Test func aTextFieldTakesTextDropsByItself() throws {
    let more = """
      textField field {
        frame = Rect(600, 600, 200, 40)
      }
      """
    let scenario = "longPress source\n  drag to field\n  release\n  settle\n  expect field.text == \"Hello\""
    let result = try runScene(demoScene(drop: stringDrop(), scenario: scenario, more: more))
    #expect(result.outcome.passed, "\(result.summary)")
  }
}
