// swift-tools-version: 6.0
// The pipeline, one target per stage; data flows one way:
//   DndSyntax -> DndCheck -> DndInterpreter -> DndReport -> DndCLI -> dnd
//   DndRuntime (the headless UIKit model) knows nothing of the language.
import PackageDescription

// The release `dnd` is a static executable on Linux: loading and relocating a
// dozen shared libraries (the Swift runtime, Foundation, ICU, libstdc++) was
// most of the start-up of `dnd run` on an empty script (13 M of its 22.6 M
// instructions were the dynamic loader's). Foundation's own dependencies are
// named because the modules were compiled against the shared Foundation,
// whose autolink entries name only itself (and Synchronization, which
// Foundation's locks use, now that no module of ours imports it). Release builds only: SwiftPM
// passes an executable's linker flags on to a test bundle that depends on
// it (DndCLITests), which cannot be linked statically; for the same reason
// `swift test -c release` needs DND_DYNAMIC_LINK=1.
let dndLinkerSettings: [LinkerSetting] =
  Context.environment["DND_DYNAMIC_LINK"] != nil
  ? []
  : [
    .unsafeFlags(
      [
        "-static-executable", "-lFoundationEssentials", "-l_FoundationCollections", "-lCoreFoundation",
        "-l_FoundationICU", "-l_FoundationCShims", "-lswiftSynchronization", "-lstdc++", "-lm",
      ], .when(platforms: [.linux], configuration: .release))
  ]

let package = Package(
  name: "dnd",
  products: [
    .executable(name: "dnd", targets: ["dnd"]),
    .executable(name: "dnd-bench", targets: ["dnd-bench"]),
    // libFuzzer's target: scripts/fuzz.sh builds it with --sanitize=fuzzer
    .executable(name: "dnd-fuzz", targets: ["dnd-fuzz"]),
  ],
  targets: [
    // Language
    .target(name: "DndSyntax"),
    .target(name: "DndCheck", dependencies: ["DndSyntax"]),
    // Runtime
    .target(
      name: "DndRuntime",
      // Hit-testing and layout read views' fields on every finger move; their
      // dynamic exclusivity checks were a sixth of a script's hit-test over
      // 10,000 views. A scene's objects are only touched by the thread
      // running it. Release only: debug builds, and so the tests and the
      // sanitizer runs, keep checking.
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
    // Interpreter: evaluates the checked tree and binds it to the runtime
    .target(
      name: "DndInterpreter", dependencies: ["DndSyntax", "DndCheck", "DndRuntime"],
      // The evaluator's state lives in class fields touched on every call; their
      // dynamic exclusivity checks cost about 4% of a call-heavy run. The
      // interpreter is single-threaded and never overlaps accesses to them.
      // (unsafeFlags is allowed because this is the root package.)
      swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
    // Reporters and the command line
    .target(name: "DndReport", dependencies: ["DndSyntax", "DndRuntime", "DndInterpreter"]),
    .target(name: "DndCLI", dependencies: ["DndSyntax", "DndCheck", "DndRuntime", "DndInterpreter", "DndReport"]),
    .executableTarget(name: "dnd", dependencies: ["DndCLI"], linkerSettings: dndLinkerSettings),
    // Benchmarks: swift run -c release dnd-bench. Linked as `dnd` is, so that
    // the in-process benchmarks (exploration above all) measure the code users
    // run: calls into a shared Swift runtime go through the PLT, and the
    // dynamic build explored the gallery about 12% slower.
    .executableTarget(
      name: "dnd-bench", dependencies: ["DndSyntax", "DndCheck", "DndRuntime", "DndInterpreter", "DndCLI"],
      linkerSettings: dndLinkerSettings),
    // Fuzzing: the pipeline on arbitrary bytes (DndFuzz), and libFuzzer's entry point
    .target(name: "DndFuzz", dependencies: ["DndSyntax", "DndCheck", "DndRuntime", "DndInterpreter", "DndReport"]),
    .executableTarget(name: "dnd-fuzz", dependencies: ["DndFuzz"]),
    // Tests
    .testTarget(name: "DndSyntaxTests", dependencies: ["DndSyntax"]),
    .testTarget(name: "DndCheckTests", dependencies: ["DndSyntax", "DndCheck"]),
    .testTarget(name: "DndRuntimeTests", dependencies: ["DndRuntime"]),
    .testTarget(name: "DndInterpreterTests", dependencies: ["DndSyntax", "DndCheck", "DndRuntime", "DndInterpreter"]),
    .testTarget(
      name: "DndReportTests", dependencies: ["DndSyntax", "DndRuntime", "DndInterpreter", "DndReport"]),
    .testTarget(
      name: "DndCLITests",
      dependencies: ["DndCLI", "DndReport", "DndInterpreter", "dnd"],
      exclude: ["Spec", "Golden"]
    ),
    .testTarget(name: "DndFuzzTests", dependencies: ["DndFuzz", "DndSyntax"]),
  ],
  swiftLanguageModes: [.v6]
)
