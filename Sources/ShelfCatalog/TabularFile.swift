import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tab-separated catalog file: `#` comment lines, a header row naming the columns, then
/// one record a line (LF or CRLF). Records are visited one at a time as the file is read in
/// chunks of 1 MiB (the whole file is never in memory, nor a list of all records), each line
/// checked for valid UTF-8, so that a catalog of 1,000,000 items loads quickly in little
/// memory and a bad byte names its line.
struct TabularFile {
  struct Record {
    let line: Int
    let fields: [String]

    func field(_ column: Int) -> String { fields[column] }
  }

  let name: String
  let columns: [String]
  private let path: String

  /// Reads the header of the file at `path`; `name` is how errors name it.
  init(name: String, path: String) throws {
    self.name = name
    self.path = path
    var header: [String]?
    try Self.scan(path: path, name: name) { line, fields in
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
    try Self.scan(path: path, name: name) { line, fields in
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

  private static let chunk = 1 << 20

  /// How many lines the file has (an upper bound on its records), counted in one quick pass.
  func lineCount() -> Int {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: Self.chunk)
    var lines = 1
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress!, raw.count)
      }
      guard count > 0 else { return lines }
      buffer.withUnsafeBytes { raw in
        guard var cursor = raw.baseAddress else { return }
        let end = cursor + count
        while let found = memchr(cursor, 0x0A, end - cursor) {
          lines += 1
          cursor = UnsafeRawPointer(found) + 1
        }
      }
    }
  }

  /// Reads the file in chunks and calls `body` with each non-comment line's number and
  /// fields; `body` returns false to stop.
  private static func scan(
    path: String, name: String, _ body: (Int, [String]) throws -> Bool
  ) throws {
    let unreadable = CatalogError(
      file: name, line: nil, reason: "cannot read \(path) (missing or unreadable)")
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw unreadable }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: chunk)
    var filled = 0
    var lineNumber = 0
    var atStart = true
    while true {
      if filled == buffer.count {
        // A line longer than the buffer: make room for the rest of it.
        buffer += [UInt8](repeating: 0, count: buffer.count)
      }
      let count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress! + filled, raw.count - filled)
      }
      guard count >= 0 else { throw unreadable }
      let atEnd = count == 0
      filled += count
      var start = 0
      if atStart {
        if filled < 3 && !atEnd { continue }
        atStart = false
        // A UTF-8 byte-order mark (as some editors write) is not part of the first column.
        if filled >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
      }
      var stopped = false
      try buffer.withUnsafeBufferPointer { raw in
        guard let bytes = raw.baseAddress else { return }
        while start < filled {
          let found = memchr(bytes + start, 0x0A, filled - start)
          if found == nil && !atEnd { break }  // the rest of this line is in the next chunk
          let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? filled
          lineNumber += 1
          defer { start = end + 1 }
          var lineEnd = end
          if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          if lineEnd == start || bytes[start] == UInt8(ascii: "#") { continue }
          let fields = try Self.fields(
            bytes, from: start, to: lineEnd, name: name, lineNumber: lineNumber)
          if try !body(lineNumber, fields) {
            stopped = true
            return
          }
        }
      }
      if stopped || atEnd { return }
      let consumed = min(start, filled)
      if consumed > 0 {
        buffer.withUnsafeMutableBytes { raw in
          guard let base = raw.baseAddress else { return }
          memmove(base, base + consumed, filled - consumed)
        }
        filled -= consumed
      }
    }
  }

  /// The tab-separated fields of the line `bytes[start..<end]`.
  private static func fields(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, name: String, lineNumber: Int
  ) throws -> [String] {
    guard isValidUTF8(UnsafeBufferPointer(start: bytes + start, count: end - start)) else {
      throw CatalogError(file: name, line: lineNumber, reason: "not valid UTF-8")
    }
    var fields: [String] = []
    fields.reserveCapacity(8)
    var fieldStart = start
    while true {
      let tab = memchr(bytes + fieldStart, 0x09, end - fieldStart)
      let fieldEnd = tab.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? end
      let slice = UnsafeBufferPointer(start: bytes + fieldStart, count: fieldEnd - fieldStart)
      fields.append(String(decoding: slice, as: UTF8.self))
      if tab == nil { return fields }
      fieldStart = fieldEnd + 1
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
    // Room for every line at once: growing by doubling would briefly hold two copies of a
    // list of 1,000,000 values.
    values.reserveCapacity(lineCount())
    try forEachRecord { values.append(try transform($0)) }
    return values
  }
}
