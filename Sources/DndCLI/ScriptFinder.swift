import DndSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Expands a command-line operand into scripts: a file (or `-`) is itself;
/// a directory is every `.dnd` file under it, sorted, skipping hidden
/// entries and not following symbolic links to directories (which could
/// loop).
enum ScriptFinder {
  /// Directories nested deeper than this are not searched: a guard against
  /// pathological trees, far beyond any real project.
  static let maximumDepth = 32

  static func scripts(at operand: String) -> Result<[String], LoadFailure> {
    guard operand != "-", isDirectory(operand, followingLinks: true) else { return .success([operand]) }
    var found: [String] = []
    collect(in: operand, depth: 0, into: &found)
    guard !found.isEmpty else { return .failure(.unreadable(operand, reason: "no .dnd scripts in it")) }
    return .success(found.sorted())
  }

  /// The file a missing path may have meant: the nearest name in its
  /// directory (`01-helo-drop.dnd`, `01-hello-drop` without `.dnd`).
  static func nearScript(to path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !base.isEmpty, let handle = opendir(directory.isEmpty ? "." : directory) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle), names.count < 10_000 {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    names.sort()
    if !base.hasSuffix(".dnd"), names.contains(base + ".dnd") { return directory + base + ".dnd" }
    return Suggestions.closest(to: base, in: names).map { directory + $0 }
  }

  private static func collect(in directory: String, depth: Int, into found: inout [String]) {
    guard depth < maximumDepth, let handle = opendir(directory) else { return }
    defer { closedir(handle) }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    for name in names.sorted() {
      let path = prefix + name
      if isDirectory(path, followingLinks: false) {
        collect(in: path, depth: depth + 1, into: &found)
      } else if name.hasSuffix(".dnd") {
        found.append(path)
      }
    }
  }

  private static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
    var info = stat()
    let status = followingLinks ? stat(path, &info) : lstat(path, &info)
    return status == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}
