import Foundation
import ShelfDomain
import ShelfStore
import ShelfTV
import ShelfTerminal

/// `ls /shows --tracking STATUS`: the tracked shows with that status (a show is tracked when
/// it is a favourite, has a status or a rating, or has watched episodes).
struct TrackedShowsScreen: Screen {
  let path = "/shows"
  let status: TrackingStatus
  let rows: [ShowItemRow]

  private enum CodingKeys: String, CodingKey { case path, rows }

  var blocks: [Block] {
    let title = "TV shows you track: \(status.rawValue) (\(Thousands.grouped(rows.count)))"
    var blocks: [Block] = [.text(StyledText(title, .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(
          StyledText(
            "None: \"status REF \(status.rawValue)\" gives a show this status.", .dim)))
      return blocks
    }
    blocks.append(
      .table(
        Table(
          columns: [
            .init("Id", .right), .init("Name", flexible: true), .init("Rating", .right),
            .init("My rating", .right), .init("Genres", flexible: true), .init(""), .init(""),
          ],
          rows: rows.map { show in
            [
              StyledText(String(show.id), .dim), StyledText(show.name),
              StyledText(show.ratingText), StyledText(show.myRating.map { "\($0)/10" } ?? "–"),
              StyledText(show.genresText, .dim), DetailsLayout.star(show.favorite),
              DetailsLayout.showAction(saved: show.favorite),
            ]
          })))
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}
