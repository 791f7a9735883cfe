import Foundation
import ShelfDomain
import ShelfStore

/// The ways exports write a moment, each read into a `Date`. A day without a time is taken as
/// noon UTC, which is the same calendar day nearly everywhere.
enum ExportTime {
  /// `2024-05-01T20:00:00.000Z` (Trakt), `2024-05-01T20:00:00+02:00`, `2021-01-01 10:00:00`
  /// (TV Time, UTC), or a day `2024-05-01` (Yamtrack); nil for anything else or nothing.
  static func parse(_ text: String) -> Date? {
    // On the bytes, without Foundation's trimming: a history has tens of thousands of these.
    var bytes = Array(text.utf8)
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let first = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
    bytes.removeFirst(first)
    if bytes.count == 10 { return day(String(decoding: bytes, as: UTF8.self)) }
    guard bytes.count >= 19 else { return nil }
    // `2021-01-01 10:00:00` and `2021-01-01T10:00:00` without a zone are UTC; written as
    // `2021-01-01T10:00:00Z` they take the parser's fast way (a formatter costs a hundred times
    // more).
    if bytes[10] == 0x20 { bytes[10] = UInt8(ascii: "T") }
    if bytes.count == 19 { bytes.append(UInt8(ascii: "Z")) }
    return WatchTime.parse(String(decoding: bytes, as: UTF8.self))
  }

  /// `2024-05-01` at noon UTC.
  static func day(_ text: String) -> Date? {
    AirTime.parseDay(text).map { $0.addingTimeInterval(12 * 3600) }
  }

  /// A day from its parts, at noon UTC; nil when they are not a date.
  static func day(year: Int, month: Int, day: Int) -> Date? {
    guard (1...12).contains(month), (1...31).contains(day), (1900...2200).contains(year) else {
      return nil
    }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    guard let date = Self.day("\(year)-\(two(month))-\(two(day))") else { return nil }
    // `2023-02-30` would roll over into March: refused.
    return WatchTime.format(date).hasPrefix("\(year)-\(two(month))-\(two(day))") ? date : nil
  }

  /// Milliseconds since 1970 (SeriesGuide), nil for 0 or less.
  static func milliseconds(_ value: Int?) -> Date? {
    guard let value, value > 0 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(value) / 1000)
  }
}
