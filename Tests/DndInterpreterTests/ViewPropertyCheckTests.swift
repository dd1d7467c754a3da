@testable import DndCheck
import DndInterpreter
import DndSyntax
import Testing

/// The checker refuses `label.placeholder = "x"` on a declared view whose
/// kind has no such property (`Checker.viewPropertyNotOnKind`). That is
/// sound only if the binding refuses exactly the same assignments when they
/// run: this sets every kind-specific property on every kind of view, once
/// where the checker sees the view's kind and once through a function
/// parameter, where it does not and the run decides.
@Suite struct ViewPropertyCheckTests {
  /// A value of the right type for each property the catalogue gives some
  /// kinds of view only.
  static let values: [String: String] = [
    "text": "\"x\"", "attributedText": "NSAttributedString(string: \"x\")", "textColor": ".red",
    "numberOfLines": "2", "isEnabled": "false", "image": "nil", "contentMode": ".scaleAspectFit",
    "placeholder": "\"p\"", "isEditable": "false", "title": "\"t\"", "isSpringLoaded": "true",
    "rowHeight": "30", "dragInteractionEnabled": "true", "allowsMultipleSelection": "true",
    "itemSize": "Size(10, 10)", "reorderingCadence": ".fast",
  ]

  static func scene(_ kind: ViewKind, then statements: String) -> String {
    """
    app A {
        \(kind.rawValue) v {
            frame = Rect(0, 0, 100, 40)
        }
    }
    \(statements)
    """
  }

  @Test func everyKindSpecificPropertyHasATestValue() {
    #expect(Set(Self.values.keys) == Checker.kindSpecificViewProperties)
  }

  @Test(arguments: ViewKind.allCases)
  func checkerAndRunAgree(kind: ViewKind) throws {
    for name in Checker.kindSpecificViewProperties.sorted() {
      let value = try #require(Self.values[name])
      let refusal = "cannot assign to '\(name)'"
      let direct = SourceFile(name: "direct.dnd", text: Self.scene(kind, then: "v.\(name) = \(value)"))
      let (_, diagnostics) = Pipeline.check(direct)
      let checkRefuses = diagnostics.contains { $0.message.hasPrefix(refusal) }

      let hidden = Self.scene(kind, then: "func set(x) { x.\(name) = \(value) }\nset(x: v)")
      let result = try runScenes(hidden)
      var runRefuses = false
      if case .runtimeError(let diagnostic) = result.topLevel.outcome {
        runRefuses = diagnostic.message.hasPrefix(refusal)
        #expect(runRefuses, "\(kind) \(name): \(diagnostic.message)")
      }
      #expect(checkRefuses == runRefuses, "\(kind).\(name): check refuses \(checkRefuses), run \(runRefuses)")
    }
  }

  @Test func theMessageNamesTheKindsThatHaveIt() throws {
    let file = SourceFile(name: "label.dnd", text: Self.scene(.label, then: "v.placeholder = \"x\""))
    let (program, diagnostics) = Pipeline.check(file)
    #expect(program == nil)
    #expect(
      diagnostics.map(\.message) == [
        "cannot assign to 'placeholder': it is not a settable property of UILabel (UITextField has it)"
      ])
  }

  /// UILabel.isEnabled exists in UIKit (it changes how the text is drawn);
  /// a label's touches and drops do not read it.
  @Test func aLabelHasIsEnabled() throws {
    let result = try runScene(Self.scene(.label, then: "v.isEnabled = false\nprint(v.isEnabled)"))
    #expect(result.summary == "passed")
    #expect(result.output == "false\n")
  }
}
