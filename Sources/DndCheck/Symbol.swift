/// Member names and argument labels, interned once by the checker so that
/// evaluation compares integers, never strings.
///
/// The first symbols are the `KnownMember` cases, in order, so native code
/// (the interpreter's core methods, the UIKit binding) can `switch` on a
/// member it knows at compile time. Names a script invents (`.myField`) get
/// the ids after them; they are the same for one program, not across programs.
public struct Symbol: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let raw: Int32

  public init(raw: Int32) { self.raw = raw }

  /// The symbol of a member the Swift code knows by name.
  public init(_ member: KnownMember) { self.raw = member.rawValue }

  /// The known member this symbol stands for, if it is one.
  @inline(__always)
  public var known: KnownMember? { KnownMember(rawValue: raw) }

  public static func < (a: Symbol, b: Symbol) -> Bool { a.raw < b.raw }

  public var description: String { "#\(raw)" }
}

/// The interned names of one program: known members first, then the rest in
/// the order the checker met them.
public struct SymbolTable: Sendable {
  public private(set) var names: [String]
  private var ids: [String: Symbol]

  /// The known members only, shared: for printing without a program.
  public static let knownMembers = SymbolTable()

  /// A table holding only the known members.
  public init() {
    names = KnownMember.allCases.map(\.spelling)
    ids = [:]
    for (index, name) in names.enumerated() { ids[name] = Symbol(raw: Int32(index)) }
  }

  /// The symbol for a name, adding it if it is new.
  public mutating func intern(_ name: String) -> Symbol {
    if let id = ids[name] { return id }
    let id = Symbol(raw: Int32(names.count))
    names.append(name)
    ids[name] = id
    return id
  }

  /// The symbol for a name if the program uses it (or it is known).
  public func lookup(_ name: String) -> Symbol? { ids[name] }

  /// The spelling of a symbol, for messages and printing.
  public func name(of symbol: Symbol) -> String {
    let index = Int(symbol.raw)
    return index >= 0 && index < names.count ? names[index] : "#\(symbol.raw)"
  }
}
