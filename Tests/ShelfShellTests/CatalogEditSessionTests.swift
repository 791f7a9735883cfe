import Foundation
import ShelfCatalog
import ShelfShell
import XCTest

/// A catalog edited while a session runs is read again by the next command that reads it,
/// not answered from the toys (or their index file) as they were.
final class CatalogEditSessionTests: XCTestCase {
  func testTheNextCommandSeesAnEditedCatalog() throws {
    let files = try TestLibrary()
    let root = files.dataDirectory.deletingLastPathComponent()
    let catalog = root.appendingPathComponent("catalog")
    try FileManager.default.copyItem(at: TestLibrary.catalogDirectory, to: catalog)
    let lazy = LazyCatalog(
      directory: catalog,
      indexStore: CatalogIndexStore(
        directory: root.appendingPathComponent("cache/shelf"), settleTime: 0))
    let session = Session(
      library: try files.make(lazyCatalog: lazy), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    XCTAssertFalse(plain(session.execute("find zyzzyva")).contains("Zyzzyva"))
    let toys = catalog.appendingPathComponent("toys.tsv")
    let handle = try FileHandle(forWritingTo: toys)
    try handle.seekToEnd()
    try handle.write(
      contentsOf: Data("99999\tZyzzyva Kite\tDolls\t3\t5\t9.99\tBrand\tA kite.\n".utf8))
    try handle.close()
    let found = plain(session.execute("find zyzzyva"))
    XCTAssertTrue(row(containing: "Zyzzyva Kite", in: found).contains("toy:99999"), found)
    XCTAssertTrue(plain(session.execute("ls /toys/Dolls --sort price")).contains("Zyzzyva Kite"))
  }
}
