/// Which shows fit a child: those TVmaze files under the genre `Children` or `Family`. It is
/// TVmaze's genres, not a content rating: a show for children that TVmaze files only under
/// `Animation` or `Comedy` does not fit, and nothing says a `Family` show suits every age.
public enum ChildrensShows {
  /// The genres that make a show fit a child.
  public static let genres = ["Children", "Family"]

  /// Whether a show with these genres fits a child (genres compared without case).
  public static func fit(_ genres: some Sequence<String>) -> Bool {
    genres.contains { genre in
      var genre = genre
      return genre.withUTF8(isChildrensGenre)
    }
  }

  /// The same for genres joined by ", " (the show store's column).
  public static func fit(joined genres: String) -> Bool {
    var genres = genres
    return genres.withUTF8(fit(joinedUTF8:))
  }

  /// The same for the UTF-8 bytes of genres joined by ", ", without making a string (a listing
  /// of 85,000 shows marks each from the store's bytes).
  public static func fit(joinedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
      var first = start
      while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
      if isChildrensGenre(UnsafeBufferPointer(rebasing: bytes[first..<end])) { return true }
      start = end + 1
    }
    return false
  }

  private static let folded = genres.map { Array($0.lowercased().utf8) }

  /// Whether `genre` is one of `genres`, ASCII letters compared without case (plain loops:
  /// it runs once a show when 85,000 are listed).
  private static func isChildrensGenre(_ genre: UnsafeBufferPointer<UInt8>) -> Bool {
    for name in folded where name.count == genre.count {
      var index = 0
      while index < name.count {
        let byte = genre[index]
        let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        guard lower == name[index] else { break }
        index += 1
      }
      if index == name.count { return true }
    }
    return false
  }
}
