import Foundation
import ShelfShell
import XCTest

/// Every row format carries the fields of the table's columns from the JSON row, in the table's
/// order: CSV read back by Python's csv module, TSV and Markdown by the readers below, each equal
/// to the rows `--json` prints cut to those keys; `--columns` picks any keys; headers off leaves
/// the header out; details screens are key/value pairs; no format ever carries an escape
/// sequence.
final class OutputFormatTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
    try super.setUpWithError()
    files = try TestLibrary()
    session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    for line in ["fav /toys/Dolls/42", "buy /toys/Dolls/42 -n 2", "buy /store/Electronics/1001"] {
      XCTAssertNil(session.execute(line).error, line)
    }
  }

  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  private static let listings = [
    "ls /toys/Dolls", "ls /toys", "find bear", "cart", "ls /favorites", "ls /stories/3-5",
    "help",
  ]

  /// The rows of the JSON document, each cell written as the row formats write it.
  private func expectedRows(_ line: String) throws -> [[String: String]] {
    let report = try XCTUnwrap(session.execute(line).report, line)
    let text = try XCTUnwrap(JSONRenderer().render(report))
    let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let rows =
      (document as? [[String: Any]]) ?? ((document as? [String: Any])?["rows"] as? [[String: Any]])
    let all = try XCTUnwrap(rows, line)
    // The table's columns; without a list table, every key (a key some rows lack is an empty
    // cell in theirs).
    let keys =
      report.tableKeys?.filter { key in all.contains { $0[key] != nil } }
      ?? Array(Set(all.flatMap(\.keys)))
    return all.map { row in
      Dictionary(uniqueKeysWithValues: keys.map { ($0, RowFormatRenderer.cell(row[$0])) })
    }
  }

  private func render(_ line: String, as format: OutputFormat) throws -> String {
    let report = try XCTUnwrap(session.execute(line).report, line)
    let text = RowFormatRenderer(format: format).render(report)
    XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), "\(format) of \(line)")
    return text
  }

  func testCSVReadBackByPythonEqualsTheJSONRows() throws {
    guard
      let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { throw XCTSkip("python3 is not installed: its csv module is the reference reader") }
    for line in Self.listings {
      let csv = try render(line, as: .csv)
      XCTAssertTrue(csv.hasSuffix("\r\n"), "RFC 4180 lines end in CRLF")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: python)
      process.arguments = [
        "-c",
        "import csv, io, json, sys; data = sys.stdin.buffer.read().decode('utf-8');"
          + " print(json.dumps(list(csv.DictReader(io.StringIO(data, newline='')))))",
      ]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(csv.utf8))
      try input.fileHandleForWriting.close()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: String]])
      XCTAssertEqual(parsed, try expectedRows(line), line)
    }
  }

  func testTSVAndMarkdownReadBackEqualTheJSONRows() throws {
    for line in Self.listings {
      let expected = try expectedRows(line)
      XCTAssertEqual(Self.readTSV(try render(line, as: .tsv)), expected, "tsv of \(line)")
      XCTAssertEqual(
        Self.readMarkdown(try render(line, as: .markdown)),
        expected.map { $0.mapValues(Self.oneLine) },
        "markdown of \(line)")
    }
  }

  func testTheHeaderIsTheTablesColumnsInItsOrder() throws {
    let csv = try render("ls /toys/Dolls", as: .csv)
    XCTAssertEqual(
      csv.split(separator: "\r\n").first, "id,name,minAge,maxAge,price,favorite",
      "Id, Name, Ages, Price and ★ as the table shows them (no child: no fits mark)")
    let cart = try render("cart", as: .tsv)
    XCTAssertEqual(
      cart.split(separator: "\n").first, "kind\tid\tname\tquantity\tunitPrice\tlineTotal")
  }

  func testColumnsPickAndOrderAnyKeyInEveryFormat() throws {
    let line = "ls /toys/Dolls --limit 2 --columns brand,id"
    XCTAssertEqual(
      try render(line, as: .csv), "brand,id\r\nFicelle & Cie,31\r\nMeadowlark Toys,32\r\n")
    _ = session.execute("format table")
    XCTAssertEqual(
      plain(session.execute(line)),
      "Dolls (2 of 16 toys)\nbrand            id\nFicelle & Cie    31\nMeadowlark Toys  32\n")
    let outcome = session.execute(line)
    let json = try XCTUnwrap(
      JSONRenderer(columns: outcome.columns).render(try XCTUnwrap(outcome.report)))
    XCTAssertTrue(json.contains("\"rows\":[{\"brand\":\"Ficelle & Cie\",\"id\":31},"), json)
    XCTAssertEqual(
      session.execute("ls /toys/Dolls --columns id,colour").errorMessage,
      "ls: --columns takes keys of these rows: id, name, minAge, maxAge, price, favorite, brand,"
        + " category, description, inCart or kind, not \"colour\"")
    XCTAssertEqual(
      session.execute("ls /toys/Dolls --columns id,,name").errorMessage,
      "ls: --columns takes JSON keys separated by commas, such as id,name,price, not \"id,,name\"")
  }

  func testHeadersOffLeavesOutTitleHeaderRowAndFooter() throws {
    XCTAssertEqual(plain(session.execute("headers")), "Headers: on\n")
    XCTAssertNil(session.execute("headers off").error)
    let outcome = session.execute("cart")
    XCTAssertFalse(outcome.headers)
    let report = try XCTUnwrap(outcome.report)
    var style = TerminalStyle.plain
    style.headers = false
    XCTAssertEqual(
      TextRenderer(style: style).render(report),
      "toy:42        Hanna Dirndl Doll       2   $34.99   $69.98\n"
        + "product:1001  Voltwave X2 Smartphone  1  $249.00  $249.00\n")
    XCTAssertEqual(
      RowFormatRenderer(format: .csv, headers: false).render(report),
      "toy,42,Hanna Dirndl Doll,2,34.99,69.98\r\nproduct,1001,Voltwave X2 Smartphone,1,249.00,249.00\r\n"
    )
    XCTAssertEqual(
      RowFormatRenderer(format: .markdown, headers: false).render(report),
      "| toy | 42 | Hanna Dirndl Doll | 2 | 34.99 | 69.98 |\n"
        + "| product | 1001 | Voltwave X2 Smartphone | 1 | 249.00 | 249.00 |\n")
    XCTAssertNil(session.execute("headers on").error)
    XCTAssertTrue(session.execute("cart").headers)
    XCTAssertEqual(
      session.execute("headers maybe").errorMessage, "headers: takes on or off, not \"maybe\"")
  }

  func testTheCartsTotalPriceAndTheRowCountHaveTwoNames() throws {
    let report = try XCTUnwrap(session.execute("ls /cart --limit 1").report)
    let text = try XCTUnwrap(JSONRenderer().render(report))
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(document["totalPrice"] as? String, "318.98")
    XCTAssertEqual(document["total"] as? Int, 2, "the lines the list has, as in every list")
    XCTAssertEqual((document["rows"] as? [Any])?.count, 1)
  }

  func testDetailsAreKeyValuePairs() throws {
    let tsv = try render("info /toys/Dolls/42", as: .tsv)
    let pairs = Self.readTSV(tsv)
    XCTAssertEqual(pairs.first?.keys.sorted(), ["key", "value"])
    let values = Dictionary(
      uniqueKeysWithValues: pairs.compactMap { row in
        row["key"].map { ($0, row["value"] ?? "") }
      })
    XCTAssertEqual(values["name"], "Hanna Dirndl Doll")
    XCTAssertEqual(values["price"], "34.99")
    XCTAssertEqual(values["favorite"], "true")
  }

  func testTheFormatCommandSetsAndSaysTheFormat() throws {
    XCTAssertEqual(plain(session.execute("format")), "Output format: table\n")
    let set = session.execute("format csv")
    XCTAssertNil(set.error)
    XCTAssertNil(set.report, "like sqlite3's .mode, setting it prints nothing")
    XCTAssertEqual(session.execute("pwd").format, .csv)
    XCTAssertEqual(
      session.execute("format xml").errorMessage,
      "format: takes table, csv, tsv, markdown or json, not \"xml\"")
    XCTAssertEqual(session.execute("pwd").format, .csv, "a bad name changes nothing")
  }

  // MARK: - Readers

  private static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ")
  }

  /// TSV with `\t`, `\n`, `\r` and `\\` escapes.
  private static func readTSV(_ text: String) -> [[String: String]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard let header = lines.first else { return [] }
    let keys = header.split(separator: "\t", omittingEmptySubsequences: false).map(unescapeTSV)
    return lines.dropFirst().map { line in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescapeTSV)
      return Dictionary(uniqueKeysWithValues: zip(keys, cells))
    }
  }

  private static func unescapeTSV(_ field: Substring) -> String {
    var result = ""
    var escaping = false
    for character in field {
      if escaping {
        switch character {
        case "t": result.append("\t")
        case "n": result.append("\n")
        case "r": result.append("\r")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A GitHub-flavoured pipe table: a header, a delimiter row, rows; `\|` and `\\` escapes.
  private static func readMarkdown(_ text: String) -> [[String: String]] {
    let lines = text.split(separator: "\n").map(String.init)
    guard lines.count >= 2, lines[1].hasPrefix("| ---") else { return [] }
    let keys = cells(lines[0])
    return lines.dropFirst(2).map { Dictionary(uniqueKeysWithValues: zip(keys, cells($0))) }
  }

  private static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaping = false
    for character in line.dropFirst().dropLast() {
      if escaping {
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "|" {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    cells.append(current)
    return cells.map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
