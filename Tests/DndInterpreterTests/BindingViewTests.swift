import DndInterpreter
import Testing

/// Views, geometry and constructors, read and written from a script.
@Suite struct BindingViewTests {
  static let scene = """
    app A {
      view root {
        frame = Rect(0, 0, 400, 400)
        label l {
          frame = Rect(10, 20, 100, 50)
          text = "hi"
        }
        imageView picture {
          frame = Rect(200, 200, 50, 50)
          image = UIImage(named: "cat", size: Size(50, 50))
          isUserInteractionEnabled = true
        }
      }
    }

    """

  /// Top-level statements after the scene, and what they print.
  static let cases: [(String, String)] = [
    ("print(l.frame)", "Rect(10, 20, 100, 50)"),
    ("print(l.center, l.bounds)", "Point(60, 45) Rect(0, 0, 100, 50)"),
    ("print(l.text ?? \"nil\", l.isUserInteractionEnabled, root.isUserInteractionEnabled)", "hi false true"),
    ("l.alpha = 0.5\nprint(l.alpha, l.isHidden)", "0.5 false"),
    ("l.tag = 7\nprint(l.tag, l.numberOfLines)", "7 1"),
    ("l.frame.origin.x = 30\nprint(l.frame)", "Rect(30, 20, 100, 50)"),
    ("var r = l.frame\nr.origin.y = 99\nprint(l.frame.minY, r.minY)", "20.0 99.0"),
    ("l.center = Point(200, 200)\nprint(l.frame)", "Rect(150, 175, 100, 50)"),
    ("print(root.subviews.count, l.superview === root, root.superview == nil)", "2 true false"),
    (
      "let v = UIView(frame: Rect(0, 0, 10, 10))\nroot.addSubview(v)\n"
        + "print(root.subviews.count, root.subviews.last === v)",
      "3 true"
    ),
    ("root.subviews[0].removeFromSuperview()\nprint(root.subviews.count, l.superview == nil)", "1 true"),
    ("print(root.hitTest(Point(15, 25)) === root, root.hitTest(Point(210, 210)) === picture)", "true true"),
    (
      "print(l.convert(Point(0, 0), to: root), root.convert(Point(200, 200), to: picture))",
      "Point(10, 20) Point(0, 0)"
    ),
    (
      "let iv = UIImageView(image: UIImage(named: \"dog\", size: Size(30, 20)))\n"
        + "print(iv.frame, iv.image?.name ?? \"\")",
      "Rect(0, 0, 30, 20) dog"
    ),
    (
      "print(l.backgroundColor == nil)\nl.backgroundColor = UIColor.red\nprint(l.backgroundColor)",
      "true\nUIColor.red"
    ),
    // `.clear` where Swift infers UIColor from the property's type; the drag
    // preview's parameters check what they are given too (nil is white).
    (
      "l.backgroundColor = .clear\nlet p = UIDragPreviewParameters()\np.backgroundColor = .clear\n"
        + "print(l.backgroundColor, p.backgroundColor)\np.backgroundColor = nil\nprint(p.backgroundColor)",
      "UIColor.clear UIColor.clear\nUIColor.white"
    ),
    ("print(l is UILabel, l is UIImageView, picture is UIView)", "true false true"),
    ("print(A.frame)", "Rect(0, 0, 1024, 768)"),
    (
      "print(Rect(0, 0, 10, 10).contains(Point(5, 5)), Point(1, 2) == Point(1, 2), Size.zero)",
      "true true Size(0, 0)"
    ),
    ("print(CGRect(x: 1, y: 2, width: 3, height: 4).maxX, CGPoint(x: 1, y: 2).y)", "4.0 2.0"),
    // Zero geometry is one shared object per scene (`GeometryZeros`); being
    // a value, each holder still changes only its own copy.
    (
      "var a = Rect(0, 0, 0, 0)\nvar b = Rect.zero\na.origin.x = 5\nb.size.width = 2\n"
        + "print(a, b, Rect(), Rect.zero)",
      "Rect(5, 0, 0, 0) Rect(0, 0, 2, 0) Rect(0, 0, 0, 0) Rect(0, 0, 0, 0)"
    ),
    (
      "var p = Point()\np.x = 1\nvar q = Point(0, 0)\nq.y = 2\nvar s = Size(width: 0, height: 0)\n"
        + "s.width = 4\nprint(p, q, s, Point.zero, Size(), Size(0, 0) == Size.zero)",
      "Point(1, 0) Point(0, 2) Size(4, 0) Point(0, 0) Size(0, 0) true"
    ),
    (
      "func f() {\n  var out = []\n  for i in 0..<3 {\n    var r = Rect(0, 0, 0, 0)\n"
        + "    r.origin.x = Double(i)\n    out.append(r)\n  }\n  print(out)\n}\nf()",
      "[Rect(0, 0, 0, 0), Rect(1, 0, 0, 0), Rect(2, 0, 0, 0)]"
    ),
    (
      "var rs = [Rect.zero, Rect(0, 0, 0, 0)]\nrs[0].origin.x = 1\nvar d = [\"a\": Point.zero]\n"
        + "d[\"a\"]?.y = 3\nvar c = Size.zero\nlet bump = { c.width += 1 }\nbump()\n"
        + "l.frame = Rect.zero\nl.frame.size.width = 3\nprint(rs, d, c, l.frame, Rect.zero)",
      "[Rect(1, 0, 0, 0), Rect(0, 0, 0, 0)] [\"a\": Point(0, 3)] Size(1, 0) Rect(0, 0, 3, 0) Rect(0, 0, 0, 0)"
    ),
    ("print(1.0 / Point(-0.0, 0).x, 1.0 / Point(0, 0).x)", "-inf inf"),
    ("print(picture.image == UIImage(named: \"cat\", size: Size(50, 50)))", "true"),
    (
      "print(URL(string: \"https://a.b\") == URL(string: \"https://a.b\"), URL(string: \"\") == nil)",
      "true true"
    ),
  ]

