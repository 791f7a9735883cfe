import Foundation
import ShelfDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moments as the user's files write them: ISO 8601 in UTC to the second
/// (`2024-05-01T20:00:00Z`), as property lists write dates. Formatting is done by hand, since a
/// lifetime of watched marks is tens of thousands of them.
public enum WatchTime {
  /// `2024-05-01T20:00:00Z`.
  public static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = Int(parts.tm_year) + 1900
    let yearText =
      year >= 0 && year < 1000
      ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
    return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
      + "\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// ISO 8601 with a `Z` or an offset, with or without fractional seconds
  /// (`2024-05-01T20:00:00.000Z`, as Trakt writes them); nil for anything else.
  public static func parse(_ text: String) -> Date? {
    // The usual forms without a formatter (10,000 of them in a Trakt export): a fraction of a
    // second is dropped, times are kept to the second.
    if let dot = text.firstIndex(of: "."), text.hasSuffix("Z"), text.utf8.count <= 30,
      text[text.index(after: dot)..<text.index(before: text.endIndex)].allSatisfy({
        $0.isASCII && $0.isNumber
      }),
      let date = AirTime.parse(String(text[..<dot]) + "Z")
    {
      return date
    }
    if let date = AirTime.parse(text) { return date }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }
}
