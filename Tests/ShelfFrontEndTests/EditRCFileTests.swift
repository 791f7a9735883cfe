import Foundation
import ShelfTestSupport
import XCTest

@testable import shelf

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The editrc is read and checked by shelf before libedit sees it (issue 20 item 1).
final class EditRCFileTests: TemporaryDirectoryTestCase {
  func testLinesAreCheckedAndNumbered() throws {
    let path = temporary.file("editrc").path
    let long = "bind -s x " + String(repeating: "y", count: 1500)
    var bytes = Data("bind -v\r\n\n  # comment\n\(long)\n".utf8)
    bytes += Data([0x62, 0xFF, 0x0A])  // "b", an invalid byte
    bytes += Data("shelf:bind ^G ed-end-of-file".utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    let (lines, warnings) = EditRCFile(path: path).read()
    XCTAssertEqual(
      lines,
      [
        EditRCFile.Line(number: 1, text: "bind -v"),
        EditRCFile.Line(number: 6, text: "shelf:bind ^G ed-end-of-file"),
      ])
    XCTAssertEqual(
      warnings,
      ["\(path):4: longer than 1000 bytes (1510); skipped", "\(path):5: not UTF-8 text; skipped"])
  }

  func testAFileThatIsNotARegularFileOrTooBigIsNotRead() throws {
    let fifo = temporary.file("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let big = temporary.file("big")
    try Data(repeating: 0x61, count: EditRCFile.maximumBytes + 1).write(to: big)
    let cases = [
      ("/dev/zero", "cannot read /dev/zero: a device, not a regular file; it is not used"),
      (fifo, "cannot read \(fifo): a pipe (FIFO), not a regular file; it is not used"),
      (temporary.url.path, "cannot read \(temporary.url.path): Is a directory; it is not used"),
      (big.path, "cannot read \(big.path): larger than 1 MiB; it is not used"),
    ]
    for (path, warning) in cases {
      let (lines, warnings) = EditRCFile(path: path).read()
      XCTAssertEqual(lines, [], path)
      XCTAssertEqual(warnings, [warning])
    }
  }

  func testAMissingFileIsNoFileAtAll() {
    for path in [temporary.file("none").path, "/etc/passwd/.editrc"] {
      let (lines, warnings) = EditRCFile(path: path).read()
      XCTAssertEqual(lines, [])
      XCTAssertEqual(warnings, [])
    }
  }

  func testThePathIsEDITRCElseTheEditrcInHOME() {
    XCTAssertEqual(EditRCFile.path(environment: ["EDITRC": "/x/rc", "HOME": "/h"]), "/x/rc")
    XCTAssertEqual(EditRCFile.path(environment: ["EDITRC": "~/rc", "HOME": "/h"]), "/h/rc")
    XCTAssertEqual(EditRCFile.path(environment: ["HOME": "/h"]), "/h/.editrc")
    XCTAssertNil(EditRCFile.path(environment: ["EDITRC": "", "HOME": "/h"]))
  }
}
