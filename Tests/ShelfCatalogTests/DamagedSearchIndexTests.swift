import ShelfSearch
import ShelfStorage
import XCTest

/// An index read from a file whose checksums hold but whose name order is wrong (a file made
/// by hand, or by a faulty writer) finds what it can and never reads outside its columns.
final class DamagedSearchIndexTests: XCTestCase {
  private let names = ["Maple Otter", "Maple Fox", "Lantern Kit", "Maple Bear"]

  private func index() -> SearchIndex {
    SearchIndex(count: names.count, fields: { [self.names[$0]] }, name: { self.names[$0] })
  }

  func testRanksAndItemsOutOfRangeAreLeftOut() throws {
    let good = index()
    XCTAssertEqual(Set(good.search("maple").map(\.position)), [0, 1, 3])
    for (ranks, order) in [
      ([Int32](repeating: 1_000_000, count: names.count), [Int32](0..<Int32(names.count))),
      ([Int32](0..<Int32(names.count)), [Int32](repeating: -7, count: names.count)),
      ([Int32](0..<Int32(names.count)), [Int32](repeating: Int32.max, count: names.count)),
    ] {
      var parts = good.parts
      parts.nameRanks = Column(ranks)
      parts.nameOrder = Column(order)
      let damaged = try XCTUnwrap(SearchIndex(count: names.count, parts: parts))
      for match in damaged.search("maple") {
        XCTAssertTrue((0..<names.count).contains(match.position), "\(match)")
      }
    }
  }
}
