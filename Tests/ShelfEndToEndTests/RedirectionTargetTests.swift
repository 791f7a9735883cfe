import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `> FILE` and `>> FILE` open their target as `sh` does (issue 31 item 1): the file itself, in
/// place, before the command runs. Replacing the target instead turned `> /dev/null` (as root)
/// into a regular file and a FIFO into a file nobody reads.
final class RedirectionTargetTests: EndToEndTestCase {
  private func status(_ path: String) throws -> stat {
    var result = stat()
    guard lstat(path, &result) == 0 else {
      throw PseudoTerminalError(description: "lstat \(path): \(String(cString: strerror(errno)))")
    }
    return result
  }

  private func contents(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  func testARegularFileIsTruncatedInPlaceThroughItsLinks() throws {
    let file = sandbox.file("out.txt")
    try Data("old text that is longer\n".utf8).write(to: file)
    chmod(file.path, 0o640)
    let hardLink = sandbox.file("hard.txt")
    let symbolicLink = sandbox.file("link.txt")
    try FileManager.default.linkItem(at: file, to: hardLink)
    try FileManager.default.createSymbolicLink(at: symbolicLink, withDestinationURL: file)
    let before = try status(file.path)

    let run = try shelf(commands("pwd > \(symbolicLink.path)", "cd /toys; pwd >> \(file.path)"))
    XCTAssertEqual(run.status, 0, run.summary)

    let after = try status(file.path)
    XCTAssertEqual(after.st_ino, before.st_ino, "the same file, not a new one")
    XCTAssertEqual(after.st_mode & 0o7777, 0o640, "its mode kept")
    XCTAssertEqual(after.st_nlink, 2, "its hard link kept")
    XCTAssertEqual(try contents(hardLink), "/\n/toys\n", "truncated by >, appended to by >>")
    XCTAssertEqual(
      try status(symbolicLink.path).st_mode & S_IFMT, S_IFLNK, "the symbolic link stays a link")
  }

  func testANewFileGetsTheModeLessTheUmask() throws {
    let mask = umask(0o022)
    umask(mask)
    let run = try shelf(commands("pwd > \(sandbox.file("new.txt").path)"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(try status(sandbox.file("new.txt").path).st_mode & 0o777, 0o666 & ~mask)
  }

  #if os(Linux)
    /// A terminal device (a spare pseudo-terminal, not /dev/null: a regression run as root
    /// must not be able to replace a device the machine needs) gets the text and stays a device.
    func testADeviceIsWrittenAsItIs() throws {
      let device = try SpareTerminal()
      let run = try shelf(commands("pwd > \(device.path)", "cd /toys; pwd >> \(device.path)"))
      XCTAssertEqual(run.status, 0, run.summary)
      XCTAssertEqual(device.read(timeout: 1), "/\r\n/toys\r\n")
      XCTAssertEqual(try status(device.path).st_mode & S_IFMT, S_IFCHR)
    }
  #endif

  func testAFIFOIsWrittenAsItIs() throws {
    let fifo = sandbox.file("fifo")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let received = ReceivedText()
    let reader = Thread {
      // open(2) waits for the writer; read(2) to the end of its writing.
      let descriptor = open(fifo.path, O_RDONLY)
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while descriptor >= 0 {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0..<count]
      }
      if descriptor >= 0 { close(descriptor) }
      received.text = String(decoding: bytes, as: UTF8.self)
      received.done.signal()
    }
    reader.start()
    let run = try shelf(commands("ls /toys > \(fifo.path)"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(received.done.wait(timeout: .now() + 5), .success, "the reader got an end")
    XCTAssertTrue(received.text.hasPrefix("Toy categories\n"), received.text)
    XCTAssertEqual(try status(fifo.path).st_mode & S_IFMT, S_IFIFO, "still a FIFO")
  }

  private final class ReceivedText: @unchecked Sendable {
    var text = ""
    let done = DispatchSemaphore(value: 0)
  }

  /// The file is opened first: one that cannot be opened stops the command, which changes
  /// nothing; one that fails while written says so with the system's reason.
  func testATargetThatCannotBeWrittenStopsOrFailsTheCommand() throws {
    let missing = sandbox.file("no-such-dir/out.txt").path
    let run = try shelf(commands("fav toy:31 > \(missing)", "ls /toys >> /dev/full", "fav toy:31"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(
      run.errorLines,
      [
        "shelf: line 1: fav: cannot write \(missing): No such file or directory",
        "shelf: line 2: ls: cannot write /dev/full: No space left on device",
      ], run.summary)
    XCTAssertEqual(run.outputLines, ["Added \"Rosie Rag Doll\" to favorites."], run.summary)
  }
}
