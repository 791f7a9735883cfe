import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfSync

/// How a run of git ends, seen from shelf: a git that Ctrl-C stopped (it shares the terminal's
/// process group) is the user's stop, not an unreachable remote.
final class GitProcessTests: XCTestCase {
  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try TemporaryDirectory(prefix: "shelf-git-process")
  }

  override func tearDown() {
    folder?.remove()
    super.tearDown()
  }

  /// A stand-in for git: a shell script that ends as `body` says.
  private func program(_ body: String) throws -> String {
    try folder.write("git", "#!/bin/sh\n\(body)\n")
    let path = folder.file("git").path
    XCTAssertEqual(chmod(path, 0o755), 0)
    return path
  }

  private func run(_ body: String, foreground: Bool) throws -> GitProcess.Output {
    try GitProcess(executable: try program(body), environment: [:], foreground: foreground)
      .run(["fetch"])
  }

  func testAGitEndedByCtrlCInTheForegroundIsAnInterruption() throws {
    for body in ["exit 130", "kill -INT $$; sleep 5"] {
      XCTAssertThrowsError(try run(body, foreground: true), body) { error in
        XCTAssertEqual(
          (error as? SyncError)?.description, "interrupted; the next sync finishes the work", body)
      }
    }
  }

  func testOtherEndsAreGitsOwnAnswer() throws {
    XCTAssertEqual(try run("echo nope >&2; exit 128", foreground: true).status, 128)
    XCTAssertEqual(try run("exit 130", foreground: false).status, 130, "no terminal: no Ctrl-C")
    XCTAssertTrue(try run("exit 0", foreground: true).succeeded)
  }
}
