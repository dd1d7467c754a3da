import Foundation

/// Runs the built `dnd` as a separate process, for the tests that need a
/// process of its own: a fresh hash seed (determinism), another working
/// directory and environment (the sandbox), a kill in the middle of a run
/// (the defaults file).
enum ProcessRunner {
  struct Result: Equatable {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs `dnd arguments` in `directory` with `environment` (the test's own
  /// when nil), standard input empty unless `input` is given; output goes
  /// through files so a long output cannot stall on a full pipe.
  static func run(
    _ arguments: [String], in directory: URL = PackagePaths.root, environment: [String: String]? = nil,
    input: FileHandle = FileHandle.nullDevice
  ) throws -> Result {
    guard let binary = EndToEndTests.binary else { throw Missing() }
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let outputPath = try scratch.write("stdout", "")
    let errorPath = try scratch.write("stderr", "")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment ?? ProcessInfo.processInfo.environment
    process.standardInput = input
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: try String(contentsOfFile: outputPath, encoding: .utf8),
      error: try String(contentsOfFile: errorPath, encoding: .utf8))
  }

  /// Starts `dnd arguments` and kills it with SIGKILL after `seconds`.
  /// Returns whether it was still running when killed.
  static func runAndKill(_ arguments: [String], after seconds: Double, in directory: URL) throws -> Bool {
    guard let binary = EndToEndTests.binary else { throw Missing() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: seconds)
    let wasRunning = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return wasRunning
  }

  /// The binary was not built next to the tests.
  struct Missing: Error, CustomStringConvertible {
    var description: String { "the dnd binary was not found; run 'swift build' first" }
  }

  /// Every file under `directory` with its contents, for "nothing changed" checks.
  static func snapshot(_ directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return files }
    for case let path as String in walker {
      files[path] = FileManager.default.contents(atPath: directory + "/" + path) ?? Data()
    }
    return files
  }
}
