import Foundation
import XCTest

/// The launch command line behaves as GNU and POSIX tools do: `--version` names the program,
/// `--color=WHEN`, `-` for standard input, the first bad argument is the one reported (as
/// `shelf: …`), a failed write of `--help` or `--version` is an error, `COLUMNS` does not cut
/// piped output, and with no `PAGER` the system's `pager` is used.
final class CommandLineConventionTests: EndToEndTestCase {
  func testVersionIsTheProgramNameAndNumber() throws {
    let run = try shelf(["--version"], dataDirFlag: false)
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertNotNil(
      run.output.range(of: #"^shelf \d+\.\d+\.\d+\n$"#, options: .regularExpression), run.summary)
  }

  func testColorAlwaysColoursAPipeAndNeverDoesNot() throws {
    let always = try start(["--color=always", "-c", "ls /toys"]).wait()
    XCTAssertEqual(always.status, 0, always.summary)
    XCTAssertTrue(always.stdout.contains(0x1B), "no colour with --color=always:\n\(always.summary)")
    let separate = try start(["--color", "always", "-c", "ls /toys"]).wait()
    XCTAssertEqual(separate.stdout, always.stdout, separate.summary)
    let never = try shelf(
      ["--color=never", "-c", "ls /toys"], environment: ["CLICOLOR_FORCE": "1"])
    XCTAssertEqual(never.status, 0, never.summary)
    let noColor = try shelf(["--no-color", "-c", "ls /toys"], environment: ["CLICOLOR_FORCE": "1"])
    XCTAssertEqual(noColor.output, never.output, noColor.summary)
  }

  func testABadColorIsAUsageErrorNamingTheChoices() throws {
    let run = try shelf(["--color=sometimes", "-c", "pwd"])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.first, "shelf: --color takes auto, always or never", run.summary)
  }

  func testDashReadsTheScriptFromStandardInput() throws {
    let run = try shelf(["-"], input: .pipe(Data("cd /toys\npwd\n".utf8)))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "/toys\n", run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testTheFirstBadArgumentIsTheOneReported() throws {
    // "never" would be a script given together with -c; --bogus comes first.
    let unknown = try shelf(["--bogus", "never", "-c", "pwd"])
    XCTAssertEqual(unknown.status, 2, unknown.summary)
    XCTAssertEqual(unknown.output, "", unknown.summary)
    XCTAssertEqual(
      unknown.errorLines,
      ["shelf: unknown option '--bogus'", "Try 'shelf --help' for more information."],
      unknown.summary)

    let valueFirst = try shelf(["--images", "x", "--bogus"])
    XCTAssertEqual(valueFirst.status, 2, valueFirst.summary)
    XCTAssertEqual(
      valueFirst.errorLines.first, "shelf: --images takes auto, blocks or none",
      valueFirst.summary)
    let unknownFirst = try shelf(["--bogus", "--images", "x"])
    XCTAssertEqual(unknownFirst.errorLines.first, "shelf: unknown option '--bogus'")
  }

  func testEveryUsageErrorStartsWithTheProgramName() throws {
    for arguments in [["--images"], ["a", "b"], ["--data-dir"], ["--no-resume=1"]] {
      let run = try shelf(arguments, dataDirFlag: false)
      XCTAssertEqual(run.status, 2, run.summary)
      let first = try XCTUnwrap(run.errorLines.first, run.summary)
      XCTAssertTrue(first.hasPrefix("shelf: "), run.summary)
      XCTAssertFalse(run.errors.contains("Error:"), run.summary)
    }
  }

  /// `shelf ARGUMENTS >/dev/full`, through sh for the redirection.
  private func intoAFullDevice(_ arguments: String) throws -> ShelfRun {
    guard FileManager.default.fileExists(atPath: "/dev/full") else {
      throw XCTSkip("no /dev/full")
    }
    return try RunningShelf(
      binary: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "\"$0\" \(arguments) >/dev/full", binary.path],
      environment: sandbox.environment, input: .none
    ).wait()
  }

  func testHelpAndVersionThatCannotBeWrittenFail() throws {
    for arguments in ["--help", "--version", "--generate-manual", "--print-config"] {
      let run = try intoAFullDevice(arguments)
      XCTAssertEqual(run.status, 1, "\(arguments): \(run.summary)")
      XCTAssertEqual(
        run.errors, "shelf: cannot write to standard output: No space left on device\n",
        run.summary)
    }
  }

  func testColumnsDoesNotCutPipedOutput() throws {
    let wide = try shelf(["-c", "ls /toys/Dolls"])
    let narrow = try shelf(["-c", "ls /toys/Dolls"], environment: ["COLUMNS": "40"])
    XCTAssertEqual(narrow.status, 0, narrow.summary)
    XCTAssertTrue(wide.output.contains("Mabel Baby Doll with Bottle"), wide.summary)
    XCTAssertEqual(narrow.output, wide.output, narrow.summary)
  }

  func testWithoutPagerThePagerOnPathIsUsedElseLess() throws {
    let bin = sandbox.file("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let pager = bin.appendingPathComponent("pager")
    try Data("#!/bin/sh\nexec cat\n".utf8).write(to: pager)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pager.path)

    // An empty PAGER counts as unset (the sandbox sets one, so the test empties it).
    let found = try shelf(
      ["--print-config"], dataDirFlag: false,
      environment: ["PAGER": "", "PATH": bin.path + ":/usr/bin:/bin"])
    XCTAssertTrue(found.outputLines.contains("pager = pager  # default"), found.summary)
    let missing = try shelf(
      ["--print-config"], dataDirFlag: false, environment: ["PAGER": "", "PATH": sandbox.home.path])
    XCTAssertTrue(missing.outputLines.contains("pager = less -R  # default"), missing.summary)
  }
}
