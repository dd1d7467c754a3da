import DndRuntime
import DndSyntax

/// The binding's runtime messages, alphabetical: what goes wrong between a
/// script and the UIKit model (a handler answering with the wrong type, a
/// step that cannot be performed, an expectation that does not hold).
extension DiagnosticMessage {
  public static func appTerminated(_ name: String, reason: String) -> DiagnosticMessage {
    .error("the app terminated: uncaught exception '\(name)', reason: '\(reason)'")
  }

  public static func callExpectationFailed(_ description: String) -> DiagnosticMessage {
    .error(description)
  }

  public static func cellResult(_ handler: String, uikit: String, cellType: String, found: String, label: String)
    -> DiagnosticMessage
  {
    .error(
      "'\(handler)' must return a \(cellType) (UIKit's \(uikit)), but it returned \(found); "
        + "write '\(cellType)(\(label): ...)' to show it in a cell")
  }

  public static func conditionFailed(_ description: String) -> DiagnosticMessage {
    .error(description)
  }

  public static func exceptionExpectationFailed(_ description: String) -> DiagnosticMessage {
    .error(description)
  }

  public static func handlerResult(_ handler: String, uikit: String, expected: String, found: String)
    -> DiagnosticMessage
  {
    .error(
      "'\(handler)' must return \(expected) (UIKit's \(uikit)), but it returned \(found)")
  }

  public static func itemResult(_ item: String, found: String) -> DiagnosticMessage {
    .error("item '\(item)' must return a UIDragItem or an array of them, but it returned \(found)")
  }

  public static func notModelled(_ feature: String) -> DiagnosticMessage {
    .error("\(feature) is not modelled by the UIKit runtime yet")
  }

  public static func propertyType(_ property: String, expected: String, found: String) -> DiagnosticMessage {
    // `target.text = strings` in loadObjects' completion, which hands over an array.
    let advice =
      found == "Array" && !expected.contains("array")
      ? "; the value is an array: take one element, such as 'strings.first', or join them" : ""
    return .error("cannot assign \(givenPhrase(found)) to '\(property)', which holds \(expected)\(advice)")
  }

  public static func runtimeLimit(_ message: String) -> DiagnosticMessage {
    .error(message)
  }

  /// A builtin type used after its scene ended (a script cannot do this:
  /// the types are only reachable while the scene runs).
  public static var sceneEnded: DiagnosticMessage {
    .error("the scene this script ran in has ended")
  }

  /// The message of a scenario step the runtime refused.
  public static func step(_ error: ScenarioError) -> DiagnosticMessage {
    error.aimsAtViewInNoWindow ? .stepOnViewInNoWindow(error.message) : .stepFailed(error.message)
  }

  public static func stepFailed(_ message: String) -> DiagnosticMessage {
    .error(message)
  }

  /// A step aimed at a view in no window. Its own id: under the
  /// remove-target fault the explorer tells it from the app's failures.
  public static func stepOnViewInNoWindow(_ message: String) -> DiagnosticMessage {
    .error(message)
  }

  /// A source app's item where only `longPress` takes one.
  public static func stepSourceItem(_ step: String) -> DiagnosticMessage {
    .error(
      "'\(step)' needs a view or a point, not an item of a source app: such an item is only picked up, "
        + "with 'longPress Safari.photo'; to drag several, return an array of drag items from one item's body")
  }

  /// `longPress` also takes an item of a source app; the other steps a view or a point.
  public static func stepTarget(_ step: String, found: String, takesItems: Bool = true) -> DiagnosticMessage {
    let places = takesItems ? "a view, a point or a source item such as 'Safari.photo'" : "a view or a point"
    // The commonest nil: a cell looked up for an item that has none on screen.
    let why =
      found == "nil"
      ? ": the expression gave no view (cellForItem(at:) and cellForRow(at:) give nil for an item with no "
        + "cell on screen, and dnd does not scroll: make the list's frame taller or its rows smaller, or aim "
        + "at a 'Point')" : ""
    return .error("'\(step)' needs \(places), not \(found)" + why)
  }

  public static func warningExpectationFailed(_ description: String) -> DiagnosticMessage {
    .error(description)
  }
}
