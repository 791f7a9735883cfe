import Foundation
import XCTest

/// Each screen reads only the inputs its section declares: a list of toys opens neither the
/// watched marks nor their copy, whatever the data directory holds; `stats` does (so the
/// check can fail). Traced with `strace` (skipped where it is not installed or not allowed).
final class ScreenInputsTests: EndToEndTestCase {
  /// The files the shell opened while running `arguments` (not those it only looked for).
  private func pathsTouched(by arguments: [String]) throws -> [String] {
    let strace = ["/usr/bin/strace", "/bin/strace"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let strace else { throw XCTSkip("strace is not installed") }
    let trace = sandbox.file("trace.txt")
    try? FileManager.default.removeItem(at: trace)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: strace)
    process.arguments =
      ["-f", "-qq", "-e", "trace=open,openat", "-o", trace.path, binary.path]
      + dataDirArguments(arguments)
    process.environment = sandbox.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = try? String(contentsOf: trace, encoding: .utf8)
    else { throw XCTSkip("strace cannot trace here (status \(process.terminationStatus))") }
    return text.split(separator: "\n").filter { !$0.contains("ENOENT") }.compactMap { line in
      line.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init)
    }
  }

  /// Marks of two shows, as `watched` writes them.
  private func writeMarks() throws {
    XCTAssertEqual(try shelf(["-c", "pwd"]).status, 0)
    let marks = (1...300).map { "<dict><key>id</key><integer>\($0)</integer></dict>" }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>version</key><integer>1</integer><key>shows</key><array>
      <dict><key>showId</key><integer>1</integer><key>episodes</key><array>\(marks.joined())\
      </array></dict></array></dict></plist>
      """
    let url = sandbox.personFile("watched.plist")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(plist.utf8).write(to: url)
  }

  func testAListOfToysOpensNoWatchedMarks() throws {
    try writeMarks()
    // Once for the copies to be made, then traced.
    XCTAssertEqual(try shelf(["-c", "stats", "-c", "ls /toys/Dolls"]).status, 0)
    let toys = try pathsTouched(by: ["-c", "ls /toys/Dolls"])
    XCTAssertTrue(toys.contains { $0.hasSuffix("toys.tsv") || $0.hasSuffix(".index") }, "\(toys)")
    XCTAssertEqual(toys.filter { $0.contains("watched") }, [], "ls /toys/Dolls")
    let stats = try pathsTouched(by: ["-c", "stats"])
    XCTAssertTrue(stats.contains { $0.hasSuffix("watched.plist") }, "\(stats)")
  }

  func testTheCartAndTheHomeScreenOpenNoWatchedMarks() throws {
    try writeMarks()
    for line in ["cart", "ls /", "ls /stories", "ls /store", "ls /wishlist"] {
      let touched = try pathsTouched(by: ["-c", line])
      XCTAssertEqual(touched.filter { $0.contains("watched") }, [], line)
    }
  }
}
