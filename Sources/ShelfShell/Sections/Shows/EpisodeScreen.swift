import Foundation
import ShelfDomain

/// An episode's page (`open S02E05`): its facts and summary; its row in JSON.
struct EpisodeScreen: Screen {
  let episode: EpisodeRow
  /// Whether it has aired: its time reads `Aired …`, else `Airs …`.
  let aired: Bool

  func encode(to encoder: Encoder) throws { try episode.encode(to: encoder) }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(
        StyledText(
          episode.hidden
            ? episode.codeAndName : episode.name.isEmpty ? episode.code : episode.name, .heading)),
      DetailsLayout.fact("Show", episode.showName), DetailsLayout.fact("Episode", episode.code),
    ]
    let airs = aired ? "Aired" : "Airs"
    if let airstamp = episode.airstamp, let date = AirTime.parse(airstamp) {
      blocks.append(DetailsLayout.fact(airs, AirTime.dateAndTime(date) + " (local time)"))
    } else if let airdate = episode.airdate, !airdate.isEmpty {
      blocks.append(DetailsLayout.fact(airs, airdate))
    }
    if let runtime = episode.runtime {
      blocks.append(DetailsLayout.fact("Runtime", "\(runtime) min"))
    }
    if let rating = episode.rating {
      blocks.append(DetailsLayout.fact("Rating", String(format: "%.1f / 10", rating)))
    }
    if episode.hidden {
      blocks.append(
        DetailsLayout.fact(
          "Spoilers", "hidden until you watch it (\"spoilers show\" shows them)"))
    }
    if let myRating = episode.myRating {
      blocks.append(DetailsLayout.fact("My rating", "\(myRating) / 10"))
    }
    blocks.append(
      DetailsLayout.fact(
        "Watched",
        episode.watched ? "yes (\"unwatched\" takes it back)" : "no (\"watched\" marks it)"))
    if let summaryHTML = episode.summaryHTML {
      blocks.append(.blank)
      blocks += HTMLText.paragraphs(summaryHTML).map { .paragraph($0.text) }
    }
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}
