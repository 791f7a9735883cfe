import Foundation
import ShelfDomain
import ShelfStorage
import ShelfStore
import ShelfTestSupport
import XCTest

/// The copy of `favorites.plist` in the cache directory (its document as numbers and text):
/// read by a new reader while the file is the one it was made from, never once the file
/// changed or the copy is damaged.
final class FavoritesSnapshotTests: TemporaryDirectoryTestCase {
  private var url: URL { temporary.file("favorites.plist") }
  private var cacheDirectory: URL { temporary.file("cache") }
  /// A clock past the settling time, so that a file written just now may be cached.
  private let later: () -> Date = { Date().addingTimeInterval(10) }

  private func reader() -> Favorites {
    Favorites(
      file: PropertyListFile(
        url: url, snapshot: FavoritesDocument.snapshot(of: url, in: cacheDirectory), now: later))
  }

  private func plain() -> Favorites { Favorites(file: PropertyListFile(url: url)) }

  private var copies: [URL] {
    ((try? FileManager.default.contentsOfDirectory(
      at: cacheDirectory, includingPropertiesForKeys: nil)) ?? []).filter {
        $0.pathExtension == "cache"
      }
  }

  /// A show with most of its fields, a toy with its name, a story saved by an older shelf.
  private func save() throws {
    var show = Show(id: 82, name: "Game of Thrones « ♛ »")
    show.genres = ["Drama", "Fantasy"]
    show.status = "Ended"
    show.runtime = 60
    show.averageRuntime = 58
    show.summary = "<p>Seven noble families &amp; one throne.</p>"
    show.updated = 1_700_000_000
    let favorites = plain()
    try favorites.add(ItemID(.show, 82), show: show)
    try favorites.add(ItemID(.toy, 42), name: "Rocket")
    try favorites.add(ItemID(.story, 7))
  }

  func testTheNextReaderReadsTheSameDocumentFromTheCopy() throws {
    try save()
    let expected = try plain().read()
    XCTAssertEqual(try reader().read(), expected)
    XCTAssertEqual(copies.count, 1, "the first reader keeps a copy")
    XCTAssertEqual(try reader().read(), expected)
    // The copy is what a new reader reads while the file is unchanged.
    var other = FavoritesDocument()
    _ = other.add(ItemID(.toy, 1), name: "Kite")
    let source = try XCTUnwrap(SourceIdentity(path: url.path))
    XCTAssertTrue(
      FavoritesDocument.snapshot(of: url, in: cacheDirectory).write(
        other, source: source, now: later()))
    XCTAssertEqual(try reader().read().toys, [1])
  }

  func testAChangedFileOrADamagedCopyIsReadFromTheFile() throws {
    try save()
    _ = try reader().read()
    let copy = try XCTUnwrap(copies.first)
    // Saved through a reader that read the copy: the change and everything else is kept.
    XCTAssertTrue(try reader().add(ItemID(.product, 5), name: "Lamp"))
    let expected = try plain().read()
    XCTAssertEqual(expected.products, [5])
    XCTAssertEqual(expected.shows.first?.summary, "<p>Seven noble families &amp; one throne.</p>")
    XCTAssertEqual(try reader().read(), expected)
    var bytes = try Data(contentsOf: copy)
    bytes[bytes.count - 4096 + 2] ^= 0x01
    try bytes.write(to: copy)
    XCTAssertEqual(try reader().read(), expected)
  }

  func testACopyOfAnotherKindIsReadFromTheFileAndReplaced() throws {
    try save()
    let expected = try plain().read()
    // A copy an earlier shelf made (its document as JSON), of another document.
    var other = FavoritesDocument()
    _ = other.add(ItemID(.toy, 1), name: "Kite")
    let source = try XCTUnwrap(SourceIdentity(path: url.path))
    let name = DerivedFile.name("favorites", for: url, extension: "cache")
    let earlier = DerivedFile(
      url: cacheDirectory.appendingPathComponent(name), kind: "favorites-json-1")
    XCTAssertTrue(
      earlier.write([[UInt8](try JSONEncoder().encode(other))], source: source, now: later()))
    XCTAssertEqual(try reader().read(), expected)
    XCTAssertNil(earlier.read(source: source), "the copy was replaced")
    XCTAssertEqual(try reader().read(), expected)
  }
}
