import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

/// `watched.plist` read by shelf's own reader (`WatchedDocument.readXML`) instead of
/// `PropertyListDecoder`: whatever it reads it reads exactly as the decoder does, and anything
/// it does not know it leaves to the decoder, so a file reads the same either way.
final class WatchedXMLReadingTests: TemporaryDirectoryTestCase {
  private func written(_ document: WatchedDocument) throws -> Data {
    Data(try PropertyListFile<WatchedDocument>(url: temporary.file("any.plist")).encoded(document))
  }

  private func fast(_ data: Data) -> WatchedDocument? {
    data.withUnsafeBytes(WatchedDocument.readXML)
  }

  private func decoded(_ data: Data) throws -> WatchedDocument {
    try PropertyListDecoder().decode(WatchedDocument.self, from: data)
  }

  private func time(_ text: String) throws -> Date {
    try XCTUnwrap(WatchTime.parse(text), text)
  }

  /// Marks of every shape: with and without season, number and times, watched again, with
  /// times across leap days, centuries and the ends of the years the reader takes.
  private func everyShape() throws -> WatchedDocument {
    var document = WatchedDocument()
    let times = [
      "1900-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z",
      "2000-02-29T12:34:56Z", "2001-01-01T00:00:00Z", "2024-05-01T20:00:00Z",
      "2100-03-01T00:00:00Z", "2399-12-31T23:59:59Z", "9999-12-31T23:59:59Z",
    ]
    var episodes: [WatchedEpisode] = []
    for (index, text) in times.enumerated() {
      episodes.append(
        WatchedEpisode(id: 100 + index, season: 1, number: index, watchedAt: try time(text)))
    }
    episodes.append(WatchedEpisode(id: 200))
    episodes.append(WatchedEpisode(id: -201, number: 0))
    episodes.append(WatchedEpisode(id: 202, season: 3))
    episodes.append(
      WatchedEpisode(
        id: 203, season: 2, number: 5, watchedAt: try time("2023-01-02T03:04:05Z"), plays: 3,
        lastWatchedAt: try time("2024-12-31T23:59:59Z")))
    episodes.append(WatchedEpisode(id: 204, plays: 9_999, lastWatchedAt: nil))
    document.mark(show: 1, episodes: episodes)
    document.mark(show: 2, episodes: [WatchedEpisode(id: 1_234_567_890_123)])
    return document
  }

  func testWhatShelfWritesReadsAsTheDecoderReadsIt() throws {
    let document = try everyShape()
    let data = try written(document)
    let read = try XCTUnwrap(fast(data), "shelf's own form is read without the decoder")
    XCTAssertEqual(read, try decoded(data))
    XCTAssertEqual(read, document)
    XCTAssertEqual(fast(try written(WatchedDocument())), WatchedDocument())
  }

