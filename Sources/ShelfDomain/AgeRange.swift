/// An inclusive range of ages in whole years, written `3-5`.
public struct AgeRange: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let minimum: Int
  public let maximum: Int

  public static let maximumAge = 99

  public init?(minimum: Int, maximum: Int) {
    guard minimum >= 0, minimum <= maximum, maximum <= AgeRange.maximumAge else { return nil }
    self.minimum = minimum
    self.maximum = maximum
  }

  /// A range already checked (read back from a loaded catalog's columns).
  public init(checkedMinimum minimum: Int, maximum: Int) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Parses `3-5`, `3–5` (en dash) or a single age `4` (meaning 4-4).
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
    let numbers = parts.map { part in
      part.allSatisfy({ $0.isASCII && $0.isNumber }) && !part.isEmpty && part.count <= 3
        ? Int(part) : nil
    }
    switch numbers.count {
    case 1:
      guard let age = numbers[0] else { return nil }
      self.init(minimum: age, maximum: age)
    case 2:
      guard let low = numbers[0], let high = numbers[1] else { return nil }
      self.init(minimum: low, maximum: high)
    default:
      return nil
    }
  }

  /// True when the two ranges share at least one age.
  public func overlaps(_ other: AgeRange) -> Bool {
    minimum <= other.maximum && other.minimum <= maximum
  }

  public var description: String { "\(minimum)-\(maximum)" }

  public static func < (left: AgeRange, right: AgeRange) -> Bool {
    (left.minimum, left.maximum) < (right.minimum, right.maximum)
  }
}
