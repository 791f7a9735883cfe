import Foundation

/// A moment as an export writes it, whatever the encoder: ISO 8601 text to the second
/// (`WatchTime`), left out when there is none; read from that text or from a property list's
/// date. A member's time is declared `@ExportTime var changedAt: Date?`, and its synthesized
/// coding does the rest.
@propertyWrapper
public struct ExportTime: Codable, Hashable, Sendable {
  public var wrappedValue: Date?

  public init(wrappedValue: Date?) {
    self.wrappedValue = wrappedValue
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      wrappedValue = nil
    } else if let text = try? container.decode(String.self) {
      wrappedValue = WatchTime.parse(text)
    } else {
      wrappedValue = try? container.decode(Date.self)
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue {
      try container.encode(WatchTime.format(wrappedValue))
    } else {
      try container.encodeNil()
    }
  }
}

extension KeyedDecodingContainer {
  /// An absent time is none (synthesized decoding asks for the key).
  public func decode(_ type: ExportTime.Type, forKey key: Key) throws -> ExportTime {
    try decodeIfPresent(type, forKey: key) ?? ExportTime(wrappedValue: nil)
  }

  /// A time as text (an export) or a date (a property list); nil when absent or not a time.
  func decodeTime(forKey key: Key) -> Date? {
    (try? decode(ExportTime.self, forKey: key))?.wrappedValue
  }
}

extension KeyedEncodingContainer {
  /// No time, no key (synthesized encoding would write `null`).
  public mutating func encode(_ value: ExportTime, forKey key: Key) throws {
    if let date = value.wrappedValue { try encode(WatchTime.format(date), forKey: key) }
  }

  mutating func encodeTime(_ date: Date?, forKey key: Key) throws {
    try encode(ExportTime(wrappedValue: date), forKey: key)
  }
}

/// The moment a change is recorded at: whole seconds, as an export writes it, so that a time
/// read back from an export is the time that was saved.
enum ChangeTime {
  static func of(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }
}
