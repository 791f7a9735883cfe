import ShelfDomain

/// One page of TVmaze's show index as the show store takes it: the shows that decoded and the
/// number of entries skipped for lacking a required field.
public struct ShowPage: Sendable, Equatable {
  public var shows: [Show]
  public var skipped: Int

  public init(shows: [Show], skipped: Int = 0) {
    self.shows = shows
    self.skipped = skipped
  }
}

/// An entry of a page that is kept when it decodes as a show and skipped (nil) otherwise.
struct LenientShow: Decodable {
  let show: Show?

  init(from decoder: Decoder) throws {
    show = try? Show(from: decoder)
  }
}

/// The windows of `GET /updates/shows?since=`.
public enum UpdateWindow: String, Sendable, CaseIterable {
  case day, week, month

  /// Seconds the window covers.
  public var seconds: Double {
    switch self {
    case .day: 86_400
    case .week: 7 * 86_400
    case .month: 30 * 86_400
    }
  }

  /// The smallest window that covers `age` seconds, or nil when even a month is too short.
  public static func covering(_ age: Double) -> UpdateWindow? {
    allCases.first { age <= $0.seconds }
  }
}

/// A show answered with `embed=episodes`: the show, and its episodes under `_embedded`.
struct EmbeddedEpisodes: Decodable {
  let value: TVMazeClient.ShowAndEpisodes

  private enum Keys: String, CodingKey { case embedded = "_embedded" }
  private enum EmbeddedKeys: String, CodingKey { case episodes }

  init(from decoder: Decoder) throws {
    let show = try Show(from: decoder)
    let embedded = try decoder.container(keyedBy: Keys.self)
      .nestedContainer(keyedBy: EmbeddedKeys.self, forKey: .embedded)
    value = TVMazeClient.ShowAndEpisodes(
      show: show, episodes: try embedded.decode([Episode].self, forKey: .episodes))
  }
}
