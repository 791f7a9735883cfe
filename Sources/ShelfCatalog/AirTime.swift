import Foundation

/// Dates and times of episodes, read from TVmaze's formats and shown in the local time zone
/// (which honours `TZ`).
public enum AirTime {
  /// `2013-06-25T03:00:00+00:00` (also with fractional seconds or `Z`).
  public static func parse(_ stamp: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: stamp) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: stamp)
  }

  /// `2013-06-24` as midnight UTC.
  public static func parseDay(_ day: String) -> Date? {
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
