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
    self.init(utf8: text.utf8)
  }

  /// Parses a price from its UTF-8 bytes (a catalog of 1,000,000 toys parses 1,000,000
  /// prices straight from the file's text), as `init(parsing:)` does.
  public init?<Bytes: Sequence<UInt8>>(utf8 bytes: Bytes) {
    var units: Int64 = 0
    var fraction: Int64 = 0
    var wholeDigits = 0
    var fractionDigits = 0
    var sawPoint = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int64(byte - UInt8(ascii: "0"))
        if sawPoint {
          fractionDigits += 1
          guard fractionDigits <= 2 else { return nil }
          fraction = fraction * 10 + digit
        } else {
          wholeDigits += 1
          guard wholeDigits <= 12 else { return nil }
          units = units * 10 + digit
        }
      case UInt8(ascii: "."):
        guard !sawPoint else { return nil }
        sawPoint = true
      default:
        return nil
      }
    }
    guard wholeDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
    if fractionDigits == 1 { fraction *= 10 }
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
