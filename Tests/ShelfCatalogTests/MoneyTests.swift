import Foundation
import ShelfDomain
import XCTest

final class MoneyTests: XCTestCase {
  private func money(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Money {
    guard let value = Money(parsing: text) else {
      XCTFail("\"\(text)\" should parse", file: file, line: line)
      return .zero
    }
    return value
  }

  // MARK: - Parsing

  func testParsesWholeAndDecimalAmounts() {
    XCTAssertEqual(Money(parsing: "12")?.cents, 1200)
    XCTAssertEqual(Money(parsing: "12.9")?.cents, 1290)
    XCTAssertEqual(Money(parsing: "12.99")?.cents, 1299)
    XCTAssertEqual(Money(parsing: "0.05")?.cents, 5)
    XCTAssertEqual(Money(parsing: "0")?.cents, 0)
    XCTAssertEqual(Money(parsing: "007.50")?.cents, 750)
  }

  func testRejectsMalformedAmounts() {
    for text in [
      "12.999", "-1", "1e3", "", "abc", " 1", "1 ", "12.", ".5", "1.2.3", "+1", "1,50", "$12",
      "١٢", "12.-1", "12.a", "0x10", "1_000", "1234567890123",
    ] {
      XCTAssertNil(Money(parsing: text), "\"\(text)\" should be rejected")
    }
  }

  // MARK: - Printing

  func testDescriptionIsAnExactDecimalString() {
    XCTAssertEqual(money("12").description, "12.00")
    XCTAssertEqual(money("12.9").description, "12.90")
    XCTAssertEqual(money("12.99").description, "12.99")
    XCTAssertEqual(money("0.05").description, "0.05")
    XCTAssertEqual(Money.zero.description, "0.00")
    XCTAssertEqual(Money(cents: -5).description, "-0.05")
    XCTAssertEqual(Money(cents: -1234).description, "-12.34")
    XCTAssertEqual(String(describing: money("1000")), "1000.00")
  }

  func testFormattedHasADollarSign() {
    XCTAssertEqual(money("12.99").formatted, "$12.99")
    XCTAssertEqual(money("3").formatted, "$3.00")
    XCTAssertEqual(Money.zero.formatted, "$0.00")
  }

  func testDescriptionRoundTripsThroughParsing() {
    for cents: Int64 in [0, 1, 9, 10, 99, 100, 101, 1299, 5997, 123_456_789] {
      let amount = Money(cents: cents)
      XCTAssertEqual(Money(parsing: amount.description), amount)
    }
  }

  // MARK: - Arithmetic

  func testSumsAreExact() {
    let dime = money("0.10")
    XCTAssertEqual(dime + dime + dime, money("0.30"))
    XCTAssertEqual((dime + dime + dime).description, "0.30")
    XCTAssertEqual([dime, dime, dime].sum(), money("0.30"))
    XCTAssertEqual([Money]().sum(), .zero)
    XCTAssertEqual(Array(repeating: money("0.01"), count: 1000).sum(), money("10"))
  }

  func testProductsAreExact() {
    XCTAssertEqual(money("19.99") * 3, money("59.97"))
    XCTAssertEqual((money("19.99") * 3).description, "59.97")
    XCTAssertEqual(money("0.10") * 3, money("0.30"))
    XCTAssertEqual(money("649.00") * 999, money("648351"))
    XCTAssertEqual(money("12.99") * 0, .zero)
  }

  func testOrdering() {
    XCTAssertLessThan(money("9.99"), money("10"))
    XCTAssertLessThan(money("0.09"), money("0.1"))
    XCTAssertEqual(money("12.9"), money("12.90"))
    XCTAssertEqual(
      [money("3"), money("1.5"), money("2")].sorted(),
      [
        money("1.5"), money("2"), money("3"),
      ])
  }

  // MARK: - Codable

  func testEncodesAsAString() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(["price": money("12.9")])
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"price":"12.90"}"#)
  }

  func testDecodesFromAString() throws {
    let decoded = try JSONDecoder().decode(
      [String: Money].self, from: Data(#"{"price":"19.99"}"#.utf8))
    XCTAssertEqual(decoded["price"], money("19.99"))
  }

  func testDecodingRejectsNumbersAndBadStrings() {
    for json in [#"{"price":19.99}"#, #"{"price":"19.999"}"#, #"{"price":"-1"}"#] {
      XCTAssertThrowsError(
        try JSONDecoder().decode([String: Money].self, from: Data(json.utf8)), json)
    }
  }

  func testRoundTripsThroughAPropertyList() throws {
    struct Line: Codable, Equatable {
      var price: Money
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let data = try encoder.encode(Line(price: money("0.30")))
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("<string>0.30</string>"))
    XCTAssertEqual(try PropertyListDecoder().decode(Line.self, from: data).price, money("0.30"))
  }
}