  func testOtherFormsAreLeftToTheDecoder() throws {
    let data = try written(try everyShape())
    let text = String(decoding: data, as: UTF8.self)
    let others: [(String, String)] = [
      ("a comment", text.replacingOccurrences(of: "<dict>", with: "<!-- hi --><dict>")),
      (
        "a key it does not know",
        text.replacingOccurrences(
          of: "<key>showId</key>", with: "<key>note</key><string>x</string><key>showId</key>")
      ),
      (
        "a string time",
        text.replacingOccurrences(
          of: "<date>1970-01-01T00:00:00Z</date>", with: "<string>1970-01-01T00:00:00Z</string>")
      ),
      (
        "a fraction of a second",
        text.replacingOccurrences(of: "2024-05-01T20:00:00Z", with: "2024-05-01T20:00:00.5Z")
      ),
      (
        "a day that does not exist", text.replacingOccurrences(of: "2000-02-29", with: "2001-02-29")
      ),
      (
        "a space in a number",
        text.replacingOccurrences(of: "<integer>1</integer>", with: "<integer> 1</integer>")
      ),
      (
        "a leading zero",
        text.replacingOccurrences(of: "<integer>200</integer>", with: "<integer>0200</integer>")
      ),
      (
        "a key twice",
        text.replacingOccurrences(
          of: "<integer>200</integer>",
          with: "<integer>200</integer><key>id</key><integer>200</integer>")
      ),
      (
        "an entity",
        text.replacingOccurrences(of: "<key>showId</key>", with: "<key>show&#73;d</key>")
      ),
      ("text after the end", text + "x"),
      (
        "a number of 19 digits",
        text.replacingOccurrences(
          of: "<integer>200</integer>", with: "<integer>9999999999999999999</integer>")
      ),
      (
        "a number of 40 digits",
        text.replacingOccurrences(
          of: "<integer>200</integer>",
          with: "<integer>-\(String(repeating: "9", count: 40))</integer>")
      ),
    ]
    for (name, other) in others {
      XCTAssertNotEqual(other, text, name)
      XCTAssertNil(fast(Data(other.utf8)), name)
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    XCTAssertNil(fast(try encoder.encode(try everyShape())), "a binary property list")
    encoder.outputFormat = .xml
    let foundation = try encoder.encode(try everyShape())
    XCTAssertNil(fast(foundation), "Foundation's encoder writes the times as strings")

    // Through the file, each reads as the decoder reads it.
    let url = temporary.file("watched.plist")
    for (name, other) in [
      ("shelf's", text), ("Foundation's", String(decoding: foundation, as: UTF8.self)),
    ]
      + others.prefix(3)
    {
      try Data(other.utf8).write(to: url)
      XCTAssertEqual(
        try PropertyListFile<WatchedDocument>(url: url).read(), try decoded(Data(other.utf8)),
        name)
    }
  }

  func testKeysInAnyOrderReadAsTheDecoderReadsThem() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key>version</key><integer>1</integer><key>shows</key><array>
      <dict><key>showId</key><integer>7</integer><key>episodes</key><array>
      <dict><key>watchedAt</key><date>2024-05-01T20:00:00Z</date><key>plays</key><integer>0</integer>
      <key>lastWatchedAt</key><date>2024-06-01T20:00:00Z</date><key>id</key><integer>70</integer></dict>
      <dict><key>lastWatchedAt</key><date>2024-06-01T20:00:00Z</date><key>plays</key>
      <integer>12000</integer><key>id</key><integer>71</integer></dict>
      </array></dict><dict><key>episodes</key><array/><key>showId</key><integer>8</integer></dict>
      </array></dict></plist>
      """
    let data = Data(text.utf8)
    let read = try XCTUnwrap(fast(data))
    XCTAssertEqual(read, try decoded(data))
    XCTAssertEqual(read.shows.map(\.showId), [7, 8])
    XCTAssertEqual(read.shows[0].episodes.map(\.plays), [1, 9_999])
    XCTAssertNil(read.shows[0].episodes[0].lastWatchedAt, "no last watch without plays")
  }

  /// Damaged copies of a written file (bytes changed, dropped or repeated): each one the
  /// reader takes is one the decoder reads to the same document.
  func testDamagedFilesItTakesReadAsTheDecoderReadsThem() throws {
    let settings = FuzzSettings.fromEnvironment()
    var random = SplitMix64(seed: settings.seed)
    let original = [UInt8](try written(try everyShape()))
    let alphabet = Array("<>/0123456789-:TZ \n\tadeiknrsty".utf8)
    var taken = 0
    for round in 0..<(settings.documents * 40) {
      var bytes = original
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[at] = random.pick(alphabet)
        case 1: bytes.remove(at: at)
        default: bytes.insert(bytes[at], at: at)
        }
      }
      let data = Data(bytes)
      guard let read = fast(data) else { continue }
      taken += 1
      XCTAssertEqual(read, try? decoded(data), "round \(round)")
    }
    XCTAssertGreaterThan(taken, 0, "some damage leaves a file the reader takes")
  }

  func testANewerVersionReadFastIsStillRefused() throws {
    var document = try everyShape()
    document.version = 2
    let url = temporary.file("watched.plist")
    let data = try written(document)
    XCTAssertNotNil(fast(data))
    try data.write(to: url)
    XCTAssertThrowsError(try PropertyListFile<WatchedDocument>(url: url).read()) { error in
      XCTAssertEqual((error as? StoreError)?.reason, .newerVersion(2))
    }
    XCTAssertEqual(try Data(contentsOf: url), data, "the file is left as it is")
  }
}
