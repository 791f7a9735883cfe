import Foundation
import ShelfStorage
import ShelfTestSupport
import XCTest

/// A derived file is read only while it holds its kind made from its source as it is now; it
/// is written section by section, and a writer killed half-way leaves nothing for long.
final class DerivedFileTests: XCTestCase {
  private var temporary: TemporaryDirectory!
  private var sourceURL: URL { temporary.file("source.txt") }
  private var derivedURL: URL { temporary.file("cache/derived.cache") }
  /// A clock past the settling time, so that a source written just now may be derived from.
  private let later = Date().addingTimeInterval(10)

  override func setUpWithError() throws {
    temporary = try TemporaryDirectory()
    try temporary.write("source.txt", "the source")
  }

  override func tearDown() {
    temporary.remove()
  }

  private func source() throws -> SourceIdentity {
    try XCTUnwrap(SourceIdentity(path: sourceURL.path))
  }

  func testSectionsWrittenOneByOneReadBackForTheSameSourceAndKindOnly() throws {
    let file = DerivedFile(url: derivedURL, kind: "numbers-1")
    let writer = try XCTUnwrap(file.writer(source: try source(), now: later))
    XCTAssertTrue(writer.append(Column([Int64](1...5_000))))
    XCTAssertTrue([UInt8]("text".utf8).withUnsafeBytes { writer.append($0) })
    XCTAssertTrue(writer.finish())
    let sections = try XCTUnwrap(file.read(source: try source()))
    XCTAssertEqual(sections.count, 2)
    XCTAssertEqual(sections.values(0, as: Int64.self), Array(1...5_000))
    XCTAssertEqual(sections.values(1, as: UInt8.self), Array("text".utf8))
    XCTAssertNil(DerivedFile(url: derivedURL, kind: "numbers-2").read(source: try source()))
    try temporary.write("source.txt", "the source, edited")
    XCTAssertNil(file.read(source: try source()), "made from another version of the source")
    XCTAssertEqual(temporary.names(in: "cache"), ["derived.cache"])
  }

  func testASourceChangedJustNowIsNotDerivedFrom() throws {
    let file = DerivedFile(url: derivedURL, kind: "numbers-1")
    XCTAssertNil(file.writer(source: try source()))
    XCTAssertFalse(file.write([[1, 2, 3]], source: try source()))
    XCTAssertTrue(file.write([[1, 2, 3]], source: try source(), now: later))
  }

  func testAWriterGivenUpLeavesNothing() throws {
    let file = DerivedFile(url: derivedURL, kind: "numbers-1")
    do {
      let writer = try XCTUnwrap(file.writer(source: try source(), now: later))
      XCTAssertTrue(writer.append(Column([Int64](1...10))))
    }
    XCTAssertEqual(temporary.names(in: "cache"), [])
  }

  /// The temporary file of a writer whose process ended is removed by the next writer; one of
  /// a process still running is left to it.
  func testTemporariesOfEndedWritersAreRemoved() throws {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/sh")
    ended.arguments = ["-c", "exit 0"]
    try ended.run()
    ended.waitUntilExit()
    let running = ProcessInfo.processInfo.processIdentifier
    let endedName = ".derived.cache.\(ended.processIdentifier).7.tmp"
    let runningName = ".derived.cache.\(running).7.tmp"
    try temporary.write("cache/" + endedName, "half")
    try temporary.write("cache/" + runningName, "being written")
    XCTAssertTrue(
      DerivedFile(url: derivedURL, kind: "numbers-1").write(
        [[1]], source: try source(), now: later))
    XCTAssertEqual(temporary.names(in: "cache"), [runningName, "derived.cache"])
  }
}
