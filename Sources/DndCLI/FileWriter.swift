#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's contents safely: the new bytes go to a temporary file
/// beside it, which then takes the file's place in one `rename`, so an
/// interrupted write never leaves half a script. The file keeps its
/// permissions, and a symbolic link stays a link (its target is replaced).
enum FileWriter {
  /// Nil when done, else why not: one lowercase line for `dnd: error: `.
  static func replaceContents(of path: String, with bytes: [UInt8]) -> String? {
    guard let resolved = realpath(path, nil) else { return message(path, errno) }
    let target = String(cString: resolved)
    free(resolved)
    // A file its owner made read-only stays so: replacing it through the
    // directory would get round the protection.
    guard access(target, W_OK) == 0 else { return message(path, errno) }
    var info = stat()
    guard stat(target, &info) == 0 else { return message(path, errno) }
    var template = Array((target + ".dndfmt-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return message(path, errno) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var remaining = bytes
    var failure: Int32?
    var offset = 0
    while offset < remaining.count {
      let written = remaining.withUnsafeMutableBytes { raw in
        write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += written
    }
    remaining.removeAll()
    if failure == nil, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, target) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      return message(path, failure)
    }
    return nil
  }

  private static func message(_ path: String, _ code: Int32) -> String {
    let reason = strerror(code).map { String(cString: $0).lowercased() } ?? "error \(code)"
    return "cannot write '\(path)': \(reason)"
  }
}
