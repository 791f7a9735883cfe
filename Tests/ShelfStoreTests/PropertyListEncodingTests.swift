import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

final class PropertyListEncodingTests: TemporaryDirectoryTestCase {
  /// Found by `tools/fuzz --seed 7`: eight 0xFF bytes in an `<integer>` stopped the program in
  /// Foundation's XML reader (`BufferView._decodeScalar`), on every start.
  func testACartThatIsNotUTF8IsSetAsideInsteadOfStoppingTheProgram() throws {
    let url = temporary.file("cart.plist")
    let bytes =
      Array(
        (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>lines</key>"#
          + "<array><dict><key>id</key><integer>1</integer><key>kind</key><string>toy</string>"
          + "<key>quantity</key><integer>").utf8) + [UInt8](repeating: 0xFF, count: 8)
      + Array(
        "2</integer></dict></array><key>version</key><integer>1</integer></dict></plist>".utf8)
    try Data(bytes).write(to: url)
    let file = PropertyListFile<CartDocument>(url: url)
    XCTAssertEqual(try file.read(), CartDocument())
    let warnings = file.takeWarnings()
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(
      warnings.first?.description.contains("(not UTF-8 text); moved it aside") ?? false,
      "\(warnings)")
    XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    XCTAssertEqual(temporary.names().filter { $0.hasPrefix("cart.plist.corrupt-") }.count, 1)
  }

  func testBinaryAndUTF8PropertyListsStillRead() throws {
    let url = temporary.file("cart.plist")
    let cart = PropertyListFile<CartDocument>(url: url)
    try cart.update { $0.lines = [CartLine(kind: .toy, id: 1, quantity: 2)] }
    let xml = try Data(contentsOf: url)
    var format = PropertyListSerialization.PropertyListFormat.xml
    let value = try PropertyListSerialization.propertyList(from: xml, format: &format)
    try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
      .write(to: url)
    let binary = PropertyListFile<CartDocument>(url: url)
    XCTAssertEqual(try binary.read().lines, [CartLine(kind: .toy, id: 1, quantity: 2)])
    XCTAssertEqual(binary.takeWarnings(), [])
  }
}
