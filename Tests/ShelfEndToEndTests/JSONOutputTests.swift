import Foundation
import XCTest

/// SPEC §6: `--json` prints one JSON document per listing or details command.
final class JSONOutputTests: EndToEndTestCase {
  /// Each output line is one document.
  private func documents(_ run: ShelfRun) throws -> [[String: Any]] {
    try run.outputLines.map { line in
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(line)")
    }
  }

  func testListingIsOneDocumentWithRowsInOneArray() throws {
    let run = try shelf(["-c", "cd /toys/Dolls", "-c", "ls", "--json"])
    XCTAssertEqual(run.status, 0, run.summary)
    let documents = try documents(run)
    XCTAssertEqual(documents.count, 1, run.summary)
    let rows = try XCTUnwrap(documents.first?["rows"] as? [[String: Any]], run.summary)
    XCTAssertEqual(rows.count, 16)
    let doll = try XCTUnwrap(rows.first { ($0["id"] as? NSNumber)?.intValue == 32 })
    XCTAssertEqual(doll["name"] as? String, "Mabel Baby Doll with Bottle")
    XCTAssertEqual(doll["price"] as? String, "24.99", "prices are exact decimal strings")
    XCTAssertEqual((doll["minAge"] as? NSNumber)?.intValue, 2)
    XCTAssertEqual((doll["maxAge"] as? NSNumber)?.intValue, 6)
    for row in rows {
      let price = try XCTUnwrap(row["price"] as? String, "price of \(row)")
      XCTAssertNotNil(
        price.range(of: #"^[0-9]+\.[0-9]{2}$"#, options: .regularExpression), price)
    }
  }

  func testOneDocumentPerCommand() throws {
    let run = try shelf(
      ["--json"] + commands("ls", "cd /toys/Dolls", "ls", "info 45", "cd /stories", "ls"))
    XCTAssertEqual(run.status, 0, run.summary)
    let documents = try documents(run)
    XCTAssertEqual(documents.count, 4, run.summary)
    XCTAssertEqual(documents[2]["name"] as? String, "Grandpa Teodor Doll", run.summary)
    XCTAssertEqual(documents[2]["price"] as? String, "27.50", run.summary)
  }

  func testCartDocumentHasRowsAndExactTotal() throws {
    let run = try shelf(
      ["--json"]
        + commands(
          "cd /toys/Dolls", "buy 45 -n 3", "buy 44 -n 1", "buy 32 -n 2", "cart"))
    XCTAssertEqual(run.status, 0, run.summary)
    let cart = try XCTUnwrap(
      try documents(run).last { $0["path"] as? String == "/cart" },
      "no cart document\n\(run.summary)")
    XCTAssertEqual((cart["itemCount"] as? NSNumber)?.intValue, 6)
    let lines = try XCTUnwrap(cart["rows"] as? [[String: Any]])
    XCTAssertEqual(lines.count, 3)
    // 3 × 27.50 + 9.99 + 2 × 24.99 = 142.47, exactly.
    XCTAssertEqual(cart["totalPrice"] as? String, "142.47", run.summary)
    XCTAssertNil(cart["total"], "total counts rows, given only when --limit cut them")
    let teodor = try XCTUnwrap(lines.first { ($0["id"] as? NSNumber)?.intValue == 45 })
    XCTAssertEqual((teodor["quantity"] as? NSNumber)?.intValue, 3)
    XCTAssertEqual(teodor["lineTotal"] as? String, "82.50")
  }

  func testErrorsStayOnStderrInJSONMode() throws {
    let run = try shelf(["--json"] + commands("lss", "ls"))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(try documents(run).count, 1, run.summary)
    XCTAssertTrue(run.errorLines.first?.hasPrefix("shelf: line 1: ") ?? false, run.summary)
  }
}
