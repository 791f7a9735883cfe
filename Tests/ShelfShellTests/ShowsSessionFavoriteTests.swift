import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

extension ShowsSessionTests {
  // MARK: - Delete confirmation

  func testUnfavoriteAsksAndEnterKeepsTheShowWhileYesRemovesIt() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let question = "Remove \"Under the Dome\" from favorites? [y/N] "

    asker.replies = [{ _ in "" }]
    XCTAssertEqual(plain(run(session, "unfav show:1")), "Kept \"Under the Dome\" in favorites.\n")
    XCTAssertEqual(asker.asked.map(\.prompt), [question])
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])

    asker.replies = [{ _ in "n" }]
    run(session, "unfav show:1")
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])

    asker.replies = [{ _ in "y" }]
    XCTAssertEqual(
      plain(run(session, "unfav show:1")), "Removed \"Under the Dome\" from favorites.\n")
    XCTAssertEqual(asker.asked.map(\.prompt), [question, question, question])
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
    XCTAssertFalse(plain(run(session, "ls /favorites")).contains("show:1"))
  }

  func testUnfavoriteInAScriptNeedsYes() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let outcome = session.execute("unfav show:1")
    XCTAssertEqual(
      outcome.error, .confirmationNeeded("Remove \"Under the Dome\" from favorites?"))
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])
    run(session, "unfav show:1 -y")
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
  }

  // MARK: - A save that fails on disk

  func testFailedSaveInAScriptLeavesTheFavoritesFileUnchanged() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    let outcome = session.execute("fav show:2")
    guard case .store(let error)? = outcome.error else {
      return XCTFail("expected a store error, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(error.path, favoritesFile.path)
    XCTAssertTrue(outcome.errorMessage?.contains("favorites.plist") ?? false)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)

    try unblockTheFavoritesLock()
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])
    let listing = plain(run(session, "ls /shows"))
    XCTAssertTrue(row(containing: "Person of Interest", in: listing).contains("★") == false)
  }

  func testFailedSaveInTheDialogCancelsOrRetries() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "c" }]
    XCTAssertEqual(session.execute("fav show:2").error, .cancelled(""))
    assertDialog(asker.asked, description: Self.saveDescription)
    XCTAssertTrue(asker.asked.first?.lines.last?.plainText.contains("favorites.plist") ?? false)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)

    asker.asked = []
    asker.replies = [
      { [self] _ in
        // The user frees the file, then retries.
        return (try? unblockTheFavoritesLock()) == nil ? "c" : "r"
      }
    ]
    XCTAssertEqual(
      plain(run(session, "fav show:2")), "Added \"Person of Interest\" to favorites.\n")
    assertDialog(asker.asked, description: Self.saveDescription)
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1, 2])
  }

  func testFailedDeleteInTheDialogKeepsTheShow() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    // Reads still work; only saving fails (temporary names cannot be guessed and blocked any
    // more, so the lock is).
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "y" }, { _ in "c" }]
    XCTAssertEqual(session.execute("unfav show:1").error, .cancelled(""))
    XCTAssertEqual(asker.asked.count, 2)
    assertDialog(Array(asker.asked.dropFirst()), description: Self.saveDescription)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)
    XCTAssertTrue(plain(run(session, "ls /favorites")).contains("show:1"))

    asker.asked = []
    asker.replies = [
      { _ in "y" },
      { [self] _ in
        (try? unblockTheFavoritesLock()) == nil ? "c" : "r"
      },
    ]
    run(session, "unfav show:1")
    XCTAssertEqual(asker.asked.count, 2)
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
  }

  /// The favourites lock cannot be taken: deleting a show should still end in the
  /// saving/deleting dialog (SPEC §4), as saving does.
  func testDeleteWhoseLockFailsEndsInTheDialog() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "y" }, { _ in "c" }]
    let outcome = session.execute("unfav show:1")
    XCTAssertEqual(outcome.error, .cancelled(""), outcome.errorMessage ?? "")
    assertDialog(
      asker.asked.filter { $0.prompt == Self.retryPrompt }, description: Self.saveDescription)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)
  }
}
