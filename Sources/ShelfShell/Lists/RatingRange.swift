import ShelfCatalog
import ShelfDomain

/// A rating window, `7` (7 and above) or `7-9`, on TVmaze's scale of 0 to 10.
public struct RatingRange: Hashable, Sendable, CustomStringConvertible {
  public let minimum: Double
  public let maximum: Double

  /// Parses `MIN` or `MIN-MAX`, each from 0 to 10 with at most one decimal; nil otherwise.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard (1...2).contains(parts.count), let low = Self.number(parts[0]) else { return nil }
    let high = parts.count == 2 ? Self.number(parts[1]) : 10
    guard let high, low <= high else { return nil }
    minimum = low
    maximum = high
  }

  private static func number(_ text: String) -> Double? {
    guard !text.isEmpty, text.count <= 4,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text),
      (0...10).contains(value)
    else { return nil }
    return value
  }

  public func contains(_ rating: Double) -> Bool { minimum <= rating && rating <= maximum }

  public var description: String {
    maximum == 10
      ? "\(Self.format(minimum)) and above" : "\(Self.format(minimum))-\(Self.format(maximum))"
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