  @Test(arguments: cases)
  func viewsAndValuesReadAndWriteLikeUIKit(_ statements: String, _ expected: String) throws {
    let result = try runScenes(Self.scene + statements)
    #expect(result.topLevel.outcome.passed, "\(result.topLevel.summary)")
    #expect(result.topLevel.output == expected + "\n")
  }

  /// Wrong assignments and calls, and the message each gives.
  static let errors: [(String, String, String)] = [
    (
      "l.text = 5", "propertyType",
      "cannot assign a value of type 'Int' to 'UILabel.text', which holds a String"
    ),
    (
      // Through a local, so that the run meets it (on the view's name, the check refuses it).
      "let v = l\nv.image = nil", "cannotSetMember",
      "cannot assign to 'image': it is not a settable property of UILabel"
    ),
    ("print(root.text)", "unknownMember", "value of type 'UIView' has no member 'text'"),
    (
      "l.text = [\"a\", \"b\"]", "propertyType",
      "cannot assign a value of type 'Array' to 'UILabel.text', which holds a String; the value is an array: "
        + "take one element, such as 'strings.first', or join them"
    ),
    (
      "l.frame = Point(1, 2)", "propertyType",
      "cannot assign a value of type 'CGPoint' to 'UILabel.frame', which holds a Rect"
    ),
    (
      "UIDragPreviewParameters().backgroundColor = 5", "propertyType",
      "cannot assign a value of type 'Int' to 'UIDragPreviewParameters.backgroundColor', "
        + "which holds a UIColor (such as .clear) or nil"
    ),
    (
      "root.addSubview(5)", "wrongArgumentType",
      "'addSubview' expects a view, but was given a value of type 'Int'"
    ),
    (
      // Written in the call, `.sideways` is a check error (unknownDropOperation); through a variable, a runtime one.
      "let way = .sideways\nlet p = UIDropProposal(operation: way)", "wrongArgumentType",
      "'UIDropProposal(operation:)' expects .cancel, .forbidden, .copy or .move, "
        + "but was given a value of type 'enum case'"
    ),
  ]

  @Test(arguments: errors)
  func wrongValuesGiveADiagnosticNamingTheProperty(_ statement: String, _ id: String, _ message: String)
    throws
  {
    let result = try runScenes(Self.scene + statement)
    guard case .runtimeError(let diagnostic) = result.topLevel.outcome else {
      Issue.record("expected a runtime error, got \(result.topLevel.summary)")
      return
    }
    #expect(diagnostic.id == id)
    #expect(diagnostic.message == message)
  }

  @Test func addingAViewToItselfIsAnUncaughtException() throws {
    let result = try runScenes(Self.scene + "root.addSubview(root)")
    guard case .uncaughtException(let name, let reason, _) = result.topLevel.outcome else {
      Issue.record("expected an uncaught exception, got \(result.topLevel.summary)")
      return
    }
    #expect(name == "NSInvalidArgumentException")
    #expect(reason == "Can't add self as subview")
    // Recorded once (the runtime's view records what it raises).
    #expect(result.topLevel.trace.filter { $0.kind == .exception }.map(\.view) == ["root"])
  }
}
