import Foundation
import XCTest

/// SPEC §6: scripts from standard input, from a file and from `-c`.
final class ScriptTests: EndToEndTestCase {
  private let scriptLines = [
    "# a comment line is skipped",
    "pwd",
    "",
    "   ",
    "cd toys/Dolls",
    "  # an indented comment",
    "pwd",
  ]

  func testScriptOnStandardInputFromFile() throws {
    let url = try script(lines: scriptLines)
    let run = try shelf([], input: .file(url))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/toys/Dolls"], run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testScriptOnStandardInputFromPipe() throws {
    let data = Data((scriptLines.joined(separator: "\n") + "\n").utf8)
    let run = try shelf([], input: .pipe(data))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/toys/Dolls"], run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testScriptFileArgument() throws {
    let url = try script(lines: scriptLines)
    let run = try shelf([url.path])
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/toys/Dolls"], run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testScriptWithoutFinalNewlineAndWithCRLF() throws {
    let url = try script(Data("pwd\r\ncd stories\r\npwd".utf8))
    let run = try shelf([url.path])
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/", "/stories"], run.summary)
  }

  func testRepeatedDashC() throws {
    let run = try shelf(commands("ls", "cd toys/dolls", "ls"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertTrue(run.output.contains("toys/"), run.summary)
    XCTAssertTrue(run.output.contains("Dolls (16 toys)"), run.summary)
    XCTAssertTrue(run.output.contains("Grandpa Teodor Doll"), run.summary)
    XCTAssertTrue(run.output.contains("$27.50"), run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testQuotedEscapedAndDashedNamesWithSpaces() throws {
    let run = try shelf(
      commands(
        "cd \"toys/Building Blocks\"", "pwd", "cd /toys/Building\\ Blocks", "pwd",
        "cd /toys/building-blocks", "pwd", "cd ..", "pwd", "cd -", "pwd"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(
      run.outputLines,
      [
        "/toys/Building Blocks", "/toys/Building Blocks", "/toys/Building Blocks", "/toys",
        "/toys/Building Blocks",
      ], run.summary)
  }

  func testScriptAndDashCTogetherIsBadUsage() throws {
    let url = try script(lines: ["pwd"])
    let run = try shelf([url.path, "-c", "pwd"])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
  }

  func testMissingScriptFileIsBadUsage() throws {
    let run = try shelf([sandbox.file("no-such-script.txt").path])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertTrue(run.errors.contains("no-such-script.txt"), run.summary)
  }

  func testADirectoryAsTheScriptIsBadUsage() throws {
    let run = try shelf([sandbox.root.path])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertEqual(
      run.errors, "shelf: cannot open script \(sandbox.root.path): Is a directory\n", run.summary)
  }

  func testUnknownFlagIsBadUsage() throws {
    let run = try shelf(["--frobnicate", "-c", "pwd"])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertFalse(run.output.contains("/\n"), "the command ran despite bad usage\n\(run.summary)")
    XCTAssertTrue(run.errors.contains("--frobnicate"), run.summary)
  }

  func testBadImagesValueIsBadUsage() throws {
    let run = try shelf(["--images", "bogus", "-c", "pwd"])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertTrue(run.errors.contains("--images"), run.summary)
    XCTAssertEqual(run.output, "", run.summary)
  }

  func testHelpAndVersionExitZero() throws {
    let help = try shelf(["--help"])
    XCTAssertEqual(help.status, 0, help.summary)
    XCTAssertTrue(help.output.contains("--data-dir"), help.summary)
    let version = try shelf(["--version"])
    XCTAssertEqual(version.status, 0, version.summary)
    XCTAssertFalse(version.output.isEmpty, version.summary)
  }
}
