import XCTest

@testable import ShelfImages

final class XTerm256PaletteTests: XCTestCase {
  func testPrimaryAndExtremeColours() {
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 255, g: 0, b: 0), 196)
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 0, g: 255, b: 0), 46)
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 0, g: 0, b: 255), 21)
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 0, g: 0, b: 0), 16)
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 255, g: 255, b: 255), 231)
  }

  func testMidGreyMapsToTheGreyRamp() {
    let index = XTerm256Palette.nearestIndex(r: 128, g: 128, b: 128)
    XCTAssertTrue((232...255).contains(index), "got \(index)")
    XCTAssertEqual(index, 244)  // 8 + 10 * 12 = 128
    XCTAssertEqual(XTerm256Palette.nearestIndex(r: 8, g: 8, b: 8), 232)
  }

  func testColourTable() {
    XCTAssertTrue(XTerm256Palette.color(forIndex: 196)! == (255, 0, 0))
    XCTAssertTrue(XTerm256Palette.color(forIndex: 16)! == (0, 0, 0))
    XCTAssertTrue(XTerm256Palette.color(forIndex: 67)! == (95, 135, 175))
    XCTAssertTrue(XTerm256Palette.color(forIndex: 255)! == (238, 238, 238))
    XCTAssertNil(XTerm256Palette.color(forIndex: 7))
  }

  func testAgreesWithBruteForceSearch() {
    let table = (16...255).map { XTerm256Palette.color(forIndex: UInt8($0))! }
    func distance(_ a: TestImages.Pixel, _ b: TestImages.Pixel) -> Int {
      let dr = Int(a.r) - Int(b.r)
      let dg = Int(a.g) - Int(b.g)
      let db = Int(a.b) - Int(b.b)
      return dr * dr + dg * dg + db * db
    }
    for r in stride(from: 0, through: 255, by: 15) {
      for g in stride(from: 0, through: 255, by: 15) {
        for b in stride(from: 0, through: 255, by: 15) {
          let colour: TestImages.Pixel = (UInt8(r), UInt8(g), UInt8(b))
          let best = table.map { distance(colour, $0) }.min()!
          let chosen = XTerm256Palette.nearestIndex(r: colour.r, g: colour.g, b: colour.b)
          let chosenColour = XTerm256Palette.color(forIndex: chosen)!
          XCTAssertEqual(distance(colour, chosenColour), best, "colour \(colour) -> \(chosen)")
        }
      }
    }
  }
}
