import Foundation
import XCTest

/// `--format NAME`, `--csv`, `--tsv` and `--json` at start, `format NAME` inside, and a format
/// that goes where a redirection sends it.
final class OutputFormatFlagTests: EndToEndTestCase {
  func testShortFormsAndTheFormatFlagChooseTheFormat() throws {
    let csv = try shelf(["--csv"] + commands("ls /toys/Dolls"))
    XCTAssertEqual(csv.status, 0, csv.summary)
    XCTAssertTrue(
      csv.output.hasPrefix(
        "brand,category,description,favorite,id,inCart,kind,maxAge,minAge,name,price\r\n"),
      csv.summary)
    let tsv = try shelf(["--tsv"] + commands("info /toys/Dolls/42"))
    XCTAssertTrue(tsv.output.hasPrefix("key\tvalue\nbrand\t"), tsv.summary)
    let markdown = try shelf(["--format", "markdown"] + commands("ls /toys"))
    XCTAssertTrue(
      markdown.output.hasPrefix("| count | lastVisited | name | path |\n| --- |"), markdown.summary)
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
    XCTAssertTrue(file.hasPrefix("brand,category,"), file)
    XCTAssertEqual(file.components(separatedBy: "\r\n").count, 18, "a header, 16 dolls, the end")
  }
}
