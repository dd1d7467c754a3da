import Foundation
import Testing

/// The first line `dnd test --explore` prints for a scenario counts its
/// orders in plain words; the goldens of `examples/explore` show the
/// plurals ("4 of 9 orders fail", "all 16 orders pass"), these the
/// singulars of a scenario with no choice point.
@Suite struct ExploreVerdictTests {
  /// A drop that loads nothing: its pending work runs in one order only.
  static func script(expecting expected: String) -> String {
    """
      app Demo {
        view root {
          frame = Rect(0, 0, 1024, 768)
          label source {
            frame = Rect(40, 100, 200, 40)
            text = "Hi"
            isUserInteractionEnabled = true
            dragInteraction {
              func itemsForBeginning(session) { [UIDragItem(itemProvider: NSItemProvider(object: "Hi"))] }
            }
          }
          label target {
            frame = Rect(40, 400, 300, 40)
            isUserInteractionEnabled = true
            dropInteraction {
              func sessionDidUpdate(session) { UIDropProposal(operation: .copy) }
              func performDrop(session) { target.text = "Hi" }
            }
          }
        }
      }
      scenario "drop" {
        longPress source
        drag to target
        release
        settle
        expect target.text == "\(expected)"
      }

      """
  }

  @Test(arguments: [
    ("Hi", "PASS \"drop\": its one order passes (every order explored)"),
    ("Bye", "FAIL \"drop\": 1 of 1 order fails (every order explored)"),
  ])
  func verdict(expected: String, line: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("drop.dnd", Self.script(expecting: expected))
    let result = try ProcessRunner.run(["test", "--explore", "--no-color", path])
    #expect(result.output.split(separator: "\n").first.map(String.init) == line, "\(result.output)")
  }
}
