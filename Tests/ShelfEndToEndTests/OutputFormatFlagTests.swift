import Foundation
import XCTest

/// `--format NAME`, `--csv`, `--tsv` and `--json` at start, `format NAME` inside, and a format
/// that goes where a redirection sends it.
final class OutputFormatFlagTests: EndToEndTestCase {
  func testShortFormsAndTheFormatFlagChooseTheFormat() throws {
    let csv = try shelf(["--csv"] + commands("ls /toys/Dolls"))
    XCTAssertEqual(csv.status, 0, csv.summary)
    XCTAssertTrue(
      csv.output.hasPrefix("id,name,minAge,maxAge,price,favorite\r\n31,Rosie Rag Doll,1,6,28.00,"),
      csv.summary)
    let tsv = try shelf(["--tsv"] + commands("info /toys/Dolls/42"))
    XCTAssertTrue(tsv.output.hasPrefix("key\tvalue\nbrand\t"), tsv.summary)
    let markdown = try shelf(["--format", "markdown"] + commands("ls /toys"))
    XCTAssertTrue(
      markdown.output.hasPrefix("| name | count | lastVisited |\n| --- |"), markdown.summary)
  }

  func testTwoFormatsAtOnceOrAnUnknownOneIsBadUsage() throws {
    let both = try shelf(["--csv", "--json"] + commands("pwd"))
    XCTAssertEqual(both.status, 2, both.summary)
    XCTAssertTrue(both.errors.hasPrefix("shelf: --json and --csv disagree"), both.summary)
    let unknown = try shelf(["--format", "xml"] + commands("pwd"))
    XCTAssertEqual(unknown.status, 2, unknown.summary)
    XCTAssertTrue(unknown.errors.hasPrefix("shelf: --format takes table, csv"), unknown.summary)
  }

  func testTheFormatInUseGoesToARedirectedFile() throws {
    let run = try shelf(commands("format csv", "ls /toys/Dolls > ~/dolls.csv", "format"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(run.output, "key,value\r\nformat,csv\r\n", run.summary)
    let file = try String(
      contentsOf: sandbox.home.appendingPathComponent("dolls.csv"), encoding: .utf8)
    XCTAssertTrue(file.hasPrefix("id,name,minAge,maxAge,price,favorite\r\n"), file)
    XCTAssertEqual(file.components(separatedBy: "\r\n").count, 18, "a header, 16 dolls, the end")
  }

  /// `ls | sort` sorts rows only with `--no-header` (or `headers off`): no title, header row or
  /// footer in any row format.
  func testNoHeaderLeavesOutTitlesHeaderRowsAndFooters() throws {
    let run = try shelf(
      ["--no-header"]
        + commands(
          "buy /toys/Dolls/31 -n 2", "ls /toys/Dolls --limit 2", "cart", "format csv", "cart",
          "headers on", "cart"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertEqual(
      run.output.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n"),
      [
        "Added 2 × \"Rosie Rag Doll\" to the cart (2 in the cart).",
        "31  Rosie Rag Doll               1-6  $28.00",
        "32  Mabel Baby Doll with Bottle  2-6  $24.99",
        "toy:31  Rosie Rag Doll  2  $28.00  $56.00", "toy,31,Rosie Rag Doll,2,28.00,56.00",
        "kind,id,name,quantity,unitPrice,lineTotal", "toy,31,Rosie Rag Doll,2,28.00,56.00",
      ], run.summary)
  }

  /// JSON is one line a document in a pipe, laid out with two spaces a level at a terminal.
  func testJSONIsOneLineADocumentInAPipe() throws {
    let run = try shelf(["--json"] + commands("ls /toys --limit 1", "pwd"))
    XCTAssertEqual(
      run.outputLines,
      [
        #"{"path":"/toys","rows":[{"count":15,"lastVisited":false,"name":"Arts & Crafts","path":"/toys/Arts & Crafts"}],"total":11}"#,
        #"{"path":"/"}"#,
      ], run.summary)
  }
}
