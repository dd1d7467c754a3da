import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outside world as the command sees it: two output streams, standard
/// input, whether the streams are terminals, and the environment.
///
/// Everything the command prints goes through here, so tests run the command
/// in-process with a console that records, and `Sources/dnd/main.swift` wires
/// the real streams (`Console.system()`).
public struct Console {
  /// Writes text to standard output, as given (line breaks included).
  public var writeOutput: (String) -> Void
  /// Writes text to standard error, as given.
  public var writeError: (String) -> Void
  /// Reads all of standard input, or nil when it cannot be read.
  public var readInput: () -> [UInt8]?
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (diagnostics are coloured by this).
  public var errorIsTerminal: Bool
  /// The environment, for `NO_COLOR`.
  public var environment: [String: String]

  public init(
    writeOutput: @escaping (String) -> Void,
    writeError: @escaping (String) -> Void,
    readInput: @escaping () -> [UInt8]? = { [] },
    outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readInput = readInput
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
  }

  /// The process's own streams and environment.
  public static func system() -> Console {
    Console(
      writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) },
      readInput: {
        do {
          // nil from readToEnd means end of input straight away: an empty script.
          return [UInt8](try FileHandle.standardInput.readToEnd() ?? Data())
        } catch {
          return nil
        }
      },
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment
    )
  }
}
