import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

final class CartAndFavoritesTests: TemporaryDirectoryTestCase {
  private var cart: Cart { Cart(file: PropertyListFile(url: temporary.file("cart.plist"))) }
  private var favorites: Favorites {
    Favorites(file: PropertyListFile(url: temporary.file("favorites.plist")))
  }
  private let doll = ItemID(.toy, 42)
  private let kettle = ItemID(.product, 1001)

  func testBuyingAgainMergesIntoTheLine() throws {
    XCTAssertEqual(try cart.add(doll, quantity: 2), 2)
    XCTAssertEqual(try cart.add(kettle, quantity: 1), 1)
    XCTAssertEqual(try cart.add(doll, quantity: 3), 5)
    XCTAssertEqual(
      try cart.read().lines,
      [CartLine(kind: .toy, id: 42, quantity: 5), CartLine(kind: .product, id: 1001, quantity: 1)])
  }

  func testALineHoldsAtMost999AndARefusedBuyChangesNothing() throws {
    try cart.add(doll, quantity: 998)
    XCTAssertThrowsError(try cart.add(doll, quantity: 2)) { error in
      XCTAssertEqual(error as? CartError, .limit(doll, wouldBe: 1000))
    }
    XCTAssertEqual(try cart.read().quantity(of: doll), 998)
    XCTAssertEqual(try cart.add(doll, quantity: 1), 999)
    XCTAssertThrowsError(try cart.add(kettle, quantity: 1000)) { error in
      XCTAssertEqual(error as? CartError, .badQuantity(1000))
    }
    XCTAssertThrowsError(try cart.add(kettle, quantity: 0)) { error in
      XCTAssertEqual(error as? CartError, .badQuantity(0))
    }
    XCTAssertThrowsError(try cart.setQuantity(doll, 1000))
    XCTAssertEqual(try cart.read().lines.count, 1)
  }

  func testOnlyToysAndProductsCanBeBought() throws {
    XCTAssertThrowsError(try cart.add(ItemID(.story, 7), quantity: 1)) { error in
      XCTAssertEqual(error as? CartError, .notBuyable(ItemID(.story, 7)))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.file("cart.plist").path))
  }

  func testSettingAQuantityOfZeroRemovesTheLine() throws {
    try cart.add(doll, quantity: 2)
    try cart.add(kettle, quantity: 1)
    try cart.setQuantity(doll, 7)
    XCTAssertEqual(try cart.read().quantity(of: doll), 7)
    try cart.setQuantity(doll, 0)
    XCTAssertEqual(try cart.read().lines, [CartLine(kind: .product, id: 1001, quantity: 1)])
    try cart.remove(kettle)
    XCTAssertEqual(try cart.read().lines, [])
  }

  func testChangingALineThatIsNotThereIsRefused() throws {
    XCTAssertThrowsError(try cart.setQuantity(doll, 3)) { error in
      XCTAssertEqual(error as? CartError, .notInCart(doll))
    }
    XCTAssertThrowsError(try cart.remove(doll)) { error in
      XCTAssertEqual(error as? CartError, .notInCart(doll))
    }
  }

  func testFavoritesAddRemoveAndToggle() throws {
    XCTAssertTrue(try favorites.add(doll))
    XCTAssertFalse(try favorites.add(doll))
    XCTAssertTrue(try favorites.contains(doll))
    XCTAssertTrue(try favorites.remove(doll))
    XCTAssertFalse(try favorites.remove(doll))
    XCTAssertTrue(try favorites.toggle(ItemID(.show, 1), show: Show(id: 1, name: "Under the Dome")))
    XCTAssertEqual(try favorites.read().shows.map(\.name), ["Under the Dome"])
    XCTAssertFalse(try favorites.toggle(ItemID(.show, 1)))
    XCTAssertTrue(try favorites.read().isEmpty)
  }
}
