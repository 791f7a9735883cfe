import Foundation
import ShelfFiles
import ShelfTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one spawner: the program's streams, its process group or session, and the signals it
/// gets back at their defaults, seen from the running program itself (`/bin/sh`).
final class ChildProcessTests: TemporaryDirectoryTestCase {
  /// Runs `script` with `sh -c`, its output on a pipe; returns what it printed.
  private func output(
    of script: String, group: ChildProcess.Group, stderr: ChildProcess.Output = .discarded
  ) throws -> String {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    let input = open("/dev/null", O_RDONLY)
    defer { close(input) }
    let pid = try ChildProcess.start(
      "sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"], stdin: input,
      stdout: .descriptor(ends[1]), stderr: stderr, group: group)
    close(ends[1])
    let text = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    XCTAssertEqual(status, 0, script)
    return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func testTheProgramRunsInTheGroupAsked() throws {
    let mine = String(getpgrp())
    // `ps` is not everywhere: the shell's own process group, from /proc where there is one.
    let group = "cut -d' ' -f5 /proc/$$/stat"
    let session = "cut -d' ' -f6 /proc/$$/stat"
    guard FileManager.default.fileExists(atPath: "/proc/self/stat") else {
      throw XCTSkip("no /proc here")
    }
    XCTAssertEqual(try output(of: group, group: .shelfs), mine)
    let own = try output(of: "echo $$; \(group)", group: .own).split(separator: "\n")
    XCTAssertEqual(own.count, 2)
    XCTAssertEqual(own.first, own.last, "a group of its own is led by the program")
    let alone = try output(of: "echo $$; \(session)", group: .session).split(separator: "\n")
    XCTAssertEqual(alone.first, alone.last, "a session of its own is led by the program")
  }

  func testIgnoredSignalsAreBackAtTheirDefaultsAndStreamsGoWhereAsked() throws {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else {
      throw XCTSkip("no /proc here")
    }
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    // SigIgn is a mask in hex: SIGPIPE (13) is its bit 12.
    let ignored = try output(of: "grep SigIgn /proc/$$/status | cut -f2", group: .shelfs)
    let mask = try XCTUnwrap(UInt64(ignored, radix: 16), ignored)
    XCTAssertEqual(mask & (1 << 12), 0, "SIGPIPE is not ignored in the child")
    XCTAssertEqual(try output(of: "echo out; echo err >&2", group: .own, stderr: .discarded), "out")
  }

  func testAProgramThatIsNotThereIsAnErrorWithTheSystemsWords() {
    let input = open("/dev/null", O_RDONLY)
    defer { close(input) }
    XCTAssertThrowsError(
      try ChildProcess.start(
        temporary.file("no-such-program").path, stdin: input, group: .own)
    ) { error in
      XCTAssertEqual((error as? ChildProcess.StartError)?.code, ENOENT)
      XCTAssertEqual((error as? ChildProcess.StartError)?.reason, "No such file or directory")
    }
  }
}
