import Foundation
import ShelfDomain
import XCTest

final class ItemIDTests: XCTestCase {
  func testParsesKindQualifiedIDs() {
    XCTAssertEqual(ItemID(parsing: "toy:42"), ItemID(.toy, 42))
    XCTAssertEqual(ItemID(parsing: "story:7"), ItemID(.story, 7))
    XCTAssertEqual(ItemID(parsing: "product:1001"), ItemID(.product, 1001))
    XCTAssertEqual(ItemID(parsing: "show:1"), ItemID(.show, 1))
    XCTAssertEqual(ItemID(parsing: "TOY:42"), ItemID(.toy, 42))
    // A negative id is still an id that can be named (issue: `toy:-3` must work).
    XCTAssertEqual(ItemID(parsing: "toy:-1"), ItemID(.toy, -1))
  }

  func testRejectsMalformedIDs() {
    for text in ["42", "toy", "toy:", ":42", "car:1", "toy:x", "toys:42", ""] {
      XCTAssertNil(ItemID(parsing: text), "\"\(text)\"")
    }
  }

  func testDescriptionRoundTrips() {
    for item in [ItemID(.toy, 42), ItemID(.story, 7), ItemID(.product, 1001), ItemID(.show, 1)] {
      XCTAssertEqual(ItemID(parsing: item.description), item)
    }
    XCTAssertEqual(ItemID(.product, 1001).description, "product:1001")
  }

  func testSortsByKindThenID() {
    let sorted = [ItemID(.show, 1), ItemID(.toy, 9), ItemID(.story, 2), ItemID(.toy, 3)].sorted()
    XCTAssertEqual(sorted, [ItemID(.toy, 3), ItemID(.toy, 9), ItemID(.story, 2), ItemID(.show, 1)])
  }

  func testOnlyToysAndProductsAreBuyable() {
    XCTAssertEqual(ItemKind.allCases.filter(\.isBuyable), [.toy, .product])
    XCTAssertEqual(ItemKind.allCases.map(\.plural), ["toys", "stories", "products", "shows"])
  }
}
