import DndSyntax

/// `expect called performDrop on target` reads the trace, which records a
/// delegate call only when the script implements the method (UIKit's
/// defaults are not calls). An expectation naming a method the view does
/// not implement can therefore never hold, or, with `not`, always holds: a
/// test that cannot fail. The checker says so once the whole script has
/// been read.
struct CallExpectation {
  var methods: [DelegateMethod]
  /// The view after `on`, when it names a view of the scene directly.
  var view: String?
  /// Whether the step has an `on` at all (one naming something else, a
  /// cell say, is not judged).
  var hasView: Bool
  var negated: Bool
  /// Whether it says `times n`.
  var counted: Bool
  var range: SourceRange
}

extension Checker {
  /// The scene view an expression names, if it is one directly.
  func viewName(of expr: CheckedExpr) -> String? {
    switch expr.kind {
    case .global(let slot), .globalChecked(let slot):
      guard globals.indices.contains(slot), case .view = globals[slot].kind else { return nil }
      return globals[slot].name
    default:
      return nil
    }
  }

  /// How the trace names view `slot`'s block `name` when it holds one of
  /// `methods` ("dropInteraction images"); "" for a block the trace records
  /// under the view alone (a list's delegates, a text drop delegate); nil
  /// when the view has no block so named. Blocks of different kinds may
  /// share a name: the one of the methods' kind is meant.
  func tracedBlock(_ name: String, of slot: Int, for methods: [DelegateMethod]) -> String? {
    let blocks = globals[slot].namedBlocks.filter { $0.name == name }
    let kinds = Set(methods.compactMap { $0.interaction?.rawValue })
    guard let block = blocks.first(where: { kinds.contains($0.kind) }) ?? blocks.first else { return nil }
    let traced = ["dragInteraction", "dropInteraction", "springLoadedInteraction"].contains(block.kind)
    return traced ? block.kind + " " + name : ""
  }

  mutating func reportCallsNeverTraced() {
    // A REPL input may name views an earlier input declared.
    guard !callExpectations.isEmpty, !continuesEarlierInput else { return }
    var implemented: [String: [String]] = [:]
    var everywhere: Set<String> = []
    func collect(_ view: CheckedView) {
      var names: [String] = []
      for member in view.members {
        switch member {
        case .view(let child): collect(child)
        case .interaction(let interaction): names += interaction.handlers.map(\.method.name)
        case .handler(let handler): names.append(handler.method.name)
        case .property: break
        }
      }
      implemented[view.name, default: []] += names
      everywhere.formUnion(names)
    }
    for app in apps {
      for case .view(let view) in app.members { collect(view) }
    }
    for expectation in callExpectations {
      let names = Set(expectation.methods.map(\.name))
      guard let method = expectation.methods.first?.name else { continue }
      if let view = expectation.view {
        let here = implemented[view] ?? []
        guard !here.contains(where: names.contains) else { continue }
        report(
          .expectedCallNeverTraced(method, view: view, negated: expectation.negated, counted: expectation.counted,
            implemented: here),
          at: expectation.range)
      } else if !expectation.hasView, everywhere.isDisjoint(with: names) {
        report(
          .expectedCallNeverTraced(method, view: nil, negated: expectation.negated, counted: expectation.counted,
            implemented: []),
          at: expectation.range)
      }
    }
  }
}
