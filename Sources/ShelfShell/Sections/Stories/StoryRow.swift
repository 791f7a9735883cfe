import ShelfDomain
import ShelfSearch

/// A story: its row in lists and, as it is, the JSON of its details.
struct StoryRow: Encodable, Sendable {
  let kind = "story"
  let id: Int
  /// The title, also under `name` like every other item.
  let name: String
  let title: String
  let minAge: Int
  let maxAge: Int
  let author: String
  let words: Int
  let readingMinutes: Int
  let favorite: Bool
  /// Read by the active profile (`read` marks it once its page was shown).
  let read: Bool
  /// Whether the child in question is within its ages (absent when no child is).
  let fits: Bool?

  init(_ story: Story, favorite: Bool, read: Bool = false, fits: Bool? = nil) {
    id = story.id
    name = story.title
    title = story.title
    minAge = story.ages.minimum
    maxAge = story.ages.maximum
    author = story.author
    words = story.words
    readingMinutes = story.readingMinutes
    self.favorite = favorite
    self.read = read
    self.fits = fits
  }

  var ages: String { "\(minAge)-\(maxAge)" }
  var ageRange: AgeRange? { AgeRange(minimum: minAge, maximum: maxAge) }

}

extension StoryRow: ListedRow {
  static let list = ListDeclaration<StoryRow>(
    unit: "stories",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Title", keys: ["title"], flexible: true) { StyledText($0.title) },
      ListColumn("Ages", keys: ["minAge", "maxAge"]) { StyledText($0.ages) },
      ListColumn("Author", keys: ["author"]) { StyledText($0.author) },
      ListColumn("Reading", keys: ["readingMinutes"], .right) {
        StyledText("\($0.readingMinutes) min")
      },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
      ListColumn("", keys: ["read"]) { $0.read ? StyledText("✓", .accent) : StyledText("") },
      ListColumn("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.fits) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.title) }, .by("age") { $0.ageRange },
      .by("reading") { $0.readingMinutes }, .by("id") { $0.id },
    ],
    filters: [.age: ListFilters.ages(\.ageRange), .fits: ListFilters.ages(\.ageRange)],
    name: \.title)
}
