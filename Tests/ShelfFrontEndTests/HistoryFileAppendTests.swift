import Foundation
import ShelfTestSupport
import XCTest

@testable import shelf

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sessions append to the history file (issue 19 item 7): what another session added since
/// stays, the cap holds, and a file that is not a history is never replaced.
final class HistoryFileAppendTests: TemporaryDirectoryTestCase {
  private func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  func testInterleavedSessionsKeepEveryLineInOrder() throws {
    let path = temporary.file("state/history").path
    let file = HistoryFile(path: path)
    try file.append(["cd\\040/toys"], keep: 1000)
    try file.append(["cd\\040/stories"], keep: 1000)
    try file.append(["pwd", "pwd", "ls"], keep: 1000)
    try file.append(["ls", "cd\\040/store"], keep: 1000)
    XCTAssertEqual(
      try text(path), "_HiStOrY_V2_\ncd\\040/toys\ncd\\040/stories\npwd\nls\ncd\\040/store\n")
  }

  func testTheLastEntriesAreKept() throws {
    let path = temporary.file("history").path
    let file = HistoryFile(path: path)
    try file.append((1...5).map { "line\($0)" }, keep: 3)
    try file.append(["line6"], keep: 3)
    XCTAssertEqual(try text(path), "_HiStOrY_V2_\nline4\nline5\nline6\n")
    XCTAssertEqual(file.readTail(keep: 1000), .entries(["line4", "line5", "line6"]))
  }

  func testAFileThatIsNotAHistoryIsNotReplaced() throws {
    let path = temporary.file("history").path
    try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try HistoryFile(path: path).append(["pwd"], keep: 1000)) { error in
      XCTAssertEqual(
        "\(error)", "cannot save \(path): not a libedit history file (no _HiStOrY_V2_ line)")
    }
    XCTAssertEqual(try text(path), "my notes\n")
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let path = temporary.file("history").path
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    XCTAssertEqual(
      HistoryFile(path: path).readTail(keep: 10), .unusable("a pipe (FIFO), not a regular file"))
  }
}
