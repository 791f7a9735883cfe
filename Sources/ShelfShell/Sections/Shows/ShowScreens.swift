import Foundation
import ShelfCatalog

/// `/shows`: the show list, as a table or (`--posters`) with a poster beside each row.
struct ShowListScreen: Screen {
  let listing: ListingModel<ShowModel>
  let fromSnapshot: Bool
  /// Draw a poster beside each show; `posterFiles` has the ones at hand.
  let posters: Bool
  let posterFiles: [String: URL]

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    let shows = listing.rows
    let source =
      fromSnapshot
      ? "the shipped snapshot; \"refresh\" fetches the current list" : "your local copy"
    var blocks: [Block] = [
      .text(StyledText("TV shows (\(Thousands.grouped(shows.count)), from \(source))", .heading))
    ]
    let rows = shows.map { show -> [StyledText] in
      [
        StyledText(String(show.id), .dim), StyledText(show.name), StyledText(show.ratingText),
        StyledText(show.genresText, .dim), DetailsLayout.showAction(saved: show.favorite),
      ]
    }
    if posters {
      for (show, row) in zip(shows, rows) {
        let caption = [
          StyledText("\(show.id)  ", .dim) + StyledText(show.name, .bold), row[2] + "  " + row[3],
          row[4],
        ]
        let poster = PosterImage(
          url: show.image, name: show.name, columns: 12, files: posterFiles)
        blocks.append(.figure(poster.source, caption: caption))
      }
    } else {
      blocks.append(
        .table(
          Table(
            columns: [
              .init("Id", .right), .init("Name", flexible: true), .init("Rating", .right),
              .init("Genres", flexible: true), .init("Action"),
            ], rows: rows)))
    }
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}

/// `/shows/1`: a show's details.
struct ShowDetailsScreen: Screen {
  let model: ShowModel
  let show: Show
  let posterFiles: [String: URL]
  /// Next and previous episode and the seasons, once the episodes are known.
  let episodes: ShowEpisodesSummary?

  func encode(to encoder: Encoder) throws {
    try model.encode(to: encoder)
    try episodes?.encode(to: encoder)
  }

  var blocks: [Block] {
    let poster = PosterImage(
      url: show.image?.original, name: show.name, columns: 30, files: posterFiles)
    var blocks: [Block] = [
      DetailsLayout.title(show.name, favorite: model.favorite), .image(poster.source),
    ]
    if let summary = show.summary {
      blocks += HTMLText.paragraphs(summary).map { .paragraph($0.text) }
      blocks.append(.blank)
    }
    let facts: [(String, String?)] = [
      ("Genres", model.genres.isEmpty ? nil : model.genresText),
      ("Status", show.status), ("Aired", ShowFacts.years(of: show)),
      ("Rating", model.rating.map { String(format: "%.1f / 10", $0) }),
      (show.network != nil ? "Network" : "Web", model.network),
      ("Schedule", model.schedule), ("Runtime", model.runtime.map { "\($0) min" }),
      ("Language", show.language), ("Site", show.officialSite),
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
        "Favorite", model.favorite ? "yes (\"unfav\" deletes it)" : "no (\"fav\" saves it)"))
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

/// `find --online TEXT` in /shows: what TVmaze found.
struct OnlineResultsScreen: Screen {
  let search: SearchModel
  let shows: [ShowModel]

  func encode(to encoder: Encoder) throws { try search.encode(to: encoder) }

  var blocks: [Block] {
    guard !shows.isEmpty else {
      return [.text(StyledText("TVmaze found no shows for \"\(search.query)\".", .dim))]
    }
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Premiered"),
        .init("Genres", flexible: true), .init("Action"),
      ],
      rows: shows.map { show in
        [
          StyledText(String(show.id), .dim), StyledText(show.name),
          StyledText(show.premiered ?? "–"), StyledText(show.genresText, .dim),
          DetailsLayout.showAction(saved: show.favorite),
        ]
      })
    return [
      .text(
        StyledText(
          "TVmaze found \(Thousands.grouped(shows.count)) for \"\(search.query)\"", .heading)),
      .table(table), DetailsLayout.tvmazeCredit,
    ]
  }
}
