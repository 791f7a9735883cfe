import Foundation
import ShelfDomain
import XCTest

@testable import ShelfShell

/// What Tab offers where (issue 31 item 5): file names where a file goes, paths and kind
/// prefixes where a REF goes, what a command can act on, only the options a list takes, and
/// values described one by one.
final class TabTargetsTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!
  private var home: URL!

  override func setUpWithError() throws {
    files = try TestLibrary()
    home = files.dataDirectory.deletingLastPathComponent().appendingPathComponent("home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("backups"), withIntermediateDirectories: true)
    for name in ["toys.txt", "toys list.csv", ".hidden"] {
      _ = FileManager.default.createFile(
        atPath: home.appendingPathComponent(name).path, contents: nil)
    }
    session = Session(
      library: try files.make(),
      options: SessionOptions(interactive: false, homeDirectory: home.path),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  private func texts(_ line: String) -> [String] {
    session.complete(line, cursor: line.count).candidates.map(\.text)
  }

  private func insertions(_ line: String) -> [String] {
    let completion = session.complete(line, cursor: line.count)
    return completion.candidates.map(completion.insertion(for:))
  }

  func testFileNamesAfterRedirectionsImportAndFileOptions() {
    XCTAssertEqual(
      insertions("ls /toys > ~/"), ["~/backups/", "~/toys\\ list.csv ", "~/toys.txt "],
      "directories go on, no hidden files, names escaped")
    XCTAssertEqual(texts("cart >> ~/toys."), ["~/toys.txt"])
    XCTAssertEqual(texts("ls>~/b"), ["~/backups/"])
    XCTAssertEqual(texts("import ~/to"), ["~/toys list.csv", "~/toys.txt"])
    XCTAssertEqual(texts("import ~/."), ["~/.hidden"])
    XCTAssertEqual(texts("ls | gre"), [], "after | comes the user's own shell command")
    XCTAssertEqual(
      insertions("find \"a > b\" --lim"), ["--limit "], "a quoted > is text, not a redirection")
  }

  func testAnyREFCompletesPathsAndKindPrefixes() {
    let plush = texts("open /toys/Plush/")
    XCTAssertTrue(plush.contains("/toys/Plush/63"), "\(plush)")
    XCTAssertEqual(
      Array(texts("info toy:4").prefix(3)), ["toy:4", "toy:40", "toy:41"],
      "the whole catalog's toys, from any screen")
    XCTAssertEqual(texts("fav story:1").first, "story:1")
    XCTAssertEqual(texts("info sh"), ["show:"], "no name here starts so: the kind")
    XCTAssertEqual(
      session.complete("info pro", cursor: 8).candidates.first { $0.text == "product:" }?
        .appendsSpace, false)
  }

  func testACommandOffersWhatItCanActOn() throws {
    for line in ["fav toy:31", "fav toy:42", "buy toy:45 -n 1", "buy product:1001 -n 1"] {
      XCTAssertNil(session.execute(line).error, line)
    }
    XCTAssertEqual(texts("unfav "), ["toy:31", "toy:42"])
    XCTAssertEqual(texts("unfav toy:31 "), ["toy:31", "toy:42"], "every REF of several")
    XCTAssertEqual(texts("unfav ros"), ["toy:31"], "by name")
    XCTAssertEqual(texts("rm "), ["toy:45", "product:1001"])
    XCTAssertEqual(texts("qty prod"), ["product:1001"])
    run(session, "profile add Mia --born 2019-05; profile add Leo --born 2017-01")
    run(session, "profile use Mia; wish toy:45 toy:46; profile use Leo")
    XCTAssertEqual(texts("buy toy:45 --for "), ["me", "Mia"], "the others, not yourself")
    run(session, "cd /profiles/Mia/wishlist; claim toy:45")
    XCTAssertEqual(texts("claim "), ["toy:46"])
    XCTAssertEqual(texts("unclaim "), ["toy:45"])
    run(session, "profile use Mia")
    XCTAssertEqual(texts("unwish "), ["toy:45", "toy:46"])
  }

  func testAListOffersOnlyTheOptionsItTakes() {
    run(session, "cd /toys/Dolls")
    let dolls = texts("ls --")
    XCTAssertTrue(dolls.contains("--age") && dolls.contains("--price"), "\(dolls)")
    for other in ["--genre", "--rating", "--tracking", "--posters", "--status", "--all"] {
      XCTAssertFalse(dolls.contains(other), "\(other) offered in /toys/Dolls: \(dolls)")
    }
    let shows = texts("ls /shows --")
    XCTAssertTrue(shows.contains("--genre") && shows.contains("--tracking"), "\(shows)")
    XCTAssertFalse(shows.contains("--price"), "\(shows)")
    XCTAssertEqual(texts("ls /upnext --a"), ["--all"])
    XCTAssertFalse(texts("find --").contains("--online"), "--online is for /shows")
    XCTAssertTrue(texts("ls --columns id,").contains("id,name"))
  }

  func testValueDescriptionsSaySomethingOfEachValue() {
    let statuses = session.complete("status show:1 ", cursor: 14).candidates
    XCTAssertEqual(
      statuses.map(\.text), ["watching", "plan", "paused", "dropped", "completed", "auto"])
    XCTAssertEqual(
      Set(statuses.compactMap(\.description)).count, statuses.count,
      "one description a value: \(statuses)")
    let formats = session.complete("format ", cursor: 7).candidates
    XCTAssertEqual(formats.first?.description, "aligned columns, for people")
  }
}
