import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The catalog is read at its first use: a broken catalog fails that command with one clear
/// error naming the file, the line and the entry; a command that never touches the catalog
/// works without reading it.
final class CatalogErrorTests: EndToEndTestCase {
  /// A copy of the checkout's catalog in the sandbox.
  private func catalogCopy() throws -> URL {
    let copy = sandbox.file("catalog")
    try FileManager.default.copyItem(at: ShelfBinary.catalog, to: copy)
    return copy
  }

  func testDuplicateToyID() throws {
    let catalog = try catalogCopy()
    let toys = catalog.appendingPathComponent("toys.tsv")
    var text = try String(contentsOf: toys, encoding: .utf8)
    let original = try XCTUnwrap(
      text.split(separator: "\n").first { $0.hasPrefix("2\t") }, "toy 2 not in toys.tsv")
    if !text.hasSuffix("\n") { text += "\n" }
    text +=
      "2\tA Second Toy Two" + original.drop { $0 != "\t" }.dropFirst().drop { $0 != "\t" }
      + "\n"
    try text.write(to: toys, atomically: true, encoding: .utf8)

    let lineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let run = try shelf(["--catalog", catalog.path, "-c", "ls /toys"])
    XCTAssertNotEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    let message = run.errorLines.first ?? ""
    XCTAssertTrue(message.contains("toys.tsv"), run.summary)
    XCTAssertTrue(message.contains("line \(lineNumber)"), "the line is named\n\(run.summary)")
    XCTAssertTrue(message.lowercased().contains("duplicate"), run.summary)
    XCTAssertNotNil(
      message.range(of: #"\b2\b"#, options: .regularExpression), "the id is named\n\(run.summary)")
  }

  func testMissingStoryPage() throws {
    let catalog = try catalogCopy()
    try FileManager.default.removeItem(at: catalog.appendingPathComponent("stories/7.html"))
    let run = try shelf(["--catalog", catalog.path, "-c", "find bear"])
    XCTAssertNotEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    let message = run.errorLines.first ?? ""
    XCTAssertTrue(message.contains("stories.tsv"), run.summary)
    XCTAssertTrue(message.contains("7.html"), run.summary)
  }

  func testCatalogFlagOverridesEnvironment() throws {
    let catalog = try catalogCopy()
    try FileManager.default.removeItem(at: catalog.appendingPathComponent("stories/7.html"))
    let run = try shelf(
      ["-c", "ls /stories"], environment: ["SHELF_CATALOG": catalog.path])
    XCTAssertNotEqual(run.status, 0, "SHELF_CATALOG ignored\n\(run.summary)")
    let fixed = try shelf(
      ["--catalog", ShelfBinary.catalog.path, "-c", "cd /stories", "-c", "pwd"],
      environment: ["SHELF_CATALOG": catalog.path])
    XCTAssertEqual(fixed.status, 0, fixed.summary)
    XCTAssertEqual(fixed.outputLines, ["/stories"], fixed.summary)
  }

  func testCatalogFoundAutomatically() throws {
    var environment = sandbox.environment
    environment.removeValue(forKey: "SHELF_CATALOG")
    let run = try RunningShelf(
      binary: binary, arguments: dataDirArguments(["-c", "cd /toys/Dolls", "-c", "pwd"]),
      environment: environment, input: .none
    ).wait()
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/toys/Dolls"], run.summary)
  }

  /// `pwd`, `help` and an empty cart never read the catalog: with toys.tsv a named pipe that
  /// nobody writes to (reading it would block until the test's timeout), they still finish.
  func testCommandsNotTouchingTheCatalogDoNotReadIt() throws {
    let catalog = try catalogCopy()
    let toys = catalog.appendingPathComponent("toys.tsv")
    try FileManager.default.removeItem(at: toys)
    XCTAssertEqual(mkfifo(toys.path, 0o644), 0, "cannot make a named pipe")

    let run = try shelf(
      ["--catalog", catalog.path, "-c", "pwd", "-c", "help ls", "-c", "cart"], timeout: 10)
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines.first, "/", run.summary)
    XCTAssertEqual(run.errorLines, [], run.summary)
  }

  /// The first command that needs a broken catalog fails with the file and line; the commands
  /// before it ran.
  func testErrorAtFirstUse() throws {
    let catalog = try catalogCopy()
    let toys = catalog.appendingPathComponent("toys.tsv")
    var text = try String(contentsOf: toys, encoding: .utf8)
    if !text.hasSuffix("\n") { text += "\n" }
    let lineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count
    text += "999\tOnly Three\tFields\n"
    try text.write(to: toys, atomically: true, encoding: .utf8)

    let run = try shelf(["--catalog", catalog.path, "-c", "pwd", "-c", "ls /toys"])
    XCTAssertNotEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.outputLines, ["/"], "pwd ran before the failing ls\n\(run.summary)")
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    let message = run.errorLines.first ?? ""
    XCTAssertTrue(message.contains("toys.tsv, line \(lineNumber)"), run.summary)
  }
}
