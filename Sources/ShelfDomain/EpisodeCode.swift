/// An episode's code as people type and read it: `S01E03`, `S1E3`, `s2012e05`; or part of
/// one: `S1` (a season), `E3` (an episode of the season you are in).
public struct EpisodeCode: Hashable, Sendable, CustomStringConvertible {
  public var season: Int?
  public var number: Int?

  public init(season: Int?, number: Int?) {
    self.season = season
    self.number = number
  }

  /// Parses `S01E03`, `S1`, `E3` (case-insensitive); nil for anything else.
  public init?(parsing text: String) {
    let upper = Array(text.uppercased())
    var index = 0
    func digits() -> Int? {
      let start = index
      while index < upper.count, upper[index].isASCII, upper[index].isNumber { index += 1 }
      guard index > start, index - start <= 6 else { return nil }
      return Int(String(upper[start..<index]))
    }
    var season: Int?
    var number: Int?
    if index < upper.count, upper[index] == "S" {
      index += 1
      guard let value = digits() else { return nil }
      season = value
    }
    if index < upper.count, upper[index] == "E" {
      index += 1
      guard let value = digits() else { return nil }
      number = value
    }
    guard index == upper.count, season != nil || number != nil else { return nil }
    self.season = season
    self.number = number
  }

  public var description: String {
    var text = ""
    if let season { text += "S" + Self.pad(season) }
    if let number {
      text += "E" + Self.pad(number)
    } else if season != nil {
      text += " special"
    }
    return text
  }

  /// The season alone, as a path segment: `S1`, `S2012`.
  public static func seasonSegment(_ season: Int) -> String { "S\(season)" }

  private static func pad(_ value: Int) -> String {
    value < 10 && value >= 0 ? "0\(value)" : String(value)
  }
}
