import Foundation
import ShelfDomain
import ShelfStore
import ShelfTV
import ShelfTerminal

/// `/shows/1`: a show's details.
struct ShowDetailsScreen: Screen {
  let row: ShowItemRow
  let show: Show
  let posterFiles: [String: URL]
  /// Next and previous episode and the seasons, once the episodes are known.
  let episodes: ShowEpisodesSummary?
  /// Whether it has premiered: its years read `Aired …`, else `Airs …`.
  let premiered: Bool

  func encode(to encoder: Encoder) throws {
    try row.encode(to: encoder)
    try episodes?.encode(to: encoder)
  }

  var blocks: [Block] {
    let poster = PosterImage(
      url: show.image?.original, name: show.name, columns: 30, files: posterFiles)
    var blocks: [Block] = [
      DetailsLayout.title(show.name, favorite: row.favorite), .image(poster.source),
    ]
    if let summary = show.summary {
      blocks += HTMLText.paragraphs(summary).map { .paragraph($0.text) }
      blocks.append(.blank)
    }
    let facts: [(String, String?)] = [
      ("Genres", row.genres.isEmpty ? nil : row.genresText),
      ("Status", show.status), (premiered ? "Aired" : "Airs", ShowFacts.years(of: show)),
      ("Rating", row.rating.map { String(format: "%.1f / 10", $0) }),
      (show.network != nil ? "Network" : "Web", row.network),
      ("Schedule", row.schedule), ("Runtime", row.runtime.map { "\($0) min" }),
      ("Language", show.language), ("Site", show.officialSite),
      ("Tracking", row.tracking), ("My rating", row.myRating.map { "\($0) / 10" }),
    ]
    blocks += facts.compactMap { label, value in value.map { DetailsLayout.fact(label, $0) } }
    if let url = show.imdbURL {
      blocks.append(.text(DetailsLayout.label("IMDb") + StyledText(url, .link)))
    }
    if let episodes {
      blocks += episodes.blocks + [.blank]
    } else {
      blocks.append(
        DetailsLayout.fact("Episodes", "not fetched yet: \"ls\" here or \"episodes\" fetches them"))
    }
    blocks.append(
      DetailsLayout.fact(
        "Favorite", row.favorite ? "yes (\"unfav\" deletes it)" : "no (\"fav\" saves it)"))
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}

/// A poster: its cached file when it was fetched before the screen was built, else its URL.
struct PosterImage {
  let url: String?
  let name: String
  let columns: Int
  let files: [String: URL]

  var source: ImageSource {
    guard let url else {
      return ImageSource(fallback: "(no poster for \(name))", maxColumns: columns)
    }
    return ImageSource(file: files[url], fallback: "Poster: \(url)", maxColumns: columns)
  }
}
