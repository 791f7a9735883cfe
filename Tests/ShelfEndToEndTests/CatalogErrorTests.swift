import Foundation
import XCTest

/// A broken catalog fails at start-up with one clear error naming the file and the entry.
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

    let run = try shelf(["--catalog", catalog.path, "-c", "pwd"])
    XCTAssertNotEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    let message = run.errorLines.first ?? ""
    XCTAssertTrue(message.contains("toys.tsv"), run.summary)
    XCTAssertTrue(message.lowercased().contains("duplicate"), run.summary)
    XCTAssertNotNil(
      message.range(of: #"\b2\b"#, options: .regularExpression), "the id is named\n\(run.summary)")
  }

  func testMissingStoryPage() throws {
    let catalog = try catalogCopy()
    try FileManager.default.removeItem(at: catalog.appendingPathComponent("stories/7.html"))
    let run = try shelf(["--catalog", catalog.path, "-c", "pwd"])
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
      ["-c", "pwd"], environment: ["SHELF_CATALOG": catalog.path])
    XCTAssertNotEqual(run.status, 0, "SHELF_CATALOG ignored\n\(run.summary)")
    let fixed = try shelf(
      ["--catalog", ShelfBinary.catalog.path, "-c", "pwd"],
      environment: ["SHELF_CATALOG": catalog.path])
    XCTAssertEqual(fixed.status, 0, fixed.summary)
    XCTAssertEqual(fixed.outputLines, ["/"], fixed.summary)
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
}
