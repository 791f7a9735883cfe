import XCTest

@testable import ShelfImages

final class ImageScalingTests: XCTestCase {
  private let colors: [TestImages.Pixel] = [
    TestImages.red, TestImages.green, TestImages.blue, (10, 200, 30),
  ]

  func testAveragesSolidBlocksToTheirColours() {
    // 4x4 made of 2x2 solid blocks.
    let image = TestImages.image(width: 4, height: 4) { x, y in
      self.colors[(y / 2) * 2 + x / 2]
    }
    let scaled = image.scaled(toFit: 2, maxHeight: 2)
    XCTAssertEqual(scaled.width, 2)
    XCTAssertEqual(scaled.height, 2)
    TestImages.assertPixel(scaled, 0, 0, equals: colors[0])
    TestImages.assertPixel(scaled, 1, 0, equals: colors[1])
    TestImages.assertPixel(scaled, 0, 1, equals: colors[2])
    TestImages.assertPixel(scaled, 1, 1, equals: colors[3])
  }

  func testAveragesBlockContents() {
    // Checkerboard of black and white: every 2x2 block averages to mid grey.
    let image = TestImages.image(width: 4, height: 4) { x, y in
      (x + y) % 2 == 0 ? TestImages.black : TestImages.white
    }
    let scaled = image.scaled(toFit: 2, maxHeight: 2)
    for y in 0..<2 {
      for x in 0..<2 {
        TestImages.assertPixel(scaled, x, y, equals: (128, 128, 128))
      }
    }
  }

  func testFractionalCoverageIsWeightedByArea() {
    // 3 -> 2 columns: each output covers 1.5 source pixels.
    let image = TestImages.image(width: 3, height: 1) { x, _ in
      x == 1 ? TestImages.white : TestImages.black
    }
    let scaled = image.scaled(toFit: 2, maxHeight: 10)
    XCTAssertEqual(scaled.width, 2)
    XCTAssertEqual(scaled.height, 1)
    TestImages.assertPixel(scaled, 0, 0, equals: (85, 85, 85))
    TestImages.assertPixel(scaled, 1, 0, equals: (85, 85, 85))
  }

  func testSolidColourSurvivesAnyRatio() {
    let image = TestImages.image(width: 37, height: 23) { _, _ in (10, 20, 30) }
    let scaled = image.scaled(toFit: 5, maxHeight: 7)
    XCTAssertEqual(scaled.width, 5)
    XCTAssertEqual(scaled.height, 3)
    XCTAssertTrue(
      stride(from: 0, to: scaled.pixels.count, by: 3).allSatisfy {
        scaled.pixels[$0] == 10 && scaled.pixels[$0 + 1] == 20 && scaled.pixels[$0 + 2] == 30
      })
  }

  func testKeepsAspectRatioOfAPoster() {
    let poster = TestImages.gradient(width: 210, height: 295)
    let scaled = poster.scaled(toFit: 30, maxHeight: 40)
    XCTAssertEqual(scaled.height, 40)
    XCTAssertEqual(scaled.width, 28)  // 210 * 40 / 295 = 28.47

    let wide = poster.scaled(toFit: 30, maxHeight: 1000)
    XCTAssertEqual(wide.width, 30)
    XCTAssertEqual(wide.height, 42)  // 295 * 30 / 210 = 42.1
  }

  func testExtremeAspectRatiosKeepAtLeastOnePixel() {
    let line = TestImages.image(width: 1000, height: 1) { _, _ in TestImages.red }
    let scaled = line.scaled(toFit: 10, maxHeight: 10)
    XCTAssertEqual(scaled.width, 10)
    XCTAssertEqual(scaled.height, 1)
    TestImages.assertPixel(scaled, 9, 0, equals: TestImages.red)
  }

  func testNeverUpscalesByDefault() {
    let image = TestImages.quadrants(size: 4)
    XCTAssertEqual(image.scaled(toFit: 100, maxHeight: 100), image)
    XCTAssertEqual(image.scaled(toFit: 4, maxHeight: 4), image)
  }

  func testUpscalesByIntegerFactorWithNearestNeighbourWhenAllowed() {
    let image = TestImages.quadrants(size: 2)
    let scaled = image.scaled(toFit: 7, maxHeight: 5, allowUpscale: true)
    XCTAssertEqual(scaled.width, 4)  // factor min(7/2, 5/2) = 2
    XCTAssertEqual(scaled.height, 4)
    XCTAssertEqual(scaled, TestImages.quadrants(size: 4))

    // Less than twice the room: unchanged, no fractional blur.
    XCTAssertEqual(image.scaled(toFit: 3, maxHeight: 3, allowUpscale: true), image)
  }

  func testHugeBoundsDoNotOverflow() {
    let image = TestImages.quadrants(size: 4)
    let scaled = image.scaled(toFit: 2, maxHeight: Int.max)
    XCTAssertEqual(scaled.width, 2)
    XCTAssertEqual(scaled.height, 2)
  }

  func testNonPositiveBoundsGiveAnEmptyImage() {
    let image = TestImages.quadrants(size: 4)
    XCTAssertEqual(image.scaled(toFit: 0, maxHeight: 5).pixels, [])
    XCTAssertEqual(image.scaled(toFit: 5, maxHeight: -1).width, 0)
  }
}
