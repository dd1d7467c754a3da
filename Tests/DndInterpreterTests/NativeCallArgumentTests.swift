import DndInterpreter
import Testing

/// Calls into native code from compiled functions lend the callee one
/// reused argument array (`takeArguments` and `recycle`) instead of making
/// one per call. Each case runs the same code at the top level (the tree
/// evaluator, which makes its arguments afresh) and inside a function (the
/// compiled path): the output, the error and its place in the line agree.
@Suite struct NativeCallArgumentTests {
  @Test(arguments: [
    // Constructors and methods with and without labels.
    "let p = Point(1, 2)\nlet r = Rect(origin: p, size: Size(3, 4))\nprint(p, r, Rect(1, 2, 3, 4) == r)",
    // Native calls made inside a closure a native method calls (the buffer
    // is lent out while the outer call runs).
    "let xs = [1, 2, 3].map { n in Point(n, Rect(n, 0, 1, 1).origin.x * 2) }\nprint(xs)",
    "let v = UIView(frame: Rect(0, 0, 10, 10))\nlet c = UIView(frame: Rect(1, 1, 2, 2))\nv.addSubview(c)\n"
      + "print(v.hitTest(Point(1.5, 1.5)) == c, v.hitTest(Point(20, 20)) == nil, v.convert(Point(1, 1), to: c))",
    // More arguments than the buffer keeps room for, then a small call again.
    "print(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)\nprint(Point(0, 0))",
    // Errors: the call fails with its arguments lent; the next call still works.
    "print(Point(1, 1))\nlet r = Rect(1, 2, 3)\nprint(r)",
    "let v = UIView()\nprint(Size(1, 2))\nv.addSubview(view: v)",
    "let v = UIView()\nv.addSubview(v)",
    "print(Point(\"x\", 1))",
  ])
  func compiledNativeCallsMatchTheTreeEvaluator(_ body: String) {
    let topLevel = runSnippet(body)
    let compiled = runInFunction(body)
    #expect(compiled.output == topLevel.output)
    #expect(compiled.status == topLevel.status)
    #expect(compiled.error?.message == topLevel.error?.message)
    // One line lower inside the function, same column.
    #expect(compiled.location == locationInFunction(topLevel.location))
  }

  /// A label Swift would reject is refused too, not ignored: UIKit's view
  /// and geometry methods, the provider's question, and the conversions.
  @Test(arguments: [
    ("let v = UIView()\nv.addSubview(banana: UIView())",
     "UIView has no method 'addSubview(banana:)'; it is written 'addSubview(view)'"),
    ("let v = UIView()\nv.bringSubviewToFront(view: UIView())", "UIView has no method 'bringSubviewToFront(view:)'"),
    ("let v = UIView()\nprint(v.convert(point: Point(0, 0), to: v))", "UIView has no method 'convert(point:to:)'"),
    ("let v = UIView()\nprint(v.hitTest(at: Point(0, 0)))", "UIView has no method 'hitTest(at:)'"),
    ("print(Rect(0, 0, 10, 10).contains(pt: Point(1, 1)))", "CGRect has no method 'contains(pt:)'"),
    ("print(Rect(0, 0, 10, 10).intersects(rect: Rect(1, 1, 2, 2)))", "CGRect has no method 'intersects(rect:)'"),
    ("let p = NSItemProvider(object: \"x\")\nprint(p.hasItemConformingToTypeIdentifier(type: \"public.text\"))",
     "NSItemProvider has no method 'hasItemConformingToTypeIdentifier(type:)'"),
    ("print(abs(x: -1))", "abs"),
    ("print(Double(x: 1))", "Double"),
    ("print(Int(value: \"1\"))", "'Int' cannot be created with these arguments"),
    ("print(String(foo: 1))", "'String' cannot be created with these arguments"),
    // Seed 002's Objective-C string: what to write instead.
    ("print(NSString(string: \"x\"))", "write the text itself (\"Hello\") or String(value)"),
  ])
  func wrongLabelsAreRefused(_ body: String, _ message: String) {
    let result = runSnippet(body)
    #expect(result.error?.message.contains(message) == true, "\(result.error?.message ?? "no error")")
  }

  @Test func rightLabelsStillWork() {
    let result = runSnippet(
      "print(abs(-2), Double(3), Bool(\"true\") ?? false, Int(\"4\") ?? 0, String(describing: 5), String(6))\n"
        + "print(Rect(0, 0, 10, 10).contains(Point(1, 1)), Rect(0, 0, 10, 10).intersects(Rect(1, 1, 2, 2)))")
    #expect(result.error == nil)
    #expect(result.output == "2 3.0 true 4 5 6\ntrue true\n")
  }

  @Test func resultsOfNativeCallsInAFunction() {
    let result = runSnippet(
      """
      func main() {
        let xs = [1, 2, 3].map { n in Point(n, Rect(n, 0, 1, 1).origin.x * 2) }
        print(xs)
        print(Point(1, 1))
        let r = Rect.init(1, 2, 3)  // `Rect(1, 2, 3)` is a check error (InitializerCatalogue)
      }
      main()
      """)
    #expect(result.output == "[Point(1, 2), Point(2, 4), Point(3, 6)]\nPoint(1, 1)\n")
    #expect(result.location == "5:11")
  }
}
