import Foundation

/// A tab-separated catalog file: `#` comment lines, a header row naming the columns, then
/// one record a line. Parsed from bytes in one pass so that a catalog of 100,000 items loads
/// in well under a second.
struct TabularFile {
  struct Record {
    let line: Int
    let fields: [Substring]

    func field(_ column: Int) -> String { String(fields[column]) }
  }

  let name: String
  let columns: [String]
  let records: [Record]

  init(name: String, text: String) throws {
    self.name = name
    var header: [String]?
    var records: [Record] = []
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.isEmpty || line.first == "#" { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard let columns = header else {
        header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        continue
      }
      guard fields.count == columns.count else {
        throw CatalogError(
          file: name, line: lineNumber,
          reason: "expected \(columns.count) tab-separated fields, found \(fields.count)")
      }
      records.append(Record(line: lineNumber, fields: fields))
    }
    guard let header else {
      throw CatalogError(file: name, line: nil, reason: "no header row")
    }
    self.columns = header
    self.records = records
  }

  /// The index of each of `names`, or an error naming the first missing column.
  func columnIndexes(_ names: [String]) throws -> [Int] {
    try names.map { name in
      guard let index = columns.firstIndex(of: name) else {
        throw CatalogError(file: self.name, line: nil, reason: "missing column \"\(name)\"")
      }
      return index
    }
  }
}
