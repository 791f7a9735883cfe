import XCTest

@testable import ShelfSearch

/// The byte-level folding used to build indexes from a catalog's text gives exactly what the
/// string functions give (the keys a typed prefix is folded into).
final class PackedKeysTests: XCTestCase {
  private func nameKey(_ text: String) -> String {
    var keys = PackedKeys()
    var text = text
    text.withUTF8 { SearchKey.appendNameKey($0, to: &keys) }
    return String(decoding: keys.bytes[keys.range(0)], as: UTF8.self)
  }

  private func folded(_ text: String) -> String {
    var keys = PackedKeys()
    var text = text
    text.withUTF8 { SearchKey.appendFolded($0, to: &keys) }
    return String(decoding: keys.bytes[keys.range(0)], as: UTF8.self)
  }

  func testNameKeysFromBytesMatchTheStringFolding() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aZ -_\t.&'9é")
    var samples = [
      "", " ", "--", "Building-Blocks", "  Arts & Crafts  ", "a__b", "\tTab\t", "Étoile", "ÄBC-",
      "x\u{A0}", "Ünïcödé name", "LEGO® Set",
    ]
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...12, using: &generator)
      samples.append(
        String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
    }
    for sample in samples {
      XCTAssertEqual(nameKey(sample), SearchKey.name(sample), "name key of \"\(sample)\"")
      XCTAssertEqual(folded(sample), SearchKey.fold(sample), "fold of \"\(sample)\"")
    }
  }

  func testKeysSortByTheirBytesWithTiesByPosition() {
    let keys = PackedKeys(["pear", "apple", "apples", "", "apple", "zebra striped long key"])
    XCTAssertEqual(keys.sortedPositions(), [3, 1, 4, 2, 0, 5])
    XCTAssertTrue(keys.key(1, precedes: Array("apples".utf8)))
    XCTAssertTrue(keys.key(2, startsWith: Array("app".utf8)))
  }
}
