import Foundation

/// The month a child was born, `YYYY-MM` (`2019-05`). A child's age is whole years from that
/// month to today: a birthday counts from the first day of its month.
public struct BirthMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int

  public init?(year: Int, month: Int) {
    guard (1900...9999).contains(year), (1...12).contains(month) else { return nil }
    self.year = year
    self.month = month
  }

  /// Reads `YYYY-MM`: four digits, a dash, two digits, a month from 01 to 12.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
      bytes.enumerated().allSatisfy({ $0.offset == 4 || (0x30...0x39).contains($0.element) }),
      let year = Int(text.prefix(4)), let month = Int(text.suffix(2))
    else { return nil }
    self.init(year: year, month: month)
  }

  public var description: String {
    String(year) + "-" + (month < 10 ? "0" : "") + String(month)
  }

  /// The month of `date` in the local time zone.
  public static func of(_ date: Date, calendar: Calendar = .current) -> BirthMonth? {
    let parts = calendar.dateComponents([.year, .month], from: date)
    guard let year = parts.year, let month = parts.month else { return nil }
    return BirthMonth(year: year, month: month)
  }

  /// Whole years from this month to `date` (never below 0).
  public func age(on date: Date, calendar: Calendar = .current) -> Int {
    guard let now = Self.of(date, calendar: calendar) else { return 0 }
    let years = now.year - year - (now.month < month ? 1 : 0)
    return max(0, years)
  }

  /// True when the month is after the month of `date`.
  public func isAfter(_ date: Date, calendar: Calendar = .current) -> Bool {
    guard let now = Self.of(date, calendar: calendar) else { return false }
    return self > now
  }

  public static func < (left: BirthMonth, right: BirthMonth) -> Bool {
    (left.year, left.month) < (right.year, right.month)
  }
}
