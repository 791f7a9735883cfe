import Foundation

/// How large the scale tests' fixtures are: small by default, so that `swift test` stays
/// quick, and at the real size when `SHELF_SCALE_SHOWS` and `SHELF_SCALE_MARKS` say so. CI runs
/// the scale tests again by name at the real size (`.ci/run`: `SHELF_SCALE_SHOWS=85000`,
/// `SHELF_SCALE_MARKS=60000`).
public struct ScaleSettings: Sendable {
  public static let defaultShows = 3_000
  public static let defaultMarks = 5_000

  /// How many shows a store made for a scale test holds.
  public let shows: Int
  /// How many watched marks an export made for a scale test carries.
  public let marks: Int

  public init(shows: Int, marks: Int = defaultMarks) {
    self.shows = shows
    self.marks = marks
  }

  /// The settings from the environment; a variable that is not a number, or below 1,000, is
  /// ignored.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ScaleSettings {
    func count(_ name: String) -> Int? {
      environment[name].flatMap { Int($0) }.flatMap { $0 >= 1_000 ? $0 : nil }
    }
    return ScaleSettings(
      shows: count("SHELF_SCALE_SHOWS") ?? defaultShows,
      marks: count("SHELF_SCALE_MARKS") ?? defaultMarks)
  }
}
