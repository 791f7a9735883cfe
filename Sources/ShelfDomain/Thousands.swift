/// Numbers for people: thousands separated by commas (never in JSON).
public enum Thousands {
  /// `1234567` → `"1,234,567"`: thousands separated for people.
  public static func grouped<Number: BinaryInteger>(_ value: Number) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}
