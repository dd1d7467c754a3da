import DndSyntax

/// A `.dnd` file read as a spec: its source and the expectations in its comments.
public struct SpecFile: Sendable {
  /// The name used in reports and test names, e.g. `Spec/lexing/strings.dnd`.
  public var name: String
  public var source: SourceFile
  public var expectations: Expectations

  public init(source: SourceFile, name: String? = nil) {
    self.source = source
    self.name = name ?? source.name
    self.expectations = Expectations.parse(source)
  }

  /// Reads a spec from disk; `name` defaults to the path.
  public static func load(_ path: String, name: String? = nil) -> Result<SpecFile, LoadFailure> {
    SourceLoader.readFile(path).map { SpecFile(source: SourceFile(name: path, bytes: $0), name: name) }
  }
}
