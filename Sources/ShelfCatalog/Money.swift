/// An exact amount of money in hundredths (cents). Prices are parsed from and printed as
/// decimal strings such as `"12.99"`; no floating point is involved anywhere.
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let cents: Int64

  public init(cents: Int64) {
    self.cents = cents
  }

  /// Parses `"12"`, `"12.9"` or `"12.99"`. Negative amounts and more than two decimals are
  /// rejected, since a catalog price is never either.
  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2,
      let whole = parts.first, !whole.isEmpty, whole.count <= 12,
      whole.allSatisfy({ $0.isASCII && $0.isNumber }),
      let units = Int64(whole)
    else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int64(digits)
      else { return nil }
      fraction = digits.count == 1 ? value * 10 : value
    }
    self.cents = units * 100 + fraction
  }

  public static let zero = Money(cents: 0)

  public static func + (left: Money, right: Money) -> Money {
    Money(cents: left.cents + right.cents)
  }

  public static func * (amount: Money, quantity: Int) -> Money {
    Money(cents: amount.cents * Int64(quantity))
  }

  public static func < (left: Money, right: Money) -> Bool {
    left.cents < right.cents
  }

  /// `"12.99"`: the exact decimal string used in JSON and in plain output.
  public var description: String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `"$12.99"`, `"$1,299.00"`: how a price is shown on a screen (JSON has `description`,
  /// without separators).
  public var formatted: String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(sign)$\(Thousands.grouped(magnitude / 100)).\(fraction < 10 ? "0" : "")\(fraction)"
  }

}

extension Money: Codable {
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let money = Money(parsing: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not an exact amount: \(text)")
    }
    self = money
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension Sequence where Element == Money {
  public func sum() -> Money {
    reduce(.zero, +)
  }
}
