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
///
/// With `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
/// `waitUntilExit` polls a run loop and added tens of milliseconds to a
/// process that takes five (the start-up benchmarks measured the polling).
enum Subprocess {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` with `arguments`; returns the exit status and stdout.
  static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
    close(ends[1])
    guard spawned == 0 else {
      close(ends[0])
      throw Failure(description: "posix_spawn \(executable.path): error \(spawned)")
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count > 0 {
        output += chunk[0..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(ends[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw Failure(description: "waitpid failed") }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
    let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: output, as: UTF8.self))
  }
}
