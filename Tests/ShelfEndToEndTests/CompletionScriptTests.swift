import Foundation
import XCTest

/// The bash completion script `shelf --generate-completion-script bash` writes (and
/// tools/install installs) completes option values: directories for --catalog and --data-dir,
/// the image modes for --images, files for the script. Run in a real bash with the script
/// sourced, as bash-completion does.
final class CompletionScriptTests: EndToEndTestCase {
  /// What bash offers after `line` (the cursor at its end), in a directory holding the
  /// directory `alpha/` and the file `beta.txt`.
  private func completions(of line: String) throws -> [String] {
    let directory = sandbox.file("work")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("alpha"), withIntermediateDirectories: true)
    try Data().write(to: directory.appendingPathComponent("beta.txt"))
    let script = """
      source <("$1" --generate-completion-script bash) || exit 3
      line=$2
      read -ra COMP_WORDS <<<"$line"
      [ "${line: -1}" = " " ] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE=$line
      COMP_POINT=${#line}
      COMPREPLY=()
      _shelf shelf "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try RunningShelf(
      binary: URL(fileURLWithPath: "/bin/bash"),
      arguments: ["-c", script, "bash", binary.path, line], environment: sandbox.environment,
      input: .none, workingDirectory: directory
    ).wait()
    XCTAssertEqual(run.status, 0, run.summary)
    return run.outputLines.filter { !$0.isEmpty }.sorted()
  }

  func testImagesCompletesItsModes() throws {
    XCTAssertEqual(try completions(of: "shelf --images "), ["auto", "blocks", "none"])
    XCTAssertEqual(try completions(of: "shelf --images b"), ["blocks"])
  }

  func testCatalogAndDataDirCompleteDirectoriesOnly() throws {
    XCTAssertEqual(try completions(of: "shelf --catalog "), ["alpha"])
    XCTAssertEqual(try completions(of: "shelf --data-dir "), ["alpha"])
  }

  func testTheScriptArgumentCompletesFiles() throws {
    XCTAssertEqual(try completions(of: "shelf b"), ["beta.txt"])
  }

  func testFlagsComplete() throws {
    let flags = try completions(of: "shelf --")
    for flag in [
      "--catalog", "--data-dir", "--images", "--json", "--version", "--no-header",
      "--generate-manual", "--generate-completion-script",
    ] {
      XCTAssertTrue(flags.contains(flag), "\(flag) not offered: \(flags)")
    }
  }
}
