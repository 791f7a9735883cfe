import Foundation
import ShelfShell
import XCTest

/// `profile add` and `profile rename` take no name that looks like one the household has (after
/// NFKC and case folding), nor one with an invisible or direction character, which the error
/// names; nothing changes.
final class ProfileNameCommandTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  private func names() throws -> [String] {
    try XCTUnwrap(json(run(session, "ls /profiles"))["rows"] as? [[String: Any]]).compactMap {
      $0["name"] as? String
    }
  }

  func testALookAlikeNameIsTaken() throws {
    run(session, "profile add Mia --born 2021-04; profile add Leo")
    for line in ["profile add \u{FF2D}ia", "profile add MIA", "profile rename Leo \u{FF4D}IA"] {
      XCTAssertEqual(
        session.execute(line).errorMessage, "profile: there is already a profile \"Mia\"", line)
    }
    XCTAssertEqual(try names(), ["me", "Mia", "Leo"])
    // The look-alike finds the person it looks like.
    run(session, "profile use \u{FF2D}ia")
    XCTAssertEqual(try names().count, 3)
    XCTAssertTrue(plain(run(session, "profile")).contains("Mia/"))
  }

  func testANameWithAnInvisibleOrDirectionCharacterIsRefusedNamingIt() throws {
    let outcome = session.execute("profile add Le\u{202E}o")
    XCTAssertEqual(
      outcome.errorMessage,
      "profile add: a name may not hold an invisible or direction character; \"Le\\u{202E}o\" has"
        + " U+202E RIGHT-TO-LEFT OVERRIDE")
    run(session, "profile add Leo")
    XCTAssertTrue(
      session.execute("profile rename Leo Le\u{200B}on").errorMessage?.hasSuffix(
        "U+200B ZERO WIDTH SPACE") ?? false)
    XCTAssertEqual(try names(), ["me", "Leo"])
  }
}
