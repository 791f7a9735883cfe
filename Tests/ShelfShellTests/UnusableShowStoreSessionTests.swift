import Foundation
import ShelfShell
import XCTest

/// A show store that cannot be used is an error naming it and the reason for every command
/// that needs it, never an empty list; commands that do not need it still work.
final class UnusableShowStoreSessionTests: XCTestCase {
  private var files: TestLibrary!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
  }

  override func tearDown() {
    files = nil
    super.tearDown()
  }

  func testADirectoryInPlaceOfTheStoreIsAnErrorForEveryCommandThatReadsIt() throws {
    try FileManager.default.createDirectory(at: files.storeURL, withIntermediateDirectories: true)
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let reason = "show store \(files.storeURL.path): it is a directory, not a regular file"
    for (line, command) in [
      ("ls /shows", "ls"), ("open show:5", "open"), ("info show:1", "info"), ("ls /", "ls"),
      ("fav show:5", "fav"), ("cd /shows/5", "cd"), ("refresh", "refresh"),
    ] {
      let outcome = session.execute(line)
      XCTAssertEqual(outcome.errorMessage, "\(command): \(reason)", line)
      XCTAssertNil(outcome.report, line)
    }
    XCTAssertNil(session.execute("ls /toys").error, "the catalog does not need the store")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path).filter {
        !$0.hasPrefix("profiles")  // the household, made at the start
      }, [], "nothing was saved")
  }
}
