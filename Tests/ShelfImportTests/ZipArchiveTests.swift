import Foundation
import ShelfImport
import ShelfTestSupport
import XCTest

/// Archives made by Info-ZIP's `zip`, read back: stored and deflated entries in folders,
/// ZIP64, an encrypted entry, a damaged archive, an entry larger than the limit.
final class ZipArchiveTests: TemporaryDirectoryTestCase {
  private func archive(_ options: [String] = [], files: [String: String]) throws -> ZipArchive {
    for (name, text) in files { try temporary.write("in/\(name)", text) }
    let zip = temporary.file("export.zip")
    try? FileManager.default.removeItem(at: zip)
    try ZipTool.zip(
      files.keys.sorted(), in: temporary.file("in"), to: zip, options: options)
    return try ZipArchive(try Data(contentsOf: zip))
  }

  private var history: String {
    (1...2000).map { "\"row \($0)\",\"\($0 % 12 + 1)/\($0 % 28 + 1)/21\"" }.joined(separator: "\n")
  }

  func testDeflatedAndStoredEntriesInFoldersReadBack() throws {
    for options in [[], ["-0"], ["-fz"]] {
      let zip = try archive(
        options, files: ["trakt/watched/watched-history-1.json": "[]", "big.csv": history])
      XCTAssertEqual(
        zip.entries.filter { !$0.isDirectory }.map(\.path).sorted(),
        ["big.csv", "trakt/watched/watched-history-1.json"], "\(options)")
      let entry = try XCTUnwrap(zip.entries.first { $0.name == "big.csv" })
      XCTAssertEqual(
        String(decoding: try zip.contents(of: entry, limit: 1 << 20), as: UTF8.self), history,
        "\(options)")
    }
  }

  func testAnEntryLargerThanTheLimitIsRefusedBeforeInflating() throws {
    let zip = try archive(files: ["big.csv": history])
    let entry = try XCTUnwrap(zip.entries.first)
    XCTAssertThrowsError(try zip.contents(of: entry, limit: 1000)) { error in
      XCTAssertEqual("\(error)", "big.csv is larger than 1000 bytes")
    }
  }

  func testAnEncryptedEntryIsRefusedWithTheReason() throws {
    let zip = try archive(["-P", "secret"], files: ["access_token.csv": "token\nabc\n"])
    let entry = try XCTUnwrap(zip.entries.first)
    XCTAssertThrowsError(try zip.contents(of: entry, limit: 1 << 20)) { error in
      XCTAssertEqual(
        "\(error)", "access_token.csv is encrypted; extract the archive with its password first")
    }
  }

  func testADamagedArchiveIsRefused() throws {
    _ = try archive(files: ["big.csv": history])
    let bytes = try Data(contentsOf: temporary.file("export.zip"))
    XCTAssertThrowsError(try ZipArchive(bytes.prefix(bytes.count / 2))) { error in
      XCTAssertEqual("\(error)", "not a zip archive (no end of central directory)")
    }
    // The directory intact, an entry's bytes spoiled: its checksum fails.
    var spoiled = bytes
    spoiled[200] ^= 0xFF
    let zip = try ZipArchive(spoiled)
    let entry = try XCTUnwrap(zip.entries.first)
    XCTAssertThrowsError(try zip.contents(of: entry, limit: 1 << 20)) { error in
      XCTAssertTrue("\(error)".hasPrefix("a damaged archive (big.csv"), "\(error)")
    }
  }
}
