import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfShell
import XCTest

/// Shows that fit a child (TVmaze's genres Children or Family): with a child in question they
/// are marked "fits" in /shows, find in /shows and /favorites (JSON `fits`), `--fits` keeps
/// only them, `--for NAME` asks for another child, and /shows says how many fit.
final class ChildrensShowsSessionTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!
  /// The shows of the shipped snapshot that TVmaze files for children.
  private var fitting: [Int] = []

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    let library = try files.make()
    library.now = { Date(timeIntervalSince1970: 1_795_000_000) }  // November 2026
    session = Session(
      library: library, options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    fitting = try ShowList.decode(
      Data(contentsOf: TestLibrary.catalogDirectory.appendingPathComponent("shows.json"))
    ).filter { ChildrensShows.fit($0.genres ?? []) }.map(\.id).sorted()
    XCTAssertTrue(fitting.contains(83), "The Simpsons: Comedy, Family")
    run(session, "profile add Mia --born 2021-03")
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  private func rows(_ line: String) throws -> [[String: Any]] {
    try XCTUnwrap(json(run(session, line))["rows"] as? [[String: Any]])
  }

  func testShowsAreMarkedCountedAndFilteredForTheActiveChild() throws {
    run(session, "profile use Mia")
    let listing = plain(run(session, "ls /shows"))
    XCTAssertTrue(
      listing.hasPrefix("TV shows (240, \(fitting.count) fit Mia, from the shipped snapshot"),
      listing)
    XCTAssertTrue(row(containing: "The Simpsons", in: listing).hasSuffix("fits"), listing)
    XCTAssertFalse(row(containing: "Under the Dome", in: listing).contains("fits"), listing)
    let all = try rows("ls /shows")
    XCTAssertEqual(
      all.filter { $0["fits"] as? Bool == true }.compactMap { $0["id"] as? Int }, fitting)
    XCTAssertEqual(all.filter { $0["fits"] as? Bool == false }.count, 240 - fitting.count)

    let only = plain(run(session, "ls /shows --fits"))
    XCTAssertTrue(only.hasPrefix("TV shows (\(fitting.count) of 240, that fit Mia (5), from"), only)
    XCTAssertEqual(try rows("ls /shows --fits").compactMap { $0["id"] as? Int }, fitting)
    XCTAssertEqual(try rows("ls /shows --fits --sort rating --limit 2").count, 2)

    // find marks them too, and --fits keeps them before --limit.
    let found = try rows("cd /shows; find family")
    XCTAssertFalse(found.isEmpty)
    XCTAssertTrue(found.allSatisfy { $0["fits"] as? Bool == true }, "\(found)")
    let some = try json(run(session, "cd /shows; find a --fits --limit 3"))
    let shown = try XCTUnwrap(some["rows"] as? [[String: Any]])
    XCTAssertEqual(shown.count, 3)
    XCTAssertTrue(shown.allSatisfy { fitting.contains($0["id"] as? Int ?? 0) })
    XCTAssertEqual(
      some["total"] as? Int,
      try rows("cd /shows; find a").filter { $0["fits"] as? Bool == true }.count)
  }

  func testFavoritesOfEveryKindFitByTheirOwnRule() throws {
    run(session, "profile use Mia; fav show:83; fav show:1; fav toy:42; fav toy:63")
    // The Simpsons (Family) fits; Under the Dome does not; toy 42 is for 4-10 (Mia is 5),
    // toy 63 for 0-8.
    let table = plain(run(session, "ls /favorites"))
    XCTAssertTrue(row(containing: "show:83", in: table).hasSuffix("fits"), table)
    XCTAssertFalse(row(containing: "show:1 ", in: table).hasSuffix("fits"), table)
    let kept = try rows("ls /favorites --fits").map { "\($0["kind"] ?? ""):\($0["id"] ?? "")" }
    XCTAssertEqual(Set(kept), ["show:83", "toy:42", "toy:63"])
    let found = try rows("cd /favorites; find the --fits")
    XCTAssertEqual(found.compactMap { $0["id"] as? Int }, [83])
  }

  func testAnAdultSeesNoMarkAndAsksForAChildByName() throws {
    let listing = plain(run(session, "ls /shows"))
    XCTAssertFalse(listing.contains(" fit "), listing)
    XCTAssertTrue(try rows("ls /shows").allSatisfy { $0["fits"] == nil })
    XCTAssertEqual(
      session.execute("ls /shows --fits").errorMessage,
      "ls: --fits needs a child, and you are an adult (\"profile use NAME\" or --for NAME)")
    XCTAssertEqual(
      try rows("ls /shows --fits --for Mia").compactMap { $0["id"] as? Int }, fitting)
    XCTAssertEqual(
      session.execute("ls /upnext --fits --for Mia").errorMessage,
      "ls: --fits and --for work on a list of toys or stories, /shows, /favorites or find results"
        + " (see \"help ls\")")
  }
}
