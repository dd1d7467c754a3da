import DndSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a script could not be read; each becomes exit status 74.
public enum LoadFailure: Error, Hashable, Sendable {
  case missing(String)
  case directory(String)
  case notRegularFile(String)
  case unreadable(String, reason: String)
  case tooLarge(String, bytes: Int)
  case standardInputUnreadable
  /// Standard input went on past the limit: reading stopped there.
  case standardInputTooLarge
  /// A line of the REPL's piped input went on past the limit.
  case standardInputLineTooLong
  /// A line of the REPL's piped input is not UTF-8 (its number, from 1).
  case standardInputNotUTF8(line: Int)

  /// One lowercase line without the `dnd: error: ` prefix.
  public var message: String {
    switch self {
    case .missing(let path): return "cannot read '\(path)': no such file"
    case .directory(let path):
      return "cannot read '\(path)': it is a directory, not a script; 'dnd test \(path)' runs every script in it"
    case .notRegularFile(let path): return "cannot read '\(path)': not a regular file"
    case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .tooLarge(let path, let bytes):
      return "cannot read '\(path)': \(bytes) bytes is over the limit of \(SourceLoader.maximumBytes)"
    case .standardInputLineTooLong:
      return "cannot read standard input: a line (or an input left open over several) goes on past the limit "
        + "of \(SourceLoader.maximumBytes) bytes (reading stopped there)"
    case .standardInputNotUTF8(let line):
      return "line \(line) of standard input is not UTF-8 text, which a script must be; it was skipped"
    case .standardInputUnreadable: return "cannot read standard input"
    case .standardInputTooLarge:
      return "cannot read '\(SourceLoader.standardInputName)': it is over the limit of \(SourceLoader.maximumBytes) "
        + "bytes (reading stopped there)"
    }
  }
}

/// Reads scripts from files and standard input into `SourceFile`s.
public enum SourceLoader {
  /// Source offsets are 32-bit (`SourceRange`); a script this large is a
  /// mistake long before that, so stop at 16 MiB with a clear message.
  public static let maximumBytes = 16 << 20

  /// The name used for a script read from standard input.
  public static let standardInputName = "<stdin>"

  /// Loads `path`, or standard input when `path` is `-`.
  public static func load(
    _ path: String, id: SourceFile.ID = 0, console: Console
  ) -> Result<SourceFile, LoadFailure> {
    if path == "-" {
      guard let bytes = console.readInput() else { return .failure(.standardInputUnreadable) }
      guard bytes.count <= maximumBytes else { return .failure(.standardInputTooLarge) }
      return .success(SourceFile(name: standardInputName, bytes: bytes, id: id))
    }
    return readFile(path).map { SourceFile(name: path, bytes: $0, id: id) }
  }

  /// The bytes of a regular file, following symbolic links. The file is
  /// opened first and then examined, so what is read is what was checked;
  /// `O_NONBLOCK` keeps a FIFO from blocking the open.
  public static func readFile(_ path: String) -> Result<[UInt8], LoadFailure> {
    guard !path.isEmpty else { return .failure(.missing(path)) }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .failure(.missing(path)) }
      return .failure(.unreadable(path, reason: reason(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(path, reason: reason(errno))) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { return .failure(.directory(path)) }
    if type != S_IFREG { return .failure(.notRegularFile(path)) }
    if Int(info.st_size) > maximumBytes { return .failure(.tooLarge(path, bytes: Int(info.st_size))) }
    guard let bytes = readAll(descriptor, limit: maximumBytes) else {
      return .failure(.unreadable(path, reason: reason(errno)))
    }
    // The file may have grown since fstat.
    guard bytes.count <= maximumBytes else { return .failure(.tooLarge(path, bytes: bytes.count)) }
    return .success(bytes)
  }

  /// A lowercase description of an `errno` value.
  private static func reason(_ code: Int32) -> String {
    switch code {
    case EACCES: return "permission denied"
    case ELOOP: return "too many symbolic links"
    case ENAMETOOLONG: return "the path is too long"
    default:
      guard let text = strerror(code) else { return "error \(code)" }
      return String(cString: text).lowercased()
    }
  }
}
