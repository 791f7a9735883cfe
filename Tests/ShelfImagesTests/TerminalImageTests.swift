import Foundation
import XCTest

@testable import ShelfImages

final class TerminalImageTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ShelfImagesTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: directory)
  }

  private func write(_ data: Data, _ name: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  /// Visible cells of a rendered line.
  private func cells(_ line: String) -> Int {
    line.filter { $0 == "\u{2580}" }.count
  }

  func testPixelArtIsDrawnOnePixelPerHalfCell() throws {
    let url = try write(TestImages.png(TestImages.quadrants(size: 32)), "sprite.png")
    let lines = try TerminalImage.lines(for: url, maxColumns: 80, maxRows: 24, palette: .trueColor)
    XCTAssertEqual(lines.count, 16)
    XCTAssertTrue(lines.allSatisfy { cells($0) == 32 })
  }

  func testPosterIsScaledDownToFit() throws {
    let poster = try TestImages.png(TestImages.gradient(width: 210, height: 295))
    let url = try write(poster, "poster.png")

    let tall = try TerminalImage.lines(for: url, maxColumns: 30, maxRows: 20, palette: .ansi256)
    XCTAssertEqual(tall.count, 20)  // height-limited: 28x40 pixels
    XCTAssertTrue(tall.allSatisfy { cells($0) == 28 })

    let narrow = try TerminalImage.lines(
      for: url, maxColumns: 30, maxRows: 100, palette: .trueColor)
    XCTAssertEqual(narrow.count, 21)  // width-limited: 30x42 pixels
    XCTAssertTrue(narrow.allSatisfy { cells($0) == 30 })
  }

  func testJPEGPosterFitsWithinLimits() throws {
    let url = try write(
      TestImages.jpeg(TestImages.gradient(width: 210, height: 295), quality: 85), "poster.jpg")
    for (columns, rows) in [(30, 20), (12, 40), (80, 10), (1, 1)] {
      let lines = try TerminalImage.lines(
        for: url, maxColumns: columns, maxRows: rows, palette: .trueColor)
      XCTAssertFalse(lines.isEmpty)
      XCTAssertLessThanOrEqual(lines.count, rows)
      XCTAssertTrue(lines.allSatisfy { cells($0) <= columns && cells($0) > 0 })
    }
  }

  func testFromDataAndUpscaling() throws {
    let icon = try TestImages.png(TestImages.quadrants(size: 8))
    let plain = try TerminalImage.lines(for: icon, maxColumns: 80, maxRows: 24, palette: .ansi256)
    XCTAssertEqual(plain.count, 4)
    let upscaled = try TerminalImage.lines(
      for: icon, maxColumns: 80, maxRows: 24, palette: .ansi256, allowUpscale: true)
    XCTAssertEqual(upscaled.count, 24)  // factor min(80/8, 48/8) = 6: 48x48 pixels
    XCTAssertTrue(upscaled.allSatisfy { cells($0) == 48 })
  }

  func testNoRoomGivesNoLines() throws {
    let url = try write(TestImages.png(TestImages.quadrants(size: 4)), "tiny.png")
    XCTAssertEqual(
      try TerminalImage.lines(for: url, maxColumns: 0, maxRows: 10, palette: .trueColor), [])
  }

  func testNonImageFileThrows() throws {
    let url = try write(Data("# not an image\n".utf8), "readme.png")
    XCTAssertThrowsError(
      try TerminalImage.lines(for: url, maxColumns: 10, maxRows: 10, palette: .trueColor)
    ) { error in
      XCTAssertEqual((error as? ImageError)?.description, "not a PNG or JPEG image")
    }
  }
}
