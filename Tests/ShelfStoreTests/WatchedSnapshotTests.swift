import Foundation
import ShelfStorage
import ShelfStore
import ShelfTestSupport
import XCTest

/// The compact copy of `watched.plist` in the cache directory: what a new reader reads while
/// the file is the one the copy was made from, and never once the file changed or the copy is
/// damaged, of another version or cannot be written.
final class WatchedSnapshotTests: TemporaryDirectoryTestCase {
  private var url: URL { temporary.file("watched.plist") }
  private var cacheDirectory: URL { temporary.file("cache") }
  /// A clock past the settling time, so that a file written just now may be cached.
  private let later: () -> Date = { Date().addingTimeInterval(10) }

  private func reader(cache: URL? = nil) -> WatchedFile {
    WatchedFile(
      file: PropertyListFile(
        url: url,
        snapshot: WatchedDocument.snapshot(of: url, in: cache ?? cacheDirectory), now: later))
  }

  private func marks(_ file: WatchedFile) throws -> [Int: [WatchedEpisode]] {
    Dictionary(uniqueKeysWithValues: try file.read().shows.map { ($0.showId, $0.episodes) })
  }

  private var cacheFiles: [URL] {
    (try? FileManager.default.contentsOfDirectory(
      at: cacheDirectory, includingPropertiesForKeys: nil))?.filter {
        $0.pathExtension == "cache"
      } ?? []
  }

  /// Marks with and without times, seasons and numbers, in two shows.
  private func writeMarks() throws {
    let file = WatchedFile(file: PropertyListFile(url: url))
    try file.mark(
      show: 1,
      episodes: [
        WatchedEpisode(
          id: 11, season: 1, number: 1, watchedAt: Date(timeIntervalSince1970: 1_700_000_000)),
        WatchedEpisode(id: 12),
      ])
    try file.mark(
      show: 82, episodes: [WatchedEpisode(id: 900, season: 2, number: nil, watchedAt: nil)])
  }

  /// A copy of `document` made for the file as it is now: what a reader trusts.
  private func plantCopy(_ document: WatchedDocument) throws {
    let source = try XCTUnwrap(SourceIdentity(path: url.path))
    XCTAssertTrue(
      WatchedDocument.snapshot(of: url, in: cacheDirectory).write(
        document, source: source, now: later()))
  }

  private func oneMark() -> WatchedDocument {
    var document = WatchedDocument()
    document.mark(show: 5, episodes: [WatchedEpisode(id: 55)])
    return document
  }

  func testTheFirstReaderMakesTheCopyAndTheNextReadsTheSameMarksFromIt() throws {
    try writeMarks()
    let expected = try marks(WatchedFile(file: PropertyListFile(url: url)))
    XCTAssertEqual(try marks(reader()), expected)
    XCTAssertEqual(cacheFiles.count, 1, "the first reader keeps a copy")
    XCTAssertEqual(try marks(reader()), expected)
    // The copy is what a new reader reads while the file is unchanged.
    try plantCopy(oneMark())
    XCTAssertEqual(try marks(reader()), [5: [WatchedEpisode(id: 55)]])
  }

  func testAFileChangedByASecondShellIsReadAgain() throws {
    try writeMarks()
    try plantCopy(oneMark())
    XCTAssertEqual(try marks(reader()).keys.sorted(), [5])
    try WatchedFile(file: PropertyListFile(url: url)).mark(
      show: 1, episodes: [WatchedEpisode(id: 13)])
    let read = try marks(reader())
    XCTAssertEqual(read[1]?.map(\.id), [11, 12, 13])
    XCTAssertEqual(read[82]?.map(\.id), [900])
    XCTAssertNil(read[5])
  }

  func testAFileEditedByHandInPlaceIsReadAgain() throws {
    try writeMarks()
    try plantCopy(oneMark())
    XCTAssertEqual(try marks(reader()).keys.sorted(), [5])
    // Same inode, same length: only the times tell.
    let text = try String(contentsOf: url, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "<integer>900</integer>", with: "<integer>901</integer>")
    let handle = try FileHandle(forWritingTo: url)
    try handle.write(contentsOf: Data(edited.utf8))
    try handle.close()
    XCTAssertEqual(try marks(reader())[82]?.map(\.id), [901])
  }

