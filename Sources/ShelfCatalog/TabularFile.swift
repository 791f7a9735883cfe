import Foundation

/// A tab-separated catalog file: `#` comment lines, a header row naming the columns, then
/// one record a line (LF or CRLF). Parsed from bytes in one pass, each line checked for valid
/// UTF-8, so that a catalog of 100,000 items loads quickly and a bad byte names its line.
struct TabularFile {
  struct Record {
    let line: Int
    let fields: [String]

    func field(_ column: Int) -> String { fields[column] }
  }

  let name: String
  let columns: [String]
  let records: [Record]

  init(name: String, data: Data) throws {
    self.name = name
    var header: [String]?
    var records: [Record] = []
    var lineNumber = 0
    let bytes = [UInt8](data)
    // A UTF-8 byte-order mark (as some editors write) is not part of the first column's name.
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      lineNumber += 1
      var lineEnd = end
      if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      defer { start = end + 1 }
      if lineEnd == start || bytes[start] == UInt8(ascii: "#") { continue }
      let fields = try Self.fields(bytes[start..<lineEnd], file: name, line: lineNumber)
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

  private static func fields(_ line: ArraySlice<UInt8>, file: String, line number: Int) throws
    -> [String]
  {
    var fields: [String] = []
    var fieldStart = line.startIndex
    for index in line.indices where line[index] == 0x09 {
      fields.append(try text(line[fieldStart..<index], file: file, line: number))
      fieldStart = index + 1
    }
    fields.append(try text(line[fieldStart..<line.endIndex], file: file, line: number))
    return fields
  }

  private static func text(_ bytes: ArraySlice<UInt8>, file: String, line: Int) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CatalogError(file: file, line: line, reason: "not valid UTF-8")
    }
    return text
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
