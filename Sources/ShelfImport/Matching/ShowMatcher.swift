import Foundation
import ShelfDomain
import ShelfTV

/// Finds an export's show on TVmaze, every request paced by the client: by its TVmaze id,
/// else its TheTVDB or IMDb id (`/lookup/shows`, a 301 to the show, fetched with its episodes)
/// where it has one; by its
/// title (`/search/shows`) where it has none, taking a show only when exactly one has that
/// title (folded as `TitleKey` does) and, when the export gives them, that year and country.
/// Anything else is not found, with the shows that came closest.
public struct ShowMatcher: Sendable {
  /// A show TVmaze offered: its name, first year and id.
  public struct Candidate: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var year: Int?
    public var id: Int

    init(_ show: Show) {
      name = show.name
      year = show.premiered.flatMap { Int($0.prefix(4)) }
      id = show.id
    }

    /// `The Office (2005, show:526)`.
    public var description: String {
      "\(name) (\(year.map { "\($0), " } ?? "")show:\(id))"
    }
  }

  /// Why a show was not found.
  public enum NotFound: Sendable, Equatable, CustomStringConvertible {
    /// TVmaze knows none of the ids the export gives.
    case unknownIDs([String])
    /// No show has that title (the closest are listed).
    case noTitleMatch([Candidate])
    /// Several shows have that title (and year): which one is not told.
    case ambiguous([Candidate])

    public var description: String {
      switch self {
      case .unknownIDs(let ids): "TVmaze knows no show by \(ids.joined(separator: " or "))"
      case .noTitleMatch(let closest):
        closest.isEmpty
          ? "TVmaze has no show of that title"
          : "no show of that title; closest: " + closest.map(\.description).joined(separator: ", ")
      case .ambiguous(let shows):
        "\(shows.count) shows have that title: " + shows.map(\.description).joined(separator: ", ")
      }
    }

    /// The shows to list with it.
    public var candidates: [Candidate] {
      switch self {
      case .unknownIDs: []
      case .noTitleMatch(let shows), .ambiguous(let shows): shows
      }
    }
  }

  public enum Outcome: Sendable {
    /// The show, with its episodes when they came with it (a lookup by id fetches the show
    /// with its episodes embedded; a search does not).
    case found(Show, episodes: [Episode]?)
    case notFound(NotFound)
  }

  /// How many shows a not-found title lists.
  static let listed = 5

  public let client: TVMazeClient

  public init(client: TVMazeClient) {
    self.client = client
  }

  /// The show `reference` names; throws the client's errors (the network, TVmaze failing).
  public func match(_ reference: ShowReference) throws -> Outcome {
    if let id = reference.tvmaze {
      do {
        let found = try client.showWithEpisodes(id: id)
        return .found(found.show, episodes: found.episodes)
      } catch let error as TVMazeError where error.kind == .httpStatus(404) {
        if reference.thetvdb == nil && reference.imdb == nil {
          return .notFound(.unknownIDs(["show:\(id)"]))
        }
      }
    }
    var tried: [String] = []
    if let thetvdb = reference.thetvdb {
      if let found = try client.lookupShowWithEpisodes(.thetvdb(thetvdb)) {
        return .found(found.show, episodes: found.episodes)
      }
      tried.append("TheTVDB id \(thetvdb)")
    }
    if let imdb = reference.imdb {
      if let found = try client.lookupShowWithEpisodes(.imdb(imdb)) {
        return .found(found.show, episodes: found.episodes)
      }
      tried.append("IMDb id \(imdb)")
    }
    if !tried.isEmpty || reference.tvmaze != nil {
      return .notFound(.unknownIDs(tried))
    }
    return Self.pick(try client.searchShows(reference.title).map(\.show), for: reference)
  }

  /// The one show of `results` with the reference's title (and year and country, when it
  /// gives them), or why there is none.
  static func pick(_ results: [Show], for reference: ShowReference) -> Outcome {
    let title = TitleKey(reference.title)
    var named = results.filter { TitleKey($0.name) == title }
    if named.isEmpty {
      return .notFound(.noTitleMatch(results.prefix(listed).map(Candidate.init)))
    }
    if let country = reference.country {
      let inCountry = named.filter { show in
        [show.network?.country?.code, show.webChannel?.country?.code].contains(country)
      }
      if !inCountry.isEmpty { named = inCountry }
    }
    if let year = reference.year {
      let ofYear = named.filter { Candidate($0).year == year }
      guard !ofYear.isEmpty else {
        return .notFound(.noTitleMatch(named.prefix(listed).map(Candidate.init)))
      }
      named = ofYear
    }
    guard named.count == 1, let show = named.first else {
      return .notFound(.ambiguous(named.prefix(listed).map(Candidate.init)))
    }
    return .found(show, episodes: nil)
  }
}
