import Foundation
import XCTest

/// Paths the user gives (issue 19 items 8 and 9, issue 20 item 9): `~` means `$HOME`
/// everywhere, a catalog directory named explicitly must be one, and a `HOME` that is a file
/// does not stop a run that does not need it.
final class PathSettingTests: EndToEndTestCase {
  /// `import ~/favs.json` read `/root/favs.json` whatever `$HOME` was; now `~` is `$HOME` in
  /// a command's file, `--data-dir`, `--catalog`, `SHELF_HOME` and `SHELF_CATALOG`.
  func testTildeMeansHOMEInEveryPathArgumentAndSetting() throws {
    XCTAssertEqual(try shelf(commands("fav toy:45")).status, 0)
    let saved = try shelf(commands("export favorites"))
    XCTAssertEqual(saved.status, 0, saved.summary)
    try saved.stdout.write(to: sandbox.home.appendingPathComponent("favs.json"))
    try FileManager.default.createSymbolicLink(
      at: sandbox.home.appendingPathComponent("catalog"), withDestinationURL: ShelfBinary.catalog)

    let imported = try shelf(
      ["--data-dir", "~/mine", "--catalog", "~/catalog", "-c", "import ~/favs.json"],
      dataDirFlag: false)
    XCTAssertEqual(imported.status, 0, imported.summary)
    let favs = sandbox.home.appendingPathComponent("favs.json").path
    XCTAssertTrue(imported.output.contains("Imported \(favs)."), imported.summary)
    let mine = sandbox.home.appendingPathComponent("mine/profiles/me/favorites.plist")
    XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path), imported.summary)

    let fromVariables = try shelf(
      ["-c", "ls /favorites"], dataDirFlag: false,
      environment: ["SHELF_HOME": "~/mine", "SHELF_CATALOG": "~/catalog"])
    XCTAssertEqual(fromVariables.status, 0, fromVariables.summary)
    XCTAssertTrue(fromVariables.output.contains("Grandpa Teodor Doll"), fromVariables.summary)
  }

  /// A `--catalog` or `SHELF_CATALOG` that is not a readable directory is bad usage at the
  /// start (exit 2, one line saying which and how it was given), not a surprise at the first
  /// `ls /toys`.
  func testACatalogNamedExplicitlyMustBeADirectory() throws {
    let missing = sandbox.file("no/such/dir").path
    let flag = try shelf(["--catalog", missing, "-c", "pwd"])
    XCTAssertEqual(flag.status, 2, flag.summary)
    XCTAssertEqual(flag.output, "", flag.summary)
    XCTAssertEqual(flag.errorLines, ["shelf: --catalog \(missing): no such directory"])

    let file = sandbox.file("catalog.txt")
    try Data("not a catalog\n".utf8).write(to: file)
    let variable = try shelf(["-c", "pwd"], environment: ["SHELF_CATALOG": file.path])
    XCTAssertEqual(variable.status, 2, variable.summary)
    XCTAssertEqual(variable.errorLines, ["shelf: SHELF_CATALOG=\(file.path): not a directory"])
  }

  /// `HOME` naming a file stopped every run (exit 2, "bad config file: …: Not a directory"),
  /// also with `--data-dir` given: with no config file to be found there, the run goes on.
  func testAHOMEThatIsAFileDoesNotStopARunWithADataDirectory() throws {
    let file = sandbox.file("home-is-a-file")
    try Data("x\n".utf8).write(to: file)
    let run = try shelf(
      ["-c", "pwd", "-c", "ls /toys"],
      environment: ["HOME": file.path, "XDG_CONFIG_HOME": ""])
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines.first, "/", run.summary)
  }
}
