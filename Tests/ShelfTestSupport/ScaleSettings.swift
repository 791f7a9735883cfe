import Foundation

/// How large the scale tests' fixtures are: small by default, so that `swift test` stays
/// quick, and at the real size when `SHELF_SCALE_SHOWS` says so. CI runs the scale tests again
/// by name at TVmaze's size (`.ci/run`: `SHELF_SCALE_SHOWS=85000`).
public struct ScaleSettings: Sendable {
  public static let defaultShows = 3_000

  /// How many shows a store made for a scale test holds.
  public let shows: Int

  public init(shows: Int) {
    self.shows = shows
  }

  /// The settings from the environment; a variable that is not a number, or below 1,000, is
  /// ignored.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ScaleSettings {
    ScaleSettings(
      shows: environment["SHELF_SCALE_SHOWS"].flatMap { Int($0) }.flatMap { $0 >= 1_000 ? $0 : nil }
        ?? defaultShows)
  }
}
