import Foundation
import ShelfCatalog
import ShelfShell
import XCTest

/// In find results, a REF that names an item of the section searched but none of the results
/// names that item, for every command that takes a REF; from `/`, where an id is no one item,
/// the error gives the kind-qualified ids that name it.
final class FindResultReferenceTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  func testAToyOfTheSectionThatIsNotAResultIsOpenedAsFromTheSection() throws {
    run(session, "cd /toys; find bear")
    let results = plain(run(session, "ls"))
    XCTAssertFalse(results.contains("toy:42 "), results)
    XCTAssertTrue(plain(run(session, "open 42")).hasPrefix("Hanna Dirndl Doll\n"))
    XCTAssertEqual(session.location, .toy(category: "Dolls", id: 42))
    run(session, "back")
    XCTAssertTrue(plain(run(session, "info 42")).hasPrefix("Hanna Dirndl Doll\n"))
    XCTAssertEqual(plain(run(session, "fav 42")), "Added \"Hanna Dirndl Doll\" to favorites.\n")
    run(session, "buy 42 -n 2")
    run(session, "wish 42")
    let cart = try json(run(session, "ls /cart"))
    XCTAssertEqual((cart["rows"] as? [[String: Any]])?.first?["id"] as? Int, 42)
    // What the section does not have is an error saying where it looked.
    run(session, "cd /toys; find bear")
    XCTAssertEqual(
      session.execute("open 99999").error,
      .unknownReference("99999", searched: "the find results or in /toys"))
    // A result is still what its REF names first.
    XCTAssertTrue(plain(run(session, "info 63")).hasPrefix("Barnaby Bear 30 cm\n"))
  }

  func testAShowOfTheStoreThatIsNotAResultIsNamedAsFromShows() throws {
    run(session, "cd /shows; find drama --limit 3")
    XCTAssertFalse(plain(run(session, "ls")).contains("show:82 "))
    XCTAssertTrue(plain(run(session, "info 82")).hasPrefix("Game of Thrones\n"))
    run(session, "open 82")
    XCTAssertEqual(session.location, .show(id: 82))
  }

  func testFromHomeTheErrorGivesTheKindQualifiedIds() throws {
    run(session, "cd /; find bear")
    let outcome = session.execute("info 42")
    XCTAssertEqual(outcome.error, .notAmongResults("42", naming: ["toy:42", "show:42"]))
    XCTAssertEqual(
      outcome.errorMessage,
      "info: \"42\" is not among the find results; toy:42 or show:42 name it")
    XCTAssertEqual(
      session.execute("fav 99999").error,
      .unknownReference("99999", searched: "the find results"))
    XCTAssertTrue(plain(run(session, "info toy:42")).hasPrefix("Hanna Dirndl Doll\n"))
  }
}
