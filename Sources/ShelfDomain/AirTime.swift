import Foundation

/// Dates and times of episodes, read from TVmaze's formats and shown in the local time zone
/// (which honours `TZ`).
public enum AirTime {
  /// `2013-06-25T03:00:00+00:00` (also with fractional seconds or `Z`).
  public static func parse(_ stamp: String) -> Date? {
    if let date = FastStamp.parse(stamp) { return date }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: stamp) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: stamp)
  }

  /// `2013-06-24` as midnight UTC.
  public static func parseDay(_ day: String) -> Date? {
    if let date = FastStamp.parseDay(day) { return date }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.date(from: day)
  }

  /// `Mon 30 Nov 21:00` in `timeZone`.
  public static func weekdayAndTime(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "EEE d MMM HH:mm", timeZone)
  }

  /// `Mon 30 Nov` in `timeZone`.
  public static func weekdayAndDate(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "EEE d MMM", timeZone)
  }

  /// `3 Mar 2026` in `timeZone`: a day that may be in another year.
  public static func dayMonthYear(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "d MMM yyyy", timeZone)
  }

  /// `Monday 30 November` in `timeZone`: the heading of a day in `upcoming`.
  public static func day(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "EEEE d MMMM", timeZone)
  }

  /// `21:00` in `timeZone`.
  public static func time(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "HH:mm", timeZone)
  }

  /// `2015-09-10 22:00` in `timeZone`.
  public static func dateAndTime(_ date: Date, in timeZone: TimeZone = .current) -> String {
    format(date, "yyyy-MM-dd HH:mm", timeZone)
  }

  /// How far `date` is from `now` in calendar days of `timeZone`: `today`, `tomorrow`,
  /// `in 7 days`, `yesterday`, `3 days ago`.
  public static func relative(_ date: Date, from now: Date, in timeZone: TimeZone = .current)
    -> String
  {
    let days = calendarDays(from: now, to: date, in: timeZone)
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case let days where days > 1: return "in \(days) days"
    default: return "\(-days) days ago"
    }
  }

  /// Calendar days between the local dates of `start` and `end`.
  public static func calendarDays(from start: Date, to end: Date, in timeZone: TimeZone) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let from = calendar.startOfDay(for: start)
    let to = calendar.startOfDay(for: end)
    return calendar.dateComponents([.day], from: from, to: to).day ?? 0
  }

  private static func format(_ date: Date, _ pattern: String, _ timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = pattern
    return formatter.string(from: date)
  }
}

/// The forms TVmaze writes, read without a formatter (a formatter costs more than the rest of
/// /upnext at 25,000 episodes): `2013-06-25T03:00:00+00:00`, `…Z`, and `2013-06-24`. Anything
/// else (fractional seconds, a day that does not exist) is left to the formatters.
enum FastStamp {
  static func parse(_ stamp: String) -> Date? {
    var utf8 = stamp.utf8.makeIterator()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(25)
    while let byte = utf8.next() {
      bytes.append(byte)
      if bytes.count > 25 { return nil }
    }
    guard bytes.count == 20 || bytes.count == 25, bytes[10] == UInt8(ascii: "T"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let day = days(bytes), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
      let second = number(bytes, 17, 2), hour < 24, minute < 60, second < 60
    else { return nil }
    var offset = 0
    if bytes.count == 20 {
      guard bytes[19] == UInt8(ascii: "Z") else { return nil }
    } else {
      guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"),
        bytes[22] == UInt8(ascii: ":"), let hours = number(bytes, 20, 2),
        let minutes = number(bytes, 23, 2), hours < 24, minutes < 60
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
    }
    let seconds = day * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  static func parseDay(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, let day = days(bytes) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(day * 86_400))
  }

  /// Days from 1970-01-01 to the `YYYY-MM-DD` at the start of `bytes` (a proleptic Gregorian
  /// date; nil for one that does not exist, such as 2013-02-30).
  private static func days(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
      let day = number(bytes, 8, 2)
    else { return nil }
    return CivilDay.daysSince1970(year: year, month: month, day: day)
  }

  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let byte = bytes[index]
      guard byte >= 48 && byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }
}
