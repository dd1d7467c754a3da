// The `dnd` executable: real streams in, exit status out. Everything else
// lives in DndCLI, so tests run the same code in-process.
import DndCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if AllocatorTuning.explores(arguments) { AllocatorTuning.restartForExploration() }
exit(DndCommand.main(arguments, console: .system()))
