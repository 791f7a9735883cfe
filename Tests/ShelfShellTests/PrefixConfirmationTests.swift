import Foundation
import ShelfShell
import XCTest

/// A command that removes something, given only the start of a name, asks first (`rm t` in
/// /cart would remove "The Lighthouse Cat"); an id, a kind-qualified id, a path or the whole
/// name does not ask. In a script the question is refused unless `-y` or `--yes`.
final class PrefixConfirmationTests: XCTestCase {
  private var files: TestLibrary!
  private var asker: ScriptedAsker!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    asker = ScriptedAsker()
  }

  override func tearDown() {
    files = nil
    super.tearDown()
  }

  private func session(interactive: Bool) throws -> Session {
    Session(
      library: try files.make(), options: SessionOptions(interactive: interactive),
      asker: asker, opener: RecordingOpener())
  }

  private func cartIDs(_ session: Session) throws -> [Int] {
    try XCTUnwrap(json(run(session, "ls /cart"))["rows"] as? [[String: Any]]).compactMap {
      $0["id"] as? Int
    }
  }

  func testRemovingByTheStartOfANameAsksFirst() throws {
    let script = try session(interactive: false)
    run(script, "buy product:1011 -n 999; buy toy:42 -n 1; cart")
    let question = "\"t\" is the start of \"The Lighthouse Cat\": remove it from the cart?"
    XCTAssertEqual(script.execute("rm t").error, .confirmationNeeded(question))
    XCTAssertEqual(script.execute("qty t 0").error, .confirmationNeeded(question))
    XCTAssertEqual(try cartIDs(script), [1011, 42])
    run(script, "qty t 5")  // not a removal: no question

    let shell = try session(interactive: true)
    run(shell, "cart")
    asker.answers = [""]  // Enter means no
    XCTAssertEqual(plain(run(shell, "rm t")), "Kept \"The Lighthouse Cat\" in the cart.\n")
    XCTAssertEqual(asker.asked.map(\.prompt), [question + " [y/N] "])
    XCTAssertEqual(try cartIDs(shell), [1011, 42])
    asker.answers = ["y"]
    XCTAssertTrue(plain(run(shell, "rm t")).hasPrefix("Removed \"The Lighthouse Cat\""))
    XCTAssertEqual(try cartIDs(shell), [42])

    // An id, a kind-qualified id, the whole name (any case, or as a slug) do not ask.
    asker.asked = []
    for line in ["rm 42", "rm product:1011", "rm \"the lighthouse cat\"", "rm the-lighthouse-cat"] {
      run(shell, "buy product:1011 -n 1; buy toy:42 -n 1; cart")
      run(shell, line)
    }
    XCTAssertEqual(asker.asked.count, 0)
    run(script, "buy product:1011 -n 1; cart; rm t -y")
    XCTAssertFalse(try cartIDs(script).contains(1011))
  }

  func testUnwishAndUnclaimByTheStartOfANameAskFirst() throws {
    let script = try session(interactive: false)
    run(script, "wish product:1011; wish toy:42; cd /wishlist")
    XCTAssertEqual(
      script.execute("unwish the").error,
      .confirmationNeeded(
        "\"the\" is the start of \"The Lighthouse Cat\": take it off your wish list?"))
    run(script, "unwish \"The Lighthouse Cat\"")
    run(script, "profile add Mia --born 2020-02; profile use Mia; wish toy:42; profile use me")
    run(script, "cd /profiles/Mia/wishlist; claim han")
    XCTAssertEqual(
      script.execute("unclaim han").error,
      .confirmationNeeded(
        "\"han\" is the start of \"Hanna Dirndl Doll\": take back your claim on it?"))
    XCTAssertEqual(
      plain(run(script, "unclaim han -y")), "Took back your claim on \"Hanna Dirndl Doll\".\n")
  }
}
