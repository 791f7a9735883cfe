import ShelfImages
import XCTest

final class DrawingShapeTests: XCTestCase {
  /// A 2x2 picture: `colours` lists the pixels row by row as (r, g, b).
  private func picture(_ colours: [(UInt8, UInt8, UInt8)]) -> RGBImage {
    RGBImage(width: 2, height: 2, pixels: colours.flatMap { [$0.0, $0.1, $0.2] })
  }

  func testARecolouredPictureHasTheSameShape() {
    let original = picture([(255, 255, 255), (0, 0, 0), (0, 0, 0), (200, 10, 10)])
    let recoloured = picture([(10, 20, 30), (250, 240, 0), (250, 240, 0), (0, 90, 0)])
    XCTAssertEqual(DrawingShape(original), DrawingShape(recoloured))
  }

  func testMovingOnePixelChangesTheShape() {
    let original = picture([(255, 255, 255), (0, 0, 0), (0, 0, 0), (200, 10, 10)])
    let moved = picture([(255, 255, 255), (0, 0, 0), (200, 10, 10), (0, 0, 0)])
    XCTAssertNotEqual(DrawingShape(original), DrawingShape(moved))
  }

  func testMergingTwoColoursChangesTheShape() {
    let original = picture([(255, 255, 255), (0, 0, 0), (0, 0, 0), (200, 10, 10)])
    let merged = picture([(255, 255, 255), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    XCTAssertNotEqual(DrawingShape(original), DrawingShape(merged))
  }
}
