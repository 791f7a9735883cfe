import Foundation
import ShelfFiles
import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tab-separated catalog file: `#` comment lines, a header row naming the columns, then
/// one record a line (LF or CRLF). The file is read whole into one buffer, which the loaded
/// catalog keeps as its text: a record's fields are spans of that buffer, never copied into
/// strings of their own, so that a catalog of 1,000,000 items loads at the speed of reading
/// the file and takes little more memory than its size. Every line is checked for valid UTF-8
/// (a bad byte names its line) so that a field can later be decoded without repair.
struct TabularFile {
  /// One record: its line number and its fields, as spans of `text`.
  struct Record {
    let line: Int
    let text: UnsafeBufferPointer<UInt8>
    let spans: [TextSpan]

    func span(_ column: Int) -> TextSpan { spans[column] }
    func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> { spans[column].bytes(in: text) }
    func field(_ column: Int) -> String { String(decoding: bytes(column), as: UTF8.self) }
  }

  let name: String
  let columns: [String]
  /// The whole file.
  let text: [UInt8]
  /// The file as it was when read.
  let identity: SourceIdentity
  /// Whether every byte of the file is ASCII (then no line needs a UTF-8 check).
  private let allASCII: Bool
  /// Where the line after the header starts, and its number.
  private let bodyStart: Int
  private let bodyLine: Int

  /// Reads the file at `path`; `name` is how errors name it.
  init(name: String, path: String) throws {
    self.name = name
    let (text, identity) = try Self.readWhole(path: path, name: name)
    self.identity = identity
    // A UTF-8 byte-order mark (as some editors write) is not part of the first column.
    var start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 0
    var header: [String]?
    let allASCII = Self.isASCII(text)
    try text.withUnsafeBufferPointer { bytes in
      try Self.scanLines(bytes, from: start, firstLine: 1, name: name, allASCII: allASCII) {
        number, lineStart, lineEnd, next in
        header = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self
        )
        .split(separator: "\t", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        line = number
        start = next
        return false
      }
    }
    guard let header else {
      throw CatalogError(file: name, line: nil, reason: "no header row")
    }
    columns = header
    self.text = text
    self.allASCII = allASCII
    bodyStart = start
    bodyLine = line + 1
  }

  /// How many lines the file has after its header: an upper bound on its records.
  var lineCountBound: Int {
    text.withUnsafeBufferPointer { bytes in
      guard var cursor = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
      let end = cursor + bytes.count
      cursor += bodyStart
      var lines = 1
      while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
        lines += 1
        cursor = UnsafeRawPointer(found) + 1
      }
      return lines
    }
  }

  /// Calls `body` with each record after the header, in file order.
  func forEachRecord(_ body: (Record) throws -> Void) throws {
    let count = columns.count
    let name = self.name
    let allASCII = self.allASCII
    try text.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      var spans: [TextSpan] = []
      spans.reserveCapacity(count + 1)
      try Self.scanLines(
        bytes, from: bodyStart, firstLine: bodyLine, name: name, allASCII: allASCII
      ) {
        line, start, end, _ in
        spans.removeAll(keepingCapacity: true)
        var fieldStart = start
        while true {
          let tab = memchr(base + fieldStart, 0x09, end - fieldStart)
          let fieldEnd = tab.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
          spans.append(TextSpan(start: UInt32(fieldStart), count: UInt32(fieldEnd - fieldStart)))
          if tab == nil { break }
          fieldStart = fieldEnd + 1
        }
        guard spans.count == count else {
          throw CatalogError(
            file: name, line: line,
            reason: "expected \(count) tab-separated fields, found \(spans.count)")
        }
        try body(Record(line: line, text: bytes, spans: spans))
        return true
      }
    }
  }

  /// Calls `body` with each non-empty, non-comment line from `start` on: its number, its
  /// bounds (without the line end) and where the next line starts; `body` returns false to
  /// stop.
  private static func scanLines(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, firstLine: Int, name: String,
    allASCII: Bool, _ body: (Int, Int, Int, Int) throws -> Bool
  ) throws {
    guard let base = bytes.baseAddress else { return }
    var start = start
    var line = firstLine
    while start < bytes.count {
      let found = memchr(base + start, 0x0A, bytes.count - start)
      let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
      let next = end + 1
      defer {
        start = next
        line += 1
      }
      var lineEnd = end
      if lineEnd > start && base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      if lineEnd == start || base[start] == UInt8(ascii: "#") { continue }
      if !allASCII {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
        guard slice.allSatisfy({ $0 < 0x80 }) || String(validating: slice, as: UTF8.self) != nil
        else { throw CatalogError(file: name, line: line, reason: "not valid UTF-8") }
      }
      if try !body(line, start, lineEnd, next) { return }
    }
  }

  /// The whole file at `path`: a regular file (opened without blocking, so a pipe in its place
  /// is refused rather than waited on) that spans can address, and its identity.
  private static func readWhole(path: String, name: String) throws -> ([UInt8], SourceIdentity) {
    let unreadable = CatalogError(
      file: name, line: nil, reason: "cannot read \(path) (missing or unreadable)")
    let file: SmallFile.Opened
    do {
      guard let opened = try SmallFile.Opened(path, limit: Int(UInt32.max) - 1) else {
        throw unreadable
      }
      file = opened
    } catch let error as FileError {
      throw CatalogError(file: name, line: nil, reason: "cannot read \(path) (\(error.reason))")
    }
    return try withExtendedLifetime(file) {
      (
        try readAll(file.descriptor, size: Int(file.status.st_size), unreadable: unreadable),
        SourceIdentity(file.status)
      )
    }
  }

  /// Everything `descriptor` holds, expected to be about `size` bytes.
  private static func readAll(_ descriptor: Int32, size: Int, unreadable: CatalogError) throws
    -> [UInt8]
  {
    // One byte more than the size, so that the read which finds the end needs no new buffer;
    // a file that grows while it is read makes room for the rest.
    var capacity = max(size, 0) + 1
    var text: [UInt8] = []
    while true {
      let previous = text
      var reachedEnd = false
      var failed = false
      text = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        previous.withUnsafeBufferPointer { old in
          if let source = old.baseAddress { base.initialize(from: source, count: old.count) }
        }
        initialized = previous.count
        while initialized < capacity {
          let count = read(descriptor, base + initialized, capacity - initialized)
          if count < 0 && errno == EINTR { continue }
          if count <= 0 {
            reachedEnd = count == 0
            failed = count < 0
            return
          }
          initialized += count
        }
      }
      if failed { throw unreadable }
      if reachedEnd { break }
      capacity *= 2
    }
    // Spans are 32-bit offsets.
    guard text.count < Int(UInt32.max) else {
      throw CatalogError(file: unreadable.file, line: nil, reason: "larger than 4 GiB")
    }
    return text
  }

  /// True when every byte is ASCII, checked eight bytes at a time.
  private static func isASCII(_ text: [UInt8]) -> Bool {
    text.withUnsafeBytes { raw in
      var index = 0
      var any: UInt64 = 0
      while index + 8 <= raw.count {
        any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        index += 8
      }
      while index < raw.count {
        any |= UInt64(raw[index])
        index += 1
      }
      return any & 0x8080_8080_8080_8080 == 0
    }
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
