import XCTest

@testable import ShelfImages

final class HalfBlockRendererTests: XCTestCase {
  private let esc = "\u{1B}["
  private let block = "\u{2580}"

  /// red green
  /// blue white
  private let twoByTwo = TestImages.image(width: 2, height: 2) { x, y in
    [[TestImages.red, TestImages.green], [TestImages.blue, TestImages.white]][y][x]
  }

  func testTrueColourTwoByTwo() {
    let lines = HalfBlockRenderer(palette: .trueColor).render(twoByTwo)
    XCTAssertEqual(
      lines,
      [
        "\(esc)38;2;255;0;0m\(esc)48;2;0;0;255m\(block)"
          + "\(esc)38;2;0;255;0m\(esc)48;2;255;255;255m\(block)\(esc)0m"
      ])
  }

  func testANSI256TwoByTwo() {
    let lines = HalfBlockRenderer(palette: .ansi256).render(twoByTwo)
    XCTAssertEqual(
      lines,
      [
        "\(esc)38;5;196m\(esc)48;5;21m\(block)\(esc)38;5;46m\(esc)48;5;231m\(block)\(esc)0m"
      ])
  }

  func testEmitsSGROnlyWhenAColourChanges() {
    // Top row: red red green; bottom row: blue blue blue.
    let image = TestImages.image(width: 3, height: 2) { x, y in
      y == 1 ? TestImages.blue : (x < 2 ? TestImages.red : TestImages.green)
    }
    let lines = HalfBlockRenderer(palette: .trueColor).render(image)
    XCTAssertEqual(
      lines,
      [
        "\(esc)38;2;255;0;0m\(esc)48;2;0;0;255m\(block)\(block)"
          + "\(esc)38;2;0;255;0m\(block)\(esc)0m"
      ])
  }

  func testNearbyColoursShareAnANSI256Sequence() {
    let image = TestImages.image(width: 2, height: 2) { x, _ in
      x == 0 ? (250, 2, 1) : (255, 0, 0)
    }
    let lines = HalfBlockRenderer(palette: .ansi256).render(image)
    XCTAssertEqual(lines, ["\(esc)38;5;196m\(esc)48;5;196m\(block)\(block)\(esc)0m"])
  }

  func testSingleRowUsesTheDefaultBackground() {
    let image = TestImages.image(width: 2, height: 1) { x, _ in
      x == 0 ? TestImages.red : TestImages.green
    }
    XCTAssertEqual(
      HalfBlockRenderer(palette: .trueColor).render(image),
      ["\(esc)38;2;255;0;0m\(esc)49m\(block)\(esc)38;2;0;255;0m\(block)\(esc)0m"])
    XCTAssertEqual(
      HalfBlockRenderer(palette: .ansi256).render(image),
      ["\(esc)38;5;196m\(esc)49m\(block)\(esc)38;5;46m\(block)\(esc)0m"])
  }

  func testOddHeightPadsOnlyTheLastLine() {
    // Column of red, green, blue.
    let image = TestImages.image(width: 1, height: 3) { _, y in
      [TestImages.red, TestImages.green, TestImages.blue][y]
    }
    XCTAssertEqual(
      HalfBlockRenderer(palette: .trueColor).render(image),
      [
        "\(esc)38;2;255;0;0m\(esc)48;2;0;255;0m\(block)\(esc)0m",
        "\(esc)38;2;0;0;255m\(esc)49m\(block)\(esc)0m",
      ])
  }

  func testEveryLineIsSelfContained() {
    // Same colours on both lines: the second line must still set them.
    let image = TestImages.image(width: 2, height: 4) { _, _ in TestImages.red }
    let lines = HalfBlockRenderer(palette: .trueColor).render(image)
    let expected = "\(esc)38;2;255;0;0m\(esc)48;2;255;0;0m\(block)\(block)\(esc)0m"
    XCTAssertEqual(lines, [expected, expected])
  }

  func testLineCountAndWidth() {
    let image = TestImages.gradient(width: 7, height: 9)
    for palette in [HalfBlockRenderer.Palette.trueColor, .ansi256] {
      let lines = HalfBlockRenderer(palette: palette).render(image)
      XCTAssertEqual(lines.count, 5)
      for line in lines {
        XCTAssertEqual(line.filter { $0 == "\u{2580}" }.count, 7)
        XCTAssertTrue(line.hasSuffix("\(esc)0m"))
        XCTAssertFalse(line.contains("\n"))
      }
    }
  }

  func testEmptyImageRendersNothing() {
    let empty = RGBImage(width: 0, height: 0, pixels: [])
    XCTAssertEqual(HalfBlockRenderer(palette: .trueColor).render(empty), [])
  }

  func testPaletteFromEnvironment() {
    XCTAssertEqual(HalfBlockRenderer.palette(environment: ["COLORTERM": "truecolor"]), .trueColor)
    XCTAssertEqual(HalfBlockRenderer.palette(environment: ["COLORTERM": "24bit"]), .trueColor)
    XCTAssertEqual(HalfBlockRenderer.palette(environment: ["COLORTERM": "TrueColor"]), .trueColor)
    XCTAssertEqual(HalfBlockRenderer.palette(environment: [:]), .ansi256)
    XCTAssertEqual(HalfBlockRenderer.palette(environment: ["COLORTERM": ""]), .ansi256)
    XCTAssertEqual(
      HalfBlockRenderer.palette(environment: ["TERM": "xterm-256color", "COLORTERM": "yes"]),
      .ansi256)
  }
}
