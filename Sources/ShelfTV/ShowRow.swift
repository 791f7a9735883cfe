/// A show as listings and completion need it, read from the store's columns without decoding
/// the show's JSON.
public struct ShowRow: Hashable, Sendable {
  public var id: Int
  public var name: String
  public var rating: Double?
  /// The genres joined by ", ".
  public var genres: String

  public init(id: Int, name: String, rating: Double? = nil, genres: String = "") {
    self.id = id
    self.name = name
    self.rating = rating
    self.genres = genres
  }
}

extension ShowRow: Identifiable {}

/// What a listing of the show store asks for: an order, filters and at most how many rows.
public struct ShowListQuery: Hashable, Sendable {
  public enum Order: String, CaseIterable, Sendable { case name, rating, premiered, id }

  public var order: Order
  public var limit: Int?
  /// A genre the show has (case-insensitive, whole genre).
  public var genre: String?
  /// Only the shows TVmaze files for children (`ChildrensShows`: `--fits`).
  public var fitsChildren = false
  /// TVmaze's status (Running, Ended…), case-insensitive.
  public var status: String?
  public var language: String?
  public var rating: ClosedRange<Double>?

  public init(
    order: Order = .id, limit: Int? = nil, genre: String? = nil, status: String? = nil,
    language: String? = nil, rating: ClosedRange<Double>? = nil, fitsChildren: Bool = false
  ) {
    self.order = order
    self.limit = limit
    self.genre = genre
    self.fitsChildren = fitsChildren
    self.status = status
    self.language = language
    self.rating = rating
  }
}

/// How wide a show list's columns must be to hold every row of the store.
public struct ShowListWidths: Hashable, Sendable {
  public let largestID: Int
  public let name: Int
  public let genres: Int

  public init(largestID: Int, name: Int, genres: Int) {
    self.largestID = largestID
    self.name = name
    self.genres = genres
  }
}
