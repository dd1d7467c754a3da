import Foundation

/// Where the benchmark finds the repository's files and the `dnd` binary.
enum Paths {
  /// The repository root, found from this source file's place in it.
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The directory of the running executable (`.build/release`).
  static var executableDirectory: URL {
    let path = CommandLine.arguments[0]
    let url =
      path.contains("/")
      ? URL(fileURLWithPath: path) : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return url.resolvingSymlinksInPath().deletingLastPathComponent()
  }

  /// The release `dnd` built next to this benchmark, if it exists.
  static var dndBinary: URL? {
    let url = executableDirectory.appendingPathComponent("dnd")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  static func bench(_ name: String) -> URL {
    repository.appendingPathComponent("bench").appendingPathComponent(name)
  }

  static func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }
}

/// Runs a program to its end, its output captured.
enum Subprocess {
  /// Runs `executable` with `arguments`; returns the exit status and stdout.
  static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
