import DndSyntax

/// A checked script: its globals, its declarations resolved, and its top
/// level as a function. This is the only input the interpreter accepts.
public struct CheckedProgram: Sendable {
  public var device: Device
  /// The major iOS version the script asked for (`device iPhone iOS 15`);
  /// nil when it named none, which models iOS 11 to 14.
  public var systemVersion: Int?
  public var symbols: SymbolTable
  public var globals: [GlobalInfo]
  /// Global functions, created before any code runs so that everything can
  /// call them (declaration order does not matter for functions).
  public var globalFunctions: [GlobalFunction]
  /// The top level: statements, and `declareApp`/`declareSource` in order.
  public var main: FunctionCode
  public var apps: [CheckedApp]
  public var sources: [CheckedSource]
  public var scenarios: [CheckedScenario]
  /// Every distinct string literal, indexed by `CheckedExpr.Kind.string`.
  public var stringLiterals: [String]

  public init(
    device: Device = .iPad, systemVersion: Int? = nil, symbols: SymbolTable = SymbolTable(),
    globals: [GlobalInfo] = [],
    globalFunctions: [GlobalFunction] = [], main: FunctionCode, apps: [CheckedApp] = [],
    sources: [CheckedSource] = [], scenarios: [CheckedScenario] = [], stringLiterals: [String] = []
  ) {
    self.device = device
    self.systemVersion = systemVersion
    self.symbols = symbols
    self.globals = globals
    self.globalFunctions = globalFunctions
    self.main = main
    self.apps = apps
    self.sources = sources
    self.scenarios = scenarios
    self.stringLiterals = stringLiterals
  }

  /// The slot of the global named `name`.
  public func globalSlot(named name: String) -> Int? {
    globals.firstIndex { $0.name == name }
  }
}

/// One global slot: what it holds and where it was declared.
public struct GlobalInfo: Sendable {
  public enum Kind: Hashable, Sendable {
    case variable
    case constant
    case function
    case view(ViewKind)
    case app
    case source

    /// Apps, their views and sources: what a scene builds once and keeps.
    public var isPartOfScene: Bool {
      switch self {
      case .view, .app, .source: true
      case .variable, .constant, .function: false
      }
    }

    /// "app", "view", ... for messages.
    public var phrase: String {
      switch self {
      case .variable: "variable"
      case .constant: "constant"
      case .function: "function"
      case .view: "view"
      case .app: "app"
      case .source: "source"
      }
    }
  }

  public var name: String
  public var kind: Kind
  public var range: SourceRange
  /// The app declaring it, if any (for "declared in both apps" messages).
  public var app: String?
  /// A function's parameter names (for arity checks in later REPL inputs).
  public var parameters: [String]
  /// For each parameter of a function, the hidden global function that
  /// computes its default value, or nil when it has none.
  public var defaultSlots: [Int?] = []
  /// A global the script cannot name: a default value's function.
  public var isHidden = false
  /// The value type a `let` is known to hold (Checker+ConstantValues.swift),
  /// kept here so that later REPL inputs know it too.
  public var valueType: String?
  /// A view's named blocks (`dropInteraction images`), by name and kind,
  /// for `expect called ... on zone.images` (in later REPL inputs too).
  public var namedBlocks: [(name: String, kind: String)] = []

  public init(name: String, kind: Kind, range: SourceRange, app: String? = nil, parameters: [String] = []) {
    self.name = name
    self.kind = kind
    self.range = range
    self.app = app
    self.parameters = parameters
  }

  /// Whether code may assign to it.
  public var isAssignable: Bool { kind == .variable }
}

public struct GlobalFunction: Sendable {
  public var slot: Int
  public var code: FunctionCode
  public init(slot: Int, code: FunctionCode) {
    self.slot = slot
    self.code = code
  }
}

/// `app Name { ... }`
public struct CheckedApp: Sendable {
  public var name: String
  /// The global holding the app object (for `self` in app functions).
  public var slot: Int
  public var members: [CheckedAppMember]
  public var range: SourceRange
}

public enum CheckedAppMember: Sendable {
  case view(CheckedView)
  case property(CheckedProperty)
  /// A `let`/`var`: a `.declare` statement for its global.
  case variable(CheckedStmt)
  /// A `func`: the global slot of the function (already created).
  case function(Int)
}

/// `label name { ... }`
public struct CheckedView: Sendable {
  public var kind: ViewKind
  public var name: String
  /// The global the view object is bound to.
  public var slot: Int
  public var members: [CheckedViewMember]
  public var range: SourceRange
}

public enum CheckedViewMember: Sendable {
  case view(CheckedView)
  case interaction(CheckedInteraction)
  /// `paste`, `canPaste`, `action`, written directly in the view body.
  case handler(CheckedHandler)
  case property(CheckedProperty)
}

/// `frame = Rect(...)`: a catalogue entry and the value expression, which
/// is evaluated in the global scope.
public struct CheckedProperty: Sendable {
  public var entry: PropertyEntry
  public var symbol: Symbol
  public var value: CheckedExpr
  public var range: SourceRange
}

/// `dropInteraction [name] { ... }`
public struct CheckedInteraction: Sendable {
  public var kind: InteractionKind
  public var name: String?
  public var handlers: [CheckedHandler]
  public var properties: [CheckedProperty]
  public var range: SourceRange
}

/// A delegate method a script implements: the catalogue entry it matched and
/// its code (a function with no captures; call it with the UIKit arguments).
public struct CheckedHandler: Sendable {
  public var method: DelegateMethod
  public var function: FunctionCode
}

/// `source Name { ... }`: another app reduced to the items it offers.
public struct CheckedSource: Sendable {
  public var name: String
  public var slot: Int
  /// Its `let`/`var` declarations, in order (`.declare` statements).
  public var variables: [CheckedStmt]
  /// The global slots of its functions (`Safari.describe()`).
  public var functionSlots: [Int] = []
  public var items: [CheckedItem]
  public var range: SourceRange
}

/// `item name { ... }`: a body run to produce the dragged item.
public struct CheckedItem: Sendable {
  public var name: String
  public var symbol: Symbol
  public var function: FunctionCode
  public var range: SourceRange
}

/// `scenario "title" { ... }`
public struct CheckedScenario: Sendable {
  public var title: String
  public var function: FunctionCode
  public var range: SourceRange
}

/// What the checker returns: the program (complete even when there are
/// errors, with the broken parts left out) and its diagnostics.
public struct CheckResult: Sendable {
  public var program: CheckedProgram
  public var diagnostics: [Diagnostic]
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
