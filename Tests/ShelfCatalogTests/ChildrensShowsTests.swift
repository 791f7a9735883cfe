import ShelfDomain
import XCTest

/// A show fits a child when TVmaze files it under Children or Family, and only then.
final class ChildrensShowsTests: XCTestCase {
  func testChildrenOrFamilyFitAndNothingElseDoes() {
    XCTAssertTrue(ChildrensShows.fit(["Comedy", "Family"]))
    XCTAssertTrue(ChildrensShows.fit(["children"]))
    XCTAssertFalse(ChildrensShows.fit(["Animation", "Comedy"]))
    XCTAssertFalse(ChildrensShows.fit([]))
    XCTAssertFalse(ChildrensShows.fit(["Family Drama", "Childrens"]))
  }

  func testTheStoresJoinedGenresAreReadAlike() {
    for (joined, fits) in [
      ("Comedy, Family", true), ("Children", true), ("Drama, children, Horror", true),
      ("", false), ("Familyish, Drama", false), ("Drama,Family", true), ("Anime", false),
    ] {
      XCTAssertEqual(ChildrensShows.fit(joined: joined), fits, joined)
      var text = joined
      XCTAssertEqual(text.withUTF8(ChildrensShows.fit(joinedUTF8:)), fits, joined)
    }
  }
}
