/// The exit statuses of `dnd`, after BSD's `sysexits.h` where one fits, so
/// scripts and CI can tell a failed expectation from a broken script, a bad
/// command line or a missing file.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Everything ran, and every expectation held.
  case success = 0
  /// The script ran, but a scenario or an expectation failed.
  case failure = 1
  /// The command line was wrong (`EX_USAGE`).
  case usage = 64
  /// The script has a syntax or check error (`EX_DATAERR`).
  case scriptError = 65
  /// The script failed while running (`EX_SOFTWARE`).
  case runtimeError = 70
  /// A file could not be read: missing, a directory, not a regular file,
  /// unreadable (`EX_IOERR`).
  case fileError = 74

  /// Of several outcomes (e.g. `dnd check a.dnd b.dnd`), the one to report:
  /// the most serious, which for these codes is the largest.
  public static func worst(_ codes: [ExitCode]) -> ExitCode {
    codes.max { $0.rawValue < $1.rawValue } ?? .success
  }
}
