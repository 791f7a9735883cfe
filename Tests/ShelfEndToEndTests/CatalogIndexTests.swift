import Foundation
import XCTest

/// The toys' index file in `$XDG_CACHE_HOME/shelf`: processes that build it at once both
/// answer and leave one whole file; a cache that cannot be written still answers, from memory.
final class CatalogIndexTests: EndToEndTestCase {
  /// A catalog of `count` toys in the sandbox, old enough (by its change time) for its index
  /// to be kept.
  private func largeCatalog(count: Int = 5_000) throws -> URL {
    let catalog = sandbox.file("catalog")
    var lines = ["# toys", "id\tname\tcategory\tminAge\tmaxAge\tprice\tbrand\tdescription"]
    let words = ["Lantern", "Maple", "Otter", "Rocket", "Kite", "Wagon", "Dragon", "Comet"]
    for id in 1...count {
      let name = "\(words[id % 8]) \(words[(id / 8) % 8]) \(id)"
      lines.append(
        "\(id)\t\(name)\tBulk\t\(id % 6)\t\(id % 6 + 3)\t\(id % 90 + 1).99\tBrand\tToy \(id).")
    }
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(
      to: catalog.appendingPathComponent("toys.tsv"))
    // An index of a file changed within the last second is not kept (its times could miss a
    // second edit in the same tick).
    Thread.sleep(forTimeInterval: 1.2)
    return catalog
  }

  private var cacheFiles: [String] {
    let directory = sandbox.xdgCache.appendingPathComponent("shelf").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  private let query = ["-c", "cd /toys/Bulk", "-c", "find maple otter --sort price --limit 5"]

  func testTwoProcessesBuildingAtOnceBothAnswerAndLeaveOneFile() throws {
    let catalog = try largeCatalog()
    let arguments = ["--catalog", catalog.path] + query
    let first = try start(arguments)
    let second = try start(arguments)
    let runs = [try first.wait(), try second.wait()]
    let again = try shelf(arguments)
    for run in runs + [again] {
      XCTAssertEqual(run.status, 0, run.summary)
      XCTAssertEqual(run.stderr, Data(), run.summary)
      XCTAssertTrue(run.output.hasPrefix("5 of 156 found for \"maple otter\""), run.summary)
      XCTAssertEqual(run.output, again.output)
    }
    XCTAssertEqual(cacheFiles.filter { $0.hasSuffix(".index") }.count, 1, "\(cacheFiles)")
    // Besides: the show store, and the copies of the user's files (the household's).
    XCTAssertEqual(
      cacheFiles.filter { !$0.hasSuffix(".index") && $0 != "shows.sqlite" && $0 != "tracker" },
      [])
  }

  func testACacheThatCannotBeWrittenStillAnswers() throws {
    let catalog = try largeCatalog()
    let expected = try shelf(["--catalog", catalog.path] + query)
    XCTAssertEqual(expected.status, 0, expected.summary)
    try FileManager.default.removeItem(at: sandbox.xdgCache)
    // A full disk: the file size limit stops the index file's writes (EFBIG, not a signal).
    let full = try RunningShelf(
      binary: URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\"", binary.path,
      ] + dataDirArguments(["--catalog", catalog.path] + query),
      environment: sandbox.environment, input: .none
    ).wait()
    XCTAssertEqual(full.status, 0, full.summary)
    XCTAssertEqual(full.stderr, Data(), full.summary)
    XCTAssertEqual(full.output, expected.output)
    XCTAssertEqual(cacheFiles.filter { $0.contains("catalog") }, [], "no file, whole or partial")
    // A cache directory that cannot be made: its place is taken by a file.
    try FileManager.default.removeItem(at: sandbox.xdgCache)
    try Data("a file".utf8).write(to: sandbox.xdgCache)
    let blocked = try shelf(["--catalog", catalog.path] + query)
    XCTAssertEqual(blocked.status, 0, blocked.summary)
    XCTAssertEqual(blocked.output, expected.output)
  }
}
