import DndCLI
import Foundation
import Testing

/// The sandbox: a script cannot read or write files, open sockets, start
/// processes or read the environment. Whatever looks like it (a path given
/// to an image, a file URL, `loadFileRepresentation`'s temporary file) is a
/// value inside the simulation. Shown two ways: the library modules a
/// script reaches use no such API (an audit of the sources), and scripts
/// that try get a diagnostic or a plain value while nothing outside changes.
@Suite struct SandboxTests {
  /// The modules whose code a script can reach. `DndCLI` and the
  /// executables read the script and the `--defaults` file; nothing else may
  /// touch the outside world.
  static let reachableModules = ["DndSyntax", "DndCheck", "DndRuntime", "DndInterpreter", "DndReport"]

  /// APIs that reach outside the process, or read the clock or a random
  /// source, as regular expressions: free functions only where a method of
  /// the same name is the project's own (`Value.write(to:)`). `bind` is
  /// left out: the binding has one, and a socket needs `socket(` first.
  static let forbidden = [
    #"FileManager"#, #"FileHandle"#, #"\bfopen\("#, #"Data\(contentsOf"#, #"String\(contentsOf"#,
    #"contentsOfFile"#, #"write\(toFile"#, #"\.write\(to: *URL"#, #"createFile\("#, #"\bProcess\("#,
    #"ProcessInfo"#, #"\bgetenv\("#, #"\bsetenv\("#, #"\benviron\b"#, #"CommandLine"#, #"URLSession"#,
    #"URLRequest"#, #"(?<![.\w])(open|socket|connect|system|popen|fork|unlink|rename|mkdir|dlopen)\("#,
    #"posix_spawn"#, #"\bexecv"#, #"\bDate\("#, #"clock_gettime"#, #"gettimeofday"#, #"\.random\("#,
    #"arc4random"#, #"SystemRandomNumberGenerator"#, #"UserDefaults\.standard"#,
  ]

  /// Every Swift file of the reachable modules, with its text.
  static var sources: [(path: String, text: String)] {
    reachableModules.flatMap { module -> [(String, String)] in
      let directory = PackagePaths.root.appendingPathComponent("Sources/\(module)")
      let walker = FileManager.default.enumerator(atPath: directory.path)
      let files = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
      return files.compactMap { file in
        let url = directory.appendingPathComponent(file)
        return (try? String(contentsOf: url, encoding: .utf8)).map { ("\(module)/\(file)", $0) }
      }
    }
  }

  @Test func theReachableModulesUseNoFileProcessNetworkClockOrRandomAPI() {
    let sources = Self.sources
    #expect(sources.count > 50)
    for (path, text) in sources {
      // Comments may name what the code does not do.
      let code = text.split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
      for api in Self.forbidden where code.range(of: api, options: .regularExpression) != nil {
        Issue.record("\(path) uses \(api)")
      }
    }
  }

