import DndCLI
import Testing

/// Every spec under `Tests/DndCLITests/Spec` and every `examples/*.dnd`, run
/// through the real pipeline by the runner `dnd test` uses (`TestRunner`):
/// each scenario is a test, and so are a file's inline expectations.
@Suite struct SpecTests {
  /// Paths relative to the repository root, so test names read `Spec/lexing/strings.dnd`.
  static let specs = PackagePaths.scripts(under: PackagePaths.spec)
  static let examples = PackagePaths.scripts(under: PackagePaths.examples)

  @Test(arguments: specs)
  func spec(_ path: String) {
    check(path)
  }

  @Test(arguments: examples)
  func example(_ path: String) {
    check(path)
  }

  @Test func theSpecFoldersAreFound() {
    let folders = Set(Self.specs.compactMap { $0.split(separator: "/").dropFirst(3).first })
    #expect(folders == ["badinput", "checking", "errors", "evaluation", "lexing", "limits", "parsing", "uikit"])
  }

  private func check(_ path: String) {
    let result = TestRunner().run(path: PackagePaths.root.appendingPathComponent(path).path, name: path)
    #expect(!result.cases.isEmpty)
    #expect(result.passed, "\(TestReport(files: [result]).text)")
  }
}
