import Foundation
import ShelfShell
import XCTest

/// How shelf words things: the active person is "you", counts agree in number, and `find`
/// lists near spellings after the closer matches, marked, or leaves them out when there are
/// enough of those, saying how many.
final class WordingSessionTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    let library = try files.make()
    library.now = { Date(timeIntervalSince1970: 1_795_000_000) }  // November 2026
    session = Session(
      library: library, options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  func testTheActivePersonIsYou() throws {
    XCTAssertEqual(
      plain(run(session, "wish toy:42")), "Added \"Hanna Dirndl Doll\" to your wish list.\n")
    XCTAssertEqual(
      plain(run(session, "wish toy:42")), "\"Hanna Dirndl Doll\" is already on your wish list.\n")
    XCTAssertEqual(
      plain(run(session, "unwish toy:42")), "Took \"Hanna Dirndl Doll\" off your wish list.\n")
    XCTAssertEqual(
      session.execute("unwish toy:42").errorMessage,
      "unwish: \"Hanna Dirndl Doll\" is not on your wish list")
    XCTAssertEqual(
      session.execute("ls /toys/Dolls --fits").errorMessage,
      "ls: --fits needs a child, and you are an adult (\"profile use NAME\" or --for NAME)")
    XCTAssertEqual(
      session.execute("ls /toys/Dolls --for me").errorMessage,
      "ls: --for me: you are an adult (no --born); give a child's name")

    // A claim reads "by you" to the one who made it, and by their name to everyone else.
    run(session, "profile add Mia --born 2021-04; profile add Leo --born 2017-09")
    run(session, "profile use Mia; wish toy:42; profile use me")
    run(session, "cd /profiles/Mia/wishlist; claim toy:42")
    XCTAssertTrue(row(containing: "toy:42", in: plain(run(session, "ls"))).hasSuffix("by you"))
    let rows = try XCTUnwrap(json(run(session, "ls"))["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.first?["claimedBy"] as? String, "me")
    run(session, "profile use Leo")
    XCTAssertTrue(row(containing: "toy:42", in: plain(run(session, "ls"))).hasSuffix("by me"))
  }

  func testCountsAgreeInNumber() throws {
    run(session, "buy toy:42 -n 1")
    let home = plain(run(session, "ls /"))
    XCTAssertTrue(row(containing: "cart/", in: home).contains(" 1 item "), home)
    XCTAssertTrue(row(containing: "profiles/", in: home).contains(" 1 person "), home)
    XCTAssertTrue(row(containing: "toys/", in: home).contains(" toys "), home)
    XCTAssertTrue(plain(run(session, "cart")).hasSuffix("(1 item)\n"))
    run(session, "buy toy:31 -n 2")
    XCTAssertTrue(row(containing: "cart/", in: plain(run(session, "ls /"))).contains(" 3 items "))
  }

  /// In /toys, "bear" is in three toys' words; the near spellings (gear, ear, bead…) come
  /// after them, marked. "wood" has 45 closer matches, so its 3 near spellings are left out.
  func testFindMarksNearSpellingsOrLeavesThemOutWhenThereAreEnoughCloserMatches() throws {
    run(session, "cd /toys")
    let bear = try XCTUnwrap(json(run(session, "find bear"))["rows"] as? [[String: Any]])
    let matches = bear.map { $0["match"] as? String }
    XCTAssertEqual(matches.prefix(3), [nil, nil, nil])
    XCTAssertTrue(matches.dropFirst(3).allSatisfy { $0 == "typo" }, "\(matches)")
    XCTAssertGreaterThan(matches.count, 3)
    let table = plain(run(session, "find bear"))
    // The marker has a column of its own after the ref, which a narrow terminal never cuts.
    XCTAssertTrue(row(containing: "Barnaby", in: table).hasPrefix("toy:63      Barnaby"), table)
    XCTAssertTrue(row(containing: "Gearworks", in: table).hasPrefix("toy:5    ~  Gearworks"), table)
    XCTAssertTrue(table.contains("\n~ a near spelling of \"bear\"\n"), table)

    let wood = plain(run(session, "find wood"))
    XCTAssertTrue(wood.hasPrefix("45 found for \"wood\" in /toys\n"), wood)
    XCTAssertFalse(wood.contains(" ~ "), wood)
    XCTAssertTrue(wood.hasSuffix("\nand 3 near spellings: find wood --fuzzy\n"), wood)
    let document = try json(run(session, "find wood"))
    XCTAssertEqual(document["nearSpellings"] as? Int, 3)
    XCTAssertEqual(document["total"] as? Int, 45)

    let fuzzy = try json(run(session, "find wood --fuzzy"))
    let rows = try XCTUnwrap(fuzzy["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.count, 48)
    XCTAssertEqual(rows.filter { $0["match"] as? String == "typo" }.count, 3)
    XCTAssertEqual(rows.suffix(3).compactMap { $0["match"] as? String }, ["typo", "typo", "typo"])
    XCTAssertNil(fuzzy["nearSpellings"])
    // Sorted, a near spelling is still marked where it falls.
    let sorted = try XCTUnwrap(
      json(run(session, "find wood --fuzzy --sort price"))["rows"] as? [[String: Any]])
    XCTAssertEqual(sorted.filter { $0["match"] as? String == "typo" }.count, 3)
  }
}
