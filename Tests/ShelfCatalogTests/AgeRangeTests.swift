import ShelfDomain
import XCTest

final class AgeRangeTests: XCTestCase {
  private func ages(_ low: Int, _ high: Int) -> AgeRange {
    AgeRange(minimum: low, maximum: high)!
  }

  func testParsesARangeWithAHyphenOrAnEnDash() {
    XCTAssertEqual(AgeRange(parsing: "3-5"), ages(3, 5))
    XCTAssertEqual(AgeRange(parsing: "3–5"), ages(3, 5))
    XCTAssertEqual(AgeRange(parsing: "0-2"), ages(0, 2))
    XCTAssertEqual(AgeRange(parsing: "9-12"), ages(9, 12))
  }

  func testParsesASingleAge() {
    XCTAssertEqual(AgeRange(parsing: "4"), ages(4, 4))
    XCTAssertEqual(AgeRange(parsing: "0"), ages(0, 0))
  }

  func testRejectsMalformedRanges() {
    for text in ["5-3", "a-b", "-1", "", "-", "3-", "-3", "3-5-7", "3--5", "3 to 5", "1e1", "100"] {
      XCTAssertNil(AgeRange(parsing: text), "\"\(text)\" should be rejected")
    }
  }

  func testRejectsImpossibleBounds() {
    XCTAssertNil(AgeRange(minimum: 5, maximum: 3))
    XCTAssertNil(AgeRange(minimum: -1, maximum: 3))
    XCTAssertNil(AgeRange(minimum: 0, maximum: AgeRange.maximumAge + 1))
    XCTAssertNotNil(AgeRange(minimum: 0, maximum: AgeRange.maximumAge))
  }

  func testDescription() {
    XCTAssertEqual(ages(3, 5).description, "3-5")
    XCTAssertEqual(AgeRange(parsing: "3–5")?.description, "3-5")
    XCTAssertEqual(ages(4, 4).description, "4-4")
  }

  func testTouchingRangesOverlap() {
    XCTAssertTrue(ages(0, 3).overlaps(ages(3, 6)))
    XCTAssertTrue(ages(3, 6).overlaps(ages(0, 3)))
    XCTAssertTrue(ages(6, 9).overlaps(ages(3, 6)))
    XCTAssertTrue(ages(4, 4).overlaps(ages(4, 4)))
  }

  func testContainedRangesOverlap() {
    XCTAssertTrue(ages(4, 5).overlaps(ages(3, 6)))
    XCTAssertTrue(ages(3, 6).overlaps(ages(4, 5)))
    XCTAssertTrue(ages(0, 14).overlaps(ages(7, 7)))
  }

  func testDisjointRangesDoNotOverlap() {
    XCTAssertFalse(ages(0, 2).overlaps(ages(3, 6)))
    XCTAssertFalse(ages(3, 6).overlaps(ages(0, 2)))
    XCTAssertFalse(ages(7, 12).overlaps(ages(3, 6)))
    XCTAssertFalse(ages(3, 6).overlaps(ages(7, 12)))
  }

  func testSortsByMinimumThenMaximum() {
    let sorted = [ages(9, 12), ages(3, 5), ages(0, 2), ages(3, 4)].sorted()
    XCTAssertEqual(sorted, [ages(0, 2), ages(3, 4), ages(3, 5), ages(9, 12)])
  }
}
