/// UIPasteConfiguration: the type identifiers a responder accepts for paste
/// and, without a drop interaction of its own, for drops (§6).
public struct PasteConfiguration: Hashable, Sendable {
  /// Highest fidelity first.
  public var acceptableTypeIdentifiers: [String]

  public init(acceptableTypeIdentifiers: [String] = []) {
    self.acceptableTypeIdentifiers = acceptableTypeIdentifiers
  }

  /// `init(forAccepting:)`: the class's readable type identifiers.
  public init(forAccepting objectClass: ObjectClass) {
    self.acceptableTypeIdentifiers = objectClass.readableTypeIdentifiers
  }

  public mutating func addAcceptableTypeIdentifiers(_ types: [String]) {
    acceptableTypeIdentifiers += types.filter { !acceptableTypeIdentifiers.contains($0) }
  }

  public mutating func addTypeIdentifiers(forAccepting objectClass: ObjectClass) {
    addAcceptableTypeIdentifiers(objectClass.readableTypeIdentifiers)
  }

  /// True if some provider has a representation conforming to an acceptable type.
  func accepts(_ providers: [ItemProvider]) -> Bool {
    providers.contains { provider in
      acceptableTypeIdentifiers.contains { provider.hasItemConformingToTypeIdentifier($0) }
    }
  }
}
