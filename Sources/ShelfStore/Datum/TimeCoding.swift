import Foundation

/// Times in an export: ISO 8601 text to the second (`WatchTime`), whatever the encoder.
extension KeyedEncodingContainer {
  mutating func encodeTime(_ date: Date?, forKey key: Key) throws {
    try encodeIfPresent(date.map(WatchTime.format), forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// A time as text (an export) or a date (a property list); nil when absent or not a time.
  func decodeTime(forKey key: Key) -> Date? {
    if let text = try? decodeIfPresent(String.self, forKey: key) { return WatchTime.parse(text) }
    return try? decodeIfPresent(Date.self, forKey: key)
  }
}

/// The moment a change is recorded at: whole seconds, as an export writes it, so that a time
/// read back from an export is the time that was saved.
enum ChangeTime {
  static func of(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }
}
