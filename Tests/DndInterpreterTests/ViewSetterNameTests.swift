@testable import DndInterpreter
import Testing

/// The Main Thread Checker names a setter as Objective-C does: a Boolean
/// `isX` property's setter drops the `is`.
@Suite struct ViewSetterNameTests {
  @Test(arguments: [
    ("tag", "setTag:"), ("rowHeight", "setRowHeight:"), ("isHidden", "setHidden:"),
    ("dragInteractionEnabled", "setDragInteractionEnabled:"), ("issue", "setIssue:"), ("is", "setIs:"),
    ("x", "setX:"),
  ])
  func setterSelector(property: String, selector: String) {
    #expect(ViewObject.setterSelector(property) == selector)
  }
}
