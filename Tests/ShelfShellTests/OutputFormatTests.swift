import Foundation
import ShelfShell
import XCTest

/// Every row format carries the JSON row's fields: CSV read back by Python's csv module, TSV and
/// Markdown by the readers below, each equal to the rows `--json` prints; details screens are
/// key/value pairs; no format ever carries an escape sequence.
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
    // A key some rows lack (mixed kinds) is an empty cell in theirs.
    let keys = Set(all.flatMap(\.keys))
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
      session.execute("format xml").error?.message,
      "format takes table, csv, tsv, markdown or json, not \"xml\"")
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
