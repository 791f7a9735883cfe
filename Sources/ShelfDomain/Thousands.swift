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

  /// `1 item`, `2 items`, `1,234 stories`: a count and its noun agreeing in number, the one
  /// way every message and heading counts.
  public static func counted(_ count: Int, _ plural: String) -> String {
    "\(grouped(count)) \(noun(plural, count: count))"
  }

  /// `toys` as a count needs it: `1 toy`, `2 toys`, `1 story`, `1 person`, `1 match`.
  public static func noun(_ plural: String, count: Int) -> String {
    guard count == 1 else { return plural }
    if plural == "people" { return "person" }
    if plural.hasSuffix("ies") { return plural.dropLast(3) + "y" }
    if ["shes", "ches", "xes", "sses"].contains(where: plural.hasSuffix) {
      return String(plural.dropLast(2))
    }
    return plural.hasSuffix("s") ? String(plural.dropLast()) : plural
  }
}
