import Foundation
import ShelfShell
import ShelfStore
import ShelfTestSupport
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
      // "me" takes the exported lasting id, so both directories know one person.
      "Imported \(file.path). Added or changed 1 profile, 1 cart line and 1 favorite.\n"
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
    XCTAssertTrue(
      text(imported).contains("Added or changed 1 cart line and 1 favorite."), text(imported))
    let favorites = text(shell.execute("ls /favorites"))
    XCTAssertTrue(favorites.contains("toy:42") && !favorites.contains("99999"), favorites)
    XCTAssertFalse(text(shell.execute("cart")).contains("424242"))
  }

  func testAnImportOntoAFullDiskSaysNothingWasImported() throws {
    guard let disk = ScratchMount.tmpfs(kilobytes: 256) else {
      throw XCTSkip(ScratchMount.unavailable)
    }
    defer { disk.unmount() }
    let files = try TestLibrary(dataDirectory: disk.url.appendingPathComponent("data"))
    let shell = try session(files)
    XCTAssertNil(shell.execute("fav toy:1").error)
    let file = files.cacheDirectory.deletingLastPathComponent().appendingPathComponent("in.json")
    let marks = (1...3_000).map { #"{"id":\#($0),"season":1,"number":\#($0)}"# }
    try Data(
      #"{"format":"shelf-export","version":1,"favorites":{"toys":[42],"stories":[],"products":[],"shows":[{"id":1,"name":"Under the Dome"}]},"watched":[{"showId":1,"episodes":[\#(marks.joined(separator: ","))]}]}"#
        .utf8
    ).write(to: file)
    let before = try Data(
      contentsOf: files.personDirectory.appendingPathComponent("favorites.plist"))
    try disk.fill()
    let error = shell.execute("import \(file.path)").error?.message ?? ""
    XCTAssertTrue(
      error.hasPrefix("cannot import \(file.path): ")
        && error.contains("No space left on device") && error.hasSuffix("; nothing changed"),
      error)
    try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
    XCTAssertEqual(
      try Data(contentsOf: files.personDirectory.appendingPathComponent("favorites.plist")), before)
    XCTAssertFalse(text(shell.execute("ls /favorites")).contains("toy:42"))
  }

  func testAFileLeftAtItsOldPlaceIsNamedAtStartAndImportBringsItIn() throws {
    let files = try TestLibrary()
    let shell = try session(files)
    XCTAssertNil(shell.execute("fav toy:1").error)
    // A favorites.plist from before profiles, restored where it used to live.
    let old = files.dataDirectory.appendingPathComponent("favorites.plist")
    try FileManager.default.copyItem(
      at: files.personDirectory.appendingPathComponent("favorites.plist"), to: old)
    XCTAssertNil(shell.execute("unfav toy:1 -y").error)
    XCTAssertNil(shell.execute("fav toy:42").error)

    let restarted = try session(files)
    let warned = restarted.execute("pwd").warnings
    XCTAssertEqual(warned.count, 1, "\(warned)")
    XCTAssertTrue(warned.first?.contains("\"import \(old.path)\" merges it into yours") == true)
    let imported = restarted.execute("import \(old.path)")
    XCTAssertNil(imported.error, imported.error?.message ?? "")
    XCTAssertEqual(text(imported), "Imported \(old.path). Added or changed 1 favorite.\n")
    let favorites = text(restarted.execute("ls /favorites"))
    XCTAssertTrue(favorites.contains("toy:1") && favorites.contains("toy:42"), favorites)

    let notOurs = files.dataDirectory.appendingPathComponent("notes.plist")
    try FileManager.default.copyItem(at: old, to: notOurs)
    XCTAssertEqual(
      restarted.execute("import \(notOurs.path)").error?.message,
      "cannot import \(notOurs.path): a property list, but not one of shelf's files "
        + "(\(UserDataDeclaration.files.map(\.name).joined(separator: ", "))); nothing changed")
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

  /// A file that is not JSON says where it breaks; JSON that is not an export says that.
  func testImportOfBrokenJSONSaysWhereItBreaks() throws {
    let files = try TestLibrary()
    let shell = try session(files)
    let file = files.dataDirectory.appendingPathComponent("bad.json")
    try Data("{\"format\": \"shelf-export\",\n  \"version\": 1\n  \"cart\": []}".utf8).write(
      to: file)
    XCTAssertEqual(
      shell.execute("import \(file.path)").errorMessage,
      "import: cannot import \(file.path): not valid JSON (line 3, column 3: expected \",\" or"
        + " \"}\"); nothing changed")
    try Data("[1, 2]".utf8).write(to: file)
    XCTAssertEqual(
      shell.execute("import \(file.path)").errorMessage,
      "import: cannot import \(file.path): not a JSON object; nothing changed")
    try Data("[1, 2".utf8).write(to: file)
    XCTAssertEqual(
      shell.execute("import --from trakt \(file.path)").errorMessage,
      "import: cannot import \(file.path): not valid JSON (line 1, column 6: unexpected end of"
        + " file); nothing changed")
    XCTAssertTrue(try XCTUnwrap(json(shell.execute("ls /favorites"))["rows"] as? [Any]).isEmpty)
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