  /// Names of the outside world are not names in the language: each is an
  /// error before anything runs.
  @Test(arguments: [
    "FileManager.default.contents(atPath: \"/etc/passwd\")",
    "ProcessInfo.processInfo.environment",
    "CommandLine.arguments",
    "getenv(\"HOME\")",
    "Process()",
    "URLSession.shared",
    "fopen(\"/tmp/x\", \"w\")",
    "exit(0)",
    "Date()",
  ])
  func outsideNamesAreCheckErrors(_ expression: String) throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = try scratch.write("try.dnd", "let x = \(expression)\nprint(\"ran\")\n")
    let result = dnd(["run", script], engine: .live)
    #expect(result.status == 65, "\(result.error)")
    #expect(result.output == "")
  }

  /// APIs that would read a file in UIKit are refused or stay values.
  @Test(arguments: [
    // The world's files are virtual: it has none at /etc/passwd.
    ("let d = Data(contentsOf: URL(string: \"file:///etc/passwd\"))\nprint(d == nil)", 0, "true\n"),
    ("let p = NSItemProvider(contentsOf: URL(string: \"file:///etc/passwd\"))\nprint(p == nil)", 0, "true\n"),
    // Not a file read: a String cannot be made from a labelled argument Swift's String has not.
    ("let s = String(contentsOfFile: \"/etc/passwd\")\nprint(s)", 70, ""),
    ("let u = URL(string: \"file:///etc/passwd\")\nprint(u)", 0, "file:///etc/passwd\n"),
    ("let i = UIImage(named: \"/etc/passwd\")\nprint(i.size)", 0, "Size(0, 0)\n"),
    (
      "let p = NSItemProvider(object: URL(string: \"file:///etc/passwd\"))\n"
        + "print(p.registeredTypeIdentifiers)",
      0, "[\"public.url\", \"public.file-url\"]\n"
    ),
  ] as [(String, Int32, String)])
  func fileLookingValuesStayInsideTheSimulation(_ script: String, _ status: Int32, _ output: String) throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("try.dnd", script + "\n")
    let result = dnd(["run", path], engine: .live)
    #expect(result.status == status, "\(result.error)")
    #expect(result.output == output)
  }

  /// `data.write(to:)` keeps a file in the world, which `Data(contentsOf:)`
  /// reads back; nothing reaches the disk.
  @Test func writtenFilesStayInTheWorld() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let target = scratch.url.appendingPathComponent("written.txt")
    let script = """
      let url = URL(string: "\(target.absoluteString)")
      Data("secret").write(to: url)
      print(String(data: Data(contentsOf: url), encoding: .utf8) ?? "nil")
      """
    let path = try scratch.write("write.dnd", script + "\n")
    let before = ProcessRunner.snapshot(scratch.path)
    let result = dnd(["run", path], engine: .live)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "secret\n")
    #expect(!FileManager.default.fileExists(atPath: target.path))
    #expect(ProcessRunner.snapshot(scratch.path) == before)
  }

  /// `loadFileRepresentation` hands the handler a file URL; the file exists
  /// only in the simulation (`World.contentsOfTemporaryFile`), never on disk.
  @Test func loadFileRepresentationWritesNoFile() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = """
      app A {
        label target {
          frame = Rect(0, 0, 300, 300)
          isUserInteractionEnabled = true
          dropInteraction {
            func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
            func performDrop(session) {
              let provider = NSItemProvider(object: "file text")
              provider.loadFileRepresentation(forTypeIdentifier: "public.utf8-plain-text") { url, error in
                print(url?.absoluteString ?? "none")
              }
            }
          }
        }
      }
      source Web {
        item page { UIDragItem(itemProvider: NSItemProvider(object: "x")) }
      }
      scenario "drop" {
        longPress Web.page
        drag to target
        release
        settle
      }
      """
    let path = try scratch.write("file.dnd", script)
    let temporary = "/tmp/dnd"
    let existedBefore = FileManager.default.fileExists(atPath: temporary)
    let before = ProcessRunner.snapshot(scratch.path)
    let result = dnd(["run", path], engine: .live)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("file:///tmp/dnd/"))
    #expect(FileManager.default.fileExists(atPath: temporary) == existedBefore)
    #expect(ProcessRunner.snapshot(scratch.path) == before)
  }

  /// Run as a separate process in an empty directory with a changed
  /// environment: the output is the same, and the directory stays empty.
  @Test func aRunReadsNoEnvironmentAndWritesNothing() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let example = PackagePaths.examples.appendingPathComponent("01-hello-drop.dnd").path
    let plain = try ProcessRunner.run(["run", "--color=never", example], in: scratch.url)
    var changed = ProcessInfo.processInfo.environment
    changed["HOME"] = "/nonexistent"
    changed["TZ"] = "Pacific/Kiritimati"
    changed["LANG"] = "tr_TR.UTF-8"
    changed["DND_ANYTHING"] = "1"
    let other = try ProcessRunner.run(
      ["run", "--color=never", example], in: scratch.url, environment: changed)
    #expect(plain.status == 0)
    #expect(other == plain)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }
}
