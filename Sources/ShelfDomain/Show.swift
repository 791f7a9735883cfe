/// A TV show as the TVmaze API describes it. Every field but `id` and `name` may be absent
/// or null: captures from 2016 lack several fields that later ones have, and the decoder
/// accepts both. The same type decodes the shipped snapshot, the live API and the data saved
/// with a favourite.
public struct Show: Hashable, Sendable, Codable {
  public struct Schedule: Hashable, Sendable, Codable {
    public var time: String?
    public var days: [String]?

    public init(time: String?, days: [String]?) {
      self.time = time
      self.days = days
    }
  }

  public struct Rating: Hashable, Sendable, Codable {
    public var average: Double?

    public init(average: Double?) {
      self.average = average
    }
  }

  public struct Country: Hashable, Sendable, Codable {
    public var name: String?
    public var code: String?

    public init(name: String?, code: String?) {
      self.name = name
      self.code = code
    }
  }

  public struct Channel: Hashable, Sendable, Codable {
    public var id: Int?
    public var name: String?
    public var country: Country?

    public init(id: Int?, name: String?, country: Country?) {
      self.id = id
      self.name = name
      self.country = country
    }
  }

  public struct Externals: Hashable, Sendable, Codable {
    public var imdb: String?
    /// TheTVDB's id (kept with a favourite; the show store keeps only the IMDb id).
    public var thetvdb: Int?

    public init(imdb: String?, thetvdb: Int? = nil) {
      self.imdb = imdb
      self.thetvdb = thetvdb
    }
  }

  public struct Images: Hashable, Sendable, Codable {
    public var medium: String?
    public var original: String?

    public init(medium: String?, original: String?) {
      self.medium = medium
      self.original = original
    }
  }

  public var id: Int
  public var name: String
  public var url: String?
  public var type: String?
  public var language: String?
  public var genres: [String]?
  public var status: String?
  public var runtime: Int?
  public var averageRuntime: Int?
  public var premiered: String?
  public var ended: String?
  public var officialSite: String?
  public var schedule: Schedule?
  public var rating: Rating?
  public var network: Channel?
  public var webChannel: Channel?
  public var externals: Externals?
  public var image: Images?
  public var summary: String?
  public var updated: Int?

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  /// The IMDb id when it is well formed (`tt` and digits); anything else is treated as absent.
  public var imdbID: String? {
    guard let imdb = externals?.imdb, imdb.count > 2, imdb.hasPrefix("tt"),
      imdb.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return imdb
  }

  public var imdbURL: String? {
    imdbID.map { "https://www.imdb.com/title/\($0)" }
  }
}

/// The result rows of `GET /search/shows?q=`.
public struct ShowSearchResult: Hashable, Sendable, Codable {
  public var score: Double?
  public var show: Show
}

extension Show: Identifiable {}