  func testADamagedTruncatedOrOtherVersionCopyIsNotUsed() throws {
    try writeMarks()
    let expected = try marks(WatchedFile(file: PropertyListFile(url: url)))
    for (name, damage) in CopyDamage.all(kinds: ["watched-4"]) {
      try plantCopy(oneMark())
      let copy = try XCTUnwrap(cacheFiles.first)
      XCTAssertEqual(try marks(reader()).keys.sorted(), [5], name)
      try CopyDamage.apply(damage, to: copy)
      XCTAssertEqual(try marks(reader()), expected, name)
    }
  }

  func testMarksBeyond32BitsAreCopiedWhole() throws {
    try writeMarks()
    try WatchedFile(file: PropertyListFile(url: url)).mark(
      show: 7, episodes: [WatchedEpisode(id: 1 << 40, season: 1, number: -(1 << 35))])
    let expected = try marks(WatchedFile(file: PropertyListFile(url: url)))
    XCTAssertEqual(expected[7]?.first?.id, 1 << 40)
    XCTAssertEqual(try marks(reader()), expected)
    XCTAssertEqual(cacheFiles.count, 1)
    XCTAssertEqual(try marks(reader()), expected, "read from the copy, numbers whole")
  }

  func testAnUnwritableCacheDirectoryStillReads() throws {
    try writeMarks()
    let expected = try marks(WatchedFile(file: PropertyListFile(url: url)))
    try temporary.write("not-a-directory", "")
    XCTAssertEqual(try marks(reader(cache: temporary.file("not-a-directory"))), expected)
    try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
    guard let view = ScratchMount.readOnlyView(of: cacheDirectory) else {
      throw XCTSkip("a read-only bind mount needs root")
    }
    XCTAssertEqual(try marks(reader(cache: view.url)), expected)
    XCTAssertEqual(cacheFiles, [])
  }

  func testChangesThroughACachedReaderAreSaved() throws {
    try writeMarks()
    _ = try reader().read()
    let file = reader()
    XCTAssertEqual(try file.mark(show: 82, episodes: [WatchedEpisode(id: 902)]), 1)
    XCTAssertEqual(try file.unmark(show: 1, episodes: [12]), 1)
    let read = try marks(WatchedFile(file: PropertyListFile(url: url)))
    XCTAssertEqual(read[1]?.map(\.id), [11])
    XCTAssertEqual(read[82]?.map(\.id), [900, 902])
    XCTAssertEqual(try marks(reader()), read)
  }

  /// Property lists shelf does not write itself read as Foundation reads them, and their copy
  /// reads the same again.
  func testUnusualPropertyListsReadAsFoundationReadsThem() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>version</key><integer>1</integer>
      <key>shows</key><array><dict><key>showId</key><integer>7</integer>
      <!-- a comment --><key>note</key><string>Tom &amp; Jerry &#x263A;</string>
      <key>episodes</key><array>
      <dict><key>watchedAt</key><date>2024-05-01T20:00:00Z</date><key>season</key>
      <integer>2</integer><key>id</key><integer>70</integer></dict>
      <dict><key>id</key><integer>-71</integer><key>number</key><integer>0</integer></dict>
      </array></dict></array></dict></plist>
      """
    var binary = WatchedDocument()
    binary.mark(
      show: 9,
      episodes: [
        WatchedEpisode(
          id: 90, season: 1, number: 2, watchedAt: Date(timeIntervalSinceReferenceDate: 12.5)),
        WatchedEpisode(id: 91),
      ])
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    for (name, data) in [
      ("xml", Data(xml.utf8)), ("binary", try encoder.encode(binary)),
    ] {
      try data.write(to: url)
      let foundation = try PropertyListDecoder().decode(WatchedDocument.self, from: data)
      XCTAssertEqual(try reader().read(), foundation, name)
      XCTAssertEqual(cacheFiles.count, 1, name)
      XCTAssertEqual(try reader().read(), foundation, name)
      try FileManager.default.removeItem(at: cacheDirectory)
    }
  }
}
