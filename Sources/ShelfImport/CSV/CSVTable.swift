import Foundation

/// A CSV document as RFC 4180 has it, and as exports write it: a header row naming the
/// columns, then records. A byte order mark is skipped; records end with LF, CRLF or CR;
/// a quoted field may hold commas, line breaks and doubled quotes. Bytes that are not UTF-8,
/// or a quote left open, are refused with the line they are on.
public struct CSVTable: Sendable {
  /// One record: its fields and the line of the file it starts on.
  public struct Row: Sendable {
    public let fields: [String]
    public let line: Int

    /// The field in `column`, trimmed; empty when the record is shorter.
    public subscript(column: Int?) -> String {
      guard let column, column < fields.count else { return "" }
      let field = fields[column]
      // Most fields have nothing to trim: looked at without Foundation, which is slow here.
      guard let first = field.utf8.first, let last = field.utf8.last,
        first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
      else { return field }
      return field.trimmingCharacters(in: .whitespaces)
    }
  }

  public let header: [String]
  public let rows: [Row]
  private let columns: [String: Int]

  public init(_ data: Data) throws(CSVError) {
    var records: [Row]
    do {
      records = try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws(CSVError) in
        try Self.records(bytes.bindMemory(to: UInt8.self))
      }
    } catch let error as CSVError {
      throw error
    } catch {
      throw CSVError("\(error)")
    }
    guard !records.isEmpty else { throw CSVError("the file is empty") }
    let head = records.removeFirst()
    header = head.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    var columns: [String: Int] = [:]
    for (index, name) in header.enumerated() where columns[name.lowercased()] == nil {
      columns[name.lowercased()] = index
    }
    self.columns = columns
    rows = records.filter { !$0.fields.allSatisfy(\.isEmpty) }
  }

  /// The position of the column with that name (in any case), or nil.
  public func column(_ name: String) -> Int? {
    columns[name.lowercased()]
  }

  /// True when the header has every one of `names`.
  public func hasColumns(_ names: [String]) -> Bool {
    names.allSatisfy { column($0) != nil }
  }

  private static func records(_ bytes: UnsafeBufferPointer<UInt8>) throws(CSVError) -> [Row] {
    let quote: UInt8 = 0x22
    let comma: UInt8 = 0x2C
    let newline: UInt8 = 0x0A
    let carriageReturn: UInt8 = 0x0D
    var index = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    var rows: [Row] = []
    var fields: [String] = []
    var line = 1
    var recordLine = 1
    var field: [UInt8] = []
    var quoted = false

    func text(_ raw: UnsafeBufferPointer<UInt8>.SubSequence) throws(CSVError) -> String {
      guard let text = String(validating: raw, as: UTF8.self) else {
        throw CSVError("line \(line) is not UTF-8 text")
      }
      return text
    }

    while index < bytes.count {
      // An unquoted field: up to the next comma or line break, without copying.
      let start = index
      if bytes[index] != quote {
        while index < bytes.count, bytes[index] != comma, bytes[index] != newline,
          bytes[index] != carriageReturn
        {
          index += 1
        }
        fields.append(try text(bytes[start..<index]))
      } else {
        // A quoted field: doubled quotes are one, line breaks are kept.
        quoted = true
        field.removeAll(keepingCapacity: true)
        index += 1
        while true {
          guard index < bytes.count else {
            throw CSVError("line \(recordLine) has a quote that is never closed")
          }
          let byte = bytes[index]
          if byte == quote {
            if index + 1 < bytes.count, bytes[index + 1] == quote {
              field.append(quote)
              index += 2
              continue
            }
            index += 1
            break
          }
          if byte == newline { line += 1 }
          field.append(byte)
          index += 1
        }
        // Text after the closing quote (`"a"b`) is kept, as lenient readers do.
        let tail = index
        while index < bytes.count, bytes[index] != comma, bytes[index] != newline,
          bytes[index] != carriageReturn
        {
          index += 1
        }
        field.append(contentsOf: bytes[tail..<index])
        let value = try field.withUnsafeBufferPointer { (buffer) throws(CSVError) in
          try text(buffer[...])
        }
        fields.append(value)
      }
      guard index < bytes.count else { break }
      if bytes[index] == comma {
        index += 1
        if index == bytes.count { fields.append("") }
        continue
      }
      // The end of a record: LF, CRLF or CR.
      if bytes[index] == carriageReturn, index + 1 < bytes.count, bytes[index + 1] == newline {
        index += 1
      }
      index += 1
      rows.append(Row(fields: fields, line: recordLine))
      fields.removeAll(keepingCapacity: true)
      line += 1
      recordLine = line
      quoted = false
    }
    if !fields.isEmpty || quoted { rows.append(Row(fields: fields, line: recordLine)) }
    return rows
  }
}

/// Why a file is not CSV, in words.
public struct CSVError: Error, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
