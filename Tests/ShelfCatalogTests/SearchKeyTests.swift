import ShelfSearch
import XCTest

final class SearchKeyTests: XCTestCase {
  func testHyphenatedNameMatchesSpacedName() {
    XCTAssertEqual(SearchKey.name("building-blocks"), SearchKey.name("Building Blocks"))
    XCTAssertEqual(SearchKey.name("BUILDING_BLOCKS"), SearchKey.name("Building Blocks"))
    XCTAssertEqual(SearchKey.name("building   blocks"), SearchKey.name("Building Blocks"))
    XCTAssertEqual(SearchKey.name("building - blocks"), SearchKey.name("Building Blocks"))
    XCTAssertEqual(SearchKey.name(" Building Blocks "), SearchKey.name("Building Blocks"))
  }

  func testAmpersandNamesMatchWhenWrittenWithHyphens() {
    XCTAssertEqual(SearchKey.name("arts-&-crafts"), SearchKey.name("Arts & Crafts"))
    XCTAssertEqual(SearchKey.name("ARTS & CRAFTS"), SearchKey.name("Arts & Crafts"))
  }

  func testAmpersandIsNotDropped() {
    XCTAssertNotEqual(SearchKey.name("arts-crafts"), SearchKey.name("Arts & Crafts"))
    XCTAssertNotEqual(SearchKey.name("arts crafts"), SearchKey.name("Arts & Crafts"))
  }

  func testDifferentNamesStayDifferent() {
    XCTAssertNotEqual(SearchKey.name("building blocks"), SearchKey.name("Building Block"))
    XCTAssertNotEqual(SearchKey.name("dolls"), SearchKey.name("Dolls & Plush"))
  }

  func testFoldIgnoresCaseAccentsAndWidth() {
    XCTAssertEqual(SearchKey.fold("Jouets Étoile"), SearchKey.fold("jouets etoile"))
    XCTAssertEqual(SearchKey.fold("Lucía"), SearchKey.fold("LUCIA"))
    XCTAssertEqual(SearchKey.fold("ＡＢＣ"), SearchKey.fold("abc"))
    XCTAssertEqual(SearchKey.name("Étoile"), "etoile")
  }
}
