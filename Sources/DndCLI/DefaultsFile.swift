import DndInterpreter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `dnd run --defaults FILE` keeps a script's `UserDefaults` in:
/// read before the run (a missing file is an empty store, created when the
/// script saves something), written after it if the script changed it.
///
/// The write is atomic: the new contents go to a temporary file in the same
/// directory, which is then renamed over the old one, so a run killed at
/// any moment leaves either the old file or the new one, never half of one.
/// This is the only file the command line writes, and it writes nothing a
/// script can name: the path comes from the command line alone.
public struct DefaultsFile: Sendable {
  public let path: String
  public let store: DefaultsStore

  /// Why the file could not be read or written; reported with exit status 74.
  public struct Failure: Error, Hashable, Sendable {
    /// One lowercase line without the `dnd: error: ` prefix.
    public var message: String
  }

  /// Reads the store at `path`; a missing file gives an empty store.
  public static func load(_ path: String) -> Result<DefaultsFile, Failure> {
    switch SourceLoader.readFile(path) {
    case .failure(.missing):
      // Found before the run, not after it, when the store could not be written.
      let slash = path.lastIndex(of: "/")
      let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
      var status = stat()
      guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        return .failure(
          Failure(message: "cannot use defaults file '\(path)': there is no folder '\(folder)' to write it in"))
      }
      return .success(DefaultsFile(path: path, store: DefaultsStore()))
    case .failure(.directory):
      return .failure(Failure(message: "cannot read defaults file '\(path)': it is a directory"))
    case .failure(.notRegularFile):
      return .failure(Failure(message: "cannot read defaults file '\(path)': not a regular file"))
    case .failure(.tooLarge(_, let bytes)):
      return .failure(
        Failure(message: "cannot read defaults file '\(path)': \(bytes) bytes is over the limit of 16 MiB"))
    case .failure(let failure):
      return .failure(Failure(message: "defaults file: " + failure.message))
    case .success(let bytes):
      do {
        return .success(DefaultsFile(path: path, store: try DefaultsStore(decoding: bytes)))
      } catch {
        return .failure(Failure(message: "cannot read defaults file '\(path)': \(error.message)"))
      }
    }
  }

  /// Writes the store back if a script changed it; nil when all went well.
  public func saveIfChanged() -> Failure? {
    guard store.hasChanges else { return nil }
    guard let bytes = store.encoded() else {
      return Failure(
        message: "cannot write defaults file '\(path)': a value cannot be written as JSON (a Double that is nan "
          + "or infinite, say: JSON numbers are finite)")
    }
    return Self.writeAtomically(bytes, to: path)
  }

  /// Writes `bytes` to a temporary file beside `path`, flushes it to disk,
  /// and renames it over `path`.
  public static func writeAtomically(_ bytes: [UInt8], to path: String) -> Failure? {
    let temporary = temporaryPath(for: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return failure(path, errno) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let code = errno
        close(descriptor)
        unlink(temporary)
        return failure(path, code)
      }
      written += count
    }
    let flushed = fsync(descriptor) == 0
    let code = errno
    close(descriptor)
    guard flushed, rename(temporary, path) == 0 else {
      let renameCode = flushed ? errno : code
      unlink(temporary)
      return failure(path, renameCode)
    }
    return nil
  }

  /// `dir/.name.dnd-tmp-PID`: in the same directory (a rename cannot cross
  /// file systems), hidden, and unique to this process.
  public static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(directory).\(name).dnd-tmp-\(getpid())"
  }

  private static func failure(_ path: String, _ code: Int32) -> Failure {
    let reason = strerror(code).map { String(cString: $0).lowercased() } ?? "error \(code)"
    return Failure(message: "cannot write defaults file '\(path)': \(reason)")
  }
}
