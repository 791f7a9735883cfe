import Foundation
import ShelfDomain
import ShelfHTTP
import ShelfShell
import ShelfStore
import ShelfTestSupport
import XCTest

/// `fav`, `unfav`, `wish`, `unwish`, `rm`, `watched`, `unwatched`, `claim` and `unclaim` take
/// several REFs: every one is found and checked first, then all are done in one write, or
/// none when one of them cannot be (issue 31 item 9).
final class SeveralReferencesSessionTests: XCTestCase {
  private var files: TestLibrary!
  private var server: TestHTTPServer!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    server = try TestHTTPServer()
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    server.route(
      "/shows/1/episodes",
      always: .json(
        try Data(
          contentsOf: fixtures.appendingPathComponent(
            "ShelfCatalogTests/Fixtures/show-1-episodes.json"))))
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  private func session() throws -> Session {
    Session(
      library: try files.make(baseURL: server.baseURL),
      options: SessionOptions(interactive: false, assumeYes: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
  }

  private func favorites(_ session: Session) throws -> Set<ItemID> {
    Set(try session.context.library.userData.favorites.read().items)
  }

  func testFavAndUnfavTakeSeveralAllOrNothing() throws {
    let shell = try session()
    run(shell, "cd /toys/Dolls")
    XCTAssertEqual(
      plain(run(shell, "fav 31 32")),
      "Added \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\" to favorites.\n")
    XCTAssertEqual(try favorites(shell), [ItemID(.toy, 31), ItemID(.toy, 32)])
    // One REF that names nothing: nothing is added.
    XCTAssertEqual(
      shell.execute("fav 33 99999 34").errorMessage, "fav: no item \"99999\" in /toys/Dolls")
    XCTAssertEqual(try favorites(shell), [ItemID(.toy, 31), ItemID(.toy, 32)])
    XCTAssertEqual(
      plain(run(shell, "fav 31 \"Camille Fashion Doll\"")),
      "Added \"Camille Fashion Doll\" to favorites; \"Rosie Rag Doll\" is already a favorite.\n")
    // A name of several words still needs no quotes when it is the only REF.
    run(shell, "cd /stories/3-5; fav The Lantern Snail")
    XCTAssertTrue(try favorites(shell).contains(ItemID(.story, 7)))

    // unfav: one question for all; one that is not a favorite removes nothing.
    XCTAssertEqual(
      shell.execute("unfav toy:31 toy:40 -y").errorMessage,
      "unfav: \"Matryoshka Forest Friends\" is not a favorite")
    XCTAssertEqual(
      shell.execute("unfav toy:31 toy:32").errorMessage,
      "unfav: Remove \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\" from favorites?:"
        + " not confirmed (no terminal to ask; add -y or run with --yes)")
    XCTAssertEqual(
      plain(run(shell, "unfav toy:31 toy:32 -y")),
      "Removed \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\" from favorites.\n")
    XCTAssertEqual(try favorites(shell), [ItemID(.toy, 33), ItemID(.story, 7)])
  }

  func testRmTakesSeveralCartLinesAllOrNothing() throws {
    let shell = try session()
    run(shell, "buy toy:31 -n 1; buy toy:32 -n 2; buy product:1001 -n 1; cart")
    XCTAssertEqual(
      shell.execute("rm toy:31 toy:40").errorMessage, "rm: no item \"toy:40\" in /cart")
    XCTAssertEqual(try shell.context.library.userData.cart.read().lines.count, 3)
    let removed = plain(run(shell, "rm toy:31 product:1001"))
    XCTAssertTrue(
      removed.hasPrefix(
        "Removed \"Rosie Rag Doll\" and \"Voltwave X2 Smartphone\" from the cart.\n"), removed)
    XCTAssertEqual(
      try shell.context.library.userData.cart.read().lines.map(\.item), [ItemID(.toy, 32)])
  }

  func testWishAndClaimTakeSeveralAllOrNothing() throws {
    let shell = try session()
    run(shell, "profile add Mia --born 2019-05; profile use Mia")
    XCTAssertEqual(
      plain(run(shell, "wish toy:31 toy:32 story:7")),
      "Added \"Rosie Rag Doll\", \"Mabel Baby Doll with Bottle\" and \"The Lantern Snail\" to"
        + " your wish list.\n")
    XCTAssertEqual(
      shell.execute("wish toy:33 show:1").errorMessage,
      "wish: \"Under the Dome\" is a TV show; a wish list takes toys, products and stories")
    XCTAssertEqual(
      shell.execute("unwish toy:31 toy:33").errorMessage,
      "unwish: \"Camille Fashion Doll\" is not on your wish list")
    run(shell, "unwish story:7")
    run(shell, "profile use me; cd /profiles/Mia/wishlist")
    XCTAssertEqual(
      shell.execute("claim toy:31 toy:33").errorMessage,
      "claim: \"Camille Fashion Doll\" is not on Mia's wish list")
    XCTAssertTrue(plain(run(shell, "ls")).contains("–"), "nothing was claimed")
    XCTAssertEqual(
      plain(run(shell, "claim toy:31 toy:32")),
      "Claimed \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\" on Mia's wish list"
        + " (Mia will not see it).\n")
    XCTAssertEqual(
      plain(run(shell, "unclaim toy:31 toy:32")),
      "Took back your claim on \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\".\n")
  }

  func testWatchedTakesSeveralEpisodesAllOrNothing() throws {
    let shell = try session()
    run(shell, "cd /shows/1/S1")
    XCTAssertNotNil(shell.execute("watched 1 2 99").error)
    XCTAssertEqual(
      try shell.context.library.userData.watched.watchedEpisodes(show: 1).count, 0)
    let marked = plain(run(shell, "watched 1 2 3"))
    XCTAssertTrue(marked.hasPrefix("Under the Dome: 3 episodes marked watched.\n"), marked)
    XCTAssertEqual(try shell.context.library.userData.watched.watchedEpisodes(show: 1).count, 3)
    let unmarked = plain(run(shell, "unwatched 2 3"))
    XCTAssertTrue(unmarked.hasPrefix("Under the Dome: 2 episodes marked not watched.\n"), unmarked)
  }
}
