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
