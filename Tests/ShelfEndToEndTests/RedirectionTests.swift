import Foundation
import XCTest

/// `COMMAND > FILE`, `COMMAND >> FILE` and `COMMAND | SHELL COMMAND` inside the shell, as
/// psql's `\o` and `\g | command`: the plain output goes there, durably, with `~` as `$HOME`.
final class RedirectionTests: EndToEndTestCase {
  func testAFileIsWrittenAndAppendedToWithTildeAsHome() throws {
    let run = try shelf(
      commands("ls /toys > ~/toys.txt", "pwd >> ~/log.txt; cd /toys; pwd >> ~/log.txt"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "", "nothing reaches the screen\n\(run.summary)")
    let toys = try String(
      contentsOf: sandbox.home.appendingPathComponent("toys.txt"), encoding: .utf8)
    XCTAssertTrue(toys.hasPrefix("Toy categories\n"), toys)
    XCTAssertTrue(toys.contains("Dolls/"), toys)
    XCTAssertFalse(toys.contains("\u{1B}"), toys)
    XCTAssertEqual(
      try String(contentsOf: sandbox.home.appendingPathComponent("log.txt"), encoding: .utf8),
      "/\n/toys\n")
    let again = try shelf(commands("pwd > ~/toys.txt"))
    XCTAssertEqual(again.status, 0, again.summary)
    XCTAssertEqual(
      try String(contentsOf: sandbox.home.appendingPathComponent("toys.txt"), encoding: .utf8),
      "/\n", "> replaces the file")
  }

  func testAPipeGetsTheOutputAndItsFailureIsReported() throws {
    let run = try shelf(commands("ls /toys | grep -c /", "pwd | exit 3", "ls /toys | head -1"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.outputLines, ["11", "Toy categories"], run.summary)
    XCTAssertEqual(run.errors, "shelf: line 2: pwd: | exit 3: exit status 3\n", run.summary)
  }

  func testQuotedOrEscapedOperatorsAreTextAndMissingTargetsAreErrors() throws {
    let (x, y) = (sandbox.file("x"), sandbox.file("y"))
    let run = try shelf(
      commands(
        "find \"bear > cat\"", "find bear\\|cat", "ls >", "ls > a b", "ls |",
        "ls /nowhere > \(x.path)",
        "> \(y.path)", "  | cat", ">> \(y.path)"
      ))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertTrue(run.output.contains("found for \"bear > cat\""), run.summary)
    XCTAssertTrue(run.output.contains("found for \"bear|cat\""), run.summary)
    XCTAssertEqual(
      run.errors.split(separator: "\n").map(String.init),
      [
        "shelf: line 3: ls: > needs a file after it", "shelf: line 4: ls: > takes one file",
        "shelf: line 5: ls: | needs a command after it",
        "shelf: line 6: ls: no such screen: /nowhere (/ has no entry \"nowhere\")",
        "shelf: line 7: > needs a command before it", "shelf: line 8: | needs a command before it",
        "shelf: line 9: >> needs a command before it",
      ], run.summary)
    XCTAssertEqual(
      try String(contentsOf: x, encoding: .utf8), "",
      "as in sh, the file is made before the command runs, and a failed command writes nothing")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: y.path),
      "a redirection without a command makes no file")
  }

  func testAFileThatCannotBeWrittenIsAnError() throws {
    let missing = sandbox.root.appendingPathComponent("no-such-dir/out.txt").path
    let run = try shelf(commands("pwd > \(missing)", "pwd >> \(missing)"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(
      run.errors,
      "shelf: line 1: pwd: cannot write \(missing): No such file or directory\n"
        + "shelf: line 2: pwd: cannot write \(missing): No such file or directory\n", run.summary)
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: sandbox.root.appendingPathComponent("no-such-dir").path),
      "no directory is made for a file the user named")
  }
}

extension RedirectionTests {
  /// `shelf … | head -1`: shelf's own output to a pipe that closed ends quietly (no message, no
  /// crash from SIGPIPE), and the reader gets whole lines.
  func testOutputToAPipeThatClosesEndsQuietly() throws {
    let errors = sandbox.file("errors.txt")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c",
      "\"$0\" --data-dir \"$1\" -c 'ls /shows' -c 'ls /toys' -c help 2>\"$2\" | head -1",
      binary.path, sandbox.dataDirectory.path, errors.path,
    ]
    shell.environment = sandbox.environment
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    XCTAssertTrue(text.hasPrefix("TV shows (240"), text)
    XCTAssertEqual(text.split(separator: "\n").count, 1, text)
    XCTAssertEqual(try String(contentsOf: errors, encoding: .utf8), "")
  }
}
