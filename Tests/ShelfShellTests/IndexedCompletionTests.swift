import ShelfSearch
import XCTest

@testable import ShelfShell

/// Tab on the real catalog answers from the indexes exactly what a scan of every entry of the
/// list gives (the completion before the indexes), for ids, names and quoting.
final class IndexedCompletionTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
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

  /// The candidates REF completion gave by scanning the list (the code the index replaced).
  private func scanned(_ prefix: String, entries: [Entry]) -> [Candidate] {
    let idsOnly = prefix.isEmpty || Int(prefix) != nil || prefix.contains(":")
    let key = idsOnly ? "" : SearchKey.name(prefix)
    var byID: [Candidate] = []
    var byName: [Candidate] = []
    for entry in entries {
      guard let item = entry.item else { continue }
      let id = String(item.id)
      if id.hasPrefix(prefix) {
        byID.append(Candidate(id, description: entry.name))
      } else if !key.isEmpty, SearchKey.name(entry.name).hasPrefix(key) {
        byName.append(Candidate(entry.name, description: id))
      }
    }
    return idsOnly ? byID : byName + byID
  }

  /// Every prefix of every id and of every name (up to 6 characters), plus the empty prefix.
  private func prefixes(_ entries: [Entry]) -> Set<String> {
    var prefixes: Set<String> = [""]
    for entry in entries {
      for text in [entry.segment, entry.name] {
        for length in 1...min(6, text.count) { prefixes.insert(String(text.prefix(length))) }
      }
    }
    return prefixes
  }

  func testTabCompletesTheCommandAfterTheLastSemicolon() {
    let path = "pwd; cd /to"
    let afterPath = session.complete(path, cursor: path.count)
    XCTAssertEqual(afterPath.candidates.map(\.text), ["/toys/"])
    XCTAssertEqual(afterPath.wordStart, 8)
    let command = "cd /toys; hel"
    XCTAssertEqual(
      session.complete(command, cursor: command.count).candidates.map(\.text), ["help"])
    let quoted = "find \"a;b\" --so"
    XCTAssertEqual(
      session.complete(quoted, cursor: quoted.count).candidates.map(\.text), ["--sort"])
  }

  func testReferenceCompletionEqualsAScanInEveryList() throws {
    let places = session.context.places
    let catalog = try session.context.library.catalog
    let lists: [Location] =
      catalog.toyCategories.map(Location.toyCategory)
      + catalog.storyAgeRanges.map(Location.storyAges)
      + catalog.productCategories.map(Location.storeCategory)
    var checked = 0
    for list in lists {
      _ = session.execute("cd \(Tokenizer.escape(list.path))")
      XCTAssertEqual(session.location, list)
      let entries = try places.items(at: list)
      for prefix in prefixes(entries).sorted() {
        let line = "open " + Tokenizer.escape(prefix)
        let completion = session.complete(line, cursor: line.count)
        XCTAssertEqual(
          completion.candidates, scanned(prefix, entries: entries), "\(list.path): \(prefix)")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 500)
  }

  func testNamesAreInsertedQuotedOrEscaped() throws {
    _ = session.execute("cd /toys/Dolls")
    let plain = session.complete("open Rosie", cursor: 10)
    XCTAssertEqual(plain.candidates.map(\.text), ["Rosie Rag Doll"])
    XCTAssertEqual(plain.commonInsertion, "Rosie\\ Rag\\ Doll ")
    let quoted = session.complete("open 'rosie r", cursor: 13)
    XCTAssertEqual(quoted.commonInsertion, "'Rosie Rag Doll' ")
    let accented = session.complete("open camille-f", cursor: 14)
    XCTAssertEqual(accented.candidates.map(\.text), ["Camille Fashion Doll"])
  }

  func testPathCompletionOfItemsEqualsAScan() throws {
    let places = session.context.places
    let entries = try places.items(at: .toyCategory("Dolls"))
    for prefix in prefixes(entries).sorted() where !prefix.contains("/") {
      let line = "cd /toys/Dolls/" + Tokenizer.escape(prefix)
      let key = SearchKey.name(prefix)
      let expected = entries.filter { entry in
        entry.segment.hasPrefix(prefix)
          || (!key.isEmpty && SearchKey.name(entry.name).hasPrefix(key))
      }.map { Candidate("/toys/Dolls/" + $0.segment, description: $0.name) }
      XCTAssertEqual(
        session.complete(line, cursor: line.count).candidates, expected, "prefix \(prefix)")
    }
  }
}
