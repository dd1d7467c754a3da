// libFuzzer's entry point, and nothing else: the work is in DndFuzz.
//
// Built with `swift build -c release --product dnd-fuzz --sanitize=fuzzer`
// (see scripts/fuzz.sh), libFuzzer supplies `main` and calls this function
// with every input it makes. In a plain `swift build` this file is the
// target's only one, so SwiftPM compiles it as a main file: the program it
// links is an empty one that exits at once, which keeps the normal build
// and `swift test` working without the fuzzer runtime.
import DndFuzz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one input through `FuzzTarget`; a broken property aborts, so
/// libFuzzer records the input as a crash just like a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let violations = FuzzTarget.run(input)
  if !violations.isEmpty {
    let text = violations.map { "dnd-fuzz: \($0)\n" }.joined()
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
  }
  return 0
}
