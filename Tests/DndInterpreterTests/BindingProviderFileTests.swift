import DndInterpreter
import DndRuntime
import Testing

/// The rest of NSItemProvider's API as a script writes it (§5.2): the legacy
/// initialisers, file representations over the world's virtual files, and
/// `loadItem`; and the diagnostics for wrong arguments.
@Suite struct BindingProviderFileTests {
  private func run(_ body: String) throws -> (output: String, error: String?) {
    let result = try runScene("scenario \"s\" {\n\(body)\nsettle\n}\n")
    return (result.output, result.outcome.diagnostic?.message)
  }

  @Test("§5.2 NSItemProvider(contentsOf:) is nil without the file and typed by its extension with it")
  func contentsOf() throws {
    let result = try run(
      """
      let url = URL(string: "file:///a/cat.jpg")
      print(NSItemProvider(contentsOf: url) == nil)
      Data("jpeg").write(to: url)
      print(NSItemProvider(contentsOf: url)!.registeredTypeIdentifiers)
      """)
    #expect(result.error == nil)
    #expect(result.output == "true\n[\"public.jpeg\"]\n")
  }

  @Test("§5.2 NSItemProvider(item:typeIdentifier:) takes Data under its type and loads it back")
  func itemInitialiser() throws {
    let result = try run(
      """
      let provider = NSItemProvider(item: Data("raw"), typeIdentifier: "com.example.raw")
      print(provider.registeredTypeIdentifiers)
      provider.loadDataRepresentation(forTypeIdentifier: "com.example.raw") { data, error in print(data!) }
      provider.loadItem(forTypeIdentifier: "public.data") { item, error in print(item!) }
      """)
    #expect(result.error == nil)
    #expect(result.output == "[\"com.example.raw\"]\n3 bytes\n3 bytes\n")
  }

  @Test("§5.2 an .openInPlace file loads in place; the file handler's error reaches the load")
  func fileRepresentation() throws {
    let result = try run(
      """
      let url = URL(string: "file:///m/clip.mov")
      Data("movie").write(to: url)
      let provider = NSItemProvider()
      provider.registerFileRepresentation(forTypeIdentifier: "com.apple.quicktime-movie",
                                          fileOptions: [.openInPlace]) { completion in
        completion(url, true, nil)
        return nil
      }
      provider.registerFileRepresentation(forTypeIdentifier: "public.png") { completion in
        completion(nil, false, "no disk")
        return nil
      }
      provider.loadInPlaceFileRepresentation(forTypeIdentifier: "public.movie") { file, isInPlace, error in
        print(file!, isInPlace)
      }
      provider.loadDataRepresentation(forTypeIdentifier: "public.png") { data, error in
        print(data == nil, error!.localizedDescription)
      }
      """)
    #expect(result.error == nil)
    #expect(result.output == "file:///m/clip.mov true\ntrue no disk\n")
  }

  @Test(
    "wrong arguments to the file API get a diagnostic that says what to write",
    arguments: [
      (
        #"NSItemProvider().registerFileRepresentation(forTypeIdentifier: "public.png", fileOptions: 1) { c in nil }"#,
        "fileOptions"
      ),
      (#"NSItemProvider().registerFileRepresentation(forTypeIdentifier: "public.png")"#, "load handler"),
      (#"NSItemProvider().loadItem(forTypeIdentifier: "public.png", options: 3) { i, e in }"#, "options: nil"),
      (#"NSItemProvider(contentsOf: "file:///a.txt")"#, "a URL"),
      (#"Data("x").write(to: URL(string: "https://x.y/a"))"#, "file URL"),
      (#"NSItemProvider(item: Data("x"), typeIdentifier: nil)"#, "type"),
      (#"NSItemProvider(item: 3, typeIdentifier: "a")"#, "Data or nil"),
      (#"Data("x").write(URL(string: "file:///a"))"#, "write(to: url)"),
      (#"NSItemProvider().teamData = "x""#, "Data or nil"),
    ])
  func wrongArguments(source: String, hint: String) throws {
    let result = try run(source)
    let message = try #require(result.error)
    #expect(message.contains(hint), "\(message)")
  }

  @Test("a file handler's completion takes a URL, a Bool and an error")
  func fileCompletionArguments() throws {
    let result = try run(
      """
      let provider = NSItemProvider()
      provider.registerFileRepresentation(forTypeIdentifier: "public.png") { completion in
        completion("file:///a.png", false, nil)
        return nil
      }
      provider.loadDataRepresentation(forTypeIdentifier: "public.png") { data, error in }
      """)
    #expect(result.error?.contains("a file URL or nil") == true, "\(result.error ?? "")")
  }
}
