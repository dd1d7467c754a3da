import DndInterpreter
import DndRuntime
import Testing

/// Item providers and sources: registering, loading, the simulation's knobs.
@Suite struct BindingProviderTests {
  /// A scene whose target loads from the dragged provider with `load`.
  static func scene(provider: String, load: String, scenario: String = dragToTarget) -> String {
    let drag = ""
    let drop = """
      func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
      func performDrop(session) {
        let provider = session.items[0].itemProvider
        \(load)
      }
      """
    return demoScene(drag: drag, drop: drop, scenario: scenario)
      .replacingOccurrences(
        of: "return [UIDragItem(itemProvider: NSItemProvider(object: source.text ?? \"\"))]",
        with: "\(provider)\nreturn [UIDragItem(itemProvider: provider)]")
  }

  /// The provider made in itemsForBeginning, the load in performDrop, and what
  /// the load's completion prints.
  static let cases: [(String, String, String)] = [
    (
      #"let provider = NSItemProvider(object: "text")"#,
      """
      print(provider.registeredTypeIdentifiers, provider.canLoadObject(ofClass: String),
            provider.canLoadObject(ofClass: UIImage))
      """,
      #"["public.utf8-plain-text"] true false"#
    ),
    (
      """
      let provider = NSItemProvider(object: UIImage(named: "a", size: Size(1, 1)))
      provider.registerObject(URL(string: "https://x.y"))
      """,
      """
      print(provider.hasItemConformingToTypeIdentifier("public.image"),
            provider.registeredTypeIdentifiers.count)
      """,
      "true 3"
    ),
    (
      #"let provider = NSItemProvider(object: URL(string: "https://x.y"))"#,
      #"provider.loadObject(ofClass: URL) { url, error in print(url ?? "none", error == nil) }"#,
      "https://x.y true"
    ),
    (
      """
      let provider = NSItemProvider()
      provider.registerDataRepresentation(forTypeIdentifier: "public.utf8-plain-text") { completion in
        completion("made", nil)
        return nil
      }
      """,
      #"provider.loadObject(ofClass: String) { text, error in print(text ?? "none") }"#,
      "made"
    ),
    (
      """
      let provider = NSItemProvider(object: "text")
      provider.simulate(failure: "network down")
      """,
      """
      provider.loadObject(ofClass: String) { text, error in
        print(text == nil, error?.localizedDescription ?? "", error?.code ?? 0)
      }
      """,
      "true network down -1000"
    ),
    (
      #"let provider = NSItemProvider(object: "text")"#,
      """
      provider.loadDataRepresentation(forTypeIdentifier: "public.utf8-plain-text") { data, error in
        print(data?.count ?? 0)
      }
      """,
      "4"
    ),
    (
      """
      let provider = NSItemProvider(object: UIImage(named: "a", size: Size(1, 1)))
      provider.registerObject(URL(string: "https://x.y"))
      provider.simulate(latency: 0.5, forTypeIdentifier: "public.png")
      provider.simulate(latency: 0.1, forTypeIdentifier: "public.url")
      """,
      """
      provider.loadObject(ofClass: UIImage) { image, error in print("image") }
      provider.loadObject(ofClass: URL) { url, error in print("url") }
      """,
      "url\nimage"
    ),
    (
      """
      let provider = NSItemProvider(object: UIImage(named: "a", size: Size(1, 1)))
      provider.registerObject(URL(string: "https://x.y"))
      provider.simulate(failure: "lost", forTypeIdentifier: "public.png")
      """,
      """
      provider.loadObject(ofClass: UIImage) { image, error in
        print(image == nil, error?.localizedDescription ?? "")
      }
      provider.loadObject(ofClass: URL) { url, error in print(url ?? "none") }
      """,
      "true lost\nhttps://x.y"
    ),
  ]

  @Test(arguments: cases)
  func providersRegisterAndLoadAsUIKitDoes(_ provider: String, _ load: String, _ expected: String) throws {
    let result = try runScene(Self.scene(provider: provider, load: load))
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == expected + "\n")
  }

  @Test func providerCompletionsRunOnTheBackgroundQueue() throws {
    let result = try runScene(
      Self.scene(
        provider: "let provider = NSItemProvider(object: \"text\")",
        load: "provider.loadObject(ofClass: String) { text, error in print(text ?? \"\") }"))
    let printed = try #require(result.printed.first)
    #expect(result.trace[printed.afterEvent - 1].queue == "NSItemProvider")
  }

  @Test func sourceItemsRunTheirBodyWhenADragBegins() throws {
    let source = """
      var made = 0
      source Safari {
        item photo {
          made += 1
          return UIDragItem(itemProvider: NSItemProvider(object: URL(string: "https://p.q")))
        }
      }
      app Web {
        view root {
          frame = Rect(0, 0, 1024, 768)
          dropInteraction {
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) {
              session.loadObjects(ofClass: URL) { urls in print(urls) }
            }
          }
        }
      }
      scenario "s" {
        expect made == 0
        longPress Safari.photo
        expect made == 1
        drag to Point(10, 10)
        release
        settle
      }
      """
    let result = try runScene(source)
    #expect(result.outcome.passed, "\(result.summary)")
    #expect(result.output == "[URL(\"https://p.q\")]\n")
  }

  @Test func itemBodiesMustGiveDragItems() throws {
    let source = """
      source Notes {
        item line { 42 }
      }
      scenario "s" { longPress Notes.line }
      """
    let result = try runScene(source)
    #expect(
      result.outcome.diagnostic?.message
        == "item 'line' must return a UIDragItem or an array of them, but it returned a value of type 'Int'")
  }
}
