import ShelfDomain
import ShelfStore

/// A TV show as `--json` shows it.
struct ShowItemRow: Encodable, Sendable {
  let kind = "show"
  let id: Int
  let name: String
  let rating: Double?
  let genres: [String]
  let status: String?
  let premiered: String?
  let ended: String?
  let network: String?
  let schedule: String?
  let runtime: Int?
  let officialSite: String?
  let imdb: String?
  let imdbURL: String?
  let image: String?
  let poster: String?
  let summary: String?
  let favorite: Bool
  /// Where the viewer stands with it (`watching`, `plan`…); nil for a show not tracked.
  let tracking: String?
  /// The viewer's rating (`rate`), 1–10.
  let myRating: Int?
  /// Whether it fits the child in question (`ChildrensShows`); absent when no child is.
  let fits: Bool?

  init(
    _ show: Show, favorite: Bool, summaryText: String?, tracking: TrackingStatus? = nil,
    myRating: Int? = nil, fits: Bool? = nil
  ) {
    id = show.id
    name = show.name
    rating = show.rating?.average
    genres = show.genres ?? []
    status = show.status
    premiered = show.premiered
    ended = show.ended
    network = show.network?.name ?? show.webChannel?.name
    schedule = ShowFacts.schedule(of: show)
    runtime = show.runtime ?? show.averageRuntime
    officialSite = show.officialSite
    imdb = show.imdbID
    imdbURL = show.imdbURL
    image = show.image?.medium
    poster = show.image?.original
    summary = summaryText
    self.favorite = favorite
    self.tracking = tracking?.rawValue
    self.myRating = myRating
    self.fits = fits
  }

  var ratingText: String { rating.map { String(format: "%.1f", $0) } ?? "–" }
  var genresText: String { genres.joined(separator: ", ") }
}

/// Facts about a show phrased for people.
enum ShowFacts {
  static func schedule(of show: Show) -> String? {
    let days = show.schedule?.days ?? []
    let time = show.schedule?.time ?? ""
    if days.isEmpty && time.isEmpty { return nil }
    return ([days.joined(separator: ", ")] + (time.isEmpty ? [] : ["at \(time)"]))
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  static func years(of show: Show) -> String? {
    guard let premiered = show.premiered else { return nil }
    if let ended = show.ended { return "\(premiered) – \(ended)" }
    return show.status == "Ended" ? premiered : "\(premiered) –"
  }
}
