import Foundation
import ShelfShell
import ShelfStore
import XCTest

final class ExportImportCommandTests: XCTestCase {
  private func session(_ files: TestLibrary) throws -> Session {
    Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  private func text(_ outcome: Outcome) -> String {
    outcome.report.map { TextRenderer(style: .plain).render($0) } ?? ""
  }

  func testExportThenImportIntoAFreshDataDirectory() throws {
    let first = try TestLibrary()
    let shell = try session(first)
    XCTAssertNil(shell.execute("fav toy:1").error)
    XCTAssertNil(shell.execute("buy toy:2 -n 4").error)
    let export = shell.execute("export")
    XCTAssertNil(export.error)
    let json = text(export)
    XCTAssertTrue(json.hasPrefix(#"{"cart":[{"id":2,"kind":"toy","quantity":4}],"#), json)
    XCTAssertEqual(JSONRenderer().render(try XCTUnwrap(export.report)), json)

    let file = first.dataDirectory.appendingPathComponent("export.json")
    try Data(json.utf8).write(to: file)
    let second = try TestLibrary()
    let fresh = try session(second)
    let imported = fresh.execute("import \(file.path)")
    XCTAssertNil(imported.error)
    XCTAssertEqual(
      text(imported),
      "Imported \(file.path). Added 1 favorite, 1 cart line, 0 watched episodes; changed 0 favorite shows, 0 cart quantities.\n"
    )
    XCTAssertEqual(text(fresh.execute("export")), json)
  }

  func testImportLeavesOutIdsTheCatalogDoesNotHaveWithOneWarning() throws {
    let files = try TestLibrary()
    let shell = try session(files)
    let file = files.dataDirectory.appendingPathComponent("hand-made.json")
    try Data(
      #"""
      {"format": "shelf-export", "version": 1,
       "favorites": {"toys": [42, 99999], "stories": [888888], "products": [], "shows": []},
       "cart": [{"kind": "toy", "id": 1, "quantity": 2}, {"kind": "product", "id": 424242, "quantity": 1}]}
      """#.utf8
    ).write(to: file)
    let imported = shell.execute("import \(file.path)")
    XCTAssertNil(imported.error)
    XCTAssertEqual(
      imported.warnings,
      [
        "\(file.path): left out 3 items that neither the catalog nor the show store has: "
          + "toy:99999, story:888888, product:424242"
      ])
    XCTAssertTrue(text(imported).contains("Added 1 favorite, 1 cart line"), text(imported))
    let favorites = text(shell.execute("ls /favorites"))
    XCTAssertTrue(favorites.contains("toy:42") && !favorites.contains("99999"), favorites)
    XCTAssertFalse(text(shell.execute("cart")).contains("424242"))
  }

  func testImportRefusesAFileThatIsNotAnExport() throws {
    let files = try TestLibrary()
    let shell = try session(files)
    let file = files.dataDirectory.appendingPathComponent("cart.json")
    try Data(#"{"cart": []}"#.utf8).write(to: file)
    XCTAssertEqual(
      shell.execute("import \(file.path)").errorMessage,
      #"import: cannot import \#(file.path): not a shelf export (no "format": "shelf-export"); nothing changed"#
    )
    XCTAssertEqual(
      shell.execute("import /nonexistent/x.json").errorMessage,
      "import: cannot import /nonexistent/x.json: No such file or directory; nothing changed")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path).filter {
        !$0.hasPrefix("profiles")  // the household, made at the start
      }, ["cart.json"])
  }

  /// A device, a directory or a huge file is refused before it is read, in words.
  func testImportRefusesWhatIsNotARegularFileOfModestSize() throws {
    let files = try TestLibrary()
    let shell = try session(files)
    XCTAssertEqual(
      shell.execute("import /dev/zero").errorMessage,
      "import: cannot import /dev/zero: a device, not a regular file; nothing changed")
    XCTAssertEqual(
      shell.execute("import \(files.dataDirectory.path)").errorMessage,
      "import: cannot import \(files.dataDirectory.path): Is a directory; nothing changed")
    let huge = files.dataDirectory.appendingPathComponent("huge.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 65 << 20)  // sparse: no disk used
    try handle.close()
    XCTAssertEqual(
      shell.execute("import \(huge.path)").errorMessage,
      "import: cannot import \(huge.path): larger than 64 MiB; nothing changed")
  }

  func testExportRefusesAnUnknownPart() throws {
    let shell = try session(try TestLibrary())
    XCTAssertEqual(
      shell.execute("export boats").errorMessage,
      #"export: takes favorites, cart, watched or all, not "boats""#)
  }
}
