import ShelfDomain

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
