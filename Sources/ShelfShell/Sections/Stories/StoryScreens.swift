import ShelfDomain

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

/// A story's page (`open 7`): its facts; its row in JSON (`read` shows the story itself).
struct StoryScreen: Screen {
  let story: StoryRow

  func encode(to encoder: Encoder) throws { try story.encode(to: encoder) }

  var blocks: [Block] {
    [
      DetailsLayout.title(story.title, favorite: story.favorite),
      DetailsLayout.fact("Ages", story.ages), DetailsLayout.fact("Author", story.author),
      DetailsLayout.fact(
        "Length", "\(story.words) words, about \(story.readingMinutes) min to read aloud"),
      DetailsLayout.fact("Favorite", story.favorite ? "yes" : "no"),
      DetailsLayout.fact("Read", story.read ? "yes ✓" : "no"), .blank,
      .text(StyledText("\"read\" shows the story.", .dim)),
    ]
  }
}

/// `read`: a story's page as formatted text; JSON has its plain text.
struct StoryPageScreen: Screen {
  let id: Int
  let title: String
  let text: String
  /// The page's paragraphs with their emphasis.
  let paragraphs: [HTMLText.Paragraph]

  private enum CodingKeys: String, CodingKey { case id, title, text }

  var blocks: [Block] {
    var blocks: [Block] = []
    for paragraph in paragraphs {
      switch paragraph.kind {
      case .title:
        blocks.append(.text(StyledText(paragraph.text.plainText, .heading)))
      case .heading:
        blocks += [.blank, .text(StyledText(paragraph.text.plainText, .heading))]
      case .item:
        blocks.append(.paragraph(StyledText("  • ") + paragraph.text))
      case .paragraph:
        blocks += [.paragraph(paragraph.text), .blank]
      case .line:
        blocks.append(.paragraph(paragraph.text))
      }
    }
    return blocks
  }
}
