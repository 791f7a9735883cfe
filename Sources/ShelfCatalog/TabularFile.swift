import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tab-separated catalog file: `#` comment lines, a header row naming the columns, then
/// one record a line (LF or CRLF). Records are visited one at a time straight from the file's
/// bytes (no copy of the file, no list of all records), each line checked for valid UTF-8, so
/// that a catalog of 1,000,000 items loads quickly and a bad byte names its line.
struct TabularFile {
  struct Record {
    let line: Int
    let fields: [String]

    func field(_ column: Int) -> String { fields[column] }
  }

  let name: String
  let columns: [String]
  private let data: Data

  init(name: String, data: Data) throws {
    self.name = name
    self.data = data
    var header: [String]?
    try Self.scan(data, name: name) { line, fields in
      header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
      return false
    }
    guard let header else {
      throw CatalogError(file: name, line: nil, reason: "no header row")
    }
    columns = header
  }

  /// Calls `body` with each record after the header, in file order.
  func forEachRecord(_ body: (Record) throws -> Void) throws {
    var sawHeader = false
    let count = columns.count
    let name = self.name
    try Self.scan(data, name: name) { line, fields in
      guard sawHeader else {
        sawHeader = true
        return true
      }
      guard fields.count == count else {
        throw CatalogError(
          file: name, line: line,
          reason: "expected \(count) tab-separated fields, found \(fields.count)")
      }
      try body(Record(line: line, fields: fields))
      return true
    }
  }

  /// Splits `data` into non-comment lines and fields; `body` returns false to stop.
  private static func scan(
    _ data: Data, name: String, _ body: (Int, [String]) throws -> Bool
  ) throws {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Void in
      guard let base = raw.baseAddress, raw.count > 0 else { return }
      let bytes = base.assumingMemoryBound(to: UInt8.self)
      let total = raw.count
      // A UTF-8 byte-order mark (as some editors write) is not part of the first column's name.
      var start =
        total >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
      var lineNumber = 0
      while start < total {
        let found = memchr(bytes + start, 0x0A, total - start)
        let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? total
        lineNumber += 1
        var lineEnd = end
        if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        defer { start = end + 1 }
        if lineEnd == start || bytes[start] == UInt8(ascii: "#") { continue }
        let line = UnsafeBufferPointer(start: bytes + start, count: lineEnd - start)
        guard Self.isValidUTF8(line) else {
          throw CatalogError(file: name, line: lineNumber, reason: "not valid UTF-8")
        }
        var fields: [String] = []
        fields.reserveCapacity(8)
        var fieldStart = start
        while true {
          let tab = memchr(bytes + fieldStart, 0x09, lineEnd - fieldStart)
          let fieldEnd = tab.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? lineEnd
          let slice = UnsafeBufferPointer(start: bytes + fieldStart, count: fieldEnd - fieldStart)
          fields.append(String(decoding: slice, as: UTF8.self))
          if tab == nil { break }
          fieldStart = fieldEnd + 1
        }
        if try !body(lineNumber, fields) { return }
      }
    }
  }

  /// True when `line` is valid UTF-8 (checked before its fields are decoded, so that decoding
  /// never has to repair anything). ASCII, the common case, is checked byte by byte first.
  private static func isValidUTF8(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if line.allSatisfy({ $0 < 0x80 }) { return true }
    return String(validating: line, as: UTF8.self) != nil
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

extension TabularFile {
  /// The records made into values, in file order.
  func mapRecords<Value>(_ transform: (Record) throws -> Value) throws -> [Value] {
    var values: [Value] = []
    try forEachRecord { values.append(try transform($0)) }
    return values
  }
}
