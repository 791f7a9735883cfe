import Foundation
import ShelfTerminal

/// An iCalendar document (RFC 5545) of episodes: one VEVENT each, with a UID made from the
/// TVmaze episode id (the same event in every export, so a calendar that subscribes updates
/// it rather than adding it again), DTSTART and DTEND in UTC from the airstamp and the runtime
/// (an all-day event on the airdate when there is no air time), SUMMARY "Show · S02E05 Name"
/// (`S02E05 · name hidden` in spoiler-safe mode) and the episode's TVmaze page as URL. Lines
/// end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence.
struct CalendarDocument {
  /// One episode in the calendar.
  struct Event {
    let episodeID: Int
    let show: String
    /// `S02E05 Name`, or `S02E05 · name hidden`.
    let episode: String
    let timing: Timing
  }

  /// When an event is: a time span, or a whole day.
  enum Timing {
    case span(start: Date, end: Date)
    /// The day (`2026-11-30`, the airdate) and the day after it.
    case allDay(day: Date)
  }

  let events: [Event]
  /// DTSTAMP: when the document was made.
  let stamp: Date

  static let productID = "-//shelf//TV episodes//EN"
  /// The longest line, in octets, before the CRLF.
  static let lineLimit = 75

  var text: String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(Self.productID)", "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH", "X-WR-CALNAME:\(Self.escaped("shelf: upcoming episodes"))",
    ]
    for event in events {
      lines.append("BEGIN:VEVENT")
      lines.append("UID:tvmaze-episode-\(event.episodeID)")
      lines.append("DTSTAMP:\(Self.utc(stamp))")
      switch event.timing {
      case .span(let start, let end):
        lines.append("DTSTART:\(Self.utc(start))")
        lines.append("DTEND:\(Self.utc(end))")
      case .allDay(let day):
        lines.append("DTSTART;VALUE=DATE:\(Self.date(day))")
        lines.append("DTEND;VALUE=DATE:\(Self.date(day.addingTimeInterval(86_400)))")
        lines.append("TRANSP:TRANSPARENT")
      }
      lines.append("SUMMARY:\(Self.escaped("\(event.show) · \(event.episode)"))")
      lines.append("URL:https://www.tvmaze.com/episodes/\(event.episodeID)")
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map { Self.folded($0) + "\r\n" }.joined()
  }

  /// TEXT as RFC 5545 §3.3.11 writes it: backslash, semicolon, comma and line ends escaped;
  /// control characters (from the network) removed first.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in TerminalText.sanitize(text) {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n", "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// A content line folded as §3.1 asks: at most 75 octets a line, each continuation starting
  /// with one space; a UTF-8 sequence is never cut.
  static func folded(_ line: String) -> String {
    guard line.utf8.count > lineLimit else { return line }
    var result = ""
    var used = 0
    var limit = lineLimit
    for scalar in line.unicodeScalars {
      let size = String(scalar).utf8.count
      if used + size > limit {
        result += "\r\n "
        used = 0
        limit = lineLimit - 1  // the space counts
      }
      result.unicodeScalars.append(scalar)
      used += size
    }
    return result
  }

  /// `20261130T210000Z`.
  static func utc(_ date: Date) -> String {
    formatted(date, "yyyyMMdd'T'HHmmss'Z'")
  }

  /// `20261130`.
  static func date(_ day: Date) -> String {
    formatted(day, "yyyyMMdd")
  }

  private static func formatted(_ date: Date, _ pattern: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = pattern
    return formatter.string(from: date)
  }
}
